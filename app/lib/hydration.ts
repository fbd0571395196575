import { useEffect, useState } from 'react';

/**
 * Whether the first render in the browser has finished. Child effects run before their parents',
 * so an error screen hydrated from the server's HTML sees `false` and keeps the server's error id.
 */
let hydrated = false;

export function markHydrated(): void {
  hydrated = true;
  // A marker for browser tests and monitors: client handlers are attached from here on.
  document.documentElement.dataset.hydrated = 'true';
}

export function isHydrated(): boolean {
  return hydrated;
}

/**
 * For a code-split part of a page (app/lib/lazy-part.ts): `data-part-hydrated` on its root
 * element is "false" in the server's HTML and until the part is hydrated, then "true". Browser
 * tests wait for no "false" left before they use the page (tests/e2e/fixtures.ts).
 */
export function usePartHydrated(): { 'data-part-hydrated': 'true' | 'false' } {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return { 'data-part-hydrated': ready ? 'true' : 'false' };
}
