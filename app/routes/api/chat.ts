/**
 * /api/chat: the live-chat widget's endpoint (decision 012). The visitor is known by the
 * httpOnly `dimora.chat` cookie and/or their session, never by anything in the request body.
 *
 * - GET → `VisitorChat`: their latest thread with its messages and unread staff replies, or an
 *   empty chat.
 * - POST (JSON) `{ intent: 'send', body, clientId?, threadId?, name?, email? }` → `{ ok, message,
 *   thread, duplicate }` (201 when a thread was started, with the `dimora.chat` cookie); 422 with
 *   translated field errors; 404 for a thread that is not theirs.
 * - POST `{ intent: 'read', threadId? }` → `{ ok, marked }`: staff replies seen.
 *
 * Both count as `api_call` for the rate limits (spec §9: 100 a minute per client; 429 with
 * Retry-After). Malformed bodies answer 400, other methods 405; never a 500 for bad input.
 */
import { data } from 'react-router';
import { findVisitorChat, markChatReadByVisitor, sendVisitorMessage, type VisitorParty } from '~/features/inquiries/visitor-chat.server';
import type { ChatSendAnswer } from '~/features/inquiries/chat.types';
import { checkRateLimit } from '~/server/rate-limit.server';
import { requestLanguage } from '~/lib/route-helpers.server';
import { getViewer } from '~/server/auth/session.server';
import { readVisitorToken, visitorCookie } from '~/server/chat/chat-access.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { rateLimitedAnswer } from '~/server/responses.server';
import type { Route } from './+types/chat';
import { INT4_MAX } from '~/lib/ids';

/** A chat post is a message of at most 2,000 characters plus a few fields. */
const MAX_BODY_CHARS = 16_000;
const NO_STORE = { 'Cache-Control': 'no-store' };

async function partyOf(request: Request, context: DimoraLoadContext): Promise<VisitorParty> {
  const viewer = await getViewer(request, context);
  return { token: readVisitorToken(request), viewer: viewer ? { id: viewer.id, email: viewer.email, name: viewer.name } : null };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const party = await partyOf(request, context);
  const limited = await checkRateLimit({ context, request }, 'api_call', party.viewer?.id ?? null);
  if (limited) return rateLimitedAnswer(limited);
  return data(await findVisitorChat({ db: context.db, party }), { headers: NO_STORE });
}

/** The JSON object posted, or null when the body is not one (too long, not JSON, not an object). */
async function readJsonObject(request: Request): Promise<Record<string, unknown> | null> {
  const raw = await request.text().catch(() => '');
  if (raw.length === 0 || raw.length > MAX_BODY_CHARS) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Thread ids are PostgreSQL `integer`s: anything larger is no thread of ours. */
const MAX_THREAD_ID = INT4_MAX;

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return data({ ok: false, errors: {} }, { status: 405, headers: { Allow: 'GET, POST' } });
  const party = await partyOf(request, context);
  const limited = await checkRateLimit({ context, request }, 'api_call', party.viewer?.id ?? null);
  if (limited) return rateLimitedAnswer(limited);
  const body = await readJsonObject(request);
  if (!body) return data<ChatSendAnswer>({ ok: false, errors: { form: 'Bad request: expected a JSON object.' } }, { status: 400 });

  if (body.intent === 'read') {
    const threadId =
      typeof body.threadId === 'number' && Number.isInteger(body.threadId) && body.threadId > 0 && body.threadId <= MAX_THREAD_ID
        ? body.threadId
        : undefined;
    const marked = await markChatReadByVisitor({ db: context.db, party, threadId });
    return data({ ok: true, marked }, { headers: NO_STORE });
  }
  if (body.intent !== 'send') return data<ChatSendAnswer>({ ok: false, errors: { form: 'Bad request: unknown intent.' } }, { status: 400 });

  const outcome = await sendVisitorMessage({ db: context.db, party, input: body, locale: requestLanguage(request) });
  if (!outcome.ok) return data<ChatSendAnswer>({ ok: false, errors: outcome.errors }, { status: outcome.status, headers: NO_STORE });
  const headers = new Headers(NO_STORE);
  if (outcome.token) headers.append('Set-Cookie', visitorCookie(outcome.token, context.publicUrl.startsWith('https:')));
  if (!outcome.duplicate)
    context.logger.info({ threadId: outcome.thread.id, started: Boolean(outcome.token) }, 'chat message from a visitor');
  return data<ChatSendAnswer>(
    { ok: true, message: outcome.message, thread: outcome.thread, duplicate: outcome.duplicate },
    { status: outcome.token ? 201 : 200, headers },
  );
}
