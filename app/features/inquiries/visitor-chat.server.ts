/**
 * A visitor's conversation, behind the widget and `/api/chat` (decision 012): find their thread,
 * mark the staff replies seen, and send a message, which starts a thread (and a new cookie
 * token) when they have none and re-opens a closed one.
 *
 * - A visitor's thread is theirs through the `dimora.chat` cookie (only its SHA-256 is stored) or,
 *   when signed in, through `thread.user_id` (`ownThreadsCondition`): an e-mail address alone
 *   grants nothing, since anyone may type anyone's.
 * - Every write is one transaction: the message, the thread's activity, the realtime events
 *   (`chat.message` to `thread:<id>` and `staff`, `chat.thread` to `staff`) and the staff's
 *   in-app notification are seen together on commit or not at all.
 * - A message carries the browser's `clientId` (a UUID): a resend after a lost answer or an
 *   offline queue is stored once (UNIQUE(thread_id, client_id)) and answers the stored row.
 */
import { and, count, desc, eq, isNull, max, ne, sql } from 'drizzle-orm';
import type { Language } from '~/lib/constants';
import { hashVisitorToken, newVisitorToken, ownThreadsCondition, type ChatParty } from '~/server/chat/chat-access.server';
import type { Db } from '~/server/db/client.server';
import { message, thread } from '~/server/db/schema';
import { translateIssues } from '~/server/http/form.server';
import { publishEvents, type ChatMessageView } from '~/server/realtime/events.server';
import { chatStarterSchema, visitorMessageSchema, type ChatField } from './chat.schemas';
import { CHAT_NOTIFY_QUIET_MS, type ChatThreadStatus, type VisitorChat, type VisitorThread } from './chat.types';
import { notifyStaff } from './chat-notify.server';
import { messageById, messageByClientId, threadMessages, unreadByVisitor } from './thread-messages.server';

/** The visitor: their cookie token and/or the signed-in account (its name for a first message). */
export type VisitorParty = { token: string | null; viewer: { id: string; email: string; name: string } | null };

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
