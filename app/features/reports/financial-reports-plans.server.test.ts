/**
 * The financial reports over whole months never read the journal's lines (decisions 058 and 059):
 * at 80,000 journal lines over 200 buildings, the income statement (the period and the one before
 * it, and the months of the chart) and the trial balance read the month totals — one building's
 * through `gl_month_total_building_month_idx`, never the whole table — for an admin and for the
 * building's manager; the whole portfolio's read the totals only. Runs on PGlite, and on
 * PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { building, user } from '~/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { createStatementRecorder, explainText } from '../../../tests/setup/query-plans';
import { findCashFlow } from './cash-flow.server';
import { findIncomeStatement, findTrialBalanceReport, type ReportsActor } from './financial-reports.server';
import type { ReportQuery } from './reports.schemas';

const BUILDINGS = 200;
const ENTRIES = 40_000;
const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const admin: ReportsActor = { id: 'plans-admin', role: 'admin' };
const manager: ReportsActor = { id: 'plans-manager', role: 'property_manager' };

describe(`financial report query plans at ${(ENTRIES * 2).toLocaleString('en-US')} journal lines (${kind})`, () => {
  let database: TestDatabase;
  let buildingId = 0;
  const recorder = createStatementRecorder();

  beforeAll(async () => {
    database = await createTestDatabase({ onQuery: recorder.onQuery });
    const db = database.db;
    await db
      .insert(user)
      .values({ id: manager.id, name: 'Plan Manager', email: 'plans@reports.test', role: 'property_manager', emailVerified: true });
    const [first] = await db
      .insert(building)
      .values({ name: 'Plan Court', streetAddress: '1 Plan St', city: 'Austin', state: 'TX', zipCode: '78701', managerId: manager.id })
      .returning({ id: building.id });
    buildingId = first!.id;
    // Entries of many buildings (ids after the real one), two lines each: rent income against cash.
    await db.execute(sql`
      insert into journal_entry (entry_date, building_id, source, memo)
      select date '2025-01-01' + (g % 700), ${buildingId} + g % ${BUILDINGS}, 'manual', 'plan'
      from generate_series(1, ${ENTRIES}) g`);
    await db.execute(sql`
      insert into journal_line (entry_id, entry_date, account_id, building_id, debit_cents, credit_cents)
      select e.id, e.entry_date, a.id, e.building_id,
        case when a.system_key = 'trust_cash' then 1000 + e.id % 500 else 0 end,
        case when a.system_key = 'rent_income' then 1000 + e.id % 500 else 0 end
      from journal_entry e join gl_account a on a.system_key in ('trust_cash', 'rent_income')`);
    await db.execute(sql`ANALYZE journal_entry`);
    await db.execute(sql`ANALYZE journal_line`);
    await db.execute(sql`ANALYZE gl_month_total`);
    await db.execute(sql`ANALYZE building`);
  }, 180_000);

  afterAll(async () => {
    await database?.close();
  });

  /** The plans of every statement `run` sends; none reads the journal's lines, and some read the month totals. */
  async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
    const captured = await recorder.capture(run);
    expect(
      captured.filter((entry) => /"journal_line"/i.test(entry.sql)),
      'statements reading the journal',
    ).toEqual([]);
    const reads = captured.filter((entry) => /"gl_month_total"/i.test(entry.sql));
    expect(reads.length, 'statements reading the month totals').toBeGreaterThan(0);
    return Promise.all(reads.map((entry) => explainText(database.db, entry)));
  }

  function expectBuildingIndex(plan: string) {
    expect(plan, plan).toMatch(/gl_month_total_building_month_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan on gl_month_total/);
  }

  const year = (buildingOf: number | null): ReportQuery => ({
    report: 'income',
    from: '2026-01',
    to: '2026-12',
    buildingId: buildingOf,
    asOf: '2026-12-31',
    after: null,
    page: 1,
    year: 2026,
    account: null,
    cursor: null,
  });

  it('the income statement of one building, for an admin', async () => {
    const plans = await plansOf(() => findIncomeStatement({ db: database.db, actor: admin, query: year(buildingId) }));
    for (const plan of plans) expectBuildingIndex(plan);
  });

  it('the income statement of their buildings, for their manager (all of them, and one)', async () => {
    for (const query of [year(null), year(buildingId)]) {
      const plans = await plansOf(() => findIncomeStatement({ db: database.db, actor: manager, query }));
      for (const plan of plans) expectBuildingIndex(plan);
    }
  });

  it('the income statement and the trial balance of the whole portfolio read the month totals only', async () => {
    await plansOf(() => findIncomeStatement({ db: database.db, actor: admin, query: year(null) }));
    const query: ReportQuery = { ...year(null), report: 'trial-balance' };
    await plansOf(() => findTrialBalanceReport({ db: database.db, actor: admin, query }));
  });

  it('the trial balance of one building', async () => {
    const query: ReportQuery = {
      report: 'trial-balance',
      from: '2026-06',
      to: '2026-06',
      buildingId,
      asOf: '2026-06-30',
      after: null,
      page: 1,
      year: 2026,
      account: null,
      cursor: null,
    };
    for (const actor of [admin, manager]) {
      const plans = await plansOf(() => findTrialBalanceReport({ db: database.db, actor, query }));
      for (const plan of plans) expectBuildingIndex(plan);
    }
  });

  it('the cash flows of one building, and of a manager’s buildings, read their month totals; the portfolio’s the month totals only', async () => {
    const query = (building: number | null): ReportQuery => ({ ...year(building), report: 'cash-flow' });
    for (const plan of await plansOf(() => findCashFlow({ db: database.db, actor: admin, query: query(buildingId) })))
      expectBuildingIndex(plan);
    for (const plan of await plansOf(() => findCashFlow({ db: database.db, actor: manager, query: query(null) })))
      expectBuildingIndex(plan);
    await plansOf(() => findCashFlow({ db: database.db, actor: admin, query: query(null) }));
  });
});
