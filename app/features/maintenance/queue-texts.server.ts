/**
 * The texts the staff queue writes for other people (decision 026): in-app notifications
 * (SLA breach to staff, a staff comment to the tenant, a new or cancelled work order to the
 * vendor) and the SLA-breach e-mail to a building's manager, in the recipient's language. Texts
 * live in `locales/{en,it}/mail-maintenance-queue.json`, imported directly (not through i18next)
 * so the tsx-run job worker can render them outside Vite. E-mails are plain text plus an HTML
 * part in the one mail layout (decision 039); every value is HTML-escaped.
 */
import en from '~/i18n/locales/en/mail-maintenance-queue.json';
import it from '~/i18n/locales/it/mail-maintenance-queue.json';
import type { Language } from '~/lib/constants';
import type { OutgoingMail } from '~/server/mail/mailer.server';
import { actionLink, blocks, bulletList, paragraph, renderMail } from '~/server/mail/layout.server';
import { fillText as fill, mailLanguage } from '~/server/mail/templates.server';
import type { QueuePriority } from './queue.types';

type Texts = typeof en;
const TEXTS: Record<Language, Texts> = { en, it };

/** `text` cut to `max` characters with an ellipsis. */
export function excerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

type NotificationKind = keyof Texts['notifications'];

/** The in-app notification `kind` in `locale`, filled with `values`. */
export function queueNotification(
  locale: string | null | undefined,
  kind: NotificationKind,
  values: Record<string, string | number>,
): { title: string; message: string } {
  const texts = TEXTS[mailLanguage(locale)];
  const part = texts.notifications[kind];
  return { title: fill(part.title, values), message: fill(part.message, values) };
}

/** A priority's word in `locale` ("emergency" / "emergenza"). */
export function priorityWord(locale: string | null | undefined, priority: QueuePriority): string {
  return TEXTS[mailLanguage(locale)].priority[priority];
}

/** One breached request as the manager's e-mail lists it. */
export type BreachLine = { id: number; title: string; place: string; priority: QueuePriority; slaDueAt: string };

/** The outbox payload of the SLA-breach e-mail (topic `mail.maintenance_sla_breach`). `url` is absolute. */
export type SlaBreachMailPayload = { to: string; locale: string; name: string; url: string; requests: BreachLine[]; more: number };

/** E-mails list at most this many requests (then "…and N more"). */
export const BREACH_MAIL_LINES = 20;

function mailInstant(iso: string, locale: string): string {
  return `${new Intl.DateTimeFormat(mailLanguage(locale) === 'it' ? 'it-IT' : 'en-US', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone: 'UTC' }).format(new Date(iso))} UTC`;
}

/** The SLA-breach e-mail to a building manager, in their language. */
export function slaBreachMail(payload: SlaBreachMailPayload): OutgoingMail {
  const language = mailLanguage(payload.locale);
  const texts = TEXTS[language];
  const part = texts.slaBreach;
  const count = payload.requests.length + payload.more;
  const greeting = payload.name ? fill(texts.greeting, { name: payload.name }) : texts.greetingAnonymous;
  const lines = payload.requests.map((request) =>
    fill(part.line, {
      id: request.id,
      title: request.title,
      place: request.place,
      priority: texts.priority[request.priority],
      due: mailInstant(request.slaDueAt, payload.locale),
    }),
  );
  const more = payload.more > 0 ? fill(part.more, { count: payload.more }) : '';
  const text = [
    greeting,
    '',
    part.intro,
    '',
    ...lines.map((line) => `- ${line}`),
    ...(more ? [more] : []),
    '',
    `${part.action}: ${payload.url}`,
    '',
    texts.signature,
  ].join('\n');
  const html = blocks([
    paragraph(greeting),
    paragraph(part.intro),
    bulletList(lines),
    more && paragraph(more),
    actionLink(payload.url, part.action),
    paragraph(texts.signature),
  ]);
  const subject = count === 1 ? part.subjectOne : fill(part.subjectMany, { count });
  return renderMail({ to: payload.to, subject, language, text, body: html });
}
