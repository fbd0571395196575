/**
 * Operations through the real Express app and Node server (decision 023): odd HTTP methods are 405
 * (TRACE used to be 500), tokens never reach the request log, /readyz turns 503 the moment a
 * shutdown begins while the request in flight still completes, and a database that stops
 * answering makes /readyz fail fast instead of hanging.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { Writable } from 'node:stream';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, postgresPoolConfig, type Database } from '~/server/db/client.server';
import { createLogger, logger } from '~/server/logger.server';
import { createRealtimeHub, type RealtimeHub } from '~/server/realtime/hub.server';
import { createApp, hardenHttpServer, type AppOptions } from '../../server/app';
import { createReadiness, drainServer } from '../../server/shutdown';
import { testAppOptions } from '../setup/realtime';
import { createTestDatabase, type TestDatabase } from '../setup/test-db';

let database: TestDatabase;
let hub: RealtimeHub;
const servers: http.Server[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  hub = await createRealtimeHub({ database, logger });
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await hub?.close();
  await database?.close();
});

/** The app as the server builds it (no page build: these requests never reach React Router). */
function appOptions(overrides: Partial<AppOptions> = {}): AppOptions {
  return testAppOptions(database, hub, { uploadsDir: os.tmpdir(), ...overrides });
}

async function listen(handler: http.RequestListener): Promise<{ server: http.Server; port: number }> {
  const server = http.createServer(handler);
  hardenHttpServer(server);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

/** Sends one raw request line and answers the status line and headers of the reply ('' if the connection closed silently). */
function rawRequest(port: number, method: string, target = '/'): Promise<{ statusLine: string; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(`${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`),
    );
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const head = data.split('\r\n\r\n')[0] ?? '';
      resolve({ statusLine: head.split('\r\n')[0] ?? '', head });
    });
  });
}

