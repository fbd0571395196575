/**
 * All cores through the real server entry (decision 032): the compiled `build/entry/index.js`
 * that production runs (decision 053), started with WEB_CONCURRENCY=2.
 *
 * - On PostgreSQL (TEST_DATABASE_URL, a fresh database): two workers answer, neither of them the
 *   primary; exactly one runs the job runner; a killed worker is replaced in its slot (the job
 *   runner's, so its replacement takes the role over); SIGTERM on the primary stops every worker
 *   and exits 0.
 * - On PGlite (no TEST_DATABASE_URL): the request is refused with a log line and one process
 *   serves and runs the jobs; SIGTERM exits 0.
 * - Both: a dozen e-mail jobs queued before the start are each delivered exactly once (one row in
 *   the dev mailbox, one attempt), all by one process.
 *
 * Needs the production build (`npm run build`); it is built here when missing.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LOCKED_MAIL_TOPIC, type AccountLockedMailPayload } from '~/features/accounts/account-jobs.server';
import { openDatabase, type Database } from '~/server/db/client.server';
import { mailMessage, outbox } from '~/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../setup/test-db';
import { ensureProductionBuild } from '../setup/production-build';
import { SERVER_ENTRY } from '../../scripts/lib/server-entry.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dimora-cluster-'));
/** Starting workers on a busy machine (tsx compiling the server in each) can take minutes. */
const START_TIMEOUT_MS = 360_000;
const JOBS = 12;
const recipients = Array.from({ length: JOBS }, (_, i) => `owner-${i}@cluster.test`);

type LogLine = { msg?: string; pid?: number; worker?: number; role?: string; topic?: string; code?: number };
type Diagnostics = { pid: number; worker: number | null; jobRunner: boolean };

let testDatabase: TestDatabase | null = null;
let child: ChildProcessByStdio<null, Readable, Readable>;
let output = '';
let exited: Promise<number | null>;
let port = 0;
/** HEALTH_PORT (decision 053): a free port picked before the server starts. */
let healthPort = 0;

/** A port free on loopback right now. */
async function freePort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: free } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return free;
}

