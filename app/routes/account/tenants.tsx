/**
 * /dashboard/tenants (leases issue item 7; property managers — admins pass every role check):
 * the admin's tenants directory, scoped by the service to the buildings the manager runs.
 */
import { Container } from '@mantine/core';
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
  const actor = await requireRole(request, context, 'property_manager');
  const lang = requestLanguage(request);
  return {
    ...(await loadTenantsList({ request, context, actor })),
    meta: pageMeta(lang, 'tenants.meta.list.title', 'tenants.meta.list.description'),
  };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function ManagerTenants({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="xl">
      <SignedInPageHeader title={t('tenants.list.managerTitle')} subtitle={t('tenants.list.managerSubtitle')} />
      <TenantDirectory base="/dashboard/tenants" list={loaderData.list} filters={loaderData.filters} building={loaderData.building} />
    </Container>
  );
}
