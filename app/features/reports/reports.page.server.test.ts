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
import { addCharge, createLeaseFixture, createPerson } from '../../../tests/setup/leases';
import { allocateLedger } from '~/features/ledger/ledger.server';
import { building } from '~/server/db/schema';
import { TEST_PUBLIC_URL, useTestDatabase } from '../../../tests/setup/test-db';
import { parse } from 'csv-parse/sync';
import { loadReportsPage, reportCsvResponse } from './reports.page.server';
import { AGING_BUCKETS } from './reports.schemas';
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
  { area = 'admin', lang = 'en', now }: { area?: 'admin' | 'dashboard'; lang?: 'en' | 'it'; now?: Date } = {},
) {
  const request = new Request(`${TEST_PUBLIC_URL}/${area}/reports${search}`, { headers: { cookie: `language=${lang}` } });
  const answer = await loadReportsPage({
    request,
    context: { db: database.db, clientIp: '203.0.113.40' },
    actor,
    basePath: area === 'admin' ? '/admin/reports' : '/dashboard/reports',
    meta: null,
    ...(now ? { now } : {}),
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

  it('the cash flows add up to the change in cash: net income less the receivable that grew, beside the month before; the CSV', async () => {
    const { status, page } = await load(managerA, `?report=cash-flow&from=2026-11&to=2026-11&building=${buildingA}`, { area: 'dashboard' });
    expect(status).toBe(200);
    const flows = page.cashFlow!;
    expect(flows.previous).toEqual({ from: '2026-10', to: '2026-10' });
    // November: rent $1,200 and a $50 late fee earned, $1,200 collected; October: $1,200 earned and collected.
    expect(flows.operating.netIncome).toEqual({ currentCents: 125_000, previousCents: 120_000 });
    expect(flows.operating.changes.map((line) => [line.type, line.currentCents, line.previousCents])).toEqual([['asset', -5_000, 0]]);
    expect(flows.owners.lines).toEqual([]);
    expect(flows.netChange).toEqual({ currentCents: 120_000, previousCents: 120_000 });
    expect(flows.openingCash).toEqual({ currentCents: 120_000, previousCents: 0 });
    expect(flows.closingCash).toEqual({ currentCents: 240_000, previousCents: 120_000 });
    expect(flows.checkCents).toBe(0);

    const response = await csv(managerA, `?report=cash-flow&from=2026-11&to=2026-11&building=${buildingA}`, 'dashboard');
    expect(response.headers.get('content-disposition')).toContain('cash-flow-2026-11-2026-11.csv');
    const lines = parse(await response.text()) as string[][];
    expect(lines[0]).toEqual(['section', 'account_number', 'line', 'current_period', 'previous_period', 'change']);
    expect(lines.find((line) => line[2] === 'net_change_in_cash')).toEqual([
      'cash',
      '',
      'net_change_in_cash',
      '1200.00',
      '1200.00',
      '0.00',
    ]);
    expect(lines.at(-1)).toEqual(['cash', '', 'closing_cash', '2400.00', '1200.00', '1200.00']);
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

describe('the delinquency aging', () => {
  // 15:00 UTC on 28 November: still the 28th on the buildings' clocks in the United States.
  const NOW = new Date('2026-11-28T15:00:00Z');
  let agingBuilding = 0;
  let owing = 0;
  let small = 0;
  let tenantId = '';

  beforeAll(async () => {
    const tenant = await createPerson(database.db, 'tenant', 'Olga Overdue');
    tenantId = tenant.id;
    const lease = await createLeaseFixture(database.db, { manager: managerA, tenant });
    owing = lease.id;
    const [unit] = rowsOf<{ building_id: number }>(
      await database.db.execute(sql`select building_id from property where id = ${lease.propertyId}`),
    );
    agingBuilding = unit!.building_id;
    // 119, 74, 49 and 8 days late, then not due yet.
    await addCharge(database.db, { leaseId: owing, amountCents: 100_000, dueDate: '2026-08-01' });
    await addCharge(database.db, { leaseId: owing, amountCents: 50_000, dueDate: '2026-09-15' });
    await addCharge(database.db, { leaseId: owing, amountCents: 30_000, dueDate: '2026-10-10' });
    await addCharge(database.db, { leaseId: owing, kind: 'late_fee', amountCents: 5_000, dueDate: '2026-11-20' });
    await addCharge(database.db, { leaseId: owing, amountCents: 100_000, dueDate: '2026-12-01' });
    // A payment of $400 covers the oldest charge in part, as the ledger allocates it.
    await database.db.insert(payment).values({
      leaseId: owing,
      kind: 'rent',
      method: 'check',
      amountCents: 40_000,
      status: 'succeeded',
      provider: 'offline',
      idempotencyKey: `aging-${owing}`,
      settledAt: new Date('2026-11-05T15:00:00Z'),
      createdAt: new Date('2026-11-05T15:00:00Z'),
    });
    // A second unit of the building: due today (current), and a paid charge that is not listed.
    const neighbour = await createPerson(database.db, 'tenant', 'Nina Neighbour');
    const unitTwo = await createProperty(database.db, { buildingId: agingBuilding, status: 'leased' });
    small = (await createLeaseFixture(database.db, { manager: managerA, tenant: neighbour, unitId: unitTwo.id })).id;
    await addCharge(database.db, { leaseId: small, kind: 'other', amountCents: 10_000, dueDate: '2026-11-28' });
    const unitThree = await createProperty(database.db, { buildingId: agingBuilding, status: 'leased' });
    const paid = (await createLeaseFixture(database.db, { manager: managerA, tenant: neighbour, unitId: unitThree.id })).id;
    await addCharge(database.db, { leaseId: paid, kind: 'other', amountCents: 20_000, dueDate: '2026-11-01' });
    await database.db.insert(payment).values({
      leaseId: paid,
      kind: 'rent',
      method: 'check',
      amountCents: 20_000,
      status: 'succeeded',
      provider: 'offline',
      idempotencyKey: `aging-${paid}`,
    });
    for (const id of [owing, small, paid]) await database.db.transaction((tx) => allocateLedger(tx, id));
  });

  it("ages what each lease owes by days past due on the building's date, largest debt first, with totals and the last payment", async () => {
    const { status, page } = await load(managerA, `?report=aging&building=${agingBuilding}`, { area: 'dashboard', now: NOW });
    expect(status).toBe(200);
    const aging = page.aging!;
    expect(aging.asOf).toBe('2026-11-28');
    expect(aging.rows.map((row) => [row.leaseId, row.tenantName, row.amounts])).toEqual([
      [
        owing,
        'Olga Overdue',
        { current: 100_000, days1to30: 5_000, days31to60: 30_000, days61to90: 50_000, over90: 60_000, totalCents: 245_000 },
      ],
      [small, 'Nina Neighbour', { current: 10_000, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, totalCents: 10_000 }],
    ]);
    expect(aging.rows[0]!.tenantId).toBe(tenantId);
    expect(aging.rows[0]!.lastPayment).toEqual({ date: '2026-11-05', amountCents: 40_000 });
    expect(aging.rows[1]!.lastPayment).toBeNull();
    expect(aging.totals).toEqual({
      current: 110_000,
      days1to30: 5_000,
      days31to60: 30_000,
      days61to90: 50_000,
      over90: 60_000,
      totalCents: 255_000,
      leases: 2,
    });
    expect([aging.page, aging.pageCount]).toEqual([1, 1]);
  });

  it("counts the days on the building's own clock", async () => {
    // At 15:00 UTC it is already the 29th at UTC+14: the charge due on the 28th is a day late.
    await database.db.update(building).set({ timeZone: 'Pacific/Kiritimati' }).where(eq(building.id, agingBuilding));
    try {
      const { page } = await load(admin, `?report=aging&building=${agingBuilding}`, { now: NOW });
      const row = page.aging!.rows.find((entry) => entry.leaseId === small)!;
      expect(row.amounts).toMatchObject({ current: 0, days1to30: 10_000 });
      expect(page.aging!.totals).toMatchObject({ current: 100_000, days1to30: 15_000 });
      // The portfolio's totals by age, with buildings a day apart: each bucket is the sum of the
      // leases' (the due date on a bucket's edge is aged on each building's own date).
      const portfolio = (await load(admin, '?report=aging', { now: NOW })).page.aging!;
      expect(portfolio.rows.length).toBe(portfolio.totals.leases);
      for (const bucket of AGING_BUCKETS)
        expect(portfolio.totals[bucket], bucket).toBe(portfolio.rows.reduce((sum, entry) => sum + entry.amounts[bucket], 0));
      expect(portfolio.rows.find((entry) => entry.leaseId === small)!.amounts.days1to30).toBe(10_000);
    } finally {
      await database.db.update(building).set({ timeZone: 'America/Chicago' }).where(eq(building.id, agingBuilding));
    }
  });

  it("keeps a manager to their buildings; the admin's portfolio includes every building; a page past the end is empty with the totals", async () => {
    const managerB_ = await load(managerB, '?report=aging', { area: 'dashboard', now: NOW });
    expect(managerB_.page.aging!.rows.every((row) => row.buildingId === buildingB)).toBe(true);
    const portfolio = await load(admin, '?report=aging', { now: NOW });
    const buildings = new Set(portfolio.page.aging!.rows.map((row) => row.buildingId));
    expect(buildings).toContain(agingBuilding);
    expect(buildings).toContain(buildingB);
    const totals = portfolio.page.aging!.totals;
    expect(totals.totalCents).toBe(portfolio.page.aging!.rows.reduce((sum, row) => sum + row.amounts.totalCents, 0));
    const past = await load(admin, '?report=aging&page=9', { now: NOW });
    expect(past.page.aging!.rows).toEqual([]);
    expect(past.page.aging!.totals).toEqual(totals);
    const bad = await load(admin, '?report=aging&page=0');
    expect([bad.status, bad.page.errors]).toEqual([400, { page: 'This page number is not valid: start from the first page.' }]);
  });

  it('exports every lease that owes, and the rent roll of every unit, as streamed CSV', async () => {
    const aging = await reportCsvResponse({
      request: new Request(`${TEST_PUBLIC_URL}/dashboard/reports.csv?report=aging&building=${agingBuilding}`),
      context: { db: database.db, clientIp: '203.0.113.42' },
      actor: managerA,
      now: NOW,
    });
    expect(aging.headers.get('content-disposition')).toContain('delinquency-aging-2026-11-28.csv');
    const [head, ...lines] = parse(await aging.text()) as string[][];
    expect(head).toEqual([
      'building',
      'unit',
      'tenant',
      'lease_status',
      'current',
      'days_1_30',
      'days_31_60',
      'days_61_90',
      'days_over_90',
      'total',
      'last_payment_date',
      'last_payment',
    ]);
    expect(lines.map((line) => line.slice(2))).toEqual([
      ['Olga Overdue', 'active', '1000.00', '50.00', '300.00', '500.00', '600.00', '2450.00', '2026-11-05', '400.00'],
      ['Nina Neighbour', 'active', '100.00', '0.00', '0.00', '0.00', '0.00', '100.00', '', ''],
    ]);
    const rentRoll = await reportCsvResponse({
      request: new Request(`${TEST_PUBLIC_URL}/dashboard/reports.csv?report=rent-roll&asOf=2026-11-15&building=${agingBuilding}`),
      context: { db: database.db, clientIp: '203.0.113.42' },
      actor: managerA,
    });
    expect(rentRoll.headers.get('content-disposition')).toContain('rent-roll-2026-11-15.csv');
    const [rollHead, ...units] = parse(await rentRoll.text()) as string[][];
    expect(rollHead).toEqual(['building', 'unit', 'tenant', 'lease_start', 'lease_end', 'rent', 'deposit_held', 'balance']);
    // Units by number (random in the fixtures): the names as a sorted list.
    expect(units.map((line) => `${line[2]} ${line[5]}`).sort()).toEqual([
      'Nina Neighbour 1200.00',
      'Nina Neighbour 1200.00',
      'Olga Overdue 1200.00',
    ]);
  });
});
