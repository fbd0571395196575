/**
 * Keeps a staff maintenance page current (decision 026, "live"): re-runs the page's loader
 * after a `maintenance.updated` or `work_order.updated` event (optionally only those about one
 * request), and after each stream (re)connect, coalescing bursts — the SLA job may announce
 * hundreds of requests at once. Built on the shared `useLiveRevalidation`.
 */
import { useLiveRevalidation } from '~/lib/live-revalidation';

/** `requestId`: only events about this maintenance request count (the detail page); none: all. */
export function useQueueLiveUpdates(requestId?: number) {
  const concerns = (data: unknown, key: 'requestId' | 'maintenanceRequestId') =>
    requestId === undefined || (typeof data === 'object' && data !== null && (data as Record<string, unknown>)[key] === requestId);
  useLiveRevalidation(
    {
      'maintenance.updated': (data) => concerns(data, 'requestId'),
      'work_order.updated': (data) => concerns(data, 'maintenanceRequestId'),
      resync: true,
      ready: true,
    },
    { delayMs: 200 },
  );
}
