/**
 * /tenant-portal/payments/:paymentId (decision 049): where the hosted checkout sends the payer
 * back, paid (`success_url`) or not (`cancel_url`, `?cancelled=1`). The query string is never
 * trusted: the loader reads the session from the provider (`findCheckoutReturn`) and only the
 * payer sees the page — anyone else gets 404, recorded (decision 023). While the payment is not
 * settled the page re-reads it when a notification arrives and every few seconds.
 */
import { Container } from '@mantine/core';
import { SignedInPageHeader } from '~/components/page-header';
import { CheckoutReturnView } from '~/features/tenant-portal/components/checkout-return';
import { findCheckoutReturn } from '~/features/ledger/lease-checkout.server';
import { receiptNumber } from '~/features/ledger/lease-payments.server';
import { getT } from '~/i18n/translate.server';
import { translations } from '~/i18n/resources.server';
import { loaderMeta } from '~/lib/loader-meta';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { useLanguage } from '~/lib/use-language';
import { auditedNotFound } from '~/server/http/audited-not-found.server';
import { requireRole } from '~/server/auth/session.server';
import { getPaymentProvider } from '~/server/payments/payments.server';
import type { Route } from './+types/payments.$paymentId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  const paymentId = parseDigitsId(params.paymentId);
  const lang = requestLanguage(request);
  const provider = getPaymentProvider();
  const found = await findCheckoutReturn({
    db: context.db,
    provider,
    viewer,
    paymentId,
    cancelled: new URL(request.url).searchParams.get('cancelled') === '1',
    context: { publicUrl: context.publicUrl, logger: context.logger },
  });
  if (!found) {
    throw await auditedNotFound(request, context, viewer, {
      table: 'payment',
      id: paymentId,
      reason: 'not_signer',
      values: { payment_id: paymentId },
    });
  }
  const t = getT(lang);
  return {
    payment: { ...found, receipt: receiptNumber(found.paymentId) },
    testMode: provider.testMode,
    i18n: translations(lang, ['account', 'tenantPortal']),
    meta: { title: t('tenantPortal.checkout.title'), description: t('tenantPortal.meta.description') },
  };
}

export const meta = loaderMeta;

export default function TenantPaymentReturn({ loaderData }: Route.ComponentProps) {
  const lang = useLanguage();
  return (
    <Container size="sm" py="xl">
      <SignedInPageHeader title={loaderData.meta.title} />
      <CheckoutReturnView payment={loaderData.payment} lang={lang} />
    </Container>
  );
}
