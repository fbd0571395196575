/** /dashboard/buildings/:buildingId/units.csv (property managers, their buildings): the units as CSV. */
import { unitsCsvResponse } from '~/features/portfolio/portfolio-pages.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/units-csv';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  return unitsCsvResponse({ request, context, actor, base: '/dashboard/buildings', buildingParam: params.buildingId });
}
