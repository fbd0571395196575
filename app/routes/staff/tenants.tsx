/**
 * The tenants directory (decision 038): `/admin/tenants` and the manager's `/dashboard/tenants`
 * (their buildings', scoped by the service) — one row per signer of each active, signed or ended
 * lease, newest lease first, with a search by name, e-mail or unit number and filters by
 * building, balance due and lease ending within N days (`?q=&building=&due=1&ending=&after=`,
 * 25 a page).
 */
import { StaffListHeader } from '~/components/staff/staff-list-header';
import { TenantDirectory } from '~/features/tenants/components/tenant-directory';
import { loadTenantsList } from '~/features/tenants/tenants.page.server';
import { loaderMeta } from '~/lib/loader-meta';
import { staffPath, useStaffArea } from '~/lib/staff-area';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/tenants';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor } = await requireStaff(request, context);
  return {
    ...(await loadTenantsList({ request, context, actor })),
    meta: requestPageMeta(request, 'tenants.meta.list.title', 'tenants.meta.list.description'),
  };
}

export const meta = loaderMeta;

export default function Tenants({ loaderData }: Route.ComponentProps) {
  const area = useStaffArea();
  return (
    <>
      <StaffListHeader keys="tenants.list" />
      <TenantDirectory
        base={staffPath(area, 'tenants')}
        list={loaderData.list}
        filters={loaderData.filters}
        building={loaderData.building}
      />
    </>
  );
}
