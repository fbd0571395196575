/**
 * /admin/assignments (maintenance issue item 5; admin only, spec §6): the invoices waiting for a
 * decision or a payout (approve, reject with a reason, pay), and every work order across vendors
 * with filters in the URL (`?status=&vendor=&building=&overdue=1&cursor=`, keyset pages of 50,
 * newest first). Bad filters answer 400 with a message per field. Property managers have the
 * same page, scoped to their buildings, at /dashboard/assignments.
 */
import { useTranslation } from '~/lib/i18n';
import { SignedInPageHeader } from '~/features/admin/components/page-header';
import { handleAssignmentAction, loadAssignmentsPage } from '~/features/work-orders/assignment-pages.server';
import { AssignmentsPage } from '~/features/work-orders/components/assignments-page';
import type { CommandResult, StaffIntent } from '~/features/work-orders/work-orders.types';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/assignments';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const meta = pageMeta(requestLanguage(request), 'workOrders.meta.staff.title', 'workOrders.meta.staff.description');
  return loadAssignmentsPage({ request, context, actor, base: '/admin/assignments', meta });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleAssignmentAction({ request, context, actor, base: '/admin/assignments' });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminAssignments({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <SignedInPageHeader title={t('workOrders.staff.title')} subtitle={t('workOrders.staff.subtitle')} />
      <AssignmentsPage page={loaderData.page} result={actionData as CommandResult<StaffIntent> | undefined} />
    </>
  );
}
