/** Creates the bell journeys' accounts and notifications (tests/e2e/notification-users.ts). */
import { createVerifiedUser } from '../../app/server/auth/create-user.server';
import type { Db } from '../../app/server/db/client.server';
import { notification } from '../../app/server/db/schema';
import { BADGE_USER_NEWEST, BADGE_USER_UNREAD, E2E_NOTIFICATION_USERS, type NotificationUser } from './notification-users';

const HOUR_MS = 60 * 60 * 1_000;
const DAY_MS = 24 * HOUR_MS;

/** Creates the accounts (tenants) and the `badge` account's notifications. */
export async function seedNotificationUsers(db: Db): Promise<void> {
  const ids = {} as Record<NotificationUser, string>;
  for (const [key, account] of Object.entries(E2E_NOTIFICATION_USERS)) {
    ids[key as NotificationUser] = (await createVerifiedUser(db, { ...account, role: 'tenant' })).id;
  }
  const now = Date.now();
  const newest = BADGE_USER_NEWEST.map((item) => ({ title: item.title, type: item.type, createdAt: new Date(now - item.ageMs) }));
  const older = Array.from({ length: BADGE_USER_UNREAD - newest.length }, (_, index) => ({
    title: `Older notice ${index + 1}`,
    type: 'info' as const,
    createdAt: new Date(now - 11 * DAY_MS - index * HOUR_MS),
  }));
  await db.insert(notification).values(
    [...newest, ...older].map((item) => ({
      userId: ids.badge,
      title: item.title,
      message: `${item.title}: details.`,
      type: item.type,
      createdAt: item.createdAt,
    })),
  );
}
