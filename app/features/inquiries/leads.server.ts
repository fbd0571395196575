/**
 * What a new contact-form inquiry sets in motion (decision 018), written
 * in the inquiry's own transaction by `submitContactInquiry`: the visitor's acknowledgement
 * e-mail (an outbox job), an in-app notification for every admin and the unit's managers (the
 * bell), and a `chat.thread` event that refreshes their open inboxes.
 */
import { getT } from '~/i18n/translate.server';
import type { Db } from '~/server/db/client.server';
import { mailLanguage } from '~/server/mail/templates.server';
import { insertNotifications } from '~/server/notifications/notify.server';
import { publishEvents } from '~/server/realtime/events.server';
import type { ContactTopic } from './contact.schemas';
import { inquiryAudiences, inquiryRecipients, inboxThreadUrl } from './lead-access.server';
import { enqueueInquiryAcknowledgement } from './lead-jobs.server';

/** How much of the message a notification shows. */
const NOTIFICATION_PREVIEW = 140;

function preview(body: string): string {
  const line = body.replace(/\s+/g, ' ').trim();
  return line.length > NOTIFICATION_PREVIEW ? `${line.slice(0, NOTIFICATION_PREVIEW - 1)}…` : line;
}

/** A just-stored inquiry, as `submitContactInquiry` wrote it. */
export type NewInquiry = {
  threadId: number;
  propertyId: number | null;
  visitorName: string;
  visitorEmail: string;
  /** The inquiry's language: the acknowledgement and replies use it. */
  locale: string;
  topic: ContactTopic;
  body: string;
  /** The unit's title (English), when the inquiry is about one. */
  unitTitle: string | null;
};

/**
 * Writes, with `tx` (the inquiry's transaction), the acknowledgement job, the staff
 * notifications (in each recipient's language, linking to the thread in their inbox) and the
 * inbox events (`role:admin`, and each manager of the unit).
 */
export async function recordNewInquiry(tx: Db, inquiry: NewInquiry): Promise<void> {
  await enqueueInquiryAcknowledgement(tx, {
    threadId: inquiry.threadId,
    to: inquiry.visitorEmail,
    locale: inquiry.locale,
    topic: inquiry.topic,
  });
  const recipients = await inquiryRecipients(tx, inquiry.propertyId);
  await insertNotifications(
    tx,
    recipients.map((recipient) => {
      const t = getT(mailLanguage(recipient.locale));
      const topic = t(`forms.contact.topic.${inquiry.topic}`);
      return {
        userId: recipient.id,
        title: t('leads.notifications.inquiryTitle'),
        message: inquiry.unitTitle
          ? t('leads.notifications.inquiryAboutUnit', {
              name: inquiry.visitorName,
              topic,
              unit: inquiry.unitTitle,
              preview: preview(inquiry.body),
            })
          : t('leads.notifications.inquiry', { name: inquiry.visitorName, topic, preview: preview(inquiry.body) }),
        type: 'info' as const,
        actionUrl: inboxThreadUrl(recipient.role, inquiry.threadId),
      };
    }),
  );
  const audiences = await inquiryAudiences(tx, inquiry.propertyId);
  await publishEvents(
    tx,
    audiences.map((audience) => ({ audience, type: 'chat.thread' as const, payload: { threadId: inquiry.threadId } })),
  );
}
