/**
 * The health port (decision 053): `/healthz` from the workers' heartbeats, on a port of its own.
 * Heartbeats are the cluster's IPC messages, delivered here as the primary would see them.
 */
import cluster from 'node:cluster';
import { afterEach, describe, expect, it } from 'vitest';
import { HEARTBEAT, HEARTBEAT_STALE_MS, startHealthPort, type HealthPort } from './health-port';

let open: HealthPort | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
  cluster.removeAllListeners('message');
});

async function start(workers: number, now: () => number = Date.now) {
  open = await startHealthPort({ host: '127.0.0.1', port: 0, workers, now });
  const address = open.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

const ask = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, cache: response.headers.get('cache-control'), body: (await response.json()) as unknown };
};

describe('the health port', () => {
  it('answers ok while one process serves', async () => {
    const base = await start(0);
    expect(await ask(`${base}/healthz`)).toEqual({ status: 200, cache: 'no-store', body: { status: 'ok', workers: 1, of: 1 } });
    expect((await ask(`${base}/other`)).status).toBe(404);
  });

  it('counts the workers whose heartbeat is fresh, and answers 503 when none is', async () => {
    let clock = 1_000_000;
    const base = await start(2, () => clock);
    expect(await ask(`${base}/healthz`)).toMatchObject({ status: 503, body: { status: 'unavailable', workers: 0, of: 2 } });

    cluster.emit('message', {}, { type: HEARTBEAT, slot: 0 });
    cluster.emit('message', {}, { type: HEARTBEAT, slot: 1 });
    cluster.emit('message', {}, { type: 'something-else', slot: 1 });
    expect(await ask(`${base}/healthz`)).toMatchObject({ status: 200, body: { status: 'ok', workers: 2, of: 2 } });

    clock += HEARTBEAT_STALE_MS - 1;
    cluster.emit('message', {}, { type: HEARTBEAT, slot: 1 });
    clock += 2;
    // Slot 0 has been silent too long; slot 1 is fresh.
    expect(await ask(`${base}/healthz?probe=1`)).toMatchObject({ status: 200, body: { workers: 1, of: 2 } });
    clock += HEARTBEAT_STALE_MS;
    expect(await ask(`${base}/healthz`)).toMatchObject({ status: 503, body: { workers: 0 } });
  });
});
