/**
 * The general-ledger migration (0028, decision 058) on money written before it: a lease's
 * charges, a card payment refunded in part, a bank debit in flight, an application fee paid
 * before any lease, and a project's vendor invoices (one approved, one paid) get their entries,
 * dated when each happened; the trial balance is zero, the lease's receivable equals its tenant
 * ledger's balance, and what came later posts by itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBooks } from './general-ledger.server';
import { findLeaseBalance } from '~/features/ledger/ledger.server';
import { charge, invoice, payment, payout, project, workOrder } from '~/server/db/schema';
import { rowsOf } from '~/server/db/rows.server';
import { createLeaseFixture, createPerson } from '../../../tests/setup/leases';
import { createTestVendor } from '../../../tests/setup/work-orders';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { migrationsFolder } from '~/server/db/client.server';

type Journal = { entries: { idx: number; tag: string }[] };
const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
const LEDGER_MIGRATION = journal.entries.find((entry) => entry.tag === '0028_general_ledger')!.idx;

/**
 * The migrations after the ledger's that add columns the test's fixtures write (the factories
 * insert every column of today's schema) and do not depend on the ledger: applied before the
 * fixtures, so the money rows are written as before the ledger existed.
 */
const INDEPENDENT_LATER = new Set(['0030_owners', '0031_owner_statements', '0032_owner_messages']);

/** Applies the migration files `firstIdx`…`lastIdx` that `keep` accepts, statement by statement. */
async function applyMigrations(database: TestDatabase, firstIdx: number, lastIdx: number, keep: (tag: string) => boolean = () => true) {
  for (const entry of journal.entries.filter((e) => e.idx >= firstIdx && e.idx <= lastIdx && keep(e.tag))) {
    const text = fs.readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) {
      if (statement.trim()) await database.db.execute(sql.raw(statement));
    }
  }
}

let database: TestDatabase;
let leaseId = 0;
let buildingId = 0;
const ids = { rent: 0, card: 0, debit: 0, fee: 0, approved: 0, paid: 0 };

/** The entries of `source` row `id`: [date, [account key, debit, credit] sorted by key]. */
async function entriesOf(source: string, id: number) {
  return rowsOf<{ entry_date: string; lines: [string, number, number][] }>(
    await database.db.execute(sql`
      select to_char(e.entry_date, 'YYYY-MM-DD') as entry_date,
        json_agg(json_build_array(a.system_key, l.debit_cents, l.credit_cents) order by a.system_key) as lines
      from journal_entry e join journal_line l on l.entry_id = e.id join gl_account a on a.id = l.account_id
      where e.source = ${source} and e.source_id = ${id} group by e.id order by e.id`),
  ).map((row) => [row.entry_date, row.lines]);
}

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  const last = Math.max(...journal.entries.map((entry) => entry.idx));
  await applyMigrations(database, 0, LEDGER_MIGRATION - 1);
  await applyMigrations(database, LEDGER_MIGRATION, last, (tag) => INDEPENDENT_LATER.has(tag));
  const db = database.db;
  const manager = await createPerson(db, 'property_manager');
  const tenant = await createPerson(db, 'tenant');
  const row = await createLeaseFixture(db, { manager, tenant, startDate: '2026-03-01', endDate: '2027-02-28', monthlyRentCents: 100_000 });
  leaseId = row.id;
  [{ building_id: buildingId }] = rowsOf<{ building_id: number }>(
    await db.execute(sql`select building_id from property where id = ${row.propertyId}`),
  ) as [{ building_id: number }];
  const at = (iso: string) => new Date(`${iso}T15:00:00Z`);
  const charges = await db
    .insert(charge)
    .values([
      { leaseId, kind: 'deposit', amountCents: 100_000, dueDate: '2026-03-01', period: 'signing', createdAt: at('2026-02-20') },
      { leaseId, kind: 'rent', amountCents: 100_000, dueDate: '2026-03-01', period: '2026-03', createdAt: at('2026-02-20') },
      { leaseId, kind: 'rent', amountCents: 100_000, dueDate: '2026-04-01', period: '2026-04', createdAt: at('2026-04-01') },
      { leaseId, kind: 'credit', amountCents: 10_000, dueDate: '2026-04-02', period: 'goodwill', createdAt: at('2026-04-02') },
    ])
    .returning({ id: charge.id });
  ids.rent = charges[2]!.id;
  const payments = await db
    .insert(payment)
    .values([
      {
        leaseId,
        buildingId,
        kind: 'rent',
        amountCents: 200_000,
        refundedCents: 5_000,
        status: 'succeeded',
        provider: 'sandbox',
        idempotencyKey: 'mig-card',
        settledAt: at('2026-02-21'),
        createdAt: at('2026-02-21'),
      },
      {
        leaseId,
        buildingId,
        kind: 'rent',
        method: 'bank_debit',
        amountCents: 50_000,
        status: 'processing',
        provider: 'sandbox',
        idempotencyKey: 'mig-debit',
        createdAt: at('2026-04-03'),
      },
      {
        buildingId,
        kind: 'application_fee',
        amountCents: 4_500,
        status: 'succeeded',
        provider: 'sandbox',
        idempotencyKey: 'mig-fee',
        settledAt: at('2026-01-10'),
        createdAt: at('2026-01-10'),
      },
      {
        leaseId,
        kind: 'rent',
        amountCents: 9_999,
        status: 'failed',
        provider: 'sandbox',
        idempotencyKey: 'mig-failed',
        createdAt: at('2026-04-04'),
      },
    ])
    .returning({ id: payment.id });
  [ids.card, ids.debit, ids.fee] = [payments[0]!.id, payments[1]!.id, payments[2]!.id];

  const vendor = await createTestVendor(db);
  const [roof] = await db.insert(project).values({ buildingId, name: 'New roof', kind: 'roof' }).returning({ id: project.id });
  const [order] = await db
    .insert(workOrder)
    .values({ vendorId: vendor.vendorId, projectId: roof!.id, buildingId, status: 'completed' })
    .returning({ id: workOrder.id });
  const invoices = await db
    .insert(invoice)
    .values([
      {
        workOrderId: order!.id,
        vendorId: vendor.vendorId,
        number: 'R-1',
        status: 'approved',
        subtotalCents: 300_000,
        totalCents: 300_000,
        decidedAt: at('2026-04-10'),
      },
      {
        workOrderId: order!.id,
        vendorId: vendor.vendorId,
        number: 'R-2',
        status: 'paid',
        subtotalCents: 80_000,
        taxCents: 5_000,
        totalCents: 85_000,
        decidedAt: at('2026-03-15'),
      },
      { workOrderId: order!.id, vendorId: vendor.vendorId, number: 'R-3', status: 'rejected', subtotalCents: 1_000, totalCents: 1_000 },
    ])
    .returning({ id: invoice.id });
  [ids.approved, ids.paid] = [invoices[0]!.id, invoices[1]!.id];
  await db.insert(payout).values({ invoiceId: ids.paid, vendorId: vendor.vendorId, amountCents: 85_000, paidAt: at('2026-03-20') });

  // The ledger and every migration after it (0029 totals the backfilled journal by month).
  await applyMigrations(
    database,
    LEDGER_MIGRATION,
    Math.max(...journal.entries.map((entry) => entry.idx)),
    (tag) => !INDEPENDENT_LATER.has(tag),
  );
});

