/**
 * `npm run bench` (work-orders part; decision 026 "Numbers"): on the 75,000-unit scratch
 * database (PGlite, and PostgreSQL when BENCH_DATABASE_URL — or DATABASE_URL — is set) with
 * 50,000 work orders added once by SQL (`generate_series`: one maintenance request each, 200
 * vendors, every status, two years of dates, due and visit times, 2,000 invoices), measures
 * every path of a vendor's `/vendor-portal/work-orders` (default, each kind of filter, a search
 * that finds many and one that finds nothing, a work-order number, a page 1,000 rows deep, one
 * work order) for a vendor holding 5,000 of them, and every
 * path of `/admin/assignments` (default, status, vendor, building, overdue, a deep page), as the
 * data requests a browser sends (`.data?_routes=<page>`), one at a time (what one person waits;
 * target p95 ≤ 50 ms) and with --connections concurrent clients. The admin signs in with its
 * second factor (decision 023; lib's `ensureBenchAdmin`, `signInBenchAdmin`). Not a test: it prints.
 *
 * Options: --duration S (default 5), --connections N (default 4), --units N (default 75000), --fresh.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../app/server/db/rows.server';
import { createVerifiedUser } from '../../app/server/auth/create-user.server';
import { openDatabase } from '../../app/server/db/client.server';
import { benchDataRequests, databaseTarget, loadArgs, printDataRequestTable, signInBench, signInBenchAdmin } from './lib';

if (process.env.BENCH_DATABASE_URL) process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL;

const { duration, connections } = loadArgs();
const WORK_ORDERS = 50_000;
const VENDORS = 200;
/** Every tenth work order is the bench vendor's (5,000). */
const BENCH_VENDOR = { email: 'bench-vendor@dimora.test', password: 'bench-wrench-pass-1', company: 'Bench Wrench Co' };
const TITLES = [
  'Leak under the sink',
  'Broken heater',
  'Clogged drain',
  'No hot water',
  'Faulty outlet',
  'Door lock stuck',
  'Mice in the kitchen',
  'AC not cooling',
  'Cracked tile',
  'Dishwasher error',
];
const CATEGORIES = [
  'plumbing',
  'hvac',
  'plumbing',
  'plumbing',
  'electrical',
  'locks_doors',
  'pest_control',
  'hvac',
  'structural',
  'appliance',
];

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

const array = (values: readonly string[]) => sql.raw(`array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`);

