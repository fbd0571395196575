/**
 * The financial reports' inputs (decision 058), read from the URL:
 * `?report=&from=&to=&building=&asOf=&after=&page=`. `report` is `income` (the income statement,
 * the default), `trial-balance`, `rent-roll`, `aging` (delinquency aging),
 * `deposits` (security deposit liability), `ledger` (general ledger detail of one account: `account`
 * its number, `cursor` its keyset position `<YYYY-MM-DD>_<line id>`), `maintenance` (maintenance KPIs
 * of the requests opened in the months, and the repair spend) or `vendor-payments` (payments per vendor and year, for 1099 filing); `from` and `to` are
 * months (`YYYY-MM`, both included; by default the current month), at most `REPORT_MAX_MONTHS`
 * apart; `building` a building id (absent: the whole portfolio the viewer may see); `asOf` the rent
 * roll's date (ISO, default today) and `after` its keyset position (`<buildingId>_<unitNumber>`);
 * `page` the aging and vendor payments reports' page (from 1); `year` the vendor payments report's
 * calendar year (`YYYY`, default this year). The deposit liability report reads `asOf` and
 * `after` like the rent roll. Every message is a translation key
 * (`reports.errors.*`). Client-safe.
 */
import { isIsoDate } from '~/lib/iso-date';
import { z } from 'zod';
import { INT4_MAX } from '~/lib/ids';
import { filteredHref, optionalParam as optional, pickParams } from '~/lib/query-filters';

export const REPORT_KINDS = [
  'income',
  'cash-flow',
  'trial-balance',
  'ledger',
  'rent-roll',
  'aging',
  'occupancy',
  'deposits',
  'vendor-payments',
  'maintenance',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The months occupancy over time shows when the period is not given (or is a single month, from the tabs). */
export const OCCUPANCY_DEFAULT_MONTHS = 12;

/** The longest period a report covers, in months. */
export const REPORT_MAX_MONTHS = 36;

export const REPORT_MESSAGES = {
  report: 'reports.errors.report',
  month: 'reports.errors.month',
  range: 'reports.errors.range',
  rangeTooLong: 'reports.errors.rangeTooLong',
  building: 'reports.errors.building',
  date: 'reports.errors.date',
  cursor: 'reports.errors.cursor',
  page: 'reports.errors.page',
  year: 'reports.errors.year',
  account: 'reports.errors.account',
} as const;

/** Journal lines per page of the general ledger detail. */
export const LEDGER_PAGE_SIZE = 100;

/** The general ledger detail's keyset position: the last line shown, by entry date then id. */
export type LedgerCursor = { date: string; id: number };

/** `2026-11-05_1234` (entry date, then the line's id) → the cursor, or null. */
export function parseLedgerCursor(raw: string): LedgerCursor | null {
  const match = /^(\d{4}-\d{2}-\d{2})_(\d{1,15})$/.exec(raw);
  if (!match || !isIsoDate(match[1]!)) return null;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) ? { date: match[1]!, id } : null;
}

/** The years the vendor payments report accepts. */
export const REPORT_MIN_YEAR = 2000;
export const REPORT_MAX_YEAR = 2100;

/** Vendors per page of the vendor payments report. */
export const VENDOR_PAYMENTS_PAGE_SIZE = 100;

/** Units per page of the deposit liability report (each with every lease of it that holds a deposit). */
export const DEPOSITS_PAGE_SIZE = 100;

/**
 * What a business must have paid a non-employee in a calendar year before it files a Form 1099-NEC
 * for them, in cents: $600 through payments of 2025, $2,000 from 2026 (the One Big Beautiful Bill Act;
 * indexed for inflation after 2026 — update this table when the IRS publishes it). Decision 060.
 */
export function form1099ThresholdCents(year: number): number {
  return year >= 2026 ? 200_000 : 60_000;
}

/** Units per page of the rent roll. */
export const RENT_ROLL_PAGE_SIZE = 100;

/** Leases per page of the delinquency aging report. */
export const AGING_PAGE_SIZE = 100;

/**
 * The delinquency aging buckets, by days past the due date on the lease's local today: `current`
 * (not past due), then 1–30, 31–60, 61–90 and over 90 days.
 */
