/**
 * Occupancy and vacancy over time (decision 058's reports): for each month of the period, the
 * units of the selection, how many were leased on the month's last day (today for the running
 * month) and how many were vacant. A unit is leased on a day when a lease of it that took effect
 * (`active`, `ended` or `terminated`; drafts and unsigned offers never occupied it) started on or
 * before that day and had not ended: its move-out date when it has one, else its end date. The
 * units are those of today (a unit added later is counted as vacant before it existed).
 * Scoped like every report: an admin sees the portfolio or one building; a property manager only
 * the buildings they manage. One query: the units of the selection (`property_building_unit_idx`
 * for one building), each unit's leases overlapping the period (`lease_property_idx`, read once),
 * counted against each month's last day.
 */
import { sql } from 'drizzle-orm';
import { isAdmin, isPropertyManager } from '~/lib/access';
import { rowsOf } from '~/server/db/rows.server';
import type { ReportArgs } from './financial-reports.server';
import { addMonths, monthsInRange, periodDays, type ReportQuery } from './reports.schemas';

/** One month of the report: `day` is the day counted (the month's last day, or today). */
export type OccupancyMonth = { month: string; day: string; units: number; leased: number; vacant: number };

export type OccupancyReport = {
  period: { from: string; to: string };
  months: OccupancyMonth[];
};

/** The last day (ISO) of `month` (`YYYY-MM`). */
function lastDay(month: string): string {
  return periodDays({ from: month, to: month }).last;
}

/**
 * The occupancy of each month of `query` (its months and building) for `actor`, counted on each
 * month's last day or on `today` (ISO) for a month not over yet; months after today are left out.
 */
export async function findOccupancyOverTime({
  db,
  actor,
  query,
  today,
}: ReportArgs<ReportQuery> & { today: string }): Promise<OccupancyReport> {
  const months = Array.from({ length: monthsInRange(query.from, query.to) }, (_, index) => addMonths(query.from, index)).filter(
    (month) => `${month}-01` <= today,
  );
  const days = months.map((month) => (lastDay(month) < today ? lastDay(month) : today));
  const period = { from: query.from, to: query.to };
  if (days.length === 0) return { period, months: [] };
  const managed = isAdmin(actor.role) ? sql`true` : isPropertyManager(actor.role) ? sql`b.manager_id = ${actor.id}` : sql`false`;
  const building = query.buildingId === null ? sql`` : sql`and p.building_id = ${query.buildingId}`;
  const dayList = sql.join(
    days.map((day) => sql`(${day}::date)`),
    sql`, `,
  );
  const rows = rowsOf<{ day: string; units: number; leased: number }>(
    await db.execute(sql`
      with units as materialized (
        select p.id from property p join building b on b.id = p.building_id where ${managed} ${building}
      ),
      spans as materialized (
        select s.property_id, s.start_date, s.until
        from units u cross join lateral (
          select l.property_id, l.start_date, coalesce(l.move_out_date, l.end_date) as until
          from lease l
          where l.property_id = u.id and l.start_date <= ${days.at(-1)}::date
            and l.status in ('active', 'ended', 'terminated') and coalesce(l.move_out_date, l.end_date) >= ${days[0]}::date
          -- Kept a per-unit read (lease_property_idx): flattened into a join, the planner may scan every lease.
          offset 0
        ) s
      )
      select d.day::text as day, (select count(*)::int from units) as units,
        (select count(distinct s.property_id)::int from spans s where s.start_date <= d.day and s.until >= d.day) as leased
      from (values ${dayList}) as d(day)
      order by d.day`),
  );
  const byDay = new Map(rows.map((row) => [String(row.day).slice(0, 10), row]));
  return {
    period,
    months: months.map((month, index) => {
      const day = days[index]!;
      const row = byDay.get(day);
      const units = Number(row?.units ?? 0);
      const leased = Number(row?.leased ?? 0);
      return { month, day, units, leased, vacant: units - leased };
    }),
  };
}
