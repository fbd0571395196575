/**
 * The portfolio back office reads indexes on every path a user takes (decision 015 "Numbers";
 * DESIGN §6): the buildings list (default, each sort, search, state, manager, occupancy, a deep
 * page) never touches `property`, and a building's page reads its units through
 * `property_building_unit_idx` and their leases and applications through their unit indexes —
 * never a Seq Scan of `property`, `lease` or `application`. Each statement the services really
 * send is captured (`onQuery`) and EXPLAINed on a portfolio built by the demo generator, with
 * leases on a third of the units and two years of applications on a quarter (a few still open). Runs on PGlite and PostgreSQL.
 */
import { asc, desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { building } from '~/server/db/schema';
import { insertDemoPortfolio } from '../../../tests/setup/demo-portfolio';
import { createStatementRecorder, explainText } from '../../../tests/setup/query-plans';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { findBuildingDetail, listBuildings } from './buildings.server';
import { loadManagerPortfolio, loadPortfolioCharts } from './portfolio-overview.server';
import { parseBuildingListQuery } from './portfolio.schemas';
import type { PortfolioActor } from './portfolio-access.server';

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
/** ≈ 390 buildings of 10–200 units: the generator's real shape, a quarter of the demo's size. */
const UNITS = 20_000;

describe(`portfolio query plans at ${UNITS.toLocaleString('en-US')} units (${kind})`, () => {
  let database: TestDatabase;
  const recorder = createStatementRecorder();
  const admin: PortfolioActor = { id: 'plan-admin', role: 'admin' };
  let manager: PortfolioActor;
  let largest: { id: number; units: number } | undefined;

  /** The statements `run` sends, each with its plan. */
  async function plansOf(run: () => Promise<unknown>): Promise<{ statement: string; plan: string }[]> {
    const statements = await recorder.capture(run);
    return Promise.all(
      statements.map(async (statement) => ({ statement: statement.sql, plan: await explainText(database.db, statement) })),
    );
  }

  beforeAll(async () => {
    database = await createTestDatabase({ onQuery: recorder.onQuery });
    const db = database.db;
    const plan = await insertDemoPortfolio(db, UNITS);
    manager = { id: plan.managers[0]!.id, role: 'property_manager' };
    await db.execute(sql`
      insert into lease (property_id, start_date, end_date, monthly_rent_cents, deposit_cents, status)
      select id, date '2026-01-01', date '2027-01-01' + (id % 300), price * 100, price * 100, 'active' from property where id % 3 = 0`);
    await db.execute(sql`
      insert into application (reference, property_id, move_in, move_out, adults, first_name, last_name, email, phone, current_address, city,
        zip_code, country, payment_method, lease_months, monthly_rent_cents, deposit_cents, application_fee_cents, due_now_cents,
        due_at_signing_cents, idempotency_key, status, created_at)
      select 'PLAN-' || id, id, date '2027-02-01', date '2028-02-01', 1, 'Ada', 'Plan', 'ada' || id || '@plans.test', '5550100', '1 Main St',
        'Austin', '78701', 'US', 'card', 12, price * 100, price * 100, 5000, 5000, price * 200, 'plan-' || id,
        (case when id % 50 = 0 then 'submitted' when id % 50 = 10 then 'under_review' when id % 3 = 0 then 'leased' else 'rejected' end)::application_status,
        -- Two years of history, most of it decided: open ones are the few recent.
        timestamptz '2026-11-20' - make_interval(days => (id * 7) % 730)
      from property where id % 4 = 0`);
    for (const table of ['building', 'property', 'lease', 'application', '"user"']) await db.execute(sql.raw(`ANALYZE ${table}`));
    [largest] = await db
      .select({ id: building.id, units: building.unitsTotal })
      .from(building)
      .orderBy(desc(building.unitsTotal), asc(building.id))
      .limit(1);
  }, 180_000);

  afterAll(async () => {
    await database?.close();
  });

  const list =
    (search: string, actor: PortfolioActor = admin) =>
    () =>
      listBuildings({ db: database.db, actor, query: parseBuildingListQuery(new URLSearchParams(search)) });

  it.each([
    ['the default list', ''],
    ['a deep page', 'page=12'],
    ['a search', 'q=park'],
    ['a state', 'state=TX'],
    ['a manager', 'manager=MANAGER'],
    ['buildings without a manager', 'manager=none'],
    ['an occupancy band', 'occupancy=low'],
    ['sorted by occupancy, lowest first', 'sort=occupancy_asc'],
    ['sorted by occupancy, highest first', 'sort=occupancy_desc'],
    ['sorted by size', 'sort=units_desc'],
    ['newest first', 'sort=newest'],
    ['a state, sorted, deep', 'state=TX&sort=units_desc&page=2'],
  ])('the buildings list (%s) reads only building and its manager, never property', async (_label, search) => {
    const plans = await plansOf(list(search.replace('MANAGER', manager.id)));
    expect(plans.length).toBeGreaterThanOrEqual(2);
    for (const { plan } of plans) {
      expect(plan).not.toMatch(/ on property\b/);
      expect(plan).not.toMatch(/ on (lease|application)\b/);
    }
  });

  it('a property manager’s own list reads their buildings through building_manager_idx at this size', async () => {
    const plans = await plansOf(list('', manager));
    const joined = plans.map((entry) => entry.plan).join('\n');
    expect(joined).toMatch(/building_manager_idx/);
    expect(joined).not.toMatch(/Seq Scan on building/);
  });

  it('the default list is read in name order from building_name_idx (no sort of every building)', async () => {
    const plans = await plansOf(list(''));
    const page = plans.find((entry) => /limit/i.test(entry.statement));
    expect(page?.plan).toMatch(/Index Scan using building_name_idx/);
  });

  it('a building page of the largest building reads its units, leases and applications by index', async () => {
    expect(largest?.units).toBeGreaterThanOrEqual(150);
    const plans = await plansOf(() => findBuildingDetail({ db: database.db, actor: admin, buildingId: largest!.id }));
    const joined = plans.map((entry) => entry.plan).join('\n');
    expect(joined).toMatch(/property_building_unit_idx/);
    expect(joined, joined).not.toMatch(/Seq Scan on (property|lease|application)\b/);
  });

  it('a manager’s dashboard portfolio and the admin overview charts read counters and indexes, never a whole table of units or applications', async () => {
    for (const run of [
      () => loadManagerPortfolio({ db: database.db, actor: manager }),
      () => loadPortfolioCharts({ db: database.db, actor: admin, now: new Date('2026-11-25T12:00:00Z') }),
    ]) {
      const joined = (await plansOf(run)).map((entry) => entry.plan).join('\n');
      expect(joined, joined).not.toMatch(/Seq Scan on (property|lease|application)\b/);
    }
  });
});
