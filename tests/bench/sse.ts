/**
 * `npm run bench:sse` (decision 011): how many concurrent Server-Sent Events streams one
 * instance holds on this machine, the memory each costs, and how fast one event per stream fans
 * out to all of them.
 *
 * The server runs in a child process (our Express app + realtime hub, on in-memory PGlite, or on
 * PostgreSQL when DATABASE_URL is set — it then creates and drops a scratch database); this
 * process opens the streams as chat visitors (one thread each, distinct client addresses through
 * a trusted loopback proxy so the per-client rate limit does not interfere), in steps, asking the
 * server for its memory after a GC at each step. Not a test: it prints figures, never fails.
 *
 * Options: --connections N (default 5000), --step N (default 1000).
 */
import { fork, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import pg from 'pg';
import type { ServerBuild } from 'react-router';

type ServerMessage =
  | { kind: 'ready'; port: number; tokens: string[]; threadIds: number[]; database: string }
  | { kind: 'memory'; rss: number; heapUsed: number; external: number; connections: number }
  | { kind: 'published'; count: number };
type ParentMessage = { kind: 'memory' } | { kind: 'publish' } | { kind: 'stop' };

const MB = 1024 * 1024;

async function runServer(connections: number): Promise<void> {
  const { openDatabase } = await import('../../app/server/db/client.server');
  const { BENCH_AUTH_SECRET, createAuthServices } = await import('../setup/auth-services');
  const { logger } = await import('../../app/server/logger.server');
  const { createRealtimeHub } = await import('../../app/server/realtime/hub.server');
  const { publishEvents } = await import('../../app/server/realtime/events.server');
  const { hashVisitorToken, newVisitorToken } = await import('../../app/server/chat/chat-access.server');
  const { thread } = await import('../../app/server/db/schema');
  const { createApp } = await import('../../server/app');

  let scratchUrl: string | undefined;
  const baseUrl = process.env.DATABASE_URL;
  const name = `dimora_bench_sse_${process.pid}`;
  if (baseUrl) {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    scratchUrl = url.toString();
  }
  const database = await openDatabase({ databaseUrl: scratchUrl, poolSize: 10 });
  await database.migrate();
  const tokens = Array.from({ length: connections }, () => newVisitorToken());
  const threadIds: number[] = [];
  for (let start = 0; start < tokens.length; start += 1_000) {
    const rows = await database.db
      .insert(thread)
      .values(
        tokens.slice(start, start + 1_000).map((token, index) => ({
          kind: 'chat' as const,
          visitorName: `Visitor ${start + index}`,
          visitorEmail: `visitor${start + index}@bench.test`,
          visitorToken: hashVisitorToken(token),
        })),
      )
      .returning({ id: thread.id });
    threadIds.push(...rows.map((row) => row.id));
  }
  const { auth, mailer } = createAuthServices(database.db, {
    publicUrl: 'http://127.0.0.1',
    from: 'bench@dimora.test',
    secret: BENCH_AUTH_SECRET,
  });
  const hub = await createRealtimeHub({ database, logger });
  const app = createApp({
    database,
    auth,
    mailer,
    hub,
    publicUrl: 'http://127.0.0.1',
    secureTransport: false,
    trustProxy: 'loopback',
    uploadsDir: '/nonexistent',
    build: () => Promise.reject(new Error('no page build')) as Promise<ServerBuild>,
    logRequests: false,
  });
  const server = app.listen(0, '127.0.0.1');
  server.maxConnections = connections + 100;
  await new Promise((resolve) => server.once('listening', resolve));
  const send = (message: ServerMessage) => process.send!(message);
  send({ kind: 'ready', port: (server.address() as AddressInfo).port, tokens, threadIds, database: database.kind });

  process.on('message', async (message: ParentMessage) => {
    if (message.kind === 'memory') {
      for (let round = 0; round < 3; round += 1) (globalThis as { gc?: () => void }).gc?.();
      const usage = process.memoryUsage();
      send({ kind: 'memory', rss: usage.rss, heapUsed: usage.heapUsed, external: usage.external, connections: hub.connections() });
    } else if (message.kind === 'publish') {
      await database.db.transaction(async (tx) => {
        const now = new Date().toISOString();
        await publishEvents(
          tx,
          threadIds.map((threadId, index) => ({
            audience: `thread:${threadId}` as const,
            type: 'chat.message' as const,
            payload: {
              message: {
                id: index + 1,
                threadId,
                authorKind: 'staff' as const,
                authorName: 'Bench',
                body: 'fan-out',
                clientId: null,
                createdAt: now,
              },
            },
          })),
        );
      });
      send({ kind: 'published', count: threadIds.length });
    } else if (message.kind === 'stop') {
      await hub.close();
      server.closeAllConnections();
      server.close();
      await database.close();
      if (scratchUrl && baseUrl) {
        const admin = new pg.Client({ connectionString: baseUrl });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
      process.exit(0);
    }
  });
}

function request(child: ChildProcess, message: ParentMessage, kind: ServerMessage['kind']): Promise<ServerMessage> {
  return new Promise((resolve) => {
    const listener = (reply: ServerMessage) => {
      if (reply.kind !== kind) return;
      child.off('message', listener);
      resolve(reply);
    };
    child.on('message', listener);
    child.send(message);
  });
}

async function runClient(): Promise<void> {
  const { values } = parseArgs({
    options: { connections: { type: 'string', default: '5000' }, step: { type: 'string', default: '1000' } },
  });
  const total = Number(values.connections);
  const step = Number(values.step);
  const child = fork(import.meta.filename, ['--server', String(total)], {
    execArgv: [...process.execArgv, '--expose-gc'],
    env: { ...process.env, LOG_LEVEL: 'error' },
  });
  const ready = await new Promise<Extract<ServerMessage, { kind: 'ready' }>>((resolve) => {
    child.once('message', (message: ServerMessage) => resolve(message as Extract<ServerMessage, { kind: 'ready' }>));
  });
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const received: number[] = new Array(total).fill(0);
  let publishStarted = 0;
  const latencies: number[] = [];
  let failures = 0;

  const open = (index: number) =>
    new Promise<void>((resolve) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: ready.port,
          path: '/api/events',
          agent,
          headers: {
            cookie: `dimora.chat=${ready.tokens[index]}`,
            'x-forwarded-for': `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
          },
        },
        (res) => {
          if (res.statusCode !== 200) {
            failures += 1;
            res.resume();
            resolve();
            return;
          }
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            if (buffer.includes('event: ready')) {
              buffer = buffer.slice(buffer.indexOf('event: ready') + 12);
              resolve();
            }
            if (buffer.includes('event: chat.message')) {
              buffer = '';
              received[index] = (received[index] ?? 0) + 1;
              latencies.push(performance.now() - publishStarted);
            }
          });
        },
      );
      req.on('error', () => {
        failures += 1;
        resolve();
      });
    });

  const memory = async () => (await request(child, { kind: 'memory' }, 'memory')) as Extract<ServerMessage, { kind: 'memory' }>;
  const baseline = await memory();
  console.log(`SSE benchmark — ${ready.database}, Node ${process.version}, ${total} streams in steps of ${step}`);
  console.log('| streams | rss MB | heap MB | Δrss per stream KB | Δheap per stream KB | open time s |');
  console.log('|---:|---:|---:|---:|---:|---:|');
  console.log(`| 0 | ${(baseline.rss / MB).toFixed(1)} | ${(baseline.heapUsed / MB).toFixed(1)} | — | — | — |`);
  let opened = 0;
  while (opened < total) {
    const batch = Math.min(step, total - opened);
    const started = performance.now();
    // 200 handshakes in flight at a time: the accept queue, not the benchmark, would be measured otherwise.
    for (let index = opened; index < opened + batch; index += 200) {
      await Promise.all(Array.from({ length: Math.min(200, opened + batch - index) }, (_, offset) => open(index + offset)));
    }
    opened += batch;
    const now = await memory();
    const streams = now.connections;
    console.log(
      `| ${streams} | ${(now.rss / MB).toFixed(1)} | ${(now.heapUsed / MB).toFixed(1)} | ${((now.rss - baseline.rss) / 1024 / Math.max(1, streams)).toFixed(1)} | ${((now.heapUsed - baseline.heapUsed) / 1024 / Math.max(1, streams)).toFixed(1)} | ${((performance.now() - started) / 1000).toFixed(1)} |`,
    );
  }
  publishStarted = performance.now();
  await request(child, { kind: 'publish' }, 'published');
  const deadline = Date.now() + 30_000;
  while (latencies.length < total - failures && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)]?.toFixed(0) ?? '—';
  const duplicates = received.filter((count) => count > 1).length;
  console.log(
    `\nFan-out of one event to each stream (${total} events in one transaction): delivered ${latencies.length}/${total}, duplicates ${duplicates}, failed opens ${failures}`,
  );
  console.log(`latency from publish: p50 ${pct(50)} ms, p95 ${pct(95)} ms, p99 ${pct(99)} ms, max ${pct(100)} ms`);
  agent.destroy();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ kind: 'stop' });
  await exited;
  process.exit(0);
}

if (process.argv[2] === '--server') await runServer(Number(process.argv[3]));
else await runClient();
