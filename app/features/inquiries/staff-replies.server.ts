/**
 * What staff do to a thread from the inbox (decisions 012 and 018): reply, and close or re-open
 * it. A chat reply goes live to the visitor's widget (and, for an account, an in-app
 * notification); a contact inquiry's reply is e-mailed to the sender through the outbox in the
 * same transaction and audited. A thread the actor may not see answers "not found", audited for
 * a property manager. Both throw `ChatForbiddenError` unless the actor is staff.
 */
import { and, eq } from 'drizzle-orm';
import type { Language } from '~/lib/constants';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { message, thread } from '~/server/db/schema';
import { translateIssues } from '~/server/http/form.server';
import { publishEvents, type ChatMessageView, type OutgoingEvent } from '~/server/realtime/events.server';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import { staffReplySchema, type ChatField } from './chat.schemas';
import type { ChatThreadStatus } from './chat.types';
import { notifyVisitor, threadAudiences } from './chat-notify.server';
import { assertStaff, auditRefusedThread, UNKNOWN_ORIGIN } from './inbox-access.server';
import { markReadByStaff } from './inbox-queries.server';
import { enqueueContactReply } from './lead-jobs.server';
import { visibleThreadsCondition } from './lead-access.server';
import { messageById, messageByClientId, unreadByVisitor } from './thread-messages.server';

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
