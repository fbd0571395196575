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
import type { Db } from '~/server/db/client.server';
import { building, property, user } from '~/server/db/schema';
import { bulkInsertSql } from '~/server/db/seed/bulk-insert.server';
import { planPortfolio } from '~/server/db/seed/generate-buildings.server';
import { createUnitGenerator } from '~/server/db/seed/generate-units.server';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { findBuildingDetail, listBuildings } from './buildings.server';
import { loadManagerPortfolio, loadPortfolioCharts } from './portfolio-overview.server';
import { parseBuildingListQuery } from './portfolio.schemas';
import type { PortfolioActor } from './portfolio-access.server';

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
/** ≈ 390 buildings of 10–200 units: the generator's real shape, a quarter of the demo's size. */
const UNITS = 20_000;

type Captured = { sql: string; params: unknown[] };

/** A statement with its parameters written in (numbers, booleans, strings and string arrays). */
function inline({ sql: text, params }: Captured): string {
  const literal = (value: unknown): string => {
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(',')}]`;
    return `'${String(value).replace(/'/g, "''")}'`;
  };
  return text.replace(/\$(\d+)/g, (_all, n: string) => literal(params[Number(n) - 1]));
}

async function explain(db: Db, statement: Captured): Promise<string> {
  const result = (await db.execute(sql.raw(`EXPLAIN ${inline(statement)}`))) as unknown as { rows: Array<Record<string, string>> };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

describe(`portfolio query plans at ${UNITS.toLocaleString('en-US')} units (${kind})`, () => {
  let database: TestDatabase;
  const captured: Captured[] = [];
  let recording = false;
  const admin: PortfolioActor = { id: 'plan-admin', role: 'admin' };
  let manager: PortfolioActor;
  let largest: { id: number; units: number } | undefined;

  /** The statements `run` sends, each with its plan. */
  async function plansOf(run: () => Promise<unknown>): Promise<{ statement: string; plan: string }[]> {
    captured.length = 0;
    recording = true;
    try {
      await run();
    } finally {
      recording = false;
    }
    const statements = [...captured];
    return Promise.all(statements.map(async (statement) => ({ statement: statement.sql, plan: await explain(database.db, statement) })));
  }

  beforeAll(async () => {
    database = await createTestDatabase({ onQuery: (text, params) => recording && captured.push({ sql: text, params }) });
    const db = database.db;
    const plan = planPortfolio(42, UNITS);
    await db.insert(user).values(
      plan.managers.map((row) => ({
        id: row.id,
        name: `${row.firstName} ${row.lastName}`,
        email: row.email,
        emailVerified: true,
        role: 'property_manager' as const,
      })),
    );
    manager = { id: plan.managers[0]!.id, role: 'property_manager' };
    await db.execute(
      bulkInsertSql(
        building,
        plan.buildings.map((planned) => planned.row),
      ),
    );
    const generate = createUnitGenerator(42, plan);
    for (let from = 0; from < UNITS; from += 1_000) {
      await db.execute(
        bulkInsertSql(
          property,
          Array.from({ length: Math.min(1_000, UNITS - from) }, (_, i) => generate(from + i)),
        ),
      );
    }
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
