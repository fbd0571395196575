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
import { fieldErrors } from '~/server/http/form.server';
import { buildingAccess, findIncomeStatement, findTrialBalanceReport, type ReportsActor } from './financial-reports.server';
import { parseReportQuery, REPORT_MESSAGES } from './reports.schemas';
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
  let errors = parsed.ok ? {} : fieldErrors(parsed.issues, lang);
  let buildingName: string | null = null;
  if (parsed.ok && query.buildingId !== null) {
    const access = await buildingAccess(context.db, actor, query.buildingId);
    if (!access.exists) errors = { building: getT(lang)(REPORT_MESSAGES.building) };
    else if (!access.visible) {
      await auditRefusal(context.db, actor, {
        table: 'building',
        id: query.buildingId,
        reason: 'not_in_scope',
        origin: requestOrigin(request, context.clientIp),
      });
      throw data(null, { status: 404 });
    } else buildingName = access.name;
  }
  const valid = Object.keys(errors).length === 0;
  const page: ReportsPageData = {
    basePath,
    query,
    building: query.buildingId !== null && buildingName ? { id: query.buildingId, name: buildingName } : null,
    errors,
    income: valid && query.report === 'income' ? await findIncomeStatement({ db: context.db, actor, query }) : null,
    trialBalance: valid && query.report === 'trial-balance' ? await findTrialBalanceReport({ db: context.db, actor, query }) : null,
  };
  const body = { page, meta, i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS) };
  return valid ? body : data(body, { status: 400 });
}
