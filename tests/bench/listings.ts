/**
 * `npm run bench` (listing matrix; decision 024, DESIGN §6 "every path a user can take"): at
 * 200 and at 75,000 units, on PGlite and — when BENCH_DATABASE_URL (or DATABASE_URL) is set — on
 * PostgreSQL, measures every public listing path: `/`, `/properties` (default), each sort, each
 * filter kind (capacity, price range, state, city, "City, ST", a combination), a deep page,
 * `/property/{id}` and a page that reads no database (`/about`),
 *   1. as database queries: the listing service functions called in process, one at a time;
 *   2. as SSR pages and as data requests (React Router `.data`) under concurrent load
 *      (autocannon, 4 connections): p50/p95/p99 and req/s.
 * The two sizes run side by side and are measured in short turns (service calls alternate, HTTP
 * load switches server every second), so that whatever else the machine does weighs on both
 * alike; the load average is printed with the figures. It prints one table with every
 * 75,000 ÷ 200 ratio. Targets: every ratio of p50 ≤ 1.2; listing SSR p95 ≤ 50 ms at 4
 * connections on PGlite. Not a test: it prints figures, never fails on them.
 *
 * Options: --duration S (default 3), --warmup S (default 1), --connections N (default 4),
 * --sizes 200,75000, --port P (first of two ports, default 3400), --fresh (re-seed), --only
 * query|http, --paths "price cap,page 40" (only the HTTP paths whose names hold one of these). The
 * built server is used as it is when BENCH_BUILD=0 and a build exists. The servers cache anonymous pages (decision 031): HTML_CACHE_TTL_MS=0 in the environment measures uncached SSR.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { findFeaturedListings, findListings, findPublicProperty } from '../../app/features/listings/listings.server';
import { parseListingQuery } from '../../app/features/listings/listings.schemas';
import { openDatabase } from '../../app/server/db/client.server';
import os from 'node:os';
import {
  buildUnlessKept,
  benchPostgresUrl,
  percentile,
  prepare,
  sample,
  scratch,
  startServer,
  stopServer,
  summarize,
  type Sample,
  type Stats,
} from './lib';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    connections: { type: 'string', default: '4' },
    sizes: { type: 'string', default: '200,75000' },
    port: { type: 'string', default: '3400' },
    fresh: { type: 'boolean', default: false },
    only: { type: 'string' },
    paths: { type: 'string' },
  },
});
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const connections = Number(args.connections);
const sizes = args.sizes.split(',').map(Number);
const basePort = Number(args.port);
/** Rounds per path: the measured seconds of each size are split into this many turns. */
const ROUNDS = 3;
/** Calls of each service per size, taken in turns. */
const QUERY_RUNS = 100;
const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

/** A unit id that is listed at every size (the samples 1–6 always are); its page also lists its building's other units. */
const UNIT_ID = 3;

type Target = {
  name: string;
  /** Page path; its data request is derived (`/` → `/_root.data`, `/x?y` → `/x.data?y`). */
  path: string;
  /** The listing service call behind the page, for the query-level figures (none for /about). */
  query?: (db: Parameters<typeof findListings>[0]['db']) => Promise<unknown>;
  /** Part of the listing SSR p95 target. */
  listing?: boolean;
};

const listing = (search: string) => (db: Parameters<typeof findListings>[0]['db']) =>
  findListings({ db, query: parseListingQuery(new URLSearchParams(search)), lang: 'en' });

const TARGETS: Target[] = [
  { name: '/', path: '/', query: (db) => findFeaturedListings({ db, lang: 'en', limit: 6 }) },
  ...(
    [
      ['/properties', ''],
      ['sort price ↑', 'sort=price_asc'],
      ['sort price ↓', 'sort=price_desc'],
      ['capacity', 'capacity=3'],
      ['price range', 'minPrice=800&maxPrice=3000'],
      ['state', 'location=TX'],
      ['city', 'location=Austin'],
      ['City, ST', 'location=Austin%2C%20TX'],
      ['combined, page 2', 'capacity=2&minPrice=800&maxPrice=3000&page=2'],
      ['deep page (10)', 'page=10'],
      ['city, price cap', 'location=Denver&maxPrice=2500'],
      // Newest is the default order: its canonical URL has no `sort` (decision 053 answers the other 301).
      ['state, newest, page 40', 'location=TX&page=40'],
    ] as const
  ).map(([name, search]): Target => ({
    name,
    path: search ? `/properties?${search}` : '/properties',
    query: listing(decodeURIComponent(search)),
    listing: true,
  })),
  { name: '/property/{id}', path: `/property/${UNIT_ID}`, query: (db) => findPublicProperty({ db, id: UNIT_ID, lang: 'en' }) },
  { name: '/about (no database)', path: '/about' },
];

