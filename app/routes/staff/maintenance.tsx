/**
 * The maintenance queue (decision 038): `/admin/maintenance` and `/dashboard/maintenance` (the
 * manager's buildings, scoped by the service) — open requests newest first by default, filtered
 * by building, priority, status, category, age and missed response target, ordered newest,
 * oldest or by response due time, 25 a page (keyset), or as a board by status (`?view=board`).
 * Live.
 */
import { StaffListHeader } from '~/components/staff/staff-list-header';
import { QueueView } from '~/features/maintenance/components/queue-view';
import { loadQueuePage } from '~/features/maintenance/queue.page.server';
import { loaderMeta } from '~/lib/loader-meta';
import { staffPath } from '~/lib/staff-area';
import { requestPageMeta } from '~/server/http/page-meta.server';
import { requireStaff } from '~/server/auth/staff-area.server';
import type { Route } from './+types/maintenance';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { actor, area } = await requireStaff(request, context);
  const meta = requestPageMeta(request, 'maintenanceQueue.meta.list.title', 'maintenanceQueue.meta.list.description');
  return { ...(await loadQueuePage({ request, context, actor, base: staffPath(area, 'maintenance') })), meta };
}

export const meta = loaderMeta;

export default function Maintenance({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaffListHeader keys="maintenanceQueue.list" />
      <QueueView {...loaderData} />
    </>
  );
}
