/**
 * The deposit liability, vendor payments and general ledger detail reports (decision 060) through the reports page's
 * loader and CSV export, on a real database: what the general ledger holds per lease on a date
 * (an ended lease's deposit until it is applied), the total the ledger holds, keyset pages that
 * add up to the whole; the payouts per vendor and calendar year with the W-9 status and the
 * 1099-NEC threshold of the year; a manager sees their buildings only; a bad year answers 400 with
 * the field's message in the viewer's language; one account's journal lines with the balances
 * around the period, by keyset pages; an unknown account is a 400.
 */
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '~/server/auth/session.server';
import { charge, document, invoice, payout, project, workOrder } from '~/server/db/schema';
import { rowsOf } from '~/server/db/rows.server';
import { createProperty } from '../../../tests/setup/factories';
import { addCharge, createLeaseFixture, createPerson } from '../../../tests/setup/leases';
import { TEST_PUBLIC_URL, useTestDatabase } from '../../../tests/setup/test-db';
import { createTestVendor } from '../../../tests/setup/work-orders';
import { findDepositLiability } from './liability-reports.server';
import { loadReportsPage, reportCsvResponse } from './reports.page.server';
import { findLedgerDetail } from './ledger-detail.server';
import { form1099ThresholdCents, parseReportQuery, type LedgerCursor, type RentRollCursor } from './reports.schemas';
import type { ReportsPageData } from './reports.types';

const database = useTestDatabase();
let admin: Viewer;
let managerA: Viewer;
let managerB: Viewer;
let buildingA = 0;
let buildingB = 0;
const vendors: Record<'paint' | 'plumb' | 'roof', number> = { paint: 0, plumb: 0, roof: 0 };

const noon = (iso: string) => new Date(`${iso}T17:00:00Z`);

/** A lease of a new unit in `buildingId` (a new building of `manager` when null) with its deposit charged on 2026-01-01. */
async function leaseWithDeposit(manager: Viewer, depositCents: number, buildingId: number | null, overrides = {}) {
  const tenant = await createPerson(database.db, 'tenant');
  const unitId = buildingId === null ? undefined : (await createProperty(database.db, { buildingId, status: 'leased' })).id;
  const row = await createLeaseFixture(database.db, { manager, tenant, depositCents, ...(unitId ? { unitId } : {}), ...overrides });
  await addCharge(database.db, { leaseId: row.id, kind: 'deposit', amountCents: depositCents, dueDate: '2026-01-01', period: 'deposit' });
  const [unit] = rowsOf<{ building_id: number }>(
    await database.db.execute(sql`select building_id from property where id = ${row.propertyId}`),
  );
  return { lease: row, buildingId: unit!.building_id, tenant };
}

/** Invoices of `vendorId` on a project of `buildingId`, each paid (a payout) on its date. */
async function paidInvoices(buildingId: number, vendorId: number, payments: { cents: number; on: string }[]) {
  const [job] = await database.db.insert(project).values({ buildingId, name: 'Repaint', kind: 'other' }).returning({ id: project.id });
  const [order] = await database.db
    .insert(workOrder)
    .values({ vendorId, projectId: job!.id, buildingId, status: 'completed' })
    .returning({ id: workOrder.id });
  for (const [index, paid] of payments.entries()) {
    const [bill] = await database.db
      .insert(invoice)
      .values({
        workOrderId: order!.id,
        vendorId,
        number: `V${vendorId}-${order!.id}-${index}`,
        status: 'paid',
        subtotalCents: paid.cents,
        totalCents: paid.cents,
        decidedAt: noon(paid.on),
      })
      .returning({ id: invoice.id });
    await database.db.insert(payout).values({ invoiceId: bill!.id, vendorId, amountCents: paid.cents, paidAt: noon(paid.on) });
  }
}

