/**
 * In-app notifications (spec §3 Notification, §4 "Notification", §9: the 50 most recent; decision 013): a user's list and unread count, marking read, and the broadcasts an
 * admin sends from /admin/notifications.
 *
 * Every change publishes a realtime event in the transaction that makes it, so the bell updates
 * live in every tab of the user (spec §4 "the list reloads on any change"): `notification.read`
 * to the user; a broadcast to one person `notification.created` (through `insertNotifications`);
 * a broadcast to a role or to everybody a single `notification.refresh` to that audience, so
 * tens of thousands of recipients cost one INSERT … SELECT and one event, not one each.
 */
import { and, count, desc, eq, ilike, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Role } from '~/lib/access';
import { NOTIFICATION_LIST_LIMIT, type Language } from '~/lib/constants';
import type { FieldErrors } from '~/lib/form-fields';
import { getT } from '~/i18n/translate.server';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { broadcast, notification, user } from '~/server/db/schema';
import { translateIssues } from '~/server/http/form.server';
import { insertNotifications, toNotificationView } from '~/server/notifications/notify.server';
import { publishEvents, type NotificationView } from '~/server/realtime/events.server';
import { assertAdmin } from '../admin/admin.server';
import {
  broadcastSchema,
  RECIPIENT_SEARCH_MAX,
  type BroadcastAudience,
  type BroadcastField,
  type NotificationType,
} from './notifications.schemas';
import { containsPattern } from '~/lib/like-pattern';

/** What the bell shows: the most recent notifications, newest first, and the unread total. */
export type NotificationList = { items: NotificationView[]; unread: number };

type Actor = Pick<Viewer, 'id'>;

/**
 * The `actor`'s NOTIFICATION_LIST_LIMIT (50, spec §9) most recent notifications, newest first,
 * and how many of all their notifications are unread (which may exceed the list).
 */
export async function listNotifications({ db, actor }: { db: Db; actor: Actor }): Promise<NotificationList> {
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(notification)
      .where(eq(notification.userId, actor.id))
      .orderBy(desc(notification.createdAt), desc(notification.id))
      .limit(NOTIFICATION_LIST_LIMIT),
    db
      .select({ n: count() })
      .from(notification)
      .where(and(eq(notification.userId, actor.id), not(notification.read))),
  ]);
  return { items: rows.map(toNotificationView), unread: unread[0]?.n ?? 0 };
}

/**
 * Marks one of the `actor`'s own notifications read (spec §4: clicking it) and tells their other
 * tabs. Answers false when no notification `id` belongs to them (unknown, or someone else's: the
 * two are not told apart). Marking an already read one again changes nothing.
 */
export async function markNotificationRead({ db, actor, id }: { db: Db; actor: Actor; id: number }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const own = and(eq(notification.id, id), eq(notification.userId, actor.id));
    const changed = await tx
      .update(notification)
      .set({ read: true })
      .where(and(own, not(notification.read)))
      .returning({ id: notification.id });
    if (changed.length === 0) {
      const [existing] = await tx.select({ id: notification.id }).from(notification).where(own);
      return Boolean(existing);
    }
    await publishEvents(tx, [{ audience: `user:${actor.id}`, type: 'notification.read', payload: { ids: [id] } }]);
    return true;
  });
}

/**
 * Marks every unread notification of the `actor` read (spec §4 "Mark all read") and tells their
 * other tabs. Answers how many changed.
 */
export async function markAllNotificationsRead({ db, actor }: { db: Db; actor: Actor }): Promise<number> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(notification)
      .set({ read: true })
      .where(and(eq(notification.userId, actor.id), not(notification.read)))
      .returning({ id: notification.id });
    if (changed.length > 0) await publishEvents(tx, [{ audience: `user:${actor.id}`, type: 'notification.read', payload: { ids: 'all' } }]);
    return changed.length;
  });
}

// ---------------------------------------------------------------------------------------------
// Broadcasts (admin only)
// ---------------------------------------------------------------------------------------------

export type BroadcastOutcome =
  { ok: true; broadcastId: number; recipients: number } | { ok: false; status: 422; errors: FieldErrors<BroadcastField> };

function refused(locale: Language, field: BroadcastField, key: string): BroadcastOutcome {
  return { ok: false, status: 422, errors: { [field]: getT(locale)(key) } };
}

/**
 * Sends a notification from the admin `actor` to one person (by `userId`, else by `email`, any
 * letter case), to everyone holding a role, or to everybody; banned accounts receive nothing.
 * In one transaction: the notification rows (INSERT … SELECT), the `broadcast` row with the
 * recipient count, the realtime events and the `notification_broadcast` audit entry.
 * `input` is the form's fields, validated here (title ≤ 120, message ≤ 1000, link a path on this
 * site); invalid input or an unknown or banned recipient answers 422 per field, in `locale`.
 * Throws `AdminForbiddenError` for anyone but an admin.
 */
