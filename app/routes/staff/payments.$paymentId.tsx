/**
 * One payment (decision 038): `/admin/payments/:paymentId` and `/dashboard/payments/:paymentId`
 * (the manager's buildings only; another's is a 404) — provider reference, card, allocations and
 * refunds, and the refund form (`intent=refund`, `amount` in dollars, `reason`, a per-page-view
 * `idempotencyKey`), refunded through the configured provider by `refundPayment` (audited; the
 * lease ledger follows). 422 with a field message for a bad amount or one above what is left;
 * 303 back here after a plain browser post.
 */
import { SignedInPageHeader } from '~/components/page-header';
import { TestModeNotice } from '~/components/test-mode-notice';
import { PaymentDetailView } from '~/features/payments/components/payment-detail';
import { handleRefundAction, loadPaymentDetailPage } from '~/features/payments/payments.page.server';
import type { RefundActionResult } from '~/features/payments/payments.types';
import { useTranslation } from '~/lib/i18n';
import { loaderMeta } from '~/lib/loader-meta';
import { staffPath, useStaffArea } from '~/lib/staff-area';
import { getPaymentProvider } from '~/server/payments/payments.server';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/payments.$paymentId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request, context);
  const meta = requestPageMeta(request, 'payments.meta.detail.title', 'payments.meta.detail.description');
  return {
    ...(await loadPaymentDetailPage({ request, context, actor, paymentParam: params.paymentId, provider: getPaymentProvider() })),
    testMode: getPaymentProvider().testMode,
    meta,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, area } = await requireStaff(request, context);
  const basePath = staffPath(area, 'payments');
  return handleRefundAction({ request, context, actor, paymentParam: params.paymentId, provider: getPaymentProvider(), basePath });
}

export const meta = loaderMeta;

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useStaffArea();
  const { detail } = loaderData;
  return (
    <>
      <SignedInPageHeader title={t('payments.detail.heading', { id: detail.id })} />
      <TestModeNotice testMode={loaderData.testMode} />
      <PaymentDetailView
        basePath={staffPath(area, 'payments')}
        detail={detail}
        refundKey={loaderData.refundKey}
        done={loaderData.done}
        result={actionData as RefundActionResult | undefined}
      />
    </>
  );
}
