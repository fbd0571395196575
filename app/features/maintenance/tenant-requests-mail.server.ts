/**
 * What people are told about maintenance requests (decision 027 and 026), in their
 * language: the tenant's in-app notification and e-mail when their request changes status, and
 * staff's notification and e-mail of a new request (and of a tenant's comment or cancellation).
 * Texts live in `locales/{en,it}/mail-maintenance.json`, imported directly (not through i18next)
 * so the tsx-run job worker can render them outside Vite. Plain text plus an HTML part in the one
 * mail layout (decision 039); every value is HTML-escaped (titles, descriptions and notes are user input).
 */
import en from '~/i18n/locales/en/mail-maintenance.json';
import it from '~/i18n/locales/it/mail-maintenance.json';
import type { Language } from '~/lib/constants';
import type { OutgoingMail } from '~/server/mail/mailer.server';
import { actionLink, blocks, paragraph, renderMail } from '~/server/mail/layout.server';
import { fillText as fill, mailLanguage } from '~/server/mail/templates.server';
import type { MaintenanceCategory, MaintenancePriority, MaintenanceStatus } from '~/features/work-orders/maintenance-request-core.server';

type Texts = typeof en;
const TEXTS: Record<Language, Texts> = { en, it };

/** The outbox topic that sends one rendered-at-send maintenance e-mail (retried until it goes). */
export const MAINTENANCE_MAIL_TOPIC = 'mail.maintenance';

/** Payload of MAINTENANCE_MAIL_TOPIC: plain values, already in the recipient's language. */
export type MaintenanceMailPayload = {
  template: 'status' | 'newRequest';
  /** For `status`: which status the request reached. */
  status?: MaintenanceStatus;
  to: string;
  locale: string;
  /** The recipient's name for the greeting ('' for none). */
  name: string;
  /** Site-relative link (`/tenant-portal/maintenance/12`); made absolute with the public URL. */
  path: string;
  values: Record<string, string>;
};

function texts(locale: string | null | undefined): Texts {
  return TEXTS[mailLanguage(locale)];
}

/** The category's name in `locale`. */
export function categoryLabel(category: MaintenanceCategory, locale: string | null | undefined): string {
  return texts(locale).categories[category] ?? category;
}

/** The priority's name in `locale`. */
export function priorityLabel(priority: MaintenancePriority, locale: string | null | undefined): string {
  return texts(locale).priorities[priority] ?? priority;
}

/** An instant (ISO) as a date and time in `locale`, in UTC (the home's time zone is not stored). */
export function formatVisitTime(iso: string, locale: string | null | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const formatted = new Intl.DateTimeFormat(mailLanguage(locale) === 'it' ? 'it-IT' : 'en-US', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: 'UTC',
  }).format(date);
  return fill(texts(locale).visitAt, { when: formatted });
}

