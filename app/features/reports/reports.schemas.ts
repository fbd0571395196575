/**
 * The financial reports' inputs (decision 058), read from the URL: `?report=&from=&to=&building=`.
 * `report` is `income` (the income statement, the default) or `trial-balance`; `from` and `to`
 * are months (`YYYY-MM`, both included; by default the current month), at most
 * `REPORT_MAX_MONTHS` apart; `building` a building id (absent: the whole portfolio the viewer
 * may see). Every message is a translation key (`reports.errors.*`). Client-safe.
 */
import { z } from 'zod';
import { INT4_MAX } from '~/lib/ids';
import { filteredHref, optionalParam as optional, pickParams } from '~/lib/query-filters';

export const REPORT_KINDS = ['income', 'trial-balance'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The longest period a report covers, in months. */
export const REPORT_MAX_MONTHS = 36;

export const REPORT_MESSAGES = {
  report: 'reports.errors.report',
  month: 'reports.errors.month',
  range: 'reports.errors.range',
  rangeTooLong: 'reports.errors.rangeTooLong',
  building: 'reports.errors.building',
} as const;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const monthField = z.string().regex(MONTH, REPORT_MESSAGES.month);
const buildingField = z
  .string()
  .regex(/^\d{1,10}$/, REPORT_MESSAGES.building)
  .transform(Number)
  .refine((id) => id >= 1 && id <= INT4_MAX, REPORT_MESSAGES.building);

/** What a report shows: its kind, a period of whole months and an optional building. */
export type ReportQuery = { report: ReportKind; from: string; to: string; buildingId: number | null };

/** The number of months from `from` to `to` (`YYYY-MM`), both included. */
export function monthsInRange(from: string, to: string): number {
  const [fy, fm] = from.split('-').map(Number) as [number, number];
  const [ty, tm] = to.split('-').map(Number) as [number, number];
  return (ty - fy) * 12 + (tm - fm) + 1;
}

/** `month` (`YYYY-MM`) moved by `delta` months. */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The period of the same length just before `query`'s (the income statement's comparison column). */
export function previousPeriod(query: Pick<ReportQuery, 'from' | 'to'>): { from: string; to: string } {
  const length = monthsInRange(query.from, query.to);
  return { from: addMonths(query.from, -length), to: addMonths(query.to, -length) };
}

/** The first and last day (ISO) of the months `from`…`to`. */
export function periodDays(period: { from: string; to: string }): { first: string; last: string } {
  const next = addMonths(period.to, 1);
  const last = new Date(Date.parse(`${next}-01T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { first: `${period.from}-01`, last };
}

/**
 * The report of `params`, with `today` (ISO) giving the default month. Unknown values are refused
 * (`ok: false` with the issues; the page answers 400), never silently dropped.
 */
export function parseReportQuery(
  params: URLSearchParams,
  today: string,
): { ok: true; query: ReportQuery } | { ok: false; issues: z.ZodError; query: ReportQuery } {
  const month = today.slice(0, 7);
  const fallback: ReportQuery = { report: 'income', from: month, to: month, buildingId: null };
  const parsed = z
    .object({
      report: optional(z.enum(REPORT_KINDS, REPORT_MESSAGES.report)),
      from: optional(monthField),
      to: optional(monthField),
      building: optional(buildingField),
    })
    .superRefine((value, ctx) => {
      const to = value.to ?? value.from ?? month;
      const from = value.from ?? to;
      if (!MONTH.test(from) || !MONTH.test(to)) return;
      if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.range });
      else if (monthsInRange(from, to) > REPORT_MAX_MONTHS)
        ctx.addIssue({ code: 'custom', path: ['from'], message: REPORT_MESSAGES.rangeTooLong });
    })
    .safeParse(pickParams(params, ['report', 'from', 'to', 'building']));
  if (!parsed.success) return { ok: false, issues: parsed.error, query: fallback };
  const to = parsed.data.to ?? parsed.data.from ?? month;
  return {
    ok: true,
    query: { report: parsed.data.report ?? 'income', from: parsed.data.from ?? to, to, buildingId: parsed.data.building ?? null },
  };
}

/** The URL of report `query` under `basePath` (`/admin/reports` or `/dashboard/reports`). */
export function reportHref(basePath: string, query: ReportQuery): string {
  return filteredHref(basePath, { report: query.report, from: query.from, to: query.to, building: query.buildingId });
}
