/**
 * The maintenance KPIs report (decision 060): for the requests opened in a period of whole months
 * (each on its building's local date), per priority how many were opened, completed, cancelled and
 * breached their first-response target, and the median time from opening to completion; and what
 * repairs and capital work cost in the period — vendor invoices posted to the repairs and capital
 * improvements accounts by entry date (the general ledger, decision 058) — by vendor and by
 * category. Scoped like every report: an admin sees the portfolio or one building; a property
 * manager only the buildings they manage. The requests are read through `maintenance_created_idx`
 * (`maintenance_building_idx` for one building), the spend through the expense accounts' lines.
 * Amounts are integer cents; durations hours.
 */
import { sql } from 'drizzle-orm';
import { isAdmin, isPropertyManager } from '~/lib/access';
import { rowsOf } from '~/server/db/rows.server';
import { systemAccountId } from '../accounting/general-ledger.server';
import { lineScope, type ReportArgs } from './financial-reports.server';
import { periodDays, type ReportQuery } from './reports.schemas';

/** The priorities, most pressing first (the report's rows). */
export const KPI_PRIORITIES = ['emergency', 'urgent', 'routine'] as const;

/** One priority's requests opened in the period and what became of them. */
export type PriorityKpis = {
  priority: (typeof KPI_PRIORITIES)[number];
  opened: number;
  completed: number;
  cancelled: number;
  /** Requests whose first response came after the SLA target (or never came in time). */
  slaBreaches: number;
  /** Median hours from opening to completion of those completed, or null when none was. */
  medianHoursToComplete: number | null;
};

export type MaintenanceKpis = {
  period: { from: string; to: string };
  priorities: PriorityKpis[];
  totals: Omit<PriorityKpis, 'priority'>;
  /** Spend by vendor, largest first (at most `KPI_TOP_VENDORS`; `otherCents` the rest). */
  vendors: { vendorId: number | null; name: string | null; cents: number }[];
  otherVendorsCents: number;
  /** Spend by category of the request (`project` for capital projects), largest first. */
  categories: { category: string; cents: number }[];
  spendCents: number;
};

/** Vendors listed by name in the spend table; the others are summed on one line. */
export const KPI_TOP_VENDORS = 10;

const DAY_MS = 86_400_000;

/**
 * The maintenance KPIs of `query` (its months and building) for `actor`. Requests count in the
 * period by their opening on the building's local date; the index range read is a day wider on
 * each side (every US zone is within a day of UTC), then filtered on the local date.
 */
export async function findMaintenanceKpis({ db, actor, query }: ReportArgs<ReportQuery>): Promise<MaintenanceKpis> {
  const days = periodDays(query);
  const after = new Date(Date.parse(`${days.first}T00:00:00Z`) - DAY_MS).toISOString();
  const before = new Date(Date.parse(`${days.last}T00:00:00Z`) + 2 * DAY_MS).toISOString();
  const managed = isAdmin(actor.role) ? sql`true` : isPropertyManager(actor.role) ? sql`b.manager_id = ${actor.id}` : sql`false`;
  // One row per priority and one for all of them (priority null), from one read of the requests.
  const rows = rowsOf<{
    priority: PriorityKpis['priority'] | null;
    opened: number;
    completed: number;
    cancelled: number;
    breached: number;
    median_seconds: number | null;
  }>(
    await db.execute(sql`
      select m.priority::text as priority, count(*)::int as opened,
        (count(*) filter (where m.completed_at is not null))::int as completed,
        (count(*) filter (where m.status = 'cancelled'))::int as cancelled,
        (count(*) filter (where m.sla_breached_at is not null))::int as breached,
        percentile_cont(0.5) within group (order by extract(epoch from m.completed_at - m.created_at))
          filter (where m.completed_at is not null) as median_seconds
      from maintenance_request m join building b on b.id = m.building_id
      where m.created_at >= ${after}::timestamptz and m.created_at < ${before}::timestamptz
        and (m.created_at at time zone b.time_zone)::date between ${days.first}::date and ${days.last}::date
        and ${managed} ${query.buildingId === null ? sql`` : sql`and m.building_id = ${query.buildingId}`}
      group by grouping sets ((m.priority), ())`),
  );
  const kpisOf = (row: (typeof rows)[number] | undefined): Omit<PriorityKpis, 'priority'> => ({
    opened: row?.opened ?? 0,
    completed: row?.completed ?? 0,
    cancelled: row?.cancelled ?? 0,
    slaBreaches: row?.breached ?? 0,
    medianHoursToComplete: row?.median_seconds === null || row?.median_seconds === undefined ? null : Number(row.median_seconds) / 3600,
  });
  const priorities = KPI_PRIORITIES.map((priority): PriorityKpis => ({
    priority,
    ...kpisOf(rows.find((row) => row.priority === priority)),
  }));
  // The period's repair and capital spend: vendor invoices' expense lines (a reversed invoice nets
  // out), read by account and date through `journal_line_account_date_idx` (the accounts' ids as
  // constants: joined to the chart by key, the planner may scan every line of the period).
  const accounts = [await systemAccountId(db, 'repairs_maintenance'), await systemAccountId(db, 'capital_improvements')];
  const spend = rowsOf<{ vendor_id: number | null; name: string | null; category: string; cents: string }>(
    await db.execute(sql`
      select jl.vendor_id, v.company_name as name,
        coalesce(mr.category::text, case when w.project_id is not null then 'project' end, 'other') as category,
        sum(jl.cents) as cents
      from (
        select jl.entry_id, jl.vendor_id, sum(jl.debit_cents - jl.credit_cents) as cents from journal_line jl
        where jl.account_id in (${accounts[0]}, ${accounts[1]}) and jl.entry_date between ${days.first} and ${days.last}
          and ${lineScope(actor, query.buildingId)}
        group by 1, 2
      ) jl
      join journal_entry je on je.id = jl.entry_id
      left join journal_entry orig on orig.id = je.reverses_entry_id
      left join invoice i on i.id = case when je.source = 'invoice' then je.source_id when orig.source = 'invoice' then orig.source_id end
      left join work_order w on w.id = i.work_order_id
      left join maintenance_request mr on mr.id = w.maintenance_request_id
      left join vendor v on v.id = jl.vendor_id
      group by 1, 2, 3`),
  );
  const vendorTotals = new Map<number | null, { vendorId: number | null; name: string | null; cents: number }>();
  const categoryTotals = new Map<string, number>();
  for (const row of spend) {
    const cents = Number(row.cents);
    const vendor = vendorTotals.get(row.vendor_id) ?? { vendorId: row.vendor_id, name: row.name, cents: 0 };
    vendor.cents += cents;
    vendorTotals.set(row.vendor_id, vendor);
    categoryTotals.set(row.category, (categoryTotals.get(row.category) ?? 0) + cents);
  }
  const vendors = [...vendorTotals.values()].filter((row) => row.cents !== 0).sort((a, b) => b.cents - a.cents);
  const spendCents = vendors.reduce((total, row) => total + row.cents, 0);
  const top = vendors.slice(0, KPI_TOP_VENDORS);
  return {
    period: { from: query.from, to: query.to },
    priorities,
    totals: kpisOf(rows.find((row) => row.priority === null)),
    vendors: top,
    otherVendorsCents: spendCents - top.reduce((total, row) => total + row.cents, 0),
    categories: [...categoryTotals.entries()]
      .filter(([, cents]) => cents !== 0)
      .map(([category, cents]) => ({ category, cents }))
      .sort((a, b) => b.cents - a.cents),
    spendCents,
  };
}
