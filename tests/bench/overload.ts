/**
 * `npm run bench:overload` (decision 053): the built server under 50 connections for a while, in
 * four runs, each while /healthz is probed ten times a second:
 *   a. the cached listing (`/properties`): what the anonymous HTML cache serves;
 *   b. junk query values (`/properties?r=<random>`): each answered 301 to the canonical URL, no render;
 *   c. random values of a parameter the page reads (`/properties?minPrice=<random>`), from one
 *      client address: real renders until the client's budget is spent, then 429;
 *   d. the same from a fresh address per request (the server trusts loopback as its proxy):
 *      renders bounded by the gate, the overflow answered 503 at once;
 *   e. run d while 20 wrong sign-ins a second arrive, each from a fresh address (password
 *      hashing competes for the CPU; their answers are counted apart).
 * For each: req/s, p50/p99 of the answers, how many answers of each status, timeouts and errors,
 * the p50/p99 of /healthz during the run (on the site's port, and on HEALTH_PORT = port + 1, the
 * primary's health port of decision 053), and the resident memory (RSS) of each server process
 * before and after; at the end, each process's memory split as Node reports it (V8 heap,
 * external and array buffers; the rest of RSS is native: the allocator, threads, PGlite's WASM
 * memory). The load average is printed with the figures.
 *
 * Options: --duration S (default BENCH_SECONDS, else 60), --connections N (default 50),
 * --units N (default BENCH_UNITS, else 75000), --port P (default 3810), --postgres
 * (BENCH_DATABASE_URL or DATABASE_URL; with --workers N, default 1), --fresh (re-seed), --runs a,c
 * (only those runs; default all). The build is
 * made first unless BENCH_BUILD=0 and one exists. Not a test: it prints figures, never fails on them.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { buildUnlessKept, benchPostgresUrl, percentile, prepare, scratch, startServer, stopServer } from './lib';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: process.env.BENCH_SECONDS || '60' },
    connections: { type: 'string', default: '50' },
    units: { type: 'string', default: process.env.BENCH_UNITS || '75000' },
    port: { type: 'string', default: '3810' },
    workers: { type: 'string', default: '1' },
    postgres: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    runs: { type: 'string', default: 'a,b,c,d,e' },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const units = Number(args.units);
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const healthBase = `http://127.0.0.1:${port + 1}`;

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const randomAddress = () =>
  `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;

/** The pids of `pid` and every process below it (cluster workers), from /proc (Linux). */
function processTree(pid: number): number[] {
  const below: number[] = [];
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/).map(Number) : []) below.push(...processTree(child));
    }
  } catch {
    // gone, or not Linux
  }
  return [pid, ...below];
}

/** Resident memory (MB) of each Node process of the server, e.g. `412 (pid 123)`. */
function rssOf(server: ChildProcess): string {
  return processTree(server.pid!)
    .map((pid) => {
      try {
        const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
        const name = /^Name:\s+(\S+)/m.exec(status)?.[1];
        const kb = Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1]);
        return name === 'node' || name === 'MainThread' ? `${(kb / 1024).toFixed(0)} MB (pid ${pid})` : null;
      } catch {
        return null;
      }
    })
    .filter(Boolean)
    .join(', ');
}

type Probe = { stop(): Promise<number[]> };

/**
 * The probe's loop, run in a worker thread of its own: on the bench's main thread it would wait
 * behind autocannon's callbacks and count their delay as the server's.
 */
