/**
 * The e-mails Dimora sends, in the recipient's language (en, it): account verification,
 * password reset and the listing-alert confirmation. Texts live in `locales/{en,it}/mail.json`,
 * imported directly (not through i18next) so the server and CLI can send mail outside Vite.
 * Plain text plus an HTML part in the one mail layout (`layout.server.ts`, decision 039), whose
 * `mailHtml` template escapes every interpolated value.
 */
import en from '~/i18n/locales/en/mail.json';
import it from '~/i18n/locales/it/mail.json';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, type Language } from '~/lib/constants';
import { mailHtml } from './html.server';
import { actionLink, blocks, bulletList, paragraph, renderMail } from './layout.server';
import type { OutgoingMail } from './mailer.server';
import { cardBrandName } from '~/lib/card-brands';

type MailTexts = typeof en;
const TEXTS: Record<Language, MailTexts> = { en, it };

/** The language for a stored locale value; unknown values fall back to English. */
export function mailLanguage(locale: string | null | undefined): Language {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(locale ?? '') ? (locale as Language) : DEFAULT_LANGUAGE;
}

/** Formats cents as USD in the recipient's language. */
export function mailMoney(cents: number, locale: string | null | undefined): string {
  return new Intl.NumberFormat(mailLanguage(locale) === 'it' ? 'it-IT' : 'en-US', { style: 'currency', currency: 'USD' }).format(
    cents / 100,
  );
}

