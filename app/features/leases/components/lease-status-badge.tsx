/** A lease's status as a badge (draft → sent → signed → active → ended | terminated), translated. */
import { Badge, type BadgeProps } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import type { LeaseSummary } from '../lease-queries.server';

type LeaseStatus = LeaseSummary['status'];

// Dark shades with white text and amber with dark text keep AA contrast in both colour schemes.
const STATUS_COLORS: Record<LeaseStatus, string> = {
  draft: 'gray.7',
  sent: 'blue.9',
  signed: 'yellow.4',
  active: 'teal.9',
  ended: 'gray.7',
  terminated: 'red.9',
};

export function LeaseStatusBadge({ status, ...props }: { status: LeaseStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Badge
      color={STATUS_COLORS[status]}
      variant="filled"
      autoContrast
      data-testid="lease-status"
      data-status={status}
      miw="max-content"
      {...props}
    >
      {t(`leases.status.${status}`)}
    </Badge>
  );
}