const logLines = (): LogLine[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** Polls `check` every 200 ms until it returns a value other than undefined, or fails after `timeoutMs`. */
async function waitFor<T>(what: string, check: () => T | undefined | Promise<T | undefined>, timeoutMs = START_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; server output:\n${output.slice(-4_000)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** One GET on a new connection (Node's cluster hands each new connection to the next worker). */
function get(target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: target, agent: false, timeout: 30_000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}

const whoAnswers = async (): Promise<Diagnostics> => JSON.parse((await get('/__diagnostics/process')).body) as Diagnostics;

/** Distinct processes seen answering in `requests` requests, by pid. */
async function answeringProcesses(requests: number): Promise<Map<number, Diagnostics>> {
  const seen = new Map<number, Diagnostics>();
  for (let i = 0; i < requests; i += 1) {
    const answer = await whoAnswers();
    seen.set(answer.pid, answer);
  }
  return seen;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Opens the database the server uses (PGlite only while the server is stopped: one process owns it). */
async function openServerDatabase(): Promise<Database> {
  return testDatabase ?? openDatabase({ dataDir });
}

beforeAll(
  async () => {
    await ensureProductionBuild(root);
    // The jobs are queued before the server starts, as if left by an earlier run.
    testDatabase = onPostgres ? await createTestDatabase() : null;
    const database = await openServerDatabase();
    await database.migrate();
    await database.db.insert(outbox).values(
      recipients.map((to) => ({
        topic: ACCOUNT_LOCKED_MAIL_TOPIC,
        payload: { to, locale: 'en', name: 'Owner', seconds: 900 } satisfies AccountLockedMailPayload,
      })),
    );
    if (!testDatabase) await database.close();

    const inherited = { ...process.env };
    for (const name of [
      'DATABASE_URL',
      'TEST_DATABASE_URL',
      'SMTP_URL',
      'PUBLIC_URL',
      'MAIL_TRANSPORT',
      'PAYMENT_PROVIDER',
      'STRIPE_SECRET_KEY',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'DIMORA_WORKER_SLOT',
    ]) {
      delete inherited[name];
    }
    healthPort = await freePort();
    child = spawn(process.execPath, [SERVER_ENTRY], {
      cwd: root,
      env: {
        ...inherited,
        ...(testDatabase?.url ? { DATABASE_URL: testDatabase.url } : {}),
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        // Every worker shares the one port the primary picks.
        PORT: '0',
        WEB_CONCURRENCY: '2',
        HEALTH_PORT: String(healthPort),
        SEED_ON_START: 'false',
        ENABLE_DIAGNOSTIC_ROUTES: 'true',
        SHUTDOWN_DRAIN_MS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));

    port = await waitFor('the listening log line', () => {
      const match = /Dimora is listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      return match ? Number(match[1]) : undefined;
    });
    // Both workers listen (on PostgreSQL) before the tests begin.
    const listening = onPostgres ? 2 : 1;
    await waitFor(`${listening} listening process(es)`, () =>
      logLines().filter((line) => line.msg?.startsWith('Dimora is listening')).length >= listening ? true : undefined,
    );
    await waitFor('/readyz', async () => ((await get('/readyz').catch(() => ({ status: 0 }))).status === 200 ? true : undefined));
  },
  2 * START_TIMEOUT_MS + 300_000,
);

afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    child.kill('SIGKILL');
    await exited;
  }
  await testDatabase?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe(`WEB_CONCURRENCY=2 on ${onPostgres ? 'PostgreSQL: two workers' : 'PGlite: refused, one process'}`, () => {
  it('answers /healthz on HEALTH_PORT from the primary, counting the workers that send heartbeats', async () => {
    const expected = onPostgres ? 2 : 1;
    const body = await waitFor(`${expected} worker(s) on the health port`, async () => {
      const response = await fetch(`http://127.0.0.1:${healthPort}/healthz`);
      const answer = (await response.json()) as { status: string; workers: number; of: number };
      return response.status === 200 && answer.workers === expected ? answer : undefined;
    });
    expect(body).toEqual({ status: 'ok', workers: expected, of: expected });
    // Only /healthz lives there: pages and /readyz stay on the site's port.
    expect((await fetch(`http://127.0.0.1:${healthPort}/readyz`)).status).toBe(404);
  });

  if (onPostgres) {
    it('answers from two workers, neither of them the primary, and only one runs the job runner', async () => {
      const seen = await answeringProcesses(12);
      expect(seen.size).toBe(2);
      expect([...seen.keys()]).not.toContain(child.pid);
      expect([...seen.values()].map((answer) => answer.worker).sort()).toEqual([0, 1]);
      expect([...seen.values()].filter((answer) => answer.jobRunner).map((answer) => answer.worker)).toEqual([0]);
      const primary = logLines().find((line) => line.role === 'primary' && line.msg === 'started 2 workers');
      expect(primary?.pid).toBe(child.pid);
    });
  } else {
    it('refuses more than one process on PGlite, saying why, and serves and runs the jobs in one', async () => {
      expect(output).toContain('WEB_CONCURRENCY > 1 refused: the embedded database (PGlite) is owned by one process; running 1 worker');
      const seen = await answeringProcesses(6);
      expect([...seen.values()]).toMatchObject([{ pid: child.pid, worker: null, jobRunner: true }]);
      expect(seen.size).toBe(1);
      expect(logLines().filter((line) => line.msg?.startsWith('Dimora is listening'))).toHaveLength(1);
      expect(output).not.toContain('started 2 workers');
    });
  }

  it('delivers each queued job once, all from the one process that runs the job runner', { timeout: 120_000 }, async () => {
    const delivered = await waitFor(
      `${JOBS} deliveries`,
      () => {
        const lines = logLines().filter((line) => line.msg === 'outbox message delivered' && line.topic === ACCOUNT_LOCKED_MAIL_TOPIC);
        return lines.length >= JOBS ? lines : undefined;
      },
      100_000,
    );
    expect(delivered).toHaveLength(JOBS);
    const runners = new Set(delivered.map((line) => line.pid ?? child.pid));
    expect(runners.size).toBe(1);
    if (onPostgres) {
      const jobRunner = [...(await answeringProcesses(8)).values()].find((answer) => answer.jobRunner);
      expect(runners).toEqual(new Set([jobRunner?.pid]));
    }
  });

  if (onPostgres) {
    it(
      "replaces a killed worker in its slot: the job runner's replacement runs the jobs",
      { timeout: START_TIMEOUT_MS + 30_000 },
      async () => {
        const before = await answeringProcesses(8);
        expect(before.size).toBe(2);
        const victim = [...before.values()].find((answer) => answer.jobRunner)!;
        process.kill(victim.pid, 'SIGKILL');
        await waitFor('the killed worker to be gone', () => (alive(victim.pid) ? undefined : true), 30_000);
        await waitFor('the restart to be logged', () => logLines().find((line) => line.msg === 'worker exited; restarting it'), 30_000);

        const replacement = await waitFor('a new worker in slot 0', async () => {
          const answer = await whoAnswers().catch(() => undefined);
          return answer && answer.worker === 0 && !before.has(answer.pid) ? answer : undefined;
        });
        expect(replacement).toMatchObject({ worker: 0, jobRunner: true });
        const after = await answeringProcesses(8);
        expect(after.size).toBe(2);
        expect([...after.keys()]).not.toContain(victim.pid);
        expect(logLines().find((line) => line.msg === 'worker exited; restarting it')).toMatchObject({
          role: 'primary',
          slot: 0,
          workerPid: victim.pid,
          signal: 'SIGKILL',
          restartInMs: 1_000,
        });
      },
    );
  }

  it('stops every process on SIGTERM and exits 0 within 30 s', { timeout: 60_000 }, async () => {
    const workers = onPostgres ? [...(await answeringProcesses(8)).keys()] : [];
    const started = Date.now();
    child.kill('SIGTERM');
    const code = await Promise.race([exited, new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 30_000))]);
    expect(code).toBe(0);
    expect(Date.now() - started).toBeLessThan(30_000);
    for (const pid of workers) expect(alive(pid), `worker ${pid}`).toBe(false);
    if (onPostgres) expect(logLines().find((line) => line.msg === 'every worker has stopped')).toMatchObject({ code: 0 });
  });

  it('left one delivered e-mail and one attempt per job in the database', async () => {
    const database = await openServerDatabase();
    try {
      const rows = await database.db
        .select({ attempts: outbox.attempts, processedAt: outbox.processedAt })
        .from(outbox)
        .where(eq(outbox.topic, ACCOUNT_LOCKED_MAIL_TOPIC))
        .orderBy(asc(outbox.id));
      expect(rows).toHaveLength(JOBS);
      for (const row of rows) {
        expect(row.attempts).toBe(1);
        expect(row.processedAt).not.toBeNull();
      }
      const mails = await database.db.select({ to: mailMessage.to }).from(mailMessage);
      expect(mails.map((mail) => mail.to).sort()).toEqual([...recipients].sort());
    } finally {
      if (!testDatabase) await database.close();
    }
  });
});
