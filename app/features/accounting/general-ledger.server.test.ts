/**
 * The general ledger (decision 058, migration 0028) on a real database (PGlite, and PostgreSQL
 * when TEST_DATABASE_URL is set): the chart of accounts; the database refuses an unbalanced entry,
 * an edit of the journal and a hand entry in a closed month; every money event of a lease posts
 * its entry in the same transaction (charge, card payment, refund, offline payment, bank debit in
 * flight, cleared and returned, the application's payments linked at signing, the deposit at
 * move-out); the trial balance is zero and each lease's receivable equals its tenant ledger. The
 * month totals (decision 059) follow every posting, fold into a row per month, account and
 * building, and — on PostgreSQL — take concurrent postings in opposite orders and a compaction
 * running beside them without a wait, a deadlock or a lost cent.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '~/server/auth/session.server';
import { charge, glAccount, journalEntry, journalLine, payment } from '~/server/db/schema';
import { createSandboxProvider, type SandboxCharge } from '~/server/payments/sandbox-provider.server';
import { rowsOf } from '~/server/db/rows.server';
import { addCharge, createLeaseFixture, createPerson, TEST_ORIGIN } from '../../../tests/setup/leases';
import { payThroughCheckout } from '../../../tests/setup/checkout';
import { failureOf } from '../../../tests/setup/failure';
import { createTestDatabase, raceTest, TEST_PUBLIC_URL, type TestDatabase } from '../../../tests/setup/test-db';
import { endLease, recordOfflinePayment, refundPayment } from '~/features/ledger/ledger-commands.server';
import { findLeaseBalance } from '~/features/ledger/ledger.server';
import {
  checkBooks,
  closeMonth,
  compactMonthTotals,
  JournalEntryError,
  postJournalEntry,
  reverseJournalEntry,
  SYSTEM_ACCOUNT_KEYS,
  systemAccountId,
  type SystemAccountKey,
} from './general-ledger.server';

let database: TestDatabase;
let manager: Viewer;
let admin: Viewer;
let tenant: Viewer;

beforeAll(async () => {
  database = await createTestDatabase();
  manager = await createPerson(database.db, 'property_manager');
  admin = await createPerson(database.db, 'admin');
  tenant = await createPerson(database.db, 'tenant', 'Gina Ledger');
});

afterAll(async () => {
  await database?.close();
});

function newProvider() {
  return createSandboxProvider({ store: new Map<string, Promise<SandboxCharge>>(), checkouts: new Map() });
}

/** The net (debits − credits, cents) of account `key` on lease `leaseId` (or over every line). */
async function net(key: SystemAccountKey, filter: { leaseId?: number; buildingId?: number } = {}): Promise<number> {
  const [row] = rowsOf<{ cents: string | null }>(
    await database.db.execute(sql`
      select sum(l.debit_cents - l.credit_cents) as cents from journal_line l join gl_account a on a.id = l.account_id
      where a.system_key = ${key}
        ${filter.leaseId === undefined ? sql`` : sql`and l.lease_id = ${filter.leaseId}`}
        ${filter.buildingId === undefined ? sql`` : sql`and l.building_id = ${filter.buildingId}`}`),
  );
  return Number(row?.cents ?? 0);
}

/** The entries posted for `source` row `sourceId`, oldest first, with their lines as [account key, debit, credit]. */
async function entriesOf(source: string, sourceId: number) {
  const entries = await database.db
    .select()
    .from(journalEntry)
    .where(and(sql`${journalEntry.source} = ${source}`, eq(journalEntry.sourceId, sourceId)))
    .orderBy(journalEntry.id);
  return Promise.all(
    entries.map(async (entry) => ({
      entry,
      lines: (
        await database.db
          .select({ key: glAccount.systemKey, debit: journalLine.debitCents, credit: journalLine.creditCents })
          .from(journalLine)
          .innerJoin(glAccount, eq(glAccount.id, journalLine.accountId))
          .where(eq(journalLine.entryId, entry.id))
      )
        .map((line) => [line.key, line.debit, line.credit])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    })),
  );
}

async function expectReceivableMatchesLedger(leaseId: number, expectedCents: number) {
  const balance = await findLeaseBalance(database.db, leaseId);
  expect(balance.balanceCents).toBe(expectedCents);
  expect(await net('accounts_receivable', { leaseId })).toBe(expectedCents);
}

