/** A lease's status as a badge, in the visitor's language. */
import { Badge } from '@mantine/core';
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
  return (
    <Badge color={STATUS_COLORS[status]} variant="filled" autoContrast miw="max-content" data-testid="lease-status" data-status={status}>
      {t(`tenants.leaseStatus.${status}`)}
    </Badge>
  );
}