/** A W-9 on file for `vendorId`, verified by staff or not. */
async function w9(vendorId: number, verified: boolean) {
  await database.db.insert(document).values({
    ownerType: 'vendor',
    ownerId: String(vendorId),
    kind: 'w9',
    storageKey: `private/vendor-documents/w9-${vendorId}.pdf`,
    url: `/api/vendor-documents/w9-${vendorId}`,
    mime: 'application/pdf',
    sizeBytes: 1_000,
    sha256: 'a'.repeat(64),
    originalName: 'w9.pdf',
    verifiedAt: verified ? new Date() : null,
  });
}

let leases: { a1: number; a2: number; b1: number };

beforeAll(async () => {
  admin = await createPerson(database.db, 'admin');
  managerA = await createPerson(database.db, 'property_manager');
  managerB = await createPerson(database.db, 'property_manager');
  const a1 = await leaseWithDeposit(managerA, 120_000, null);
  buildingA = a1.buildingId;
  // Moved out at the end of October; its deposit is applied to what the tenant owes on 10 November.
  const a2 = await leaseWithDeposit(managerA, 80_000, buildingA, { status: 'ended', endDate: '2026-10-31', moveOutDate: '2026-10-31' });
  await database.db.insert(charge).values({
    leaseId: a2.lease.id,
    kind: 'credit',
    amountCents: 80_000,
    dueDate: '2026-11-10',
    period: 'deposit_applied',
    createdAt: noon('2026-11-10'),
  });
  const b1 = await leaseWithDeposit(managerB, 200_000, null);
  buildingB = b1.buildingId;
  leases = { a1: a1.lease.id, a2: a2.lease.id, b1: b1.lease.id };

  vendors.paint = (await createTestVendor(database.db, { companyName: 'Paint Pros' })).vendorId;
  vendors.plumb = (await createTestVendor(database.db, { companyName: 'Pipe Fixers' })).vendorId;
  vendors.roof = (await createTestVendor(database.db, { companyName: 'Roof Masters' })).vendorId;
  await paidInvoices(buildingA, vendors.paint, [
    { cents: 150_000, on: '2026-03-10' },
    { cents: 100_000, on: '2026-08-20' },
    { cents: 70_000, on: '2025-06-01' },
  ]);
  await paidInvoices(buildingA, vendors.plumb, [{ cents: 50_000, on: '2026-05-05' }]);
  await paidInvoices(buildingB, vendors.roof, [{ cents: 300_000, on: '2026-09-15' }]);
  await w9(vendors.paint, true);
  await w9(vendors.plumb, false);
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
    context: { db: database.db, clientIp: '203.0.113.41' },
    actor,
    basePath: area === 'admin' ? '/admin/reports' : '/dashboard/reports',
    meta: null,
    now: noon('2026-11-28'),
  });
  if ('init' in (answer as object)) {
    const wrapped = answer as unknown as { data: Loaded; init: { status: number } };
    return { status: wrapped.init.status, page: wrapped.data.page };
  }
  return { status: 200, page: (answer as unknown as Loaded).page };
}

async function csvOf(actor: Viewer, search: string, area: 'admin' | 'dashboard' = 'admin') {
  const response = await reportCsvResponse({
    request: new Request(`${TEST_PUBLIC_URL}/${area}/reports.csv${search}`),
    context: { db: database.db, clientIp: '203.0.113.41' },
    actor,
    now: noon('2026-11-28'),
  });
  return { response, rows: parse(await response.text(), { columns: true }) as Record<string, string>[] };
}

