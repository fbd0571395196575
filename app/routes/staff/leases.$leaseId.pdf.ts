/**
 * A lease as a PDF in the page's language, inline, never cached (decision 038):
 * `/admin/leases/:leaseId/pdf` and `/dashboard/leases/:leaseId/pdf` (a lease of the manager's
 * buildings; anything else is a 404, audited).
 */
import { leasePdfResponse } from '~/features/leases/lease-staff.page.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/leases.$leaseId.pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request, context);
  return leasePdfResponse({ request, context, actor, param: params.leaseId });
}
