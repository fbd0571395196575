/**
 * The financial reports read from the general ledger (decision 058): the income statement of a
 * period with the period before it beside it, and the trial balance at the end of a period. Both
 * are scoped by the viewer: an admin sees the portfolio or one building; a property manager only
 * the buildings they manage (decision 015), one or all of them. Amounts are integer cents; periods
 * are whole months of entry dates (the buildings' wall-clock dates).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isAdmin, isPropertyManager } from '~/lib/access';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { rowsOf } from '~/server/db/rows.server';
import { building, glAccount, journalLine } from '~/server/db/schema';
import { addMonths, periodDays, previousPeriod, type ReportQuery } from './reports.schemas';

export type ReportsActor = Pick<Viewer, 'id' | 'role'>;

/** The journal lines `actor` may read, of `buildingId` when given (a building they may see: the caller checks). */
function lineScope(actor: ReportsActor, buildingId: number | null): SQL {
  const own = isAdmin(actor.role)
    ? undefined
    : isPropertyManager(actor.role)
      ? inArray(journalLine.buildingId, sql`(select ${building.id} from ${building} where ${building.managerId} = ${actor.id})`)
      : sql`false`;
  return and(own, buildingId === null ? undefined : eq(journalLine.buildingId, buildingId)) ?? sql`true`;
}

export type AccountType = (typeof glAccount.$inferSelect)['type'];

/** The account columns every report row starts with. */
const ACCOUNT_COLUMNS = {
  accountId: glAccount.id,
  number: glAccount.number,
  name: glAccount.name,
  nameIt: glAccount.nameIt,
  type: glAccount.type,
};

/** One account of the income statement: the period's and the previous period's amount (cents, as the account's side reads: income and expenses both positive). */
export type IncomeStatementRow = {
  accountId: number;
  number: string;
  name: string;
  nameIt: string | null;
  type: 'income' | 'expense';
  currentCents: number;
  previousCents: number;
};

export type IncomeStatement = {
  period: { from: string; to: string };
  previous: { from: string; to: string };
  rows: IncomeStatementRow[];
  totals: {
    incomeCents: number;
    expenseCents: number;
    netCents: number;
    previousIncomeCents: number;
    previousExpenseCents: number;
    previousNetCents: number;
  };
  /** Income and expenses per month of the period (for the chart), oldest first. */
  months: { month: string; incomeCents: number; expenseCents: number }[];
};

/**
 * The income statement of `query` (its months, building) for `actor`: every income and expense
 * account with lines in the period or the one before it, by number; totals and net operating
 * income for both; income and expenses per month of the period.
 */
