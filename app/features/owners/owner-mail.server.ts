/**
 * What owners are e-mailed (decision 061), in their language (en, it): the monthly statement is
 * ready (with the distribution and the PDF's fingerprint). Texts live in
 * `locales/{en,it}/mail-owners.json`, imported directly so the job worker can render them outside
 * Vite; the one letter layout of decision 039, every value HTML-escaped.
 */
import en from '~/i18n/locales/en/mail-owners.json';
import it from '~/i18n/locales/it/mail-owners.json';
import type { Language } from '~/lib/constants';
import type { OutgoingMail } from '~/server/mail/mailer.server';
import { renderTemplateMail, type TemplateMailPayload } from '~/server/mail/template-mail.server';

const TEXTS: Record<Language, typeof en> = { en, it };

/** The outbox topic of the owners' e-mails. */
export const OWNER_MAIL_TOPIC = 'mail.owner';

export type OwnerMailTemplate = keyof (typeof en)['templates'];

/** The payload of `mail.owner`: plain values, already formatted for the recipient; `path` is the site path the button opens. */
export type OwnerMailPayload = TemplateMailPayload<OwnerMailTemplate> & { path: string };

/** Renders a `mail.owner` payload in the recipient's language; the link starts with `publicUrl`. */
export function ownerMail(payload: OwnerMailPayload, publicUrl: string): OutgoingMail {
  return renderTemplateMail(TEXTS, payload, { url: new URL(payload.path, publicUrl).href });
}
