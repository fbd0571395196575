/**
 * `npm run bench`: seeds 200 and 75,000 units into scratch databases, starts the built server on
 * each, and measures a filtered /properties page (SSR HTML) and its data request under
 * concurrent load (autocannon, 4 connections): p50/p95/p99 latency and req/s, on PGlite and — when
 * DATABASE_URL is set — on PostgreSQL; then the ratio 75,000 ÷ 200 (target ≤ 1.5; p95 of the
 * SSR page ≤ 50 ms at 75,000 units). Also reports the gzipped JS shipped to / and /properties.
 *
 * Options: --duration S (default 10), --connections N (default 4), --sizes 200,75000, --fresh
 * (re-seed the scratch databases), --skip-bundle. Not a test: it prints figures, never fails on them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../app/server/db/client.server';
import { seedDatabase } from '../../app/server/db/seed/seed.server';

const root = path.resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '4' },
    sizes: { type: 'string', default: '200,75000' },
    fresh: { type: 'boolean', default: false },
    'skip-bundle': { type: 'boolean', default: false },
  },
});
const duration = Number(args.duration);
const connections = Number(args.connections);
const sizes = args.sizes.split(',').map(Number);
const scratch = path.join(os.tmpdir(), 'dimora-bench');
const uploadsDir = path.join(scratch, 'uploads');
const FILTER = '/properties?capacity=2&location=TX&minPrice=1000&maxPrice=3500&sort=price_asc';
const DATA_PATH = FILTER.replace('/properties?', '/properties.data?');

type Stats = { p50: number; p95: number; p99: number; rps: number; requests: number; errors: number };

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

async function load(url: string): Promise<Stats> {
  // Warm-up: caches, JIT, prepared plans.
  await autocannon({ url, connections, duration: 2 });
  const latencies: number[] = [];
  // Without a callback autocannon returns its event emitter, which is also a promise of the result.
  const instance = autocannon({ url, connections, duration }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    if (statusCode === 200) latencies.push(responseTime);
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    rps: result.requests.average,
    requests: latencies.length,
    errors: result.errors + result.non2xx,
  };
}

async function prepare(kind: 'pglite' | 'postgres', units: number): Promise<Record<string, string>> {
  if (kind === 'pglite') {
    const dataDir = path.join(scratch, `pglite-${units}`);
    const marker = path.join(dataDir, 'seeded');
    if (args.fresh || !fs.existsSync(marker)) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await seedInto({ dataDir }, units);
      fs.writeFileSync(marker, String(units));
    }
    return { DATA_DIR: dataDir };
  }
  const base = new URL(process.env.DATABASE_URL!);
  const name = `dimora_bench_${units}`;
  const admin = new pg.Client({ connectionString: base.toString() });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  let fresh = args.fresh || exists.rowCount === 0;
  if (!fresh) {
    const url = new URL(base);
    url.pathname = `/${name}`;
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    const count = await check.query('select count(*)::int as n from property').catch(() => ({ rows: [{ n: -1 }] }));
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

async function seedInto(target: { dataDir?: string; databaseUrl?: string }, units: number) {
  const started = Date.now();
  const database = await openDatabase(target);
  await database.migrate();
  let last = 0;
  await seedDatabase({
    db: database.db,
    units,
    seed: 42,
    uploadsDir,
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

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  // node itself (not npx) in its own process group, so stopping it stops everything it started.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    detached: true,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_ON_START: 'false' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 60_000;
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

async function stopServer(child: ChildProcess) {
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    process.kill(-child.pid!, 'SIGTERM');
  });
}

function bundleReport() {
  const manifestFile = path.join(root, 'build/client/.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
  const collect = (key: string, seen: Set<string>) => {
    const entry = manifest[key];
    if (!entry || seen.has(key)) return;
    seen.add(key);
    for (const dep of entry.imports ?? []) collect(dep, seen);
  };
  const keys = Object.keys(manifest);
  // Route modules appear as "app/routes/x.tsx?__react-router-build-client-route".
  const keyOf = (file: string) => keys.find((key) => key === file || key.startsWith(`${file}?`)) ?? file;
  const entryKeys = keys.filter((key) => /entry\.client/.test(key));
  const report = (routeFile: string) => {
    const seen = new Set<string>();
    for (const key of [...entryKeys, keyOf('app/root.tsx'), keyOf('app/routes/layout.tsx'), keyOf(routeFile)]) collect(key, seen);
    const files = [...seen].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    const gz = files.reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(path.join(root, 'build/client', file))).length, 0);
    return { files: files.length, kb: gz / 1024 };
  };
  return { home: report('app/routes/public/home.tsx'), properties: report('app/routes/public/properties.tsx') };
}

async function main() {
  fs.mkdirSync(scratch, { recursive: true });
  if (!fs.existsSync(path.join(root, 'build/server/index.js')) || process.env.BENCH_BUILD !== '0') {
    console.log('Building…');
    const result = spawnSync('npx', ['react-router', 'build'], { cwd: root, stdio: 'ignore' });
    if (result.status !== 0) throw new Error('build failed');
  }
  const kinds: Array<'pglite' | 'postgres'> = ['pglite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];
  const rows: Array<{ kind: string; units: number; target: string; stats: Stats }> = [];
  let port = 3400;
  for (const kind of kinds) {
    for (const units of sizes) {
      console.log(`\n${kind}, ${units.toLocaleString('en-US')} units`);
      const env = await prepare(kind, units);
      const server = await startServer(env, ++port);
      try {
        for (const [target, urlPath] of [['SSR page', FILTER], ['data request', DATA_PATH]] as const) {
          const stats = await load(`http://127.0.0.1:${port}${urlPath}`);
          rows.push({ kind, units, target, stats });
          console.log(
            `  ${target.padEnd(12)} p50 ${stats.p50} ms  p95 ${stats.p95} ms  p99 ${stats.p99} ms  ${stats.rps.toFixed(0)} req/s  (${stats.requests} ok, ${stats.errors} errors)`,
          );
        }
      } finally {
        await stopServer(server);
      }
    }
  }

  console.log(`\nResults (${connections} connections, ${duration} s each; filter ${FILTER})`);
  console.log('| database | units | request | p50 ms | p95 ms | p99 ms | req/s |');
  console.log('|---|---:|---|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(`| ${row.kind} | ${row.units.toLocaleString('en-US')} | ${row.target} | ${row.stats.p50} | ${row.stats.p95} | ${row.stats.p99} | ${row.stats.rps.toFixed(0)} |`);
  }
  const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
  if (small !== large) {
    console.log(`\nRatio ${large.toLocaleString('en-US')} ÷ ${small.toLocaleString('en-US')} (target ≤ 1.5):`);
    for (const kind of kinds) {
      for (const target of ['SSR page', 'data request']) {
        const a = rows.find((r) => r.kind === kind && r.units === small && r.target === target)?.stats;
        const b = rows.find((r) => r.kind === kind && r.units === large && r.target === target)?.stats;
        if (a && b) {
          console.log(`  ${kind} ${target}: p50 ×${(b.p50 / a.p50).toFixed(2)}, p95 ×${(b.p95 / a.p95).toFixed(2)}, req/s ×${(a.rps / b.rps).toFixed(2)} slower`);
        }
      }
    }
  }
  if (!args['skip-bundle']) {
    const bundles = bundleReport();
    console.log('\nGzipped JavaScript for a first load (target ≤ 200 KB):');
    console.log(`  /            ${bundles.home.kb.toFixed(1)} KB in ${bundles.home.files} files`);
    console.log(`  /properties  ${bundles.properties.kb.toFixed(1)} KB in ${bundles.properties.files} files`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
