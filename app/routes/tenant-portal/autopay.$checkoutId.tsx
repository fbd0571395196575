/**
 * /tenant-portal/autopay/:checkoutId (decision 049): where the hosted page sends a tenant back
 * after saving a card for autopay (or giving up: `?cancelled=1`). Read from the provider, never
 * from the URL (`findAutopayCheckoutReturn`); only the tenant who opened it sees it — anyone else
 * gets 404, recorded (decision 023).
 */
import { Container } from '@mantine/core';
import { SignedInPageHeader } from '~/components/page-header';
import { AutopayReturnView } from '~/features/tenant-portal/components/checkout-return';
import { findAutopayCheckoutReturn } from '~/features/ledger/lease-checkout.server';
import { getT } from '~/i18n/translate.server';
import { translations } from '~/i18n/resources.server';
import { loaderMeta } from '~/lib/loader-meta';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { auditedNotFound } from '~/server/http/audited-not-found.server';
import { requireRole } from '~/server/auth/session.server';
import { getPaymentProvider } from '~/server/payments/payments.server';
import type { Route } from './+types/autopay.$checkoutId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  const checkoutId = parseDigitsId(params.checkoutId);
  const lang = requestLanguage(request);
  const found = await findAutopayCheckoutReturn({
    db: context.db,
    provider: getPaymentProvider(),
    viewer,
    checkoutId,
    cancelled: new URL(request.url).searchParams.get('cancelled') === '1',
    context: { publicUrl: context.publicUrl, logger: context.logger },
  });
  if (!found) {
    throw await auditedNotFound(request, context, viewer, {
      table: 'checkout_session',
      id: checkoutId,
      reason: 'not_signer',
      values: { checkout_id: checkoutId },
    });
  }
  const t = getT(lang);
  return {
    autopay: found,
    i18n: translations(lang, ['account', 'tenantPortal']),
    meta: { title: t('tenantPortal.autopayReturn.title'), description: t('tenantPortal.meta.description') },
  };
}

export const meta = loaderMeta;

export default function TenantAutopayReturn({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="sm" py="xl">
      <SignedInPageHeader title={loaderData.meta.title} />
      <AutopayReturnView autopay={loaderData.autopay} />
    </Container>
  );
}
