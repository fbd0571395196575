/**
 * The financial reports (decision 058): the income statement of a period with the period before
 * it beside it and the trial balance at the end of a period, read from the general ledger's month
 * totals (decision 059); the rent roll on a date (every unit with its lease, rent, and the deposit
 * held and balance from the lease's journal lines); and the delinquency aging of what tenants owe
 * today, from their open charges. All are scoped by the viewer: an admin sees the portfolio or one
 * building; a property manager only the buildings they manage (decision 015), one or all of them.
 * Amounts are integer cents; periods are whole months of entry dates (the buildings' wall-clock
 * dates).
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { isAdmin, isPropertyManager } from '~/lib/access';
import { utcToday } from '~/lib/dates';
import { isoDaysBetween } from '~/lib/time-zones';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { rowsOf } from '~/server/db/rows.server';
import { building, glAccount, glMonthTotal } from '~/server/db/schema';
import {
  addMonths,
  AGING_PAGE_SIZE,
  periodDays,
  previousPeriod,
  RENT_ROLL_PAGE_SIZE,
  type AgingBucket,
  type RentRollCursor,
  type ReportQuery,
} from './reports.schemas';

export type ReportsActor = Pick<Viewer, 'id' | 'role'>;

/**
 * What every report service takes: the database, the viewer it reads for (the service scopes by
 * them) and the report's query (`Q`, usually `ReportQuery`).
 */
export type ReportArgs<Q> = { db: Db; actor: ReportsActor; query: Q };

/**
 * The lateral join to a lease's primary tenant (`lease_tenant`, one at most): the lease is alias
 * `l`, the tenant alias `t` with `t.name` and `t.user_id` (null when the lease has none). Shared
 * by the rent roll, the aging and the deposit liability.
 */
export const PRIMARY_TENANT_JOIN = sql`left join lateral (
        select lt.name, lt.user_id from lease_tenant lt where lt.lease_id = l.id and lt.role = 'primary' limit 1
      ) t on true`;

/**
 * The month totals (`gl_month_total`, decision 059) `actor` may read, of `buildingId` when given
 * (a building they may see: the caller checks). The reports over whole months read these, not
 * the journal's lines: a year of the portfolio is a few thousand rows however many lines it has.
 */
export function totalScope(actor: ReportsActor, buildingId: number | null): SQL {
  const own = isAdmin(actor.role)
    ? undefined
    : isPropertyManager(actor.role)
      ? inArray(glMonthTotal.buildingId, sql`(select ${building.id} from ${building} where ${building.managerId} = ${actor.id})`)
      : sql`false`;
  return and(own, buildingId === null ? undefined : eq(glMonthTotal.buildingId, buildingId)) ?? sql`true`;
}