describe('the chart of accounts', () => {
  it('holds the standard property-management accounts, numbered and typed, each system key once', async () => {
    const accounts = await database.db.select().from(glAccount).orderBy(glAccount.number);
    const byKey = new Map(accounts.map((account) => [account.systemKey, account]));
    for (const key of SYSTEM_ACCOUNT_KEYS) expect(byKey.get(key), key).toBeDefined();
    expect(byKey.get('trust_cash')).toMatchObject({ number: '1010', type: 'asset', nameIt: 'Conto fiduciario' });
    expect(byKey.get('security_deposits')).toMatchObject({ type: 'liability' });
    expect(byKey.get('owner_distributions')).toMatchObject({ type: 'equity' });
    expect(byKey.get('rent_income')).toMatchObject({ number: '4000', type: 'income' });
    expect(byKey.get('repairs_maintenance')).toMatchObject({ type: 'expense' });
  });
});

describe('what the database refuses', () => {
  it('an entry whose debits and credits differ, whoever writes it', async () => {
    const cash = await systemAccountId(database.db, 'trust_cash');
    const before = await database.db.select({ id: journalEntry.id }).from(journalEntry);
    const failure = await failureOf(() =>
      database.db.transaction(async (tx) => {
        const [entry] = await tx.insert(journalEntry).values({ entryDate: '2026-11-02', source: 'manual', memo: 'one-legged' }).returning();
        await tx.insert(journalLine).values({ entryId: entry!.id, entryDate: '2026-11-02', accountId: cash, debitCents: 5_000 });
      }),
    );
    expect(failure).toMatch(/journal entry \d+ does not balance: debits exceed credits by 5000 cents/);
    // Nothing of it stayed.
    expect(await database.db.select({ id: journalEntry.id }).from(journalEntry)).toHaveLength(before.length);
  });

  it('an unbalanced hand entry, before the database, with the reason a person can act on', async () => {
    const [cash, income] = [await systemAccountId(database.db, 'trust_cash'), await systemAccountId(database.db, 'other_income')];
    const refusal = await database.db
      .transaction((tx) =>
        postJournalEntry(tx, {
          entryDate: '2026-11-02',
          buildingId: null,
          source: 'manual',
          memo: 'typo',
          lines: [
            { accountId: cash, debitCents: 10_000 },
            { accountId: income, creditCents: 1_000 },
          ],
        }),
      )
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(JournalEntryError);
    expect((refusal as JournalEntryError).reason).toBe('unbalanced');
  });

  it('an update, a delete or a truncate of the journal: a correction is a reversing entry', async () => {
    const [cash, income] = [await systemAccountId(database.db, 'trust_cash'), await systemAccountId(database.db, 'other_income')];
    const entryId = await database.db.transaction((tx) =>
      postJournalEntry(tx, {
        entryDate: '2026-11-03',
        buildingId: null,
        source: 'manual',
        memo: 'Laundry machine takings',
        createdBy: admin.id,
        lines: [
          { accountId: cash, debitCents: 4_200 },
          { accountId: income, creditCents: 4_200 },
        ],
      }),
    );
    expect(await failureOf(() => database.db.update(journalLine).set({ debitCents: 1 }).where(eq(journalLine.entryId, entryId)))).toMatch(
      /journal_line is append-only: UPDATE is not allowed/,
    );
    expect(await failureOf(() => database.db.delete(journalLine).where(eq(journalLine.entryId, entryId)))).toMatch(
      /journal_line is append-only: DELETE/,
    );
    expect(await failureOf(() => database.db.delete(journalEntry).where(eq(journalEntry.id, entryId)))).toMatch(
      /journal_entry is append-only: DELETE/,
    );
    expect(await failureOf(() => database.db.execute(sql`truncate journal_line, journal_entry`))).toMatch(/append-only: TRUNCATE/);
    expect(await database.db.select().from(journalLine).where(eq(journalLine.entryId, entryId))).toHaveLength(2);

    const reversalId = await reverseJournalEntry(database.db, { entryId, createdBy: admin.id });
    expect((await entriesOf('reversal', entryId)).map((e) => [e.entry.id, e.lines])).toEqual([
      [
        reversalId,
        [
          ['other_income', 4_200, 0],
          ['trust_cash', 0, 4_200],
        ],
      ],
    ]);
    await expect(reverseJournalEntry(database.db, { entryId, createdBy: admin.id })).rejects.toMatchObject({ reason: 'already_reversed' });
    await expect(reverseJournalEntry(database.db, { entryId: 987_654, createdBy: admin.id })).rejects.toMatchObject({
      reason: 'not_found',
    });
  });

  it('a hand entry in a closed month; a money event dated in it posts on the first open day after it', async () => {
    const [cash, income] = [await systemAccountId(database.db, 'trust_cash'), await systemAccountId(database.db, 'other_income')];
    await expect(closeMonth(database.db, { month: '2026-11', today: '2026-11-28', closedBy: admin.id })).rejects.toMatchObject({
      reason: 'invalid',
    });
    await closeMonth(database.db, { month: '2025-03', today: '2026-11-28', closedBy: admin.id });
    await closeMonth(database.db, { month: '2025-03', today: '2026-11-28', closedBy: admin.id });
    const refusal = await database.db
      .transaction((tx) =>
        postJournalEntry(tx, {
          entryDate: '2025-03-15',
          buildingId: null,
          source: 'manual',
          memo: 'late adjustment',
          lines: [
            { accountId: cash, debitCents: 100 },
            { accountId: income, creditCents: 100 },
          ],
        }),
      )
      .catch((error: unknown) => error);
    expect((refusal as JournalEntryError).reason).toBe('closed_month');

    const row = await createLeaseFixture(database.db, { manager, tenant, startDate: '2025-01-01', endDate: '2025-12-31' });
    const backdated = await addCharge(database.db, { leaseId: row.id, kind: 'utility', amountCents: 3_300, dueDate: '2025-03-10' });
    const [posted] = await entriesOf('charge', backdated.id);
    expect(posted!.entry.entryDate).toBe('2025-04-01');
    expect(posted!.lines).toEqual([
      ['accounts_receivable', 3_300, 0],
      ['other_income', 0, 3_300],
    ]);
    await expectReceivableMatchesLedger(row.id, 3_300);
  });
});

