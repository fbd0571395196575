/**
 * The buildings list (decision 038): `/admin/properties` (every building, with "New building")
 * and the manager's `/dashboard/buildings` (the buildings they run, scoped by the service), with
 * search and filters by state, manager and occupancy. Each building opens its page.
 */
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SignedInPageHeader } from '~/components/page-header';
import { BuildingList } from '~/features/portfolio/components/building-list';
import { loadBuildingsList } from '~/features/portfolio/portfolio.page.server';
import { pageMeta } from '~/i18n/translate.server';
import { useTranslation } from '~/lib/i18n';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { pickForArea, useStaffArea } from '~/lib/staff-area';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/properties';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const metaKey = pickForArea(area, 'portfolio.meta.list', 'portfolio.meta.managerList');
  return {
    ...(await loadBuildingsList({ request, context, actor })),
    meta: pageMeta(requestLanguage(request), `${metaKey}.title`, `${metaKey}.description`),
  };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function Buildings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useStaffArea();
  const admin = area.key === 'admin';
  return (
    <>
      <SignedInPageHeader
        title={t(pickForArea(area, 'portfolio.list.title', 'portfolio.list.managerTitle'))}
        subtitle={t(pickForArea(area, 'portfolio.list.subtitle', 'portfolio.list.managerSubtitle'))}
        actions={
          admin && (
            <Button
              component={Link}
              to={`${area.buildings}/new`}
              leftSection={<IconPlus size={16} aria-hidden />}
              data-testid="new-building"
            >
              {t('portfolio.list.newBuilding')}
            </Button>
          )
        }
      />
      <BuildingList list={loaderData.list} query={loaderData.query} managers={admin ? loaderData.managers : []} base={area.buildings} />
    </>
  );
}