/** The journal lines `actor` may read (alias `jl`), of `buildingId` when given (the caller has checked it). */
export function lineScope(actor: ReportsActor, buildingId: number | null): SQL {
  const own = isAdmin(actor.role)
    ? sql`true`
    : isPropertyManager(actor.role)
      ? sql`jl.building_id in (select b.id from building b where b.manager_id = ${actor.id})`
      : sql`false`;
  return buildingId === null ? own : sql`${own} and jl.building_id = ${buildingId}`;
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
export async function findIncomeStatement({ db, actor, query }: ReportArgs<ReportQuery>): Promise<IncomeStatement> {
  const previous = previousPeriod(query);
  const current = periodDays(query);
  const before = periodDays(previous);
  const scope = totalScope(actor, query.buildingId);
  // Income reads credit − debit, expenses debit − credit.
  const signed = sql`case when ${glAccount.type} = 'income' then ${glMonthTotal.creditCents} - ${glMonthTotal.debitCents} else ${glMonthTotal.debitCents} - ${glMonthTotal.creditCents} end`;
  const inPeriod = (days: { first: string; last: string }) => sql`${glMonthTotal.month} between ${days.first} and ${days.last}`;
  const rows = await db
    .select({
      ...ACCOUNT_COLUMNS,
      currentCents: sql<string>`coalesce(sum(${signed}) filter (where ${inPeriod(current)}), 0)`,
      previousCents: sql<string>`coalesce(sum(${signed}) filter (where ${inPeriod(before)}), 0)`,
    })
    .from(glMonthTotal)
    .innerJoin(glAccount, eq(glAccount.id, glMonthTotal.accountId))
    .where(
      and(inArray(glAccount.type, ['income', 'expense']), sql`${glMonthTotal.month} between ${before.first} and ${current.last}`, scope),
    )
    .groupBy(glAccount.id)
    .orderBy(asc(glAccount.number));
  const monthly = rowsOf<{ month: string; income: string; expense: string }>(
    await db.execute(sql`
      select to_char(${glMonthTotal.month}, 'YYYY-MM') as month,
        coalesce(sum(${signed}) filter (where ${glAccount.type} = 'income'), 0) as income,
        coalesce(sum(${signed}) filter (where ${glAccount.type} = 'expense'), 0) as expense
      from ${glMonthTotal} join ${glAccount} on ${glAccount.id} = ${glMonthTotal.accountId}
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
export async function findTrialBalanceReport({ db, actor, query }: ReportArgs<ReportQuery>): Promise<TrialBalanceReport> {
  const through = periodDays(query).last;
  const rows = await db
    .select({
      ...ACCOUNT_COLUMNS,
      net: sql<string>`sum(${glMonthTotal.debitCents} - ${glMonthTotal.creditCents})`,
    })
    .from(glMonthTotal)
    .innerJoin(glAccount, eq(glAccount.id, glMonthTotal.accountId))
    .where(and(sql`${glMonthTotal.month} <= ${through}`, totalScope(actor, query.buildingId)))
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

/** One unit of the rent roll on its date: the lease in force then (null: vacant) and its money. */
export type RentRollRow = {
  unitId: number;
  unitNumber: string;
  buildingId: number;
  buildingName: string;
  lease: {
    id: number;
    tenantName: string | null;
    tenantId: string | null;
    startDate: string;
    endDate: string;
    rentCents: number;
    /** The security deposit held on the date (cents), from the general ledger. */
    depositHeldCents: number;
    /** What the tenant owed on the date (cents; negative: a credit), from the general ledger. */
    balanceCents: number;
  } | null;
};

export type RentRoll = { asOf: string; rows: RentRollRow[]; next: RentRollCursor | null };

/**
 * The rent roll of `query.asOf` for `actor` (one building, or every building they may see): the
 * units by building then unit number (the index `property_building_unit_idx`), `limit` a page
 * (`RENT_ROLL_PAGE_SIZE` by default) after `query.after`, each with the lease in force on the date
 * (begun, not ended, not moved out before it), its primary tenant, rent, and the deposit held and
 * balance owed on the date as the general ledger has them.
 */
export async function findRentRoll({
  db,
  actor,
  query,
  limit = RENT_ROLL_PAGE_SIZE,
}: ReportArgs<ReportQuery> & {
  /** Units a page (the CSV export reads larger batches). */
  limit?: number;
}): Promise<RentRoll> {
  const asOf = query.asOf;
  const scope = isAdmin(actor.role) ? sql`true` : isPropertyManager(actor.role) ? sql`b.manager_id = ${actor.id}` : sql`false`;
  const rows = rowsOf<{
    unit_id: number;
    unit_number: string;
    building_id: number;
    building_name: string;
    lease_id: number | null;
    start_date: string | null;
    end_date: string | null;
    rent_cents: number | null;
    tenant_name: string | null;
    tenant_id: string | null;
    deposit_cents: string | null;
    balance_cents: string | null;
  }>(
    await db.execute(sql`
      select u.id as unit_id, u.unit_number, b.id as building_id, b.name as building_name,
        l.id as lease_id, l.start_date::text, l.end_date::text, l.monthly_rent_cents as rent_cents,
        t.name as tenant_name, t.user_id as tenant_id, money.deposit_cents, money.balance_cents
      from property u
      join building b on b.id = u.building_id
      left join lateral (
        select l.id, l.start_date, l.end_date, l.monthly_rent_cents from lease l
        where l.property_id = u.id and l.start_date <= ${asOf} and l.end_date >= ${asOf}
          and l.status in ('active', 'ended', 'terminated') and (l.move_out_date is null or l.move_out_date >= ${asOf})
        order by l.start_date desc, l.id desc limit 1
      ) l on true
      ${PRIMARY_TENANT_JOIN}
      left join lateral (
        select sum(case when a.system_key = 'security_deposits' then jl.credit_cents - jl.debit_cents else 0 end) as deposit_cents,
          sum(case when a.system_key = 'accounts_receivable' then jl.debit_cents - jl.credit_cents else 0 end) as balance_cents
        from journal_line jl join gl_account a on a.id = jl.account_id
        where jl.lease_id = l.id and jl.entry_date <= ${asOf}
      ) money on true
      where ${scope}
        ${query.buildingId === null ? sql`` : sql`and u.building_id = ${query.buildingId}`}
        ${query.after ? sql`and (u.building_id, u.unit_number) > (${query.after.buildingId}, ${query.after.unitNumber})` : sql``}
      order by u.building_id, u.unit_number
      limit ${limit + 1}`),
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    asOf,
    rows: page.map((row) => ({
      unitId: row.unit_id,
      unitNumber: row.unit_number,
      buildingId: row.building_id,
      buildingName: row.building_name,
      lease:
        row.lease_id === null
          ? null
          : {
              id: row.lease_id,
              tenantName: row.tenant_name,
              tenantId: row.tenant_id,
              startDate: row.start_date!,
              endDate: row.end_date!,
              rentCents: row.rent_cents!,
              depositHeldCents: Number(row.deposit_cents ?? 0),
              balanceCents: Number(row.balance_cents ?? 0),
            },
    })),
    next: rows.length > limit && last ? { buildingId: last.building_id, unitNumber: last.unit_number } : null,
  };
}

/** Cents owed per aging bucket (see `AGING_BUCKETS`). */
export type AgingAmounts = Record<AgingBucket, number> & { totalCents: number };

/** One lease that owes money: its tenant, unit, what it owes by age and its last payment. */
export type AgingRow = {
  leaseId: number;
  leaseStatus: string;
  tenantName: string | null;
  tenantId: string | null;
  buildingId: number;
  buildingName: string;
  unitNumber: string;
  amounts: AgingAmounts;
  /** The newest payment on the lease (succeeded, refunded or a bank debit in flight), or null. */
  lastPayment: { date: string; amountCents: number } | null;
};

export type DelinquencyAging = {
  /** The date the report was read on (UTC; each lease's ages count on its building's local date). */
  asOf: string;
  rows: AgingRow[];
  /** Over every lease of the selection, not just the page. */
  totals: AgingAmounts & { leases: number };
  page: number;
  pageCount: number;
};

const NO_AMOUNTS: AgingAmounts = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, over90: 0, totalCents: 0 };

/** The aging bucket of a charge `late` days past its due date (0 or less: not past due). */
export function agingBucket(late: number): AgingBucket {
  if (late <= 0) return 'current';
  if (late <= 30) return 'days1to30';
  if (late <= 60) return 'days31to60';
  if (late <= 90) return 'days61to90';
  return 'over90';
}

/** What the aging of `actor` and `query` reads: the buildings of the selection (alias `sb`) and its open charges (alias `c`). */
function agingScope(actor: ReportsActor, query: ReportQuery): { buildings: SQL; open: SQL } {
  const managed = isAdmin(actor.role) ? sql`true` : isPropertyManager(actor.role) ? sql`sb.manager_id = ${actor.id}` : sql`false`;
  const buildings = sql`${managed} ${query.buildingId === null ? sql`` : sql`and sb.id = ${query.buildingId}`}`;
  // The admin's whole portfolio: every open charge. Otherwise the charges of the leases of the
  // selection's units, probed through `lease_property_idx`.
  const open = sql`c.status = 'open' and c.kind <> 'credit' ${
    isAdmin(actor.role) && query.buildingId === null
      ? sql``
      : sql`and c.lease_id in (select l.id from lease l where l.property_id = any(array(
          select sp.id from property sp join building sb on sb.id = sp.building_id where ${buildings})))`
  }`;
  return { buildings, open };
}

const LEFT_CENTS = sql`c.amount_cents - c.allocated_cents`;

/** `ids` as a SQL list `(1, 2, 3)` (never empty: callers check). */
export function sqlList(ids: readonly (number | string)[], cast = sql``): SQL {
  return sql`(${sql.join(
    ids.map((id) => sql`${id}${cast}`),
    sql`, `,
  )})`;
}

/**
 * The leases of the aging of `actor` and `query` at `now` that owe money, largest debt first,
 * `limit` of them after `offset`, each with its unit, primary tenant, last payment and what it
 * owes by age on its building's local date. What a lease owes does not depend on the date, so
 * the leases are picked from the open charges alone (`charge_open_lease_idx`); only the page's
 * are joined to their units and buildings.
 */
export async function findAgingRows({
  db,
  actor,
  query,
  now = new Date(),
  limit = AGING_PAGE_SIZE,
  offset = (query.page - 1) * AGING_PAGE_SIZE,
}: ReportArgs<ReportQuery> & {
  now?: Date;
  limit?: number;
  offset?: number;
}): Promise<AgingRow[]> {
  const { open } = agingScope(actor, query);
  const page = rowsOf<{ lease_id: number; total: string }>(
    await db.execute(sql`
      select c.lease_id, sum(${LEFT_CENTS}) as total from charge c where ${open}
      group by c.lease_id order by sum(${LEFT_CENTS}) desc, c.lease_id
      limit ${limit} offset ${offset}`),
  );
  if (page.length === 0) return [];
  const ids = sqlList(page.map((row) => row.lease_id));
  const leases = rowsOf<{
    lease_id: number;
    lease_status: string;
    building_id: number;
    building_name: string;
    unit_number: string;
    tenant_name: string | null;
    tenant_id: string | null;
    paid_on: string | null;
    paid_cents: number | null;
  }>(
    await db.execute(sql`
      select l.id as lease_id, l.status::text as lease_status, b.id as building_id, b.name as building_name, u.unit_number,
        t.name as tenant_name, t.user_id as tenant_id, p.paid_on, p.paid_cents
      from lease l
      join property u on u.id = l.property_id
      join building b on b.id = u.building_id
      ${PRIMARY_TENANT_JOIN}
      left join lateral (
        select to_char(coalesce(p.settled_at, p.created_at) at time zone 'UTC', 'YYYY-MM-DD') as paid_on, p.amount_cents as paid_cents
        from payment p
        where p.lease_id = l.id and p.status in ('succeeded', 'refunded', 'processing')
        order by p.created_at desc limit 1
      ) p on true
      where l.id in ${ids}`),
  );
  // Their open charges by days late on each building's date, bucketed below (`agingBucket`).
  const late = rowsOf<{ lease_id: number; late: number; cents: string }>(
    await db.execute(sql`
      select c.lease_id, (${now.toISOString()}::timestamptz at time zone b.time_zone)::date - c.due_date as late, sum(${LEFT_CENTS}) as cents
      from charge c join lease l on l.id = c.lease_id join property u on u.id = l.property_id join building b on b.id = u.building_id
      where c.lease_id in ${ids} and c.status = 'open' and c.kind <> 'credit'
      group by 1, 2`),
  );
  const amounts = new Map<number, AgingAmounts>();
  for (const row of late) {
    const owed = amounts.get(row.lease_id) ?? { ...NO_AMOUNTS };
    owed[agingBucket(row.late)] += Number(row.cents);
    amounts.set(row.lease_id, owed);
  }
  const byLease = new Map(leases.map((row) => [row.lease_id, row]));
  return page.flatMap((entry) => {
    const row = byLease.get(entry.lease_id);
    if (!row) return [];
    return [
      {
        leaseId: row.lease_id,
        leaseStatus: row.lease_status,
        tenantName: row.tenant_name,
        tenantId: row.tenant_id,
        buildingId: row.building_id,
        buildingName: row.building_name,
        unitNumber: row.unit_number,
        amounts: { ...(amounts.get(entry.lease_id) ?? NO_AMOUNTS), totalCents: Number(entry.total) },
        lastPayment: row.paid_on === null ? null : { date: row.paid_on, amountCents: row.paid_cents! },
      },
    ];
  });
}

/**
 * The totals of the aging of `actor` and `query` at `now`: how many leases owe, and what by age.
 * The open charges are summed per due date and aged on the local date most of the selection's
 * buildings share; for a due date on a bucket's edge, the charges of the buildings whose date
 * differs (by a day at most across the US; few outside the hours around midnight) are read
 * through their units and moved to the bucket of their own date.
 */
async function findAgingTotals({
  db,
  actor,
  query,
  now,
}: ReportArgs<ReportQuery> & { now: Date }): Promise<AgingAmounts & { leases: number }> {
  const { buildings, open } = agingScope(actor, query);
  const [count] = rowsOf<{ leases: number }>(
    await db.execute(sql`select count(distinct c.lease_id)::int as leases from charge c where ${open}`),
  );
  const localDates = rowsOf<{ id: number; today: string }>(
    await db.execute(sql`
      select sb.id, to_char((${now.toISOString()}::timestamptz at time zone sb.time_zone)::date, 'YYYY-MM-DD') as today
      from building sb where ${buildings}`),
  );
  const buildingsOn = new Map<string, number>();
  for (const row of localDates) buildingsOn.set(row.today, (buildingsOn.get(row.today) ?? 0) + 1);
  const [mainToday] = [...buildingsOn.entries()].sort((a, b) => b[1] - a[1])[0] ?? [utcToday(now)];
  const byDue = rowsOf<{ due: string; cents: string }>(
    await db.execute(sql`select c.due_date::text as due, sum(${LEFT_CENTS}) as cents from charge c where ${open} group by c.due_date`),
  );
  const totals: AgingAmounts = { ...NO_AMOUNTS };
  const edges: string[] = [];
  for (const row of byDue) {
    const cents = Number(row.cents);
    totals.totalCents += cents;
    totals[agingBucket(isoDaysBetween(row.due, mainToday))] += cents;
    if (new Set([...buildingsOn.keys()].map((today) => agingBucket(isoDaysBetween(row.due, today)))).size > 1) edges.push(row.due);
  }
  const others = localDates.filter((row) => row.today !== mainToday);
  if (edges.length > 0 && others.length > 0) {
    const todayOf = new Map(others.map((row) => [row.id, row.today]));
    const moved = rowsOf<{ building_id: number; due: string; cents: string }>(
      await db.execute(sql`
        select u.building_id, c.due_date::text as due, sum(${LEFT_CENTS}) as cents
        from property u join lease l on l.property_id = u.id join charge c on c.lease_id = l.id
        where u.building_id in ${sqlList(others.map((row) => row.id))} and ${open} and c.due_date in ${sqlList(edges, sql`::date`)}
        group by 1, 2`),
    );
    for (const row of moved) {
      const cents = Number(row.cents);
      totals[agingBucket(isoDaysBetween(row.due, mainToday))] -= cents;
      totals[agingBucket(isoDaysBetween(row.due, todayOf.get(row.building_id)!))] += cents;
    }
  }
  return { ...totals, leases: count?.leases ?? 0 };
}

/**
 * The delinquency aging of `actor`'s leases (one building, or every building they may see) at
 * `now`: every lease with an open charge, what it owes by days past the charge's due date on the
 * building's local date (current, 1–30, 31–60, 61–90, over 90), largest debt first, a page of
 * `AGING_PAGE_SIZE` (`query.page`, `findAgingRows`), with the primary tenant and the last
 * payment; totals over the whole selection (`findAgingTotals`). Open charges are what payments
 * and credits have not covered: the ledger allocates every payment and credit to the oldest open
 * charges as it arrives (`allocateLedger`), so a lease with an open charge has nothing unapplied
 * and its aged total is its balance. Bank debits in flight already cover their charges (not
 * open). Its cost follows the open charges, never the whole portfolio's units and leases.
 */
export async function findDelinquencyAging({
  db,
  actor,
  query,
  now = new Date(),
}: ReportArgs<ReportQuery> & { now?: Date }): Promise<DelinquencyAging> {
  const rows = await findAgingRows({ db, actor, query, now });
  const totals = await findAgingTotals({ db, actor, query, now });
  return {
    asOf: utcToday(now),
    rows,
    totals,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(totals.leases / AGING_PAGE_SIZE)),
  };
}
