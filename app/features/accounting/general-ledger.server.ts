/**
 * The general ledger (decision 058): the chart of accounts, hand-written and job entries,
 * reversals, closed months, and the checks every book must pass (the reports that read it are in
 * `~/features/reports`) (the trial balance is zero; every
 * lease's receivable equals its tenant ledger's balance).
 *
 * Money events (charges, payments, refunds, invoices, payouts) post themselves: statement
 * triggers on their tables write the entry in the same statement (migration 0028), so no code path
 * can forget one. This module writes the entries no table row stands for: management fees, owner
 * contributions and distributions, an accountant's adjustment, and reversals. All amounts are
 * integer cents; dates are ISO `YYYY-MM-DD` on the building's wall clock (decision 047).
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '~/server/db/client.server';
import { rowsOf } from '~/server/db/rows.server';
import { glAccount, glClosedMonth, journalEntry, journalLine } from '~/server/db/schema';
import { LEDGER_MAX_AMOUNT_CENTS, type Tx } from '~/features/ledger/ledger.server';

type Executor = Db | Tx;

/** The accounts the system posts to, by `gl_account.system_key` (migration 0028 seeds them). */
export const SYSTEM_ACCOUNT_KEYS = [
  'operating_cash',
  'trust_cash',
  'payments_in_transit',
  'accounts_receivable',
  'accounts_payable',
  'security_deposits',
  'prepaid_rent',
  'owner_payable',
  'owner_contributions',
  'owner_distributions',
  'rent_income',
  'late_fee_income',
  'application_fee_income',
  'other_income',
  'concessions',
  'repairs_maintenance',
  'capital_improvements',
  'management_fees',
] as const;
export type SystemAccountKey = (typeof SYSTEM_ACCOUNT_KEYS)[number];

/** The sources an entry written by this module may have (the money events' own are the tables' names). */
export type WrittenEntrySource = 'manual' | 'management_fee' | 'owner_distribution' | 'owner_contribution';

/** Why an entry was refused. */
export type JournalEntryRefusal = 'unbalanced' | 'closed_month' | 'invalid' | 'unknown_account' | 'not_found' | 'already_reversed';

/** An entry the ledger refuses, with the reason a caller can show (`reason`) and details for logs. */
export class JournalEntryError extends Error {
  constructor(
    readonly reason: JournalEntryRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'JournalEntryError';
  }
}

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');
const cents = z.number().int().min(0).max(LEDGER_MAX_AMOUNT_CENTS);
const dimension = z.number().int().positive().nullable().optional();

/** A line as callers write it: one of `debitCents` / `creditCents` above zero. */
export const journalLineInput = z
  .object({
    accountId: z.number().int().positive(),
    debitCents: cents.default(0),
    creditCents: cents.default(0),
    buildingId: dimension,
    unitId: dimension,
    leaseId: dimension,
    vendorId: dimension,
    ownerId: dimension,
  })
  .refine((line) => line.debitCents > 0 !== line.creditCents > 0, 'a line is either a debit or a credit, above zero');
export type JournalLineInput = z.input<typeof journalLineInput>;

const entryInput = z.object({
  entryDate: isoDate,
  buildingId: z.number().int().positive().nullable(),
  memo: z.string().trim().max(500),
  lines: z.array(journalLineInput).min(2).max(200),
});

/** True when a database error (through wrapped causes) was raised by the constraint `name`. */
function raisedBy(error: unknown, name: string): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { constraint?: string }).constraint === name) return true;
  }
  return false;
}

/** Maps the database's refusals (migration 0028) to `JournalEntryError`s; rethrows anything else. */
function refusalOf(error: unknown): never {
  if (error instanceof JournalEntryError) throw error;
  if (raisedBy(error, 'journal_entry_balanced')) throw new JournalEntryError('unbalanced', 'Debits and credits must be equal.');
  if (raisedBy(error, 'journal_entry_open_month')) throw new JournalEntryError('closed_month', 'That month is closed.');
  throw error;
}

/**
 * Writes one journal entry and its lines in the caller's transaction `tx`: `entryDate` (ISO),
 * `buildingId` (null for the company's own), `source` and optional `sourceId` (e.g. an owner's
 * distribution row), `memo`, `createdBy` (a user id for hand entries), and at least two lines
 * that balance. Returns the entry's id. Throws `JournalEntryError` ('invalid', 'unbalanced',
 * 'unknown_account'; 'closed_month' for a hand entry dated in a closed month). The database checks
 * the balance again, whoever writes.
 */
