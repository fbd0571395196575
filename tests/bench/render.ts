/**
 * `npm run bench` (render cost; decision 034): how much CPU the server spends
 * turning loader data into HTML, per page, with no HTTP server and no concurrency in the way.
 *
 * It imports the built server bundle (build/server/index.js) and calls React Router's request
 * handler in this process, one request at a time, over a warm scratch database (PGlite by
 * default, seeded once by ./lib; PostgreSQL with --postgres). For each page — `/about`,
 * `/properties`, `/property/{id}` (the first unit the listing shows) and the chrome-only
 * not-found page — it measures, in interleaved rounds so that load from other processes weighs
 * on every page alike:
 *   - `html`: the whole HTML request (loaders + render + reading the streamed body), ms;
 *   - `render`: from the call of entry.server's handleRequest to the last byte of the body — the
 *     React render alone (the handler is wrapped in a copy of the build; nothing else changes), ms;
 *   - `cpu`: the process CPU time (user + system, ms) of that render, which other processes on
 *     the machine disturb far less than wall time;
 *   - `data`: the page's `.data` request (the same loaders, serialized, no render), ms.
 * p50 and p95 of each, and the load average at the start and the end. Not a test: it prints
 * figures, never fails on them.
 *
 * To see where the render goes, `--profile FILE` writes a V8 CPU profile (as `node --cpu-prof`
 * would, open it in Chrome DevTools) of the measured requests only — no start-up, no warm-up.
 *
 * Options: --only about|properties|property|not-found (one page, e.g. to profile it alone), --runs N (measured requests per page, default 150), --warmup N (default 30),
 * --units N (scratch database size, default 200: the render does not depend on it), --postgres
 * (BENCH_DATABASE_URL or DATABASE_URL), --fresh (re-seed), --json (one JSON line at the end).
 * The build is made first unless BENCH_BUILD=0 and one exists; --build FILE measures another
 * server bundle instead (e.g. a copy of an earlier build, to compare before and after).
 */
import './production-mode';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { openDatabase } from '../../app/server/db/client.server';
import type { DimoraLoadContext } from '../../app/server/load-context';
import { logger } from '../../app/server/logger.server';
import { createLocalStorage } from '../../app/server/uploads/storage.server';
import { createUnscannedScanner } from '../../app/server/uploads/malware-scan.server';
import { BENCH_AUTH_SECRET, createAuthServices } from '../setup/auth-services';
import { benchPostgresUrl, percentile, prepare, root, scratch } from './lib';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '150' },
    warmup: { type: 'string', default: '30' },
    units: { type: 'string', default: '200' },
    postgres: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    profile: { type: 'string' },
    only: { type: 'string' },
    build: { type: 'string' },
  },
});
const runs = Number(args.runs);
const warmupRuns = Number(args.warmup);
const units = Number(args.units);
const PUBLIC_URL = 'http://dimora.bench';
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

/** What one measured request of a page gave (ms). */
type Measure = { html: number; render: number; cpu: number; data: number };

/** The render of the request in flight: set by the wrapped handleRequest, read once its body is consumed. */
let renderStart: { wall: number; cpu: NodeJS.CpuUsage } | null = null;

/** A copy of `build` whose entry.server handleRequest notes when the render starts. */
function instrumented(build: ServerBuild): ServerBuild {
  const handleRequest = build.entry.module.default;
  const wrapped: typeof handleRequest = (...handlerArgs) => {
    renderStart = { wall: performance.now(), cpu: process.cpuUsage() };
    return handleRequest(...handlerArgs);
  };
  return { ...build, entry: { ...build.entry, module: { ...build.entry.module, default: wrapped } } };
}

/** `/x?y` → `/x.data?y`, `/` → `/_root.data` (React Router's single-fetch URLs). */
function dataPath(page: string): string {
  const url = new URL(page, PUBLIC_URL);
  url.pathname = url.pathname === '/' ? '/_root.data' : `${url.pathname}.data`;
  return url.pathname + url.search;
}

