/**
 * Writing in-app notifications (spec §3 Notification, decision 013). Every notification
 * is written through `insertNotifications`, which also publishes a `notification.created` event
 * to its recipient, so the bell updates live on every instance. Importable by plain tsx.
 */
import type { Db } from '../db/client.server';
import { notification } from '../db/schema';
import { publishEvents, type NotificationView } from '../realtime/events.server';

export type NewNotification = typeof notification.$inferInsert;

/** A stored notification as the bell and the event stream carry it. */
export function toNotificationView(row: typeof notification.$inferSelect): NotificationView {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    read: row.read,
    actionUrl: row.actionUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Inserts `rows` and tells each recipient's open streams. Pass the transaction of the change
 * that causes them. Answers the stored notifications.
 */
export async function insertNotifications(db: Db, rows: readonly NewNotification[]): Promise<NotificationView[]> {
  if (rows.length === 0) return [];
  const stored = await db
    .insert(notification)
    .values([...rows])
    .returning();
  const views = stored.map(toNotificationView);
  await publishEvents(
    db,
    stored.map((row, index) => ({
      audience: `user:${row.userId}` as const,
      type: 'notification.created' as const,
      payload: { notification: views[index]! },
    })),
  );
  return views;
}
