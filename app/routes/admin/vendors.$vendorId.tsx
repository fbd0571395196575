/**
 * /admin/vendors/:vendorId (decision 030; admin only): one vendor — profile, review,
 * invitation, insurance and whether it can receive work, documents, work orders and rating — and
 * the commands posted as `intent`: `approve`, `reject` (`reason`), `suspend` (`reason`),
 * `reinstate`, `resend-invitation`, `verify-document` (`documentId`). Unknown vendors are 404.
 * Answers: 303 back with `?done=` after a plain post, data and a toast otherwise; 409 when the
 * vendor changed meanwhile, 422 with a translated message (nothing written), 404, 400.
 */
import { getT } from '~/i18n/translate.server';
import { VendorDetailPage } from '~/features/vendors/components/vendor-detail';
import { handleVendorAdminAction, loadVendorDetailPage } from '~/features/vendors/vendor-admin.page.server';
import type { VendorAdminActionResult } from '~/features/vendors/vendor-admin.types';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/vendors.$vendorId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const page = await loadVendorDetailPage({ request, context, actor, vendorId: params.vendorId });
  const t = getT(requestLanguage(request));
  return {
    ...page,
    meta: { title: t('vendors.meta.detail.title', { name: page.detail.companyName }), description: t('vendors.meta.detail.description') },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleVendorAdminAction({ request, context, actor, vendorId: params.vendorId });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

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
