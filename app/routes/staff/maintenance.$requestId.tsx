/**
 * One maintenance request (decision 038): `/admin/maintenance/:requestId` and
 * `/dashboard/maintenance/:requestId` (a request in the manager's buildings; any other is a 404,
 * audited) — what the tenant reported, photos, entry permission, timeline with staff notes, work
 * orders — and the commands (`intent`): `triage`, `note`, `comment`, `assign` (a vendor without
 * verified, current insurance is refused with the translated reason), `cancel`, `close`.
 * Answers: 303 back with `?done=` after a plain post, data + a toast otherwise; 422 with
 * translated field errors (nothing written), 409 when the status does not allow it, 404, 400.
 * Live.
 */
import { SignedInPageHeader } from '~/components/page-header';
import { RequestDetailView } from '~/features/maintenance/components/request-detail';
import { handleRequestAction, loadRequestPage } from '~/features/maintenance/queue.page.server';
import type { RequestActionResult } from '~/features/maintenance/queue.types';
import { useTranslation } from '~/lib/i18n';
import { loaderMeta } from '~/lib/loader-meta';
import { staffPath, useStaffArea } from '~/lib/staff-area';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/maintenance.$requestId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const meta = requestPageMeta(request, 'maintenanceQueue.meta.detail.title', 'maintenanceQueue.meta.detail.description');
  const page = await loadRequestPage({ request, context, actor, base: staffPath(area, 'maintenance'), requestParam: params.requestId });
  return { ...page, meta };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor, area } = await requireStaff(request, context);
  return handleRequestAction({ request, context, actor, base: staffPath(area, 'maintenance'), requestParam: params.requestId });
}

export const meta = loaderMeta;

export default function MaintenanceRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useStaffArea();
  const { detail } = loaderData;
  return (
    <>
      <SignedInPageHeader title={t('maintenanceQueue.detail.heading', { id: detail.id, title: detail.title })} />
      <RequestDetailView
        base={staffPath(area, 'maintenance')}
        detail={detail}
        vendors={loaderData.vendors}
        done={loaderData.done}
        result={actionData as RequestActionResult | undefined}
      />
    </>
  );
}
