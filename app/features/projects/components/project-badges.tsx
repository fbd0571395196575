/** A project's and a bid's status as badges, in the visitor's language. */
import type { BadgeProps } from '@mantine/core';
import { TranslatedStateBadge } from '~/components/translated-state-badge';
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

export function ProjectStatusBadge(props: { status: ProjectStatus } & Rest) {
  return <TranslatedStateBadge colors={PROJECT_COLORS} labelKey="projects.status" testId="project-status" {...props} />;
}

export function BidStatusBadge(props: { status: BidStatus } & Rest) {
  return <TranslatedStateBadge colors={BID_COLORS} labelKey="projects.bidStatus" testId="bid-status" {...props} />;
}
