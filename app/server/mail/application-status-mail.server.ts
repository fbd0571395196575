/**
 * What an applicant is told when their application changes status (decision 010):
 * the e-mail the outbox worker sends for the topic `mail.application_status`, and the in-app
 * notification written with the change. Texts live in `locales/{en,it}/mail-applications.json`,
 * imported directly (not through i18next) so the tsx-run worker can use them outside Vite, as
 * `templates.server.ts` does. Plain text plus an HTML part in the one mail layout (decision 039);
 * every value is HTML-escaped.
 */
import en from '~/i18n/locales/en/mail-applications.json';
import it from '~/i18n/locales/it/mail-applications.json';
import type { Language } from '~/lib/constants';
import type { OutgoingMail } from './mailer.server';
import { blocks, bulletList, paragraph, renderMail } from './layout.server';
import { fillText as fill, mailLanguage } from './templates.server';

type Texts = typeof en;
const TEXTS: Record<Language, Texts> = { en, it };

/** The statuses an applicant hears about. */
export type NotifiedApplicationStatus = 'under_review' | 'approved' | 'rejected' | 'withdrawn';

/** The outbox payload of `mail.application_status` (no card data, nothing but what the mail shows). */
export type ApplicationStatusMailPayload = {
  applicationId: number;
  /** The applicant's e-mail address (`application.email`). */
  to: string;
  /** The applicant's language (`application.locale`); unknown values read as English. */
  locale: string;
  /** The applicant's first name, for the greeting ('' for none). */
  firstName: string;
  reference: string;
  /** The property's title in the applicant's language. */
  propertyTitle: string;
  status: NotifiedApplicationStatus;
  /** The reviewer's note to the applicant, or null. */
  note: string | null;
};

/**
 * The status e-mail for `payload`, in the applicant's language: greeting, what changed, the
 * reviewer's note (if any), what happens next, reference and home. Returns `{to, subject, text,
 * html}` for the mailer; the HTML part escapes every value (names and notes are user input).
 */
export function applicationStatusMail(payload: ApplicationStatusMailPayload): OutgoingMail {
  const language = mailLanguage(payload.locale);
  const texts = TEXTS[language];
  const part = texts.status[payload.status];
  const values = { reference: payload.reference, property: payload.propertyTitle };
  const greeting = payload.firstName ? fill(texts.greeting, { name: payload.firstName }) : texts.greetingAnonymous;
  const message = fill(part.message, values);
  const note = payload.note ? fill(texts.note, { note: payload.note }) : '';
  const facts = [fill(texts.reference, values), fill(texts.property, values)];
  const text = [
    greeting,
    '',
    message,
    ...(note ? ['', note] : []),
    '',
    part.next,
    '',
    ...facts,
    '',
    texts.questions,
    '',
    texts.signature,
  ].join('\n');
  const body = blocks([
    paragraph(greeting),
    paragraph(message),
    note && paragraph(note, { preLine: true }),
    paragraph(part.next),
    bulletList(facts),
    paragraph(texts.questions),
    paragraph(texts.signature),
  ]);
  return renderMail({ to: payload.to, subject: fill(part.subject, values), language, text, body });
}

/**
 * The in-app notification of a status change, in `locale`: title, message (with the note, when
 * given) and the notification type (approved → success, rejected → warning, else info).
 */
export function applicationStatusNotification(
  locale: string | null | undefined,
  {
    reference,
    propertyTitle,
    status,
    note,
  }: { reference: string; propertyTitle: string; status: NotifiedApplicationStatus; note: string | null },
): { title: string; message: string; type: 'success' | 'warning' | 'info' } {
  const texts = TEXTS[mailLanguage(locale)];
  const part = texts.status[status];
  const message = fill(part.message, { reference, property: propertyTitle });
  return {
    title: part.title,
    message: note ? `${message} ${fill(texts.note, { note })}` : message,
    type: status === 'approved' ? 'success' : status === 'rejected' ? 'warning' : 'info',
  };
}
