/**
 * /admin/maintenance (issue 12 item 2; spec §6: admin only): the maintenance queue — open
 * requests newest first by default, filtered by building, priority, status, category, age and
 * missed response target, ordered newest, oldest or by response due time, 25 a page (keyset), or
 * as a board by status (`?view=board`). Live. Property managers use /dashboard/maintenance.
 */
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
  const actor = await requireRole(request, context, 'admin');
  const meta = pageMeta(requestLanguage(request), 'maintenanceQueue.meta.list.title', 'maintenanceQueue.meta.list.description');
  return { ...(await loadQueuePage({ request, context, actor, base: '/admin/maintenance' })), meta };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function AdminMaintenance({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <>
      <SignedInPageHeader title={t('maintenanceQueue.list.title')} subtitle={t('maintenanceQueue.list.subtitle')} />
      <QueueView {...loaderData} />
    </>
  );
}
