/**
 * Live chat (issue 5 deliverable 4; DESIGN §5 "our own live chat, answered by staff in
 * /admin/messages"): the visitor's side behind the widget (`/api/chat`) and the staff inbox
 * (/admin/messages for admins, /dashboard for property managers).
 *
 * - A visitor's thread is theirs through the `dimora.chat` cookie (only its SHA-256 is stored) or,
 *   when signed in, through `thread.user_id` (`ownThreadsCondition`): an e-mail address alone
 *   grants nothing, since anyone may type anyone's (docs/decisions/012-live-chat.md).
 * - Every write is one transaction: the message, the thread's activity, the realtime events
 *   (`chat.message` to `thread:<id>` and `staff`, `chat.thread` to `staff`) and in-app
 *   notifications are seen together on commit or not at all.
 * - A message carries the browser's `clientId` (a UUID): a resend after a lost answer or an
 *   offline queue is stored once (UNIQUE(thread_id, client_id)) and answers the stored row.
 * - Notifications: staff are told when a visitor message is the first unread one in its thread,
 *   the visitor's account when a staff reply is the first one they have not seen — one
 *   notification per burst of messages, not one per message.
 * - The staff inbox also holds contact-form inquiries (portfolio issue item 7, decision 018): a
 *   tab of their own, seen by admins and the unit's managers only (features/leads), answered by
 *   e-mail through the job runner.
 */
