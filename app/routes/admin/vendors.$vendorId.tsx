/**
 * /admin/vendors/:vendorId (decision 030; admin only): one vendor — profile, review,
 * invitation, insurance and whether it can receive work, documents, work orders and rating — and
 * the commands posted as `intent`: `approve`, `reject` (`reason`), `suspend` (`reason`),
 * `reinstate`, `resend-invitation`, `verify-document` (`documentId`). Unknown vendors are 404.
 * Answers: 303 back with `?done=` after a plain post, data and a toast otherwise; 409 when the
 * vendor changed meanwhile, 422 with a translated message (nothing written), 404, 400.
 */
import { VendorDetailPage } from '~/features/vendors/components/vendor-detail';
import { handleVendorAdminAction, loadVendorDetailPage } from '~/features/vendors/vendor-admin.page.server';
import type { VendorAdminActionResult } from '~/features/vendors/vendor-admin.types';
import { loaderMeta } from '~/lib/loader-meta';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/vendors.$vendorId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const page = await loadVendorDetailPage({ request, context, actor, vendorId: params.vendorId });
  const meta = requestPageMeta(request, 'vendors.meta.detail.title', 'vendors.meta.detail.description', { name: page.detail.companyName });
  return { ...page, meta };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleVendorAdminAction({ request, context, actor, vendorId: params.vendorId });
}

export const meta = loaderMeta;

export default function AdminVendor({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <VendorDetailPage
      detail={loaderData.detail}
      today={loaderData.today}
      done={loaderData.done}
      result={actionData as VendorAdminActionResult | undefined}
    />
  );
}
