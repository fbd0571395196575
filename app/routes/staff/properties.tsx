/**
 * The buildings list (decision 038): `/admin/properties` (every building, with "New building")
 * and the manager's `/dashboard/buildings` (the buildings they run, scoped by the service), with
 * search and filters by state, manager and occupancy. Each building opens its page.
 */
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { StaffListHeader } from '~/components/staff/staff-list-header';
import { BuildingList } from '~/features/portfolio/components/building-list';
import { loadBuildingsList } from '~/features/portfolio/portfolio.page.server';
import { useTranslation } from '~/lib/i18n';
import { loaderMeta } from '~/lib/loader-meta';
import { pickForArea, useStaffArea } from '~/lib/staff-area';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/properties';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const metaKey = pickForArea(area, 'portfolio.meta.list', 'portfolio.meta.managerList');
  return {
    ...(await loadBuildingsList({ request, context, actor })),
    meta: requestPageMeta(request, `${metaKey}.title`, `${metaKey}.description`),
  };
}

export const meta = loaderMeta;

export default function Buildings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useStaffArea();
  const admin = area.key === 'admin';
  return (
    <>
      <StaffListHeader
        keys="portfolio.list"
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
