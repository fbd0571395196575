/**
 * POST /api/vendor-documents/upload (decision 030): a vendor uploads a certificate of
 * insurance (`kind=coi`, `expiresOn`) or a W-9 (`kind=w9`) as `multipart/form-data`, streamed
 * through the upload pipeline (its own body cap in server/app.ts). Vendor accounts only (a vendor
 * not linked yet, and admins, who have no vendor of their own: 404): 401 signed out, 403 other
 * roles, 429 when rate-limited (`api_call`, spec §9). A redirect back to the profile page for a
 * plain form post, JSON for a script.
 */
import { handleVendorDocumentUpload } from '~/features/vendors/vendor-portal.page.server';
import { methodNotAllowed } from '~/server/http/method-not-allowed.server';
import { requireApiRole } from '~/server/auth/session.server';
import { checkRateLimit } from '~/server/rate-limit.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import type { Route } from './+types/vendor-documents.upload';

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  const viewer = await requireApiRole(request, context, 'vendor');
  const limited = await checkRateLimit({ context, request }, 'api_call', viewer.id);
  if (limited) return rateLimitedAnswer(limited);
  return handleVendorDocumentUpload({ request, context, viewer });
}

export const loader = methodNotAllowed;
