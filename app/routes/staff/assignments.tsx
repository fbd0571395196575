/**
 * Assignments (decision 038): `/admin/assignments` and `/dashboard/assignments` (the manager's
 * buildings, scoped by the services) — the invoices waiting for a decision or a payout (approve,
 * reject with a reason, pay), and the work orders across vendors with filters in the URL
 * (`?status=&vendor=&building=&overdue=1&cursor=`, keyset pages of 50, newest first). Bad filters
 * answer 400 with a message per field.
 */
import { SignedInPageHeader } from '~/components/page-header';
import { handleAssignmentAction, loadAssignmentsPage } from '~/features/work-orders/assignments.page.server';
import { AssignmentsPage } from '~/features/work-orders/components/assignments-page';
import type { CommandResult, StaffIntent } from '~/features/work-orders/work-orders.types';
import { pageMeta } from '~/i18n/translate.server';
import { useTranslation } from '~/lib/i18n';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { pickForArea, staffPath, useStaffArea } from '~/lib/staff-area';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/assignments';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const meta = pageMeta(requestLanguage(request), 'workOrders.meta.staff.title', 'workOrders.meta.staff.description');
  return loadAssignmentsPage({ request, context, actor, base: staffPath(area, 'assignments'), meta });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { actor, area } = await requireStaff(request, context);
  return handleAssignmentAction({ request, context, actor, base: staffPath(area, 'assignments') });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function Assignments({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useStaffArea();
  return (
    <>
      <SignedInPageHeader
        title={t(pickForArea(area, 'workOrders.staff.title', 'workOrders.staff.managerTitle'))}
        subtitle={t(pickForArea(area, 'workOrders.staff.subtitle', 'workOrders.staff.managerSubtitle'))}
      />
      <AssignmentsPage page={loaderData.page} result={actionData as CommandResult<StaffIntent> | undefined} />
    </>
  );
}
