/**
 * One lease as staff see it (decision 038): `/admin/leases/:leaseId` and
 * `/dashboard/leases/:leaseId` (a lease of the manager's buildings; any other is a 404 exactly
 * like an unknown id, and the refusal is audited as `lease_access_denied`) — status, unit, term,
 * money, signers with their signature fingerprints, the steps its status allows (`intent`:
 * add-co-tenant, send, countersign, offer-renewal), the ledger once active, and the lease text.
 * Refusals answer 409/422 with a translated message.
 */
import { LeaseStaffPage } from '~/features/leases/components/lease-staff-page';
import { handleLeaseStaffAction, loadLeaseStaffPage, type LeaseStaffActionResult } from '~/features/leases/lease-staff.page.server';
import { loaderMeta } from '~/lib/loader-meta';
import { staffPath } from '~/lib/staff-area';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/leases.$leaseId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const page = await loadLeaseStaffPage({ request, context, actor, base: staffPath(area, 'leases'), param: params.leaseId });
  return { ...page, meta: requestPageMeta(request, 'leases.meta.title', 'leases.meta.description', { id: page.lease.id }) };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, area } = await requireStaff(request, context);
  return handleLeaseStaffAction({ request, context, actor, base: staffPath(area, 'leases'), param: params.leaseId });
}

export const meta = loaderMeta;

export default function Lease({ loaderData, actionData }: Route.ComponentProps) {
  return <LeaseStaffPage page={loaderData} result={actionData as LeaseStaffActionResult | undefined} />;
}
