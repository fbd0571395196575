/** An application's status and its payment's state as badges, in the visitor's language. */
import { Badge, Group, type BadgeProps } from '@mantine/core';
import { TranslatedStateBadge } from '~/components/translated-state-badge';
import { useTranslation } from '~/lib/i18n';
import type { ApplicationPaymentState, ApplicationStatus } from '../applications.types';

// Each shade pairs with its automatic label colour at AA contrast in both colour schemes (the
// dark ones with white text, amber with dark text).
const STATUS_COLORS: Record<ApplicationStatus, string> = {
  submitted: 'blue.9',
  under_review: 'yellow.4',
  approved: 'teal.9',
  rejected: 'red.9',
  withdrawn: 'gray.7',
  leased: 'grape.9',
  payment_failed: 'orange.9',
  expired: 'gray.7',
};

export function ApplicationStatusBadge({ status, ...props }: { status: ApplicationStatus } & Omit<BadgeProps, 'color' | 'children'>) {
  return (
    <TranslatedStateBadge status={status} colors={STATUS_COLORS} labelKey="applications.status" testId="application-status" {...props} />
  );
}

// A coloured dot beside text in the default colour: readable in both schemes.
const PAYMENT_COLORS: Record<ApplicationPaymentState, string> = {
  paid: 'teal.6',
  not_required: 'gray.6',
  pending: 'yellow.5',
  failed: 'red.7',
};

/** How the payment due at submission stands (paid, none due, pending, failed). */
export function PaymentStateBadge({ state, ...props }: { state: ApplicationPaymentState } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation();
  return (
    <Badge color={PAYMENT_COLORS[state]} variant="dot" data-testid="payment-state" data-state={state} miw="max-content" {...props}>
      {t(`applications.paymentState.${state}`)}
    </Badge>
  );
}

/** An application's two badges side by side: its status, then how its payment stands. */
export function ApplicationBadges({ status, paymentState }: { status: ApplicationStatus; paymentState: ApplicationPaymentState }) {
  return (
    <Group gap="xs">
      <ApplicationStatusBadge status={status} />
      <PaymentStateBadge state={paymentState} />
    </Group>
  );
}
