/** A payment's status as a badge, in the visitor's language. */
import type { BadgeProps } from '@mantine/core';
import { TranslatedStateBadge } from '~/components/translated-state-badge';
import type { PaymentStatus } from '../payments.schemas';

// Dark shades with white text (amber with dark text): AA contrast in both colour schemes.
const STATUS_COLORS: Record<PaymentStatus, string> = {
  pending: 'yellow.4',
  // A bank debit in flight (decision 050): not received yet, not owed again.
  processing: 'blue.8',
  succeeded: 'teal.9',
  failed: 'red.9',
  refunded: 'gray.7',
};

export function PaymentStatusBadge({ status, ...props }: { status: PaymentStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  return <TranslatedStateBadge status={status} colors={STATUS_COLORS} labelKey="payments.status" testId="payment-status" {...props} />;
}
