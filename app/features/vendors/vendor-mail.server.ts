/**
 * What vendors and staff are told about vendor onboarding (decision 030 and 026), in
 * the recipient's language (en, it): the e-mails — invitation, approved again, rejected with the
 * reason, suspended, reinstated, insurance reminders — and the in-app notification texts. Texts
 * live in `locales/{en,it}/mail-vendors.json`, imported directly so the tsx-run job worker can
 * render them outside Vite (as mail-leases does). Plain text plus an HTML part in the one mail
 * layout (decision 039); every value is HTML-escaped.
 */
import en from '~/i18n/locales/en/mail-vendors.json';
import it from '~/i18n/locales/it/mail-vendors.json';
import type { Language } from '~/lib/constants';
import type { OutgoingMail } from '~/server/mail/mailer.server';
import { paragraph } from '~/server/mail/layout.server';
import { fillNonBlankLine, renderTemplateMail } from '~/server/mail/template-mail.server';
import { fillText as fill, mailDate, mailLanguage } from '~/server/mail/templates.server';

type Texts = typeof en;
const TEXTS: Record<Language, Texts> = { en, it };

/** The outbox topic of every vendor e-mail but the invitation (which makes its token when it runs). */
export const VENDOR_MAIL_TOPIC = 'mail.vendor';

export type VendorMailTemplate = keyof Texts['templates'];

/**
 * The outbox topic of the invitation e-mail: its handler makes the token when it runs (the token
 * is a secret, so it never sits in an outbox row), see vendor-jobs.server.ts.
 */
export const VENDOR_INVITATION_TOPIC = 'mail.vendor_invitation';
export type VendorInvitationPayload = { vendorId: number };

/** The payload of `mail.vendor`: plain values only, already formatted for the recipient. */
export type VendorMailPayload = {
  template: VendorMailTemplate;
  to: string;
  locale: string;
  /** The contact's name, for the greeting ('' for none). */
  name: string;
  /** The site path the e-mail's button opens (made absolute with the public URL when sent). */
  path: string;
  values: Record<string, string>;
};

export type VendorNotificationKind = keyof Texts['notifications'];

/** Renders a `mail.vendor` payload (or the invitation) in the recipient's language; links start with `publicUrl`. */
export function vendorMail(payload: VendorMailPayload, publicUrl: string): OutgoingMail {
  return renderTemplateMail(TEXTS, payload, {
    url: new URL(payload.path, publicUrl).href,
    // A line whose value is missing ("Reason: " without a reason) is left out with the empty ones.
    fillLine: (template, values) => {
      const line = fillNonBlankLine(template, values);
      return line === null || /:\s*$/.test(line.trim()) ? null : line;
    },
    lineHtml: (line) => paragraph(line, { preLine: true }),
  });
}

/** An in-app notification's title and message in `locale`. */
export function vendorNotification(
  locale: string | null | undefined,
  kind: VendorNotificationKind,
  values: Record<string, string>,
): { title: string; message: string } {
  const part = TEXTS[mailLanguage(locale)].notifications[kind];
  return { title: part.title, message: fill(part.message, values) };
}

/** "certificate of insurance" / "W-9 form" in `locale`. */
export function documentKindLabel(locale: string | null | undefined, kind: 'coi' | 'w9'): string {
  return TEXTS[mailLanguage(locale)].kinds[kind];
}

/** "in 7 days" / "tra 7 giorni" ("today" for 0). */
export function daysLabel(locale: string | null | undefined, days: number): string {
  const texts = TEXTS[mailLanguage(locale)].days;
  return fill(days === 0 ? texts.zero : days === 1 ? texts.one : texts.other, { count: String(days) });
}

/** Formats an ISO date in the recipient's language (UTC), e.g. "June 1, 2030". */
export const vendorMailDate = mailDate;
