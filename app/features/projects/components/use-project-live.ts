/**
 * Live updates of a project's pages through the existing realtime events (no event type of its
 * own): the page's loaders run again, coalesced, when a notification about this project arrives
 * (a bid received or changed, for staff; the award, a new deadline or a cancellation, for a
 * vendor), when one of its work orders changes (`work_order.updated`), and when the stream
 * (re)opens, so nothing that happened meanwhile is missed. Built on the shared `useLiveRevalidation`.
 */
import { useLiveRevalidation } from '~/lib/live-revalidation';

/** `projectPath`: the project page's path its notifications link to; `workOrderIds`: its work orders. */
export function useProjectLive({ projectPath, workOrderIds = [] }: { projectPath: string; workOrderIds?: readonly number[] }) {
  useLiveRevalidation({
    'notification.created': (data) => {
      const url = (data as { notification?: { actionUrl?: string | null } } | null)?.notification?.actionUrl ?? '';
      return url === projectPath || url.startsWith(`${projectPath}?`);
    },
    'work_order.updated': (data) => {
      const id = (data as { workOrderId?: number } | null)?.workOrderId;
      return typeof id === 'number' && workOrderIds.includes(id);
    },
    ready: true,
  });
}