/** One request on a new connection (no keep-alive agent). */
function get(
  port: number,
  target: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: target, headers, agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe(`HTTP methods (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let port: number;
  beforeAll(async () => {
    ({ port } = await listen(createApp(appOptions())));
  });

  it('answers TRACE and TRACK with 405 and the allowed methods', async () => {
    for (const method of ['TRACE', 'TRACK']) {
      const { statusLine, head } = await rawRequest(port, method, '/properties');
      expect(`${method} ${statusLine}`).toBe(`${method} HTTP/1.1 405 Method Not Allowed`);
      expect(head).toMatch(/\r\nAllow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS/i);
    }
  });

  it('answers other odd methods with 405, never a 500 or a dropped connection', async () => {
    for (const method of ['CONNECT', 'PROPFIND', 'MKCOL', 'QUERY', 'PURGE', 'BREW']) {
      const target = method === 'CONNECT' ? '127.0.0.1:443' : '/';
      const { statusLine } = await rawRequest(port, method, target);
      expect(`${method} ${statusLine}`).toBe(`${method} HTTP/1.1 405 Method Not Allowed`);
    }
  });

  it('still serves the ordinary methods', async () => {
    expect((await rawRequest(port, 'GET', '/healthz')).statusLine).toBe('HTTP/1.1 200 OK');
    expect((await rawRequest(port, 'HEAD', '/healthz')).statusLine).toBe('HTTP/1.1 200 OK');
  });
});

describe('the request log', () => {
  it('never holds a token from the URL, the query or the Referer', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const { port } = await listen(createApp(appOptions({ logRequests: true, requestLogger: createLogger(sink, 'info') })));
    const response = await get(port, '/auth/verify.data?token=s3cr3t-V3rify&lang=it', {
      referer: 'http://127.0.0.1/auth?mode=reset&token=s3cr3t-R3set',
    });
    // The page build is missing in this test: the answer is an error, logged like any other.
    expect(response.status).toBeGreaterThanOrEqual(400);
    type Entry = { msg?: string; req?: { url?: string; query?: unknown; headers?: Record<string, string> } };
    const requestEntry = () =>
      lines.map((line) => JSON.parse(line) as Entry).find((entry) => entry.req?.url?.startsWith('/auth/verify.data'));
    await expect.poll(() => requestEntry()?.req?.url).toBe('/auth/verify.data?token=REDACTED&lang=it');
    const requestLine = requestEntry()!;
    expect(requestLine.req?.query).toEqual({ token: 'REDACTED', lang: 'it' });
    expect(requestLine.req?.headers?.referer).toBe('http://127.0.0.1/auth?mode=reset&token=REDACTED');
    // The failed request's error entry names the URL redacted too.
    expect(
      lines.some((line) => line.includes('"msg":"request failed"') && line.includes('"url":"/auth/verify.data?token=REDACTED&lang=it"')),
    ).toBe(true);
    expect(lines.join('\n')).not.toMatch(/s3cr3t/);
  });
});

describe(`/readyz during shutdown (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('answers 503 from the moment shutdown begins, while the request in flight completes', async () => {
    const readiness = createReadiness();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const inFlight = new Promise<void>((resolve) => (started = resolve));
    // A slow request in front of the app: it is in flight when the stop begins.
    const outer = express();
    outer.get('/slow', (_req, res) => {
      started();
      void released.then(() => res.status(200).send('finished'));
    });
    outer.use(createApp(appOptions({ readiness })));
    const { server, port } = await listen(outer);

    expect(await get(port, '/readyz')).toMatchObject({ status: 200 });
    const slow = get(port, '/slow');
    await inFlight;

    let drained = false;
    const drain = drainServer(server, readiness, { drainMs: 400 }).then(() => (drained = true));
    const during = await get(port, '/readyz');
    expect(during.status).toBe(503);
    expect(JSON.parse(during.body)).toMatchObject({ status: 'draining' });
    expect(during.connection).toBe('close');
    expect(drained).toBe(false);

    release();
    expect(await slow).toMatchObject({ status: 200, body: 'finished' });
    await drain;
    expect(drained).toBe(true);
    // After the drain period the listener is closed: new connections are refused.
    await expect(get(port, '/readyz')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });
});

describe('a database that stops answering', () => {
  let blackhole: net.Server;
  let silent: Database;
  const sockets = new Set<net.Socket>();

  beforeAll(async () => {
    // Accepts TCP connections and never says a word, like a hung or partitioned database server.
    blackhole = net.createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => blackhole.listen(0, '127.0.0.1', resolve));
    const url = `postgresql://dimora@127.0.0.1:${(blackhole.address() as AddressInfo).port}/dimora`;
    silent = await openDatabase({ databaseUrl: url, connectTimeoutMs: 300, statementTimeoutMs: 1_000 });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await silent?.close().catch(() => undefined);
    await new Promise((resolve) => blackhole?.close(resolve));
  });

  it('fails a query within the connect timeout instead of hanging', async () => {
    const started = Date.now();
    const error = await silent.db.execute('select 1').then(
      () => null,
      (failure: Error) => failure,
    );
    // Drizzle wraps the driver's error: node-postgres' own message is the cause.
    expect((error?.cause as Error | undefined)?.message).toMatch(/timeout/i);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('makes /readyz answer 503 within its timeout', async () => {
    const { port } = await listen(createApp(appOptions({ database: silent, readyzTimeoutMs: 250 })));
    const started = Date.now();
    const response = await get(port, '/readyz');
    expect(response.status).toBe(503);
    expect(JSON.parse(response.body)).toEqual({ status: 'unavailable', database: 'postgres' });
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});

describe('PostgreSQL pool timeouts', () => {
  it('sets a connect timeout always, and statement and read timeouts when asked', () => {
    expect(postgresPoolConfig('postgresql://h/db')).toEqual({
      connectionString: 'postgresql://h/db',
      max: 10,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    expect(postgresPoolConfig('postgresql://h/db', { poolSize: 4, connectTimeoutMs: 1_500, statementTimeoutMs: 30_000 })).toEqual({
      connectionString: 'postgresql://h/db',
      max: 4,
      connectionTimeoutMillis: 1_500,
      keepAlive: true,
      statement_timeout: 30_000,
      query_timeout: 35_000,
    });
    expect(postgresPoolConfig('postgresql://h/db', { statementTimeoutMs: 0 })).not.toHaveProperty('statement_timeout');
  });

  // A statement timeout needs a PostgreSQL server (PGlite runs in this process and has none):
  // registered on the PostgreSQL run of the suite only.
  if (process.env.TEST_DATABASE_URL) {
    it('ends a statement over the timeout quickly, and the pool keeps working (postgres)', async () => {
      const timed = await openDatabase({ databaseUrl: database.url!, poolSize: 2, statementTimeoutMs: 300 });
      try {
        const started = Date.now();
        const error = await timed.db.execute('select pg_sleep(5)').then(
          () => null,
          (failure: Error) => failure,
        );
        expect((error?.cause as { code?: string } | undefined)?.code).toBe('57014'); // query_canceled
        expect(Date.now() - started).toBeLessThan(2_000);
        expect(await timed.ping()).toBe(true);
      } finally {
        await timed.close();
      }
    });
  }
});
