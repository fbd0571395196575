/**
 * The financial reports page's loader (decision 058) on a real database: the income statement
 * with the previous period beside it and the trial balance, read from what money events posted;
 * a manager sees only their buildings, another manager's building is a 404 that is audited; a bad
 * month, an impossible range or an unknown building answers 400 with the field's message in the
 * viewer's language.
 */
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '~/server/db/rows.server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '~/server/auth/session.server';
import { auditLog, charge, payment } from '~/server/db/schema';
import { createProperty } from '../../../tests/setup/factories';
import { createLeaseFixture, createPerson } from '../../../tests/setup/leases';
import { TEST_PUBLIC_URL, useTestDatabase } from '../../../tests/setup/test-db';
import { parse } from 'csv-parse/sync';
import { loadReportsPage, reportCsvResponse } from './reports.page.server';
import type { ReportsPageData } from './reports.types';

const database = useTestDatabase();
let admin: Viewer;
let managerA: Viewer;
let managerB: Viewer;
let buildingA = 0;
let buildingB = 0;

/** A lease in a new building of `manager` with rent charged and paid in October and November 2026. */
async function buildingWithRent(manager: Viewer, rentCents: number, paidCents: number) {
  const tenant = await createPerson(database.db, 'tenant');
  const row = await createLeaseFixture(database.db, { manager, tenant, monthlyRentCents: rentCents });
  for (const month of ['2026-10', '2026-11']) {
    await database.db
      .insert(charge)
      .values({ leaseId: row.id, kind: 'rent', amountCents: rentCents, dueDate: `${month}-01`, period: month });
    await database.db.insert(payment).values({
      leaseId: row.id,
      kind: 'rent',
      method: 'check',
      amountCents: paidCents,
      status: 'succeeded',
      provider: 'offline',
      idempotencyKey: `reports-${row.id}-${month}`,
      settledAt: new Date(`${month}-05T15:00:00Z`),
      createdAt: new Date(`${month}-05T15:00:00Z`),
    });
  }
  // A late fee in November only.
  await database.db
    .insert(charge)
    .values({ leaseId: row.id, kind: 'late_fee', amountCents: 5_000, dueDate: '2026-11-07', period: '2026-11' });
  const [unit] = rowsOf<{ building_id: number }>(
    await database.db.execute(sql`select building_id from property where id = ${row.propertyId}`),
  );
  return unit!.building_id;
}

beforeAll(async () => {
  admin = await createPerson(database.db, 'admin');
  managerA = await createPerson(database.db, 'property_manager');
  managerB = await createPerson(database.db, 'property_manager');
  buildingA = await buildingWithRent(managerA, 120_000, 120_000);
  buildingB = await buildingWithRent(managerB, 200_000, 150_000);
});

type Loaded = { page: ReportsPageData };

async function load(
  actor: Viewer,
  search: string,
  { area = 'admin', lang = 'en' }: { area?: 'admin' | 'dashboard'; lang?: 'en' | 'it' } = {},
) {
  const request = new Request(`${TEST_PUBLIC_URL}/${area}/reports${search}`, { headers: { cookie: `language=${lang}` } });
  const answer = await loadReportsPage({
    request,
    context: { db: database.db, clientIp: '203.0.113.40' },
    actor,
    basePath: area === 'admin' ? '/admin/reports' : '/dashboard/reports',
    meta: null,
  });
  // A 400 is `data(body, { status })`; a 200 the body itself.
  if ('init' in (answer as object)) {
    const wrapped = answer as unknown as { data: Loaded; init: { status: number } };
    return { status: wrapped.init.status, page: wrapped.data.page };
  }
  return { status: 200, page: (answer as unknown as Loaded).page };
}

