/** /tenant-portal/leases/:leaseId/statement/:year: the year-end statement (PDF) of a lease the viewer is a tenant of. */
import { data } from 'react-router';
import { findStatementPdf } from '~/features/tenant-portal/portal.server';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { auditedNotFound } from '~/server/http/audited-not-found.server';
import { fileResponse } from '~/server/http/download.server';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/leases.$leaseId.statement.$year';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'tenant');
  const leaseId = parseDigitsId(params.leaseId);
  if (!/^\d{4}$/.test(params.year)) throw data(null, { status: 404 });
  const year = Number(params.year);
  const statement = await findStatementPdf({ db: context.db, viewer, leaseId, year, lang: requestLanguage(request) });
  if (!statement.ok && statement.reason === 'no_such_year') throw data(null, { status: 404 });
  // Decision 023: someone else's lease is a 404 like an unknown one, and recorded.
  if (!statement.ok) {
    throw await auditedNotFound(request, context, viewer, {
      action: 'lease_access_denied',
      table: 'lease',
      id: leaseId,
      reason: 'not_signer',
      values: { lease_id: leaseId, year },
    });
  }
  return fileResponse({ body: statement.pdf, fileName: statement.fileName, contentType: 'application/pdf', disposition: 'inline' });
}
