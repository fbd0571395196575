/**
 * The booking flow's background jobs (decision 009, 014): what a complete application causes
 * after its transaction commits — the applicant's confirmation e-mail and the in-app
 * notifications of staff (admins and the home's manager) and of a signed-in applicant.
 * Enqueued by `completeApplication` (application-payments.server.ts); run by the job runner.
 */
import { and, eq, or } from 'drizzle-orm';
import { type notification, property, user } from '~/server/db/schema';
import {
  applicationConfirmationMail,
  applicationNotificationTexts,
  type ApplicationConfirmationMailInput,
} from '~/server/mail/templates.server';
import { insertNotifications } from '~/server/notifications/notify.server';
import type { JobHandlers } from '~/server/outbox/outbox.server';

/** `mail.application_confirmation`: the applicant's confirmation e-mail, in their language. */
export type ApplicationConfirmationPayload = ApplicationConfirmationMailInput;

/** `notification.application_submitted`: in-app notifications for staff (and the applicant). */
export type ApplicationSubmittedPayload = {
  applicationId: number;
  reference: string;
  propertyId: number;
  /** The property's title in each language (staff read it in their own). */
  propertyTitles: { en: string; it: string };
  applicantName: string;
  /** ISO date. */
  moveIn: string;
  /** The signed-in applicant, who gets an "application received" notification too. */
  applicantUserId: string | null;
};

export const BOOKING_JOB_TOPICS = {
  confirmation: 'mail.application_confirmation',
  submitted: 'notification.application_submitted',
} as const;

export const bookingJobHandlers: JobHandlers = {
  [BOOKING_JOB_TOPICS.confirmation]: async (job, { mailer }) => {
    await mailer.send(applicationConfirmationMail(job.payload as ApplicationConfirmationPayload));
  },
  [BOOKING_JOB_TOPICS.submitted]: async (job, { db, markDone }) => {
    const payload = job.payload as ApplicationSubmittedPayload;
    await db.transaction(async (tx) => {
      const [home] = await tx.select({ managerId: property.managerId }).from(property).where(eq(property.id, payload.propertyId));
      const staff = await tx
        .select({ id: user.id, locale: user.locale })
        .from(user)
        .where(
          and(eq(user.banned, false), home?.managerId ? or(eq(user.role, 'admin'), eq(user.id, home.managerId)) : eq(user.role, 'admin')),
        );
      const rows: (typeof notification.$inferInsert)[] = staff.map((recipient) => {
        const texts = applicationNotificationTexts(recipient.locale);
        const values = {
          name: payload.applicantName,
          property: recipient.locale === 'it' ? payload.propertyTitles.it : payload.propertyTitles.en,
          reference: payload.reference,
          moveIn: payload.moveIn,
        };
        return {
          userId: recipient.id,
          title: texts.staffTitle,
          message: texts.staffMessage(values),
          type: 'info' as const,
          actionUrl: recipient.id === home?.managerId ? '/dashboard' : '/admin/applications',
        };
      });
      if (payload.applicantUserId) {
        const [applicant] = await tx.select({ id: user.id, locale: user.locale }).from(user).where(eq(user.id, payload.applicantUserId));
        if (applicant && !staff.some((recipient) => recipient.id === applicant.id)) {
          const texts = applicationNotificationTexts(applicant.locale);
          const values = {
            reference: payload.reference,
            property: applicant.locale === 'it' ? payload.propertyTitles.it : payload.propertyTitles.en,
          };
          rows.push({
            userId: applicant.id,
            title: texts.applicantTitle,
            message: texts.applicantMessage(values),
            type: 'success',
            actionUrl: `/payment-success?ref=${encodeURIComponent(payload.reference)}`,
          });
        }
      }
      await insertNotifications(tx, rows);
      await markDone(tx);
    });
  },
};