describe('every money event of a lease posts its entry', () => {
  it('a rent charge, a card payment and a partial refund: cash, receivable and income move together', async () => {
    const provider = newProvider();
    const row = await createLeaseFixture(database.db, { manager, tenant, monthlyRentCents: 100_000 });
    const rent = await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-02-01' });
    expect((await entriesOf('charge', rent.id)).map((e) => [e.entry.entryDate, e.lines])).toEqual([
      [
        '2026-02-01',
        [
          ['accounts_receivable', 100_000, 0],
          ['rent_income', 0, 100_000],
        ],
      ],
    ]);
    const paid = await payThroughCheckout({
      db: database.db,
      provider,
      viewer: tenant,
      leaseId: row.id,
      amountCents: 100_000,
      idempotencyKey: 'gl-card-1',
    });
    if (!paid.ok) throw new Error('payment refused');
    expect(paid.payment.status).toBe('succeeded');
    const paymentId = paid.payment.paymentId;
    expect((await entriesOf('payment', paymentId)).map((e) => e.lines)).toEqual([
      [
        ['accounts_receivable', 0, 100_000],
        ['trust_cash', 100_000, 0],
      ],
    ]);
    await expectReceivableMatchesLedger(row.id, 0);

    const refunded = await refundPayment({
      db: database.db,
      provider,
      actor: admin,
      paymentId,
      amountCents: 30_000,
      reason: 'Overcharged',
      idempotencyKey: 'gl-refund-1',
      origin: TEST_ORIGIN,
    });
    expect(refunded.ok).toBe(true);
    const entries = await entriesOf('payment', paymentId);
    expect(entries[1]!.lines).toEqual([
      ['accounts_receivable', 30_000, 0],
      ['trust_cash', 0, 30_000],
    ]);
    await expectReceivableMatchesLedger(row.id, 30_000);
    expect(await net('trust_cash', { buildingId: entries[0]!.entry.buildingId! })).toBe(70_000);
    expect(await net('rent_income', { buildingId: entries[0]!.entry.buildingId! })).toBe(-100_000);
  });

  it('an offline check, and a bank debit in transit that clears, then one that comes back', async () => {
    const row = await createLeaseFixture(database.db, { manager, tenant, monthlyRentCents: 80_000 });
    await addCharge(database.db, { leaseId: row.id, amountCents: 80_000, dueDate: '2026-03-01' });
    await addCharge(database.db, { leaseId: row.id, amountCents: 80_000, dueDate: '2026-04-01' });
    await addCharge(database.db, { leaseId: row.id, kind: 'late_fee', amountCents: 5_000, dueDate: '2026-04-06' });
    const check = await recordOfflinePayment({
      db: database.db,
      actor: manager,
      leaseId: row.id,
      amountCents: 80_000,
      method: 'check',
      reference: '1042',
      origin: TEST_ORIGIN,
      publicUrl: TEST_PUBLIC_URL,
    });
    expect(check.ok).toBe(true);
    await expectReceivableMatchesLedger(row.id, 85_000);

    // A bank debit in flight: in transit, not cash yet; then it clears.
    const [debit] = await database.db
      .insert(payment)
      .values({
        leaseId: row.id,
        buildingId: null,
        kind: 'rent',
        method: 'bank_debit',
        amountCents: 40_000,
        status: 'processing',
        provider: 'sandbox',
        idempotencyKey: 'gl-debit-1',
      })
      .returning();
    expect((await entriesOf('payment', debit!.id)).map((e) => e.lines)).toEqual([
      [
        ['accounts_receivable', 0, 40_000],
        ['payments_in_transit', 40_000, 0],
      ],
    ]);
    await database.db.update(payment).set({ status: 'succeeded', settledAt: new Date() }).where(eq(payment.id, debit!.id));
    expect((await entriesOf('payment', debit!.id))[1]!.lines).toEqual([
      ['payments_in_transit', 0, 40_000],
      ['trust_cash', 40_000, 0],
    ]);
    await expectReceivableMatchesLedger(row.id, 45_000);

    // Another comes back: the receivable is owed again, nothing stays in transit.
    const [returned] = await database.db
      .insert(payment)
      .values({
        leaseId: row.id,
        kind: 'rent',
        method: 'bank_debit',
        amountCents: 45_000,
        status: 'processing',
        provider: 'sandbox',
        idempotencyKey: 'gl-debit-2',
      })
      .returning();
    await expectReceivableMatchesLedger(row.id, 0);
    await database.db.update(payment).set({ status: 'failed', failureReason: 'R01' }).where(eq(payment.id, returned!.id));
    expect((await entriesOf('payment', returned!.id))[1]!.lines).toEqual([
      ['accounts_receivable', 45_000, 0],
      ['payments_in_transit', 0, 45_000],
    ]);
    await expectReceivableMatchesLedger(row.id, 45_000);
    // Updates that change no money (allocations, labels) post nothing.
    const before = (await entriesOf('payment', check.ok ? check.id : 0)).length;
    await database.db.update(payment).set({ reference: '1042-B' }).where(eq(payment.leaseId, row.id));
    await database.db.update(charge).set({ description: 'relabelled' }).where(eq(charge.leaseId, row.id));
    expect((await entriesOf('payment', check.ok ? check.id : 0)).length).toBe(before);
  });

  it('the application fee paid before the lease, linked at signing, counts once as income and leaves no receivable', async () => {
    const row = await createLeaseFixture(database.db, { manager, tenant });
    const [unit] = rowsOf<{ building_id: number }>(
      await database.db.execute(sql`select building_id from property where id = ${row.propertyId}`),
    );
    const [fee] = await database.db
      .insert(payment)
      .values({
        buildingId: unit!.building_id,
        kind: 'application_fee',
        amountCents: 5_000,
        status: 'succeeded',
        provider: 'sandbox',
        idempotencyKey: 'gl-app-fee',
        settledAt: new Date(),
      })
      .returning();
    expect((await entriesOf('payment', fee!.id)).map((e) => e.lines)).toEqual([
      [
        ['application_fee_income', 0, 5_000],
        ['trust_cash', 5_000, 0],
      ],
    ]);
    // What signing does (postSigningCharges): the fee as a charge, and the payment linked to the lease.
    await database.db.transaction(async (tx) => {
      await tx
        .insert(charge)
        .values({ leaseId: row.id, kind: 'application_fee', amountCents: 5_000, dueDate: row.startDate, period: 'signing' });
      await tx.update(payment).set({ leaseId: row.id }).where(eq(payment.id, fee!.id));
    });
    await expectReceivableMatchesLedger(row.id, 0);
    expect(await net('application_fee_income', { buildingId: unit!.building_id })).toBe(-5_000);
  });

  it('a lease ends: a deduction is income, the deposit is applied and the rest goes back to the tenant', async () => {
    const provider = newProvider();
    const row = await createLeaseFixture(database.db, { manager, tenant, depositCents: 150_000, monthlyRentCents: 100_000 });
    const [unit] = rowsOf<{ building_id: number }>(
      await database.db.execute(sql`select building_id from property where id = ${row.propertyId}`),
    );
    const buildingId = unit!.building_id;
    await addCharge(database.db, { leaseId: row.id, kind: 'deposit', amountCents: 150_000, dueDate: '2026-01-01', period: 'signing' });
    await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-01-01' });
    const paid = await payThroughCheckout({
      db: database.db,
      provider,
      viewer: tenant,
      leaseId: row.id,
      amountCents: 250_000,
      idempotencyKey: 'gl-signing',
    });
    expect(paid.ok).toBe(true);
    expect(await net('security_deposits', { buildingId })).toBe(-150_000);
    await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-02-01' });

    const ended = await endLease({
      db: database.db,
      actor: manager,
      leaseId: row.id,
      moveOutDate: '2026-02-15',
      deductions: [{ description: 'Broken window', amountCents: 20_000 }],
      origin: TEST_ORIGIN,
      publicUrl: TEST_PUBLIC_URL,
    });
    expect(ended).toMatchObject({ ok: true, depositCents: 150_000, deductionsCents: 20_000, returnedCents: 30_000, balanceCents: 0 });
    expect(await net('security_deposits', { buildingId })).toBe(0);
    expect(await net('other_income', { buildingId })).toBe(-20_000);
    // Cash: 250,000 received, 30,000 returned.
    expect(await net('trust_cash', { buildingId })).toBe(220_000);
    await expectReceivableMatchesLedger(row.id, 0);
  });

  it('leaves the books sound: the trial balance is zero, and every receivable equals its ledger', async () => {
    const [totals] = rowsOf<{ debits: string; credits: string }>(
      await database.db.execute(sql`select sum(debit_cents) as debits, sum(credit_cents) as credits from journal_line`),
    );
    expect(Number(totals!.debits)).toBeGreaterThan(0);
    expect(totals!.debits).toBe(totals!.credits);
    expect(await checkBooks(database.db)).toEqual({ imbalanceCents: 0, mismatches: [], monthTotalMismatches: 0 });
  });
});

