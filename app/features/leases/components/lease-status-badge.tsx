/** A lease's status as a badge (draft → sent → signed → active → ended | terminated), translated. */
import type { BadgeProps } from '@mantine/core';
import { TranslatedStateBadge } from '~/components/translated-state-badge';
import { LEASE_STATUS_COLORS } from '~/lib/lease-status-colors';
import type { LeaseSummary } from '../lease-queries.server';

type LeaseStatus = LeaseSummary['status'];

export function LeaseStatusBadge({ status, ...props }: { status: LeaseStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  return <TranslatedStateBadge status={status} colors={LEASE_STATUS_COLORS} labelKey="leases.status" testId="lease-status" {...props} />;
}
