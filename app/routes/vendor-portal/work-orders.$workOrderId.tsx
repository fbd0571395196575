/**
 * /vendor-portal/work-orders/:workOrderId (decision 029; role vendor): one of the
 * vendor's work orders — the unit's address, the tenant's entry permission and windows, the
 * photos, the history, the invoices — and its commands (`intent`): accept, decline (reason),
 * schedule (scheduledFor, UTC), start, note (multipart: note, phase, photos), complete
 * (multipart: notes, after photos). Another vendor's work order is a 404 (audited). Answers:
 * 303 back with `?done=` after a plain post, data + a toast otherwise; 422 with translated field
 * errors, 409 for a move the life cycle forbids, 413/415/422 for refused photos.
 */
import { useTranslation } from '~/lib/i18n';
import { VendorWorkOrderPage } from '~/features/work-orders/components/vendor-work-order-page';
import { handleVendorWorkOrderAction, loadVendorWorkOrderPage } from '~/features/work-orders/vendor-work-orders.page.server';
import type { CommandResult, VendorIntent } from '~/features/work-orders/work-orders.types';
import { loaderMeta } from '~/lib/loader-meta';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { HeaderLink, SignedInPage } from '~/components/signed-in-page';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/work-orders.$workOrderId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'vendor');
  const page = await loadVendorWorkOrderPage({ request, context, viewer, param: params.workOrderId });
  const meta = requestPageMeta(request, 'workOrders.meta.detail.title', 'workOrders.meta.detail.description', {
    id: page.detail.id,
    title: page.detail.title,
  });
  return { ...page, meta };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = await requireRole(request, context, 'vendor');
  return handleVendorWorkOrderAction({ request, context, viewer, param: params.workOrderId });
}

export const meta = loaderMeta;

export default function VendorWorkOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { detail } = loaderData;
  return (
    <SignedInPage
      title={t('workOrders.detail.title', { id: detail.id, title: detail.title })}
      actions={<HeaderLink to="/vendor-portal/work-orders">{t('workOrders.detail.back')}</HeaderLink>}
    >
      <VendorWorkOrderPage
        detail={detail}
        result={actionData as CommandResult<VendorIntent> | undefined}
        now={loaderData.now}
        done={loaderData.done}
      />
    </SignedInPage>
  );
}
