/** A lease's status as a badge, in the visitor's language. */
import { TranslatedStateBadge } from '~/components/translated-state-badge';
import { LEASE_STATUS_COLORS } from '~/lib/lease-status-colors';
import type { TenantLeaseStatus } from '../tenants.types';

export function LeaseStatusBadge({ status }: { status: TenantLeaseStatus }) {
  return <TranslatedStateBadge status={status} colors={LEASE_STATUS_COLORS} labelKey="tenants.leaseStatus" testId="lease-status" />;
}
