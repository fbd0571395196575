/**
 * The background jobs of contact-form leads (decision 018; decisions 014, 018): the
 * visitor's acknowledgement and the e-mailed staff replies, both written to the outbox in the
 * transaction that stores the inquiry or the reply, so neither is lost to a crash nor sent for a
 * change that rolled back. Free of i18next (the tsx-run job runner imports it).
 */
import { createHash } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { message, thread, user } from '~/server/db/schema';
import { enqueueOutbox, type JobHandlers } from '~/server/outbox/outbox.server';
import { currentSettings } from '~/server/settings/settings.server';
import {
  contactReplyMail,
  inquiryAcknowledgementMail,
  type ContactReplyPayload,
  type InquiryAcknowledgementPayload,
  type LeadOffice,
} from './lead-mail.server';

export const LEAD_JOB_TOPICS = {
  acknowledgement: 'mail.contact_acknowledgement',
  reply: 'mail.contact_reply',
} as const;

/** `YYYY-MM-DD` of `now` in UTC. */
function utcDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Enqueues the acknowledgement of a new inquiry with `tx` (the inquiry's transaction). At most
 * one a day per address (dedupe key `contact-ack:<hash of the address>:<UTC day>`): anyone can
 * type anyone's address into a public form, so the form must not become a way to flood a
 * stranger's inbox; a second inquiry the same day is still stored and answered.
 */
export async function enqueueInquiryAcknowledgement(tx: Db, payload: InquiryAcknowledgementPayload, now = new Date()): Promise<void> {
  const address = createHash('sha256').update(payload.to.trim().toLowerCase()).digest('hex').slice(0, 32);
  await enqueueOutbox(tx, [{ topic: LEAD_JOB_TOPICS.acknowledgement, payload, dedupeKey: `contact-ack:${address}:${utcDay(now)}` }]);
}

/**
 * Enqueues the e-mail of staff reply `messageId` in contact thread `threadId`, with `tx` (the
 * reply's transaction): to the thread's visitor, in the thread's language, with the message
 * before it quoted. Dedupe key `contact-reply:<message id>`. Throws when the thread or message is
 * missing (the caller has just written them).
 */
export async function enqueueContactReply(
  tx: Db,
  { threadId, messageId, staffName }: { threadId: number; messageId: number; staffName: string },
): Promise<void> {
  const [row] = await tx
    .select({ to: thread.visitorEmail, locale: thread.locale, visitorName: thread.visitorName, body: message.body })
    .from(message)
    .innerJoin(thread, eq(thread.id, message.threadId))
    .where(and(eq(message.id, messageId), eq(thread.id, threadId)));
  if (!row?.to) throw new Error(`contact reply ${messageId} has no thread or address`);
  const [previous] = await tx
    .select({
      authorKind: message.authorKind,
      staffName: user.name,
      body: message.body,
      createdAt: message.createdAt,
    })
    .from(message)
    .leftJoin(user, eq(user.id, message.authorUserId))
    .where(and(eq(message.threadId, threadId), lt(message.id, messageId)))
    .orderBy(desc(message.id))
    .limit(1);
  const payload: ContactReplyPayload = {
    threadId,
    messageId,
    to: row.to,
    locale: row.locale,
    visitorName: row.visitorName ?? '',
    staffName,
    body: row.body,
    quoted: previous
      ? {
          authorName: previous.authorKind === 'staff' ? (previous.staffName ?? 'Dimora') : (row.visitorName ?? ''),
          body: previous.body,
          createdAt: previous.createdAt.toISOString(),
        }
      : null,
  };
  await enqueueOutbox(tx, [{ topic: LEAD_JOB_TOPICS.reply, payload, dedupeKey: `contact-reply:${messageId}` }]);
}

/** The office's address, phone and hours in force (settings of /admin/system). */
async function leadOffice(db: Db): Promise<LeadOffice> {
  const settings = await currentSettings(db);
  return { email: settings.contactEmail, phone: settings.contactPhone, officeHours: settings.officeHours };
}

export const leadJobHandlers: JobHandlers = {
  [LEAD_JOB_TOPICS.acknowledgement]: async (job, { db, mailer }) => {
    await mailer.send(inquiryAcknowledgementMail(job.payload as InquiryAcknowledgementPayload, await leadOffice(db)));
  },
  [LEAD_JOB_TOPICS.reply]: async (job, { db, mailer }) => {
    const payload = job.payload as ContactReplyPayload;
    // A reply whose message was deleted since (the thread removed) is not sent.
    const [stored] = await db
      .select({ id: message.id })
      .from(message)
      .where(sql`${message.id} = ${payload.messageId}`);
    if (!stored) return;
    await mailer.send(contactReplyMail(payload, await leadOffice(db)));
  },
};
