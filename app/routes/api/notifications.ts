/**
 * /api/notifications: the bell's calls (spec §7 "Select from notifications", "Update
 * notifications"; decision 013). Signed-in users only, their own notifications only; each call counts
 * as an `api_call` for rate limiting (spec §9: 100 a minute per client).
 *
 * - GET → `{ items, unread }`: the 50 most recent, newest first, and the unread total.
 * - POST `intent=read&id=<id>` (spec §4: clicking one) or `intent=read-all` ("Mark all read")
 *   → `{ ok: true }`.
 *
 * Answers: 401 signed out, 403 never (any role may), 400 a body that is not a form or an unknown
 * intent, 422 a malformed id, 404 an id that is not one of the user's notifications, 405 another
 * method, 429 rate-limited with `Retry-After`.
 */
import { data } from 'react-router';
import { isNotificationIntent, notificationIdSchema } from '~/features/notifications/notifications.schemas';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from '~/features/notifications/notifications.server';
import { readFormData } from '~/server/http/form.server';
import { requireApiRole } from '~/server/auth/session.server';
import { checkRateLimit } from '~/server/rate-limit.server';
import { rateLimitedAnswer } from '~/server/responses.server';
import { methodNotAllowed } from '~/server/http/method-not-allowed.server';
import type { Route } from './+types/notifications';

const NO_STORE = { 'Cache-Control': 'no-store' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireApiRole(request, context, 'signed-in');
  const limited = await checkRateLimit({ context, request }, 'api_call', viewer.id);
  if (limited) return rateLimitedAnswer(limited);
  const list = await listNotifications({ db: context.db, actor: viewer });
  return data(list, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  const viewer = await requireApiRole(request, context, 'signed-in');
  const limited = await checkRateLimit({ context, request }, 'api_call', viewer.id);
  if (limited) return rateLimitedAnswer(limited);
  const form = await readFormData(request);
  const intent = form.get('intent');
  if (!isNotificationIntent(intent)) return data({ ok: false, error: 'unknown_intent' }, { status: 400 });

  if (intent === 'read-all') {
    await markAllNotificationsRead({ db: context.db, actor: viewer });
    return data({ ok: true }, { headers: NO_STORE });
  }
  const id = notificationIdSchema.safeParse(form.get('id'));
  if (!id.success) return data({ ok: false, error: 'invalid_id' }, { status: 422 });
  const found = await markNotificationRead({ db: context.db, actor: viewer, id: id.data });
  if (!found) return data({ ok: false, error: 'not_found' }, { status: 404 });
  return data({ ok: true }, { headers: NO_STORE });
}