const PROBE_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const latencies = [];
let running = true;
parentPort.on('message', () => (running = false));
(async () => {
  while (running) {
    const started = performance.now();
    try {
      const response = await fetch(workerData.url, { signal: AbortSignal.timeout(10000) });
      await response.arrayBuffer();
      latencies.push(response.ok ? performance.now() - started : 10000);
    } catch {
      latencies.push(10000);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  parentPort.postMessage(latencies);
})();
`;

/** Asks /healthz ten times a second on its own connection, from its own thread, until stopped; answers the latencies (ms; a failure counts as 10 s). */
function probeHealth(url: string): Probe {
  const worker = new Worker(PROBE_SOURCE, { eval: true, workerData: { url } });
  const done = new Promise<number[]>((resolve, reject) => {
    worker.once('message', (latencies: number[]) => resolve(latencies));
    worker.once('error', reject);
    // Settles the wait even when the thread ends without answering (a settled promise ignores it after a message).
    worker.once('exit', () => reject(new Error(`the health probe of ${url} ended without its figures`)));
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const latencies = await done;
      await worker.terminate();
      return latencies.sort((a, b) => a - b);
    },
  };
}

type Run = { label: string; path: () => string; headers?: () => Record<string, string>; wrongSignInsPerSecond?: number };

type SignIns = { stop(): Promise<Map<string, number>> };

/** Sends `perSecond` sign-ins with a wrong password, each from a fresh address, until stopped; answers the count of each outcome. */
function wrongSignIns(perSecond: number): SignIns {
  const outcomes = new Map<string, number>();
  const pending = new Set<Promise<void>>();
  const send = () => {
    // The sign-in form's own action (better-auth's endpoint is not public, server/app.ts).
    const sent = (async () => {
      let outcome = 'timeout/error';
      try {
        const response = await fetch(`${base}/auth`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, 'x-forwarded-for': randomAddress() },
          body: new URLSearchParams({
            intent: 'sign-in',
            email: `nobody-${Math.floor(Math.random() * 1_000)}@bench.test`,
            password: 'wrong-password-123',
          }),
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        outcome = String(response.status);
      } catch {
        // counted as timeout/error
      }
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    })();
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  };
  const timer = setInterval(send, 1_000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      // Each has its own 10 s timeout; the 15 s bound keeps one stuck request from holding the bench.
      await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (pending.size > 0) outcomes.set('unsettled', pending.size);
      return outcomes;
    },
  };
}

type Outcome = {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  statuses: Map<number, number>;
  timeouts: number;
  errors: number;
  health: number[];
  /** The same probe on HEALTH_PORT (the primary's health port, decision 053). */
  healthPort: number[];
  signIns: Map<string, number> | null;
  rssBefore: string;
  rssAfter: string;
};

async function measure(server: ChildProcess, run: Run): Promise<Outcome> {
  const rssBefore = rssOf(server);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const probe = probeHealth(`${base}/healthz`);
  const portProbe = probeHealth(`${healthBase}/healthz`);
  const signIns = run.wrongSignInsPerSecond ? wrongSignIns(run.wrongSignInsPerSecond) : null;
  const instance = autocannon({
    url: base,
    connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          path: run.path(),
          headers: { ...request.headers, ...run.headers?.() },
        }),
      },
    ],
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    latencies.push(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await instance;
  const health = await probe.stop();
  const healthPort = await portProbe.stop();
  const signInOutcomes = (await signIns?.stop()) ?? null;
  latencies.sort((a, b) => a - b);
  return {
    label: run.label,
    rps: latencies.length / result.duration,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statuses,
    timeouts: result.timeouts,
    errors: result.errors,
    health,
    healthPort,
    signIns: signInOutcomes,
    rssBefore,
    rssAfter: rssOf(server),
  };
}

const RUNS: Run[] = [
  { label: 'a. cached listing', path: () => '/properties' },
  { label: 'b. junk values (?r=)', path: () => `/properties?r=${Math.random().toString(36).slice(2)}` },
  { label: 'c. ?minPrice=random, 1 client', path: () => `/properties?minPrice=${Math.floor(Math.random() * 5_000)}` },
  {
    label: 'd. ?minPrice=random, many clients',
    path: () => `/properties?minPrice=${Math.floor(Math.random() * 5_000)}`,
    headers: () => ({ 'x-forwarded-for': randomAddress() }),
  },
  {
    label: 'e. run d + 20 wrong sign-ins/s',
    path: () => `/properties?minPrice=${Math.floor(Math.random() * 5_000)}`,
    headers: () => ({ 'x-forwarded-for': randomAddress() }),
    wrongSignInsPerSecond: 20,
  },
];

type Memory = { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };

/** Each server process's memory as Node reports it, asked of /__diagnostics/process until every process answered (or 50 tries). */
async function memoryByProcess(processes: number): Promise<Map<number, Memory>> {
  const seen = new Map<number, Memory>();
  for (let i = 0; i < 50 && seen.size < processes; i += 1) {
    try {
      const response = await fetch(`${base}/__diagnostics/process`, {
        headers: { connection: 'close' },
        signal: AbortSignal.timeout(5_000),
      });
      const body = (await response.json()) as { pid: number; memory: Memory };
      seen.set(body.pid, body.memory);
    } catch {
      // a busy or restarting worker: ask again
    }
  }
  return seen;
}

async function main() {
  const kind = args.postgres ? 'postgres' : 'pglite';
  if (kind === 'postgres' && !benchPostgresUrl()) throw new Error('--postgres needs BENCH_DATABASE_URL or DATABASE_URL');
  fs.mkdirSync(scratch, { recursive: true });
  buildUnlessKept();
  const env = await prepare(kind, units, { fresh: args.fresh });
  // Production limits (the bench library turns the per-client one off for the other benches);
  // loopback is the "proxy", so run d can name a client per request.
  const server = await startServer(
    {
      ...env,
      WEB_CONCURRENCY: kind === 'postgres' ? args.workers : '1',
      TRUST_PROXY: 'loopback',
      ENABLE_DIAGNOSTIC_ROUTES: 'true',
      HEALTH_PORT: String(port + 1),
      PAGE_RENDER_RATE_LIMIT: process.env.PAGE_RENDER_RATE_LIMIT || '120',
    },
    port,
  );
  const outcomes: Outcome[] = [];
  const before = loadAverage();
  const workers = kind === 'postgres' ? Number(args.workers) : 1;
  let memory = new Map<number, Memory>();
  try {
    const chosen = new Set(args.runs.split(','));
    for (const run of RUNS.filter((item) => chosen.has(item.label.slice(0, 1)))) {
      const outcome = await measure(server, run);
      outcomes.push(outcome);
      console.log(
        `  ${run.label}: ${outcome.rps.toFixed(0)} req/s, p99 ${outcome.p99.toFixed(0)} ms, /healthz p99 ${percentile(outcome.health, 99).toFixed(0)} ms (health port ${percentile(outcome.healthPort, 99).toFixed(0)} ms)`,
      );
    }
    memory = await memoryByProcess(workers);
  } finally {
    await stopServer(server);
  }
  const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '–');
  console.log(
    `\nOverload (${kind}, ${units.toLocaleString('en-US')} units, ${connections} connections, ${duration} s per run; load average ${before} before, ${loadAverage()} after, ${os.cpus().length} CPUs)`,
  );
  console.log(
    '| run | req/s | p50 ms | p99 ms | answers | timeouts | errors | /healthz p50 ms | /healthz p99 ms | health port p50 ms | health port p99 ms | RSS before | RSS after |',
  );
  console.log('|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|---|');
  for (const outcome of outcomes) {
    const answers = [...outcome.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${n} × ${status}`)
      .join(', ');
    console.log(
      `| ${outcome.label} | ${outcome.rps.toFixed(0)} | ${ms(outcome.p50)} | ${ms(outcome.p99)} | ${answers}${signInAnswers(outcome)} | ${outcome.timeouts} | ${outcome.errors} | ${ms(percentile(outcome.health, 50))} | ${ms(percentile(outcome.health, 99))} | ${ms(percentile(outcome.healthPort, 50))} | ${ms(percentile(outcome.healthPort, 99))} | ${outcome.rssBefore} | ${outcome.rssAfter} |`,
    );
  }
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  console.log('\nMemory after the runs, per server process (process.memoryUsage):');
  console.log('| pid | RSS | V8 heap total | V8 heap used | external | array buffers | native (RSS − heap total − external) |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const [pid, m] of memory) {
    console.log(
      `| ${pid} | ${mb(m.rss)} | ${mb(m.heapTotal)} | ${mb(m.heapUsed)} | ${mb(m.external)} | ${mb(m.arrayBuffers)} | ${mb(m.rss - m.heapTotal - m.external)} |`,
    );
  }
}

/** ` (sign-ins: 12 × 401, …)` for a run with wrong sign-ins, else nothing. */
function signInAnswers(outcome: Outcome): string {
  if (!outcome.signIns) return '';
  const counts = [...outcome.signIns].map(([status, n]) => `${n} × ${status}`).join(', ');
  return ` (sign-ins: ${counts})`;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