describe('the income statement', () => {
  it('shows the portfolio to an admin: rent and late fees of the month, the month before beside them, and the chart by month', async () => {
    const { status, page } = await load(admin, '?from=2026-11&to=2026-11');
    expect(status).toBe(200);
    const income = page.income!;
    expect(income.previous).toEqual({ from: '2026-10', to: '2026-10' });
    expect(income.rows.map((row) => [row.number, row.currentCents, row.previousCents])).toEqual([
      ['4000', 320_000, 320_000],
      ['4100', 10_000, 0],
    ]);
    expect(income.totals).toEqual({
      incomeCents: 330_000,
      expenseCents: 0,
      netCents: 330_000,
      previousIncomeCents: 320_000,
      previousExpenseCents: 0,
      previousNetCents: 320_000,
    });
    const quarter = await load(admin, '?from=2026-09&to=2026-11');
    expect(quarter.page.income!.months).toEqual([
      { month: '2026-09', incomeCents: 0, expenseCents: 0 },
      { month: '2026-10', incomeCents: 320_000, expenseCents: 0 },
      { month: '2026-11', incomeCents: 330_000, expenseCents: 0 },
    ]);
    expect(quarter.page.income!.previous).toEqual({ from: '2026-06', to: '2026-08' });
  });

  it('scopes a manager to their buildings, and one building when asked', async () => {
    const mine = await load(managerA, '?from=2026-11&to=2026-11', { area: 'dashboard' });
    expect(mine.page.income!.totals.incomeCents).toBe(125_000);
    const mineOne = await load(managerA, `?from=2026-11&to=2026-11&building=${buildingA}`, { area: 'dashboard' });
    expect(mineOne.page.income!.totals.incomeCents).toBe(125_000);
    const one = await load(admin, `?from=2026-11&to=2026-11&building=${buildingB}`);
    expect(one.page.income!.totals.incomeCents).toBe(205_000);
    expect(one.page.building).toEqual({ id: buildingB, name: expect.any(String) });
  });

  it("answers 404 for another manager's building, and records the attempt", async () => {
    const answer = await load(managerA, `?building=${buildingB}`, { area: 'dashboard' }).catch((error: unknown) => error);
    expect((answer as { init?: { status: number } }).init?.status).toBe(404);
    const audited = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, managerA.id), eq(auditLog.action, 'access_denied')));
    expect(audited.map((row) => row.newValues)).toEqual([
      expect.objectContaining({ object_id: String(buildingB), reason: 'not_in_scope' }),
    ]);
  });

  it('answers 400 with the field message for a bad month, an impossible range, a range too long, an unknown report or building', async () => {
    const cases: [string, string, string][] = [
      ['?from=2026-13', 'from', 'Enter a month as YYYY-MM.'],
      ['?from=2026-11&to=2026-10', 'to', 'The end month must not be before the start month.'],
      ['?from=2023-01&to=2026-11', 'from', 'Choose at most 36 months.'],
      ['?report=balance-sheet', 'report', 'Choose one of the reports.'],
      ['?building=999999', 'building', 'There is no such building.'],
      ['?building=abc', 'building', 'There is no such building.'],
    ];
    for (const [search, field, message] of cases) {
      const { status, page } = await load(admin, search);
      expect(status, search).toBe(400);
      expect(page.errors, search).toEqual({ [field]: message });
      expect(page.income, search).toBeNull();
    }
    const italian = await load(admin, '?from=2026-11&to=2026-10', { lang: 'it' });
    expect(italian.page.errors).toEqual({ to: 'Il mese finale non può precedere quello iniziale.' });
  });
});

describe('the trial balance', () => {
  it('lists each account on its side at the end of the period, debits equal to credits', async () => {
    const { status, page } = await load(admin, '?report=trial-balance&from=2026-11&to=2026-11');
    expect(status).toBe(200);
    const report = page.trialBalance!;
    expect(report.through).toBe('2026-11-30');
    const byNumber = Object.fromEntries(report.rows.map((row) => [row.number, [row.debitCents, row.creditCents]]));
    // Cash: 2 × 120,000 + 2 × 150,000; receivable: what is still owed (B's shortfall and both late fees).
    expect(byNumber['1010']).toEqual([540_000, 0]);
    expect(byNumber['1100']).toEqual([110_000, 0]);
    expect(byNumber['4000']).toEqual([0, 640_000]);
    expect(byNumber['4100']).toEqual([0, 10_000]);
    expect(report.debitCents).toBe(report.creditCents);
    const october = await load(managerA, '?report=trial-balance&from=2026-10&to=2026-10', { area: 'dashboard' });
    expect(october.page.trialBalance!.rows.map((row) => [row.number, row.debitCents, row.creditCents])).toEqual([
      ['1010', 120_000, 0],
      ['4000', 0, 120_000],
    ]);
  });
});

