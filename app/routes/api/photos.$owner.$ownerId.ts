/**
 * POST /api/photos/:owner/:ownerId (`owner` = building | unit; decision 017): the photo
 * manager's commands — `intent` = move (`photo`, `to`), cover (`photo`), delete (`photo`). Same
 * guards as the upload: staff only, scoped (404 audited), rate-limited. JSON for scripts, a
 * redirect back to the page for a plain form post.
 */
import { data } from 'react-router';
import { checkRateLimit } from '~/server/rate-limit.server';
import { handlePhotoCommand } from '~/features/photos/photos.page.server';
import { requireApiRole } from '~/server/auth/session.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import type { Route } from './+types/photos.$owner.$ownerId';

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return data({ ok: false, error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'POST' } });
  const actor = await requireApiRole(request, context, 'property_manager');
  const limited = await checkRateLimit({ context, request }, 'api_call', actor.id);
  if (limited) return rateLimitedAnswer(limited);
  return handlePhotoCommand({ request, context, actor, params });
}

export function loader() {
  return data({ ok: false, error: 'method_not_allowed' }, { status: 405, headers: { Allow: 'POST' } });
}
