/**
 * The application review's background job (decision 010, 014): the status e-mail to the
 * applicant, enqueued with the transition by `transitionApplication`.
 */
import { applicationStatusMail, type ApplicationStatusMailPayload } from '~/server/mail/application-status-mail.server';
import type { JobHandlers } from '~/server/outbox/outbox.server';

export const APPLICATION_STATUS_MAIL_TOPIC = 'mail.application_status';

export const applicationJobHandlers: JobHandlers = {
  [APPLICATION_STATUS_MAIL_TOPIC]: async (job, { mailer }) => {
    await mailer.send(applicationStatusMail(job.payload as ApplicationStatusMailPayload));
  },
};
