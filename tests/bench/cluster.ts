/**
 * `npm run bench` (all cores; decision 032): on PostgreSQL seeded with 75,000 units, the built
 * server with WEB_CONCURRENCY=2 under 50 connections over the listing paths (autocannon cycles
 * through them), for --duration seconds (default 60): errors, p50/p95/p99, req/s. Then the same
 * during a flood of wrong-password sign-ins (default 20 per second: POST /auth, `intent=sign-in`,
 * random unknown e-mails, each from its own X-Forwarded-For address — the server trusts loopback
 * as its proxy here — so the per-client rate limit does not cut the flood short): the listing's
 * figures again and how the sign-ins were answered (401 wrong password, 429 rate limited, 503
 * hasher saturated). Targets: 0 errors and p99 < 500 ms; listing p99 < 1 s during the flood.
 *
 * Needs BENCH_DATABASE_URL (or DATABASE_URL). Options: --duration S (default 60), --connections N
 * (default 50), --units N (default 75000), --workers N (default 2), --rate N sign-ins per second
 * (default 20), --port P (default 3710), --fresh (re-seed). The built server is used as it is
 * when BENCH_BUILD=0 and a build exists. Not a test: it prints figures, never fails on them.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  buildUnlessKept,
  benchPostgresUrl,
  percentile,
  prepare,
  scratch,
  startServer,
  stopServer,
  summarize,
  type Sample,
  type Stats,
} from './lib';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '60' },
    connections: { type: 'string', default: '50' },
    units: { type: 'string', default: '75000' },
    workers: { type: 'string', default: '2' },
    rate: { type: 'string', default: '20' },
    port: { type: 'string', default: '3710' },
    fresh: { type: 'boolean', default: false },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const units = Number(args.units);
const workers = Number(args.workers);
const rate = Number(args.rate);
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;

/** The public listing paths a visitor takes (DESIGN §6): default page, sorts, filters, a deep page, data requests. */
const LISTING_PATHS = [
  '/properties',
  '/properties?sort=price_asc',
  // Not `?sort=newest`: a default in the query is redirected to the canonical URL (decision 053).
  '/properties?sort=price_desc',
  '/properties?capacity=2&location=TX&minPrice=1000&maxPrice=3500&sort=price_asc',
  '/properties?location=Austin%2C%20TX',
  '/properties?page=10',
  '/properties.data?capacity=2&minPrice=800&maxPrice=3000&page=2',
  '/properties.data?location=CA',
];

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

/** One autocannon run over LISTING_PATHS: latencies of the 200s, and every other answer or failure as an error. */
async function listingLoad(seconds: number): Promise<Sample> {
  const latencies: number[] = [];
  const instance = autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: LISTING_PATHS.map((requestPath) => ({ method: 'GET', path: requestPath })),
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === 200) latencies.push(responseTime);
  });
  const result = await instance;
  return { latencies, seconds: result.duration, errors: result.errors + result.non2xx + result.timeouts };
}

type Flood = { stop(): Promise<{ statuses: Map<string, number>; latencies: number[] }> };

/** Sends `perSecond` wrong-password sign-ins a second (evenly spaced), each from a random address, until stopped. */
function signInFlood(perSecond: number): Flood {
  const statuses = new Map<string, number>();
  const latencies: number[] = [];
  const pending = new Set<Promise<void>>();
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  const one = async () => {
    const address = `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
    const email = `flood-${Math.random().toString(36).slice(2, 10)}@flood.test`;
    const started = performance.now();
    try {
      const response = await fetch(`${base}/auth`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
        body: new URLSearchParams({ intent: 'sign-in', email, password: 'not-the-password-1' }),
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
      });
      await response.arrayBuffer();
      count(String(response.status));
    } catch {
      count('failed');
    }
    latencies.push(performance.now() - started);
  };
  const timer = setInterval(() => {
    const request = one();
    pending.add(request);
    void request.finally(() => pending.delete(request));
  }, 1_000 / perSecond);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
      return { statuses, latencies: latencies.sort((a, b) => a - b) };
    },
  };
}

function line(label: string, stats: Stats) {
  return `${label.padEnd(22)} p50 ${stats.p50} ms  p95 ${stats.p95} ms  p99 ${stats.p99} ms  ${stats.rps.toFixed(0)} req/s  (${stats.requests} ok, ${stats.errors} errors)`;
}

async function main() {
  const pgUrl = benchPostgresUrl();
  if (!pgUrl) {
    console.log(
      'cluster bench: set BENCH_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server; WEB_CONCURRENCY > 1 needs PostgreSQL. Skipped.',
    );
    return;
  }
  fs.mkdirSync(scratch, { recursive: true });
  buildUnlessKept();
  console.log(`PostgreSQL, ${units.toLocaleString('en-US')} units (load average ${loadAverage()} on ${os.cpus().length} CPUs)`);
  const env = await prepare('postgres', units, { fresh: args.fresh });
  // Loopback is the "proxy": each flood request names its own client address.
  const server = await startServer({ ...env, WEB_CONCURRENCY: String(workers), TRUST_PROXY: 'loopback' }, port);
  try {
    console.log(`Server up with WEB_CONCURRENCY=${workers}; warming up…`);
    await listingLoad(Math.min(5, duration));

    const before = loadAverage();
    const baseline = summarize([await listingLoad(duration)]);
    console.log(line('listing', baseline));

    const flood = signInFlood(rate);
    const during = summarize([await listingLoad(duration)]);
    const signIns = await flood.stop();
    console.log(line(`listing, ${rate} sign-ins/s`, during));
    const after = loadAverage();

    const total = [...signIns.statuses.values()].reduce((sum, n) => sum + n, 0);
    const by = (key: string) => signIns.statuses.get(key) ?? 0;
    const others = [...signIns.statuses].filter(([key]) => !['401', '429', '503'].includes(key));
    console.log(
      `\nAll cores (WEB_CONCURRENCY=${workers}, ${connections} connections, ${duration} s per run over ${LISTING_PATHS.length} listing paths; PostgreSQL, ${units.toLocaleString('en-US')} units)`,
    );
    console.log('| run | errors | p50 ms | p95 ms | p99 ms | req/s | target |');
    console.log('|---|---:|---:|---:|---:|---:|---|');
    console.log(
      `| listing | ${baseline.errors} | ${baseline.p50} | ${baseline.p95} | ${baseline.p99} | ${baseline.rps.toFixed(0)} | 0 errors, p99 < 500 ms: ${baseline.errors === 0 && baseline.p99 < 500 ? 'met' : 'NOT met'} |`,
    );
    console.log(
      `| listing during ${rate} wrong sign-ins/s | ${during.errors} | ${during.p50} | ${during.p95} | ${during.p99} | ${during.rps.toFixed(0)} | p99 < 1 s: ${during.p99 < 1_000 ? 'met' : 'NOT met'} |`,
    );
    console.log(
      `\nSign-ins sent: ${total} (${(total / duration).toFixed(1)}/s): ${by('401')} × 401 (wrong password), ${by('429')} × 429 (rate limited), ${by('503')} × 503 (hasher busy)${others.length ? `, others: ${others.map(([key, n]) => `${n} × ${key}`).join(', ')}` : ''}; sign-in latency p50 ${percentile(signIns.latencies, 50).toFixed(0)} ms, p99 ${percentile(signIns.latencies, 99).toFixed(0)} ms`,
    );
    console.log(`Load average: ${before} before the runs, ${after} after (${os.cpus().length} CPUs)`);
  } finally {
    await stopServer(server);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
