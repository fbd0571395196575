/**
 * /dashboard/maintenance (issue 12 item 2; property managers — admins pass every role check):
 * the admin's maintenance queue and board, scoped by the service to the buildings the manager
 * runs.
 */
import { Container } from '@mantine/core';
import { useTranslation } from '~/lib/i18n';
import { SignedInPageHeader } from '~/features/admin/components/page-header';
import { QueueView } from '~/features/maintenance/components/queue-view';
import { loadQueuePage } from '~/features/maintenance/queue-pages.server';
import { pageMeta } from '~/i18n/translate.server';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/maintenance';

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = await requireRole(request, context, 'property_manager');
  const meta = pageMeta(requestLanguage(request), 'maintenanceQueue.meta.list.title', 'maintenanceQueue.meta.list.description');
  return { ...(await loadQueuePage({ request, context, actor, base: '/dashboard/maintenance' })), meta };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function ManagerMaintenance({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <Container size="xl" py="xl">
      <SignedInPageHeader title={t('maintenanceQueue.list.managerTitle')} subtitle={t('maintenanceQueue.list.managerSubtitle')} />
      <QueueView {...loaderData} />
    </Container>
  );
}
