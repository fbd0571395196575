/**
 * Shared pieces of the benchmarks (`npm run bench`): scratch databases seeded once per size
 * (PGlite under the temp folder, or PostgreSQL databases next to DATABASE_URL), the built server
 * started on one of them, and autocannon load with latency percentiles. Not tests: figures only.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { resolveAuthSecret } from '../../app/server/auth/auth.server';
import { createVerifiedUser } from '../../app/server/auth/create-user.server';
import { openDatabase } from '../../app/server/db/client.server';
import { user } from '../../app/server/db/schema';
import { seedDatabase } from '../../app/server/db/seed/seed.server';
import { createLocalStorage } from '../../app/server/uploads/storage.server';
import { base32Of, TEST_TOTP_KEY, totpAt, totpStepNow } from '../setup/totp';
import { enrolTwoFactor } from '../setup/two-factor';
import { SERVER_ENTRY } from '../../scripts/lib/server-entry.mjs';

export const root = path.resolve(import.meta.dirname, '../..');
/** Where scratch databases live: BENCH_SCRATCH, else `dimora-bench` in the system's temp folder. */
export const scratch = process.env.BENCH_SCRATCH || path.join(os.tmpdir(), 'dimora-bench');
/** Prefix of the scratch PostgreSQL databases (BENCH_DB_PREFIX, default `dimora_bench`): `<prefix>_<units>`. */
const dbPrefix = process.env.BENCH_DB_PREFIX || 'dimora_bench';

/** The PostgreSQL server the benchmarks use next to PGlite: BENCH_DATABASE_URL, else DATABASE_URL; undefined = PGlite only. */
export function benchPostgresUrl(): string | undefined {
  return process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || undefined;
}
const uploadsDir = path.join(scratch, 'uploads');

/** `warmup`: seconds of load before the measured run (default 2). */
export type LoadOptions = { connections: number; duration: number; warmup?: number; headers?: Record<string, string>; fresh?: boolean };

export type Stats = { p50: number; p95: number; p99: number; rps: number; requests: number; errors: number };

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** Latencies (ms) of the 200 answers, and the rest, of one autocannon run of `duration` seconds. */
export type Sample = { latencies: number[]; seconds: number; errors: number };

/** One measured autocannon run (no warm-up). */
export async function sample(url: string, { connections, duration, headers }: Omit<LoadOptions, 'warmup'>): Promise<Sample> {
  const latencies: number[] = [];
  // Without a callback autocannon returns its event emitter, which is also a promise of the result.
  const instance = autocannon({ url, connections, duration, headers }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === 200) latencies.push(responseTime);
  });
  const result = await instance;
  return { latencies, seconds: result.duration, errors: result.errors + result.non2xx };
}

/** Percentiles and throughput of one or more samples taken together. */
export function summarize(samples: readonly Sample[]): Stats {
  const latencies = samples.flatMap((s) => s.latencies).sort((a, b) => a - b);
  const seconds = samples.reduce((sum, s) => sum + s.seconds, 0);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: seconds > 0 ? latencies.length / seconds : 0,
    requests: latencies.length,
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  };
}

export async function load(url: string, { connections, duration, warmup = 2, headers }: LoadOptions): Promise<Stats> {
  // Warm-up: caches, JIT, prepared plans.
  if (warmup > 0) await autocannon({ url, connections, duration: warmup, headers });
  const measured = await sample(url, { connections, duration, headers });
  const stats = summarize([measured]);
  return stats;
}

/** A latency in whole milliseconds for a report, or 'none finished' when no request finished. */
export const ms = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : 'none finished');

/** One measured data request: the database kind, its name, one connection at a time and many at once. */
export type DataRequestRow = { kind: string; target: string; one: Stats; many: Stats };

/**
 * Measures the data request a browser sends for `urlPath` when the person moves within the
 * section (`<path>.data?…&_routes=<routeId>`: only that page's loader runs, and it checks the
 * session itself), first one connection at a time, then `connections` at once, each for
 * `duration` seconds. Logs one line (the name padded to `pad`) and answers the row.
 */
