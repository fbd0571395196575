/**
 * Query plans of the work-order lists (decision 026 "Numbers": the vendor's list and the
 * assignments list stay fast at 50,000 work orders; DESIGN §6: proven by EXPLAIN for every path,
 * timed by tests/bench/work-orders.ts). At 20,000 work orders, every filter of the vendor's list
 * and of /admin/assignments reads an index of `work_order` in the list's order — no Seq Scan of
 * `work_order`, no Sort of every match.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementRecorder, explainText } from '../../../tests/setup/query-plans';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { findAssignments } from './assignments.server';
import { findVendorBuildings, findVendorWorkOrders } from './vendor-work-orders.server';
import {
  NO_ASSIGNMENT_FILTERS,
  NO_VENDOR_FILTERS,
  parseWorkOrderCursor,
  type AssignmentFilters,
  type VendorWorkOrderFilters,
} from './work-order-lists.schemas';

const WORK_ORDERS = 20_000;

describe(`work-order list query plans at ${WORK_ORDERS.toLocaleString('en-US')} work orders`, () => {
  let database: TestDatabase;
  const recorder = createStatementRecorder();
  const vendorUser = 'plan-vendor';
  let someBuilding = 0;

  beforeAll(async () => {
    database = await createTestDatabase({ onQuery: recorder.onQuery });
    const db = database.db;
    await db.execute(
      sql`insert into "user" (id, name, email, role) values (${vendorUser}, 'Plan Vendor', 'plan-vendor@work-orders.test', 'vendor')`,
    );
    await db.execute(sql`
      insert into vendor (user_id, company_name, contact_name, email, status)
      select case when g = 1 then ${vendorUser} end, 'Plan Vendor ' || g, 'Contact', 'plan-' || g || '@work-orders.test', 'approved' from generate_series(1, 40) g`);
    await db.execute(sql`
      insert into building (name, street_address, city, state, zip_code)
      select 'Plan Building ' || g, g || ' Plan Street', (array['Austin', 'Denver', 'Boston'])[1 + g % 3], 'TX', '78701' from generate_series(1, 120) g`);
    await db.execute(sql`
      insert into property (building_id, unit_number, title, description, price, address, city, state, zip_code, bedrooms, bathrooms, square_feet, property_type)
      select (select min(id) from building) + (g % 120), 'U' || g, 'Plan unit ' || g, 'x', 1000, g || ' Plan Street', 'Austin', 'TX', '78701', 1, 1, 500, 'apartment'
      from generate_series(1, 1200) g`);
    await db.execute(sql`
      insert into maintenance_request (property_id, building_id, category, priority, status, title, description, sla_due_at, client_id, created_at)
      select p.id, p.building_id, 'plumbing', 'routine', 'triaged', (array['Leak', 'Heater', 'Drain', 'Outlet'])[1 + g % 4] || ' ' || g, 'x', now(), 'plan-' || g,
        timestamptz '2026-11-20' - make_interval(secs => g * 3000)
      from generate_series(1, ${WORK_ORDERS}) g join property p on p.unit_number = 'U' || (1 + g % 1200)`);
    await db.execute(sql`
      insert into work_order (vendor_id, maintenance_request_id, building_id, status, due_at, scheduled_for, created_at)
      select (select min(id) from vendor) + (case when r.id % 10 = 0 then 0 else 1 + r.id % 39 end), r.id, r.building_id,
        (case when r.id % 100 < 70 then 'completed' when r.id % 100 < 80 then 'offered' when r.id % 100 < 90 then 'scheduled' else 'in_progress' end)::work_order_status,
        case when r.id % 3 = 0 then r.created_at + interval '7 days' end, r.created_at + interval '3 days', r.created_at
      from maintenance_request r`);
    for (const table of ['vendor', 'building', 'property', 'maintenance_request', 'work_order'])
      await db.execute(sql.raw(`ANALYZE ${table}`));
    const rows = (await db.execute(sql`select min(id)::int as id from building`)) as unknown as { rows: { id: number }[] };
    someBuilding = rows.rows[0]!.id + 9;
  }, 180_000);

  afterAll(async () => {
    await database?.close();
  });

  /** The plans of the page queries `run` sends (those that read `work_order` in an order). */
  async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
    const pages = (await recorder.capture(run)).filter((entry) => /from "work_order"/.test(entry.sql) && /order by/i.test(entry.sql));
    const plans: string[] = [];
    for (const query of pages) plans.push(await explainText(database.db, query));
    return plans;
  }

  /**
   * An index of `work_order` drives the page: no Seq Scan of it, and no Sort of every match —
   * unless `sortsFew`: a vendor's work orders in one building are few, so reading exactly them
   * by index and sorting that handful is what the planner rightly prefers.
   */
  function expectIndexed(plan: string | undefined, index: RegExp, sortsFew = false) {
    expect(plan, 'the page query').toBeDefined();
    expect(plan, plan).toMatch(index);
    expect(plan, plan).not.toMatch(/Seq Scan on work_order/);
    if (!sortsFew) expect(plan, plan).not.toMatch(/(?<!Incremental )Sort\b(?! Key| Method)/);
  }

  const viewer = { id: vendorUser, role: 'vendor' as const };
  const vendorCases: [string, Partial<VendorWorkOrderFilters>, RegExp][] = [
    ['the default page', {}, /work_order_vendor(_status|_building)?_idx/],
    ['a status', { status: 'offered' }, /work_order_vendor_status_idx/],
    ['a building', { buildingId: 0 }, /work_order_vendor_building_idx/],
    ['a search', { q: 'heater' }, /work_order_vendor(_status|_building)?_idx/],
    ['a search that finds nothing', { q: 'chandelier' }, /work_order_vendor(_status|_building)?_idx/],
  ];
  it.each(vendorCases)('the vendor’s list: %s', async (_name, filters, index) => {
    const wanted = { ...NO_VENDOR_FILTERS, ...filters, ...(filters.buildingId === 0 ? { buildingId: someBuilding } : {}) };
    const [plan] = await plansOf(() => findVendorWorkOrders({ db: database.db, viewer, filters: wanted }));
    expectIndexed(plan, index, filters.buildingId !== undefined);
  });

  it('the vendor’s list: a deep page starts at the cursor', async () => {
    const [plan] = await plansOf(() =>
      findVendorWorkOrders({
        db: database.db,
        viewer,
        filters: NO_VENDOR_FILTERS,
        cursor: parseWorkOrderCursor('2026-10-01T00:00:00.000000Z_9000'),
      }),
    );
    expectIndexed(plan, /work_order_vendor_idx/);
    expect(plan).toMatch(/Index Cond: .*created_at/);
  });

  it('the vendor’s buildings come from the vendor-building index, not from every building', async () => {
    const captured = await recorder.capture(() => findVendorBuildings({ db: database.db, viewer }));
    const query = captured.find((entry) => /from "building"/.test(entry.sql));
    const plan = await explainText(database.db, query!);
    expect(plan, plan).toMatch(/(Index Only|Bitmap Index) Scan (using|on) work_order_vendor_building_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan on work_order/);
  });

  const admin = { id: 'plan-admin', role: 'admin' as const };
  const staffCases: [string, Partial<AssignmentFilters>, RegExp][] = [
    ['the default page', {}, /work_order_created_idx/],
    ['a status', { status: 'scheduled' }, /work_order_(status|created)_idx/],
    ['a vendor', { vendorId: -1 }, /work_order_vendor(_status|_building)?_idx/],
    ['a building', { buildingId: 0 }, /work_order_(building|created)_idx/],
    ['overdue', { overdue: true }, /work_order_open_created_idx/],
  ];
  it.each(staffCases)('the assignments list: %s', async (_name, filters, index) => {
    const vendorId = (
      (await database.db.execute(sql`select id from vendor where user_id = ${vendorUser}`)) as unknown as { rows: { id: number }[] }
    ).rows[0]!.id;
    const wanted = {
      ...NO_ASSIGNMENT_FILTERS,
      ...filters,
      ...(filters.buildingId === 0 ? { buildingId: someBuilding } : {}),
      ...(filters.vendorId === -1 ? { vendorId } : {}),
    };
    const [plan] = await plansOf(() => findAssignments({ db: database.db, actor: admin, filters: wanted }));
    expectIndexed(plan, index);
  });
});
