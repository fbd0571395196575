/**
 * Realtime and HTTP test helpers: a real HTTP server instance (our Express app with its own
 * realtime hub and, unless given one, no page build: only the Express-level routes such as
 * `/api/events`, `/media` and the health checks are served), two of them over one database, a
 * Server-Sent Events client that records frames, and signed-in session cookies.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { ServerBuild } from 'react-router';
import { createApp, type AppOptions } from '../../server/app';
import { openDatabase, type Database } from '~/server/db/client.server';
import { logger } from '~/server/logger.server';
import { createRealtimeHub, type RealtimeHub } from '~/server/realtime/hub.server';
import type { Role } from '~/lib/access';
import { createTestDatabase, testContext, type TestDatabase } from './test-db';
import { createSignedInUser } from './sign-in';

export type TestInstance = { url: string; hub: RealtimeHub; database: Database; close(): Promise<void> };

/**
 * The options of the app as the tests build it over `database` and `hub`: the test auth and mailer,
 * plain HTTP on loopback, no page build (requests that reach React Router fail) and no request log;
 * `overrides` replace any of them.
 */
export function testAppOptions(database: Database, hub: RealtimeHub, overrides: Partial<AppOptions> = {}): AppOptions {
  const context = testContext(database);
  return {
    database,
    auth: context.auth,
    mailer: context.mailer,
    hub,
    publicUrl: 'http://127.0.0.1',
    secureTransport: false,
    uploadsDir: '/nonexistent',
    build: () => Promise.reject(new Error('no page build in these tests')) as Promise<ServerBuild>,
    logRequests: false,
    ...overrides,
  };
}

/**
 * Starts one server instance on a free loopback port over `database`, with `testAppOptions`
 * changed by `overrides` (its own realtime hub unless `overrides.hub` is given). `close` closes
 * the hub, then the server and its open connections; the database stays open.
 */
export async function startInstance(database: Database, overrides: Partial<AppOptions> = {}): Promise<TestInstance> {
  const hub = overrides.hub ?? (await createRealtimeHub({ database, logger }));
  const app = createApp(testAppOptions(database, hub, overrides));
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hub,
    database,
    close: async () => {
      await hub.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type TwoInstances = { shared: TestDatabase; instanceA: TestInstance; instanceB: TestInstance; close(): Promise<void> };

/**
 * Two instances over one fresh database, as a scaled-out deployment runs them: on PostgreSQL
 * B has a connection pool of its own, on PGlite both share the one in-memory database. `close`
 * closes both instances, the second pool and the database.
 */
export async function startTwoInstances(): Promise<TwoInstances> {
  const shared = await createTestDatabase();
  const secondPool = shared.url ? await openDatabase({ databaseUrl: shared.url, poolSize: 4 }) : null;
  const instanceA = await startInstance(shared);
  const instanceB = await startInstance(secondPool ?? shared);
  return {
    shared,
    instanceA,
    instanceB,
    close: async () => {
      await instanceA.close();
      await instanceB.close();
      await secondPool?.close();
      await shared.close();
    },
  };
}

/** Creates a verified user with `role` and answers its id and a session `cookie` header value. */
export async function signedInUser(database: Database, role: Role, email: string): Promise<{ id: string; email: string; cookie: string }> {
  return createSignedInUser(testContext(database), { email, role, password: 'realtime-pass-123' });
}

export type Frame = { id: string | null; event: string; data: unknown };

export type TestStream = {
  status: number;
  frames: Frame[];
  /** Frames other than the stream's own (ready, ping, resync). */
  events(): Frame[];
  /** Resolves with the first frame matching `predicate` (already received or coming), or rejects after `timeoutMs`. */
  waitFor(predicate: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Resolves when the server ends the stream (not when `close()` aborts it). */
  ended: Promise<void>;
  close(): void;
};

/**
 * Opens `GET /api/events` on `baseUrl` with optional `cookie` and `lastEventId` header, and
 * records the frames. Resolves once the response headers have arrived.
 */
export async function openStream(baseUrl: string, options: { cookie?: string; lastEventId?: number } = {}): Promise<TestStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  const response = await fetch(`${baseUrl}/api/events`, { headers, signal: controller.signal });
  const frames: Frame[] = [];
  const waiters = new Set<{ predicate: (frame: Frame) => boolean; resolve: (frame: Frame) => void }>();
  const push = (frame: Frame) => {
    frames.push(frame);
    for (const waiter of waiters) {
      if (waiter.predicate(frame)) {
        waiters.delete(waiter);
        waiter.resolve(frame);
      }
    }
  };
  let markEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            let id: string | null = null;
            let event = 'message';
            const data: string[] = [];
            for (const line of block.split('\n')) {
              if (line.startsWith('id: ')) id = line.slice(4);
              else if (line.startsWith('event: ')) event = line.slice(7);
              else if (line.startsWith('data: ')) data.push(line.slice(6));
            }
            if (data.length > 0) push({ id, event, data: JSON.parse(data.join('\n')) });
          }
        }
        markEnded();
      } catch {
        // aborted by close()
      }
    })();
  } else {
    await response.body?.cancel();
  }
  return {
    status: response.status,
    frames,
    events: () => frames.filter((frame) => !['ready', 'ping', 'resync'].includes(frame.event)),
    waitFor(predicate, timeoutMs = 5_000) {
      const found = frames.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter)) reject(new Error(`no matching frame within ${timeoutMs} ms; got ${JSON.stringify(frames)}`));
        }, timeoutMs).unref();
      });
    },
    ended,
    close: () => controller.abort(),
  };
}