describe('the month totals (decision 059)', () => {
  /** The rows of the month totals of building `buildingId`: [month, account key, debit, credit]. */
  async function totalsOf(buildingId: number) {
    return rowsOf<{ month: string; key: string; debit: string; credit: string }>(
      await database.db.execute(sql`
        select to_char(t.month, 'YYYY-MM') as month, a.system_key as key, t.debit_cents as debit, t.credit_cents as credit
        from gl_month_total t join gl_account a on a.id = t.account_id
        where t.building_id = ${buildingId} order by t.month, a.number, t.id`),
    ).map((row) => [row.month, row.key, Number(row.debit), Number(row.credit)]);
  }

  /** A hand entry of `cents` in building `buildingId` on `date`: cash against other income. */
  async function handEntry(buildingId: number, date: string, cents: number) {
    const [cash, income] = [await systemAccountId(database.db, 'operating_cash'), await systemAccountId(database.db, 'other_income')];
    return database.db.transaction((tx) =>
      postJournalEntry(tx, {
        entryDate: date,
        buildingId,
        source: 'manual',
        memo: 'month totals',
        lines: [
          { accountId: cash, debitCents: cents },
          { accountId: income, creditCents: cents },
        ],
      }),
    );
  }

  it('follow every posting, a row per statement and group, and fold into one row per month, account and building', async () => {
    const lease = await createLeaseFixture(database.db, { manager, tenant });
    const [unit] = rowsOf<{ building_id: number }>(
      await database.db.execute(sql`select building_id from property where id = ${lease.propertyId}`),
    );
    const buildingId = unit!.building_id;
    await handEntry(buildingId, '2026-10-03', 1_000);
    await handEntry(buildingId, '2026-10-20', 2_500);
    await handEntry(buildingId, '2026-11-02', 400);
    expect(await totalsOf(buildingId)).toEqual([
      ['2026-10', 'operating_cash', 1_000, 0],
      ['2026-10', 'operating_cash', 2_500, 0],
      ['2026-10', 'other_income', 0, 1_000],
      ['2026-10', 'other_income', 0, 2_500],
      ['2026-11', 'operating_cash', 400, 0],
      ['2026-11', 'other_income', 0, 400],
    ]);
    expect((await checkBooks(database.db)).monthTotalMismatches).toBe(0);
    expect(await compactMonthTotals(database.db)).toBeGreaterThanOrEqual(4);
    expect(await totalsOf(buildingId)).toEqual([
      ['2026-10', 'operating_cash', 3_500, 0],
      ['2026-10', 'other_income', 0, 3_500],
      ['2026-11', 'operating_cash', 400, 0],
      ['2026-11', 'other_income', 0, 400],
    ]);
    // Nothing left to fold: a second run changes nothing.
    expect(await compactMonthTotals(database.db)).toBe(0);
    expect((await checkBooks(database.db)).monthTotalMismatches).toBe(0);
  });

  it('are checked against the journal: a total that drifts from its lines is found', async () => {
    const [row] = rowsOf<{ id: number }>(await database.db.execute(sql`select id from gl_month_total order by id desc limit 1`));
    await database.db.execute(sql`update gl_month_total set debit_cents = debit_cents + 1 where id = ${row!.id}`);
    expect((await checkBooks(database.db)).monthTotalMismatches).toBe(1);
    await database.db.execute(sql`update gl_month_total set debit_cents = debit_cents - 1 where id = ${row!.id}`);
    expect((await checkBooks(database.db)).monthTotalMismatches).toBe(0);
  });

  raceTest('take concurrent postings in opposite orders and a compaction beside them: no deadlock, no lost cent', async () => {
    const lease = await createLeaseFixture(database.db, { manager, tenant });
    const [unit] = rowsOf<{ building_id: number }>(
      await database.db.execute(sql`select building_id from property where id = ${lease.propertyId}`),
    );
    const buildingId = unit!.building_id;
    const [cash, income, fees] = [
      await systemAccountId(database.db, 'operating_cash'),
      await systemAccountId(database.db, 'other_income'),
      await systemAccountId(database.db, 'late_fee_income'),
    ];
    const post = (tx: Parameters<Parameters<typeof database.db.transaction>[0]>[0], accountId: number, cents: number) =>
      postJournalEntry(tx, {
        entryDate: '2026-09-15',
        buildingId,
        source: 'manual',
        memo: 'race',
        lines: [
          { accountId: cash, debitCents: cents },
          { accountId, creditCents: cents },
        ],
      });
    // Each transaction posts twice, half of them income then fees and half fees then income; the
    // pause between their two postings lets the others and the compactions interleave. Totals
    // updated in place would make them queue on each other's rows (and deadlock when two touch the
    // same groups in opposite orders); inserted ones never wait, and nothing may be lost.
    const pause = () => new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) =>
        database.db.transaction(async (tx) => {
          const [first, second] = i % 2 === 0 ? [income, fees] : [fees, income];
          await post(tx, first, 100);
          await pause();
          await post(tx, second, 10);
        }),
      ),
      compactMonthTotals(database.db),
      pause().then(() => compactMonthTotals(database.db)),
    ]);
    await compactMonthTotals(database.db);
    expect(await totalsOf(buildingId)).toEqual([
      ['2026-09', 'operating_cash', 8 * 110, 0],
      // Four transactions credited 100 then 10 to one account, four the other way round.
      ['2026-09', 'late_fee_income', 0, 4 * 100 + 4 * 10],
      ['2026-09', 'other_income', 0, 4 * 100 + 4 * 10],
    ]);
    expect((await checkBooks(database.db)).monthTotalMismatches).toBe(0);
  });
});
