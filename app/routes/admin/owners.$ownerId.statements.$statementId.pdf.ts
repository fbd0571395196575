/**
 * /admin/owners/:ownerId/statements/:statementId/pdf (decision 061; admin only): an owner's monthly
 * statement as a PDF, rendered from its kept figures (its SHA-256 in `X-Content-SHA256`). A
 * statement of another owner, or an unknown one, is a 404.
 */
import { data } from 'react-router';
import { statementPdf } from '~/features/owners/owner-statements.server';
import { parseId } from '~/lib/ids';
import { requireRole } from '~/server/auth/session.server';
import { fileResponse } from '~/server/http/download.server';
import type { Route } from './+types/owners.$ownerId.statements.$statementId.pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const ownerId = parseId(params.ownerId);
  const statementId = parseId(params.statementId);
  const statement = ownerId && statementId ? await statementPdf(context.db, { ownerId, statementId }) : null;
  if (!statement) throw data(null, { status: 404 });
  const response = fileResponse({
    body: statement.pdf,
    fileName: statement.fileName,
    contentType: 'application/pdf',
    disposition: 'inline',
  });
  response.headers.set('X-Content-SHA256', statement.sha256);
  return response;
}
