/**
 * A building's page (decision 038): `/admin/properties/:buildingId` and the manager's
 * `/dashboard/buildings/:buildingId` — figures, units (bulk publish, unpublish, status), photos,
 * details and CSV import; a building outside the manager's is a 404, audited. Admins also create
 * a building (`…/properties/new`) and assign its manager. Loader and action:
 * `portfolio.page.server.ts`.
 */
import { PhotoManager } from '~/features/photos/components/photo-manager';
import { BuildingPage } from '~/features/portfolio/components/building-page';
import { handleBuildingAction, loadBuildingPage, type PortfolioActionResult } from '~/features/portfolio/portfolio.page.server';
import { getT } from '~/i18n/translate.server';
import { loaderMeta } from '~/lib/loader-meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { pickForArea, useStaffArea } from '~/lib/staff-area';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/properties.$buildingId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const page = await loadBuildingPage({ request, context, actor, base: area.buildings, param: params.buildingId });
  const t = getT(requestLanguage(request));
  const title = page.detail
    ? t('portfolio.meta.building.title', { name: page.detail.building.name })
    : t('portfolio.meta.newBuilding.title');
  return { ...page, meta: { title, description: t('portfolio.meta.building.description') } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, area } = await requireStaff(request, context);
  return handleBuildingAction({ request, context, actor, base: area.buildings, param: params.buildingId });
}

export const meta = loaderMeta;

export default function Building({ loaderData, actionData }: Route.ComponentProps) {
  const area = useStaffArea();
  return (
    <BuildingPage
      base={area.buildings}
      backHref={pickForArea(area, area.buildings, '/dashboard#portfolio')}
      detail={loaderData.detail}
      managers={loaderData.managers}
      canAssignManager={area.key === 'admin'}
      result={actionData as PortfolioActionResult | undefined}
      done={loaderData.done}
      photos={
        loaderData.detail && (
          <PhotoManager owner={{ type: 'building', id: loaderData.detail.building.id }} photos={loaderData.detail.building.imageUrls} />
        )
      }
    />
  );
}
