/**
 * The maintenance queue (decision 038): `/admin/maintenance` and `/dashboard/maintenance` (the
 * manager's buildings, scoped by the service) — open requests newest first by default, filtered
 * by building, priority, status, category, age and missed response target, ordered newest,
 * oldest or by response due time, 25 a page (keyset), or as a board by status (`?view=board`).
 * Live.
 */
import { SignedInPageHeader } from '~/components/page-header';
import { QueueView } from '~/features/maintenance/components/queue-view';
import { loadQueuePage } from '~/features/maintenance/queue.page.server';
import { pageMeta } from '~/i18n/translate.server';
import { useTranslation } from '~/lib/i18n';
import { metaTags } from '~/lib/meta';
import { requestLanguage } from '~/lib/route-helpers.server';
import { pickForArea, staffPath, useStaffArea } from '~/lib/staff-area';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/maintenance';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const meta = pageMeta(requestLanguage(request), 'maintenanceQueue.meta.list.title', 'maintenanceQueue.meta.list.description');
  return { ...(await loadQueuePage({ request, context, actor, base: staffPath(area, 'maintenance') })), meta };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return metaTags(loaderData?.meta);
}

export default function Maintenance({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const area = useStaffArea();
  return (
    <>
      <SignedInPageHeader
        title={t(pickForArea(area, 'maintenanceQueue.list.title', 'maintenanceQueue.list.managerTitle'))}
        subtitle={t(pickForArea(area, 'maintenanceQueue.list.subtitle', 'maintenanceQueue.list.managerSubtitle'))}
      />
      <QueueView {...loaderData} />
    </>
  );
}