export async function postJournalEntry(
  tx: Tx,
  input: {
    entryDate: string;
    buildingId: number | null;
    source: WrittenEntrySource;
    sourceId?: number | null;
    memo: string;
    createdBy?: string | null;
    lines: JournalLineInput[];
  },
): Promise<number> {
  const parsed = entryInput.safeParse(input);
  if (!parsed.success) throw new JournalEntryError('invalid', parsed.error.issues.map((issue) => issue.message).join('; '));
  const { entryDate, buildingId, memo, lines } = parsed.data;
  const debits = lines.reduce((sum, line) => sum + line.debitCents, 0);
  const credits = lines.reduce((sum, line) => sum + line.creditCents, 0);
  if (debits !== credits) throw new JournalEntryError('unbalanced', 'Debits and credits must be equal.');
  return writeEntry(tx, {
    entryDate,
    buildingId,
    source: input.source,
    sourceId: input.sourceId ?? null,
    memo,
    createdBy: input.createdBy ?? null,
    reversesEntryId: null,
    lines: lines.map((line) => ({ ...line, buildingId: line.buildingId ?? buildingId })),
  });
}

type EntryRow = Omit<typeof journalEntry.$inferInsert, 'id' | 'postedAt'>;
type LineRow = Omit<typeof journalLine.$inferInsert, 'id' | 'entryId' | 'entryDate'>;

async function writeEntry(tx: Tx, entry: EntryRow & { lines: LineRow[] }): Promise<number> {
  const accountIds = [...new Set(entry.lines.map((line) => line.accountId))];
  const known = await tx.select({ id: glAccount.id }).from(glAccount).where(inArray(glAccount.id, accountIds));
  if (known.length !== accountIds.length) throw new JournalEntryError('unknown_account', 'An account of the entry does not exist.');
  try {
    // A savepoint: a refused entry leaves the caller's transaction usable.
    return await tx.transaction(async (inner) => {
      const { lines, ...head } = entry;
      const [row] = await inner.insert(journalEntry).values(head).returning({ id: journalEntry.id, entryDate: journalEntry.entryDate });
      if (!row) throw new Error('journal entry insert returned nothing');
      // One statement: the database checks the entry's balance at its end (migration 0028).
      await inner.insert(journalLine).values(lines.map((line) => ({ ...line, entryId: row.id, entryDate: row.entryDate })));
      return row.id;
    });
  } catch (error) {
    refusalOf(error);
  }
}

/**
 * Writes the reversal of entry `entryId` dated `entryDate` (ISO; the entry's own date when
 * omitted and its month is open): the same lines with debits and credits swapped, source
 * `reversal`. Returns the reversal's id. Throws `JournalEntryError` 'not_found', 'already_reversed'
 * (each entry is reversed at most once, a unique index), or 'closed_month'.
 */
export async function reverseJournalEntry(
  db: Db,
  { entryId, entryDate, createdBy, memo }: { entryId: number; entryDate?: string; createdBy: string | null; memo?: string },
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      const [original] = await tx.select().from(journalEntry).where(eq(journalEntry.id, entryId));
      if (!original) throw new JournalEntryError('not_found', `Journal entry ${entryId} does not exist.`);
      const [done] = await tx.select({ id: journalEntry.id }).from(journalEntry).where(eq(journalEntry.reversesEntryId, entryId));
      if (done) throw new JournalEntryError('already_reversed', `Journal entry ${entryId} is already reversed by entry ${done.id}.`);
      const lines = await tx.select().from(journalLine).where(eq(journalLine.entryId, entryId)).orderBy(asc(journalLine.id));
      return writeEntry(tx, {
        entryDate: entryDate ?? original.entryDate,
        buildingId: original.buildingId,
        source: 'reversal',
        sourceId: original.id,
        memo: memo ?? `Reversal of entry ${original.id}`,
        createdBy,
        reversesEntryId: original.id,
        lines: lines.map((line) => ({
          accountId: line.accountId,
          buildingId: line.buildingId,
          unitId: line.unitId,
          leaseId: line.leaseId,
          vendorId: line.vendorId,
          ownerId: line.ownerId,
          debitCents: line.creditCents,
          creditCents: line.debitCents,
        })),
      });
    });
  } catch (error) {
    refusalOf(error);
  }
}

/**
 * Closes month `month` (`YYYY-MM`) for hand entries; money events dated in it post on the first
 * open day after it (migration 0028). Only a month that has ended by `today` (ISO) may close;
 * closing twice is a no-op. Throws `JournalEntryError('invalid')` for a malformed or unfinished month.
 */
