/**
 * The loader half of the financial reports page, shared by the admin's `/admin/reports` and a
 * property manager's `/dashboard/reports` (decision 058). The route guards first
 * (`requireStaff`), then calls this with the actor and its base path; the service scopes again.
 * Answers 400 with a message per field for a query it cannot read or an unknown building, 404
 * (audited) for a building the viewer does not manage; never a 500 for bad input.
 */
import { data } from 'react-router';
import { staffPageTranslations } from '~/i18n/resources.server';
import { utcToday } from '~/lib/dates';
import { requestLanguage } from '~/lib/route-helpers.server';
import { auditRefusal, requestOrigin } from '~/server/audit.server';
import type { Db } from '~/server/db/client.server';
import { csvDecimal, csvText, keysetCsvStream } from '~/server/http/csv.server';
import { refusedExport } from '~/server/http/csv-export.server';
import { fileResponse } from '~/server/http/download.server';
import { fieldErrors } from '~/server/http/form.server';
import {
  buildingAccess,
  findAgingRows,
  findDelinquencyAging,
  findIncomeStatement,
  findRentRoll,
  findTrialBalanceReport,
  type AgingRow,
  type RentRollRow,
  type ReportsActor,
} from './financial-reports.server';
import {
  findDepositLiability,
  findVendorPaymentRows,
  findVendorPayments,
  type DepositRow,
  type VendorPaymentRow,
} from './liability-reports.server';
import { findLedgerAccount, findLedgerDetail, type LedgerLine } from './ledger-detail.server';
import { findCashFlow, type CashFlowLine } from './cash-flow.server';
import { findMaintenanceKpis } from './maintenance-kpis.server';
import { findOccupancyOverTime } from './occupancy-report.server';
import {
  AGING_BUCKETS,
  parseReportQuery,
  REPORT_MESSAGES,
  type LedgerCursor,
  type RentRollCursor,
  type ReportQuery,
} from './reports.schemas';
import type { ReportsPageData } from './reports.types';
import { getT } from '~/i18n/translate.server';

const PAGE_TRANSLATIONS = ['reports'] as const;

/** The page of `request`'s report for `actor` under `basePath`, with `meta`. */
export async function loadReportsPage<Meta>({
  request,
  context,
  actor,
  basePath,
  meta,
  now = new Date(),
}: {
  request: Request;
  context: { db: Db; clientIp: string };
  actor: ReportsActor;
  basePath: ReportsPageData['basePath'];
  meta: Meta;
  /** The instant the report is read at (default: now); the aging report counts days from it. */
  now?: Date;
}) {
  const lang = requestLanguage(request);
  const parsed = parseReportQuery(new URL(request.url).searchParams, utcToday(now));
  const query = parsed.query;
  const checked = parsed.ok
    ? await checkFilters(request, context, actor, query)
    : { errors: fieldErrors(parsed.issues, lang), buildingName: null };
  const { errors, buildingName } = checked;
  const valid = Object.keys(errors).length === 0;
  const page: ReportsPageData = {
    basePath,
    query,
    building: query.buildingId !== null && buildingName ? { id: query.buildingId, name: buildingName } : null,
    errors,
    income: valid && query.report === 'income' ? await findIncomeStatement({ db: context.db, actor, query }) : null,
    trialBalance: valid && query.report === 'trial-balance' ? await findTrialBalanceReport({ db: context.db, actor, query }) : null,
    rentRoll: valid && query.report === 'rent-roll' ? await findRentRoll({ db: context.db, actor, query }) : null,
    aging: valid && query.report === 'aging' ? await findDelinquencyAging({ db: context.db, actor, query, now }) : null,
    deposits: valid && query.report === 'deposits' ? await findDepositLiability({ db: context.db, actor, query }) : null,
    vendorPayments: valid && query.report === 'vendor-payments' ? await findVendorPayments({ db: context.db, actor, query }) : null,
    ledger: valid && query.report === 'ledger' ? await findLedgerDetail({ db: context.db, actor, query }) : null,
    maintenance: valid && query.report === 'maintenance' ? await findMaintenanceKpis({ db: context.db, actor, query }) : null,
    cashFlow: valid && query.report === 'cash-flow' ? await findCashFlow({ db: context.db, actor, query }) : null,
    occupancy:
      valid && query.report === 'occupancy' ? await findOccupancyOverTime({ db: context.db, actor, query, today: utcToday(now) }) : null,
  };
  const body = { page, meta, i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS) };
  return valid ? body : data(body, { status: 400 });
}

