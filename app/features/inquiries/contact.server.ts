/**
 * Contact-form inquiries (spec §2 /contact). An inquiry becomes a `thread` of kind `contact`
 * with its first `message`, so staff answer it from their inbox (decision 018): the
 * same transaction enqueues the visitor's acknowledgement e-mail and notifies admins and the
 * unit's managers (features/leads).
 */
import { eq } from 'drizzle-orm';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import type { Db } from '~/server/db/client.server';
import { message, property, thread } from '~/server/db/schema';
import { contactInquirySchema, type ContactField, type ContactTopic } from './contact.schemas';
import { translateIssues } from '~/server/http/form.server';
import { recordNewInquiry } from './leads.server';
import type { FieldErrors } from '~/lib/form-fields';

export type ContactInquiryResult =
  { ok: true; threadId: number; messageId: number } | { ok: false; status: 400; errors: FieldErrors<ContactField> };

type SubmitContactInquiryOptions = {
  db: Db;
  /** The form's fields as strings (see `readContactForm`); validated here again. */
  input: unknown;
  /** The visitor's language: error messages use it and the thread keeps it for replies. */
  locale: Language;
  /** The signed-in visitor, when there is one (decision 007); anonymous otherwise. */
  userId?: string | null;
};

/**
 * Validates and stores a contact-form inquiry: one `thread` (kind `contact`, subject, visitor
 * name / e-mail / phone, locale, property) and its first `message` (author `visitor`), and —
 * in the same transaction — the acknowledgement e-mail job (at most one a day per address), the
 * in-app notifications of admins and the unit's managers, and their inbox events
 * (`recordNewInquiry`). An unknown property id is dropped rather than refused.
 *
 * The subject is written in English (the back office's working language) from the topic and
 * the property, e.g. "Leasing · #12 Sunny loft".
 *
 * Returns `{ ok: false, status: 400, errors }` with messages in `locale` when the input is
 * invalid; nothing is written then. Database failures throw.
 */
export async function submitContactInquiry({
  db,
  input,
  locale,
  userId = null,
}: SubmitContactInquiryOptions): Promise<ContactInquiryResult> {
  const parsed = contactInquirySchema.safeParse(input);
  if (!parsed.success) {
    return { ok: false, status: 400, errors: translateIssues<ContactField>(parsed.error, locale) };
  }
  const inquiry = parsed.data;
  return db.transaction(async (tx) => {
    const [listing] = inquiry.property
      ? await tx.select({ id: property.id, title: property.title }).from(property).where(eq(property.id, inquiry.property)).limit(1)
      : [];
    const [created] = await tx
      .insert(thread)
      .values({
        kind: 'contact',
        subject: contactSubject(inquiry.topic, listing),
        userId,
        propertyId: listing?.id ?? null,
        visitorName: inquiry.name,
        visitorEmail: inquiry.email,
        visitorPhone: inquiry.phone || null,
        locale,
        status: 'open',
      })
      .returning({ id: thread.id });
    if (!created) throw new Error('thread insert returned no row');
    const [first] = await tx
      .insert(message)
      .values({ threadId: created.id, authorUserId: userId, authorKind: 'visitor', body: inquiry.message })
      .returning({ id: message.id });
    if (!first) throw new Error('message insert returned no row');
    await recordNewInquiry(tx, {
      threadId: created.id,
      propertyId: listing?.id ?? null,
      visitorName: inquiry.name,
      visitorEmail: inquiry.email,
      locale,
      topic: inquiry.topic,
      body: inquiry.message,
      unitTitle: listing?.title ?? null,
    });
    return { ok: true, threadId: created.id, messageId: first.id };
  });
}

function contactSubject(topic: ContactTopic, listing: { id: number; title: string } | undefined): string {
  const label = getT('en')(`forms.contact.topic.${topic}`);
  return listing ? `${label} · #${listing.id} ${listing.title}`.slice(0, 200) : label;
}
