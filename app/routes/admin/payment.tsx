/**
 * /admin/payments/:paymentId (admin only; leases issue items 6 and 7): one payment with its
 * provider reference, card, allocations and refunds, and the refund form (`intent=refund`,
 * `amount` in dollars, `reason`, a per-page-view `idempotencyKey`), refunded through the
 * configured provider by `refundPayment` (audited; the lease ledger follows). 404 for an unknown
 * id; 422 with a field message for a bad amount or one above what is left; 303 back here after a
 * plain browser post.
 */
import { useTranslation } from '~/lib/i18n';
import { TestModeNotice } from '~/components/test-mode-notice';
import { SignedInPageHeader } from '~/features/admin/components/page-header';
import { PaymentDetailView } from '~/features/payments/components/payment-detail';
import { handleRefundAction, loadPaymentDetailPage } from '~/features/payments/payments-page.server';
import type { RefundActionResult } from '~/features/payments/payments.types';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import { getPaymentProvider } from '~/server/payments/payments.server';
import type { Route } from './+types/payment';

const basePath = '/admin/payments';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const meta = pageMeta(requestLanguage(request), 'payments.meta.detail.title', 'payments.meta.detail.description');
  return {
    ...(await loadPaymentDetailPage({ request, context, actor, paymentParam: params.paymentId, provider: getPaymentProvider() })),
    testMode: getPaymentProvider().testMode,
    meta,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleRefundAction({ request, context, actor, paymentParam: params.paymentId, provider: getPaymentProvider(), basePath });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminPayment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { detail } = loaderData;
  return (
    <>
      <SignedInPageHeader title={t('payments.detail.heading', { id: detail.id })} />
      <TestModeNotice testMode={loaderData.testMode} />
      <PaymentDetailView
        basePath={basePath}
        detail={detail}
        refundKey={loaderData.refundKey}
        done={loaderData.done}
        result={actionData as RefundActionResult | undefined}
      />
    </>
  );
}