function dataPath(pagePath: string): string {
  if (pagePath === '/') return '/_root.data';
  const [pathname, search] = pagePath.split('?');
  return `${pathname}.data${search ? `?${search}` : ''}`;
}

type Kind = 'pglite' | 'postgres';
type Measure = 'query' | 'SSR' | 'data';
type Row = { kind: Kind; target: string; measure: Measure; units: number; stats: Stats };

/**
 * Times each target's service call on every size's scratch database (servers stopped): after a
 * warm-up, `runs` rounds that call it once per size in turn, so that a busy machine slows every
 * size alike.
 */
async function measureQueries(envs: Map<number, Record<string, string>>, kind: Kind, runs: number): Promise<Row[]> {
  const databases = new Map<number, Awaited<ReturnType<typeof openDatabase>>>();
  const rows: Row[] = [];
  try {
    for (const [units, env] of envs) {
      const database = await openDatabase(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 1 } : { dataDir: env.DATA_DIR });
      databases.set(units, database);
      // As the server does at start: a scratch database seeded by an older checkout gets the new indexes.
      await database.migrate();
    }
    for (const target of TARGETS) {
      if (!target.query) continue;
      const times = new Map([...databases.keys()].map((units) => [units, [] as number[]]));
      for (const database of databases.values()) for (let i = 0; i < 20; i += 1) await target.query(database.db);
      for (let i = 0; i < runs; i += 1) {
        for (const [units, database] of databases) {
          const t0 = performance.now();
          await target.query(database.db);
          times.get(units)!.push(performance.now() - t0);
        }
      }
      for (const [units, list] of times) {
        list.sort((a, b) => a - b);
        const round = (ms: number) => Math.round(ms * 100) / 100;
        const total = list.reduce((sum, ms) => sum + ms, 0) / 1000;
        const stats = {
          p50: round(percentile(list, 50)),
          p95: round(percentile(list, 95)),
          p99: round(percentile(list, 99)),
          rps: runs / total,
          requests: runs,
          errors: 0,
        };
        rows.push({ kind, units, target: target.name, measure: 'query', stats });
        console.log(
          `  query ${String(units).padStart(6)} ${target.name.padEnd(20)} p50 ${fmt(stats.p50, 2)} ms  p95 ${fmt(stats.p95, 2)} ms`,
        );
      }
    }
  } finally {
    for (const database of databases.values()) await database.close();
  }
  return rows;
}

function fmt(value: number | undefined, digits = 1): string {
  if (value === undefined || Number.isNaN(value)) return '–';
  return value >= 100 ? value.toFixed(0) : value.toFixed(digits);
}

