/**
 * A building's units as a CSV download (decision 038): `/admin/properties/:buildingId/units.csv`
 * and `/dashboard/buildings/:buildingId/units.csv` (the manager's buildings only; another is a
 * 404, audited).
 */
import { unitsCsvResponse } from '~/features/portfolio/portfolio.page.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/properties.$buildingId.units.csv';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  return unitsCsvResponse({ request, context, actor, base: area.buildings, buildingParam: params.buildingId });
}
