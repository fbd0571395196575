/**
 * /admin/properties/:buildingId (admin only; portfolio issue item 2): a building's figures,
 * units (bulk publish, unpublish, status), photos, details with its manager, and CSV import.
 * `/admin/properties/new` creates a building. Loader and action: `portfolio-pages.server.ts`.
 */
import { PhotoManager } from '~/features/photos/components/photo-manager';
import { BuildingPage } from '~/features/portfolio/components/building-page';
import { handleBuildingAction, loadBuildingPage, type PortfolioActionResult } from '~/features/portfolio/portfolio-pages.server';
import { getT } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/building';

const base = '/admin/properties';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const page = await loadBuildingPage({ request, context, actor, base, param: params.buildingId });
  const t = getT(requestLanguage(request));
  const title = page.detail
    ? t('portfolio.meta.building.title', { name: page.detail.building.name })
    : t('portfolio.meta.newBuilding.title');
  return { ...page, meta: { title, description: t('portfolio.meta.building.description') } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleBuildingAction({ request, context, actor, base, param: params.buildingId });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminBuilding({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <BuildingPage
      base={base}
      backHref={base}
      detail={loaderData.detail}
      managers={loaderData.managers}
      canAssignManager
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
