/**
 * A code-split part of a page (decision 036: first-load JS ≤ 150 KB gzipped, decision 036):
 * `React.lazy` that never suspends on the server.
 *
 * In the browser the part is a chunk of its own, fetched when the part first renders (or sooner,
 * with `preload()`), and hydrated once it is in; the server's HTML stands until then. On the
 * server its module is imported as soon as this module is evaluated (at start-up), and rendered
 * synchronously from then on, so the page's HTML always holds the part in place — also for
 * visitors without JavaScript, and from the first request on (a suspended part would be sent
 * after the rest, hidden until an inline script reveals it).
 *
 * `load` resolves to the component, e.g. `() => import('./filters').then((m) => m.Filters)`.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export type LazyPart<P> = LazyExoticComponent<ComponentType<P>> & { preload(): Promise<void> };

export function lazyPart<P>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let component: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => (loading ??= load().then((loaded) => void (component = loaded)));
  // Server start-up: the module is on disk, it is ready before the first request.
  if (typeof document === 'undefined') void preload();
  const part = lazy(() => {
    const ready = component;
    // Already loaded (always, on the server): a thenable that answers at once, so React renders
    // the part in this pass instead of suspending.
    if (ready)
      return { then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: ready }) } as Promise<{
        default: ComponentType<P>;
      }>;
    return preload().then(() => ({ default: component! }));
  });
  return Object.assign(part, { preload });
}
