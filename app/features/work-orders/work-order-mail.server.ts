/**
 * What vendors and staff are told about work orders and invoices (decision 026), in
 * their language (en, it): the in-app notification, written in the transaction of the change,
 * and the e-mail, enqueued in it and sent by the job runner. Texts live in
 * `locales/{en,it}/mail-work-orders.json`, imported directly so the tsx-run worker renders them
 * outside Vite. Plain text plus an HTML part in the one mail layout (decision 039); every value
 * is HTML-escaped.
 *
 * - The vendor hears of a new work order (`mail.work_order_offered`, enqueued by
 *   `createWorkOrder`; in-app written there), a cancellation, and each invoice decision and payout.
 * - Staff hear of a declined work order and a submitted invoice: in-app to every admin and to the
 *   building's manager, by e-mail to the manager (to the admins when the building has none).
 */
import { isAdmin, isPropertyManager } from '~/lib/access';
import { and, eq } from 'drizzle-orm';
import en from '~/i18n/locales/en/mail-work-orders.json';
import it from '~/i18n/locales/it/mail-work-orders.json';
import type { Language } from '~/lib/constants';
import { formatDateTime } from '~/lib/format';
import type { Db } from '~/server/db/client.server';
import { building, maintenanceRequest, project, property, user, vendor, workOrder } from '~/server/db/schema';
import type { OutgoingMail } from '~/server/mail/mailer.server';
import { paragraph } from '~/server/mail/layout.server';
import { renderTemplateMail, type TemplateMailPayload } from '~/server/mail/template-mail.server';
import { fillText as fill, mailLanguage } from '~/server/mail/templates.server';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox, type JobHandlers } from '~/server/outbox/outbox.server';
import { WORK_ORDER_OFFERED_MAIL_TOPIC, type WorkOrderOfferedMailPayload } from './work-order-core.server';
import { selectWorkOrderJobs } from './work-order-read.server';

type Texts = typeof en;
const TEXTS: Record<Language, Texts> = { en, it };

/** The outbox topic of every work-order e-mail but the offer (whose payload names ids only). */
export const WORK_ORDER_MAIL_TOPIC = 'mail.work_order';

export type WorkOrderMailTemplate = keyof Texts['templates'];

/** The outbox payload of `mail.work_order`: plain values, already formatted in the recipient's language. */
export type WorkOrderMailPayload = TemplateMailPayload<WorkOrderMailTemplate> & {
  /** Site-relative link (`/vendor-portal/…`); the worker makes it absolute. */
  path: string;
};

/** Fills `{{name}}` placeholders; null when one of them is empty (the line is then left out). */
function fillLine(template: string, values: Record<string, string>): string | null {
  let missing = false;
  const text = template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const value = values[key] ?? '';
    if (value.trim() === '') missing = true;
    return value;
  });
  return missing ? null : text;
}

/** Renders a `mail.work_order` payload (and the offer's) in the recipient's language; `publicUrl` makes the link absolute. */
export function workOrderMail(payload: WorkOrderMailPayload, publicUrl: string): OutgoingMail {
  return renderTemplateMail(TEXTS, payload, {
    url: `${publicUrl.replace(/\/$/, '')}${payload.path}`,
    fillLine,
    lineHtml: (line) => paragraph(line, { preLine: true }),
  });
}

/** The in-app notification of `template` in `locale`: title and message (with the values filled). */
export function workOrderNotice(
  locale: string | null | undefined,
  template: WorkOrderMailTemplate,
  values: Record<string, string>,
): { title: string; message: string } {
  const part = TEXTS[mailLanguage(locale)].templates[template];
  return { title: fill(part.title, values).slice(0, 200), message: fill(part.message, values).slice(0, 1_000) };
}

/**
 * The vendor's in-app notification of a new work order, in `locale` (the vendor account's), for
 * `createWorkOrder`'s `notification` (the work order's number is not known yet; the notification
 * links to it).
 */
export function offeredNotification(locale: string | null | undefined, title: string): { title: string; message: string } {
  const part = TEXTS[mailLanguage(locale)].offeredNotice;
  return { title: part.title, message: fill(part.message, { title }).slice(0, 1_000) };
}

