/**
 * /admin/maintenance/:requestId (issue 12 item 2; admin only): one maintenance request — what the
 * tenant reported, photos, entry permission, timeline with staff notes, work orders — and the
 * commands (`intent`): `triage`, `note`, `comment`, `assign` (a vendor without verified, current
 * insurance is refused with the translated reason), `cancel`, `close`. Answers: 303 back with
 * `?done=` after a plain post, data + a toast otherwise; 422 with translated field errors
 * (nothing written), 409 when the status does not allow it, 404, 400. Live.
 */
import { useTranslation } from '~/lib/i18n';
import { SignedInPageHeader } from '~/features/admin/components/page-header';
import { RequestDetailView } from '~/features/maintenance/components/request-detail';
import { handleRequestAction, loadRequestPage } from '~/features/maintenance/queue-pages.server';
import type { RequestActionResult } from '~/features/maintenance/queue.types';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/maintenance-request';

const base = '/admin/maintenance';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'admin');
  const meta = pageMeta(requestLanguage(request), 'maintenanceQueue.meta.detail.title', 'maintenanceQueue.meta.detail.description');
  return { ...(await loadRequestPage({ request, context, actor, base, requestParam: params.requestId })), meta };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return handleRequestAction({ request, context, actor, base, requestParam: params.requestId });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminMaintenanceRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { detail } = loaderData;
  return (
    <>
      <SignedInPageHeader title={t('maintenanceQueue.detail.heading', { id: detail.id, title: detail.title })} />
      <RequestDetailView
        base={base}
        detail={detail}
        vendors={loaderData.vendors}
        done={loaderData.done}
        result={actionData as RequestActionResult | undefined}
      />
    </>
  );
}
