/**
 * What an owner sees in /owner-portal (decision 061): the owner record linked to their account,
 * each building they hold as owner of record with its occupancy, the income collected this month
 * and year to date, open work orders and the month's maintenance spend; one building's income
 * and expenses by account for the month and the year to date (from the journal's month totals,
 * decision 059), its open work orders and capital projects; and the settled months with their
 * distributions. Months and years are the building's wall clock (decision 047); amounts are
 * integer cents. A building that is not the viewer's is null here, and the route answers 404.
 */
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { localToday } from '~/lib/time-zones';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { rowsOf } from '~/server/db/rows.server';
import { building, maintenanceRequest, owner, project, workOrder } from '~/server/db/schema';
import { collectedIncomeCents, monthEnd, monthStart } from './owner-settlement.server';
import { findOwnerSettlements, type SettlementRow } from './owners.server';
import { listOwnerMessages, type OwnerMessageView } from './owner-messages.server';
import { listOwnerStatements, type StatementRow } from './owner-statements.server';

/** The work-order states that still need doing. */
const OPEN_WORK_ORDER_STATES = ['offered', 'accepted', 'scheduled', 'in_progress'] as const;

/** The owner record of `viewer`'s account, or null when none is linked. */
export async function findViewerOwner(db: Db, viewer: Pick<Viewer, 'id'>) {
  const [row] = await db
    .select({ id: owner.id, name: owner.name, kind: owner.kind, locale: owner.locale })
    .from(owner)
    .where(eq(owner.userId, viewer.id));
  return row ?? null;
}

/** One building on the portal's home. */
export type OwnerPortalBuilding = {
  id: number;
  name: string;
  city: string;
  state: string;
  unitsTotal: number;
  unitsLeased: number;
  /** The building's local month (`YYYY-MM`) the figures below are for. */
  month: string;
  collectedMonthCents: number;
  collectedYearCents: number;
  maintenanceSpendMonthCents: number;
  openWorkOrders: number;
};

/** The repairs and capital spend (debits less credits, cents) of building `buildingId` from month `from` to `to` (`YYYY-MM`, inclusive). */
async function maintenanceSpendCents(db: Db, buildingId: number, from: string, to: string): Promise<number> {
  const [row] = rowsOf<{ cents: string | number | null }>(
    await db.execute(sql`
      select coalesce(sum(t.debit_cents - t.credit_cents), 0) as cents
      from gl_month_total t join gl_account a on a.id = t.account_id
      where t.building_id = ${buildingId} and t.month between ${monthStart(from)}::date and ${monthStart(to)}::date
        and a.system_key in ('repairs_maintenance', 'capital_improvements')`),
  );
  return Number(row?.cents ?? 0);
}

async function buildingFigures(
  db: Db,
  row: { id: number; name: string; city: string; state: string; unitsTotal: number; unitsLeased: number; timeZone: string },
  now: Date,
): Promise<OwnerPortalBuilding> {
  const today = localToday(row.timeZone, now);
  const month = today.slice(0, 7);
  const [collectedMonthCents, collectedYearCents, maintenanceSpendMonthCents, [open]] = await Promise.all([
    collectedIncomeCents(db, { buildingId: row.id, timeZone: row.timeZone, from: monthStart(month), to: today }),
    collectedIncomeCents(db, { buildingId: row.id, timeZone: row.timeZone, from: `${month.slice(0, 4)}-01-01`, to: today }),
    maintenanceSpendCents(db, row.id, month, month),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(workOrder)
      .where(and(eq(workOrder.buildingId, row.id), inArray(workOrder.status, [...OPEN_WORK_ORDER_STATES]))),
  ]);
  const { timeZone: _zone, ...facts } = row;
  return { ...facts, month, collectedMonthCents, collectedYearCents, maintenanceSpendMonthCents, openWorkOrders: Number(open?.count ?? 0) };
}

const buildingColumns = {
  id: building.id,
  name: building.name,
  city: building.city,
  state: building.state,
  unitsTotal: building.unitsTotal,
  unitsLeased: building.unitsLeased,
  timeZone: building.timeZone,
};

/** The portal's home for `viewer`: their owner record (null: none linked), buildings with this month's figures, recent settlements and statements. */
export async function findOwnerPortal(
  db: Db,
  { viewer, now = new Date() }: { viewer: Pick<Viewer, 'id'>; now?: Date },
): Promise<{
  owner: Awaited<ReturnType<typeof findViewerOwner>>;
  buildings: OwnerPortalBuilding[];
  settlements: SettlementRow[];
  statements: StatementRow[];
  messages: OwnerMessageView[];
}> {
  const record = await findViewerOwner(db, viewer);
  if (!record) return { owner: null, buildings: [], settlements: [], statements: [], messages: [] };
  const rows = await db
    .select(buildingColumns)
    .from(building)
    .where(eq(building.ownerId, record.id))
    .orderBy(asc(building.name), asc(building.id));
  const [buildings, settlements, statements, messages] = await Promise.all([
    Promise.all(rows.map((row) => buildingFigures(db, row, now))),
    findOwnerSettlements(db, record.id, { limit: 12 }),
    listOwnerStatements(db, record.id, { limit: 12 }),
    listOwnerMessages(db, record.id),
  ]);
  return { owner: record, buildings, settlements, statements, messages };
}