export const AGING_BUCKETS = ['current', 'days1to30', 'days31to60', 'days61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const monthField = z.string().regex(MONTH, REPORT_MESSAGES.month);
const buildingField = z
  .string()
  .regex(/^\d{1,10}$/, REPORT_MESSAGES.building)
  .transform(Number)
  .refine((id) => id >= 1 && id <= INT4_MAX, REPORT_MESSAGES.building);

/** A rent roll page's keyset position: the last unit shown, by building then unit number. */
export type RentRollCursor = { buildingId: number; unitNumber: string };

/**
 * What a report shows: its kind, a period of whole months, an optional building; for the rent
 * roll its date and page.
 */
export type ReportQuery = {
  report: ReportKind;
  from: string;
  to: string;
  buildingId: number | null;
  asOf: string;
  after: RentRollCursor | null;
  /** The aging and vendor payments reports' page, from 1. */
  page: number;
  /** The vendor payments report's calendar year. */
  year: number;
  /** The general ledger detail's account number (null: the trust cash account). */
  account: string | null;
  /** The general ledger detail's keyset position. */
  cursor: LedgerCursor | null;
};

/** `12_4B` (building id, then the unit number) → the cursor, or null. */
export function parseRentRollCursor(raw: string): RentRollCursor | null {
  const match = /^(\d{1,10})_(.{1,50})$/s.exec(raw);
  if (!match) return null;
  const buildingId = Number(match[1]);
  return buildingId <= INT4_MAX ? { buildingId, unitNumber: match[2]! } : null;
}

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
  const year = Number(today.slice(0, 4));
  const fallback: ReportQuery = {
    report: 'income',
    from: month,
    to: month,
    buildingId: null,
    asOf: today,
    after: null,
    page: 1,
    year,
    account: null,
    cursor: null,
  };
  const parsed = z
    .object({
      report: optional(z.enum(REPORT_KINDS, REPORT_MESSAGES.report)),
      from: optional(monthField),
      to: optional(monthField),
      building: optional(buildingField),
      asOf: optional(z.string().refine(isIsoDate, REPORT_MESSAGES.date)),
      after: optional(
        z.string().transform((raw, ctx) => {
          const cursor = parseRentRollCursor(raw);
          if (!cursor) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.cursor });
          return cursor ?? z.NEVER;
        }),
      ),
      page: optional(
        z
          .string()
          .regex(/^\d{1,6}$/, REPORT_MESSAGES.page)
          .transform(Number)
          .refine((page) => page >= 1, REPORT_MESSAGES.page),
      ),
      account: optional(z.string().regex(/^[0-9]{3,6}$/, REPORT_MESSAGES.account)),
      cursor: optional(
        z.string().transform((raw, ctx) => {
          const cursor = parseLedgerCursor(raw);
          if (!cursor) ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.cursor });
          return cursor ?? z.NEVER;
        }),
      ),
      year: optional(
        z
          .string()
          .regex(/^\d{4}$/, REPORT_MESSAGES.year)
          .transform(Number)
          .refine((value) => value >= REPORT_MIN_YEAR && value <= REPORT_MAX_YEAR, REPORT_MESSAGES.year),
      ),
    })
    .superRefine((value, ctx) => {
      const to = value.to ?? value.from ?? month;
      const from = value.from ?? to;
      if (!MONTH.test(from) || !MONTH.test(to)) return;
      if (from > to) ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.range });
      else if (monthsInRange(from, to) > REPORT_MAX_MONTHS)
        ctx.addIssue({ code: 'custom', path: ['from'], message: REPORT_MESSAGES.rangeTooLong });
    })
    .safeParse(pickParams(params, ['report', 'from', 'to', 'building', 'asOf', 'after', 'page', 'year', 'account', 'cursor']));
  if (!parsed.success) return { ok: false, issues: parsed.error, query: fallback };
  const to = parsed.data.to ?? parsed.data.from ?? month;
  const report = parsed.data.report ?? 'income';
  return {
    ok: true,
    query: {
      report,
      // Occupancy over time: the twelve months to `to` unless a start is given.
      from: parsed.data.from ?? (report === 'occupancy' ? addMonths(to, -(OCCUPANCY_DEFAULT_MONTHS - 1)) : to),
      to,
      buildingId: parsed.data.building ?? null,
      asOf: parsed.data.asOf ?? today,
      after: parsed.data.after ?? null,
      page: parsed.data.page ?? 1,
      year: parsed.data.year ?? year,
      account: parsed.data.account ?? null,
      cursor: parsed.data.cursor ?? null,
    },
  };
}

/**
 * The URL of report `query` under `basePath` (`/admin/reports` or `/dashboard/reports`): the
 * rent roll and deposit liability with their date and page, the aging report with its page, the
 * vendor payments with their year and page, the ledger detail with its account, months and page,
 * the others with their months.
 */
export function reportHref(basePath: string, query: ReportQuery): string {
  if (query.report === 'aging')
    return filteredHref(basePath, { report: query.report, building: query.buildingId, page: query.page > 1 ? query.page : null });
  if (query.report === 'vendor-payments')
    return filteredHref(basePath, {
      report: query.report,
      year: query.year,
      building: query.buildingId,
      page: query.page > 1 ? query.page : null,
    });
  if (query.report === 'ledger')
    return filteredHref(
      basePath,
      { report: query.report, account: query.account, from: query.from, to: query.to, building: query.buildingId },
      query.cursor ? `${query.cursor.date}_${query.cursor.id}` : null,
    );
  if (query.report === 'rent-roll' || query.report === 'deposits')
    return filteredHref(basePath, {
      report: query.report,
      asOf: query.asOf,
      building: query.buildingId,
      after: query.after ? `${query.after.buildingId}_${query.after.unitNumber}` : null,
    });
  return filteredHref(basePath, { report: query.report, from: query.from, to: query.to, building: query.buildingId });
}