describe('the CSV export', () => {
  const csv = (actor: Viewer, search: string, area = 'admin') =>
    reportCsvResponse({
      request: new Request(`${TEST_PUBLIC_URL}/${area}/reports.csv${search}`),
      context: { db: database.db, clientIp: '203.0.113.41' },
      actor,
    });

  it('sends the income statement and the trial balance as attachments, amounts in dollars, totals last', async () => {
    const income = await csv(admin, '?from=2026-11&to=2026-11');
    expect(income.status).toBe(200);
    expect(income.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(income.headers.get('content-disposition')).toContain('income-statement-2026-11-2026-11.csv');
    expect(parse(await income.text())).toEqual([
      ['account_number', 'account', 'type', 'current_period', 'previous_period', 'change'],
      ['4000', 'Rent income', 'income', '3200.00', '3200.00', '0.00'],
      ['4100', 'Late fee income', 'income', '100.00', '0.00', '100.00'],
      ['', 'total_income', 'income', '3300.00', '3200.00', '100.00'],
      ['', 'total_expenses', 'expense', '0.00', '0.00', '0.00'],
      ['', 'net_operating_income', '', '3300.00', '3200.00', '100.00'],
    ]);
    const trial = await csv(managerA, '?report=trial-balance&from=2026-10&to=2026-10', 'dashboard');
    expect(trial.headers.get('content-disposition')).toContain('trial-balance-2026-10.csv');
    expect(parse(await trial.text())).toEqual([
      ['account_number', 'account', 'type', 'debit', 'credit'],
      ['1010', 'Trust cash', 'asset', '1200.00', '0.00'],
      ['4000', 'Rent income', 'income', '0.00', '1200.00'],
      ['', 'total', '', '1200.00', '1200.00'],
    ]);
  });

  it("answers 400 in plain text for bad filters, and 404 for another manager's building", async () => {
    const bad = await csv(admin, '?from=2026-11&to=2026-01');
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('The end month must not be before the start month.\n');
    const unknown = await csv(admin, '?building=999999');
    expect(unknown.status).toBe(400);
    const foreign = await csv(managerA, `?building=${buildingB}`, 'dashboard').catch((error: unknown) => error);
    expect((foreign as { init?: { status: number } }).init?.status).toBe(404);
  });
});

describe('the rent roll', () => {
  it("lists every unit on the date with its lease, rent, deposit held and balance; vacant units too; a manager's only", async () => {
    // A third building of manager A: a leased unit whose deposit was paid, and a vacant unit.
    const tenant = await createPerson(database.db, 'tenant', 'Dora Deposit');
    const leased = await createLeaseFixture(database.db, { manager: managerA, tenant, monthlyRentCents: 90_000, depositCents: 90_000 });
    const [unit] = rowsOf<{ building_id: number; unit_number: string }>(
      await database.db.execute(sql`select building_id, unit_number from property where id = ${leased.propertyId}`),
    );
    const buildingC = unit!.building_id;
    const vacant = await createProperty(database.db, { buildingId: buildingC, status: 'available' });
    await database.db
      .insert(charge)
      .values({ leaseId: leased.id, kind: 'deposit', amountCents: 90_000, dueDate: '2026-01-01', period: 'signing' });
    await database.db.insert(payment).values({
      leaseId: leased.id,
      kind: 'deposit',
      method: 'check',
      amountCents: 90_000,
      status: 'succeeded',
      provider: 'offline',
      idempotencyKey: `reports-deposit-${leased.id}`,
      settledAt: new Date('2026-01-02T15:00:00Z'),
      createdAt: new Date('2026-01-02T15:00:00Z'),
    });

    const { status, page } = await load(managerA, '?report=rent-roll&asOf=2026-11-15', { area: 'dashboard' });
    expect(status).toBe(200);
    const rows = page.rentRoll!.rows;
    expect(new Set(rows.map((row) => row.buildingId))).toEqual(new Set([buildingA, buildingC]));
    const byUnit = new Map(rows.map((row) => [row.unitId, row]));
    expect(byUnit.get(leased.propertyId)!.lease).toMatchObject({
      id: leased.id,
      tenantName: 'Dora Deposit',
      tenantId: tenant.id,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      rentCents: 90_000,
      depositHeldCents: 90_000,
      balanceCents: 0,
    });
    expect(byUnit.get(vacant.id)!.lease).toBeNull();
    const unitA = rows.find((row) => row.buildingId === buildingA && row.lease)!;
    expect(unitA.lease!.balanceCents).toBe(5_000);
    expect(page.rentRoll!.next).toBeNull();

    // Before the leases began every unit was vacant; the admin sees manager B's building too.
    const before = await load(admin, '?report=rent-roll&asOf=2025-12-15');
    expect(before.page.rentRoll!.rows.every((row) => row.lease === null)).toBe(true);
    expect(before.page.rentRoll!.rows.some((row) => row.buildingId === buildingB)).toBe(true);

    // The next page starts after the unit in the link.
    const first = rows[0]!;
    const after = await load(
      managerA,
      `?report=rent-roll&asOf=2026-11-15&after=${first.buildingId}_${encodeURIComponent(first.unitNumber)}`,
      {
        area: 'dashboard',
      },
    );
    expect(after.page.rentRoll!.rows.map((row) => row.unitId)).toEqual(rows.slice(1).map((row) => row.unitId));
  });

  it('answers 400 for a date that does not exist or a broken page link', async () => {
    expect((await load(admin, '?report=rent-roll&asOf=2026-02-30')).page.errors).toEqual({ asOf: 'Enter a date as YYYY-MM-DD.' });
    const broken = await load(admin, '?report=rent-roll&after=nope');
    expect(broken.status).toBe(400);
    expect(broken.page.errors).toEqual({ after: 'This page link is not valid: start from the first page.' });
  });
});