/** Adds the bench vendors, requests, work orders and invoices once (kept in the scratch database). */
async function ensureWorkOrders(env: Record<string, string>): Promise<void> {
  const database = await openDatabase(databaseTarget(env));
  try {
    const db = database.db;
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from work_order where instructions = 'bench'`),
    );
    if (Number(n) >= WORK_ORDERS) return;
    const started = performance.now();
    let [account] = rowsOf<{ id: string }>(await db.execute(sql`select id from "user" where email = ${BENCH_VENDOR.email}`));
    if (!account)
      account = {
        id: (
          await createVerifiedUser(db, { email: BENCH_VENDOR.email, password: BENCH_VENDOR.password, name: 'Bench Wrench', role: 'vendor' })
        ).id,
      };
    await db.execute(sql`
      insert into vendor (user_id, company_name, contact_name, email, status, insurance_expiry, insurance_verified_at, trades, service_states)
      values (${account.id}, ${BENCH_VENDOR.company}, 'Bench Wrench', ${BENCH_VENDOR.email}, 'approved', '2030-12-31', now(), '{plumbing,hvac}', '{TX,CA,NY}')
      on conflict do nothing`);
    await db.execute(sql`
      insert into vendor (company_name, contact_name, email, status, insurance_expiry, insurance_verified_at, trades, service_states)
      select 'Bench Vendor ' || lpad(i::text, 3, '0'), 'Contact ' || i, 'bench.vendor.' || i || '@bench.dimora.test', 'approved',
        (case when i % 20 = 0 then '2024-01-31' else '2030-12-31' end)::date, now(), '{plumbing}', '{TX}'
      from generate_series(1, ${VENDORS}) i`);
    await db.execute(
      sql`create temporary table bench_units as select id, building_id, row_number() over (order by id) as rn from property`,
    );
    await db.execute(sql`
      create temporary table bench_wo as
      select i, u.id as property_id, u.building_id,
        now() - (i % 730) * interval '1 day' - (i % 1440) * interval '1 minute' as created_at,
        (case when i % 100 < 60 then 'completed' when i % 100 < 65 then 'cancelled' when i % 100 < 70 then 'declined'
              when i % 100 < 78 then 'offered' when i % 100 < 85 then 'accepted' when i % 100 < 92 then 'scheduled' else 'in_progress' end) as status
      from generate_series(1, ${WORK_ORDERS}) i
      join bench_units u on u.rn = 1 + (i::bigint * 7919) % (select count(*) from bench_units)`);
    await db.execute(sql`
      insert into maintenance_request (property_id, building_id, client_id, category, priority, status, title, description, permission_to_enter, sla_due_at, first_response_at, created_at, updated_at)
      select property_id, building_id, 'bench-wo-' || i, (${array(CATEGORIES)})[1 + i % 10]::maintenance_category,
        (array['emergency','urgent','routine'])[1 + i % 3]::maintenance_priority,
        (case status when 'completed' then 'completed' when 'scheduled' then 'scheduled' when 'in_progress' then 'in_progress' else 'triaged' end)::maintenance_status,
        (${array(TITLES)})[1 + (i / 10) % 10] || ' (' || i || ')', 'A bench request.', i % 2 = 0, created_at + interval '1 day', created_at + interval '1 hour', created_at, created_at
      from bench_wo`);
    await db.execute(sql`
      insert into work_order (vendor_id, maintenance_request_id, building_id, status, instructions, scheduled_for, due_at, accepted_at, started_at, completed_at, created_at, updated_at)
      select case when w.i % 10 = 0 then (select id from vendor where email = ${BENCH_VENDOR.email})
                  else (select min(id) from vendor where email like 'bench.vendor.%') + (w.i % ${VENDORS}) end,
        r.id, w.building_id, w.status::work_order_status, 'bench',
        case when w.status in ('scheduled', 'in_progress', 'completed') then w.created_at + interval '3 days' end,
        case when w.i % 3 = 0 then w.created_at + interval '7 days' end,
        case when w.status in ('accepted', 'scheduled', 'in_progress', 'completed') then w.created_at + interval '2 hours' end,
        case when w.status in ('in_progress', 'completed') then w.created_at + interval '3 days' end,
        case when w.status = 'completed' then w.created_at + interval '4 days' end,
        w.created_at, w.created_at
      from bench_wo w join maintenance_request r on r.client_id = 'bench-wo-' || w.i and r.tenant_id is null`);
    await db.execute(sql`
      insert into invoice (work_order_id, vendor_id, number, status, subtotal_cents, tax_cents, total_cents, submitted_at, decided_at, paid_at)
      select wo.id, wo.vendor_id, 'BENCH-' || wo.id, (case when n <= 100 then 'submitted' when n <= 150 then 'approved' else 'paid' end)::invoice_status,
        15000 + (wo.id % 50) * 100, 1200, 16200 + (wo.id % 50) * 100, wo.completed_at, case when n > 100 then wo.completed_at + interval '1 day' end,
        case when n > 150 then wo.completed_at + interval '5 days' end
      from (select id, vendor_id, completed_at, row_number() over (order by id) as n from work_order where instructions = 'bench' and status = 'completed' limit 2000) wo`);
    await db.execute(sql`
      insert into invoice_line (invoice_id, position, kind, description, quantity, unit_cents, amount_cents)
      select id, 1, 'labour', 'Bench labour', 1, subtotal_cents, subtotal_cents from invoice where number like 'BENCH-%'`);
    // VACUUM sets the visibility map, so a vendor's buildings come from an index-only scan.
    for (const table of ['vendor', 'maintenance_request', 'work_order', 'invoice', 'invoice_line'])
      await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
    console.log(
      `  added ${WORK_ORDERS.toLocaleString('en-US')} work orders (${VENDORS} vendors, 2,000 invoices) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

type Probes = {
  vendorId: number;
  vendorBuilding: number;
  vendorCity: string;
  busyBuilding: number;
  vendorDeep: string;
  adminDeep: string;
  workOrderId: number;
};

/** Ids the paths ask for: the bench vendor, one of its buildings and cities, a busy building, cursors 1,000 rows deep. */
async function probes(env: Record<string, string>): Promise<Probes> {
  const database = await openDatabase(databaseTarget(env));
  try {
    const db: Db = database.db;
    const [vendorRow] = rowsOf<{ id: number }>(await db.execute(sql`select id from vendor where email = ${BENCH_VENDOR.email}`));
    const vendorId = vendorRow!.id;
    const [place] = rowsOf<{ building_id: number; city: string }>(
      await db.execute(
        sql`select w.building_id, b.city from work_order w join building b on b.id = w.building_id where w.vendor_id = ${vendorId} group by 1, 2 order by count(*) desc limit 1`,
      ),
    );
    const [busy] = rowsOf<{ building_id: number }>(
      await db.execute(sql`select building_id from work_order group by 1 order by count(*) desc limit 1`),
    );
    const cursor = async (where: ReturnType<typeof sql>) => {
      const [row] = rowsOf<{ at: string; id: number }>(
        await db.execute(
          sql`select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at, id from work_order where ${where} order by created_at desc, id desc offset 999 limit 1`,
        ),
      );
      return row ? `${row.at}_${row.id}` : '';
    };
    const [sample] = rowsOf<{ id: number }>(
      await db.execute(sql`select id from work_order where vendor_id = ${vendorId} order by id desc offset 777 limit 1`),
    );
    return {
      vendorId,
      vendorBuilding: place!.building_id,
      vendorCity: place!.city,
      busyBuilding: busy!.building_id,
      vendorDeep: await cursor(sql`vendor_id = ${vendorId}`),
      adminDeep: await cursor(sql`true`),
      workOrderId: sample!.id,
    };
  } finally {
    await database.close();
  }
}

async function main() {
  const rows = await benchDataRequests({
    label: `${WORK_ORDERS.toLocaleString('en-US')} work orders`,
    firstPort: 3520,
    pad: 32,
    setup: async (env) => {
      await ensureWorkOrders(env);
      return probes(env);
    },
    paths: async (base, ids) => {
      const admin = { cookie: await signInBenchAdmin(base) };
      const vendor = { cookie: await signInBench(base, BENCH_VENDOR) };
      return [
        ['vendor list (default)', '/vendor-portal/work-orders', vendor],
        ['vendor: status completed', '/vendor-portal/work-orders?status=completed', vendor],
        ['vendor: status offered', '/vendor-portal/work-orders?status=offered', vendor],
        ['vendor: building', `/vendor-portal/work-orders?building=${ids.vendorBuilding}`, vendor],
        ['vendor: city', `/vendor-portal/work-orders?city=${encodeURIComponent(ids.vendorCity)}`, vendor],
        ['vendor: search "heater"', '/vendor-portal/work-orders?q=heater', vendor],
        ['vendor: search, nothing found', '/vendor-portal/work-orders?q=chandelier', vendor],
        ['vendor: search a number', `/vendor-portal/work-orders?q=%23${ids.workOrderId}`, vendor],
        ['vendor: status + city', `/vendor-portal/work-orders?status=scheduled&city=${encodeURIComponent(ids.vendorCity)}`, vendor],
        ['vendor: 1,000 rows deep', `/vendor-portal/work-orders?cursor=${encodeURIComponent(ids.vendorDeep)}`, vendor],
        ['vendor: one work order', `/vendor-portal/work-orders/${ids.workOrderId}`, vendor],
        ['assignments (default)', '/admin/assignments', admin],
        ['assignments: status scheduled', '/admin/assignments?status=scheduled', admin],
        ['assignments: vendor', `/admin/assignments?vendor=${ids.vendorId}`, admin],
        ['assignments: building', `/admin/assignments?building=${ids.busyBuilding}`, admin],
        ['assignments: overdue', '/admin/assignments?overdue=1', admin],
        ['assignments: 1,000 rows deep', `/admin/assignments?cursor=${encodeURIComponent(ids.adminDeep)}`, admin],
      ];
    },
    routeIdOf: (urlPath) =>
      urlPath.startsWith('/vendor-portal/work-orders/')
        ? 'routes/vendor-portal/work-orders.$workOrderId'
        : urlPath.startsWith('/vendor-portal')
          ? 'routes/vendor-portal/work-orders'
          : 'admin/assignments.tsx',
  });
  printDataRequestTable(
    `\nWork orders at ${WORK_ORDERS.toLocaleString('en-US')} (data requests, ${duration} s each; target p95 ≤ 50 ms one at a time)`,
    connections,
    rows,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