export async function sendBroadcast({
  db,
  actor,
  origin,
  input,
  locale,
}: {
  db: Db;
  actor: Viewer;
  origin: RequestOrigin;
  input: unknown;
  locale: Language;
}): Promise<BroadcastOutcome> {
  assertAdmin(actor);
  const parsed = broadcastSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 422, errors: translateIssues<BroadcastField>(parsed.error, locale) };
  const { audience, email, userId, role, title, message, type, actionUrl } = parsed.data;

  return db.transaction(async (tx): Promise<BroadcastOutcome> => {
    let targetUserId: string | null = null;
    let recipients: number;
    if (audience === 'user') {
      const [target] = await tx
        .select({ id: user.id, banned: user.banned })
        .from(user)
        .where(userId ? eq(user.id, userId) : eq(sql`lower(${user.email})`, email.toLowerCase()));
      if (!target) return refused(locale, 'email', 'notifications.admin.errors.userNotFound');
      if (target.banned) return refused(locale, 'email', 'notifications.admin.errors.userBanned');
      targetUserId = target.id;
      await insertNotifications(tx, [{ userId: target.id, title, message, type, actionUrl }]);
      recipients = 1;
    } else {
      const who = audience === 'role' && role ? and(eq(user.role, role), not(user.banned)) : not(user.banned);
      recipients = await insertForEveryone(tx, who, { title, message, type, actionUrl });
      await publishEvents(tx, [
        { audience: audience === 'role' && role ? `role:${role}` : 'all', type: 'notification.refresh', payload: {} },
      ]);
    }
    const [row] = await tx
      .insert(broadcast)
      .values({ senderId: actor.id, audience, targetUserId, targetRole: role, title, message, type, actionUrl, recipients })
      .returning({ id: broadcast.id });
    if (!row) throw new Error('broadcast insert returned nothing');
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'notification_broadcast',
      origin,
      tableName: 'broadcast',
      values: { broadcast_id: row.id, audience, target_user_id: targetUserId, target_role: role, recipients, title, type },
    });
    return { ok: true, broadcastId: row.id, recipients };
  });
}

/**
 * Writes one notification for every user matching `where` in a single INSERT … SELECT, so the
 * cost stays one statement whatever the number of users. Answers how many were written.
 */
async function insertForEveryone(
  tx: Db,
  where: SQL | undefined,
  values: { title: string; message: string; type: NotificationType; actionUrl: string | null },
): Promise<number> {
  const result = await tx.execute(sql`
    with inserted as (
      insert into ${notification} (user_id, title, message, type, action_url)
      select ${user.id}, ${values.title}::text, ${values.message}::text, ${values.type}::notification_type, ${values.actionUrl}::text
      from ${user}
      where ${where ?? sql`true`}
      returning 1
    )
    select count(*)::int as n from inserted`);
  const [first] = (result as unknown as { rows: { n: number | string }[] }).rows;
  return Number(first?.n ?? 0);
}

/** One sent broadcast as the /admin/notifications table shows it. `createdAt` is an ISO instant. */
export type BroadcastRow = {
  id: number;
  createdAt: string;
  audience: BroadcastAudience;
  targetRole: Role | null;
  /** The person's e-mail address (audience `user`); null when their account was deleted. */
  targetEmail: string | null;
  title: string;
  type: NotificationType;
  recipients: number;
  /** null when the sender's account was deleted. */
  senderEmail: string | null;
};

export type BroadcastPage = { items: BroadcastRow[]; total: number; page: number; pageCount: number };

/** The broadcast history shows 25 a page. */
export const BROADCASTS_PAGE_SIZE = 25;

/** One page of sent broadcasts, newest first, with sender and target. Admin only. */
export async function listBroadcasts({ db, actor, page = 1 }: { db: Db; actor: Viewer; page?: number }): Promise<BroadcastPage> {
  assertAdmin(actor);
  const [totalRow] = await db.select({ n: count() }).from(broadcast);
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / BROADCASTS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const sender = alias(user, 'sender');
  const target = alias(user, 'target');
  const rows = await db
    .select({
      id: broadcast.id,
      createdAt: broadcast.createdAt,
      audience: broadcast.audience,
      targetRole: broadcast.targetRole,
      targetEmail: target.email,
      title: broadcast.title,
      type: broadcast.type,
      recipients: broadcast.recipients,
      senderEmail: sender.email,
    })
    .from(broadcast)
    .leftJoin(sender, eq(sender.id, broadcast.senderId))
    .leftJoin(target, eq(target.id, broadcast.targetUserId))
    .orderBy(desc(broadcast.createdAt), desc(broadcast.id))
    .limit(BROADCASTS_PAGE_SIZE)
    .offset((current - 1) * BROADCASTS_PAGE_SIZE);
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      audience: row.audience as BroadcastAudience,
      targetRole: row.targetRole as Role | null,
    })),
    total,
    page: current,
    pageCount,
  };
}

/** How many suggestions the recipient search offers. */
export const RECIPIENT_SUGGESTIONS = 10;

/**
 * Accounts that can receive a broadcast (not banned) whose e-mail address or name contains `q`,
 * for the recipient field's suggestions. Empty for a blank `q`. Admin only.
 */
export async function findBroadcastRecipients({
  db,
  actor,
  q,
}: {
  db: Db;
  actor: Viewer;
  q: string;
}): Promise<{ email: string; name: string }[]> {
  assertAdmin(actor);
  const search = q.trim().slice(0, RECIPIENT_SEARCH_MAX);
  if (!search) return [];
  return db
    .select({ email: user.email, name: user.name })
    .from(user)
    .where(and(not(user.banned), or(ilike(user.email, containsPattern(search)), ilike(user.name, containsPattern(search)))))
    .orderBy(user.email)
    .limit(RECIPIENT_SUGGESTIONS);
}
