/**
 * The general ledger detail (decision 060): one account's journal lines in a period of whole
 * months, oldest first, with the balance before the period, the period's debits and credits and
 * the balance after it — those from the month totals (decision 059), so they cost the same on
 * every page; the lines a page of `LEDGER_PAGE_SIZE` at a time by keyset (entry date, line id)
 * through `journal_line_account_date_idx` (the portfolio) or
 * `journal_line_building_account_date_idx` (a building). Scoped like every report: an admin sees
 * the portfolio or one building; a property manager only the buildings they manage. Amounts are
 * integer cents; balances are signed on the account's normal side (debit for assets and
 * expenses, credit for liabilities, equity and income).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { rowsOf } from '~/server/db/rows.server';
import { glAccount, glMonthTotal } from '~/server/db/schema';
import { systemAccountId } from '../accounting/general-ledger.server';
import { lineScope, totalScope, type AccountType, type ReportArgs } from './financial-reports.server';
import { LEDGER_PAGE_SIZE, periodDays, type LedgerCursor, type ReportQuery } from './reports.schemas';

/** An account of the chart, as the account picker lists it. */
export type LedgerAccount = { number: string; name: string; nameIt: string | null; type: AccountType };

/** One journal line of the account. */
export type LedgerLine = {
  id: number;
  entryId: number;
  date: string;
  /** What posted it: `charge`, `payment`, `invoice`, `payout`, `manual`, `reversal`… */
  source: string;
  memo: string;
  buildingName: string | null;
  unitNumber: string | null;
  debitCents: number;
  creditCents: number;
};

export type LedgerDetail = {
  account: LedgerAccount;
  /** Every account of the chart, by number (the picker). */
  accounts: LedgerAccount[];
  period: { from: string; to: string };
  openingCents: number;
  debitCents: number;
  creditCents: number;
  closingCents: number;
  lines: LedgerLine[];
  next: LedgerCursor | null;
};

/** True when the account's balance reads debit − credit (assets, expenses). */
function debitNormal(type: AccountType): boolean {
  return type === 'asset' || type === 'expense';
}

/**
 * The chart's account `number`, or null when there is none (the page answers 400 on the field).
 * Without a number: the trust cash account, where most money moves.
 */
export async function findLedgerAccount(db: Db, number: string | null): Promise<(LedgerAccount & { id: number }) | null> {
  const id = number === null ? await systemAccountId(db, 'trust_cash') : null;
  const [row] = await db
    .select({ id: glAccount.id, number: glAccount.number, name: glAccount.name, nameIt: glAccount.nameIt, type: glAccount.type })
    .from(glAccount)
    .where(id === null ? eq(glAccount.number, number!) : eq(glAccount.id, id));
  return row ?? null;
}

/**
 * The general ledger detail of `query` (its account — the trust cash account by default —, months
 * and building) for `actor`; `limit` lines a page after `query.cursor`. Throws when the account
 * does not exist (the page checks it first with `findLedgerAccount`).
 */
export async function findLedgerDetail({
  db,
  actor,
  query,
  limit = LEDGER_PAGE_SIZE,
}: ReportArgs<ReportQuery> & { limit?: number }): Promise<LedgerDetail> {
  const account = await findLedgerAccount(db, query.account);
  if (!account) throw new Error(`No account ${query.account}`);
  const days = periodDays(query);
  const [totals] = await db
    .select({
      before: sql<string>`coalesce(sum(${glMonthTotal.debitCents} - ${glMonthTotal.creditCents}) filter (where ${glMonthTotal.month} < ${days.first}), 0)`,
      debit: sql<string>`coalesce(sum(${glMonthTotal.debitCents}) filter (where ${glMonthTotal.month} >= ${days.first}), 0)`,
      credit: sql<string>`coalesce(sum(${glMonthTotal.creditCents}) filter (where ${glMonthTotal.month} >= ${days.first}), 0)`,
    })
    .from(glMonthTotal)
    .where(and(eq(glMonthTotal.accountId, account.id), sql`${glMonthTotal.month} <= ${days.last}`, totalScope(actor, query.buildingId)));
  // A debit − credit amount on the account's normal side (`0 - x`: never a negative zero).
  const normal = (cents: number) => (debitNormal(account.type) ? cents : 0 - cents);
  const debitCents = Number(totals?.debit ?? 0);
  const creditCents = Number(totals?.credit ?? 0);
  const openingCents = normal(Number(totals?.before ?? 0));
  const rows = rowsOf<{
    id: number;
    entry_id: number;
    date: string;
    source: string;
    memo: string;
    building_name: string | null;
    unit_number: string | null;
    debit_cents: string;
    credit_cents: string;
  }>(
    await db.execute(sql`
      select jl.id, jl.entry_id, jl.entry_date::text as date, je.source, je.memo, b.name as building_name,
        u.unit_number, jl.debit_cents, jl.credit_cents
      from (
        select jl.* from journal_line jl
        where jl.account_id = ${account.id} and jl.entry_date between ${days.first} and ${days.last}
          and ${lineScope(actor, query.buildingId)}
          ${
            // The scalar bound starts the index scan at the cursor's date; the row comparison alone
            // would start it at the period's first day and filter every line before the cursor.
            query.cursor
              ? sql`and jl.entry_date >= ${query.cursor.date}::date and (jl.entry_date, jl.id) > (${query.cursor.date}::date, ${query.cursor.id})`
              : sql``
          }
        order by jl.entry_date, jl.id
        limit ${limit + 1}
      ) jl
      join journal_entry je on je.id = jl.entry_id
      left join building b on b.id = jl.building_id
      left join property u on u.id = jl.unit_id
      order by jl.entry_date, jl.id`),
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const accounts = await db
    .select({ number: glAccount.number, name: glAccount.name, nameIt: glAccount.nameIt, type: glAccount.type })
    .from(glAccount)
    .orderBy(asc(glAccount.number));
  return {
    account: { number: account.number, name: account.name, nameIt: account.nameIt, type: account.type },
    accounts,
    period: { from: query.from, to: query.to },
    openingCents,
    debitCents,
    creditCents,
    closingCents: openingCents + normal(debitCents - creditCents),
    lines: page.map((row) => ({
      id: Number(row.id),
      entryId: Number(row.entry_id),
      date: row.date,
      source: row.source,
      memo: row.memo,
      buildingName: row.building_name,
      unitNumber: row.unit_number,
      debitCents: Number(row.debit_cents),
      creditCents: Number(row.credit_cents),
    })),
    next: rows.length > limit && last ? { date: last.date, id: Number(last.id) } : null,
  };
}
