/**
 * Decision 023: a record the viewer may not see answers 404 exactly like an unknown id, and the
 * refusal is recorded in the audit log when the record exists (so probing random ids writes
 * nothing). Route loaders and page adapters throw what this returns:
 *
 *   throw await auditedNotFound(request, context, viewer, { table: 'lease', id, reason: 'not_signer' });
 */
import { data } from 'react-router';
import { auditRefusalIfExists, requestOrigin } from '../audit.server';
import type { DimoraLoadContext } from '../load-context';

/** The refusal as `auditRefusalIfExists` takes it, less the origin (read from the request). */
type NotFoundRefusal = Omit<Parameters<typeof auditRefusalIfExists>[2], 'origin'>;

/** Records the refusal (when row `refusal.id` exists) and returns the 404 to throw. */
export async function auditedNotFound(
  request: Request,
  context: Pick<DimoraLoadContext, 'db' | 'clientIp'>,
  viewer: { id: string } | null,
  refusal: NotFoundRefusal,
) {
  await auditRefusalIfExists(context.db, viewer, { ...refusal, origin: requestOrigin(request, context.clientIp) });
  return data(null, { status: 404 });
}
