/**
 * The reports that read units, leases and tenant ledgers (decision 058) stay flat in the size of
 * the portfolio for one building: the rent roll and the delinquency aging of one building read its
 * units through `property_building_unit_idx`, their leases, charges and journal lines through the
 * lease indexes — never a Seq Scan of `property`, `lease`, `charge` or `journal_line`; the whole
 * portfolio's aging reads the open charges only (`charge_open_lease_idx`), not a year of paid
 * ones, and joins only its page's leases to their units. Each statement the services send is captured and EXPLAINed on a portfolio built by the
 * demo generator, with a lease on a third of the units, twelve months of rent each (most paid) and
 * the journal those post. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '~/server/db/rows.server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDemoPortfolio } from '../../../tests/setup/demo-portfolio';
import { createStatementRecorder, explainText } from '../../../tests/setup/query-plans';
import { findOccupancyOverTime } from './occupancy-report.server';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { findDelinquencyAging, findRentRoll, type ReportsActor } from './financial-reports.server';
import { findLedgerDetail } from './ledger-detail.server';
import { findMaintenanceKpis } from './maintenance-kpis.server';
import { findDepositLiability, findVendorPayments } from './liability-reports.server';
import type { ReportQuery } from './reports.schemas';
import { collectedIncomeCents, trustPosition } from '~/features/owners/owner-settlement.server';
import { buildStatementBuilding } from '~/features/owners/owner-statements.server';

const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const UNITS = 10_000;

describe(`rent roll and aging query plans at ${UNITS.toLocaleString('en-US')} units (${kind})`, () => {
  let database: TestDatabase;
  const recorder = createStatementRecorder();
  const admin: ReportsActor = { id: 'plan-admin', role: 'admin' };
  let manager: ReportsActor;
  let buildingId = 0;

  beforeAll(async () => {
    database = await createTestDatabase({ onQuery: recorder.onQuery });
    const db = database.db;
    const plan = await insertDemoPortfolio(db, UNITS);
    manager = { id: plan.managers[0]!.id, role: 'property_manager' };
    await db.execute(sql`
      insert into lease (property_id, start_date, end_date, monthly_rent_cents, deposit_cents, status)
      select id, date '2025-12-01', date '2026-11-30' + (id % 300), price * 100, price * 100, 'active' from property where id % 3 = 0`);
    // Twelve months of rent a lease: paid, except the last month of one lease in ten and the last
    // two of one in thirty (the open charges the aging reads).
    await db.execute(sql`
      insert into charge (lease_id, kind, amount_cents, allocated_cents, due_date, period, status)
      select l.id, 'rent', l.monthly_rent_cents, case when open then 0 else l.monthly_rent_cents end, m.due, to_char(m.due, 'YYYY-MM'),
        (case when open then 'open' else 'paid' end)::charge_status
      from lease l
      cross join lateral generate_series(date '2025-12-01', date '2026-11-01', interval '1 month') as m(due)
      cross join lateral (select (l.id % 10 = 0 and m.due = date '2026-11-01') or (l.id % 30 = 3 and m.due >= date '2026-10-01') as open) o`);
    await db.execute(sql`
      insert into payment (lease_id, kind, method, amount_cents, status, provider, idempotency_key, settled_at)
      select c.lease_id, 'rent', 'check', sum(c.amount_cents)::int, 'succeeded', 'offline', 'plan-' || c.lease_id, now()
      from charge c where c.status = 'paid' group by c.lease_id`);
    // What paid each rent, applied on its due date (the owner's collected income reads these).
    await db.execute(sql`
      insert into ledger_allocation (charge_id, payment_id, amount_cents, created_at)
      select c.id, p.id, c.amount_cents, c.due_date + interval '2 hours'
      from charge c join payment p on p.idempotency_key = 'plan-' || c.lease_id
      where c.status = 'paid' and c.kind = 'rent'`);
    // Each lease's deposit, charged and paid at the start (the deposit liability reads its journal lines).
    await db.execute(sql`
      insert into charge (lease_id, kind, amount_cents, allocated_cents, due_date, period, status)
      select id, 'deposit', deposit_cents, deposit_cents, start_date, 'deposit', 'paid' from lease`);
    // Forty vendors paid for 2,000 work orders over the year (the vendor payments read their journal lines).
    await db.execute(sql`
      insert into vendor (company_name, contact_name, email, status)
      select 'Vendor ' || n, 'Contact ' || n, 'vendor' || n || '@plans.test', 'approved' from generate_series(1, 40) n`);
    await db.execute(sql`
      insert into project (building_id, name, kind) select id, 'Upkeep', 'other' from building`);
    await db.execute(sql`
      insert into work_order (vendor_id, project_id, building_id, status)
      select v.id, p.id, p.building_id, 'completed'
      from generate_series(1, 2000) n
      join lateral (select id from vendor order by id offset (n % 40) limit 1) v on true
      join lateral (select id, building_id from project order by id offset (n % (select count(*) from project)) limit 1) p on true`);
    await db.execute(sql`
      insert into invoice (work_order_id, vendor_id, number, status, subtotal_cents, total_cents, decided_at)
      select w.id, w.vendor_id, 'P-' || w.id, 'paid', 10000 + w.id, 10000 + w.id, timestamptz '2026-01-05 17:00Z' + (w.id % 330) * interval '1 day'
      from work_order w`);
    await db.execute(sql`
      insert into payout (invoice_id, vendor_id, amount_cents, paid_at)
      select i.id, i.vendor_id, i.total_cents, i.decided_at + interval '3 days' from invoice i`);
    // 20,000 maintenance requests over the year, a third completed (the maintenance KPIs read them).
    await db.execute(sql`
      insert into maintenance_request (property_id, building_id, category, priority, status, title, description, sla_due_at, completed_at, created_at)
      select p.id, p.building_id, 'plumbing', (array['emergency', 'urgent', 'routine'])[1 + n % 3]::maintenance_priority,
        (case when n % 3 = 0 then 'completed' else 'triaged' end)::maintenance_status, 'Leak', 'Water',
        t + interval '4 hours', case when n % 3 = 0 then t + (n % 50) * interval '1 hour' end, t
      from generate_series(1, 20000) n
      join property p on p.id = 1 + n % 10000
      cross join lateral (select timestamptz '2025-12-01 12:00Z' + (n % 365) * interval '1 day' as t) at`);
    const [largest] = rowsOf<{ building_id: number }>(
      await db.execute(sql`select building_id from property group by building_id order by count(*) desc limit 1`),
    );
    buildingId = largest!.building_id;
    for (const table of [
      'property',
      'lease',
      'lease_tenant',
      'charge',
      'payment',
      'journal_line',
      'building',
      'vendor',
      'document',
      'maintenance_request',
      'ledger_allocation',
    ])
      await db.execute(sql.raw(`ANALYZE ${table}`));
  }, 300_000);

  afterAll(async () => {
    await database?.close();
  });

  /** The plans of every statement `run` sends. */
  async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
    const captured = await recorder.capture(run);
    expect(captured.length).toBeGreaterThan(0);
    return Promise.all(captured.map((entry) => explainText(database.db, entry)));
  }

  const query = (report: ReportQuery['report'], building: number | null): ReportQuery => ({
    report,
    from: '2026-11',
    to: '2026-11',
    buildingId: building,
    asOf: '2026-11-15',
    after: null,
    page: 1,
    year: 2026,
    account: null,
    cursor: null,
  });

  function expectNoFullScans(plan: string) {
    expect(plan, plan).not.toMatch(/Seq Scan on (property|lease|charge|journal_line|payment)\b/);
  }

  it('the rent roll of one building, for an admin and for its manager, reads that building only', async () => {
    for (const actor of [admin, manager]) {
      const building = actor === admin ? buildingId : null;
      for (const plan of await plansOf(() => findRentRoll({ db: database.db, actor, query: query('rent-roll', building) }))) {
        expectNoFullScans(plan);
        expect(plan, plan).toMatch(/property_building_unit_idx/);
      }
    }
  });

  it('the aging of one building reads its leases; the portfolio reads the open charges only', async () => {
    const now = new Date('2026-11-20T15:00:00Z');
    for (const plan of await plansOf(() =>
      findDelinquencyAging({ db: database.db, actor: admin, query: query('aging', buildingId), now }),
    )) {
      expectNoFullScans(plan);
    }
    // The portfolio: no statement scans units, leases, charges or the journal; those that read
    // the charges by status read the open ones only.
    for (const plan of await plansOf(() => findDelinquencyAging({ db: database.db, actor: admin, query: query('aging', null), now }))) {
      expectNoFullScans(plan);
      if (/on charge c/.test(plan) && !/charge_lease_due_idx/.test(plan)) expect(plan, plan).toMatch(/charge_open_lease_idx/);
    }
    const aging = await findDelinquencyAging({ db: database.db, actor: admin, query: query('aging', null), now });
    expect(aging.totals.leases).toBeGreaterThan(0);
    expect(aging.rows[0]!.amounts.days1to30).toBeGreaterThan(0);
  });

  it('the deposit liability of one building reads its units and their leases; the portfolio its first units only', async () => {
    for (const [actor, building] of [
      [admin, buildingId],
      [manager, null],
      [admin, null],
    ] as const) {
      for (const plan of await plansOf(() => findDepositLiability({ db: database.db, actor, query: query('deposits', building) }))) {
        expectNoFullScans(plan);
        if (/on property u\b/.test(plan)) expect(plan, plan).toMatch(/property_building_unit_idx|property_pkey/);
        if (/on journal_line jl\b/.test(plan) && /jl.lease_id/.test(plan)) expect(plan, plan).toMatch(/journal_line_lease_idx/);
      }
    }
    const deposits = await findDepositLiability({ db: database.db, actor: admin, query: query('deposits', null) });
    expect(deposits.rows.length).toBeGreaterThan(0);
    expect(deposits.heldCents).toBeGreaterThan(0);
  });

  it("the vendor payments of a year read the vendors' journal lines, never every line of the year", async () => {
    for (const [actor, building] of [
      [admin, null],
      [admin, buildingId],
      [manager, null],
    ] as const) {
      for (const plan of await plansOf(() => findVendorPayments({ db: database.db, actor, query: query('vendor-payments', building) }))) {
        expectNoFullScans(plan);
        // The portfolio: the vendors' lines; one building: that building's lines — never the
        // year's trust cash of every building. (A manager's buildings: the planner picks by size.)
        if (/on journal_line jl\b/.test(plan) && actor === admin)
          expect(plan, plan).toMatch(building === null ? /journal_line_vendor_idx/ : /journal_line_building_account_date_idx/);
      }
    }
    const report = await findVendorPayments({ db: database.db, actor: admin, query: query('vendor-payments', null) });
    expect(report.totals.vendors).toBe(40);
    expect(report.rows[0]!.paidCents).toBeGreaterThan(report.rows.at(-1)!.paidCents);
  });

  it("the general ledger detail reads one account's lines of the period in order, a page at a time", async () => {
    const year: ReportQuery = { ...query('ledger', null), from: '2026-01', to: '2026-12' };
    for (const [actor, q, index] of [
      [admin, year, /journal_line_account_date_idx/],
      [admin, { ...year, buildingId }, /journal_line_building_account_date_idx/],
      [admin, { ...year, account: '2100', cursor: { date: '2026-06-01', id: 1 } }, /journal_line_account_date_idx/],
      [manager, year, /journal_line_(building_)?account_date_idx/],
    ] as const) {
      for (const plan of await plansOf(() => findLedgerDetail({ db: database.db, actor, query: q }))) {
        expectNoFullScans(plan);
        if (/on journal_line jl\b/.test(plan)) expect(plan, plan).toMatch(index);
      }
    }
    const cash = await findLedgerDetail({ db: database.db, actor: admin, query: year });
    expect(cash.lines).toHaveLength(100);
    expect(cash.next).not.toBeNull();
  });

  it('the maintenance KPIs read the requests opened in the months by their index, and the spend through the expense accounts', async () => {
    for (const [actor, building] of [
      [admin, null],
      [admin, buildingId],
      [manager, null],
    ] as const) {
      for (const plan of await plansOf(() => findMaintenanceKpis({ db: database.db, actor, query: query('maintenance', building) }))) {
        expectNoFullScans(plan);
        expect(plan, plan).not.toMatch(/Seq Scan on maintenance_request/);
        if (/on maintenance_request m\b/.test(plan)) expect(plan, plan).toMatch(/maintenance_(created|building)_idx/);
        if (/on journal_line jl\b/.test(plan)) expect(plan, plan).toMatch(/journal_line_(building_)?account_date_idx/);
      }
    }
    const kpis = await findMaintenanceKpis({ db: database.db, actor: admin, query: query('maintenance', null) });
    expect(kpis.totals.opened).toBeGreaterThan(0);
  });
  it('the owner portal and statement figures of one building read that building only (decision 061)', async () => {
    const runs = [
      () => collectedIncomeCents(database.db, { buildingId, timeZone: 'America/Chicago', from: '2026-01-01', to: '2026-11-30' }),
      () => trustPosition(database.db, { buildingId, month: '2026-11' }),
      () => buildStatementBuilding(database.db, { buildingId, name: 'Plan building', month: '2026-11', lang: 'en', reserveCents: 0 }),
    ];
    for (const run of runs) {
      for (const plan of await plansOf(run)) {
        expectNoFullScans(plan);
        if (/on property u\b/.test(plan)) expect(plan, plan).toMatch(/property_building_unit_idx/);
        if (/on charge c\b/.test(plan)) expect(plan, plan).toMatch(/charge_lease_due_idx|charge_scheduled_uq/);
        if (/on ledger_allocation a\b/.test(plan)) expect(plan, plan).toMatch(/ledger_allocation_charge_idx/);
        if (/on journal_line l\b/.test(plan)) expect(plan, plan).toMatch(/journal_line_building_account_date_idx/);
        if (/on gl_month_total t\b/.test(plan)) expect(plan, plan).toMatch(/gl_month_total_building_month_idx/);
      }
    }
  });
  it("occupancy over time of one building, or of a manager's buildings, reads their units and those units' leases", async () => {
    for (const [actor, building] of [
      [admin, buildingId],
      [manager, null],
    ] as const) {
      const period = { ...query('occupancy', building), from: '2026-01' };
      for (const plan of await plansOf(() => findOccupancyOverTime({ db: database.db, actor, query: period, today: '2026-11-15' }))) {
        expectNoFullScans(plan);
        if (/on property p\b/.test(plan)) expect(plan, plan).toMatch(/property_building_unit_idx|property_building_idx/);
        if (/on lease l\b/.test(plan)) expect(plan, plan).toMatch(/lease_property_idx/);
      }
    }
    const report = await findOccupancyOverTime({
      db: database.db,
      actor: admin,
      query: query('occupancy', buildingId),
      today: '2026-11-15',
    });
    expect(report.months[0]!.leased).toBeGreaterThan(0);
  });
});
