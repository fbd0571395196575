/**
 * The tenants directory (decision 038): `/admin/tenants` and the manager's `/dashboard/tenants`
 * (their buildings', scoped by the service) — one row per signer of each active, signed or ended
 * lease, newest lease first, with a search by name, e-mail or unit number and filters by
 * building, balance due and lease ending within N days (`?q=&building=&due=1&ending=&after=`,
 * 25 a page).
 */
import { SignedInPageHeader } from '~/components/page-header';
import { TenantDirectory } from '~/features/tenants/components/tenant-directory';
import { loadTenantsList } from '~/features/tenants/tenants.page.server';
import { pageMeta } from '~/i18n/translate.server';
import { useTranslation } from '~/lib/i18n';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { pickForArea, staffPath, useStaffArea } from '~/lib/staff-area';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/tenants';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request, context);
  const lang = requestLanguage(request);
  return {
    ...(await loadTenantsList({ request, context, actor })),
    meta: pageMeta(lang, 'tenants.meta.list.title', 'tenants.meta.list.description'),
  };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function Tenants({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useStaffArea();
  return (
    <>
      <SignedInPageHeader
        title={t(pickForArea(area, 'tenants.list.title', 'tenants.list.managerTitle'))}
        subtitle={t(pickForArea(area, 'tenants.list.subtitle', 'tenants.list.managerSubtitle'))}
      />
      <TenantDirectory
        base={staffPath(area, 'tenants')}
        list={loaderData.list}
        filters={loaderData.filters}
        building={loaderData.building}
      />
    </>
  );
}
