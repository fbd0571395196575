/**
 * The owner portal's message thread with the management (decision 061): one thread per owner.
 * The owner writes from /owner-portal, staff answer from /admin/owners/:id; each message tells the
 * other side in-app (the owner's account; every admin), in the recipient's language. The thread
 * shows its newest OWNER_THREAD_LIMIT messages, oldest first.
 */
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { getT } from '~/i18n/translate.server';
import { OWNER_PORTAL_PATH } from '~/lib/access';
import type { Language } from '~/lib/constants';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { owner, ownerMessage, user } from '~/server/db/schema';
import { mailLanguage } from '~/server/mail/templates.server';
import { insertNotifications } from '~/server/notifications/notify.server';

/** The longest message, in characters (the table's check). */
export const OWNER_MESSAGE_MAX = 2000;
/** The thread shows this many of the newest messages. */
export const OWNER_THREAD_LIMIT = 100;

/** The message form: a body of 1–2,000 characters once trimmed. */
export const ownerMessageSchema = z.object({
  body: z.string().trim().min(1, 'owners.messages.errors.empty').max(OWNER_MESSAGE_MAX, 'owners.messages.errors.long'),
});

/** One message as both sides show it. */
export type OwnerMessageView = { id: number; authorKind: 'owner' | 'staff'; authorName: string | null; body: string; createdAt: string };

/** The newest `OWNER_THREAD_LIMIT` messages of owner `ownerId`'s thread, oldest first. */
export async function listOwnerMessages(db: Db, ownerId: number): Promise<OwnerMessageView[]> {
  const rows = await db
    .select({
      id: ownerMessage.id,
      authorKind: ownerMessage.authorKind,
      authorName: user.name,
      body: ownerMessage.body,
      createdAt: ownerMessage.createdAt,
    })
    .from(ownerMessage)
    .leftJoin(user, eq(user.id, ownerMessage.authorUserId))
    .where(eq(ownerMessage.ownerId, ownerId))
    .orderBy(desc(ownerMessage.createdAt), desc(ownerMessage.id))
    .limit(OWNER_THREAD_LIMIT);
  return rows.reverse().map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The first 120 characters of `body`, for a notification. */
function preview(body: string): string {
  return body.length > 120 ? `${body.slice(0, 119)}…` : body;
}

/**
 * Adds `body` (already validated) to owner `ownerId`'s thread, written by `author` as the owner
 * (`owner`) or for the management (`staff`), and notifies the other side in the same transaction:
 * staff's answer the owner's account (when it has one), the owner's message every admin.
 * Answers null when the owner does not exist.
 */
export async function postOwnerMessage(
  db: Db,
  { ownerId, author, authorKind, body }: { ownerId: number; author: Pick<Viewer, 'id'>; authorKind: 'owner' | 'staff'; body: string },
): Promise<{ id: number } | null> {
  return db.transaction(async (tx) => {
    const [record] = await tx.select({ id: owner.id, name: owner.name, userId: owner.userId }).from(owner).where(eq(owner.id, ownerId));
    if (!record) return null;
    const [row] = await tx
      .insert(ownerMessage)
      .values({ ownerId, authorUserId: author.id, authorKind, body })
      .returning({ id: ownerMessage.id });
    const recipients =
      authorKind === 'staff'
        ? record.userId
          ? await tx.select({ id: user.id, locale: user.locale }).from(user).where(eq(user.id, record.userId))
          : []
        : await tx.select({ id: user.id, locale: user.locale }).from(user).where(eq(user.role, 'admin'));
    await insertNotifications(
      tx,
      recipients.map((recipient) => {
        const t = getT(mailLanguage(recipient.locale) as Language);
        return {
          userId: recipient.id,
          title: t(authorKind === 'staff' ? 'owners.messages.notify.toOwner' : 'owners.messages.notify.toStaff', { owner: record.name }),
          message: preview(body),
          type: 'info' as const,
          actionUrl: authorKind === 'staff' ? `${OWNER_PORTAL_PATH}#owner-messages` : `/admin/owners/${ownerId}#owner-messages`,
        };
      }),
    );
    return { id: row!.id };
  });
}
