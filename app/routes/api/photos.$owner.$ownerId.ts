/**
 * POST /api/photos/:owner/:ownerId (`owner` = building | unit; decision 017): the photo
 * manager's commands — `intent` = move (`photo`, `to`), cover (`photo`), delete (`photo`). Same
 * guards as the upload: staff only, scoped (404 audited), rate-limited. JSON for scripts, a
 * redirect back to the page for a plain form post.
 */
import { handlePhotoCommand } from '~/features/photos/photos.page.server';
import { methodNotAllowed } from '~/server/http/method-not-allowed.server';
import { requireApiRole } from '~/server/auth/session.server';
import { checkRateLimit } from '~/server/rate-limit.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import type { Route } from './+types/photos.$owner.$ownerId';

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  const actor = await requireApiRole(request, context, 'property_manager');
  const limited = await checkRateLimit({ context, request }, 'api_call', actor.id);
  if (limited) return rateLimitedAnswer(limited);
  return handlePhotoCommand({ request, context, actor, params });
}

export const loader = methodNotAllowed;
