/**
 * `npm run bench` (portfolio part; decision 015 "Numbers"): on the 75,000-unit scratch
 * database (PGlite, and PostgreSQL when DATABASE_URL is set), signed in as an admin, measures
 * under concurrent load (autocannon) every path of /admin/properties a user takes — the default
 * list, a search, each filter kind with its sort, a deep page — and the page of a building of 200
 * units, as SSR pages and data requests (p50/p95/p99, req/s); then times a 5,000-row CSV import
 * (dry run + commit) through HTTP. Targets: list and search p95 ≤ 50 ms, building page ≤ 50 ms,
 * import ≤ 10 s. Not a test: it prints figures, never fails on them.
 *
 * Options: --duration S (default 5), --connections N (default 4), --units N (default 75000), --fresh.
 */
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../../app/server/db/client.server';
import { ensureBenchAdmin, load, loadArgs, prepare, signInBenchAdmin, startServer, stopServer, type Stats } from './lib';

const { duration, connections, units, fresh } = loadArgs();
const IMPORT_ROWS = 5_000;

/** Runs `query` on the scratch database of `env` (the server must be stopped for PGlite); answers its rows. */
async function queryScratch<T>(env: Record<string, string>, query: string): Promise<T[]> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      return (await client.query(query)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const db = new PGlite(`${env.DATA_DIR}/pglite`, { extensions: pgliteExtensions });
  try {
    const results = await db.exec(query);
    return (results.at(-1)?.rows ?? []) as T[];
  } finally {
    await db.close();
  }
}

/** The seeded building with the most units (200 at most; the import's own building left out). */
async function largestBuilding(env: Record<string, string>): Promise<{ id: number; units: number }> {
  const [row] = await queryScratch<{ id: number; units: number }>(
    env,
    `select id, units_total as units from building where name not like 'Bench %' order by units_total desc, id limit 1`,
  );
  return row!;
}

/**
 * Deletes what the import benchmark wrote (its building and 5,000 units), so the scratch
 * database keeps its seeded size for the next run and the other benchmarks.
 */
async function dropImportBuildings(env: Record<string, string>): Promise<void> {
  await queryScratch(
    env,
    `delete from property where building_id in (select id from building where name like 'Bench Import %');
     delete from building where name like 'Bench Import %';`,
  );
}

function importCsv(rows: number): string {
  const lines = ['unit_number,title,description,price,bedrooms,bathrooms,square_feet,max_occupants,property_type,status,listed,amenities'];
  for (let i = 1; i <= rows; i += 1) {
    lines.push(
      `B${i},Bench unit ${i},"A generated unit, number ${i}, for the import benchmark.",${1200 + (i % 900)},${i % 4},${1 + (i % 2)},${500 + (i % 700)},${1 + (i % 4)},apartment,available,${i % 3 ? 'true' : 'false'},dishwasher;balcony`,
    );
  }
  return lines.join('\n');
}

/** Creates an empty building through the admin form; answers its id. */
async function newBuilding(base: string, cookie: string): Promise<number> {
  const response = await fetch(`${base}/admin/properties/new`, {
    method: 'POST',
    headers: { cookie },
    body: new URLSearchParams({
      intent: 'create-building',
      name: `Bench Import ${Date.now()}`,
      streetAddress: '1 Bench Way',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
    }),
    redirect: 'manual',
  });
  const location = response.headers.get('location') ?? '';
  const id = /\/admin\/properties\/(\d+)/.exec(location)?.[1];
  if (!id) throw new Error(`building not created (${response.status})`);
  return Number(id);
}