/** One line of a long text for a notification: the first `max` characters, on one line. */
export function excerpt(value: string, max = 140): string {
  const line = value.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/**
 * The tenant's in-app notification of their request reaching `status`, in `locale`: title,
 * message (with the visit time for `scheduled` and the team's note when given) and type
 * (completed → success, cancelled → warning, else info).
 */
export function maintenanceStatusNotification(
  locale: string | null | undefined,
  {
    status,
    title,
    unit,
    scheduledFor,
    note,
  }: { status: MaintenanceStatus; title: string; unit: string; scheduledFor?: string | null; note?: string | null },
): { title: string; message: string; type: 'success' | 'warning' | 'info' } {
  const all = texts(locale);
  const part = all.status[status];
  const when = scheduledFor ? formatVisitTime(scheduledFor, locale) : all.visitUnknown;
  const message = fill(part.message, { title, unit, when });
  return {
    title: part.title,
    message: note ? `${message} ${fill(all.note, { note: excerpt(note, 300) })}` : message,
    type: status === 'completed' ? 'success' : status === 'cancelled' ? 'warning' : 'info',
  };
}

/** The values of the tenant's status e-mail (`template: 'status'`), in `locale`. */
export function maintenanceStatusMailValues(
  locale: string | null | undefined,
  { title, unit, scheduledFor, note }: { title: string; unit: string; scheduledFor?: string | null; note?: string | null },
): Record<string, string> {
  const all = texts(locale);
  return { title, unit, when: scheduledFor ? formatVisitTime(scheduledFor, locale) : all.visitUnknown, note: note ?? '' };
}

/** What staff see of a new request: the notification's title and message in `locale`. */
export function newRequestNotification(
  locale: string | null | undefined,
  { unit, title, category, priority }: { unit: string; title: string; category: MaintenanceCategory; priority: MaintenancePriority },
): { title: string; message: string; type: 'warning' | 'info' } {
  const part = texts(locale).newRequest;
  return {
    title: priority === 'emergency' ? part.notificationTitleEmergency : part.notificationTitle,
    message: fill(part.notificationMessage, {
      unit,
      title,
      category: categoryLabel(category, locale),
      priority: priorityLabel(priority, locale),
    }),
    type: priority === 'emergency' ? 'warning' : 'info',
  };
}

/** The values of the manager's new-request e-mail (`template: 'newRequest'`), in `locale`. */
export function newRequestMailValues(
  locale: string | null | undefined,
  request: {
    unit: string;
    title: string;
    category: MaintenanceCategory;
    priority: MaintenancePriority;
    tenant: string;
    location: string;
    description: string;
    permissionToEnter: boolean;
    slaDueAt: Date;
  },
): Record<string, string> {
  const part = texts(locale).newRequest;
  return {
    unit: request.unit,
    title: request.title,
    tenant: request.tenant,
    category: categoryLabel(request.category, locale),
    priority: priorityLabel(request.priority, locale),
    location: request.location || part.locationUnknown,
    description: excerpt(request.description, 1_000),
    permission: request.permissionToEnter ? part.permissionYes : part.permissionNo,
    due: request.slaDueAt.toISOString().slice(0, 16).replace('T', ' '),
  };
}

/** Staff's notification of a tenant's comment, in `locale`. */
export function commentNotification(
  locale: string | null | undefined,
  values: { unit: string; title: string; body: string },
): { title: string; message: string } {
  const part = texts(locale).comment;
  return {
    title: part.notificationTitle,
    message: fill(part.notificationMessage, { unit: values.unit, title: values.title, excerpt: excerpt(values.body) }),
  };
}

/** A vendor's notification that the tenant cancelled the request of their work order, in `locale`. */
export function workOrderCancelledNotification(
  locale: string | null | undefined,
  values: { unit: string; title: string },
): { title: string; message: string } {
  const part = texts(locale).workOrderCancelled;
  return { title: part.notificationTitle, message: fill(part.notificationMessage, values) };
}

/**
 * Renders a MAINTENANCE_MAIL_TOPIC payload in the recipient's language, with the link made
 * absolute on `publicUrl`. Returns `{to, subject, text, html}` for the mailer.
 */
export function maintenanceMail(payload: MaintenanceMailPayload, publicUrl: string): OutgoingMail {
  const language = mailLanguage(payload.locale);
  const all = TEXTS[language];
  const url = new URL(payload.path, publicUrl).toString();
  const greeting = payload.name ? fill(all.greeting, { name: payload.name }) : all.greetingAnonymous;
  let subject: string;
  let body: string[];
  let action: string;
  if (payload.template === 'status') {
    const part = all.status[payload.status ?? 'submitted'];
    subject = fill(part.subject, payload.values);
    body = [fill(part.message, payload.values), ...(payload.values.note ? [fill(all.note, { note: payload.values.note })] : [])];
    action = all.statusAction;
  } else {
    const part = all.newRequest;
    subject = fill(part.subject, payload.values);
    body = part.lines.map((line) => fill(line, payload.values)).filter((line) => line.trim() !== '');
    action = part.action;
  }
  const text = [greeting, '', ...body.flatMap((line) => [line, '']), `${action}: ${url}`, '', all.signature].join('\n');
  const html = blocks([
    paragraph(greeting),
    ...body.map((line) => paragraph(line, { preLine: true })),
    actionLink(url, action),
    paragraph(all.signature),
  ]);
  return renderMail({ to: payload.to, subject, language, text, body: html });
}
