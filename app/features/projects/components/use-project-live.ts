/**
 * Live updates of a project's pages through the existing realtime events (no event type of its
 * own): the page's loaders run again, coalesced, when a notification about this project arrives
 * (a bid received or changed, for staff; the award, a new deadline or a cancellation, for a
 * vendor), when one of its work orders changes (`work_order.updated`), and when the stream
 * (re)opens, so nothing that happened meanwhile is missed.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { useRealtimeEvent } from '~/lib/realtime';

export function useProjectLive({ projectPath, workOrderIds = [] }: { projectPath: string; workOrderIds?: readonly number[] }) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const timer = useRef<number | undefined>(undefined);
  const schedule = useCallback(() => {
    window.clearTimeout(timer.current);
    const run = () => {
      if (latest.current.state !== 'idle') {
        timer.current = window.setTimeout(run, 300);
        return;
      }
      void latest.current.revalidate();
    };
    timer.current = window.setTimeout(run, 150);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useRealtimeEvent('notification.created', (data) => {
    const url = (data as { notification?: { actionUrl?: string | null } } | null)?.notification?.actionUrl ?? '';
    if (url === projectPath || url.startsWith(`${projectPath}?`)) schedule();
  });
  useRealtimeEvent('work_order.updated', (data) => {
    const id = (data as { workOrderId?: number } | null)?.workOrderId;
    if (typeof id === 'number' && workOrderIds.includes(id)) schedule();
  });
  useRealtimeEvent('ready', schedule);
}
