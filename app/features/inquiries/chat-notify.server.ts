/**
 * Who hears of a new message (decisions 011 and 012): the live audiences of a thread (every staff
 * member for a chat; admins and the unit's managers for a contact inquiry, decision 018), and the
 * in-app notifications, one per burst of messages: staff when a visitor writes, the visitor's
 * account when staff reply. Called inside the transaction that stores the message, so a
 * notification is never seen for a message that rolled back.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { getT } from '~/i18n/translate.server';
import type { Db } from '~/server/db/client.server';
import { user } from '~/server/db/schema';
import { mailLanguage } from '~/server/mail/templates.server';
import { insertNotifications } from '~/server/notifications/notify.server';
import type { Audience } from '~/server/realtime/events.server';
import { inquiryAudiences, inboxThreadUrl } from './lead-access.server';
import { preview } from './thread-messages.server';

/** Where the visitor's notification about a reply leads: any page, with the chat opened. */
export const VISITOR_REPLY_URL = '/?chat=open';

/** Who hears live of changes to a thread: all staff for a chat, admins and the unit's managers for an inquiry. */
export async function threadAudiences(db: Db, row: { kind: string; propertyId: number | null }): Promise<Audience[]> {
  return row.kind === 'contact' ? inquiryAudiences(db, row.propertyId) : ['staff'];
}

/** One notification per staff member who is not banned, in their language. */
export async function notifyStaff(
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

/** Notifies the visitor's account of a reply, when the thread has one (`user_id`). */
export async function notifyVisitor(
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
