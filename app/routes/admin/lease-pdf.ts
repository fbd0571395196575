/** /admin/leases/:leaseId/pdf (admins): the lease as a PDF in the page's language, inline, never cached. */
import { leasePdfResponse } from '~/features/leases/lease-staff-page.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/lease-pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  return leasePdfResponse({ request, context, actor, param: params.leaseId });
}
