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
