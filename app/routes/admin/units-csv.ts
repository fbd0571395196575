/** /admin/properties/:buildingId/units.csv (admin only): the building's units as a CSV download. */
import { unitsCsvResponse } from '~/features/portfolio/portfolio-pages.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/units-csv';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  return unitsCsvResponse({ request, context, actor, base: '/admin/properties', buildingParam: params.buildingId });
}
