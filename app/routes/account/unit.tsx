/**
 * /dashboard/buildings/:buildingId/units/:unitId (property managers; portfolio issue item 4):
 * the unit form and photos for a unit of a building the manager runs; `…/units/new` adds one.
 */
import { Container } from '@mantine/core';
import { PhotoManager } from '~/features/photos/components/photo-manager';
import { UnitPage } from '~/features/portfolio/components/unit-page';
import { handleUnitAction, loadUnitPage, type PortfolioActionResult } from '~/features/portfolio/portfolio-pages.server';
import { getT } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/unit';

const base = '/dashboard/buildings';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  const page = await loadUnitPage({ request, context, actor, base, buildingParam: params.buildingId, unitParam: params.unitId });
  const t = getT(requestLanguage(request));
  const title = page.unit
    ? t('portfolio.meta.unit.title', { number: page.unit.unitNumber, building: page.building.name })
    : t('portfolio.meta.newUnit.title', { building: page.building.name });
  return { ...page, meta: { title, description: t('portfolio.meta.unit.description') } };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  return handleUnitAction({ request, context, actor, base, buildingParam: params.buildingId, unitParam: params.unitId });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function ManagerUnit({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container size="lg" py="xl">
      <UnitPage
        buildingHref={`${base}/${loaderData.building.id}`}
        building={loaderData.building}
        unit={loaderData.unit}
        result={actionData as PortfolioActionResult | undefined}
        done={loaderData.done}
        photos={loaderData.unit && <PhotoManager owner={{ type: 'unit', id: loaderData.unit.id }} photos={loaderData.unit.imageUrls} />}
      />
    </Container>
  );
}