import { and, count, countDistinct, desc, eq, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import { hashVisitorToken, newVisitorToken, ownThreadsCondition, type ChatParty } from '~/server/chat/chat-access.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { building, message, notification, property, thread, user } from '~/server/db/schema';
import { translateIssues } from '~/server/http/form.server';
import { mailLanguage } from '~/server/mail/templates.server';
import { insertNotifications } from '~/server/notifications/notify.server';
import { publishEvents, type Audience, type ChatMessageView, type OutgoingEvent } from '~/server/realtime/events.server';
import { auditRefusal, recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import { inquiryAudiences, inboxThreadsCondition, visibleThreadsCondition } from './lead-access.server';
import { enqueueContactReply } from './lead-jobs.server';
import { chatStarterSchema, staffReplySchema, visitorMessageSchema, type ChatField } from './chat.schemas';
import {
  CHAT_INBOX_PAGE_SIZE,
  INBOX_KINDS,
  inboxThreadUrl,
  CHAT_NOTIFY_QUIET_MS,
  CHAT_PREVIEW_LENGTH,
  CHAT_THREAD_MESSAGE_LIMIT,
  type ChatThreadStatus,
  type InboxData,
  type InboxKind,
  type InboxTabCount,
  type InboxUnit,
  type StaffThreadDetail,
  type StaffThreadList,
  type VisitorChat,
  type VisitorThread,
} from './chat.types';

/** Thrown when someone who is not staff (admin, property manager) reaches the inbox functions. */
export class ChatForbiddenError extends Error {
  constructor() {
    super('Only staff may use the chat inbox.');
    this.name = 'ChatForbiddenError';
  }
}

/** Staff answer chats: admins and property managers. */
export function isChatStaff(actor: Pick<Viewer, 'role'> | null | undefined): boolean {
  return actor?.role === 'admin' || actor?.role === 'property_manager';
}

function assertStaff(actor: Pick<Viewer, 'role'> | null | undefined): asserts actor is Viewer {
  if (!isChatStaff(actor)) throw new ChatForbiddenError();
}

/** The visitor: their cookie token and/or the signed-in account (its name for a first message). */
export type VisitorParty = { token: string | null; viewer: { id: string; email: string; name: string } | null };

/** Where the visitor's notification about a reply leads: any page, with the chat opened. */
export const VISITOR_REPLY_URL = '/?chat=open';

// ---------------------------------------------------------------------------------------------
// Reading messages

const authorName = sql<string>`case when ${message.authorKind} = 'staff' then coalesce(${user.name}, 'Dimora') else coalesce(${thread.visitorName}, '') end`;

const messageColumns = {
  id: message.id,
  threadId: message.threadId,
  authorKind: message.authorKind,
  authorName,
  body: message.body,
  clientId: message.clientId,
  createdAt: message.createdAt,
};

type MessageRow = {
  id: number;
  threadId: number;
  authorKind: string;
  authorName: string;
  body: string;
  clientId: string | null;
  createdAt: Date;
};

function toMessageView(row: MessageRow): ChatMessageView {
  return {
    id: row.id,
    threadId: row.threadId,
    authorKind: row.authorKind === 'staff' ? 'staff' : 'visitor',
    authorName: row.authorName,
    body: row.body,
    clientId: row.clientId,
    createdAt: row.createdAt.toISOString(),
  };
}

function selectMessages(db: Db) {
  return db
    .select(messageColumns)
    .from(message)
    .innerJoin(thread, eq(thread.id, message.threadId))
    .leftJoin(user, eq(user.id, message.authorUserId));
}

/** The latest `CHAT_THREAD_MESSAGE_LIMIT` messages of a thread, oldest first. */
async function threadMessages(db: Db, threadId: number): Promise<ChatMessageView[]> {
  const rows = await selectMessages(db).where(eq(message.threadId, threadId)).orderBy(desc(message.id)).limit(CHAT_THREAD_MESSAGE_LIMIT);
  return rows.reverse().map(toMessageView);
}

async function messageById(db: Db, id: number): Promise<ChatMessageView> {
  const [row] = await selectMessages(db).where(eq(message.id, id));
  if (!row) throw new Error(`message ${id} vanished`);
  return toMessageView(row);
}

async function messageByClientId(db: Db, threadId: number, clientId: string): Promise<ChatMessageView | null> {
  const [row] = await selectMessages(db).where(and(eq(message.threadId, threadId), eq(message.clientId, clientId)));
  return row ? toMessageView(row) : null;
}

// ---------------------------------------------------------------------------------------------
// The visitor's side

const visitorThreadColumns = { id: thread.id, status: thread.status, visitorName: thread.visitorName, visitorEmail: thread.visitorEmail };
type VisitorThreadRow = { id: number; status: ChatThreadStatus; visitorName: string | null; visitorEmail: string | null };

function toVisitorThread(row: VisitorThreadRow): VisitorThread {
  return { id: row.id, status: row.status, visitorName: row.visitorName ?? '', visitorEmail: row.visitorEmail ?? '' };
}

/** `party`'s thread `threadId`, or their latest one when no id is given; null when none. */
async function findVisitorThread(db: Db, party: ChatParty, threadId?: number): Promise<VisitorThreadRow | null> {
  const condition = ownThreadsCondition(party);
  if (!condition) return null;
  const [row] = await db
    .select(visitorThreadColumns)
    .from(thread)
    .where(threadId === undefined ? condition : and(condition, eq(thread.id, threadId)))
    .orderBy(desc(thread.lastMessageAt), desc(thread.id))
    .limit(1);
  return row ?? null;
}

async function unreadByVisitor(db: Db, threadId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(message)
    .where(and(eq(message.threadId, threadId), eq(message.authorKind, 'staff'), isNull(message.readByVisitorAt)));
  return row?.n ?? 0;
}

/**
 * The widget's conversation for `party`: their latest chat thread with its latest 200 messages
 * (oldest first) and how many staff replies they have not seen; an empty chat when they have none.
 */
export async function findVisitorChat({ db, party }: { db: Db; party: ChatParty }): Promise<VisitorChat> {
  const own = await findVisitorThread(db, party);
  if (!own) return { thread: null, messages: [], unread: 0 };
  const [messages, unread] = await Promise.all([threadMessages(db, own.id), unreadByVisitor(db, own.id)]);
  return { thread: toVisitorThread(own), messages, unread };
}

/**
 * Marks the staff replies in `party`'s thread (their latest, or `threadId`) as seen by the
 * visitor. Answers how many were marked; 0 when the thread is not theirs.
 */
export async function markChatReadByVisitor({ db, party, threadId }: { db: Db; party: ChatParty; threadId?: number }): Promise<number> {
  const own = await findVisitorThread(db, party, threadId);
  if (!own) return 0;
  const marked = await db
    .update(message)
    .set({ readByVisitorAt: sql`now()` })
    .where(and(eq(message.threadId, own.id), eq(message.authorKind, 'staff'), isNull(message.readByVisitorAt)))
    .returning({ id: message.id });
  return marked.length;
}

export type SendVisitorMessageOutcome =
  | {
      ok: true;
      message: ChatMessageView;
      thread: VisitorThread;
      /** The new visitor token to set as the `dimora.chat` cookie (a thread was started), else null. */
      token: string | null;
      /** The same `clientId` was stored before: nothing new was written. */
      duplicate: boolean;
    }
  | { ok: false; status: 404 | 422; errors: Partial<Record<ChatField, string>> };

type SendVisitorMessageOptions = {
  db: Db;
  party: VisitorParty;
  /** `{ body, clientId?, threadId?, name?, email? }` as the browser sent it; validated here. */
  input: unknown;
  /** The visitor's language: error messages, and the thread keeps it for staff. */
  locale: Language;
};

/**
 * A visitor's message. Goes to their thread `threadId` (404 when it is not theirs) or their
 * latest thread; when they have none, starts one — name and e-mail required (from the account
 * when signed in; then `user_id` is set) and a new visitor token is answered for the cookie.
 * A visitor message re-opens a closed thread. Invalid input answers 422 with messages in
 * `locale`; nothing is written then.
 *
 * In one transaction: the message (once per `clientId`), the thread's `last_message_at`, staff
 * replies marked seen by the visitor, `chat.message` to the thread and staff, `chat.thread` to
 * staff, and — when this is the thread's only unread visitor message — an in-app notification to
 * every staff member who is not banned.
 */
export async function sendVisitorMessage({ db, party, input, locale }: SendVisitorMessageOptions): Promise<SendVisitorMessageOutcome> {
  const raw = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const parsed = visitorMessageSchema.safeParse(raw);
  const threadId = parsed.success ? parsed.data.threadId : undefined;
  const existing = await findVisitorThread(db, party, threadId);
  if (parsed.success && threadId !== undefined && !existing) return { ok: false, status: 404, errors: {} };

  // A first message says who is writing: the account, or the name and e-mail typed.
  let starter: { name: string; email: string } | null = null;
  let errors: Partial<Record<ChatField, string>> = parsed.success ? {} : translateIssues<ChatField>(parsed.error, locale);
  if (!existing) {
    if (party.viewer) starter = { name: party.viewer.name, email: party.viewer.email };
    else {
      const who = chatStarterSchema.safeParse({ name: raw.name ?? '', email: raw.email ?? '' });
      if (who.success) starter = who.data;
      else errors = { ...translateIssues<ChatField>(who.error, locale), ...errors };
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, status: 422, errors };
  const { body, clientId } = parsed.data;

  return db.transaction(async (tx): Promise<SendVisitorMessageOutcome> => {
    let own: VisitorThreadRow;
    let token: string | null = null;
    if (existing) {
      const [locked] = await tx.select(visitorThreadColumns).from(thread).where(eq(thread.id, existing.id)).for('update');
      if (!locked) return { ok: false, status: 404, errors: {} };
      own = locked;
    } else {
      // Always a fresh token: a cookie whose thread is gone is simply replaced.
      token = newVisitorToken();
      const [created] = await tx
        .insert(thread)
        .values({
          kind: 'chat',
          userId: party.viewer?.id ?? null,
          visitorName: starter!.name,
          visitorEmail: starter!.email,
          visitorToken: hashVisitorToken(token),
          locale,
          status: 'open',
        })
        .returning(visitorThreadColumns);
      if (!created) throw new Error('thread insert returned no row');
      own = created;
    }

    const [inserted] = await tx
      .insert(message)
      .values({ threadId: own.id, authorUserId: party.viewer?.id ?? null, authorKind: 'visitor', body, clientId: clientId ?? null })
      .onConflictDoNothing({ target: [message.threadId, message.clientId] })
      .returning({ id: message.id, createdAt: message.createdAt });
    if (!inserted) {
      const stored = await messageByClientId(tx, own.id, clientId!);
      if (!stored) throw new Error('client id conflict without a row');
      return { ok: true, message: stored, thread: toVisitorThread(own), token, duplicate: true };
    }

    await tx.update(thread).set({ lastMessageAt: inserted.createdAt, status: 'open' }).where(eq(thread.id, own.id));
    await tx
      .update(message)
      .set({ readByVisitorAt: sql`now()` })
      .where(and(eq(message.threadId, own.id), eq(message.authorKind, 'staff'), isNull(message.readByVisitorAt)));
    const view = await messageById(tx, inserted.id);
    await publishEvents(tx, [
      { audience: `thread:${own.id}`, type: 'chat.message', payload: { message: view } },
      { audience: 'staff', type: 'chat.message', payload: { message: view } },
      { audience: 'staff', type: 'chat.thread', payload: { threadId: own.id } },
    ]);
    const [unread] = await tx
      .select({ n: count() })
      .from(message)
      .where(and(eq(message.threadId, own.id), eq(message.authorKind, 'visitor'), isNull(message.readByStaffAt)));
    // One notification per burst: the only unread message, and the visitor's first in a while
    // (staff reading along while a visitor types many messages are not notified of each).
    const [previous] = await tx
      .select({ at: max(message.createdAt) })
      .from(message)
      .where(and(eq(message.threadId, own.id), eq(message.authorKind, 'visitor'), ne(message.id, inserted.id)));
    const quiet = !previous?.at || Date.now() - new Date(previous.at).getTime() > CHAT_NOTIFY_QUIET_MS;
    if ((unread?.n ?? 0) === 1 && quiet) {
      await notifyStaff(tx, { threadId: own.id, visitorName: own.visitorName ?? '', body, exceptUserId: party.viewer?.id ?? null });
    }
    return { ok: true, message: view, thread: { ...toVisitorThread(own), status: 'open' }, token, duplicate: false };
  });
}

function preview(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > CHAT_PREVIEW_LENGTH ? `${line.slice(0, CHAT_PREVIEW_LENGTH - 1)}…` : line;
}

/** One notification per staff member who is not banned, in their language. */
async function notifyStaff(
  db: Db,
  { threadId, visitorName, body, exceptUserId }: { threadId: number; visitorName: string; body: string; exceptUserId: string | null },
) {
  const staff = await db
    .select({ id: user.id, role: user.role, locale: user.locale })
    .from(user)
    .where(and(inArray(user.role, ['admin', 'property_manager']), eq(user.banned, false)));
  const rows = staff
    .filter((member) => member.id !== exceptUserId)
    .map((member) => {
      const t = getT(mailLanguage(member.locale));
      return {
        userId: member.id,
        title: t('inbox.notifications.visitorTitle'),
        message: t('inbox.notifications.visitorMessage', { name: visitorName, preview: preview(body) }),
        type: 'info' as const,
        actionUrl: inboxThreadUrl(member.role, threadId),
      };
    });
  await insertNotifications(db, rows);
}

// ---------------------------------------------------------------------------------------------
// The staff inbox: live chats (every staff member) and contact-form inquiries (admins, and the
// managers of the unit they are about; features/inquiries/lead-access.server.ts).

/** `actor`'s thread `threadId` of either tab, with what the inbox shows and the reply needs; null when they may not see it. */
async function findInboxThread(db: Db, actor: Viewer, threadId: number) {
  if (!Number.isSafeInteger(threadId) || threadId < 1 || threadId > 2_147_483_647) return null;
  const [row] = await db
    .select({
      thread,
      unit: {
        id: property.id,
        title: property.title,
        unitNumber: property.unitNumber,
        buildingId: property.buildingId,
        city: property.city,
        state: property.state,
        listed: property.listed,
        buildingName: building.name,
      },
    })
    .from(thread)
    .leftJoin(property, eq(property.id, thread.propertyId))
    .leftJoin(building, eq(building.id, property.buildingId))
    .where(and(eq(thread.id, threadId), visibleThreadsCondition(actor)));
  return row ?? null;
}

type JoinedUnit = { [K in keyof InboxUnit]: InboxUnit[K] | null } | null;

function toInboxUnit(unit: JoinedUnit): InboxUnit | null {
  if (!unit || unit.id === null || unit.buildingId === null) return null;
  return {
    id: unit.id,
    title: unit.title ?? '',
    unitNumber: unit.unitNumber ?? '',
    buildingId: unit.buildingId,
    buildingName: unit.buildingName ?? '',
    city: unit.city ?? '',
    state: unit.state ?? '',
    listed: unit.listed ?? false,
  };
}

/** Who hears live of changes to a thread: all staff for a chat, admins and the unit's managers for an inquiry. */
async function threadAudiences(db: Db, row: { kind: string; propertyId: number | null }): Promise<Audience[]> {
  return row.kind === 'contact' ? inquiryAudiences(db, row.propertyId) : ['staff'];
}

/**
 * Records that property manager `actor` reached for thread `threadId` that exists but is not
 * theirs (`inbox_access_denied`), as the portfolio does for buildings. Unknown ids and admins
 * record nothing.
 */
async function auditRefusedThread(db: Db, actor: Viewer, threadId: number, origin: RequestOrigin | undefined) {
  if (actor.role !== 'property_manager' || !Number.isSafeInteger(threadId) || threadId < 1 || threadId > 2_147_483_647) return;
  const [exists] = await db.select({ id: thread.id }).from(thread).where(eq(thread.id, threadId));
  if (!exists) return;
  await auditRefusal(db, actor, {
    action: 'inbox_access_denied',
    origin: origin ?? UNKNOWN_ORIGIN,
    table: 'thread',
    id: threadId,
    reason: 'not_managed',
    values: { thread_id: threadId },
  });
}

const UNKNOWN_ORIGIN: RequestOrigin = { ip: 'unknown', userAgent: 'unknown' };

/** Unread visitor messages of a thread, as a correlated subquery on `thread`. */
const unreadOfThread = sql<number>`(select count(*)::int from "message" m where m."thread_id" = "thread"."id" and m."author_kind" = 'visitor' and m."read_by_staff_at" is null)`;

/**
 * Per inbox tab, how many threads `actor` may see and how many of them wait (hold an unread
 * visitor message). Throws `ChatForbiddenError` unless `actor` is staff.
 */
export async function countInboxTabs({ db, actor }: { db: Db; actor: Viewer }): Promise<Record<InboxKind, InboxTabCount>> {
  assertStaff(actor);
  const entries = await Promise.all(
    INBOX_KINDS.map(async (kind) => {
      const [row] = await db
        .select({ total: count(), unread: sql<number>`count(*) filter (where ${unreadOfThread} > 0)::int` })
        .from(thread)
        .where(inboxThreadsCondition(actor, kind));
      return [kind, { total: row?.total ?? 0, unread: Number(row?.unread ?? 0) }] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<InboxKind, InboxTabCount>;
}

/**
 * One page (1-based, clamped) of the threads of tab `kind` (default: live chat) that `actor` may
 * see, newest activity first, each with the visitor's name and e-mail, an inquiry's subject, a
 * preview of the last message and its unread visitor messages. Throws `ChatForbiddenError`
 * unless `actor` is staff.
 */
export async function listStaffThreads({
  db,
  actor,
  page,
  kind = 'chat',
}: {
  db: Db;
  actor: Viewer;
  page: number;
  kind?: InboxKind;
}): Promise<StaffThreadList> {
  assertStaff(actor);
  const visible = inboxThreadsCondition(actor, kind);
  const [totals] = await db.select({ n: count() }).from(thread).where(visible);
  const total = totals?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / CHAT_INBOX_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  // Correlated subqueries, spelled out: drizzle leaves columns unqualified in a one-table select.
  const lastBody = sql<
    string | null
  >`(select left(m."body", ${CHAT_PREVIEW_LENGTH * 2}) from "message" m where m."thread_id" = "thread"."id" order by m."id" desc limit 1)`;
  const lastAuthor = sql<
    string | null
  >`(select m."author_kind" from "message" m where m."thread_id" = "thread"."id" order by m."id" desc limit 1)`;
  const [rows, unreadThreads] = await Promise.all([
    db
      .select({
        id: thread.id,
        kind: thread.kind,
        subject: thread.subject,
        visitorName: thread.visitorName,
        visitorEmail: thread.visitorEmail,
        status: thread.status,
        lastMessageAt: thread.lastMessageAt,
        unread: unreadOfThread,
        lastBody,
        lastAuthor,
      })
      .from(thread)
      .where(visible)
      .orderBy(desc(thread.lastMessageAt), desc(thread.id))
      .limit(CHAT_INBOX_PAGE_SIZE)
      .offset((current - 1) * CHAT_INBOX_PAGE_SIZE),
    db
      .select({ n: countDistinct(message.threadId) })
      .from(message)
      .innerJoin(thread, eq(thread.id, message.threadId))
      .where(and(visible, eq(message.authorKind, 'visitor'), isNull(message.readByStaffAt))),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind === 'contact' ? 'contact' : 'chat',
      subject: row.kind === 'contact' ? row.subject : null,
      visitorName: row.visitorName ?? '',
      visitorEmail: row.visitorEmail ?? '',
      status: row.status,
      lastMessageAt: new Date(row.lastMessageAt).toISOString(),
      preview: preview(row.lastBody ?? ''),
      previewAuthor: row.lastAuthor === 'staff' ? 'staff' : row.lastAuthor === 'visitor' ? 'visitor' : null,
      unread: Number(row.unread),
    })),
    total,
    page: current,
    pageCount,
    unreadThreads: unreadThreads[0]?.n ?? 0,
  };
}

/**
 * Opens thread `threadId` (a chat, or a contact inquiry `actor` may see) for a staff member: its
 * details (an inquiry's subject, phone and unit too) and latest 200 messages. Unless `markRead`
 * is false, marks its visitor messages read by staff (then `chat.thread` tells the inboxes that
 * see it) and the actor's own unread notifications about it as read (`notification.read`). Null
 * when there is no such thread for `actor` — another manager's inquiry included, which is
 * audited (`inbox_access_denied`, with `origin`). Throws `ChatForbiddenError` unless `actor` is
 * staff.
 */
export async function openStaffThread({
  db,
  actor,
  threadId,
  markRead = true,
  origin,
}: {
  db: Db;
  actor: Viewer;
  threadId: number;
  /** False: only read (a request from another site must not mark anything read, nor audit). */
  markRead?: boolean;
  /** Where the request came from, for the audit of a refusal. */
  origin?: RequestOrigin;
}): Promise<StaffThreadDetail | null> {
  assertStaff(actor);
  return db.transaction(async (tx) => {
    const found = await findInboxThread(tx, actor, threadId);
    if (!found) {
      // A request from another site writes nothing, not even the audit of a refusal: a page
      // elsewhere could otherwise fill the log with refusals under a staff member's name.
      if (markRead) await auditRefusedThread(tx, actor, threadId, origin);
      return null;
    }
    const row = found.thread;
    const seen = markRead ? await markThreadSeen(tx, actor, row) : [];
    if (seen.length > 0) {
      await publishEvents(tx, [{ audience: `user:${actor.id}`, type: 'notification.read', payload: { ids: seen.map((item) => item.id) } }]);
    }
    const contact = row.kind === 'contact';
    return {
      id: row.id,
      kind: contact ? 'contact' : 'chat',
      subject: contact ? row.subject : null,
      visitorName: row.visitorName ?? '',
      visitorEmail: row.visitorEmail ?? '',
      visitorPhone: contact ? row.visitorPhone : null,
      unit: contact ? toInboxUnit(found.unit) : null,
      status: row.status,
      hasAccount: row.userId !== null,
      locale: row.locale,
      createdAt: row.createdAt.toISOString(),
      messages: await threadMessages(tx, threadId),
    };
  });
}

/** Marks the thread's visitor messages read by staff and `actor`'s notifications about it; answers those notifications. */
async function markThreadSeen(
  db: Db,
  actor: Viewer,
  row: { id: number; kind: string; propertyId: number | null },
): Promise<{ id: number }[]> {
  await markReadByStaff(db, row);
  return db
    .update(notification)
    .set({ read: true })
    .where(
      and(eq(notification.userId, actor.id), eq(notification.read, false), eq(notification.actionUrl, inboxThreadUrl(actor.role, row.id))),
    )
    .returning({ id: notification.id });
}

/** Marks the thread's visitor messages read by staff; tells the inboxes that see it when any were unread. */
async function markReadByStaff(db: Db, row: { id: number; kind: string; propertyId: number | null }): Promise<number> {
  const marked = await db
    .update(message)
    .set({ readByStaffAt: sql`now()` })
    .where(and(eq(message.threadId, row.id), eq(message.authorKind, 'visitor'), isNull(message.readByStaffAt)))
    .returning({ id: message.id });
  if (marked.length > 0) {
    const audiences = await threadAudiences(db, row);
    await publishEvents(
      db,
      audiences.map((audience) => ({ audience, type: 'chat.thread' as const, payload: { threadId: row.id } })),
    );
  }
  return marked.length;
}

/**
 * The inbox page's data: the tab counts, one page of the shown tab's threads and the open one
 * (`threadId`), if any. The tab is the open thread's kind, else `tab`, else live chat.
 */
export async function loadInbox({
  db,
  actor,
  page,
  threadId,
  tab,
  markRead = true,
  origin,
}: {
  db: Db;
  actor: Viewer;
  page: number;
  threadId: number | null;
  /** The tab asked for (`?inboxTab=`); the open thread's kind wins. */
  tab?: InboxKind;
  /** False: open without marking anything read (see `openStaffThread`). */
  markRead?: boolean;
  origin?: RequestOrigin;
}): Promise<InboxData> {
  assertStaff(actor);
  // Open (and mark read) first, so the list's unread counts already reflect it.
  const selected = threadId === null ? null : await openStaffThread({ db, actor, threadId, markRead, origin });
  const shown: InboxKind = selected?.kind ?? tab ?? 'chat';
  const [list, counts] = await Promise.all([listStaffThreads({ db, actor, page, kind: shown }), countInboxTabs({ db, actor })]);
  return { tab: shown, counts, list, selected, selectedMissing: threadId !== null && !selected };
}

export type StaffReplyOutcome =
  { ok: true; message: ChatMessageView; duplicate: boolean } | { ok: false; status: 404 | 422; errors: Partial<Record<ChatField, string>> };

/**
 * A staff reply in thread `threadId` (`input`: `{ body, clientId? }`, validated here; 422 with
 * messages in `locale`; 404 for no such thread for `actor`, audited for another manager's
 * inquiry). In one transaction: the message (once per `clientId`), the thread's activity, its
 * visitor messages marked read, and the events. A chat: `chat.message` to the thread and staff,
 * and — when this is the first reply the visitor has not seen and they have an account — an
 * in-app notification to them. A contact inquiry: `chat.message` to admins and the unit's
 * managers, the reply e-mailed to the visitor through the outbox (decision 018), and an audit
 * entry (`contact_reply_sent`). Throws `ChatForbiddenError` unless `actor` is staff.
 */
export async function replyToThread({
  db,
  actor,
  threadId,
  input,
  locale,
  origin,
}: {
  db: Db;
  actor: Viewer;
  threadId: number;
  input: unknown;
  locale: Language;
  origin?: RequestOrigin;
}): Promise<StaffReplyOutcome> {
  assertStaff(actor);
  const parsed = staffReplySchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 422, errors: translateIssues<ChatField>(parsed.error, locale) };
  const { body, clientId } = parsed.data;
  return db.transaction(async (tx): Promise<StaffReplyOutcome> => {
    const [target] = await tx
      .select({ id: thread.id, kind: thread.kind, propertyId: thread.propertyId, userId: thread.userId, visitorEmail: thread.visitorEmail })
      .from(thread)
      .where(and(eq(thread.id, threadId), visibleThreadsCondition(actor)))
      .for('update');
    if (!target) {
      await auditRefusedThread(tx, actor, threadId, origin);
      return { ok: false, status: 404, errors: {} };
    }
    const [inserted] = await tx
      .insert(message)
      .values({ threadId, authorUserId: actor.id, authorKind: 'staff', body, clientId: clientId ?? null })
      .onConflictDoNothing({ target: [message.threadId, message.clientId] })
      .returning({ id: message.id, createdAt: message.createdAt });
    if (!inserted) {
      const stored = await messageByClientId(tx, threadId, clientId!);
      if (!stored) throw new Error('client id conflict without a row');
      return { ok: true, message: stored, duplicate: true };
    }
    await tx.update(thread).set({ lastMessageAt: inserted.createdAt }).where(eq(thread.id, threadId));
    await markReadByStaff(tx, target);
    const view = await messageById(tx, inserted.id);
    if (target.kind === 'contact') {
      const audiences = await threadAudiences(tx, target);
      await publishEvents(
        tx,
        audiences.map((audience) => ({ audience, type: 'chat.message' as const, payload: { message: view } })),
      );
      await enqueueContactReply(tx, { threadId, messageId: inserted.id, staffName: actor.name });
      await recordAuditEvent({
        db: tx,
        userId: actor.id,
        action: 'contact_reply_sent',
        origin: origin ?? UNKNOWN_ORIGIN,
        tableName: 'thread',
        values: { thread_id: threadId, message_id: inserted.id },
      });
      return { ok: true, message: view, duplicate: false };
    }
    await publishEvents(tx, [
      { audience: `thread:${threadId}`, type: 'chat.message', payload: { message: view } },
      { audience: 'staff', type: 'chat.message', payload: { message: view } },
    ]);
    if ((await unreadByVisitor(tx, threadId)) === 1)
      await notifyVisitor(tx, { thread: target, staffName: actor.name, body, exceptUserId: actor.id });
    return { ok: true, message: view, duplicate: false };
  });
}

/** Notifies the visitor's account of a reply, when the thread has one (`user_id`). */
async function notifyVisitor(
  db: Db,
  {
    thread: target,
    staffName,
    body,
    exceptUserId,
  }: { thread: { userId: string | null; visitorEmail: string | null }; staffName: string; body: string; exceptUserId: string },
) {
  // The thread's account only: an address typed into the widget proves nothing (decision 011).
  if (!target.userId) return;
  const condition = eq(user.id, target.userId);
  const [account] = await db
    .select({ id: user.id, locale: user.locale })
    .from(user)
    .where(and(condition, eq(user.banned, false)))
    .limit(1);
  if (!account || account.id === exceptUserId) return;
  const t = getT(mailLanguage(account.locale));
  await insertNotifications(db, [
    {
      userId: account.id,
      title: t('inbox.notifications.replyTitle'),
      message: t('inbox.notifications.replyMessage', { name: staffName, preview: preview(body) }),
      type: 'info',
      actionUrl: VISITOR_REPLY_URL,
    },
  ]);
}

/**
 * Closes or re-opens thread `threadId` (a chat, or a contact inquiry `actor` may see; a
 * visitor's next chat message re-opens a chat anyway). Answers false when there is no such
 * thread for `actor` (another manager's inquiry is audited). Tells the inboxes that see it, and
 * a chat's visitor (`chat.thread`). Throws `ChatForbiddenError` unless `actor` is staff.
 */
export async function setThreadStatus({
  db,
  actor,
  threadId,
  status,
  origin,
}: {
  db: Db;
  actor: Viewer;
  threadId: number;
  status: ChatThreadStatus;
  origin?: RequestOrigin;
}): Promise<boolean> {
  assertStaff(actor);
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(thread)
      .set({ status })
      .where(and(eq(thread.id, threadId), visibleThreadsCondition(actor)))
      .returning({ id: thread.id, kind: thread.kind, propertyId: thread.propertyId });
    const [row] = updated;
    if (!row) {
      await auditRefusedThread(tx, actor, threadId, origin);
      return false;
    }
    const events: OutgoingEvent[] = (await threadAudiences(tx, row)).map((audience) => ({
      audience,
      type: 'chat.thread' as const,
      payload: { threadId },
    }));
    if (row.kind === 'chat') events.push({ audience: `thread:${threadId}`, type: 'chat.thread', payload: { threadId } });
    await publishEvents(tx, events);
    return true;
  });
}
