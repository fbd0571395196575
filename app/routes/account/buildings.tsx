/**
 * /dashboard/buildings (property managers; portfolio issue item 4): every building the manager
 * runs, with the same search and filters as the admin's list, scoped by the service.
 */
import { Container } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { SignedInPageHeader } from '~/features/admin/components/page-header';
import { BuildingList } from '~/features/portfolio/components/building-list';
import { loadBuildingsList } from '~/features/portfolio/portfolio-pages.server';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/buildings';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  const lang = requestLanguage(request);
  return {
    ...(await loadBuildingsList({ request, context, actor })),
    meta: pageMeta(lang, 'portfolio.meta.managerList.title', 'portfolio.meta.managerList.description'),
  };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function ManagerBuildings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="xl">
      <SignedInPageHeader title={t('portfolio.list.managerTitle')} subtitle={t('portfolio.list.managerSubtitle')} />
      <BuildingList list={loaderData.list} query={loaderData.query} managers={[]} base="/dashboard/buildings" />
    </Container>
  );
}