/** `checkBuilding`, then for the general ledger detail its account: an unknown number is an error on the field (400). */
async function checkFilters(
  request: Request,
  context: { db: Db; clientIp: string },
  actor: ReportsActor,
  query: ReportQuery,
): Promise<{ errors: Record<string, string>; buildingName: string | null }> {
  const checked = await checkBuilding(request, context, actor, query);
  if (query.report !== 'ledger' || query.account === null || (await findLedgerAccount(context.db, query.account))) return checked;
  return { ...checked, errors: { ...checked.errors, account: getT(requestLanguage(request))(REPORT_MESSAGES.account) } };
}

/**
 * The query's building for `actor`: an unknown one is an error on the field (400); one they may
 * not see throws a 404 after auditing the attempt (decision 015).
 */
async function checkBuilding(
  request: Request,
  context: { db: Db; clientIp: string },
  actor: ReportsActor,
  query: ReportQuery,
): Promise<{ errors: Record<string, string>; buildingName: string | null }> {
  if (query.buildingId === null) return { errors: {}, buildingName: null };
  const access = await buildingAccess(context.db, actor, query.buildingId);
  if (!access.exists) return { errors: { building: getT(requestLanguage(request))(REPORT_MESSAGES.building) }, buildingName: null };
  if (!access.visible) {
    await auditRefusal(context.db, actor, {
      table: 'building',
      id: query.buildingId,
      reason: 'not_in_scope',
      origin: requestOrigin(request, context.clientIp),
    });
    throw data(null, { status: 404 });
  }
  return { errors: {}, buildingName: access.name };
}

/** Rows of a streamed report export (the rent roll's units, the aging report's leases, …), at most. */
export const REPORT_CSV_MAX_ROWS = 250_000;
const CSV_BATCH = 1_000;

/**
 * `/admin/reports.csv` and `/dashboard/reports.csv`: the report of the same query as the page,
 * as a CSV attachment (`income-statement-2026-01-2026-11.csv`, `trial-balance-2026-11.csv`,
 * `rent-roll-2026-11-30.csv`, `delinquency-aging-2026-11-30.csv`, `deposit-liability-2026-11-30.csv`,
 * `vendor-payments-2026.csv`, `general-ledger-1010-2026-01-2026-11.csv`,
 * `maintenance-kpis-2026-01-2026-11.csv`, `occupancy-2026-01-2026-11.csv`,
 * `cash-flow-2026-01-2026-11.csv`): the income statement, the cash flows (a line per account and section), the maintenance KPIs (a line per
 * priority, vendor and category)
 * and trial balance one line per account then the totals; the rent roll every unit of the
 * selection, the aging report every lease that owes, the deposit liability every lease holding a
 * deposit, the vendor payments every vendor paid and the general ledger detail every line of its
 * account and period, streamed in batches (`keysetCsvStream`, at most
 * `REPORT_CSV_MAX_ROWS`), whatever page the screen was on. Amounts in dollars (`csvDecimal`). Bad
 * filters or an unknown building answer 400 with the messages as plain text; another manager's
 * building 404 (audited).
 */