export async function measureDataRequest(
  base: string,
  request: { kind: string; name: string; urlPath: string; routeId: string; headers: Record<string, string> },
  { connections, duration, pad }: { connections: number; duration: number; pad: number },
): Promise<DataRequestRow> {
  const { kind, name, urlPath, routeId, headers } = request;
  const data = `${urlPath.replace(/(\/[^?]*)/, '$1.data')}${urlPath.includes('?') ? '&' : '?'}_routes=${routeId}`;
  const one = await load(`${base}${data}`, { connections: 1, duration, headers });
  const many = await load(`${base}${data}`, { connections, duration, headers });
  console.log(
    `  ${name.padEnd(pad)} 1 conn.: p50 ${ms(one.p50)} p95 ${ms(one.p95)} ms · ${connections} conn.: p95 ${ms(many.p95)} ms, ${many.rps.toFixed(0)} req/s  (${one.errors + many.errors} errors)`,
  );
  return { kind, target: name, one, many };
}

/** Prints `title`, then the rows as a Markdown table (latencies in ms, throughput in requests per second). */
export function printDataRequestTable(title: string, connections: number, rows: readonly DataRequestRow[]): void {
  console.log(title);
  console.log(
    `| database | request | p50 ms, 1 conn. | p95 ms, 1 conn. | p99 ms, 1 conn. | p95 ms, ${connections} conn. | req/s, ${connections} conn. |`,
  );
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const row of rows)
    console.log(
      `| ${row.kind} | ${row.target} | ${ms(row.one.p50)} | ${ms(row.one.p95)} | ${ms(row.one.p99)} | ${ms(row.many.p95)} | ${row.many.rps.toFixed(0)} |`,
    );
}

/** One page a data-request bench measures: its label, URL (path and query) and the signed-in headers. */
export type DataRequestPath = [name: string, urlPath: string, headers: Record<string, string>];

/**
 * The loop every data-request bench runs, on PGlite and (when DATABASE_URL is set) PostgreSQL:
 * prepare the scratch database of `units` units, `setup(env)` (adds the bench's rows, answers
 * what the paths need), make `BENCH_ADMIN`, start the server on the next port after `firstPort`,
 * wait for its start-up jobs (`waitForQuiet`), then measure every path `paths(base, context)`
 * answers (it signs in as it needs) with `measureDataRequest` as the data request of route
 * `routeIdOf(urlPath)` (only those whose name starts with `--only`, when given), and stop the
 * server. `label` names the data in each database's heading
 * ("50,000 work orders"). Answers every row, for `printDataRequestTable`.
 */
export async function benchDataRequests<T>({
  label,
  firstPort,
  pad,
  setup,
  paths,
  routeIdOf,
}: {
  label: string;
  firstPort: number;
  pad: number;
  setup: (env: Record<string, string>, kind: 'pglite' | 'postgres') => Promise<T>;
  paths: (base: string, context: T) => Promise<DataRequestPath[]>;
  routeIdOf: (urlPath: string) => string;
}): Promise<DataRequestRow[]> {
  const { duration, connections, units, fresh, only } = loadArgs();
  // BENCH_POSTGRES_ONLY=1 (with DATABASE_URL): the PostgreSQL leg alone, e.g. to re-measure a few paths.
  const postgres = process.env.DATABASE_URL ? (['postgres'] as const) : [];
  const kinds: Array<'pglite' | 'postgres'> =
    process.env.BENCH_POSTGRES_ONLY && postgres.length > 0 ? [...postgres] : ['pglite', ...postgres];
  const rows: DataRequestRow[] = [];
  let port = firstPort;
  for (const kind of kinds) {
    console.log(`\n${kind}, ${units.toLocaleString('en-US')} units, ${label}`);
    const env = await prepare(kind, units, { fresh });
    const context = await setup(env, kind);
    await ensureBenchAdmin(env);
    const server = await startServer(env, ++port);
    const base = `http://127.0.0.1:${port}`;
    try {
      await waitForQuiet(base);
      for (const [name, urlPath, headers] of await paths(base, context)) {
        if (only !== null && !name.startsWith(only)) continue;
        const request = { kind, name, urlPath, routeId: routeIdOf(urlPath), headers };
        rows.push(await measureDataRequest(base, request, { connections, duration, pad }));
      }
    } finally {
      await stopServer(server);
    }
  }
  return rows;
}

/**
 * Waits until the server just started at `base` has done its start-up work: the job runner runs
 * every schedule missed while no instance was up (the rent and late-fee jobs over 50,000 leases
 * among them, which the runner's first ticks start a few seconds after the server is up), and a
 * request measured meanwhile waits behind them. Quiet: `/readyz` (which queries the database)
 * answers within 50 ms at every poll for 15 s in a row. Gives up after 10 minutes.
 */