async function main() {
  fs.mkdirSync(scratch, { recursive: true });
  const only = args.only as 'query' | 'http' | undefined;
  if (only !== 'query') buildUnlessKept();
  const kinds: Kind[] = ['pglite', ...(benchPostgresUrl() ? (['postgres'] as const) : [])];
  const rows: Row[] = [];
  for (const kind of kinds) {
    const envs = new Map<number, Record<string, string>>();
    for (const units of sizes) {
      console.log(`\n${kind}, ${units.toLocaleString('en-US')} units (load average ${loadAverage()} on ${os.cpus().length} CPUs)`);
      envs.set(units, await prepare(kind, units, { fresh: args.fresh }));
    }
    if (only !== 'http') rows.push(...(await measureQueries(envs, kind, QUERY_RUNS)));
    if (only === 'query') continue;
    const servers = new Map<number, { port: number; child: Awaited<ReturnType<typeof startServer>> }>();
    try {
      for (const [i, units] of sizes.entries())
        servers.set(units, { port: basePort + i, child: await startServer(envs.get(units)!, basePort + i) });
      const chosen = args.paths?.split(',');
      for (const target of TARGETS.filter((item) => !chosen || chosen.some((part) => item.name.includes(part)))) {
        for (const [measure, urlPath] of [
          ['SSR', target.path],
          ['data', dataPath(target.path)],
        ] as const) {
          const urls = new Map(sizes.map((units) => [units, `http://127.0.0.1:${servers.get(units)!.port}${urlPath}`]));
          const samples = new Map(sizes.map((units) => [units, [] as Sample[]]));
          for (const url of urls.values()) if (warmup > 0) await sample(url, { connections, duration: warmup });
          // Short rounds on each size in turn, so that the machine's other work weighs on both alike.
          for (let round = 0; round < ROUNDS; round += 1) {
            for (const [units, url] of urls) samples.get(units)!.push(await sample(url, { connections, duration: duration / ROUNDS }));
          }
          for (const units of sizes) {
            const stats = summarize(samples.get(units)!);
            rows.push({ kind, units, target: target.name, measure, stats });
            console.log(
              `  ${measure.padEnd(5)} ${String(units).padStart(6)} ${target.name.padEnd(20)} p50 ${fmt(stats.p50)} ms  p95 ${fmt(stats.p95)} ms  p99 ${fmt(stats.p99)} ms  ${stats.rps.toFixed(0)} req/s${stats.errors ? `  (${stats.errors} errors)` : ''}`,
            );
          }
        }
      }
    } finally {
      for (const { child } of servers.values()) await stopServer(child);
    }
  }

  const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
  const label = (units: number) => (units >= 1000 ? `${units / 1000}k` : String(units));
  console.log(
    `\nListing matrix (${connections} connections, ${duration} s per path and size in ${ROUNDS} turns after ${warmup} s warm-up; query = the service call alone, ${QUERY_RUNS} calls one at a time; load average now ${loadAverage()} on ${os.cpus().length} CPUs)`,
  );
  console.log(
    `| database | path | measure | ${label(small)} p50 ms | ${label(small)} p95 | ${label(small)} p99 | ${label(small)} req/s | ${label(large)} p50 ms | ${label(large)} p95 | ${label(large)} p99 | ${label(large)} req/s | ratio p50 | ratio p95 |`,
  );
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  const ratios: { kind: Kind; target: string; measure: Measure; p50: number }[] = [];
  for (const kind of kinds) {
    for (const measure of ['query', 'SSR', 'data'] as const) {
      for (const target of TARGETS) {
        const a = rows.find((r) => r.kind === kind && r.units === small && r.target === target.name && r.measure === measure)?.stats;
        const b = rows.find((r) => r.kind === kind && r.units === large && r.target === target.name && r.measure === measure)?.stats;
        if (!a && !b) continue;
        const p50 = a && b ? b.p50 / a.p50 : NaN;
        const p95 = a && b ? b.p95 / a.p95 : NaN;
        if (!Number.isNaN(p50)) ratios.push({ kind, target: target.name, measure, p50 });
        const digits = measure === 'query' ? 2 : 1;
        console.log(
          `| ${kind} | ${target.name} | ${measure} | ${fmt(a?.p50, digits)} | ${fmt(a?.p95, digits)} | ${fmt(a?.p99, digits)} | ${fmt(a?.rps, 0)} | ${fmt(b?.p50, digits)} | ${fmt(b?.p95, digits)} | ${fmt(b?.p99, digits)} | ${fmt(b?.rps, 0)} | ×${fmt(p50, 2)} | ×${fmt(p95, 2)} |`,
        );
      }
    }
  }
  if (small !== large) {
    const over = ratios.filter((r) => r.p50 > 1.2);
    console.log(
      `\nRatio ${large.toLocaleString('en-US')} ÷ ${small.toLocaleString('en-US')} of p50 (target ≤ 1.2): ${over.length === 0 ? 'all within' : `${over.length} of ${ratios.length} above`}`,
    );
    for (const r of over) console.log(`  ${r.kind} ${r.measure} ${r.target}: ×${r.p50.toFixed(2)}`);
  }
  const ssr = rows.filter(
    (r) => r.kind === 'pglite' && r.units === large && r.measure === 'SSR' && TARGETS.find((t) => t.name === r.target)?.listing,
  );
  if (ssr.length) {
    const worst = ssr.reduce((max, r) => (r.stats.p95 > max.stats.p95 ? r : max));
    console.log(
      `Listing SSR p95 on PGlite at ${large.toLocaleString('en-US')} units (target ≤ 50 ms at ${connections} connections): worst ${fmt(worst.stats.p95)} ms (${worst.target})`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