export async function reportCsvResponse({
  request,
  context,
  actor,
  now = new Date(),
}: {
  request: Request;
  context: { db: Db; clientIp: string };
  actor: ReportsActor;
  now?: Date;
}): Promise<Response> {
  const lang = requestLanguage(request);
  const parsed = parseReportQuery(new URL(request.url).searchParams, utcToday(now));
  const { errors } = parsed.ok ? await checkFilters(request, context, actor, parsed.query) : { errors: fieldErrors(parsed.issues, lang) };
  if (!parsed.ok || Object.keys(errors).length > 0) return refusedExport(errors);
  const { query } = parsed;
  const csv = (body: string | ReadableStream<Uint8Array>, fileName: string) =>
    fileResponse({ body, fileName, contentType: 'text/csv; charset=utf-8' });
  if (query.report === 'rent-roll') return csv(rentRollCsv(context.db, actor, query), `rent-roll-${query.asOf}.csv`);
  if (query.report === 'aging') return csv(agingCsv(context.db, actor, query, now), `delinquency-aging-${utcToday(now)}.csv`);
  if (query.report === 'deposits') return csv(depositsCsv(context.db, actor, query), `deposit-liability-${query.asOf}.csv`);
  if (query.report === 'vendor-payments') return csv(vendorPaymentsCsv(context.db, actor, query), `vendor-payments-${query.year}.csv`);
  if (query.report === 'ledger') {
    const account = await findLedgerAccount(context.db, query.account);
    return csv(ledgerCsv(context.db, actor, query), `general-ledger-${account!.number}-${query.from}-${query.to}.csv`);
  }
  if (query.report === 'occupancy') {
    const report = await findOccupancyOverTime({ db: context.db, actor, query, today: utcToday(now) });
    const percent = (row: { units: number; leased: number }) => (row.units === 0 ? '' : ((row.leased / row.units) * 100).toFixed(1));
    return csv(
      csvText(
        ['month', 'counted_on', 'units', 'leased', 'vacant', 'occupancy_percent'],
        report.months.map((row) => [row.month, row.day, row.units, row.leased, row.vacant, percent(row)]),
      ),
      `occupancy-${query.from}-${query.to}.csv`,
    );
  }
  if (query.report === 'maintenance') {
    const kpis = await findMaintenanceKpis({ db: context.db, actor, query });
    const hours = (value: number | null) => (value === null ? '' : value.toFixed(1));
    return csv(
      csvText(
        ['section', 'name', 'opened', 'completed', 'cancelled', 'sla_breaches', 'median_hours_to_complete', 'spend'],
        [
          ...kpis.priorities.map((row) => [
            'priority',
            row.priority,
            row.opened,
            row.completed,
            row.cancelled,
            row.slaBreaches,
            hours(row.medianHoursToComplete),
            '',
          ]),
          [
            'priority',
            'total',
            kpis.totals.opened,
            kpis.totals.completed,
            kpis.totals.cancelled,
            kpis.totals.slaBreaches,
            hours(kpis.totals.medianHoursToComplete),
            '',
          ],
          ...kpis.vendors.map((row) => ['vendor', row.name ?? '', '', '', '', '', '', csvDecimal(row.cents)]),
          ...(kpis.otherVendorsCents !== 0 ? [['vendor', 'other', '', '', '', '', '', csvDecimal(kpis.otherVendorsCents)]] : []),
          ...kpis.categories.map((row) => ['category', row.category, '', '', '', '', '', csvDecimal(row.cents)]),
          ['spend', 'total', '', '', '', '', '', csvDecimal(kpis.spendCents)],
        ],
      ),
      `maintenance-kpis-${query.from}-${query.to}.csv`,
    );
  }
  const name = (row: { name: string; nameIt: string | null }) => (lang === 'it' && row.nameIt ? row.nameIt : row.name);
  if (query.report === 'cash-flow') {
    const flows = await findCashFlow({ db: context.db, actor, query });
    const amounts = (entry: { currentCents: number; previousCents: number }) => [
      csvDecimal(entry.currentCents),
      csvDecimal(entry.previousCents),
      csvDecimal(entry.currentCents - entry.previousCents),
    ];
    const accountLine = (section: string) => (row: CashFlowLine) => [section, row.number, name(row), ...amounts(row)];
    return csv(
      csvText(
        ['section', 'account_number', 'line', 'current_period', 'previous_period', 'change'],
        [
          ['operating', '', 'net_operating_income', ...amounts(flows.operating.netIncome)],
          ...flows.operating.changes.map(accountLine('operating')),
          ['operating', '', 'total_operating', ...amounts(flows.operating.total)],
          ...flows.owners.lines.map(accountLine('owners')),
          ['owners', '', 'total_owners', ...amounts(flows.owners.total)],
          ['cash', '', 'net_change_in_cash', ...amounts(flows.netChange)],
          ['cash', '', 'opening_cash', ...amounts(flows.openingCash)],
          ['cash', '', 'closing_cash', ...amounts(flows.closingCash)],
        ],
      ),
      `cash-flow-${query.from}-${query.to}.csv`,
    );
  }
  if (query.report === 'income') {
    const statement = await findIncomeStatement({ db: context.db, actor, query });
    const { totals } = statement;
    return csv(
      csvText(
        ['account_number', 'account', 'type', 'current_period', 'previous_period', 'change'],
        [
          ...statement.rows.map((row) => [
            row.number,
            name(row),
            row.type,
            csvDecimal(row.currentCents),
            csvDecimal(row.previousCents),
            csvDecimal(row.currentCents - row.previousCents),
          ]),
          [
            '',
            'total_income',
            'income',
            csvDecimal(totals.incomeCents),
            csvDecimal(totals.previousIncomeCents),
            csvDecimal(totals.incomeCents - totals.previousIncomeCents),
          ],
          [
            '',
            'total_expenses',
            'expense',
            csvDecimal(totals.expenseCents),
            csvDecimal(totals.previousExpenseCents),
            csvDecimal(totals.expenseCents - totals.previousExpenseCents),
          ],
          [
            '',
            'net_operating_income',
            '',
            csvDecimal(totals.netCents),
            csvDecimal(totals.previousNetCents),
            csvDecimal(totals.netCents - totals.previousNetCents),
          ],
        ],
      ),
      `income-statement-${query.from}-${query.to}.csv`,
    );
  }
  const report = await findTrialBalanceReport({ db: context.db, actor, query });
  return csv(
    csvText(
      ['account_number', 'account', 'type', 'debit', 'credit'],
      [
        ...report.rows.map((row) => [row.number, name(row), row.type, csvDecimal(row.debitCents), csvDecimal(row.creditCents)]),
        ['', 'total', '', csvDecimal(report.debitCents), csvDecimal(report.creditCents)],
      ],
    ),
    `trial-balance-${query.to}.csv`,
  );
}