export async function findIncomeStatement({
  db,
  actor,
  query,
}: {
  db: Db;
  actor: ReportsActor;
  query: ReportQuery;
}): Promise<IncomeStatement> {
  const previous = previousPeriod(query);
  const current = periodDays(query);
  const before = periodDays(previous);
  const scope = lineScope(actor, query.buildingId);
  // Income reads credit − debit, expenses debit − credit.
  const signed = sql`case when ${glAccount.type} = 'income' then ${journalLine.creditCents} - ${journalLine.debitCents} else ${journalLine.debitCents} - ${journalLine.creditCents} end`;
  const inPeriod = (days: { first: string; last: string }) => sql`${journalLine.entryDate} between ${days.first} and ${days.last}`;
  const rows = await db
    .select({
      ...ACCOUNT_COLUMNS,
      currentCents: sql<string>`coalesce(sum(${signed}) filter (where ${inPeriod(current)}), 0)`,
      previousCents: sql<string>`coalesce(sum(${signed}) filter (where ${inPeriod(before)}), 0)`,
    })
    .from(journalLine)
    .innerJoin(glAccount, eq(glAccount.id, journalLine.accountId))
    .where(
      and(inArray(glAccount.type, ['income', 'expense']), sql`${journalLine.entryDate} between ${before.first} and ${current.last}`, scope),
    )
    .groupBy(glAccount.id)
    .orderBy(asc(glAccount.number));
  const monthly = rowsOf<{ month: string; income: string; expense: string }>(
    await db.execute(sql`
      select to_char(${journalLine.entryDate}, 'YYYY-MM') as month,
        coalesce(sum(${signed}) filter (where ${glAccount.type} = 'income'), 0) as income,
        coalesce(sum(${signed}) filter (where ${glAccount.type} = 'expense'), 0) as expense
      from ${journalLine} join ${glAccount} on ${glAccount.id} = ${journalLine.accountId}
      where ${glAccount.type} in ('income', 'expense') and ${inPeriod(current)} and ${scope}
      group by 1 order by 1`),
  );
  const statement = rows.map((row) => ({
    ...row,
    type: row.type as 'income' | 'expense',
    currentCents: Number(row.currentCents),
    previousCents: Number(row.previousCents),
  }));
  const sum = (type: 'income' | 'expense', key: 'currentCents' | 'previousCents') =>
    statement.filter((row) => row.type === type).reduce((total, row) => total + row[key], 0);
  const totals = {
    incomeCents: sum('income', 'currentCents'),
    expenseCents: sum('expense', 'currentCents'),
    previousIncomeCents: sum('income', 'previousCents'),
    previousExpenseCents: sum('expense', 'previousCents'),
  };
  const byMonth = new Map(monthly.map((row) => [row.month, row]));
  const months: IncomeStatement['months'] = [];
  for (let month = query.from; month <= query.to; month = addMonths(month, 1)) {
    const row = byMonth.get(month);
    months.push({ month, incomeCents: Number(row?.income ?? 0), expenseCents: Number(row?.expense ?? 0) });
  }
  return {
    period: { from: query.from, to: query.to },
    previous,
    rows: statement,
    totals: {
      ...totals,
      netCents: totals.incomeCents - totals.expenseCents,
      previousNetCents: totals.previousIncomeCents - totals.previousExpenseCents,
    },
    months,
  };
}

export type TrialBalanceReportRow = {
  accountId: number;
  number: string;
  name: string;
  nameIt: string | null;
  type: AccountType;
  debitCents: number;
  creditCents: number;
};

export type TrialBalanceReport = { through: string; rows: TrialBalanceReportRow[]; debitCents: number; creditCents: number };

/**
 * The trial balance at the end of `query.to` for `actor` (and `query.buildingId`): each account
 * with a balance, on its debit or credit side, by number; the two totals are equal when the books are sound.
 */
export async function findTrialBalanceReport({
  db,
  actor,
  query,
}: {
  db: Db;
  actor: ReportsActor;
  query: ReportQuery;
}): Promise<TrialBalanceReport> {
  const through = periodDays(query).last;
  const rows = await db
    .select({
      ...ACCOUNT_COLUMNS,
      net: sql<string>`sum(${journalLine.debitCents} - ${journalLine.creditCents})`,
    })
    .from(journalLine)
    .innerJoin(glAccount, eq(glAccount.id, journalLine.accountId))
    .where(and(sql`${journalLine.entryDate} <= ${through}`, lineScope(actor, query.buildingId)))
    .groupBy(glAccount.id)
    .orderBy(asc(glAccount.number));
  // Accounts whose lines cancel out (a receivable paid in full) have no balance to show.
  const balances = rows
    .map(({ net, ...row }) => {
      const cents = Number(net);
      return { ...row, debitCents: Math.max(cents, 0), creditCents: Math.max(-cents, 0) };
    })
    .filter((row) => row.debitCents !== row.creditCents);
  return {
    through,
    rows: balances,
    debitCents: balances.reduce((sum, row) => sum + row.debitCents, 0),
    creditCents: balances.reduce((sum, row) => sum + row.creditCents, 0),
  };
}

/** Whether building `id` exists and whether `actor` may see it (for the page's 400 / 404). */
export async function buildingAccess(
  db: Db,
  actor: ReportsActor,
  id: number,
): Promise<{ exists: boolean; visible: boolean; name: string | null }> {
  const [row] = await db.select({ managerId: building.managerId, name: building.name }).from(building).where(eq(building.id, id));
  if (!row) return { exists: false, visible: false, name: null };
  const visible = isAdmin(actor.role) || (isPropertyManager(actor.role) && row.managerId === actor.id);
  return { exists: true, visible, name: visible ? row.name : null };
}
