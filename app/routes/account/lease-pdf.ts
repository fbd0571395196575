/**
 * /dashboard/leases/:leaseId/pdf (property managers): the lease as a PDF for a lease of a
 * building they run; anything else is 404 (audited).
 */
import { leasePdfResponse } from '~/features/leases/lease-staff-page.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/lease-pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  return leasePdfResponse({ request, context, actor, param: params.leaseId });
}
