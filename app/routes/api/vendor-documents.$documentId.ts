/**
 * GET /api/vendor-documents/:documentId (decision 030): a vendor's certificate of
 * insurance or W-9, always as an attachment (`Content-Disposition: attachment`, `nosniff`, a
 * sandboxing policy, never cached), for the vendor it belongs to and for admins. Anyone else —
 * another vendor, a property manager, a tenant — gets a 404 like an unknown id, and the refusal
 * is recorded in the audit log. 401 signed out.
 */
import { handleVendorDocumentDownload } from '~/features/vendors/vendor-portal.page.server';
import { requireApiRole } from '~/server/auth/session.server';
import type { Route } from './+types/vendor-documents.$documentId';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = await requireApiRole(request, context, 'signed-in');
  return handleVendorDocumentDownload({ request, context, viewer, documentId: params.documentId });
}