/** A request priority, a payout method… in `locale` (lower case, for sentences). */
export function mailWord(locale: string | null | undefined, group: 'priority' | 'method', value: string): string {
  const table = TEXTS[mailLanguage(locale)][group] as Record<string, string>;
  return table[value] ?? value;
}

/** Cents as USD in `locale`'s way ("$1,250.00", "1.250,00 USD"). */
export function mailCents(cents: number, locale: string | null | undefined): string {
  return new Intl.NumberFormat(mailLanguage(locale) === 'it' ? 'it-IT' : 'en-US', { style: 'currency', currency: 'USD' }).format(
    cents / 100,
  );
}

/** Values whose text depends on the recipient's language. */
export type LocalisedValues = (locale: Language) => Record<string, string>;

type Recipient = { userId: string | null; email: string; name: string; locale: string; role: string | null };

/** How to reach a vendor (select it from `vendor` left-joined to its account `user`); see `vendorAddress`. */
const vendorContactColumns = {
  contactName: vendor.contactName,
  vendorEmail: vendor.email,
  userEmail: user.email,
  userName: user.name,
  locale: user.locale,
};

/** The vendor's address, name and language: its account's when linked, else the vendor's contact. */
function vendorAddress(row: {
  contactName: string;
  vendorEmail: string;
  userEmail: string | null;
  userName: string | null;
  locale: string | null;
}) {
  return { to: row.userEmail ?? row.vendorEmail, locale: mailLanguage(row.locale), name: row.userName ?? row.contactName };
}

/**
 * Tells the vendor `vendorId` about `template`: an in-app notification to its linked account
 * (when there is one; type `type`, linking to `path`) and an e-mail to the account's address (or
 * the vendor's contact address), in the account's language. Call it with the transaction of the
 * change; `key` makes the e-mail job unique (one per change).
 */
export async function tellVendor(
  tx: Db,
  {
    vendorId,
    template,
    values,
    path,
    key,
    type = 'info',
  }: {
    vendorId: number;
    template: WorkOrderMailTemplate;
    values: LocalisedValues;
    path: string;
    key: string;
    type?: 'success' | 'warning' | 'info' | 'error';
  },
): Promise<void> {
  const [row] = await tx
    .select({ userId: vendor.userId, ...vendorContactColumns })
    .from(vendor)
    .leftJoin(user, eq(user.id, vendor.userId))
    .where(eq(vendor.id, vendorId));
  if (!row) return;
  const { to, locale, name } = vendorAddress(row);
  const localised = values(locale);
  if (row.userId)
    await insertNotifications(tx, [{ userId: row.userId, ...workOrderNotice(locale, template, localised), type, actionUrl: path }]);
  const payload: WorkOrderMailPayload = { template, to, locale, name, path, values: localised };
  await enqueueOutbox(tx, [{ topic: WORK_ORDER_MAIL_TOPIC, payload, dedupeKey: `work-order-mail:${key}:vendor:${vendorId}` }]);
}

/** The admins and the manager of `buildingId` (active accounts), with their language and role. */
async function staffOf(db: Db, buildingId: number | null): Promise<Recipient[]> {
  const admins = await db
    .select({ userId: user.id, email: user.email, name: user.name, locale: user.locale, role: user.role })
    .from(user)
    .where(and(eq(user.role, 'admin'), eq(user.banned, false)));
  const recipients: Recipient[] = admins.map((row) => ({ ...row }));
  if (buildingId !== null) {
    const [manager] = await db
      .select({ userId: user.id, email: user.email, name: user.name, locale: user.locale, role: user.role })
      .from(building)
      .innerJoin(user, eq(user.id, building.managerId))
      .where(and(eq(building.id, buildingId), eq(user.banned, false)));
    if (manager && !recipients.some((recipient) => recipient.userId === manager.userId)) recipients.push({ ...manager });
  }
  return recipients;
}

/**
 * Tells staff about `template` for work order `workOrderId` of building `buildingId`: an in-app
 * notification to every admin and to the building's manager (linking to their own assignments
 * page), and an e-mail to the manager — to the admins when the building has no manager. Call it
 * with the transaction of the change; `key` makes the e-mail jobs unique.
 */
