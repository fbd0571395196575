/**
 * The owners' background job (decision 014, decision 061): `owners.settle_months` runs every hour
 * at 25 minutes past, so each building's distribution day is met soon after midnight on its own
 * wall clock, and settles every month that is due (`settleDueOwnerMonths`): the management fee and
 * the owner's distribution, once per building and month however often it runs — and then makes
 * the statements of the months settled (`generateDueOwnerStatements`), e-mailed through
 * `mail.owner`. `mail.owner_invitation` issues an owner's invitation link and e-mails it
 * (owner-invitation.server.ts).
 */
import type { JobHandlers, JobSchedule } from '~/server/outbox/outbox.server';
import { mailDate } from '~/server/mail/templates.server';
import { currentSettings } from '~/server/settings/settings.server';
import { issueOwnerInvitation, OWNER_INVITATION_TOPIC, OWNER_INVITE_PATH, type OwnerInvitationPayload } from './owner-invitation.server';
import { ownerMail, OWNER_MAIL_TOPIC, type OwnerMailPayload } from './owner-mail.server';
import { settleDueOwnerMonths } from './owner-settlement.server';
import { generateDueOwnerStatements } from './owner-statements.server';

export const OWNER_SETTLE_TOPIC = 'owners.settle_months';

export const OWNER_SETTLE_SCHEDULE: JobSchedule = { name: OWNER_SETTLE_TOPIC, cron: '25 * * * *', topic: OWNER_SETTLE_TOPIC };

export const ownerJobHandlers: JobHandlers = {
  [OWNER_SETTLE_TOPIC]: async (_job, { db, logger }) => {
    const result = await settleDueOwnerMonths(db, {
      onError: ({ buildingId, month, error }) => logger.error({ err: error, buildingId, month }, 'owner settlement failed'),
    });
    // Then the statements of the owners whose months were settled, each e-mailed once.
    const statements = await generateDueOwnerStatements(db);
    logger.info({ ...result, statements }, 'owner months settled');
  },
  [OWNER_MAIL_TOPIC]: async (job, { mailer, publicUrl }) => {
    await mailer.send(ownerMail(job.payload as OwnerMailPayload, publicUrl));
  },

  [OWNER_INVITATION_TOPIC]: async (job, { db, mailer, publicUrl, logger }) => {
    const { ownerId } = job.payload as OwnerInvitationPayload;
    // A failed send leaves this token stored but unsent; the retry makes a new one, replacing it.
    const issued = await issueOwnerInvitation(db, { ownerId });
    if (!issued) {
      logger.info({ ownerId }, 'owner invitation not sent: the owner is gone or already has an account');
      return;
    }
    const { owner: row, token, expiresAt } = issued;
    const { companyName } = await currentSettings(db);
    const payload: OwnerMailPayload = {
      template: 'invitation',
      to: row.email,
      locale: row.locale,
      name: row.name,
      path: `${OWNER_INVITE_PATH}/${token}`,
      values: { company: companyName, email: row.email, expires: mailDate(expiresAt.toISOString(), row.locale) },
    };
    await mailer.send(ownerMail(payload, publicUrl));
  },
};
