/**
 * The page adapter of /admin/audit and /admin/audit.csv (decision 023; named and shaped as
 * decision 037 says, loaders only: the log is read, never posted to). Routes guard first
 * (`requireRole(…, 'admin')`). Bad filters answer 400 (the page with one translated message per
 * field, the shared `fieldErrors` of the page protocol; the CSV as plain text). The export itself
 * is audited (`audit_exported`, with the filters).
 */
import { data } from 'react-router';
import { staffPageTranslations } from '~/i18n/resources.server';
import { requestLanguage } from '~/lib/route-helpers.server';
import { AUDIT_ACTIONS, recordAuditEvent, requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { filteredCsvResponse, type CsvExportArgs } from '~/server/http/csv-export.server';
import { fieldErrors } from '~/server/http/form.server';
import { utcToday } from '~/lib/dates';
import type { Logger } from '~/server/logger.server';
import { exportAuditCsv, findAuditEntries } from './audit-log.server';
import { parseAuditFilters, type AuditPageData } from './audit-log.schemas';

type PageContext = { db: Db; clientIp: string; logger: Pick<Logger, 'info'> };

/**
 * The page's data for the URL's filters and cursor (`?actor=&action=&table=&from=&to=&cursor=`,
 * keyset pages of 50), with the route's `meta` and the page's translations. Bad filters: 400
 * with the empty page and one translated message per field (decision 023).
 */
export async function loadAuditPage<Meta>({ request, context, meta }: { request: Request; context: PageContext; meta: Meta }) {
  const lang = requestLanguage(request);
  const parsed = parseAuditFilters(new URL(request.url).searchParams);
  const list = parsed.ok
    ? await findAuditEntries({ db: context.db, filters: parsed.filters, cursor: parsed.cursor })
    : { entries: [], nextCursor: null };
  const page: AuditPageData = {
    filters: parsed.filters,
    entries: list.entries,
    nextCursor: list.nextCursor,
    firstPage: !parsed.ok || parsed.cursor === null,
    errors: parsed.ok ? {} : fieldErrors(parsed.issues, lang),
    actions: AUDIT_ACTIONS,
  };
  const body = { page, meta, i18n: staffPageTranslations(request, lang, ['audit']) };
  return parsed.ok ? body : data(body, { status: 400 });
}

/**
 * The filtered entries as a CSV download (streamed, newest first, `audit-log-<YYYY-MM-DD>.csv`,
 * never cached), audited as `audit_exported` with the filters before the first row (decision
 * 023). Bad filters: 400, the messages as plain text, nothing audited.
 */
export function auditCsvResponse({ request, context, actor }: CsvExportArgs<Viewer>): Promise<Response> {
  return filteredCsvResponse({
    request,
    parse: parseAuditFilters,
    fileName: `audit-log-${utcToday()}.csv`,
    open: async (filters) => {
      await recordAuditEvent({
        db: context.db,
        userId: actor.id,
        action: 'audit_exported',
        origin: requestOrigin(request, context.clientIp),
        tableName: 'audit_log',
        values: { filters },
      });
      context.logger.info({ actor: actor.id, filters }, 'audit log exported');
      return exportAuditCsv({ db: context.db, filters });
    },
  });
}
