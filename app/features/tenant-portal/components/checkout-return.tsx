/**
 * What a payer sees on coming back from the hosted checkout (decision 049) — for a payment: paid (with the
 * receipt), processing (a bank debit in flight), waiting for the provider's confirmation, or not
 * completed (why, and that nothing was charged). Until the payment is settled the page re-reads it
 * when a notification arrives (the receipt's) and every few seconds, and says so politely to
 * screen readers. For autopay: the card saved and the day it is charged, or that nothing was saved.
 */
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { useCallback } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useTranslation } from '~/lib/i18n';
import { useRevalidateWhileVisible } from '~/components/use-revalidate-while-visible';
import { formatCents } from '~/lib/format';
import type { Language } from '~/lib/constants';
import { useRealtimeEvent } from '~/lib/realtime';

/** How often an unsettled payment is re-read while the page is visible (a bank debit in flight: less often). */
const POLL_MS = 4_000;
const PROCESSING_POLL_MS = 20_000;

export type CheckoutReturnPayment = {
  paymentId: number;
  amountCents: number;
  status: 'succeeded' | 'failed' | 'pending' | 'processing';
  failureReason: string | null;
  url: string | null;
  signingLeaseId: number | null;
  receipt: string;
};

/** Why a checkout ended unpaid, in the payer's words (falls back to the card decline texts). */
function failureKey(reason: string | null): string {
  if (reason?.startsWith('checkout_')) return `tenantPortal.checkout.reasons.${reason}`;
  return `tenantPortal.declines.${reason ?? 'processing_error'}`;
}

function WhilePending({ every }: { every: number }) {
  const revalidator = useRevalidator();
  const refresh = useCallback(() => {
    if (revalidator.state === 'idle') void revalidator.revalidate();
  }, [revalidator]);
  useRealtimeEvent('notification.created', refresh);
  useRevalidateWhileVisible(every);
  return null;
}

export function CheckoutReturnView({ payment, lang }: { payment: CheckoutReturnPayment; lang: Language }) {
  const { t } = useTranslation();
  const amount = formatCents(payment.amountCents, lang);
  const settled = payment.status === 'succeeded' || payment.status === 'failed';
  return (
    <Card withBorder padding="lg" data-testid="checkout-return" data-status={payment.status}>
      {!settled && <WhilePending every={payment.status === 'processing' ? PROCESSING_POLL_MS : POLL_MS} />}
      <Stack gap="md">
        <div role="status" aria-live="polite">
          {payment.status === 'succeeded' && (
            <Alert color="teal" title={t('tenantPortal.checkout.paidTitle')}>
              {t('tenantPortal.checkout.paid', { amount, receipt: payment.receipt })}
            </Alert>
          )}
          {payment.status === 'processing' && (
            <Alert color="blue" title={t('tenantPortal.checkout.processingTitle')}>
              {t('tenantPortal.checkout.processing', { amount })}
            </Alert>
          )}
          {payment.status === 'pending' && (
            <Alert color="blue" title={t('tenantPortal.checkout.pendingTitle')} icon={<Loader size="xs" aria-hidden />}>
              {t(payment.url ? 'tenantPortal.checkout.open' : 'tenantPortal.checkout.pending', { amount })}
            </Alert>
          )}
          {payment.status === 'failed' && payment.failureReason === 'debit_returned' && (
            <Alert color="red" title={t('tenantPortal.checkout.returnedTitle')} data-testid="debit-returned">
              {t('tenantPortal.checkout.returned', { amount })}
            </Alert>
          )}
          {payment.status === 'failed' && payment.failureReason !== 'debit_returned' && (
            <Alert color="orange" title={t('tenantPortal.checkout.failedTitle')}>
              {t('tenantPortal.checkout.failed', { amount, reason: t(failureKey(payment.failureReason)) })}
            </Alert>
          )}
        </div>
        <Group gap="sm">
          {payment.status === 'succeeded' && (
            <Button component="a" href={`/tenant-portal/payments/${payment.paymentId}/receipt`} variant="default">
              {t('tenantPortal.checkout.receipt')}
            </Button>
          )}
          {payment.status === 'pending' && payment.url && (
            <Button component="a" href={payment.url}>
              {t('tenantPortal.checkout.continue')}
            </Button>
          )}
          {payment.signingLeaseId !== null ? (
            <Button
              component={Link}
              to={`/tenant-portal/leases/${payment.signingLeaseId}`}
              variant={payment.status === 'succeeded' ? 'filled' : 'default'}
            >
              {t('tenantPortal.checkout.toSign')}
            </Button>
          ) : (
            <>
              {payment.status === 'failed' && (
                <Button component={Link} to="/tenant-portal#pay">
                  {t('tenantPortal.checkout.tryAgain')}
                </Button>
              )}
              <Anchor component={Link} to="/tenant-portal#payments">
                {t('tenantPortal.checkout.back')}
              </Anchor>
            </>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          {t('tenantPortal.checkout.receiptNumber', { receipt: payment.receipt })}
        </Text>
      </Stack>
    </Card>
  );
}

export type AutopayReturn = {
  status: 'succeeded' | 'failed' | 'pending';
  dayOfMonth: number;
  card: { brand: string | null; last4: string | null } | null;
  url: string | null;
};

export function AutopayReturnView({ autopay }: { autopay: AutopayReturn }) {
  const { t } = useTranslation();
  const card = autopay.card ? `${autopay.card.brand ?? ''} •••• ${autopay.card.last4 ?? ''}`.trim() : '';
  return (
    <Card withBorder padding="lg" data-testid="autopay-return" data-status={autopay.status}>
      {autopay.status === 'pending' && <WhilePending every={POLL_MS} />}
      <Stack gap="md">
        <div role="status" aria-live="polite">
          {autopay.status === 'succeeded' && (
            <Alert color="teal" title={t('tenantPortal.autopayReturn.onTitle')}>
              {t('tenantPortal.autopay.on', { card, day: autopay.dayOfMonth })}
            </Alert>
          )}
          {autopay.status === 'pending' && (
            <Alert color="blue" title={t('tenantPortal.checkout.pendingTitle')} icon={<Loader size="xs" aria-hidden />}>
              {t('tenantPortal.autopayReturn.pending')}
            </Alert>
          )}
          {autopay.status === 'failed' && (
            <Alert color="orange" title={t('tenantPortal.autopayReturn.failedTitle')}>
              {t('tenantPortal.autopayReturn.failed')}
            </Alert>
          )}
        </div>
        <Group gap="sm">
          {autopay.status === 'pending' && autopay.url && (
            <Button component="a" href={autopay.url}>
              {t('tenantPortal.checkout.continue')}
            </Button>
          )}
          <Anchor component={Link} to="/tenant-portal#autopay">
            {t('tenantPortal.autopayReturn.back')}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