afterAll(async () => {
  await database?.close();
});

describe(`the general-ledger migration (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('posts what existed, each on the day it happened', async () => {
    expect(await entriesOf('charge', ids.rent)).toEqual([
      [
        '2026-04-01',
        [
          ['accounts_receivable', 100_000, 0],
          ['rent_income', 0, 100_000],
        ],
      ],
    ]);
    expect(await entriesOf('payment', ids.card)).toEqual([
      [
        '2026-02-21',
        [
          ['accounts_receivable', 0, 195_000],
          ['trust_cash', 195_000, 0],
        ],
      ],
    ]);
    expect(await entriesOf('payment', ids.debit)).toEqual([
      [
        '2026-04-03',
        [
          ['accounts_receivable', 0, 50_000],
          ['payments_in_transit', 50_000, 0],
        ],
      ],
    ]);
    expect(await entriesOf('payment', ids.fee)).toEqual([
      [
        '2026-01-10',
        [
          ['application_fee_income', 0, 4_500],
          ['trust_cash', 4_500, 0],
        ],
      ],
    ]);
    expect(await entriesOf('invoice', ids.approved)).toEqual([
      [
        '2026-04-10',
        [
          ['accounts_payable', 0, 300_000],
          ['capital_improvements', 300_000, 0],
        ],
      ],
    ]);
    const [paid] = await database.db.select({ id: payout.id }).from(payout).where(eq(payout.invoiceId, ids.paid));
    expect(await entriesOf('payout', paid!.id)).toEqual([
      [
        '2026-03-20',
        [
          ['accounts_payable', 85_000, 0],
          ['trust_cash', 0, 85_000],
        ],
      ],
    ]);
    // A failed payment and a rejected invoice moved no money.
    const [count] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from journal_entry`));
    expect(count!.n).toBe(4 + 3 + 2 + 1);
  });

  it('leaves the books sound: zero trial balance, the receivable equal to the tenant ledger', async () => {
    expect(await checkBooks(database.db)).toEqual({ imbalanceCents: 0, mismatches: [], monthTotalMismatches: 0 });
    const balance = await findLeaseBalance(database.db, leaseId, '2026-04-30');
    // 100,000 deposit + 200,000 rent − 10,000 credit − 195,000 received − 50,000 in flight.
    expect(balance.balanceCents).toBe(45_000);
    const [receivable] = rowsOf<{ cents: string }>(
      await database.db.execute(sql`
        select sum(l.debit_cents - l.credit_cents) as cents from journal_line l join gl_account a on a.id = l.account_id
        where a.system_key = 'accounts_receivable' and l.lease_id = ${leaseId}`),
    );
    expect(Number(receivable!.cents)).toBe(45_000);
  });

  it('posts what comes after by itself: the debit clears', async () => {
    await database.db.update(payment).set({ status: 'succeeded', settledAt: new Date() }).where(eq(payment.id, ids.debit));
    const entries = await entriesOf('payment', ids.debit);
    expect(entries).toHaveLength(2);
    expect(entries[1]![1]).toEqual([
      ['payments_in_transit', 0, 50_000],
      ['trust_cash', 50_000, 0],
    ]);
    expect(await checkBooks(database.db)).toEqual({ imbalanceCents: 0, mismatches: [], monthTotalMismatches: 0 });
  });
});
