/**
 * A unit's form and photos (decision 038): `/admin/properties/:buildingId/units/:unitId` and
 * `/dashboard/buildings/:buildingId/units/:unitId`; `…/units/new` adds one. A unit outside the
 * manager's buildings is a 404, audited. Loader and action: `portfolio.page.server.ts`.
 */
import { PhotoManager } from '~/features/photos/components/photo-manager';
import { UnitPage } from '~/features/portfolio/components/unit-page';
import { handleUnitAction, loadUnitPage, type PortfolioActionResult } from '~/features/portfolio/portfolio.page.server';
import { getT } from '~/i18n/translate.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { useStaffArea } from '~/lib/staff-area';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/properties.$buildingId.units.$unitId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const page = await loadUnitPage({
    request,
    context,
    actor,
    base: area.buildings,
    buildingParam: params.buildingId,
    unitParam: params.unitId,
  });
  const t = getT(requestLanguage(request));
  const title = page.unit
    ? t('portfolio.meta.unit.title', { number: page.unit.unitNumber, building: page.building.name })
    : t('portfolio.meta.newUnit.title', { building: page.building.name });
  return { ...page, meta: { title, description: t('portfolio.meta.unit.description') } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, area } = await requireStaff(request, context);
  return handleUnitAction({ request, context, actor, base: area.buildings, buildingParam: params.buildingId, unitParam: params.unitId });
}

export const meta = loaderMeta;

export default function Unit({ loaderData, actionData }: Route.ComponentProps) {
  const area = useStaffArea();
  return (
    <UnitPage
      buildingHref={`${area.buildings}/${loaderData.building.id}`}
      building={loaderData.building}
      unit={loaderData.unit}
      result={actionData as PortfolioActionResult | undefined}
      done={loaderData.done}
      photos={loaderData.unit && <PhotoManager owner={{ type: 'unit', id: loaderData.unit.id }} photos={loaderData.unit.imageUrls} />}
    />
  );
}
