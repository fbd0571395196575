/**
 * `npm run bench` (maintenance queue part; decision 026 "Numbers"): on the scratch portfolio
 * (75,000 units by default; `--units` for a lighter one) with 100,000 maintenance requests added
 * once by SQL (three years of them: most closed, the open ones mostly recent, 10 % emergencies,
 * every tenth past its response target), times the staff queue's service calls as a page makes
 * them — `findMaintenanceQueue` for the default page, each filter, each order, a page about
 * 1,000 rows deep and a manager's scope, and `findMaintenanceBoard` — one call at a time, on
 * PGlite, and on PostgreSQL when BENCH_DATABASE_URL (or DATABASE_URL) is set: p50/p95/p99 in
 * milliseconds. Target p95 ≤ 50 ms. Not a test: it prints figures, never fails on them.
 *
 * Options: --duration S per path (default 5), --units N (default 75000), --fresh.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../app/server/db/rows.server';
import { findMaintenanceBoard, findMaintenanceQueue, type QueueActor } from '../../app/features/maintenance/queue.server';
import { DEFAULT_QUEUE_FILTERS, type QueueCursor, type QueueFilters } from '../../app/features/maintenance/queue.types';
import { openDatabase, type Database } from '../../app/server/db/client.server';
import { loadArgs, percentile, prepare } from './lib';

const { duration, units, fresh } = loadArgs();
const REQUESTS = 100_000;
const BENCH_TITLE = 'Bench request';

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

function target(env: Record<string, string>) {
  return env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR };
}

/** Adds the bench requests once (kept in the scratch database; a `--fresh` seed drops them with the units). */
async function ensureRequests(database: Database): Promise<void> {
  const db = database.db;
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from maintenance_request where title like ${`${BENCH_TITLE} %`}`),
  );
  if (Number(n) >= REQUESTS) return;
  const started = performance.now();
  await db.execute(sql`delete from maintenance_request where title like ${`${BENCH_TITLE} %`}`);
  // Three years back from now, one every ~16 minutes; the last 3,000 mostly still open.
  await db.execute(sql`
    create temporary table bench_units as
    select id, building_id, (row_number() over (order by id) - 1)::int as n from property where building_id is not null`);
  await db.execute(sql`
    with rows as (
      select g,
        now() - make_interval(mins => (${REQUESTS} - g) * 16) as created,
        case when g % 10 = 0 then 'emergency' when g % 10 < 4 then 'urgent' else 'routine' end as priority,
        case
          when (g > ${REQUESTS} - 3000 and g % 4 <> 0) or g % 500 = 0 then (array['submitted', 'triaged', 'scheduled', 'in_progress'])[1 + g % 4]
          when g % 20 = 1 then 'cancelled'
          when g > ${REQUESTS} - 5000 then 'completed'
          else 'closed' end as status
      from generate_series(1, ${REQUESTS}) g
    )
    insert into maintenance_request (property_id, building_id, category, priority, status, title, description, permission_to_enter, sla_due_at, first_response_at, sla_breached_at, completed_at, closed_at, created_at)
    select u.id, u.building_id,
      (array['plumbing', 'electrical', 'hvac', 'appliance', 'pest_control', 'locks_doors', 'structural', 'other'])[1 + (g / 7) % 8]::maintenance_category,
      r.priority::maintenance_priority, r.status::maintenance_status, ${BENCH_TITLE} || ' ' || g, 'Something in the unit needs fixing.', g % 3 = 0,
      r.created + case r.priority when 'emergency' then interval '4 hours' when 'urgent' then interval '24 hours' else interval '72 hours' end,
      case when r.status = 'submitted' then null else r.created + interval '2 hours' end,
      case when g % 10 = 5 then r.created + interval '5 hours' end,
      case when r.status in ('completed', 'closed') then r.created + interval '3 days' end,
      case when r.status = 'closed' then r.created + interval '5 days' end,
      r.created
    from rows r join bench_units u on u.n = (r.g * 7919) % (select count(*) from bench_units)`);
  await db.execute(sql`drop table bench_units`);
  await db.execute(sql`ANALYZE maintenance_request`);
  console.log(`  added ${REQUESTS.toLocaleString('en-US')} maintenance requests in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** An admin and the manager of the most buildings (made for the bench when the seed has none). */
async function actors(
  database: Database,
): Promise<{ admin: QueueActor; manager: QueueActor; managerBuildings: number; busyBuilding: number }> {
  const db = database.db;
  const [top] = rowsOf<{ manager_id: string | null; n: number }>(
    await db.execute(
      sql`select manager_id, count(*)::int as n from building where manager_id is not null group by manager_id order by count(*) desc limit 1`,
    ),
  );
  const [busy] = rowsOf<{ building_id: number }>(
    await db.execute(
      sql`select building_id from maintenance_request where building_id is not null group by building_id order by count(*) desc limit 1`,
    ),
  );
  let managerId = top?.manager_id ?? null;
  if (!managerId) {
    managerId = 'bench-queue-manager';
    await db.execute(
      sql`insert into "user" (id, email, name, email_verified, role) values (${managerId}, 'bench-queue-manager@dimora.test', 'Bench Manager', true, 'property_manager') on conflict do nothing`,
    );
    await db.execute(sql`update building set manager_id = ${managerId} where id in (select id from building order by id limit 20)`);
  }
  return {
    admin: { id: 'bench-queue-admin', role: 'admin' },
    manager: { id: managerId, role: 'property_manager' },
    managerBuildings: Number(top?.n ?? 20),
    busyBuilding: Number(busy!.building_id),
  };
}

/** The cursor of the queue (every status, newest first) about 1,000 rows deep. */
async function deepCursor(database: Database): Promise<QueueCursor> {
  const [row] = rowsOf<{ at: string; id: number }>(
    await database.db.execute(
      sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from maintenance_request order by created_at desc, id desc offset 999 limit 1`,
    ),
  );
  return { at: row!.at, id: Number(row!.id) };
}

type Stats = { p50: number; p95: number; p99: number; calls: number; rows: number };

/** Calls `run` for `seconds` (after 10 warm-up calls), one at a time; answers the latency percentiles (ms). */
async function measure(run: () => Promise<number>, seconds: number): Promise<Stats> {
  for (let i = 0; i < 10; i += 1) await run();
  const latencies: number[] = [];
  let rows = 0;
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until || latencies.length < 20) {
    const started = performance.now();
    rows = await run();
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99), calls: latencies.length, rows };
}

const ms = (value: number) => value.toFixed(1);

async function main() {
  const kinds: Array<'pglite' | 'postgres'> = ['pglite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];
  const table: Array<{ kind: string; path: string; stats: Stats }> = [];
  for (const kind of kinds) {
    console.log(`\n${kind}, ${units.toLocaleString('en-US')} units, ${REQUESTS.toLocaleString('en-US')} maintenance requests`);
    const env = await prepare(kind, units, { fresh });
    const database = await openDatabase(target(env));
    try {
      await database.migrate();
      await ensureRequests(database);
      const { admin, manager, managerBuildings, busyBuilding } = await actors(database);
      const deep = await deepCursor(database);
      const db = database.db;
      const list =
        (filters: Partial<QueueFilters>, actor: QueueActor = admin) =>
        async () =>
          (await findMaintenanceQueue({ db, actor, filters: { ...DEFAULT_QUEUE_FILTERS, ...filters } })).items.length;
      const board =
        (filters: Partial<QueueFilters>, actor: QueueActor = admin) =>
        async () =>
          (await findMaintenanceBoard({ db, actor, filters: { ...DEFAULT_QUEUE_FILTERS, ...filters, view: 'board' } })).columns.reduce(
            (sum, column) => sum + column.items.length,
            0,
          );
      const paths: [string, () => Promise<number>][] = [
        ['queue (default: open, newest)', list({})],
        ['open, oldest first', list({ sort: 'oldest' })],
        ['open, response due soonest', list({ sort: 'sla' })],
        ['building', list({ buildingId: busyBuilding, status: 'all' })],
        ['priority: emergency', list({ priority: 'emergency' })],
        ['status: triaged', list({ status: 'triaged' })],
        ['status: closed, by response due', list({ status: 'closed', sort: 'sla' })],
        ['every status', list({ status: 'all' })],
        ['category: pest control', list({ category: 'pest_control' })],
        ['age > 7 days', list({ age: 7 })],
        ['response target missed', list({ breached: true })],
        ['missed, every status, oldest', list({ breached: true, status: 'all', sort: 'oldest' })],
        ['emergency + pest control, all', list({ priority: 'emergency', category: 'pest_control', status: 'all' })],
        ['1,000 rows deep (every status)', list({ status: 'all', after: deep })],
        [`manager (${managerBuildings} buildings)`, list({}, manager)],
        ['manager, every status', list({ status: 'all' }, manager)],
        ['board', board({})],
        ['board, emergency', board({ priority: 'emergency' })],
        ['board, manager', board({}, manager)],
      ];
      for (const [name, run] of paths) {
        const stats = await measure(run, duration);
        table.push({ kind, path: name, stats });
        console.log(
          `  ${name.padEnd(36)} p50 ${ms(stats.p50)}  p95 ${ms(stats.p95)}  p99 ${ms(stats.p99)} ms  (${stats.calls} calls, ${stats.rows} rows)`,
        );
      }
    } finally {
      await database.close();
    }
  }
  console.log(
    `\nMaintenance queue at ${REQUESTS.toLocaleString('en-US')} requests (service calls, one at a time, ${duration} s each; target p95 ≤ 50 ms)`,
  );
  console.log('| database | path | p50 ms | p95 ms | p99 ms | calls |');
  console.log('|---|---|---:|---:|---:|---:|');
  for (const row of table)
    console.log(`| ${row.kind} | ${row.path} | ${ms(row.stats.p50)} | ${ms(row.stats.p95)} | ${ms(row.stats.p99)} | ${row.stats.calls} |`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
