/**
 * The e-mails and in-app notification texts of capital projects (decision 028 and 026):
 * to a vendor — invited to bid, the deadline changed, bid accepted, bid not selected, project
 * cancelled — and to staff (in-app only) — a bid received or changed. One outbox topic,
 * `mail.project`, carries a template name, the recipient and the values already formatted in the
 * recipient's language; the link is a path made absolute with the site's origin when the job
 * runs. Texts live in `locales/{en,it}/mail-projects.json`, imported directly so the worker can
 * render them outside Vite. Plain text plus an HTML part in the one mail layout (decision 039);
 * every value is HTML-escaped.
 */
import en from '~/i18n/locales/en/mail-projects.json';
import it from '~/i18n/locales/it/mail-projects.json';
import type { Language } from '~/lib/constants';
import type { OutgoingMail } from '~/server/mail/mailer.server';
import { paragraph } from '~/server/mail/layout.server';
import { renderTemplateMail, type TemplateMailPayload } from '~/server/mail/template-mail.server';
import { textWithBreaks } from '~/server/mail/html.server';
import { fillText as fill, mailLanguage } from '~/server/mail/templates.server';
import type { JobHandlers } from '~/server/outbox/outbox.server';
import type { ProjectKind } from './projects.schemas';

type Texts = typeof en;
const TEXTS: Record<Language, Texts> = { en, it };

export const PROJECT_MAIL_TOPIC = 'mail.project';

export type ProjectMailTemplate = keyof Texts['templates'];
export type ProjectNotificationKind = keyof Texts['notifications'];

/** The outbox payload of `mail.project`. `path` is site-relative (`/vendor-portal/projects/7`). */
export type ProjectMailPayload = TemplateMailPayload<ProjectMailTemplate> & { path: string };

/** Renders a `mail.project` payload in the recipient's language, its link on `publicUrl`. */
export function projectMail(payload: ProjectMailPayload, publicUrl: string): OutgoingMail {
  return renderTemplateMail(TEXTS, payload, {
    url: new URL(payload.path, publicUrl).href,
    lineHtml: (line) => paragraph(textWithBreaks(line)),
  });
}

/** An in-app notification's title and message of `kind`, in `locale`. */
export function projectNotificationText(
  kind: ProjectNotificationKind,
  locale: string | null | undefined,
  values: Record<string, string>,
): { title: string; message: string } {
  const part = TEXTS[mailLanguage(locale)].notifications[kind];
  return { title: fill(part.title, values), message: fill(part.message, values) };
}

/** A project kind as a mail says it ("roof", "tetto"). */
export function projectKindLabel(kind: ProjectKind, locale: string | null | undefined): string {
  return TEXTS[mailLanguage(locale)].kinds[kind];
}

function intlTag(locale: string | null | undefined): string {
  return mailLanguage(locale) === 'it' ? 'it-IT' : 'en-US';
}

/** Cents as USD in the recipient's format. */
export function projectMoney(cents: number, locale: string | null | undefined): string {
  return new Intl.NumberFormat(intlTag(locale), { style: 'currency', currency: 'USD' }).format(cents / 100);
}

/** A moment as "Mar 3, 2027, 17:00 UTC" / "3 mar 2027, 17:00 UTC". */
export function projectDateTime(date: Date, locale: string | null | undefined): string {
  const text = new Intl.DateTimeFormat(intlTag(locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: 'UTC',
  }).format(date);
  return `${text} UTC`;
}

export const projectJobHandlers: JobHandlers = {
  [PROJECT_MAIL_TOPIC]: async (job, { mailer, publicUrl }) => {
    await mailer.send(projectMail(job.payload as ProjectMailPayload, publicUrl));
  },
};
