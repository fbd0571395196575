/**
 * The e-mails of contact-form leads (decision 018): the acknowledgement a visitor gets
 * for an inquiry (reply within 24 hours and the office hours, spec §9 "Contact copy") and a staff
 * reply from the inbox, with the conversation's previous message quoted — both in the
 * inquiry's language. Texts live in `locales/{en,it}/mail-leads.json`, imported directly (not
 * through i18next) so the tsx-run job runner can build them. Plain text plus an HTML part in the
 * one mail layout (decision 039); every value is HTML-escaped.
 *
 * Both e-mails set `Reply-To` to the leasing office's shared address (decision 018): an answer
 * reaches whoever is on duty, and no staff member's own address is ever disclosed — a reply
 * names its author only by their display name.
 */
import en from '~/i18n/locales/en/mail-leads.json';
import it from '~/i18n/locales/it/mail-leads.json';
import type { Language } from '~/lib/constants';
import type { OutgoingMail } from '~/server/mail/mailer.server';
import { mailHtml, joinHtml, type SafeHtml } from '~/server/mail/html.server';
import { blocks, paragraph, renderMail } from '~/server/mail/layout.server';
import { fillText as fill, mailLanguage } from '~/server/mail/templates.server';
import { REPLY_WITHIN_HOURS } from './contact-info';
import { formatDayHours, OFFICE_DAY_GROUPS, type OfficeHours } from '~/lib/office-hours';
import type { ContactTopic } from './contact.schemas';

type Texts = typeof en;
const TEXTS: Record<Language, Texts> = { en, it };

/**
 * The leasing office as the lead e-mails present it, from the settings of /admin/system (read by
 * the job when it sends): answers go to `email` (Reply-To), never to a person; the acknowledgement
 * shows `phone` and `officeHours`.
 */
export type LeadOffice = { email: string; phone: string; officeHours: OfficeHours };

/** `text` as an e-mail quote: every line prefixed with "> ". */
function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

function quoteHtml(text: string): SafeHtml {
  return mailHtml`<blockquote style="margin:0 0 0 8px;padding-left:8px;border-left:3px solid #ccc;white-space:pre-line">${text}</blockquote>`;
}

/** An instant in the reader's language, in UTC: "May 2, 2031, 9:15 AM UTC" / "2 mag 2031, 09:15 UTC". */
export function formatMailInstant(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const tag = mailLanguage(locale) === 'it' ? 'it-IT' : 'en-US';
  return `${new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`;
}

/**
 * The outbox payload of `mail.contact_acknowledgement`: what the e-mail shows, nothing more. No
 * name and no message: the address is unverified, so nothing a stranger typed is ever mailed.
 */
export type InquiryAcknowledgementPayload = {
  threadId: number;
  to: string;
  /** The inquiry's language (`thread.locale`). */
  locale: string;
  topic: ContactTopic;
};

/**
 * The acknowledgement of a contact inquiry, in its language: thanks, "we reply within 24 hours",
 * the office hours and phone, and the inquiry's topic. Subject carries the reference
 * `#<thread id>`. The greeting is anonymous and the message is not quoted: anyone can type
 * anyone's address into the public form, and the e-mail must not carry their text to a stranger
 * (spam relayed under the company's name).
 */
export function inquiryAcknowledgementMail(payload: InquiryAcknowledgementPayload, office: LeadOffice): OutgoingMail {
  const lang = mailLanguage(payload.locale);
  const texts = TEXTS[lang];
  const part = texts.acknowledgement;
  const greeting = texts.greetingAnonymous;
  const intro = fill(part.intro, { hours: REPLY_WITHIN_HOURS });
  const hours = OFFICE_DAY_GROUPS.map((group) =>
    fill(part.hoursLine, { days: part.days[group], hours: formatDayHours(office.officeHours[group], lang) ?? part.closed }),
  );
  const urgent = fill(part.urgent, { phone: office.phone });
  const yours = fill(part.yourMessage, { topic: texts.topic[payload.topic] ?? texts.topic.other });
  const text = [greeting, '', intro, '', `${part.hoursTitle}:`, ...hours, urgent, '', yours, '', part.more, '', texts.signature].join('\n');
  const body = blocks([
    paragraph(greeting),
    paragraph(intro),
    paragraph(mailHtml`<strong>${part.hoursTitle}</strong><br>${joinHtml(hours, mailHtml`<br>`)}<br>${urgent}`),
    paragraph(yours),
    paragraph(part.more),
    paragraph(texts.signature),
  ]);
  const subject = fill(part.subject, { reference: payload.threadId });
  return renderMail({ to: payload.to, subject, language: lang, text, body, replyTo: office.email });
}

/** The outbox payload of `mail.contact_reply`. `staffName` is the author's display name only. */
export type ContactReplyPayload = {
  threadId: number;
  messageId: number;
  to: string;
  locale: string;
  visitorName: string;
  staffName: string;
  body: string;
  /** The conversation's message before this reply, quoted under it; null for none. */
  quoted: { authorName: string; body: string; createdAt: string } | null;
};

/**
 * A staff reply e-mailed to the visitor of a contact thread, in the thread's language: greeting,
 * the reply, the author's name with the office, how to answer, and the previous message quoted.
 */
export function contactReplyMail(payload: ContactReplyPayload, office: Pick<LeadOffice, 'email'>): OutgoingMail {
  const language = mailLanguage(payload.locale);
  const texts = TEXTS[language];
  const part = texts.reply;
  const greeting = payload.visitorName ? fill(texts.greeting, { name: payload.visitorName }) : texts.greetingAnonymous;
  const team = fill(part.team, { name: payload.staffName });
  const quoteIntro = payload.quoted
    ? fill(part.quoteIntro, { date: formatMailInstant(payload.quoted.createdAt, payload.locale), name: payload.quoted.authorName })
    : '';
  const text = [
    greeting,
    '',
    payload.body,
    '',
    team,
    '',
    part.answer,
    ...(payload.quoted ? ['', quoteIntro, quote(payload.quoted.body)] : []),
  ].join('\n');
  const body = blocks([
    paragraph(greeting),
    paragraph(payload.body, { preLine: true }),
    paragraph(team),
    paragraph(part.answer),
    payload.quoted && mailHtml`${paragraph(quoteIntro)}${quoteHtml(payload.quoted.body)}`,
  ]);
  const subject = fill(part.subject, { reference: payload.threadId });
  return renderMail({ to: payload.to, subject, language, text, body, replyTo: office.email });
}
