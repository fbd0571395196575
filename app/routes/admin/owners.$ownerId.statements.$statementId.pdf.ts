/**
 * /admin/owners/:ownerId/statements/:statementId/pdf (decision 061; admin only): an owner's monthly
 * statement as a PDF, rendered from its kept figures (its SHA-256 in `X-Content-SHA256`). A
 * statement of another owner, or an unknown one, is a 404.
 */
import { data } from 'react-router';
import { statementDownload } from '~/features/owners/owner-statements.server';
import { parseId } from '~/lib/ids';
import { requireRole } from '~/server/auth/session.server';
import type { Route } from './+types/owners.$ownerId.statements.$statementId.pdf';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  const ownerId = parseId(params.ownerId);
  const statementId = parseId(params.statementId);
  const download = ownerId && statementId ? await statementDownload(context.db, { ownerId, statementId }) : null;
  if (!download) throw data(null, { status: 404 });
  return download;
}
