/**
 * /owner-portal/statements/:statementId/pdf (decision 061; role owner): a monthly statement of the
 * signed-in owner as a PDF, rendered from its kept figures (the same bytes as when it was made;
 * its SHA-256 is in the `X-Content-SHA256` header). Another owner's statement is a 404 like an
 * unknown id, and recorded in the audit log.
 */
import { data } from 'react-router';
import { findViewerOwner } from '~/features/owners/owner-portal.server';
import { statementDownload } from '~/features/owners/owner-statements.server';
import { parseId } from '~/lib/ids';
import { requireRole } from '~/server/auth/session.server';
import { auditedNotFound } from '~/server/http/audited-not-found.server';
import type { Route } from './+types/statements.$statementId.pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, context, 'owner');
  const statementId = parseId(params.statementId);
  if (!statementId) throw data(null, { status: 404 });
  const record = await findViewerOwner(context.db, viewer);
  const download = record ? await statementDownload(context.db, { ownerId: record.id, statementId }) : null;
  if (!download) throw await auditedNotFound(request, context, viewer, { table: 'owner_statement', id: statementId, reason: 'not_owner' });
  return download;
}
