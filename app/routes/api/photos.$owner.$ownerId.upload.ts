/**
 * POST /api/photos/:owner/:ownerId/upload (`owner` = building | unit; decision 017):
 * photos as `multipart/form-data`, streamed through the upload pipeline (its own body cap in
 * server/app.ts; nothing is read before the checks). Staff only — admins, and property managers
 * for their own buildings (another's is a 404, audited): 401 signed out, 403 other roles, 429
 * when rate-limited (`api_call`, spec §9). JSON for scripts, a redirect for a plain form post.
 */
import { handlePhotoUpload } from '~/features/photos/photos.page.server';
import { methodNotAllowed } from '~/server/http/method-not-allowed.server';
import { requireApiRole } from '~/server/auth/session.server';
import { checkRateLimit } from '~/server/rate-limit.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import type { Route } from './+types/photos.$owner.$ownerId.upload';

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  // spec §6: admin passes every role check, so this admits admins and property managers.
  const actor = await requireApiRole(request, context, 'property_manager');
  const limited = await checkRateLimit({ context, request }, 'api_call', actor.id);
  if (limited) return rateLimitedAnswer(limited);
  return handlePhotoUpload({ request, context, actor, params });
}

export const loader = methodNotAllowed;
