/**
 * The messages of an inquiry thread as the widget and the inbox show them (decision 012): one row
 * shape (`ChatMessageView`, the author's display name resolved), the latest page of a thread,
 * a message by id or by the browser's client id (a resend is answered the stored row), the staff
 * replies a visitor has not seen, and the one-line preview used by the inbox list and the
 * notifications. Reads only; the callers write.
 */
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { message, thread, user } from '~/server/db/schema';
import type { ChatMessageView } from '~/server/realtime/events.server';
import { CHAT_PREVIEW_LENGTH, CHAT_THREAD_MESSAGE_LIMIT } from './chat.types';

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
export async function threadMessages(db: Db, threadId: number): Promise<ChatMessageView[]> {
  const rows = await selectMessages(db).where(eq(message.threadId, threadId)).orderBy(desc(message.id)).limit(CHAT_THREAD_MESSAGE_LIMIT);
  return rows.reverse().map(toMessageView);
}

/** Message `id` as the widget shows it; throws when it is gone (callers just wrote it). */
export async function messageById(db: Db, id: number): Promise<ChatMessageView> {
  const [row] = await selectMessages(db).where(eq(message.id, id));
  if (!row) throw new Error(`message ${id} vanished`);
  return toMessageView(row);
}

/** The message of thread `threadId` sent with `clientId`, or null: a resend answers the stored row. */
export async function messageByClientId(db: Db, threadId: number, clientId: string): Promise<ChatMessageView | null> {
  const [row] = await selectMessages(db).where(and(eq(message.threadId, threadId), eq(message.clientId, clientId)));
  return row ? toMessageView(row) : null;
}

/** How many staff replies in thread `threadId` its visitor has not seen. */
export async function unreadByVisitor(db: Db, threadId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(message)
    .where(and(eq(message.threadId, threadId), eq(message.authorKind, 'staff'), isNull(message.readByVisitorAt)));
  return row?.n ?? 0;
}

/** `body` on one line, cut to `CHAT_PREVIEW_LENGTH` characters with an ellipsis. */
export function preview(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > CHAT_PREVIEW_LENGTH ? `${line.slice(0, CHAT_PREVIEW_LENGTH - 1)}…` : line;
}