describe('the deposit liability', () => {
  it('lists every lease holding a deposit on the date, an ended one until its deposit is applied, and the total the ledger holds', async () => {
    const before = await load(admin, '?report=deposits&asOf=2026-11-01');
    expect(before.status).toBe(200);
    const deposits = before.page.deposits!;
    expect(deposits.rows.map((row) => [row.leaseId, row.heldCents, row.moveOutDate])).toEqual([
      [leases.a1, 120_000, null],
      [leases.a2, 80_000, '2026-10-31'],
      [leases.b1, 200_000, null],
    ]);
    expect(deposits.rows[1]!.leaseStatus).toBe('ended');
    expect(deposits.rows[0]!.tenantId).not.toBeNull();
    expect(deposits.heldCents).toBe(400_000);
    expect(deposits.next).toBeNull();

    const after = (await load(admin, '?report=deposits&asOf=2026-11-28')).page.deposits!;
    expect(after.rows.map((row) => row.leaseId)).toEqual([leases.a1, leases.b1]);
    expect(after.heldCents).toBe(320_000);

    const earlier = (await load(admin, '?report=deposits&asOf=2025-12-31')).page.deposits!;
    expect(earlier.rows).toEqual([]);
    expect(earlier.heldCents).toBe(0);
  });

  it('the total equals the security deposits account of the trial balance', async () => {
    const deposits = (await load(admin, '?report=deposits&asOf=2026-11-30')).page.deposits!;
    const trial = (await load(admin, '?report=trial-balance&from=2026-11&to=2026-11')).page.trialBalance!;
    expect(trial.rows.find((row) => row.number === '2100')!.creditCents).toBe(deposits.heldCents);
  });

  it('pages by unit: the pages together are the whole list, and the last has no next page', async () => {
    const parsed = parseReportQuery(new URLSearchParams('report=deposits&asOf=2026-11-01'), '2026-11-28');
    if (!parsed.ok) throw new Error('the query should parse');
    const seen: number[] = [];
    let after: RentRollCursor | null = null;
    for (let guard = 0; guard < 10; guard += 1) {
      const page = await findDepositLiability({ db: database.db, actor: admin, query: { ...parsed.query, after }, limit: 1 });
      seen.push(...page.rows.map((row) => row.leaseId));
      expect(page.heldCents).toBe(400_000);
      if (!page.next) break;
      after = page.next;
    }
    expect(seen).toEqual([leases.a1, leases.a2, leases.b1]);
  });

  it("scopes a manager to their buildings; another manager's building is a 404", async () => {
    const mine = (await load(managerA, '?report=deposits&asOf=2026-11-01', { area: 'dashboard' })).page.deposits!;
    expect(mine.rows.map((row) => row.leaseId)).toEqual([leases.a1, leases.a2]);
    expect(mine.heldCents).toBe(200_000);
    await expect(load(managerA, `?report=deposits&building=${buildingB}`, { area: 'dashboard' })).rejects.toMatchObject({
      init: { status: 404 },
    });
    const one = (await load(admin, `?report=deposits&asOf=2026-11-01&building=${buildingB}`)).page.deposits!;
    expect(one.rows.map((row) => row.leaseId)).toEqual([leases.b1]);
    expect(one.heldCents).toBe(200_000);
  });

  it('exports every lease holding a deposit as CSV', async () => {
    const { response, rows } = await csvOf(admin, '?report=deposits&asOf=2026-11-01');
    expect(response.headers.get('content-disposition')).toContain('deposit-liability-2026-11-01.csv');
    expect(rows.map((row) => [row.lease_status, row.move_out, row.deposit_held])).toEqual([
      ['active', '', '1200.00'],
      ['ended', '2026-10-31', '800.00'],
      ['active', '', '2000.00'],
    ]);
  });
});

