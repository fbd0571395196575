/**
 * /admin/leases/:leaseId (admins; leases issue item 1): one lease as staff see it — status,
 * unit, term, money, signers with their signature fingerprints, the steps its status allows
 * (`intent`: add-co-tenant, send, countersign, offer-renewal), the ledger once active, and the
 * lease text. Unknown ids are 404; refusals answer 409/422 with a translated message.
 * Property managers use /dashboard/leases/:leaseId for the leases of their buildings.
 */
import { LeaseStaffPage } from '~/features/leases/components/lease-staff-page';
import { handleLeaseStaffAction, loadLeaseStaffPage, type LeaseStaffActionResult } from '~/features/leases/lease-staff-page.server';
import { getT } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/lease';

const base = '/admin/leases';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const page = await loadLeaseStaffPage({ request, context, actor, base, param: params.leaseId });
  const t = getT(requestLanguage(request));
  return { ...page, meta: { title: t('leases.meta.title', { id: page.lease.id }), description: t('leases.meta.description') } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleLeaseStaffAction({ request, context, actor, base, param: params.leaseId });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminLease({ loaderData, actionData }: Route.ComponentProps) {
  return <LeaseStaffPage page={loaderData} result={actionData as LeaseStaffActionResult | undefined} />;
}
