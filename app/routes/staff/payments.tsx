/**
 * The payments list (decision 038): `/admin/payments` (every payment) and the manager's
 * `/dashboard/payments` (their buildings', scoped by the service), with filters in the URL
 * (`?status=&kind=&method=&from=&to=&building=&cursor=`, keyset pages of 50, newest first) and
 * the reconciliation per day and building (`?view=reconciliation&from=&to=&building=`, at most
 * 92 days). Bad filters answer 400 with a message per field. Admins also export the filtered
 * list as CSV (`/admin/payments.csv`).
 */
import { StaffListHeader } from '~/components/staff/staff-list-header';
import { PaymentsPage } from '~/features/payments/components/payments-page';
import { loadPaymentsPage } from '~/features/payments/payments.page.server';
import { loaderMeta } from '~/lib/loader-meta';
import { pickForArea, staffPath, useStaffArea } from '~/lib/staff-area';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/payments';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const metaKey = pickForArea(area, 'payments.meta.admin', 'payments.meta.manager');
  const meta = requestPageMeta(request, `${metaKey}.title`, `${metaKey}.description`);
  return loadPaymentsPage({ request, context, actor, basePath: staffPath(area, 'payments'), meta });
}

export const meta = loaderMeta;

export default function Payments({ loaderData }: Route.ComponentProps) {
  const area = useStaffArea();
  return (
    <>
      <StaffListHeader keys="payments" />
      <PaymentsPage page={loaderData.page} csvPath={pickForArea(area, '/admin/payments.csv', undefined)} />
    </>
  );
}
