/** A payment's status as a badge, in the visitor's language. */
import type { BadgeProps } from '@mantine/core';
import { StateBadge } from '~/components/state-badge';
import { useTranslation } from '~/lib/i18n';
import type { PaymentStatus } from '../payments.schemas';

// Dark shades with white text (amber with dark text): AA contrast in both colour schemes.
const STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'yellow.4',
  succeeded: 'teal.9',
  failed: 'red.9',
  refunded: 'gray.7',
};

export function PaymentStatusBadge({ status, ...props }: { status: PaymentStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  return (
    <StateBadge color={STATUS_COLORS[status]} label={t(`payments.status.${status}`)} status={status} testId="payment-status" {...props} />
  );
}
