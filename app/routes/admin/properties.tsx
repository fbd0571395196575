/**
 * /admin/properties (spec §2, admin only; portfolio issue item 2): every building, searchable and
 * filtered by state, manager and occupancy, with "New building". Each building opens its page.
 */
import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { SignedInPageHeader } from '~/features/admin/components/page-header';
import { BuildingList } from '~/features/portfolio/components/building-list';
import { loadBuildingsList } from '~/features/portfolio/portfolio-pages.server';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/properties';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const lang = requestLanguage(request);
  return {
    ...(await loadBuildingsList({ request, context, actor })),
    meta: pageMeta(lang, 'portfolio.meta.list.title', 'portfolio.meta.list.description'),
  };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminProperties({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <SignedInPageHeader
        title={t('portfolio.list.title')}
        subtitle={t('portfolio.list.subtitle')}
        actions={
          <Button component={Link} to="/admin/properties/new" leftSection={<IconPlus size={16} aria-hidden />} data-testid="new-building">
            {t('portfolio.list.newBuilding')}
          </Button>
        }
      />
      <BuildingList list={loaderData.list} query={loaderData.query} managers={loaderData.managers} base="/admin/properties" />
    </>
  );
}
