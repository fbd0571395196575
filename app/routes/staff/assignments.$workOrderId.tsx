/**
 * One work order (decision 038): `/admin/assignments/:workOrderId` and
 * `/dashboard/assignments/:workOrderId` (the manager's buildings; another manager's is a 404,
 * audited) — vendor, job, place, history, invoices (approve / reject / pay) — and, while open,
 * reassign (vendorId, reason; an ineligible vendor is refused with a translated 422 and nothing
 * changes) or cancel (reason).
 */
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { SignedInPageHeader } from '~/components/page-header';
import { handleAssignmentAction, loadAssignmentPage } from '~/features/work-orders/assignments.page.server';
import { AssignmentDetail } from '~/features/work-orders/components/assignment-detail';
import type { CommandResult, StaffIntent } from '~/features/work-orders/work-orders.types';
import { getT } from '~/i18n/translate.server';
import { useTranslation } from '~/lib/i18n';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { staffPath, useStaffArea } from '~/lib/staff-area';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/assignments.$workOrderId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const page = await loadAssignmentPage({ request, context, actor, base: staffPath(area, 'assignments'), param: params.workOrderId });
  const t = getT(requestLanguage(request));
  return {
    ...page,
    meta: {
      title: t('workOrders.meta.detail.title', { id: page.detail.id, title: page.detail.title }),
      description: t('workOrders.meta.detail.description'),
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, area } = await requireStaff(request, context);
  return handleAssignmentAction({ request, context, actor, base: staffPath(area, 'assignments'), param: params.workOrderId });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function Assignment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useStaffArea();
  const { detail } = loaderData;
  return (
    <>
      <SignedInPageHeader
        title={t('workOrders.detail.title', { id: detail.id, title: detail.title })}
        actions={
          <Anchor component={Link} to={staffPath(area, 'assignments')} size="sm">
            {t('workOrders.staff.back')}
          </Anchor>
        }
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