/** Every unit of the rent roll of `query` (its date and building; from the first unit), as CSV. */
function rentRollCsv(db: Db, actor: ReportsActor, query: ReportQuery): ReadableStream<Uint8Array> {
  return keysetCsvStream<RentRollRow, RentRollCursor>({
    columns: ['building', 'unit', 'tenant', 'lease_start', 'lease_end', 'rent', 'deposit_held', 'balance'],
    batchSize: CSV_BATCH,
    maxRows: REPORT_CSV_MAX_ROWS,
    readBatch: async (after, limit) => {
      const page = await findRentRoll({ db, actor, query: { ...query, after }, limit });
      return { rows: page.rows, last: page.next, more: page.next !== null };
    },
    toLine: (row) => [
      row.buildingName,
      row.unitNumber,
      row.lease?.tenantName ?? '',
      row.lease?.startDate ?? '',
      row.lease?.endDate ?? '',
      row.lease ? csvDecimal(row.lease.rentCents) : '',
      row.lease ? csvDecimal(row.lease.depositHeldCents) : '',
      row.lease ? csvDecimal(row.lease.balanceCents) : '',
    ],
  });
}

/** Every lease that owes money in `query`'s selection, largest debt first, as CSV (without the totals the screen shows). */
function agingCsv(db: Db, actor: ReportsActor, query: ReportQuery, now: Date): ReadableStream<Uint8Array> {
  return keysetCsvStream<AgingRow, number>({
    columns: [
      'building',
      'unit',
      'tenant',
      'lease_status',
      ...AGING_BUCKETS.map((bucket) => AGING_CSV_COLUMNS[bucket]),
      'total',
      'last_payment_date',
      'last_payment',
    ],
    batchSize: CSV_BATCH,
    maxRows: REPORT_CSV_MAX_ROWS,
    // The cursor: how many leases were sent before this batch.
    readBatch: async (sent, limit) => {
      const rows = await findAgingRows({ db, actor, query, now, limit, offset: sent ?? 0 });
      return { rows, last: (sent ?? 0) + rows.length, more: rows.length === limit };
    },
    toLine: (row) => [
      row.buildingName,
      row.unitNumber,
      row.tenantName ?? '',
      row.leaseStatus,
      ...AGING_BUCKETS.map((bucket) => csvDecimal(row.amounts[bucket])),
      csvDecimal(row.amounts.totalCents),
      row.lastPayment?.date ?? '',
      row.lastPayment ? csvDecimal(row.lastPayment.amountCents) : '',
    ],
  });
}

