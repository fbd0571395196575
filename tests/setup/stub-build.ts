/**
 * A tiny React Router server build for server-level tests of what happens around rendering
 * (decision 053: the render gate, the cache's canonical keys): a root route and a few public page
 * routes whose loaders count their calls and may be held on a promise the test controls, and a
 * document entry that answers a small HTML page naming the URL it rendered (no React).
 */
import type { ServerBuild } from 'react-router';

export type StubBuild = {
  build: ServerBuild;
  /** Page loader calls (documents and data requests) per route id. */
  renders: Map<string, number>;
  /** Every page loader call, in order: the URL (path + query) the loader saw. */
  urls: string[];
  /** Makes every page loader wait until `release()` (or the returned function) is called. */
  hold(): () => void;
  /** Resolves once `count` loaders are waiting on a hold. */
  waiting(count: number): Promise<void>;
};

/** A stub build serving `/`, `/about`, `/properties` and `/apartments` (anything else: 404 route). */
export function createStubBuild(): StubBuild {
  const renders = new Map<string, number>();
  const urls: string[] = [];
  let held: Promise<void> | null = null;
  let waitingNow = 0;
  const waiters: { count: number; resolve: () => void }[] = [];
  const notify = () => {
    for (const waiter of [...waiters])
      if (waitingNow >= waiter.count) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
  };
  const pageLoader =
    (id: string) =>
    async ({ request }: { request: Request }) => {
      const url = new URL(request.url);
      renders.set(id, (renders.get(id) ?? 0) + 1);
      urls.push(url.pathname + url.search);
      if (held) {
        waitingNow += 1;
        notify();
        await held;
        waitingNow -= 1;
      }
      return { id };
    };
  const Empty = () => null;
  const route = (id: string, path: string | undefined, extra: { index?: boolean } = {}) => ({
    id,
    parentId: id === 'root' ? undefined : 'root',
    path,
    ...extra,
    module: { default: Empty, ...(id === 'root' ? {} : { loader: pageLoader(id) }) },
  });
  const routes = {
    root: route('root', ''),
    'routes/home': route('routes/home', undefined, { index: true }),
    'routes/about': route('routes/about', 'about'),
    'routes/properties': route('routes/properties', 'properties'),
    'routes/apartments': route('routes/apartments', 'apartments'),
    // A resource route answering like a private download (its own Cache-Control and policy).
    'routes/download': {
      id: 'routes/download',
      parentId: 'root',
      path: 'download',
      module: {
        loader: () =>
          new Response('file', {
            headers: {
              'Content-Type': 'text/plain',
              'Cache-Control': 'private, no-store',
              'Content-Security-Policy': "default-src 'none'; sandbox",
            },
          }),
      },
    },
    'routes/not-found': route('routes/not-found', '*'),
  };
  const assetRoutes = Object.fromEntries(
    Object.values(routes).map((entry) => [
      entry.id,
      {
        id: entry.id,
        parentId: entry.parentId,
        path: entry.path,
        index: 'index' in entry ? entry.index : undefined,
        module: `/${entry.id}.js`,
        hasAction: false,
        hasLoader: entry.id !== 'root',
        hasClientAction: false,
        hasClientLoader: false,
        hasClientMiddleware: false,
        hasErrorBoundary: false,
      },
    ]),
  );
  const build = {
    entry: {
      module: {
        default: (request: Request, status: number, headers: Headers) => {
          headers.set('Content-Type', 'text/html; charset=utf-8');
          const url = new URL(request.url);
          return new Response(`<!doctype html><title>stub</title><p>${url.pathname}${url.search.replace(/[<>&"]/g, '')}</p>`, {
            status,
            headers,
          });
        },
      },
    },
    routes,
    assets: { entry: { module: '/entry.js', imports: [] }, routes: assetRoutes, url: '/manifest.js', version: 'stub' },
    basename: '/',
    publicPath: '/',
    assetsBuildDirectory: '/nonexistent',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
  } as unknown as ServerBuild;
  return {
    build,
    renders,
    urls,
    hold() {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
    waiting(count) {
      return new Promise<void>((resolve) => {
        waiters.push({ count, resolve });
        notify();
      });
    },
  };
}
