/**
 * Re-runs the page's loaders when a work order changes (`work_order.updated`, decision 026)
 * and after each stream (re)connect, coalescing bursts, so the vendor's and staff's pages follow
 * the other side's moves without a reload. The server sends the event only to those concerned.
 * A form post under way reloads the page's data itself once done: it is never interrupted.
 */
import { useLiveRevalidation } from '~/lib/live-revalidation';

export function useLiveWorkOrders(): void {
  useLiveRevalidation({ 'work_order.updated': true, resync: true, ready: true }, { waitForNavigation: true });
}
