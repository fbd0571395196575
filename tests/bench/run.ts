/**
 * `npm run bench`: seeds 200 and 75,000 units into scratch databases, starts the built server on
 * each, and measures a filtered /properties page (SSR HTML) and its data request under
 * concurrent load (autocannon, 4 connections), and the map view's data for the same filter and
 * for the whole portfolio: p50/p95/p99 latency and req/s, on PGlite and — when
 * DATABASE_URL is set — on PostgreSQL; then the ratio 75,000 ÷ 200 (target ≤ 1.5; p95 of the
 * SSR page ≤ 50 ms at 75,000 units). Also reports the gzipped JS shipped to / and /properties.
 *
 * Options: --duration S (default 10), --connections N (default 4), --sizes 200,75000, --fresh
 * (re-seed the scratch databases), --skip-bundle. Not a test: it prints figures, never fails on them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { buildUnlessKept, load, prepare, root, scratch, startServer, stopServer, type Stats } from './lib';

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
const FILTER = '/properties?capacity=2&location=TX&minPrice=1000&maxPrice=3500&sort=price_asc';
const DATA_PATH = FILTER.replace('/properties?', '/properties.data?');
// The map view's data (decision 016): the same filter, and the whole portfolio.
const MAP_DATA_PATH = `${DATA_PATH}&view=map`;
const MAP_ALL_PATH = '/properties.data?view=map';
const TARGETS = [
  ['SSR page', FILTER],
  ['data request', DATA_PATH],
  ['map data', MAP_DATA_PATH],
  ['map data, all', MAP_ALL_PATH],
] as const;

function bundleReport() {
  const manifestFile = path.join(root, 'build/client/.vite/manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isEntry?: boolean }
  >;
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
  return { home: report('app/routes/public/_index.tsx'), properties: report('app/routes/public/properties.tsx') };
}

async function main() {
  fs.mkdirSync(scratch, { recursive: true });
  buildUnlessKept();
  const kinds: Array<'pglite' | 'postgres'> = ['pglite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];
  const rows: Array<{ kind: string; units: number; target: string; stats: Stats }> = [];
  let port = 3400;
  for (const kind of kinds) {
    for (const units of sizes) {
      console.log(`\n${kind}, ${units.toLocaleString('en-US')} units`);
      const env = await prepare(kind, units, { fresh: args.fresh });
      const server = await startServer(env, ++port);
      try {
        for (const [target, urlPath] of TARGETS) {
          const stats = await load(`http://127.0.0.1:${port}${urlPath}`, { connections, duration });
          rows.push({ kind, units, target, stats });
          console.log(
            `  ${target.padEnd(14)} p50 ${stats.p50} ms  p95 ${stats.p95} ms  p99 ${stats.p99} ms  ${stats.rps.toFixed(0)} req/s  (${stats.requests} ok, ${stats.errors} errors)`,
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
    console.log(
      `| ${row.kind} | ${row.units.toLocaleString('en-US')} | ${row.target} | ${row.stats.p50} | ${row.stats.p95} | ${row.stats.p99} | ${row.stats.rps.toFixed(0)} |`,
    );
  }
  const [small, large] = [Math.min(...sizes), Math.max(...sizes)];
  if (small !== large) {
    console.log(`\nRatio ${large.toLocaleString('en-US')} ÷ ${small.toLocaleString('en-US')} (target ≤ 1.5):`);
    for (const kind of kinds) {
      for (const [target] of TARGETS) {
        const a = rows.find((r) => r.kind === kind && r.units === small && r.target === target)?.stats;
        const b = rows.find((r) => r.kind === kind && r.units === large && r.target === target)?.stats;
        if (a && b) {
          console.log(
            `  ${kind} ${target}: p50 ×${(b.p50 / a.p50).toFixed(2)}, p95 ×${(b.p95 / a.p95).toFixed(2)}, req/s ×${(a.rps / b.rps).toFixed(2)} slower`,
          );
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
