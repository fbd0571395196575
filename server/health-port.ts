/**
 * The health port (decision 053, HEALTH_PORT): `/healthz` answered by the cluster's primary on a
 * port of its own, from the workers' heartbeats — never queued behind page requests. A worker's
 * `/healthz` on the site's port waits its turn on that worker's event loop: under saturation, a
 * few renders' time, enough for a load balancer to take every instance out at once. The primary
 * serves no pages, so its answer takes milliseconds however busy the workers are, and it still
 * tells the truth: a worker whose event loop is stuck stops sending heartbeats.
 *
 * - Each worker sends `{ type: HEARTBEAT }` over the cluster's IPC channel every
 *   `HEARTBEAT_INTERVAL_MS` (`startHeartbeat`).
 * - `GET /healthz` answers 200 `{ status: 'ok', workers, of }` while at least one worker's last
 *   heartbeat is younger than `HEARTBEAT_STALE_MS`, else 503 `{ status: 'unavailable', … }`.
 *   Anything else is 404. `/readyz` stays on the site's port (it asks the database).
 * - With one process (no cluster) the same server runs in that process and always answers ok
 *   while it can answer at all.
 */
import cluster from 'node:cluster';
import http from 'node:http';

/** How often a worker reports (ms). */
export const HEARTBEAT_INTERVAL_MS = 1_000;
/** A worker silent for longer than this (ms) is not counted as healthy. */
export const HEARTBEAT_STALE_MS = 5_000;
/** The IPC message type of a heartbeat. */
export const HEARTBEAT = 'dimora:heartbeat';

type Heartbeat = { type: typeof HEARTBEAT; slot: number };

const isHeartbeat = (message: unknown): message is Heartbeat =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === HEARTBEAT;

/** In a cluster worker: reports to the primary every HEARTBEAT_INTERVAL_MS until the process ends. No-op elsewhere. */
export function startHeartbeat(slot: number): void {
  if (!cluster.isWorker || !process.send) return;
  const beat = () => process.send?.({ type: HEARTBEAT, slot } satisfies Heartbeat);
  beat();
  setInterval(beat, HEARTBEAT_INTERVAL_MS).unref();
}

export type HealthPort = { server: http.Server; close(): Promise<void> };

/**
 * Listens on `host:port` and answers `/healthz` (module comment). `workers`: the cluster's worker
 * count, whose heartbeats are counted (0: one process, always ok). Resolves once listening;
 * rejects when the port cannot be bound.
 */
export async function startHealthPort({
  host,
  port,
  workers,
  now = Date.now,
}: {
  host: string;
  port: number;
  workers: number;
  now?: () => number;
}): Promise<HealthPort> {
  const lastBeat = new Map<number, number>();
  if (workers > 0) cluster.on('message', (_worker, message: unknown) => isHeartbeat(message) && lastBeat.set(message.slot, now()));
  const server = http.createServer((req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    if ((req.method !== 'GET' && req.method !== 'HEAD') || req.url?.split('?')[0] !== '/healthz') {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ status: 'not_found' }));
      return;
    }
    const at = now();
    const alive = workers === 0 ? 1 : [...lastBeat.values()].filter((beat) => at - beat < HEARTBEAT_STALE_MS).length;
    const ok = alive > 0;
    res
      .writeHead(ok ? 200 : 503, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ status: ok ? 'ok' : 'unavailable', workers: alive, of: Math.max(1, workers) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return { server, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
