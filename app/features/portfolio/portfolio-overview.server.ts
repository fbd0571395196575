/**
 * Portfolio summaries (decision 015): a property manager's buildings on /dashboard
 * (occupancy, vacancies, units in maintenance, open applications), and the admin overview's
 * charts (occupancy by state, vacancies, applications per week). Read from the buildings'
 * counters, so they cost the same at 240 or 75,000 units.
 */
import { isAdmin, isPropertyManager } from '~/lib/access';
import { and, asc, count, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { application, building, property } from '~/server/db/schema';
import type { PortfolioActor } from './portfolio-access.server';

export type ManagedBuildingSummary = {
  id: number;
  name: string;
  city: string;
  state: string;
  unitsTotal: number;
  unitsAvailable: number;
  unitsLeased: number;
  unitsMaintenance: number;
  unitsListed: number;
  openApplications: number;
};

export type ManagerPortfolio = {
  buildings: ManagedBuildingSummary[];
  /** True when the manager runs more buildings than are listed (see the full list link). */
  more: boolean;
  totals: { buildings: number; units: number; available: number; leased: number; maintenance: number; openApplications: number };
};

/** Buildings shown on the dashboard; the rest are a link away. */
const DASHBOARD_BUILDINGS = 50;

/**
 * The buildings property manager `actor` runs, with their counters and open applications (submitted
 * or under review), by name, plus totals. Anyone else gets an empty portfolio.
 */
export async function loadManagerPortfolio({ db, actor }: { db: Db; actor: PortfolioActor }): Promise<ManagerPortfolio> {
  const empty: ManagerPortfolio = {
    buildings: [],
    more: false,
    totals: { buildings: 0, units: 0, available: 0, leased: 0, maintenance: 0, openApplications: 0 },
  };
  if (!isPropertyManager(actor.role)) return empty;
  const [rows, totalsRows, openRows] = await Promise.all([
    db
      .select({
        id: building.id,
        name: building.name,
        city: building.city,
        state: building.state,
        unitsTotal: building.unitsTotal,
        unitsAvailable: building.unitsAvailable,
        unitsLeased: building.unitsLeased,
        unitsMaintenance: building.unitsMaintenance,
        unitsListed: building.unitsListed,
      })
      .from(building)
      .where(eq(building.managerId, actor.id))
      .orderBy(asc(building.name), asc(building.id))
      .limit(DASHBOARD_BUILDINGS + 1),
    db
      .select({
        buildings: count(),
        units: sql<number>`coalesce(sum(${building.unitsTotal}), 0)::int`,
        available: sql<number>`coalesce(sum(${building.unitsAvailable}), 0)::int`,
        leased: sql<number>`coalesce(sum(${building.unitsLeased}), 0)::int`,
        maintenance: sql<number>`coalesce(sum(${building.unitsMaintenance}), 0)::int`,
      })
      .from(building)
      .where(eq(building.managerId, actor.id)),
    db
      .select({ buildingId: property.buildingId, n: count() })
      .from(application)
      .innerJoin(property, eq(property.id, application.propertyId))
      .where(and(eq(property.managerId, actor.id), inArray(application.status, ['submitted', 'under_review'])))
      .groupBy(property.buildingId),
  ]);
  const open = new Map(openRows.map((row) => [row.buildingId, row.n]));
  const totals = totalsRows[0];
  return {
    buildings: rows.slice(0, DASHBOARD_BUILDINGS).map((row) => ({ ...row, openApplications: open.get(row.id) ?? 0 })),
    more: rows.length > DASHBOARD_BUILDINGS,
    totals: {
      buildings: totals?.buildings ?? 0,
      units: Number(totals?.units ?? 0),
      available: Number(totals?.available ?? 0),
      leased: Number(totals?.leased ?? 0),
      maintenance: Number(totals?.maintenance ?? 0),
      openApplications: openRows.reduce((sum, row) => sum + row.n, 0),
    },
  };
}

export type PortfolioCharts = {
  byState: { state: string; leased: number; available: number; maintenance: number; units: number }[];
  /** Monday of each of the last 12 weeks (ISO date, UTC) and the applications received that week. */
  applicationsPerWeek: { week: string; applications: number }[];
  totals: { buildings: number; units: number; available: number; leased: number; maintenance: number; unlisted: number };
};

/** Weeks shown on the applications chart. */
export const CHART_WEEKS = 12;

/** Monday 00:00 UTC of the week holding `date`. */
function weekStart(date: Date): Date {
  const day = (date.getUTCDay() + 6) % 7;
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() - day));
}

/** The admin overview's charts (admins only; others get nothing). `now` is injectable for tests. */
export async function loadPortfolioCharts({
  db,
  actor,
  now = new Date(),
}: {
  db: Db;
  actor: PortfolioActor;
  now?: Date;
}): Promise<PortfolioCharts | null> {
  if (!isAdmin(actor.role)) return null;
  const firstWeek = new Date(weekStart(now).getTime() - (CHART_WEEKS - 1) * 7 * 86_400_000);
  const [states, weeks] = await Promise.all([
    db
      .select({
        state: building.state,
        buildings: count(),
        units: sql<number>`sum(${building.unitsTotal})::int`,
        leased: sql<number>`sum(${building.unitsLeased})::int`,
        available: sql<number>`sum(${building.unitsAvailable})::int`,
        maintenance: sql<number>`sum(${building.unitsMaintenance})::int`,
        listed: sql<number>`sum(${building.unitsListed})::int`,
      })
      .from(building)
      .groupBy(building.state)
      .orderBy(desc(sql`sum(${building.unitsTotal})`), asc(building.state)),
    db
      .select({ week: sql<string>`to_char(date_trunc('week', ${application.createdAt} AT TIME ZONE 'UTC'), 'YYYY-MM-DD')`, n: count() })
      .from(application)
      .where(gte(application.createdAt, firstWeek))
      .groupBy(sql`1`),
  ]);
  const perWeek = new Map(weeks.map((row) => [row.week, row.n]));
  const applicationsPerWeek = Array.from({ length: CHART_WEEKS }, (_, i) => {
    const week = new Date(firstWeek.getTime() + i * 7 * 86_400_000).toISOString().slice(0, 10);
    return { week, applications: perWeek.get(week) ?? 0 };
  });
  const sum = (key: 'buildings' | 'units' | 'leased' | 'available' | 'maintenance' | 'listed') =>
    states.reduce((total, row) => total + Number(row[key] ?? 0), 0);
  return {
    byState: states.map((row) => ({
      state: row.state,
      units: Number(row.units),
      leased: Number(row.leased),
      available: Number(row.available),
      maintenance: Number(row.maintenance),
    })),
    applicationsPerWeek,
    totals: {
      buildings: sum('buildings'),
      units: sum('units'),
      available: sum('available'),
      leased: sum('leased'),
      maintenance: sum('maintenance'),
      unlisted: sum('units') - sum('listed'),
    },
  };
}
