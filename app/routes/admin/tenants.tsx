/**
 * /admin/tenants (leases issue item 5; spec §6: admin only): the tenants directory — one row per
 * signer of each active, signed or ended lease, newest lease first, with a search by name,
 * e-mail or unit number and filters by building, balance due and lease ending within N days
 * (`?q=&building=&due=1&ending=&after=`, 25 a page). Property managers use /dashboard/tenants.
 */
import { useTranslation } from '~/lib/i18n';
import { SignedInPageHeader } from '~/features/admin/components/page-header';
import { TenantDirectory } from '~/features/tenants/components/tenant-directory';
import { loadTenantsList } from '~/features/tenants/tenant-pages.server';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/tenants';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const lang = requestLanguage(request);
  return {
    ...(await loadTenantsList({ request, context, actor })),
    meta: pageMeta(lang, 'tenants.meta.list.title', 'tenants.meta.list.description'),
  };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminTenants({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <SignedInPageHeader title={t('tenants.list.title')} subtitle={t('tenants.list.subtitle')} />
      <TenantDirectory base="/admin/tenants" list={loaderData.list} filters={loaderData.filters} building={loaderData.building} />
    </>
  );
}
