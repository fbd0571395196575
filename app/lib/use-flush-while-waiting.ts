/**
 * The retry loop of what a device keeps while offline (the visitor chat's unsent messages, the
 * tenant's maintenance requests): while something `waiting` and the connection is `good`, calls
 * `flush` at once, then every 15 s and on the browser's `online` event, so nothing waits for a
 * connectivity change that the page may never notice. `flush` must ignore calls while it runs.
 */
import { useEffect } from 'react';
import type { Connectivity } from './realtime';

/** While things wait, try again this often even without a connectivity change. */
const RETRY_MS = 15_000;

export function useFlushWhileWaiting(flush: () => Promise<void>, connectivity: Connectivity, waiting: boolean): void {
  useEffect(() => {
    if (connectivity !== 'good' || !waiting) return;
    void flush();
    const timer = window.setInterval(() => void flush(), RETRY_MS);
    const onOnline = () => void flush();
    window.addEventListener('online', onOnline);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [connectivity, waiting, flush]);
}
