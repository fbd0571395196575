/**
 * Keeps a staff maintenance page current (issue 12 item 2, "live"): re-runs the page's loader
 * after a `maintenance.updated` or `work_order.updated` event (optionally only those about one
 * request), and after each stream (re)connect, coalescing bursts — the SLA job may announce
 * hundreds of requests at once.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';
import { useRealtimeEvent } from '~/lib/realtime';

export function useQueueLiveUpdates(requestId?: number) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const timer = useRef<number | undefined>(undefined);
  const schedule = useCallback(() => {
    window.clearTimeout(timer.current);
    const run = () => {
      // A revalidation already under way may have read the data before this event: go again after it.
      if (latest.current.state !== 'idle') {
        timer.current = window.setTimeout(run, 300);
        return;
      }
      void latest.current.revalidate();
    };
    timer.current = window.setTimeout(run, 200);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const concerns = (data: unknown, key: 'requestId' | 'maintenanceRequestId') =>
    requestId === undefined || (typeof data === 'object' && data !== null && (data as Record<string, unknown>)[key] === requestId);
  useRealtimeEvent('maintenance.updated', (data) => {
    if (concerns(data, 'requestId')) schedule();
  });
  useRealtimeEvent('work_order.updated', (data) => {
    if (concerns(data, 'maintenanceRequestId')) schedule();
  });
  useRealtimeEvent('resync', schedule);
  useRealtimeEvent('ready', schedule);
}
