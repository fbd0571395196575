/** A lease's status as a badge, in the visitor's language. */
import { StateBadge } from '~/components/state-badge';
import { useTranslation } from '~/lib/i18n';
import type { TenantLeaseStatus } from '../tenants.types';

// Each shade pairs with its automatic label colour at AA contrast in both colour schemes.
const STATUS_COLORS: Record<TenantLeaseStatus, string> = {
  draft: 'gray.7',
  sent: 'blue.9',
  signed: 'yellow.4',
  active: 'teal.9',
  ended: 'gray.7',
  terminated: 'red.9',
};

export function LeaseStatusBadge({ status }: { status: TenantLeaseStatus }) {
  const { t } = useTranslation();
  return <StateBadge color={STATUS_COLORS[status]} label={t(`tenants.leaseStatus.${status}`)} status={status} testId="lease-status" />;
}