export async function tellStaff(
  tx: Db,
  {
    workOrderId,
    buildingId,
    template,
    values,
    key,
    type = 'info',
  }: {
    workOrderId: number;
    buildingId: number | null;
    template: WorkOrderMailTemplate;
    values: LocalisedValues;
    key: string;
    type?: 'success' | 'warning' | 'info' | 'error';
  },
): Promise<void> {
  const recipients = await staffOf(tx, buildingId);
  if (recipients.length === 0) return;
  const pathFor = (role: string | null) => `${isAdmin(role) ? '/admin/assignments' : '/dashboard/assignments'}/${workOrderId}`;
  await insertNotifications(
    tx,
    recipients.map((recipient) => ({
      userId: recipient.userId!,
      ...workOrderNotice(recipient.locale, template, values(mailLanguage(recipient.locale))),
      type,
      actionUrl: pathFor(recipient.role),
    })),
  );
  const manager = recipients.find((recipient) => isPropertyManager(recipient.role));
  const mailed = manager ? [manager] : recipients;
  await enqueueOutbox(
    tx,
    mailed.map((recipient) => {
      const locale = mailLanguage(recipient.locale);
      const payload: WorkOrderMailPayload = {
        template,
        to: recipient.email,
        locale,
        name: recipient.name,
        path: pathFor(recipient.role),
        values: values(locale),
      };
      return { topic: WORK_ORDER_MAIL_TOPIC, payload, dedupeKey: `work-order-mail:${key}:staff:${recipient.userId}` };
    }),
  );
}

/** What the offer e-mail shows, read when it is sent (null: the work order or vendor is gone). */
async function offerFacts(db: Db, { workOrderId, vendorId }: WorkOrderOfferedMailPayload) {
  const [row] = await selectWorkOrderJobs(db, {
    id: workOrder.id,
    status: workOrder.status,
    instructions: workOrder.instructions,
    dueAt: workOrder.dueAt,
    requestTitle: maintenanceRequest.title,
    priority: maintenanceRequest.priority,
    projectName: project.name,
    buildingName: building.name,
    city: building.city,
    state: building.state,
    unitNumber: property.unitNumber,
    company: vendor.companyName,
    ...vendorContactColumns,
  })
    .innerJoin(vendor, eq(vendor.id, workOrder.vendorId))
    .leftJoin(user, eq(user.id, vendor.userId))
    .where(and(eq(workOrder.id, workOrderId), eq(workOrder.vendorId, vendorId)));
  return row ?? null;
}

/**
 * The vendor's "new work order" e-mail for `payload`, in the vendor account's language (English
 * without one), to the account's address (the vendor's contact address without one); null when
 * the work order is no longer offered to this vendor (accepted meanwhile, cancelled, reassigned).
 */
export async function workOrderOfferedMail(db: Db, payload: WorkOrderOfferedMailPayload, publicUrl: string): Promise<OutgoingMail | null> {
  const facts = await offerFacts(db, payload);
  if (!facts || facts.status !== 'offered') return null;
  const { to, locale, name } = vendorAddress(facts);
  const place = [facts.buildingName, facts.unitNumber ? `#${facts.unitNumber}` : null, [facts.city, facts.state].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(' · ');
  const values = {
    id: String(facts.id),
    title: facts.requestTitle ?? facts.projectName ?? '',
    company: facts.company,
    priority: facts.priority ? mailWord(locale, 'priority', facts.priority) : TEXTS[locale].project,
    place,
    due: facts.dueAt ? formatDateTime(facts.dueAt.toISOString(), locale) : '',
    instructions: facts.instructions ?? '',
  };
  return workOrderMail({ template: 'offered', to, locale, name, path: `/vendor-portal/work-orders/${facts.id}`, values }, publicUrl);
}

/** The job handlers of work orders and invoices (registered in server/jobs.ts). */
export const workOrderJobHandlers: JobHandlers = {
  [WORK_ORDER_OFFERED_MAIL_TOPIC]: async (job, { db, mailer, publicUrl }) => {
    const mail = await workOrderOfferedMail(db, job.payload as WorkOrderOfferedMailPayload, publicUrl);
    if (mail) await mailer.send(mail);
  },
  [WORK_ORDER_MAIL_TOPIC]: async (job, { mailer, publicUrl }) => {
    await mailer.send(workOrderMail(job.payload as WorkOrderMailPayload, publicUrl));
  },
};
