/** A payment's status as a badge, in the visitor's language. */
import { Badge, type BadgeProps } from '@mantine/core';
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
    <Badge
      color={STATUS_COLORS[status]}
      variant="filled"
      autoContrast
      miw="max-content"
      data-testid="payment-status"
      data-status={status}
      {...props}
    >
      {t(`payments.status.${status}`)}
    </Badge>
  );
}