async function timeImport(base: string, cookie: string): Promise<{ previewMs: number; commitMs: number; created: number }> {
  const buildingId = await newBuilding(base, cookie);
  const form = new FormData();
  form.set('intent', 'import-preview');
  form.set('file', new File([importCsv(IMPORT_ROWS)], 'bench.csv', { type: 'text/csv' }));
  let started = performance.now();
  const preview = await fetch(`${base}/admin/properties/${buildingId}.data`, { method: 'POST', headers: { cookie }, body: form });
  const previewText = await preview.text();
  const previewMs = performance.now() - started;
  const importId = /"([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"/.exec(previewText)?.[1];
  if (!importId) throw new Error(`preview gave no import id (${preview.status}): ${previewText.slice(0, 300)}`);
  started = performance.now();
  const commit = await fetch(`${base}/admin/properties/${buildingId}.data`, {
    method: 'POST',
    headers: { cookie },
    body: new URLSearchParams({ intent: 'import-commit', importId }),
  });
  const commitText = await commit.text();
  const commitMs = performance.now() - started;
  const created = Number(/"created",(\d+)/.exec(commitText)?.[1] ?? /created[^0-9]+(\d+)/.exec(commitText)?.[1] ?? NaN);
  return { previewMs, commitMs, created };
}

async function main() {
  const kinds: Array<'pglite' | 'postgres'> = ['pglite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];
  const rows: Array<{ kind: string; target: string; stats: Stats }> = [];
  const imports: Array<{ kind: string; previewMs: number; commitMs: number; created: number }> = [];
  let port = 3450;
  for (const kind of kinds) {
    console.log(`\n${kind}, ${units.toLocaleString('en-US')} units`);
    const env = await prepare(kind, units, { fresh });
    const biggest = await largestBuilding(env);
    await ensureBenchAdmin(env);
    const server = await startServer(env, ++port);
    const base = `http://127.0.0.1:${port}`;
    try {
      const cookie = await signInBenchAdmin(base);
      const headers = { cookie };
      const paths: [string, string][] = [
        ['list (default)', '/admin/properties'],
        ['search "park"', '/admin/properties?q=park'],
        ['state TX', '/admin/properties?state=TX'],
        ['manager', '/admin/properties?manager=demo-manager-3'],
        ['occupancy low, by occupancy', '/admin/properties?occupancy=low&sort=occupancy_asc'],
        ['most units', '/admin/properties?sort=units_desc'],
        ['deep page (40)', '/admin/properties?page=40'],
        [`building of ${biggest.units} units`, `/admin/properties/${biggest.id}`],
      ];
      for (const [target, urlPath] of paths) {
        for (const [kindOf, suffix] of [
          ['SSR', urlPath],
          ['data', urlPath.replace(/(\/[^?]*)/, '$1.data')],
        ] as const) {
          const stats = await load(`${base}${suffix}`, { connections, duration, headers });
          rows.push({ kind, target: `${target} · ${kindOf}`, stats });
          console.log(
            `  ${`${target} · ${kindOf}`.padEnd(40)} p50 ${stats.p50} ms  p95 ${stats.p95} ms  p99 ${stats.p99} ms  ${stats.rps.toFixed(0)} req/s  (${stats.errors} errors)`,
          );
        }
      }
      const timed = await timeImport(base, cookie);
      imports.push({ kind, ...timed });
      console.log(
        `  CSV import of ${IMPORT_ROWS} rows: dry run ${(timed.previewMs / 1000).toFixed(2)} s, commit ${(timed.commitMs / 1000).toFixed(2)} s`,
      );
    } finally {
      await stopServer(server);
      await dropImportBuildings(env);
    }
  }
  console.log(
    `\nAdmin portfolio pages at ${units.toLocaleString('en-US')} units (${connections} connections, ${duration} s each; target p95 ≤ 50 ms)`,
  );
  console.log('| database | request | p50 ms | p95 ms | p99 ms | req/s |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const row of rows)
    console.log(`| ${row.kind} | ${row.target} | ${row.stats.p50} | ${row.stats.p95} | ${row.stats.p99} | ${row.stats.rps.toFixed(0)} |`);
  console.log(`\nCSV import of ${IMPORT_ROWS.toLocaleString('en-US')} rows through HTTP (target ≤ 10 s in all):`);
  for (const row of imports) {
    console.log(
      `  ${row.kind}: dry run ${(row.previewMs / 1000).toFixed(2)} s + commit ${(row.commitMs / 1000).toFixed(2)} s = ${((row.previewMs + row.commitMs) / 1000).toFixed(2)} s`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
