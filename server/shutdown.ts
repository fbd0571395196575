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

/** A database probe answered from its last result while fresh (ms; decision 053). */
export const READYZ_FRESH_MS = 1_000;
/** How old a result may be and still answer at once while a new probe runs (ms). */
export const READYZ_STALE_MS = 5_000;

/**
 * The database half of /readyz (decision 053): `ping(timeoutMs)` (true when the database
 * answered within `timeoutMs` ms) run at most once at a time. A result younger than `freshMs`
 * answers at once; one younger than `staleMs` answers at once too while a new ping runs in the
 * background; without either the caller waits for the ping (bounded by `timeoutMs`). So a
 * saturated instance, whose pool and event loop are busy with renders, still answers its load
 * balancer in milliseconds, and a database that stopped answering is reported within
 * `staleMs` + `timeoutMs`. `now` is for tests (ms).
 */
export function createDatabaseProbe({
  ping,
  timeoutMs,
  freshMs = READYZ_FRESH_MS,
  staleMs = READYZ_STALE_MS,
  now = Date.now,
}: {
  ping: (timeoutMs?: number) => Promise<boolean>;
  timeoutMs?: number;
  freshMs?: number;
  staleMs?: number;
  now?: () => number;
}): () => Promise<boolean> {
  let last: { ok: boolean; at: number } | null = null;
  let running: Promise<boolean> | null = null;
  const refresh = () =>
    (running ??= ping(timeoutMs)
      .catch(() => false)
      .then((ok) => {
        last = { ok, at: now() };
        running = null;
        return ok;
      }));
  return () => {
    const age = last ? now() - last.at : Infinity;
    if (last && age < freshMs) return Promise.resolve(last.ok);
    const next = refresh();
    return last && age < staleMs ? Promise.resolve(last.ok) : next;
  };
}