/** One account's line of an owner's income and expenses. */
export type OwnerAccountLine = {
  number: string;
  name: string;
  nameIt: string | null;
  type: 'income' | 'expense';
  monthCents: number;
  yearCents: number;
};

/** One building's page in the portal. */
export type OwnerBuildingDetail = OwnerPortalBuilding & {
  accounts: OwnerAccountLine[];
  workOrders: { id: number; title: string; status: string; createdAt: string }[];
  projects: { id: number; name: string; status: string; budgetCents: number; startDate: string | null; endDate: string | null }[];
  settlements: SettlementRow[];
};

/**
 * Building `buildingId` for `viewer`, or null when it is not held by the viewer's owner record (the
 * route answers 404 and audits the refusal): the home's figures, the income and expense accounts
 * for the month and the year to date (income on its credit side, expenses on their debit side), up
 * to 20 open work orders, the capital projects not cancelled (at most 20, newest first) and the
 * building's settled months.
 */
export async function findOwnerBuilding(
  db: Db,
  { viewer, buildingId, now = new Date() }: { viewer: Pick<Viewer, 'id'>; buildingId: number; now?: Date },
): Promise<OwnerBuildingDetail | null> {
  const record = await findViewerOwner(db, viewer);
  if (!record) return null;
  const [row] = await db
    .select(buildingColumns)
    .from(building)
    .where(and(eq(building.id, buildingId), eq(building.ownerId, record.id)));
  if (!row) return null;
  const figures = await buildingFigures(db, row, now);
  const year = figures.month.slice(0, 4);
  const [accountRows, workOrders, projects, settlements] = await Promise.all([
    db.execute(sql`
      select a.number, a.name, a.name_it, a.type::text as type,
        sum(case when t.month = ${monthStart(figures.month)}::date then t.credit_cents - t.debit_cents else 0 end) as month_net,
        sum(t.credit_cents - t.debit_cents) as year_net
      from gl_month_total t join gl_account a on a.id = t.account_id
      where t.building_id = ${buildingId} and t.month between ${`${year}-01-01`}::date and ${monthStart(figures.month)}::date
        and a.type::text in ('income', 'expense')
      group by a.number, a.name, a.name_it, a.type
      order by a.number`),
    db
      .select({
        id: workOrder.id,
        title: maintenanceRequest.title,
        projectName: project.name,
        status: workOrder.status,
        createdAt: workOrder.createdAt,
      })
      .from(workOrder)
      .leftJoin(maintenanceRequest, eq(maintenanceRequest.id, workOrder.maintenanceRequestId))
      .leftJoin(project, eq(project.id, workOrder.projectId))
      .where(and(eq(workOrder.buildingId, buildingId), inArray(workOrder.status, [...OPEN_WORK_ORDER_STATES])))
      .orderBy(desc(workOrder.createdAt), desc(workOrder.id))
      .limit(20),
    db
      .select({
        id: project.id,
        name: project.name,
        status: project.status,
        budgetCents: project.budgetCents,
        startDate: project.startDate,
        endDate: project.endDate,
      })
      .from(project)
      .where(and(eq(project.buildingId, buildingId), notInArray(project.status, ['cancelled'])))
      .orderBy(desc(project.createdAt), desc(project.id))
      .limit(20),
    findOwnerSettlements(db, record.id, { limit: 24 }),
  ]);
  const accounts = rowsOf<{
    number: string;
    name: string;
    name_it: string | null;
    type: 'income' | 'expense';
    month_net: string | number;
    year_net: string | number;
  }>(accountRows).map((account) => {
    // Income is shown on its credit side, expenses on their debit side.
    const sign = account.type === 'income' ? 1 : -1;
    return {
      number: account.number,
      name: account.name,
      nameIt: account.name_it,
      type: account.type,
      monthCents: sign * Number(account.month_net),
      yearCents: sign * Number(account.year_net),
    };
  });
  return {
    ...figures,
    accounts,
    workOrders: workOrders.map((order) => ({
      id: order.id,
      title: order.title ?? order.projectName ?? '',
      status: order.status,
      createdAt: order.createdAt.toISOString(),
    })),
    projects,
    settlements: settlements.filter((settlement) => settlement.buildingId === buildingId),
  };
}

/** The last day (ISO) of the month a settlement row covers, for its label. */
export function settlementMonthEnd(month: string): string {
  return monthEnd(month);
}
