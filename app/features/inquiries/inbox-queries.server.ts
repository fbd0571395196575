/**
 * What the staff inbox shows (decisions 012 and 018): the count per tab (live chat, contact
 * inquiries), one page of a tab's threads, an opened thread with its details and messages, and
 * the inbox page's data in one call. Opening a thread marks its visitor messages read by staff
 * and the opener's notifications about it read, and tells the inboxes that see it
 * (`chat.thread`). Every function throws `ChatForbiddenError` unless the actor is staff.
 */
import { and, count, countDistinct, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { message, notification, thread } from '~/server/db/schema';
import type { RequestOrigin } from '~/server/audit.server';
import { publishEvents } from '~/server/realtime/events.server';
import {
  CHAT_INBOX_PAGE_SIZE,
  CHAT_PREVIEW_LENGTH,
  INBOX_KINDS,
  type InboxData,
  type InboxKind,
  type InboxTabCount,
  type StaffThreadDetail,
  type StaffThreadList,
} from './chat.types';
import { threadAudiences } from './chat-notify.server';
import { assertStaff, auditRefusedThread, findInboxThread, toInboxUnit } from './inbox-access.server';
import { inboxThreadsCondition, inboxThreadUrl } from './lead-access.server';
import { preview, threadMessages } from './thread-messages.server';

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
export async function markReadByStaff(db: Db, row: { id: number; kind: string; propertyId: number | null }): Promise<number> {
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