describe('the vendor payments', () => {
  it('totals each vendor paid in the year, largest first, with the W-9 status and whether a 1099-NEC is due', async () => {
    const { status, page } = await load(admin, '?report=vendor-payments&year=2026');
    expect(status).toBe(200);
    const report = page.vendorPayments!;
    expect(report.thresholdCents).toBe(200_000);
    expect(report.rows.map((row) => [row.companyName, row.paidCents, row.payments, row.lastPaidOn, row.w9, row.needs1099])).toEqual([
      ['Roof Masters', 300_000, 1, '2026-09-15', 'missing', true],
      ['Paint Pros', 250_000, 2, '2026-08-20', 'verified', true],
      ['Pipe Fixers', 50_000, 1, '2026-05-05', 'unverified', false],
    ]);
    expect(report.totals).toEqual({ vendors: 3, paidCents: 600_000, needing1099: 2, needing1099WithoutW9: 1 });
    expect(report.pageCount).toBe(1);
  });

  it("reads another year with that year's threshold ($600 before 2026)", async () => {
    expect(form1099ThresholdCents(2025)).toBe(60_000);
    const report = (await load(admin, '?report=vendor-payments&year=2025')).page.vendorPayments!;
    expect(report.rows.map((row) => [row.companyName, row.paidCents, row.needs1099])).toEqual([['Paint Pros', 70_000, true]]);
    const none = (await load(admin, '?report=vendor-payments&year=2024')).page.vendorPayments!;
    expect(none.rows).toEqual([]);
    expect(none.totals.vendors).toBe(0);
  });

  it('scopes a manager to the payments of their buildings', async () => {
    const mine = (await load(managerA, '?report=vendor-payments&year=2026', { area: 'dashboard' })).page.vendorPayments!;
    expect(mine.rows.map((row) => row.companyName)).toEqual(['Paint Pros', 'Pipe Fixers']);
    expect(mine.totals.paidCents).toBe(300_000);
    const theirs = (await load(managerB, '?report=vendor-payments&year=2026', { area: 'dashboard' })).page.vendorPayments!;
    expect(theirs.rows.map((row) => row.companyName)).toEqual(['Roof Masters']);
  });

  it("refuses a year it cannot read with the message in the viewer's language", async () => {
    const bad = await load(admin, '?report=vendor-payments&year=1999');
    expect(bad.status).toBe(400);
    expect(bad.page.errors.year).toBe('Enter a year between 2000 and 2100.');
    expect(bad.page.vendorPayments).toBeNull();
    const italian = await load(admin, '?report=vendor-payments&year=20x6', { lang: 'it' });
    expect(italian.status).toBe(400);
    expect(italian.page.errors.year).toBe('Inserisci un anno tra il 2000 e il 2100.');
    const csv = await csvOf(admin, '?report=vendor-payments&year=1999');
    expect(csv.response.status).toBe(400);
  });

  it('exports every vendor paid in the year as CSV', async () => {
    const { response, rows } = await csvOf(managerA, '?report=vendor-payments&year=2026', 'dashboard');
    expect(response.headers.get('content-disposition')).toContain('vendor-payments-2026.csv');
    expect(rows.map((row) => [row.company, row.payments, row.paid, row.w9, row.form_1099_nec])).toEqual([
      ['Paint Pros', '2', '2500.00', 'verified', 'yes'],
      ['Pipe Fixers', '1', '500.00', 'unverified', 'no'],
    ]);
  });
});

