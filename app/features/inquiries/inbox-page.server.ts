/**
 * The loader and action halves shared by the two staff inboxes (decision 012):
 * /admin/messages (admins) and the inbox section of /dashboard (property managers; its commands
 * post to /api/inbox). The routes guard first; the service functions authorise again.
 *
 * URL: `?thread=<id>` opens a thread, `?inboxTab=chat|contact` picks the tab (live chat or
 * contact-form inquiries; the open thread's kind wins), `?inboxPage=<n>` pages the list (named
 * apart from the dashboard's own `page` and `id`).
 *
 * Commands (`intent`): `reply` (threadId, body, clientId?), `close`, `reopen` (threadId).
 * Answers `{ ok: true }` data, or — for a plain browser post (JavaScript off) — a 303 back to
 * `redirectTo` (a path on this site) with the thread open; 422 with a translated message, 404 for
 * an unknown thread, 400 for an unknown intent or a malformed id.
 */
import { data, redirect } from 'react-router';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import { formText } from '~/lib/form-fields';
import { safeRedirectPath } from '~/lib/safe-redirect';
import type { Viewer } from '~/server/auth/session.server';
import { requestOrigin } from '~/server/audit.server';
import type { Db } from '~/server/db/client.server';
import { isDocumentPost, readFormData } from '~/server/http/form.server';
import { loadInbox } from './inbox-queries.server';
import { replyToThread, setThreadStatus } from './staff-replies.server';
import { INBOX_INTENTS, INBOX_KINDS, type InboxActionResult, type InboxData, type InboxIntent, type InboxKind } from './chat.types';
import { parseId } from '~/lib/ids';

/** A positive int id from a query or form value, else null. */
export function parseThreadId(raw: string | null | undefined): number | null {
  return parseId(raw);
}

function parseInboxPage(raw: string | null): number {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 && value <= 1_000_000 ? value : 1;
}

function parseInboxTab(raw: string | null): InboxKind | undefined {
  return (INBOX_KINDS as readonly string[]).includes(raw ?? '') ? (raw as InboxKind) : undefined;
}

/**
 * The inbox as `request` asks for it (`?thread=`, `?inboxTab=`, `?inboxPage=`). Opening a thread
 * marks it read, except when the request comes from another site (`Sec-Fetch-Site: cross-site`):
 * a link elsewhere must not mark staff's messages read behind their back. A thread the actor may
 * not see (another manager's inquiry) is "missing", and the attempt is audited with `clientIp`.
 * Throws unless `actor` is staff.
 */
export function loadInboxPage({
  db,
  actor,
  request,
  clientIp = 'unknown',
}: {
  db: Db;
  actor: Viewer;
  request: Request;
  clientIp?: string;
}): Promise<InboxData> {
  const params = new URL(request.url).searchParams;
  const markRead = request.headers.get('sec-fetch-site') !== 'cross-site';
  return loadInbox({
    db,
    actor,
    page: parseInboxPage(params.get('inboxPage')),
    threadId: parseThreadId(params.get('thread')),
    tab: parseInboxTab(params.get('inboxTab')),
    markRead,
    origin: requestOrigin(request, clientIp),
  });
}

function isInboxIntent(value: unknown): value is InboxIntent {
  return typeof value === 'string' && (INBOX_INTENTS as readonly string[]).includes(value);
}

function answer(body: InboxActionResult, status: number) {
  return data<InboxActionResult>(body, { status });
}

/**
 * Handles one posted inbox command for staff member `actor` (the route has checked the role).
 * `fallbackPath`: where a plain browser post returns when `redirectTo` is missing or foreign.
 */
export async function handleInboxAction({
  request,
  db,
  actor,
  lang,
  fallbackPath,
  clientIp = 'unknown',
}: {
  request: Request;
  db: Db;
  actor: Viewer;
  lang: Language;
  fallbackPath: string;
  /** The client's address (load context), for the audit log. */
  clientIp?: string;
}) {
  const origin = requestOrigin(request, clientIp);
  const t = getT(lang);
  const form = await readFormData(request);
  const intent = form.get('intent');
  if (!isInboxIntent(intent)) return answer({ ok: false, intent: null, errors: { form: t('inbox.errors.unknownIntent') } }, 400);
  const threadId = parseThreadId(formText(form, 'threadId'));
  if (threadId === null) return answer({ ok: false, intent, errors: { form: t('inbox.errors.notFound') } }, 400);

  if (intent === 'reply') {
    const body = form.get('body');
    const clientId = formText(form, 'clientId');
    const outcome = await replyToThread({
      db,
      actor,
      threadId,
      locale: lang,
      origin,
      input: { body: typeof body === 'string' ? body : '', clientId: clientId || undefined },
    });
    if (!outcome.ok) {
      const errors =
        outcome.status === 404
          ? { form: t('inbox.errors.notFound') }
          : { body: outcome.errors.body ?? outcome.errors.form ?? t('inbox.errors.invalid') };
      return answer({ ok: false, intent, threadId, errors }, outcome.status);
    }
  } else {
    const changed = await setThreadStatus({ db, actor, threadId, status: intent === 'close' ? 'closed' : 'open', origin });
    if (!changed) return answer({ ok: false, intent, threadId, errors: { form: t('inbox.errors.notFound') } }, 404);
  }

  if (isDocumentPost(request)) {
    const back = new URL(safeRedirectPath(formText(form, 'redirectTo'), fallbackPath), 'http://dimora.invalid');
    back.searchParams.set('thread', String(threadId));
    return redirect(`${back.pathname}${back.search}${back.hash}`, 303);
  }
  return answer({ ok: true, intent, threadId }, 200);
}