export async function waitForQuiet(base: string): Promise<void> {
  const started = performance.now();
  let quiet = 0;
  // 75 polls 200 ms apart: 15 s without a slow answer.
  while (quiet < 75 && performance.now() - started < 600_000) {
    const sent = performance.now();
    const ok = await fetch(`${base}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    quiet = ok && performance.now() - sent < 50 ? quiet + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  console.log(`  server quiet after ${((performance.now() - started) / 1000).toFixed(0)} s (start-up jobs done)`);
}

/** A seeded scratch database of `units` units (re-seeded when `fresh` or when its size differs); answers the server's env. */
export async function prepare(
  kind: 'pglite' | 'postgres',
  units: number,
  { fresh: forceFresh = false }: { fresh?: boolean } = {},
): Promise<Record<string, string>> {
  if (kind === 'pglite') {
    const dataDir = path.join(scratch, `pglite-${units}`);
    const marker = path.join(dataDir, 'seeded');
    if (forceFresh || !fs.existsSync(marker) || fs.readFileSync(marker, 'utf8') !== `${units}:v2`) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await seedInto({ dataDir }, units);
      fs.writeFileSync(marker, `${units}:v2`);
    }
    return { DATA_DIR: dataDir };
  }
  const base = new URL(benchPostgresUrl()!);
  const name = `${dbPrefix}_${units}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  let fresh = forceFresh || exists.rowCount === 0;
  if (!fresh) {
    const url = new URL(base);
    url.pathname = `/${name}`;
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    const count = await check
      .query('select count(*)::int as n from property where building_id is not null')
      .catch(() => ({ rows: [{ n: -1 }] }));
    await check.end();
    fresh = count.rows[0]?.n !== units;
  }
  if (fresh) {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  }
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  if (fresh) await seedInto({ databaseUrl: url.toString() }, units);
  return { DATABASE_URL: url.toString(), DATA_DIR: path.join(scratch, 'pg-data') };
}

export async function seedInto(target: { dataDir?: string; databaseUrl?: string }, units: number) {
  const started = Date.now();
  const database = await openDatabase(target);
  await database.migrate();
  let last = 0;
  await seedDatabase({
    db: database.db,
    units,
    seed: 42,
    storage: createLocalStorage(uploadsDir),
    reset: true,
    onProgress: (done, total) => {
      const pct = Math.floor((done / total) * 10);
      if (pct > last) {
        last = pct;
        process.stdout.write(`  seeding ${units}: ${pct * 10}%\r`);
      }
    },
  });
  await database.close();
  console.log(`  seeded ${units.toLocaleString('en-US')} units in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The admin the staff-page benchmarks (portfolio, photos, operations, leases, work orders) sign
 * in as. Staff must sign in with a second factor (decision 023), so `ensureBenchAdmin` makes the
 * account in the scratch database and enrols it with the test TOTP key, and `signInBenchAdmin`
 * answers the second step with a code computed from that key — without it every staff page
 * would answer a redirect to the enrolment page, and the benchmark would time redirects.
 */
export const BENCH_ADMIN = { email: 'bench-admin@dimora.test', password: 'bench-overseer-pass-1' };

/** Where the scratch database of `env` (from `prepare`) is, as `openDatabase` takes it. */
export function databaseTarget(env: Record<string, string>): { databaseUrl?: string; dataDir?: string } {
  return env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR };
}

/**
 * Makes `BENCH_ADMIN` in the scratch database of `env` when it is missing and enrols its second
 * factor with `TEST_TOTP_KEY` (stored with the auth secret the server will use: AUTH_SECRET, else
 * the one kept in the database). Call it before `startServer`: PGlite opens in one process at a time.
 */
export async function ensureBenchAdmin(env: Record<string, string>): Promise<void> {
  const database = await openDatabase(databaseTarget(env));
  try {
    const [row] = await database.db.select({ id: user.id, role: user.role }).from(user).where(eq(user.email, BENCH_ADMIN.email));
    if (row && row.role !== 'admin') throw new Error(`${BENCH_ADMIN.email} exists with role ${row.role}`);
    const account = row ?? (await createVerifiedUser(database.db, { ...BENCH_ADMIN, name: 'Bench Admin', role: 'admin' }));
    // Enrolled again each time: the key is stored encrypted with the secret in force now.
    await enrolTwoFactor(database.db, await resolveAuthSecret(database.db, process.env.AUTH_SECRET), account.id);
  } finally {
    await database.close();
  }
}

/** `name=value; …` of the live cookies a response sets (expired ones left out), for a Cookie header. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .filter((value) => !/;\s*max-age=0\b/i.test(value))
    .map((value) => value.split(';')[0])
    .join('; ');
}

/**
 * Signs `account` in at `base` as the /auth page does; an account with two-factor sign-in (staff,
 * enrolled with `TEST_TOTP_KEY`) gets the second step answered with a code from that key (the
 * current step's, or the next one's when the current one was used).
 * Answers the session cookie header. Throws when a step is refused.
 */
export async function signInBench(base: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/auth`, {
    method: 'POST',
    body: new URLSearchParams({ intent: 'sign-in', email: account.email, password: account.password }),
    redirect: 'manual',
  });
  let cookie = cookiesOf(response);
  if (response.status === 200 && !cookie.includes('session_token')) {
    const challenge = cookie;
    // Each step's code works once per account (decision 023): when this 30 s step's code was
    // used by an earlier sign-in, the next step's (which the server also takes) follows.
    const step = totpStepNow();
    for (const code of [totpAt(base32Of(TEST_TOTP_KEY), step), totpAt(base32Of(TEST_TOTP_KEY), step + 1)]) {
      const second = await fetch(`${base}/auth`, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'two-factor', method: 'totp', code }),
        headers: { cookie: challenge, origin: base },
        redirect: 'manual',
      });
      cookie = cookiesOf(second);
      if (second.status !== 401) break;
    }
  }
  if (!cookie.includes('session_token')) throw new Error(`sign-in as ${account.email} failed (${response.status})`);
  return cookie;
}

