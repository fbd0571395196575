/**
 * Vendor onboarding's background jobs (decision 014; decision 030 and 026):
 * - `mail.vendor`: the vendor e-mails the review commands enqueue (vendor-mail.server.ts);
 * - `mail.vendor_invitation`: makes the invitation's token when it runs — so the secret is never
 *   stored in an outbox row — and e-mails the link (vendor-invitation.server.ts);
 * - `vendors.insurance_reminders` (daily, 07:00 UTC): for every approved vendor with verified
 *   insurance, a reminder 30 days and 7 days before `insurance_expiry` (only the nearer one when
 *   the first is already past), and a notice once it has expired — each enqueued as
 *   `vendors.insurance_notice` with a dedupe key per vendor, expiry and threshold, so each goes
 *   out once however often the job runs (the windows below end before the outbox prunes the key);
 * - `vendors.insurance_notice`: e-mails the vendor (en/it) and writes the in-app notifications —
 *   to the vendor's account when linked, and to every admin when the insurance has expired.
 */
import { utcToday } from '~/lib/dates';
import { and, between, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { user, vendor } from '~/server/db/schema';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox, type JobHandlers, type JobSchedule } from '~/server/outbox/outbox.server';

import { addIsoDays } from '~/lib/time-zones';
import { issueVendorInvitation } from './vendor-invitation.server';
import {
  daysLabel,
  VENDOR_INVITATION_TOPIC,
  VENDOR_MAIL_TOPIC,
  vendorMail,
  vendorMailDate,
  vendorNotification,
  type VendorInvitationPayload,
  type VendorMailPayload,
} from './vendor-mail.server';

export const VENDOR_INSURANCE_REMINDERS_TOPIC = 'vendors.insurance_reminders';
export const VENDOR_INSURANCE_NOTICE_TOPIC = 'vendors.insurance_notice';

/** The daily reminder run (UTC). */
export const VENDOR_INSURANCE_SCHEDULE: JobSchedule = {
  name: 'vendors.insurance_reminders',
  cron: '0 7 * * *',
  topic: VENDOR_INSURANCE_REMINDERS_TOPIC,
};

/** Days before the expiry when a reminder goes out. */
export const INSURANCE_REMINDER_DAYS = [30, 7] as const;
/** An expiry notice is still sent this many days late (a run missed while the server was down). */
const EXPIRED_NOTICE_WINDOW_DAYS = 7;

/** Which notice: 30 or 7 days before, or expired. */
export type InsuranceThreshold = 30 | 7 | 'expired';
export type InsuranceNoticePayload = { vendorId: number; expiry: string; threshold: InsuranceThreshold };

