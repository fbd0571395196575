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
import { csvDecimal, csvText } from '~/server/http/csv.server';
import { refusedExport } from '~/server/http/csv-export.server';
import { fileResponse } from '~/server/http/download.server';
import { fieldErrors } from '~/server/http/form.server';
import { buildingAccess, findIncomeStatement, findRentRoll, findTrialBalanceReport, type ReportsActor } from './financial-reports.server';
import { parseReportQuery, REPORT_MESSAGES, type ReportQuery } from './reports.schemas';
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
}: {
  request: Request;
  context: { db: Db; clientIp: string };
  actor: ReportsActor;
  basePath: ReportsPageData['basePath'];
  meta: Meta;
}) {
  const lang = requestLanguage(request);
  const parsed = parseReportQuery(new URL(request.url).searchParams, utcToday());
  const query = parsed.query;
  const checked = parsed.ok
    ? await checkBuilding(request, context, actor, query)
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
  };
  const body = { page, meta, i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS) };
  return valid ? body : data(body, { status: 400 });
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

/**
 * `/admin/reports.csv` and `/dashboard/reports.csv`: the report of the same query as the page,
 * as a CSV attachment (`income-statement-2026-01-2026-11.csv`, `trial-balance-2026-11.csv`): one
 * line per account with amounts in dollars (`csvDecimal`), then the totals. Bad filters or an
 * unknown building answer 400 with the messages as plain text; another manager's building 404
 * (audited).
 */
export async function reportCsvResponse({
  request,
  context,
  actor,
}: {
  request: Request;
  context: { db: Db; clientIp: string };
  actor: ReportsActor;
}): Promise<Response> {
  const lang = requestLanguage(request);
  const parsed = parseReportQuery(new URL(request.url).searchParams, utcToday());
  const { errors } = parsed.ok ? await checkBuilding(request, context, actor, parsed.query) : { errors: fieldErrors(parsed.issues, lang) };
  if (!parsed.ok || Object.keys(errors).length > 0) return refusedExport(errors);
  const { query } = parsed;
  // The rent roll is read page by page on screen; its streamed export is still to come.
  if (query.report === 'rent-roll') return new Response(null, { status: 404 });
  const name = (row: { name: string; nameIt: string | null }) => (lang === 'it' && row.nameIt ? row.nameIt : row.name);
  let fileName: string;
  let text: string;
  if (query.report === 'income') {
    const statement = await findIncomeStatement({ db: context.db, actor, query });
    const { totals } = statement;
    fileName = `income-statement-${query.from}-${query.to}.csv`;
    text = csvText(
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
    );
  } else {
    const report = await findTrialBalanceReport({ db: context.db, actor, query });
    fileName = `trial-balance-${query.to}.csv`;
    text = csvText(
      ['account_number', 'account', 'type', 'debit', 'credit'],
      [
        ...report.rows.map((row) => [row.number, name(row), row.type, csvDecimal(row.debitCents), csvDecimal(row.creditCents)]),
        ['', 'total', '', csvDecimal(report.debitCents), csvDecimal(report.creditCents)],
      ],
    );
  }
  return fileResponse({ body: text, fileName, contentType: 'text/csv; charset=utf-8' });
}