/** Signs `BENCH_ADMIN` (made by `ensureBenchAdmin`) in at `base`, second factor included; answers the session cookie header. */
export function signInBenchAdmin(base: string): Promise<string> {
  return signInBench(base, BENCH_ADMIN);
}

/**
 * The load options of a benchmark's command line: --duration S (default 5), --connections N
 * (default 4), --units N (default 75000), --fresh (seed the scratch database again); --help
 * prints them and exits.
 */
export function loadArgs(): { duration: number; connections: number; units: number; fresh: boolean; only: string | null } {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      duration: { type: 'string', default: '5' },
      connections: { type: 'string', default: '4' },
      units: { type: 'string', default: '75000' },
      fresh: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(
      'Options: --duration S (default 5) · --connections N (default 4) · --units N (default 75000) · --fresh (seed the scratch database again) · --only TEXT (measure only the requests whose name starts with TEXT)',
    );
    console.log(
      'Scratch databases: BENCH_SCRATCH (default: dimora-bench in the temp folder); PostgreSQL too when BENCH_DATABASE_URL or DATABASE_URL is set.',
    );
    process.exit(0);
  }
  return {
    duration: Number(values.duration),
    connections: Number(values.connections),
    units: Number(values.units),
    fresh: values.fresh,
    only: values.only ?? null,
  };
}

/**
 * Builds the app (`npm run build`: the Vite bundle and the compiled server entry) before a
 * benchmark, unless BENCH_BUILD=0 and a build exists. Throws when the build fails.
 */
export function buildUnlessKept(): void {
  if (fs.existsSync(path.join(root, SERVER_ENTRY)) && process.env.BENCH_BUILD === '0') return;
  console.log('Building…');
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'ignore' });
  if (result.status !== 0) throw new Error('build failed');
}

/** Starts the built server on `port` over the scratch database in `env`; resolves once /readyz answers. */
export async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  // node itself (not npx) in its own process group, so stopping it stops everything it started.
  // A PGlite run (no DATABASE_URL in `env`) must not inherit the caller's DATABASE_URL, or the
  // server would migrate and serve that PostgreSQL database instead of the scratch directory.
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (node --cpu-prof).
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child = spawn(process.execPath, [...profile, SERVER_ENTRY], {
    cwd: root,
    detached: true,
    // One worker unless the caller's shell or `env` says otherwise (decision 032): the figures
    // of the other benchmarks stay comparable with those measured before WEB_CONCURRENCY existed.
    env: {
      WEB_CONCURRENCY: '1',
      // Every request of a benchmark comes from one address: no per-client render budget
      // (decision 053) unless the caller's shell or `env` sets one (tests/bench/overload.ts does).
      PAGE_RENDER_RATE_LIMIT: '0',
      ...inherited,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_ON_START: 'false',
      SHUTDOWN_DRAIN_MS: '0',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A loaded machine can take a minute or two to start a cluster's workers.
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (response.ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  process.kill(-child.pid!, 'SIGTERM');
  throw new Error('server did not become ready');
}

export async function stopServer(child: ChildProcess) {
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}
