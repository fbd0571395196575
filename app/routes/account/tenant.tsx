/**
 * /dashboard/tenants/:userId (leases issue item 7; property managers): the admin's tenant page
 * for a tenant of a building the manager runs — anyone else's tenant is a 404, audited — with
 * the same commands (`add-charge`, `record-payment`, `notify`, `end-lease` with `leaseId`).
 * Answers: 303 back with `?done=` after a plain post, data + a toast otherwise; 422 with
 * translated field errors (nothing written), 409 when the lease is not active, 404, 400.
 */
import { Container } from '@mantine/core';
import { getT } from '~/i18n/translate.server';
import { TenantPage } from '~/features/tenants/components/tenant-page';
import { handleTenantAction, loadTenantPage } from '~/features/tenants/tenant-pages.server';
import type { TenantActionResult } from '~/features/tenants/tenants.types';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/tenant';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  const page = await loadTenantPage({ request, context, actor, userId: params.userId });
  const t = getT(requestLanguage(request));
  return {
    ...page,
    meta: { title: t('tenants.meta.detail.title', { name: page.detail.name }), description: t('tenants.meta.detail.description') },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  return handleTenantAction({ request, context, actor, userId: params.userId });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function ManagerTenant({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container size="xl" py="xl">
      <TenantPage
        base="/dashboard/tenants"
        detail={loaderData.detail}
        result={actionData as TenantActionResult | undefined}
        done={loaderData.done}
        today={loaderData.today}
      />
    </Container>
  );
}
