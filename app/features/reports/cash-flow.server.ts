/**
 * The statement of cash flows (decision 058's reports, indirect method), read from the month totals
 * of the general ledger (`gl_month_total`, decision 059) like the income statement, so a year of the
 * portfolio is a few thousand rows. For the period and the one before it:
 * - operating activities: net operating income (income − expenses), then the change of each
 *   other asset and liability account (receivables, deposits held, prepaid rent, vendor payables…)
 *   as it moved cash: a liability that grew or an asset that shrank brought cash in;
 * - owner activities: each equity account (contributions in, distributions out);
 * - the net change in cash, and the cash (operating and trust accounts, `operating_cash` and
 *   `trust_cash`) at the start and the end of the period.
 * Every entry balances, so the lines add up to the change in cash exactly (`checkCents` is 0 when
 * they do; shown if ever not). Scoped like every report (`totalScope`). Amounts are integer cents.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { glAccount, glMonthTotal } from '~/server/db/schema';
import { totalScope, type AccountType, type ReportArgs } from './financial-reports.server';
import { periodDays, previousPeriod, type ReportQuery } from './reports.schemas';

/** The system keys of the cash accounts. */
const CASH_KEYS = ['operating_cash', 'trust_cash'] as const;

/** One account's line: how it moved cash in the period and the one before (positive: cash in). */
export type CashFlowLine = {
  accountId: number;
  number: string;
  name: string;
  nameIt: string | null;
  type: AccountType;
  currentCents: number;
  previousCents: number;
};

/** Two amounts: the period's and the previous period's. */
export type CashFlowPair = { currentCents: number; previousCents: number };

export type CashFlowStatement = {
  period: { from: string; to: string };
  previous: { from: string; to: string };
  operating: { netIncome: CashFlowPair; changes: CashFlowLine[]; total: CashFlowPair };
  owners: { lines: CashFlowLine[]; total: CashFlowPair };
  netChange: CashFlowPair;
  openingCash: CashFlowPair;
  closingCash: CashFlowPair;
  /** Net change in cash minus the lines' sum: 0 when the books balance. */
  checkCents: number;
};

const pair = (currentCents: number, previousCents: number): CashFlowPair => ({ currentCents, previousCents });

/**
 * The cash flows of `query` (its months and building) for `actor`, with the period of the same
 * length before it beside them.
 */
export async function findCashFlow({ db, actor, query }: ReportArgs<ReportQuery>): Promise<CashFlowStatement> {
  const previous = previousPeriod(query);
  const current = periodDays(query);
  const before = periodDays(previous);
  const scope = totalScope(actor, query.buildingId);
  const net = sql`${glMonthTotal.debitCents} - ${glMonthTotal.creditCents}`;
  const rows = await db
    .select({
      accountId: glAccount.id,
      number: glAccount.number,
      name: glAccount.name,
      nameIt: glAccount.nameIt,
      type: glAccount.type,
      systemKey: glAccount.systemKey,
      // Debit − credit: in the period, in the previous one, and before the previous one (the opening cash).
      current: sql<string>`coalesce(sum(${net}) filter (where ${glMonthTotal.month} between ${current.first} and ${current.last}), 0)`,
      previous: sql<string>`coalesce(sum(${net}) filter (where ${glMonthTotal.month} between ${before.first} and ${before.last}), 0)`,
      earlier: sql<string>`coalesce(sum(${net}) filter (where ${glMonthTotal.month} < ${before.first}), 0)`,
    })
    .from(glMonthTotal)
    .innerJoin(glAccount, eq(glAccount.id, glMonthTotal.accountId))
    .where(and(sql`${glMonthTotal.month} <= ${current.last}`, scope))
    .groupBy(glAccount.id)
    .orderBy(asc(glAccount.number));
  const cash = rows.filter((row) => (CASH_KEYS as readonly (string | null)[]).includes(row.systemKey));
  const others = rows.filter((row) => !cash.includes(row));
  // A non-cash account moved cash by the opposite of its own debit − credit.
  const line = (row: (typeof rows)[number]): CashFlowLine => ({
    accountId: row.accountId,
    number: row.number,
    name: row.name,
    nameIt: row.nameIt,
    type: row.type,
    currentCents: 0 - Number(row.current),
    previousCents: 0 - Number(row.previous),
  });
  const sum = (lines: readonly CashFlowPair[]) =>
    pair(
      lines.reduce((total, entry) => total + entry.currentCents, 0),
      lines.reduce((total, entry) => total + entry.previousCents, 0),
    );
  const moved = (entry: CashFlowLine) => entry.currentCents !== 0 || entry.previousCents !== 0;
  const netIncome = sum(others.filter((row) => row.type === 'income' || row.type === 'expense').map(line));
  const changes = others
    .filter((row) => row.type === 'asset' || row.type === 'liability')
    .map(line)
    .filter(moved);
  const ownerLines = others
    .filter((row) => row.type === 'equity')
    .map(line)
    .filter(moved);
  const operatingTotal = sum([netIncome, ...changes]);
  const ownersTotal = sum(ownerLines);
  const cashSum = (key: 'current' | 'previous' | 'earlier') => cash.reduce((total, row) => total + Number(row[key]), 0);
  const netChange = pair(cashSum('current'), cashSum('previous'));
  const openingPrevious = cashSum('earlier');
  const openingCurrent = openingPrevious + netChange.previousCents;
  return {
    period: { from: query.from, to: query.to },
    previous,
    operating: { netIncome, changes, total: operatingTotal },
    owners: { lines: ownerLines, total: ownersTotal },
    netChange,
    openingCash: pair(openingCurrent, openingPrevious),
    closingCash: pair(openingCurrent + netChange.currentCents, openingCurrent),
    checkCents: netChange.currentCents - (operatingTotal.currentCents + ownersTotal.currentCents),
  };
}
