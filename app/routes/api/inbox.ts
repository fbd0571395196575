/**
 * POST /api/inbox: the staff inbox's commands where the inbox is not an admin page (the
 * /dashboard inbox of property managers; decision 012). Staff only: property managers
 * and admins (401 signed out, 403 any other role). `intent` = reply | close | reopen, as
 * `handleInboxAction` describes; rate-limited as `api_call` (spec §9). GET is not served (405).
 */
import { handleInboxAction } from '~/features/inquiries/inbox.page.server';
import { methodNotAllowed } from '~/server/http/method-not-allowed.server';
import { requireApiRole } from '~/server/auth/session.server';
import { checkRateLimit } from '~/server/rate-limit.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import type { Route } from './+types/inbox';

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  // spec §6: admin passes every role check, so this admits admins and property managers.
  const actor = await requireApiRole(request, context, 'property_manager');
  const limited = await checkRateLimit({ context, request }, 'api_call', actor.id);
  if (limited) return rateLimitedAnswer(limited);
  return handleInboxAction({ request, context, actor, fallbackPath: '/dashboard' });
}

export const loader = methodNotAllowed;
