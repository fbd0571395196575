/**
 * GET /files/<key> (decision 056): a private photo — of a maintenance request or a work order —
 * for those who may see its request or work order (photo-access.server.ts), checked on every
 * request. 401 signed out, 403 for staff who have not enrolled a second factor, 404 for anyone
 * else and for anything that is not a private photo (refusals of an existing photo audited).
 * Served inline (an `<img>` shows it) with `private, no-store`, `nosniff`, a sandboxing policy and
 * a generated file name; streamed from the store (disk or bucket).
 */
import { Readable } from 'node:stream';
import { data } from 'react-router';
import { findPrivatePhoto } from '~/features/work-orders/photo-access.server';
import { auditRefusal, requestOrigin } from '~/server/audit.server';
import { requireApiRole } from '~/server/auth/session.server';
import { downloadHeaders } from '~/server/http/download.server';
import type { Route } from './+types/files.$';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireApiRole(request, context, 'signed-in');
  const key = params['*'] ?? '';
  const found = await findPrivatePhoto(context.db, viewer, key);
  if (!found.ok) {
    if (found.documentId !== null)
      await auditRefusal(context.db, viewer, {
        table: 'document',
        id: found.documentId,
        reason: 'not_in_scope',
        origin: requestOrigin(request, context.clientIp),
        values: { document_id: found.documentId },
      });
    throw data(null, { status: 404 });
  }
  const file = await context.storage.get(found.key);
  if (!file) throw data(null, { status: 404 });
  const width = /-(\d+)\.webp$/.exec(found.key)?.[1];
  const headers = downloadHeaders({
    fileName: `photo-${found.documentId}-${width}.webp`,
    contentType: 'image/webp',
    size: file.size,
    disposition: 'inline',
  });
  return new Response(Readable.toWeb(file.body) as unknown as ReadableStream<Uint8Array>, { headers });
}
