/**
 * /admin/assignments/:workOrderId (maintenance issue item 5; admin only): one work order — vendor,
 * job, place, history, invoices (approve / reject / pay) — and, while open, reassign (vendorId,
 * reason; an ineligible vendor is refused with a translated 422 and nothing changes) or cancel
 * (reason). Unknown ids are 404.
 */
import { Anchor } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { Link } from 'react-router';
import { SignedInPageHeader } from '~/features/admin/components/page-header';
import { handleAssignmentAction, loadAssignmentPage } from '~/features/work-orders/assignment-pages.server';
import { AssignmentDetail } from '~/features/work-orders/components/assignment-detail';
import type { CommandResult, StaffIntent } from '~/features/work-orders/work-orders.types';
import { getT } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/assignment';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const page = await loadAssignmentPage({ request, context, actor, base: '/admin/assignments', param: params.workOrderId });
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
  const actor = await requireRole(request, context, 'admin');
  return handleAssignmentAction({ request, context, actor, base: '/admin/assignments', param: params.workOrderId });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminAssignment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { detail } = loaderData;
  return (
    <>
      <SignedInPageHeader
        title={t('workOrders.detail.title', { id: detail.id, title: detail.title })}
        actions={
          <Anchor component={Link} to="/admin/assignments" size="sm">
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
