/**
 * The loader and action halves shared by the two staff inboxes (decision 012):
 * /admin/messages (admins) and the inbox section of /dashboard (property managers; its commands
 * post to /api/inbox). The routes guard first; the service functions authorise again.
 *
 * URL: `?thread=<id>` opens a thread, `?inboxTab=chat|contact` picks the tab (live chat or
 * contact-form inquiries; the open thread's kind wins), `?inboxPage=<n>` pages the list (named
 * apart from the dashboard's own `page` and `id`).
 *
 * Commands (`intent`), through the page protocol (decision 037): `reply` (threadId, body,
 * clientId?), `close`, `reopen` (threadId). Answers `{ ok: true, intent, threadId }` data, or —
 * for a plain browser post (JavaScript off) — a 303 back to `redirectTo` (a path on this site)
 * with the thread open; 422 with a translated message, 404 for an unknown thread, 400 for an
 * unknown intent or a malformed id.
 */
import { formText } from '~/lib/form-fields';
import { safeRedirectPath } from '~/lib/safe-redirect';
import type { Viewer } from '~/server/auth/session.server';
import { requestOrigin } from '~/server/audit.server';
import type { Db } from '~/server/db/client.server';
import { handleFormAction, type FormCall, type ReasonTable } from '~/server/http/form-action.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { loadInbox } from './inbox-queries.server';
import { replyToThread, setThreadStatus } from './staff-replies.server';
import { INBOX_INTENTS, INBOX_KINDS, type InboxData, type InboxIntent, type InboxKind } from './chat.types';
import { parseId } from '~/lib/ids';

/** What a success adds: the thread it acted on. */
type InboxDone = { threadId: number };

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

/** How the inbox answers a thread it cannot act on (decision 037). */
const REFUSALS: ReasonTable<'not_found' | 'bad_thread'> = {
  not_found: { status: 404, message: 'inbox.errors.notFound' },
  bad_thread: { status: 400, message: 'inbox.errors.notFound' },
};

/**
 * Handles one posted inbox command for staff member `actor` (the route has checked the role),
 * through the page protocol (decision 037). `fallbackPath`: where a plain browser post returns
 * when `redirectTo` is missing or foreign. Answers `ActionResult<InboxIntent, { threadId }>`.
 */
export function handleInboxAction({
  request,
  context,
  actor,
  fallbackPath,
}: {
  request: Request;
  context: DimoraLoadContext;
  actor: Viewer;
  fallbackPath: string;
}) {
  return handleFormAction({ request, context }, { intents: INBOX_INTENTS }, async (call: FormCall<InboxIntent>) => {
    const { intent, form, origin } = call;
    const threadId = parseThreadId(formText(form, 'threadId'));
    if (threadId === null) call.refuse(REFUSALS.bad_thread);
    const key = String(threadId);
    if (intent === 'reply') {
      const outcome = await replyToThread({
        db: context.db,
        actor,
        threadId,
        locale: call.lang,
        origin,
        input: { body: call.fields.body ?? '', clientId: formText(form, 'clientId') || undefined },
      });
      if (!outcome.ok) {
        if (outcome.status === 404) call.refuse(REFUSALS.not_found, { key });
        call.invalid({ body: outcome.errors.body ?? outcome.errors.form ?? call.t('inbox.errors.invalid') }, { key });
      }
    } else {
      const status = intent === 'close' ? 'closed' : 'open';
      if (!(await setThreadStatus({ db: context.db, actor, threadId, status, origin }))) call.refuse(REFUSALS.not_found, { key });
    }
    const back = new URL(safeRedirectPath(formText(form, 'redirectTo'), fallbackPath), 'http://dimora.invalid');
    back.searchParams.set('thread', String(threadId));
    return call.done<InboxDone>({ redirectTo: `${back.pathname}${back.search}${back.hash}`, extra: { threadId } });
  });
}