export async function closeMonth(
  db: Executor,
  { month, today, closedBy }: { month: string; today: string; closedBy: string | null },
): Promise<void> {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) throw new JournalEntryError('invalid', 'A month as YYYY-MM.');
  if (`${month}-01` > today || month === today.slice(0, 7))
    throw new JournalEntryError('invalid', 'Only a month that has ended can close.');
  await db
    .insert(glClosedMonth)
    .values({ month: `${month}-01`, closedBy })
    .onConflictDoNothing();
}

/** A lease whose receivable in the journal differs from its tenant ledger's balance (cents). */
export type ReceivableMismatch = { leaseId: number; ledgerCents: number; receivableCents: number };

/**
 * The books' invariants, for tests and /admin/database: the sum of all debits less all credits
 * (`imbalanceCents`, 0 when sound); the leases whose accounts-receivable lines do not add up to
 * their tenant ledger's balance (charges less credits less money received and not refunded, as
 * `findLeaseBalance` counts it), at most `limit` of them; and how many (month, account, building)
 * groups of the month totals (`gl_month_total`, decision 059) differ from the journal's lines
 * (`monthTotalMismatches`, 0 when sound).
 */
export async function checkBooks(
  db: Executor,
  { limit = 20 }: { limit?: number } = {},
): Promise<{ imbalanceCents: number; mismatches: ReceivableMismatch[]; monthTotalMismatches: number }> {
  const [total] = rowsOf<{ imbalance: string | null }>(
    await db.execute(sql`select sum(debit_cents) - sum(credit_cents) as imbalance from journal_line`),
  );
  const mismatches = rowsOf<{ lease_id: number; ledger: string; receivable: string }>(
    await db.execute(sql`
      with ledger as (
        select c.lease_id, sum(case when c.kind = 'credit' then -c.amount_cents else c.amount_cents end) as cents
        from charge c where c.status <> 'void' group by c.lease_id
        union all
        select p.lease_id, -sum(p.amount_cents - p.refunded_cents) from payment p
        where p.lease_id is not null and p.status in ('succeeded', 'refunded', 'processing') group by p.lease_id
      ), by_lease as (select lease_id, sum(cents) as cents from ledger group by lease_id),
      receivable as (
        select l.lease_id, sum(l.debit_cents - l.credit_cents) as cents
        from journal_line l join gl_account a on a.id = l.account_id and a.system_key = 'accounts_receivable'
        where l.lease_id is not null group by l.lease_id
      )
      select coalesce(b.lease_id, r.lease_id) as lease_id, coalesce(b.cents, 0) as ledger, coalesce(r.cents, 0) as receivable
      from by_lease b full join receivable r on r.lease_id = b.lease_id
      where coalesce(b.cents, 0) <> coalesce(r.cents, 0)
      order by 1 limit ${limit}`),
  );
  const [months] = rowsOf<{ n: number }>(
    await db.execute(sql`
      with lines as (
        select date_trunc('month', entry_date)::date as month, account_id, coalesce(building_id, 0) as building_key,
          sum(debit_cents) as debit, sum(credit_cents) as credit
        from journal_line group by 1, 2, 3
      ), totals as (
        select month, account_id, coalesce(building_id, 0) as building_key, sum(debit_cents) as debit, sum(credit_cents) as credit
        from gl_month_total group by 1, 2, 3
      )
      select count(*)::int as n from lines l full join totals t using (month, account_id, building_key)
      where coalesce(l.debit, 0) <> coalesce(t.debit, 0) or coalesce(l.credit, 0) <> coalesce(t.credit, 0)`),
  );
  return {
    imbalanceCents: Number(total?.imbalance ?? 0),
    monthTotalMismatches: Number(months?.n ?? 0),
    mismatches: mismatches.map((row) => ({
      leaseId: row.lease_id,
      ledgerCents: Number(row.ledger),
      receivableCents: Number(row.receivable),
    })),
  };
}

/** The id of the system account `key` (throws when the chart lacks it: migration 0028 seeds every key). */
export async function systemAccountId(db: Executor, key: SystemAccountKey): Promise<number> {
  const [row] = await db.select({ id: glAccount.id }).from(glAccount).where(eq(glAccount.systemKey, key));
  if (!row) throw new Error(`The chart of accounts has no account with system key ${key}.`);
  return row.id;
}

/**
 * Folds the month totals (`gl_month_total`, decision 059) of each month, account and building into
 * one row (`gl_compact_month_totals()`): posting adds a row per statement and never updates one,
 * so the rows grow with the number of postings until this runs. Safe beside concurrent postings
 * and another compaction. Answers how many rows it folded.
 */
export async function compactMonthTotals(db: Executor): Promise<number> {
  const [row] = rowsOf<{ folded: string | number }>(await db.execute(sql`select gl_compact_month_totals() as folded`));
  return Number(row?.folded ?? 0);
}
