/**
 * /admin/tenants/:userId (leases issue item 5; admin only): a tenant's leases with their ledgers
 * and balances, payments, applications and messages, and the staff commands posted as `intent`
 * with `leaseId`: `add-charge`, `record-payment`, `notify`, `end-lease`. Unknown tenants are 404.
 * Answers: 303 back with `?done=` after a plain post, data + a toast otherwise; 422 with
 * translated field errors (nothing written), 409 when the lease is not active, 404, 400.
 */
import { getT } from '~/i18n/translate.server';
import { TenantPage } from '~/features/tenants/components/tenant-page';
import { handleTenantAction, loadTenantPage } from '~/features/tenants/tenant-pages.server';
import type { TenantActionResult } from '~/features/tenants/tenants.types';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/tenant';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const page = await loadTenantPage({ request, context, actor, userId: params.userId });
  const t = getT(requestLanguage(request));
  return {
    ...page,
    meta: { title: t('tenants.meta.detail.title', { name: page.detail.name }), description: t('tenants.meta.detail.description') },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleTenantAction({ request, context, actor, userId: params.userId });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminTenant({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <TenantPage
      base="/admin/tenants"
      detail={loaderData.detail}
      result={actionData as TenantActionResult | undefined}
      done={loaderData.done}
      today={loaderData.today}
    />
  );
}
