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
  const building = query.buildingId === null ? sql`` : sql`and b.id = ${query.buildingId}`;
  const scoped = !isAdmin(actor.role) || query.buildingId !== null;
  // The days, ascending, as an array: `width_bucket(x, days)` is how many of them are ≤ x.
  const dayArray = sql`array[${sql.join(
    days.map((day) => sql`${day}::date`),
    sql`, `,
  )}]`;
  const overlaps = sql`l.start_date <= ${days.at(-1)}::date and l.status in ('active', 'ended', 'terminated')
    and coalesce(l.move_out_date, l.end_date) >= ${days[0]}::date`;
  // One building or a manager's: each unit's leases through lease_property_idx (a lateral kept
  // unflattened by `offset 0`, else the planner may scan every lease). The portfolio: the leases
  // of the period in one read.
  const spans = scoped
    ? sql`select s.property_id, s.start_date, s.until
        from property p join building b on b.id = p.building_id
        cross join lateral (
          select l.property_id, l.start_date, coalesce(l.move_out_date, l.end_date) as until
          from lease l where l.property_id = p.id and ${overlaps} offset 0
        ) s
        where ${managed} ${building}`
    : sql`select l.property_id, l.start_date, coalesce(l.move_out_date, l.end_date) as until from lease l where ${overlaps}`;
  // A lease covers the days from its start to its end: with lo days before its start and hi on or
  // before its end, bits lo … hi − 1 of a mask (bit k: the day days[k]). A unit's mask is the union
  // of its leases' (two leases of a unit on one day count once); a day's count is the units whose
  // mask has its bit.
  const perDay = sql.join(
    days.map((_, index) => sql`coalesce(sum((m >> ${index}) & 1), 0)::int`),
    sql`, `,
  );
  const [counts] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      with spans as materialized (${spans}),
      masks as (
        select bit_or((1::bigint << width_bucket(until, ${dayArray})) - (1::bigint << width_bucket(start_date - 1, ${dayArray}))) as m
        from spans group by property_id
      )
      select (select coalesce(sum(b.units_total), 0)::int from building b where ${managed} ${building}) as units,
        array[${perDay}] as leased
      from masks`),
  );
  const units = Number(counts?.units ?? 0);
  const leasedByDay = ((counts?.leased as unknown as (number | string)[] | undefined) ?? []).map(Number);
  return {
    period,
    months: months.map((month, index) => {
      const leased = leasedByDay[index] ?? 0;
      return { month, day: days[index]!, units, leased, vacant: units - leased };
    }),
  };
}