/** Formats an ISO date in the recipient's language (UTC). */
export function mailDate(iso: string, locale: string | null | undefined): string {
  return new Intl.DateTimeFormat(mailLanguage(locale) === 'it' ? 'it-IT' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${iso.slice(0, 10)}T12:00:00Z`),
  );
}

/**
 * `template` with every `{{key}}` replaced by `values[key]` (numbers written out; a missing key
 * becomes ''). Plain text: the HTML part escapes the result where it places it.
 */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

const fill = fillText;

type ActionMail = { to: string; locale: string | null | undefined; name?: string | null; url: string };

function actionMail(kind: 'verify' | 'reset' | 'alert', { to, locale, name, url }: ActionMail, footer?: string): OutgoingMail {
  const language = mailLanguage(locale);
  const texts = TEXTS[language];
  const part = texts[kind];
  const greeting = name ? fill(texts.greeting, { name }) : texts.greetingAnonymous;
  const expires = 'expires' in part ? part.expires : '';
  const lines = [greeting, '', part.intro, '', `${part.action}: ${url}`, expires, '', texts.ignore, footer ?? '', '', texts.signature];
  const body = blocks([
    paragraph(greeting),
    paragraph(part.intro),
    actionLink(url, part.action),
    expires && paragraph(expires),
    paragraph(texts.ignore),
    footer && paragraph(footer),
    paragraph(texts.signature),
  ]);
  return renderMail({
    to,
    subject: part.subject,
    language,
    text: lines.filter((line, index, all) => line !== '' || all[index - 1] !== '').join('\n'),
    body,
  });
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

/** What the application confirmation e-mail shows (money in cents, dates ISO). No card number. */
export type ApplicationConfirmationMailInput = {
  to: string;
  /** The applicant's language (`application.locale`). */
  locale: string;
  firstName: string;
  reference: string;
  /** The property's title in the applicant's language. */
  propertyTitle: string;
  propertyCity: string;
  moveIn: string;
  moveOut: string;
  leaseMonths: number;
  monthlyRentCents: number;
  depositCents: number;
  applicationFeeCents: number;
  paymentMethod: 'card' | 'pay_at_signing';
  /** What the card was charged today (0 when paying at signing). */
  paidNowCents: number;
  depositPaidNow: boolean;
  dueAtSigningCents: number;
  cardBrand: string | null;
  cardLast4: string | null;
  /** Absolute link for questions (the contact page). */
  contactUrl: string;
};

function intlTag(locale: string): string {
  return mailLanguage(locale) === 'it' ? 'it-IT' : 'en-US';
}

/** Cents as a currency amount in the recipient's format: 5000 → "$50.00" / "50,00 USD". */
export function formatMailMoney(cents: number, locale: string): string {
  return new Intl.NumberFormat(intlTag(locale), { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** An ISO date in the recipient's format: "Jan 15, 2027" / "15 gen 2027". */
export function formatMailDate(iso: string, locale: string): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlTag(locale), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/**
 * The applicant's confirmation of a submitted application (booking flow): reference, lease dates,
 * rent, deposit and fee, what was paid today (card brand and last 4 only) and what is due at
 * signing, and what happens next — in the applicant's language.
 */
export function applicationConfirmationMail(input: ApplicationConfirmationMailInput): OutgoingMail {
  const language = mailLanguage(input.locale);
  const texts = TEXTS[language];
  const part = texts.application;
  const money = (cents: number) => formatMailMoney(cents, input.locale);
  const months = input.leaseMonths === 1 ? part.monthOne : fill(part.monthOther, { count: String(input.leaseMonths) });
  const card = fill(part.cardEnding, {
    brand: cardBrandName(input.cardBrand, 'card'),
    last4: input.cardLast4 ?? '····',
  });
  const items = [part.itemFee, ...(input.depositPaidNow ? [part.itemDeposit] : [])].join(', ');
  const paid =
    input.paymentMethod === 'card' && input.paidNowCents > 0
      ? [fill(part.paidNow, { amount: money(input.paidNowCents), card }), fill(part.paidNowItems, { items })]
      : [part.payAtSigning];
  const greeting = input.firstName ? fill(texts.greeting, { name: input.firstName }) : texts.greetingAnonymous;
  const facts = [
    fill(part.reference, { reference: input.reference }),
    fill(part.stay, { moveIn: formatMailDate(input.moveIn, input.locale), moveOut: formatMailDate(input.moveOut, input.locale), months }),
    fill(part.rent, { amount: money(input.monthlyRentCents) }),
    fill(part.deposit, { amount: money(input.depositCents) }),
    fill(part.fee, { amount: money(input.applicationFeeCents) }),
    ...paid,
    fill(part.dueAtSigning, { amount: money(input.dueAtSigningCents) }),
  ];
  const intro = fill(part.intro, { property: input.propertyTitle, city: input.propertyCity });
  const questions = fill(part.questions, { url: input.contactUrl });
  const text = [greeting, '', intro, '', ...facts, '', `${part.nextTitle}:`, part.next, '', questions, '', texts.signature].join('\n');
  // The contact link sits inside the sentence: the first time the address appears, it is a link.
  const at = questions.indexOf(input.contactUrl);
  const questionsHtml =
    at < 0
      ? questions
      : mailHtml`${questions.slice(0, at)}<a href="${input.contactUrl}">${input.contactUrl}</a>${questions.slice(at + input.contactUrl.length)}`;
  const body = blocks([
    paragraph(greeting),
    paragraph(intro),
    bulletList(facts),
    paragraph(mailHtml`<strong>${part.nextTitle}</strong><br>${part.next}`),
    paragraph(questionsHtml),
    paragraph(texts.signature),
  ]);
  const subject = fill(part.subject, { property: input.propertyTitle, reference: input.reference });
  return renderMail({ to: input.to, subject, language, text, body });
}

/** The in-app notification texts of a new application, in a recipient's language. */
export function applicationNotificationTexts(locale: string | null | undefined) {
  const lang = mailLanguage(locale);
  const part = TEXTS[lang].applicationNotification;
  return {
    staffTitle: part.staffTitle,
    staffMessage: (values: { name: string; property: string; reference: string; moveIn: string }) =>
      fill(part.staffMessage, { ...values, moveIn: formatMailDate(values.moveIn, lang) }),
    applicantTitle: part.applicantTitle,
    applicantMessage: (values: { property: string; reference: string }) => fill(part.applicantMessage, values),
  };
}

/**
 * Decision 023: tells an account's owner that sign-in was paused after repeated wrong
 * passwords (one e-mail per lockout episode). `seconds` is the first lock's length (shown in
 * seconds under two minutes, else in whole minutes);
 * `url` is the forgot-password page (no token: the owner asks for a reset themselves).
 */
export function accountLockedMail({ to, locale, name, url, seconds }: ActionMail & { seconds: number }): OutgoingMail {
  const language = mailLanguage(locale);
  const texts = TEXTS[language];
  const part = texts.locked;
  const greeting = name ? fill(texts.greeting, { name }) : texts.greetingAnonymous;
  const duration =
    seconds < 120 ? fill(part.seconds, { count: String(seconds) }) : fill(part.minutes, { count: String(Math.ceil(seconds / 60)) });
  const intro = fill(part.intro, { duration });
  const text = [greeting, '', intro, '', part.advice, '', `${part.action}: ${url}`, '', texts.signature].join('\n');
  const body = blocks([
    paragraph(greeting),
    paragraph(intro),
    paragraph(part.advice),
    actionLink(url, part.action),
    paragraph(texts.signature),
  ]);
  return renderMail({ to, subject: part.subject, language, text, body });
}
