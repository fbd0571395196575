/**
 * One work order (decision 038): `/admin/assignments/:workOrderId` and
 * `/dashboard/assignments/:workOrderId` (the manager's buildings; another manager's is a 404,
 * audited) — vendor, job, place, history, invoices (approve / reject / pay) — and, while open,
 * reassign (vendorId, reason; an ineligible vendor is refused with a translated 422 and nothing
 * changes) or cancel (reason).
 */
import { SignedInPageHeader } from '~/components/page-header';
import { HeaderLink } from '~/components/signed-in-page';
import { handleAssignmentAction, loadAssignmentPage } from '~/features/work-orders/assignments.page.server';
import { AssignmentDetail } from '~/features/work-orders/components/assignment-detail';
import type { CommandResult, StaffIntent } from '~/features/work-orders/work-orders.types';
import { useTranslation } from '~/lib/i18n';
import { loaderMeta } from '~/lib/loader-meta';
import { staffPath, useStaffArea } from '~/lib/staff-area';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/assignments.$workOrderId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const page = await loadAssignmentPage({ request, context, actor, base: staffPath(area, 'assignments'), param: params.workOrderId });
  const meta = requestPageMeta(request, 'workOrders.meta.detail.title', 'workOrders.meta.detail.description', {
    id: page.detail.id,
    title: page.detail.title,
  });
  return { ...page, meta };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, area } = await requireStaff(request, context);
  return handleAssignmentAction({ request, context, actor, base: staffPath(area, 'assignments'), param: params.workOrderId });
}

export const meta = loaderMeta;

export default function Assignment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useStaffArea();
  const { detail } = loaderData;
  return (
    <>
      <SignedInPageHeader
        title={t('workOrders.detail.title', { id: detail.id, title: detail.title })}
        actions={<HeaderLink to={staffPath(area, 'assignments')}>{t('workOrders.staff.back')}</HeaderLink>}
      />
      <AssignmentDetail
        basePath={loaderData.basePath}
        detail={detail}
        vendors={loaderData.vendors}
        result={actionData as CommandResult<StaffIntent> | undefined}
        done={loaderData.done}
      />
    </>
  );
}
