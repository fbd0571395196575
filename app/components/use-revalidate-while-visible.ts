/**
 * A hook re-running the route's loaders on a timer while the page is visible (spec §4 / §9: the
 * dashboard's security status is re-checked every 30 seconds), and at once when the page becomes
 * visible again after at least one period hidden.
 */
import { useEffect, useRef } from 'react';
import { useRevalidator } from 'react-router';

/** Re-runs the loader every `ms` while the page is visible, and at once when it becomes visible. */
export function useRevalidateWhileVisible(ms: number) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    let last = Date.now();
    const refresh = () => {
      if (document.visibilityState !== 'visible' || latest.current.state !== 'idle') return;
      last = Date.now();
      void latest.current.revalidate();
    };
    const timer = window.setInterval(refresh, ms);
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - last >= ms) refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [ms]);
}
