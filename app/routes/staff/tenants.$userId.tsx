/**
 * A tenant's page (decision 038): `/admin/tenants/:userId` and `/dashboard/tenants/:userId` (a
 * tenant of the manager's buildings; anyone else's is a 404, audited) — leases with their ledgers
 * and balances, payments, applications and messages, and the staff commands posted as `intent`
 * with `leaseId`: `add-charge`, `record-payment`, `notify`, `end-lease`. Answers: 303 back with
 * `?done=` after a plain post, data + a toast otherwise; 422 with translated field errors
 * (nothing written), 409 when the lease is not active, 404, 400.
 */
import { TenantPage } from '~/features/tenants/components/tenant-page';
import { handleTenantAction, loadTenantPage } from '~/features/tenants/tenants.page.server';
import type { TenantActionResult } from '~/features/tenants/tenants.types';
import { loaderMeta } from '~/lib/loader-meta';
import { staffPath, useStaffArea } from '~/lib/staff-area';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/tenants.$userId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request, context);
  const page = await loadTenantPage({ request, context, actor, userId: params.userId });
  const meta = requestPageMeta(request, 'tenants.meta.detail.title', 'tenants.meta.detail.description', { name: page.detail.name });
  return { ...page, meta };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireStaff(request, context);
  return handleTenantAction({ request, context, actor, userId: params.userId });
}

export const meta = loaderMeta;

export default function Tenant({ loaderData, actionData }: Route.ComponentProps) {
  const area = useStaffArea();
  return (
    <TenantPage
      base={staffPath(area, 'tenants')}
      detail={loaderData.detail}
      result={actionData as TenantActionResult | undefined}
      done={loaderData.done}
      today={loaderData.today}
    />
  );
}