/** Every lease holding a security deposit on `query.asOf` in its selection, by building and unit, as CSV. */
function depositsCsv(db: Db, actor: ReportsActor, query: ReportQuery): ReadableStream<Uint8Array> {
  return keysetCsvStream<DepositRow, RentRollCursor>({
    columns: ['building', 'unit', 'tenant', 'lease_status', 'lease_start', 'lease_end', 'move_out', 'deposit_held'],
    batchSize: CSV_BATCH,
    maxRows: REPORT_CSV_MAX_ROWS,
    readBatch: async (after, limit) => {
      const page = await findDepositLiability({ db, actor, query: { ...query, after }, limit });
      return { rows: page.rows, last: page.next, more: page.next !== null };
    },
    toLine: (row) => [
      row.buildingName,
      row.unitNumber,
      row.tenantName ?? '',
      row.leaseStatus,
      row.startDate,
      row.endDate,
      row.moveOutDate ?? '',
      csvDecimal(row.heldCents),
    ],
  });
}

/** Every vendor paid in `query.year` in its selection, largest first, with the W-9 status and whether a 1099-NEC is due, as CSV. */
function vendorPaymentsCsv(db: Db, actor: ReportsActor, query: ReportQuery): ReadableStream<Uint8Array> {
  return keysetCsvStream<VendorPaymentRow, number>({
    columns: ['vendor_id', 'company', 'contact', 'email', 'payments', 'last_paid', 'paid', 'w9', 'form_1099_nec'],
    batchSize: CSV_BATCH,
    maxRows: REPORT_CSV_MAX_ROWS,
    readBatch: async (sent, limit) => {
      const rows = await findVendorPaymentRows({ db, actor, query, limit, offset: sent ?? 0 });
      return { rows, last: (sent ?? 0) + rows.length, more: rows.length === limit };
    },
    toLine: (row) => [
      String(row.vendorId),
      row.companyName,
      row.contactName,
      row.email,
      String(row.payments),
      row.lastPaidOn,
      csvDecimal(row.paidCents),
      row.w9,
      row.needs1099 ? 'yes' : 'no',
    ],
  });
}

/** Every journal line of the ledger detail's account and period in its selection, oldest first, as CSV. */
function ledgerCsv(db: Db, actor: ReportsActor, query: ReportQuery): ReadableStream<Uint8Array> {
  return keysetCsvStream<LedgerLine, LedgerCursor>({
    columns: ['date', 'entry', 'source', 'memo', 'building', 'unit', 'debit', 'credit'],
    batchSize: CSV_BATCH,
    maxRows: REPORT_CSV_MAX_ROWS,
    readBatch: async (cursor, limit) => {
      const page = await findLedgerDetail({ db, actor, query: { ...query, cursor }, limit });
      return { rows: page.lines, last: page.next, more: page.next !== null };
    },
    toLine: (row) => [
      row.date,
      String(row.entryId),
      row.source,
      row.memo,
      row.buildingName ?? '',
      row.unitNumber ?? '',
      row.debitCents > 0 ? csvDecimal(row.debitCents) : '',
      row.creditCents > 0 ? csvDecimal(row.creditCents) : '',
    ],
  });
}

const AGING_CSV_COLUMNS = {
  current: 'current',
  days1to30: 'days_1_30',
  days31to60: 'days_31_60',
  days61to90: 'days_61_90',
  over90: 'days_over_90',
} as const;
