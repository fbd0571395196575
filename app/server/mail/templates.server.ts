/**
 * The e-mails Dimora sends, in the recipient's language (en, it): account verification,
 * password reset and the listing-alert confirmation. Texts live in `locales/{en,it}/mail.json`,
 * imported directly (not through i18next) so the server and CLI can send mail outside Vite.
 * Plain text plus a minimal HTML part; every interpolated value is HTML-escaped.
 */
import en from '~/i18n/locales/en/mail.json';
import it from '~/i18n/locales/it/mail.json';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '~/lib/constants';
import type { OutgoingMail } from './mailer.server';

type MailTexts = typeof en;
const TEXTS: Record<Language, MailTexts> = { en, it };

/** The language for a stored locale value; unknown values fall back to English. */
export function mailLanguage(locale: string | null | undefined): Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(locale ?? '') ? (locale as Language) : DEFAULT_LANGUAGE;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
}

type ActionMail = { to: string; locale: string | null | undefined; name?: string | null; url: string };

function actionMail(kind: 'verify' | 'reset' | 'alert', { to, locale, name, url }: ActionMail, footer?: string): OutgoingMail {
  const texts = TEXTS[mailLanguage(locale)];
  const part = texts[kind];
  const greeting = name ? fill(texts.greeting, { name }) : texts.greetingAnonymous;
  const expires = 'expires' in part ? part.expires : '';
  const lines = [greeting, '', part.intro, '', `${part.action}: ${url}`, expires, '', texts.ignore, footer ?? '', '', texts.signature];
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(part.intro)}</p>`,
    `<p><a href="${escapeHtml(url)}">${escapeHtml(part.action)}</a></p>`,
    expires ? `<p>${escapeHtml(expires)}</p>` : '',
    `<p>${escapeHtml(texts.ignore)}</p>`,
    footer ? `<p>${escapeHtml(footer)}</p>` : '',
    `<p>${escapeHtml(texts.signature)}</p>`,
  ].join('\n');
  return {
    to,
    subject: part.subject,
    text: lines.filter((line, index, all) => line !== '' || all[index - 1] !== '').join('\n'),
    html,
  };
}

/** The e-mail-verification message; `url` is the /auth/verify link with its token. */
export function verificationMail(input: ActionMail): OutgoingMail {
  return actionMail('verify', input);
}

/** The password-reset message; `url` is `/auth?mode=reset&token=…`. */
export function passwordResetMail(input: ActionMail): OutgoingMail {
  return actionMail('reset', input);
}

/** The listing-alert double opt-in message, with the unsubscribe link in the footer. */
export function listingAlertConfirmMail(input: ActionMail & { unsubscribeUrl: string }): OutgoingMail {
  const texts = TEXTS[mailLanguage(input.locale)];
  return actionMail('alert', input, fill(texts.alert.unsubscribe, { url: input.unsubscribeUrl }));
}
