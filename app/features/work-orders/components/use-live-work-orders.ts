/**
 * Re-runs the page's loaders when a work order changes (`work_order.updated`, issue 12 item 7)
 * and after each stream (re)connect, coalescing bursts, so the vendor's and staff's pages follow
 * the other side's moves without a reload. The server sends the event only to those concerned.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { useRealtimeEvent } from '~/lib/realtime';

export function useLiveWorkOrders(): void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  const busy = useRef(navigation.state);
  busy.current = navigation.state;
  const timer = useRef<number | undefined>(undefined);
  const schedule = useCallback(() => {
    window.clearTimeout(timer.current);
    const run = () => {
      // A revalidation under way may have read the data before this event: go again after it. A
      // form post under way reloads the page's data itself once done: never interrupt it.
      if (latest.current.state !== 'idle' || busy.current !== 'idle') {
        timer.current = window.setTimeout(run, 300);
        return;
      }
      void latest.current.revalidate();
    };
    timer.current = window.setTimeout(run, 150);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useRealtimeEvent('work_order.updated', schedule);
  useRealtimeEvent('resync', schedule);
  useRealtimeEvent('ready', schedule);
}
