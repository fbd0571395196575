/**
 * Who hears about a capital project's steps and how (decision 026): invited vendors
 * by e-mail (the vendor record's address, in its account's language, through the outbox) and
 * in-app (when the record is linked to an account); staff in-app. Written in the caller's
 * transaction, so a step that rolls back tells nobody.
 */
import { isAdmin, isStaff } from '~/lib/access';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { user, vendor } from '~/server/db/schema';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import {
  PROJECT_MAIL_TOPIC,
  projectKindLabel,
  projectNotificationText,
  type ProjectMailPayload,
  type ProjectMailTemplate,
  type ProjectNotificationKind,
} from './project-mail.server';
import type { ProjectKind } from './projects.schemas';

/** A vendor as a message reaches it. `locale` is its account's language ('en' without one). */
export type VendorRecipient = {
  vendorId: number;
  companyName: string;
  contactName: string;
  email: string;
  userId: string | null;
  locale: string;
};

/** What every project message says about the project. */
export type ProjectFacts = { id: number; name: string; kind: ProjectKind; description: string | null; buildingName: string; city: string };

/** The vendor page of a project. */
export function vendorProjectPath(projectId: number): string {
  return `/vendor-portal/projects/${projectId}`;
}

/** The recipients behind `vendorIds` (unknown ids are left out), by company name. */
export async function vendorRecipients(db: Db, vendorIds: readonly number[]): Promise<VendorRecipient[]> {
  if (vendorIds.length === 0) return [];
  const rows = await db
    .select({
      vendorId: vendor.id,
      companyName: vendor.companyName,
      contactName: vendor.contactName,
      email: vendor.email,
      userId: vendor.userId,
      locale: user.locale,
    })
    .from(vendor)
    .leftJoin(user, eq(user.id, vendor.userId))
    .where(inArray(vendor.id, [...vendorIds]))
    .orderBy(vendor.companyName);
  return rows.map((row) => ({ ...row, locale: row.locale ?? 'en' }));
}

/**
 * E-mails `template` to each recipient and, when linked to an account, notifies it in-app, in its
 * language. `values(recipient)` adds what differs per recipient (amount, deadline…), formatted
 * in its language. `dedupe` tells apart two messages of the same template to the same vendor
 * (e.g. the new deadline).
 */
export async function notifyVendors(
  tx: Db,
  {
    project,
    recipients,
    template,
    values = () => ({}),
    dedupe = '',
  }: {
    project: ProjectFacts;
    recipients: readonly VendorRecipient[];
    template: ProjectMailTemplate & ProjectNotificationKind;
    values?: (recipient: VendorRecipient) => Record<string, string>;
    dedupe?: string;
  },
): Promise<void> {
  if (recipients.length === 0) return;
  const path = vendorProjectPath(project.id);
  const filled = recipients.map((recipient) => ({
    recipient,
    values: {
      project: project.name,
      building: project.buildingName,
      city: project.city,
      company: recipient.companyName,
      kind: projectKindLabel(project.kind, recipient.locale),
      description: project.description ?? '',
      ...values(recipient),
    },
  }));
  await enqueueOutbox(
    tx,
    filled.map(({ recipient, values: shown }) => {
      const payload: ProjectMailPayload = {
        template,
        to: recipient.email,
        locale: recipient.locale,
        name: recipient.contactName,
        path,
        values: shown,
      };
      return {
        topic: PROJECT_MAIL_TOPIC,
        payload,
        dedupeKey: `project:${template}:${project.id}:${recipient.vendorId}${dedupe ? `:${dedupe}` : ''}`,
      };
    }),
  );
  await insertNotifications(
    tx,
    filled
      .filter(({ recipient }) => recipient.userId)
      .map(({ recipient, values: shown }) => ({
        userId: recipient.userId!,
        ...projectNotificationText(template, recipient.locale, shown),
        type: template === 'bid_awarded' ? ('success' as const) : ('info' as const),
        actionUrl: path,
      })),
  );
}

/**
 * Notifies staff users `userIds` (duplicates and nulls ignored) in-app, each in their language,
 * with a link to the project's page in their own workspace (/admin or /dashboard).
 */
export async function notifyProjectStaff(
  tx: Db,
  {
    userIds,
    projectId,
    kind,
    values,
  }: {
    userIds: readonly (string | null)[];
    projectId: number;
    kind: ProjectNotificationKind;
    values: (locale: string) => Record<string, string>;
  },
): Promise<void> {
  const ids = [...new Set(userIds.filter((id): id is string => Boolean(id)))];
  if (ids.length === 0) return;
  const staff = await tx.select({ id: user.id, role: user.role, locale: user.locale }).from(user).where(inArray(user.id, ids));
  await insertNotifications(
    tx,
    staff
      .filter((row) => isStaff(row.role))
      .map((row) => ({
        userId: row.id,
        ...projectNotificationText(kind, row.locale, values(row.locale)),
        type: 'info' as const,
        actionUrl: `${isAdmin(row.role) ? '/admin' : '/dashboard'}/projects/${projectId}?tab=bids`,
      })),
  );
}
