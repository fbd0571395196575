/**
 * Graceful stop of the HTTP server (decision 023, "Operations"): from the moment a stop begins,
 * /readyz answers 503 and every response says `Connection: close`, so a load balancer takes
 * this instance out of rotation; new connections are still accepted for `drainMs` (the time a
 * balancer needs to notice), then the listener closes and the requests in flight finish.
 */
import type http from 'node:http';

/** Shared between the shutdown path and the app: true once the server is stopping. */
export type Readiness = { draining: boolean };

/** A readiness flag that starts "ready". */
export function createReadiness(): Readiness {
  return { draining: false };
}

/**
 * Marks `readiness` as draining at once, keeps accepting connections for `drainMs` (ms, 0: stop
 * accepting now), then runs `beforeClose` (e.g. ending event streams, which never go idle), closes
 * the listener and idle keep-alive connections. Resolves when every connection has closed, i.e.
 * when the last in-flight request has been answered.
 */
export function drainServer(
  server: http.Server,
  readiness: Readiness,
  { drainMs, beforeClose }: { drainMs: number; beforeClose?: () => void },
): Promise<void> {
  readiness.draining = true;
  return new Promise((resolve) => {
    const close = () => {
      beforeClose?.();
      server.close(() => resolve());
      server.closeIdleConnections();
    };
    if (drainMs > 0) setTimeout(close, drainMs).unref();
    else close();
  });
}
