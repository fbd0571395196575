/** A lease's status as a badge (draft → sent → signed → active → ended | terminated), translated. */
import type { BadgeProps } from '@mantine/core';
import { StateBadge } from '~/components/state-badge';
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
  return <StateBadge color={STATUS_COLORS[status]} label={t(`leases.status.${status}`)} status={status} testId="lease-status" {...props} />;
}