/** Whole days from `today` to `expiry` (both YYYY-MM-DD; negative once past). */
function daysUntil(expiry: string, today: string): number {
  return Math.round((Date.parse(`${expiry}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** The notice due on `today` for insurance ending on `expiry`, or null (more than 30 days away). */
export function insuranceThreshold(expiry: string, today: string): InsuranceThreshold | null {
  const days = daysUntil(expiry, today);
  if (days < 0) return 'expired';
  if (days <= 7) return 7;
  if (days <= 30) return 30;
  return null;
}

/**
 * Enqueues the insurance notices due on `today` (YYYY-MM-DD): approved vendors whose verified
 * insurance ends within 30 days, or ended at most 7 days ago. Each (vendor, expiry, threshold)
 * is enqueued once ever (dedupe key). Returns how many vendors were looked at.
 */
export async function runInsuranceReminders({ db, today }: { db: Db; today: string }): Promise<{ vendors: number }> {
  const rows = await db
    .select({ id: vendor.id, expiry: vendor.insuranceExpiry })
    .from(vendor)
    .where(
      and(
        eq(vendor.status, 'approved'),
        isNotNull(vendor.insuranceVerifiedAt),
        between(vendor.insuranceExpiry, addIsoDays(today, -EXPIRED_NOTICE_WINDOW_DAYS), addIsoDays(today, INSURANCE_REMINDER_DAYS[0])),
      ),
    );
  const messages = rows.flatMap((row) => {
    const threshold = row.expiry ? insuranceThreshold(row.expiry, today) : null;
    if (!row.expiry || threshold === null) return [];
    const payload: InsuranceNoticePayload = { vendorId: row.id, expiry: row.expiry, threshold };
    return [{ topic: VENDOR_INSURANCE_NOTICE_TOPIC, payload, dedupeKey: `vendor-insurance:${row.id}:${row.expiry}:${threshold}` }];
  });
  await enqueueOutbox(db, messages);
  return { vendors: rows.length };
}

export const vendorJobHandlers: JobHandlers = {
  [VENDOR_MAIL_TOPIC]: async (job, { mailer, publicUrl }) => {
    await mailer.send(vendorMail(job.payload as VendorMailPayload, publicUrl));
  },

  [VENDOR_INVITATION_TOPIC]: async (job, { db, mailer, publicUrl, logger }) => {
    const { vendorId } = job.payload as VendorInvitationPayload;
    // A failed send leaves this token stored but unsent; the retry makes a new one, replacing it.
    const issued = await issueVendorInvitation(db, { vendorId });
    if (!issued) {
      logger.info({ vendorId }, 'vendor invitation not sent: the vendor is no longer approved or already has an account');
      return;
    }
    const { vendor: row, token, expiresAt } = issued;
    const payload: VendorMailPayload = {
      template: 'invitation',
      to: row.email,
      locale: row.locale,
      name: row.contactName,
      path: `/vendor-invite/${token}`,
      values: { company: row.companyName, email: row.email, expires: vendorMailDate(expiresAt.toISOString(), row.locale) },
    };
    await mailer.send(vendorMail(payload, publicUrl));
  },

  [VENDOR_INSURANCE_REMINDERS_TOPIC]: async (job, { db, logger }) => {
    const { scheduledFor } = (job.payload ?? {}) as { scheduledFor?: string };
    const at = scheduledFor ? new Date(scheduledFor) : new Date();
    const today = utcToday(Number.isNaN(at.getTime()) ? new Date() : at);
    const result = await runInsuranceReminders({ db, today });
    logger.info({ today, ...result }, 'vendor insurance reminders run');
  },

  [VENDOR_INSURANCE_NOTICE_TOPIC]: async (job, { db, mailer, publicUrl, markDone }) => {
    const { vendorId, expiry, threshold } = job.payload as InsuranceNoticePayload;
    const [row] = await db
      .select({ record: vendor, userLocale: user.locale })
      .from(vendor)
      .leftJoin(user, eq(user.id, vendor.userId))
      .where(eq(vendor.id, vendorId));
    // A renewed certificate verified since (or a suspension) makes the notice moot.
    if (!row || row.record.status !== 'approved' || !row.record.insuranceVerifiedAt || row.record.insuranceExpiry !== expiry) return;
    const record = row.record;
    const locale = row.userLocale ?? record.locale;
    const expired = threshold === 'expired';
    const values = {
      company: record.companyName,
      expiry: vendorMailDate(expiry, locale),
      days: expired ? '' : daysLabel(locale, threshold),
    };
    await mailer.send(
      vendorMail(
        {
          template: expired ? 'insurance_expired' : 'insurance_reminder',
          to: record.email,
          locale,
          name: record.contactName,
          path: '/vendor-portal/profile',
          values,
        },
        publicUrl,
      ),
    );
    await db.transaction(async (tx) => {
      const notes = [];
      if (record.userId) {
        notes.push({
          userId: record.userId,
          ...vendorNotification(locale, expired ? 'insuranceExpired' : 'insuranceReminder', values),
          type: 'warning' as const,
          actionUrl: '/vendor-portal/profile',
        });
      }
      if (expired) {
        const admins = await tx.select({ id: user.id, locale: user.locale }).from(user).where(eq(user.role, 'admin'));
        for (const admin of admins) {
          notes.push({
            userId: admin.id,
            ...vendorNotification(admin.locale, 'adminInsuranceExpired', {
              company: record.companyName,
              expiry: vendorMailDate(expiry, admin.locale),
            }),
            type: 'warning' as const,
            actionUrl: `/admin/vendors/${record.id}`,
          });
        }
      }
      await insertNotifications(tx, notes);
      await markDone(tx);
    });
  },
};
