/**
 * /dashboard/maintenance/:requestId (issue 12 item 2; property managers): the admin's request
 * page for a request in a building the manager runs — any other is a 404, audited — with the same
 * commands (`triage`, `note`, `comment`, `assign`, `cancel`, `close`). Live.
 */
import { Container } from '@mantine/core';
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

const base = '/dashboard/maintenance';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  const meta = pageMeta(requestLanguage(request), 'maintenanceQueue.meta.detail.title', 'maintenanceQueue.meta.detail.description');
  return { ...(await loadRequestPage({ request, context, actor, base, requestParam: params.requestId })), meta };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  return handleRequestAction({ request, context, actor, base, requestParam: params.requestId });
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function ManagerMaintenanceRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { detail } = loaderData;
  return (
    <Container size="xl" py="xl">
      <SignedInPageHeader title={t('maintenanceQueue.detail.heading', { id: detail.id, title: detail.title })} />
      <RequestDetailView
        base={base}
        detail={detail}
        vendors={loaderData.vendors}
        done={loaderData.done}
        result={actionData as RequestActionResult | undefined}
      />
    </Container>
  );
}
