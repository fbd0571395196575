/**
 * Assignments (decision 038): `/admin/assignments` and `/dashboard/assignments` (the manager's
 * buildings, scoped by the services) — the invoices waiting for a decision or a payout (approve,
 * reject with a reason, pay), and the work orders across vendors with filters in the URL
 * (`?status=&vendor=&building=&overdue=1&cursor=`, keyset pages of 50, newest first). Bad filters
 * answer 400 with a message per field.
 */
import { StaffListHeader } from '~/components/staff/staff-list-header';
import { handleAssignmentAction, loadAssignmentsPage } from '~/features/work-orders/assignments.page.server';
import { AssignmentsPage } from '~/features/work-orders/components/assignments-page';
import type { CommandResult, StaffIntent } from '~/features/work-orders/work-orders.types';
import { loaderMeta } from '~/lib/loader-meta';
import { staffPath } from '~/lib/staff-area';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/assignments';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const meta = requestPageMeta(request, 'workOrders.meta.staff.title', 'workOrders.meta.staff.description');
  return loadAssignmentsPage({ request, context, actor, base: staffPath(area, 'assignments'), meta });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, area } = await requireStaff(request, context);
  return handleAssignmentAction({ request, context, actor, base: staffPath(area, 'assignments') });
}

export const meta = loaderMeta;

export default function Assignments({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <StaffListHeader keys="workOrders.staff" />
      <AssignmentsPage page={loaderData.page} result={actionData as CommandResult<StaffIntent> | undefined} />
    </>
  );
}
