/**
 * /dashboard/assignments (maintenance issue item 5; property managers — admins pass every role
 * check): the admin's assignments page, scoped by the services to the buildings the manager
 * runs — the invoices waiting for a decision or a payout, and their work orders with filters
 * (`?status=&vendor=&building=&overdue=1&cursor=`). Bad filters answer 400.
 */
import { Container } from '@mantine/core';
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
  const actor = await requireRole(request, context, 'property_manager');
  const meta = pageMeta(requestLanguage(request), 'workOrders.meta.staff.title', 'workOrders.meta.staff.description');
  return loadAssignmentsPage({ request, context, actor, base: '/dashboard/assignments', meta });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  return handleAssignmentAction({ request, context, actor, base: '/dashboard/assignments' });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function ManagerAssignments({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="xl">
      <SignedInPageHeader title={t('workOrders.staff.managerTitle')} subtitle={t('workOrders.staff.managerSubtitle')} />
      <AssignmentsPage page={loaderData.page} result={actionData as CommandResult<StaffIntent> | undefined} />
    </Container>
  );
}
