/**
 * /dashboard/buildings/:buildingId (property managers; portfolio issue item 4): the same
 * building page as the admin's, for a building the manager runs (anything else is 404, audited).
 * Managers edit the building, its units, photos and imports; only admins reassign it.
 */
import { Container } from '@mantine/core';
import { PhotoManager } from '~/features/photos/components/photo-manager';
import { BuildingPage } from '~/features/portfolio/components/building-page';
import { handleBuildingAction, loadBuildingPage, type PortfolioActionResult } from '~/features/portfolio/portfolio-pages.server';
import { getT } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/building';

const base = '/dashboard/buildings';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  const page = await loadBuildingPage({ request, context, actor, base, param: params.buildingId });
  const t = getT(requestLanguage(request));
  return {
    ...page,
    meta: {
      title: t('portfolio.meta.building.title', { name: page.detail?.building.name ?? '' }),
      description: t('portfolio.meta.building.description'),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  return handleBuildingAction({ request, context, actor, base, param: params.buildingId });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function ManagerBuilding({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="xl">
      <BuildingPage
        base={base}
        backHref="/dashboard#portfolio"
        detail={loaderData.detail}
        managers={loaderData.managers}
        canAssignManager={false}
        result={actionData as PortfolioActionResult | undefined}
        done={loaderData.done}
        photos={
          loaderData.detail && (
            <PhotoManager owner={{ type: 'building', id: loaderData.detail.building.id }} photos={loaderData.detail.building.imageUrls} />
          )
        }
      />
    </Container>
  );
}