async function main() {
  fs.mkdirSync(scratch, { recursive: true });
  const buildFile = args.build ? path.resolve(args.build) : path.join(root, 'build/server/index.js');
  if (!args.build && (!fs.existsSync(buildFile) || process.env.BENCH_BUILD !== '0')) {
    console.log('Building…');
    const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'ignore' });
    if (result.status !== 0) throw new Error('build failed');
  }
  const kind = args.postgres && benchPostgresUrl() ? 'postgres' : 'pglite';
  const target = await prepare(kind, units, { fresh: args.fresh });
  const database = await openDatabase(kind === 'postgres' ? { databaseUrl: target.DATABASE_URL } : { dataDir: target.DATA_DIR });
  const { auth, mailer } = createAuthServices(database.db, {
    publicUrl: PUBLIC_URL,
    from: 'Dimora <no-reply@dimora.bench>',
    secret: BENCH_AUTH_SECRET,
  });
  const storage = createLocalStorage(path.join(scratch, 'uploads'));
  const context = (): DimoraLoadContext => ({
    db: database.db,
    auth,
    mailer,
    logger,
    requestId: 'bench',
    clientIp: '127.0.0.1',
    cspNonce: 'bench-nonce',
    publicUrl: PUBLIC_URL,
    storage,
    malwareScanner: createUnscannedScanner(),
  });

  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const handler = createRequestHandler(instrumented(build), 'production');
  const request = async (page: string) => {
    const response = await handler(
      new Request(new URL(page, PUBLIC_URL), { headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (bench)' } }),
      context(),
    );
    return { status: response.status, body: await response.text() };
  };
  // Measured requests read the body as bytes: decoding it is the browser's work, not the server's.
  const requestBytes = async (page: string) => {
    const response = await handler(
      new Request(new URL(page, PUBLIC_URL), { headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 (bench)' } }),
      context(),
    );
    await response.arrayBuffer();
    return { status: response.status };
  };

  // A unit the listing shows (its first card), so /property/{id} renders a real page.
  const listing = await request('/properties');
  const id = /href="\/property\/(\d+)"/.exec(listing.body)?.[1];
  if (!id) throw new Error('no unit on /properties');
  const pages = [
    { key: 'about', name: '/about', path: '/about', status: 200 },
    { key: 'properties', name: '/properties', path: '/properties', status: 200 },
    { key: 'property', name: '/property/{id}', path: `/property/${id}`, status: 200 },
    { key: 'not-found', name: 'not found (chrome only)', path: '/no-such-page', status: 404 },
  ].filter((page) => !args.only || page.key === args.only);
  if (!pages.length) throw new Error(`--only: no page ${args.only}`);

  const measureOnce = async (page: (typeof pages)[number]): Promise<Measure> => {
    renderStart = null;
    const started = performance.now();
    const html = await requestBytes(page.path);
    const ended = performance.now();
    const cpuEnd = process.cpuUsage();
    if (html.status !== page.status) throw new Error(`${page.path}: HTTP ${html.status}`);
    const start = renderStart as { wall: number; cpu: NodeJS.CpuUsage } | null;
    if (!start) throw new Error(`${page.path}: handleRequest was not called`);
    const cpu = (cpuEnd.user - start.cpu.user + cpuEnd.system - start.cpu.system) / 1000;
    const dataStarted = performance.now();
    const data = await handler(new Request(new URL(dataPath(page.path), PUBLIC_URL)), context());
    await data.arrayBuffer();
    return { html: ended - started, render: ended - start.wall, cpu, data: performance.now() - dataStarted };
  };

  const loadBefore = loadAverage();
  console.log(
    `\nRender cost of ${path.relative(root, buildFile) || buildFile}, ${kind}, ${units.toLocaleString('en-US')} units: ${warmupRuns} warm-up + ${runs} measured requests per page, in turns (load average ${loadBefore} on ${os.cpus().length} CPUs)`,
  );
  for (let i = 0; i < warmupRuns; i += 1) for (const page of pages) await measureOnce(page);
  const results = new Map<string, Measure[]>(pages.map((page) => [page.name, []]));
  const profiler = args.profile ? new Session() : null;
  if (profiler) {
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.start');
  }
  for (let i = 0; i < runs; i += 1) for (const page of pages) results.get(page.name)!.push(await measureOnce(page));
  if (profiler && args.profile) {
    const { profile } = await profiler.post('Profiler.stop');
    fs.writeFileSync(args.profile, JSON.stringify(profile));
    profiler.disconnect();
    console.log(`CPU profile of the measured requests: ${args.profile}`);
  }
  const loadAfter = loadAverage();

  const stat = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
  };
  const rows = pages.map((page) => {
    const measures = results.get(page.name)!;
    return {
      page: page.name,
      html: stat(measures.map((m) => m.html)),
      render: stat(measures.map((m) => m.render)),
      cpu: stat(measures.map((m) => m.cpu)),
      data: stat(measures.map((m) => m.data)),
    };
  });
  const f = (value: number) => value.toFixed(1).padStart(6);
  console.log(
    `${'page'.padEnd(26)} ${'html p50'.padStart(9)} ${'p95'.padStart(6)} │ ${'render p50'.padStart(10)} ${'p95'.padStart(6)} │ ${'cpu p50'.padStart(8)} ${'p95'.padStart(6)} │ ${'.data p50'.padStart(9)} ${'p95'.padStart(6)}   (ms)`,
  );
  for (const row of rows) {
    console.log(
      `${row.page.padEnd(26)} ${f(row.html.p50).padStart(9)} ${f(row.html.p95)} │ ${f(row.render.p50).padStart(10)} ${f(row.render.p95)} │ ${f(row.cpu.p50).padStart(8)} ${f(row.cpu.p95)} │ ${f(row.data.p50).padStart(9)} ${f(row.data.p95)}`,
    );
  }
  console.log(`load average at the end: ${loadAfter}`);
  if (args.json) console.log(JSON.stringify({ kind, units, runs, loadBefore, loadAfter, rows }));
  await database.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
