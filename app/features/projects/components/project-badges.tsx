/** A project's and a bid's status as badges, in the visitor's language. */
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import type { BidStatus, ProjectStatus } from '../projects.schemas';

// Dark shades with white text (amber with dark text): AA contrast in both colour schemes.
const PROJECT_COLORS: Record<ProjectStatus, string> = {
  planned: 'gray.7',
  bidding: 'yellow.4',
  awarded: 'blue.9',
  in_progress: 'indigo.9',
  completed: 'teal.9',
  cancelled: 'red.9',
};

const BID_COLORS: Record<BidStatus, string> = {
  submitted: 'blue.9',
  withdrawn: 'gray.7',
  awarded: 'teal.9',
  rejected: 'gray.7',
};

type Rest = Omit<BadgeProps, 'color' | 'children'>;

export function ProjectStatusBadge({ status, ...props }: { status: ProjectStatus } & Rest) {
  const { t } = useTranslation();
  return (
    <Badge
      color={PROJECT_COLORS[status]}
      variant="filled"
      autoContrast
      miw="max-content"
      data-testid="project-status"
      data-status={status}
      {...props}
    >
      {t(`projects.status.${status}`)}
    </Badge>
  );
}

export function BidStatusBadge({ status, ...props }: { status: BidStatus } & Rest) {
  const { t } = useTranslation();
  return (
    <Badge
      color={BID_COLORS[status]}
      variant="filled"
      autoContrast
      miw="max-content"
      data-testid="bid-status"
      data-status={status}
      {...props}
    >
      {t(`projects.bidStatus.${status}`)}
    </Badge>
  );
}