describe('the general ledger detail', () => {
  it("shows one account's balance before the period, the period's debits and credits, the balance after it and its lines", async () => {
    const { status, page } = await load(admin, '?report=ledger&account=2100&from=2026-11&to=2026-11');
    expect(status).toBe(200);
    const ledger = page.ledger!;
    expect(ledger.account).toMatchObject({ number: '2100', type: 'liability' });
    expect(ledger.accounts.map((account) => account.number)).toContain('1010');
    // A liability reads credit − debit: 4,000.00 held before November, 800.00 applied in it.
    expect([ledger.openingCents, ledger.debitCents, ledger.creditCents, ledger.closingCents]).toEqual([400_000, 80_000, 0, 320_000]);
    expect(ledger.lines.map((line) => [line.date, line.source, line.debitCents, line.creditCents])).toEqual([
      ['2026-11-10', 'charge', 80_000, 0],
    ]);
    expect(ledger.lines[0]!.memo).toContain('deposit_applied');

    const year = (await load(admin, '?report=ledger&account=2100&from=2026-01&to=2026-11')).page.ledger!;
    expect([year.openingCents, year.debitCents, year.creditCents, year.closingCents]).toEqual([0, 80_000, 400_000, 320_000]);
    expect(year.lines.map((line) => [line.date, line.debitCents, line.creditCents])).toEqual([
      ['2026-01-01', 0, 120_000],
      ['2026-01-01', 0, 80_000],
      ['2026-01-01', 0, 200_000],
      ['2026-11-10', 80_000, 0],
    ]);
  });

  it('reads the trust cash account by default, as an asset (debit − credit), scoped to a manager', async () => {
    const cash = (await load(admin, '?report=ledger&from=2026-01&to=2026-12')).page.ledger!;
    expect(cash.account.number).toBe('1010');
    // Only vendor payouts moved cash here: 700.00 in 2025, 6,000.00 in 2026.
    expect([cash.openingCents, cash.debitCents, cash.creditCents, cash.closingCents]).toEqual([-70_000, 0, 600_000, -670_000]);
    expect(cash.lines.map((line) => [line.date, line.source, line.creditCents])).toEqual([
      ['2026-03-10', 'payout', 150_000],
      ['2026-05-05', 'payout', 50_000],
      ['2026-08-20', 'payout', 100_000],
      ['2026-09-15', 'payout', 300_000],
    ]);
    const mine = (await load(managerA, '?report=ledger&from=2026-01&to=2026-12', { area: 'dashboard' })).page.ledger!;
    expect([mine.openingCents, mine.creditCents, mine.closingCents]).toEqual([-70_000, 300_000, -370_000]);
    expect(mine.lines.map((line) => line.creditCents)).toEqual([150_000, 50_000, 100_000]);
  });

  it('pages by entry date and line: the pages together are the whole period', async () => {
    const parsed = parseReportQuery(new URLSearchParams('report=ledger&account=2100&from=2026-01&to=2026-11'), '2026-11-28');
    if (!parsed.ok) throw new Error('the query should parse');
    const seen: number[] = [];
    let cursor: LedgerCursor | null = null;
    for (let guard = 0; guard < 10; guard += 1) {
      const page = await findLedgerDetail({ db: database.db, actor: admin, query: { ...parsed.query, cursor }, limit: 1 });
      seen.push(...page.lines.map((line) => line.creditCents - line.debitCents));
      expect(page.closingCents).toBe(320_000);
      if (!page.next) break;
      cursor = page.next;
    }
    expect(seen).toEqual([120_000, 80_000, 200_000, -80_000]);
  });

  it('refuses an account that is not in the chart, and a broken page link, with the messages in the viewer’s language', async () => {
    const unknown = await load(admin, '?report=ledger&account=9999');
    expect(unknown.status).toBe(400);
    expect(unknown.page.errors.account).toBe('There is no such account in the chart of accounts.');
    expect(unknown.page.ledger).toBeNull();
    const italian = await load(admin, '?report=ledger&account=cash', { lang: 'it' });
    expect(italian.status).toBe(400);
    expect(italian.page.errors.account).toBe('Questo conto non esiste nel piano dei conti.');
    const cursor = await load(admin, '?report=ledger&cursor=2026-13-01_5');
    expect(cursor.status).toBe(400);
    expect(cursor.page.errors.cursor).toBe('This page link is not valid: start from the first page.');
    expect((await csvOf(admin, '?report=ledger&account=9999')).response.status).toBe(400);
  });

  it('exports every line of the account and period as CSV', async () => {
    const { response, rows } = await csvOf(admin, '?report=ledger&account=2100&from=2026-01&to=2026-11');
    expect(response.headers.get('content-disposition')).toContain('general-ledger-2100-2026-01-2026-11.csv');
    expect(rows.map((row) => [row.date, row.source, row.debit, row.credit])).toEqual([
      ['2026-01-01', 'charge', '', '1200.00'],
      ['2026-01-01', 'charge', '', '800.00'],
      ['2026-01-01', 'charge', '', '2000.00'],
      ['2026-11-10', 'charge', '800.00', ''],
    ]);
  });
});
