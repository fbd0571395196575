/**
 * The accounts feature's background job (decision 014; decision 023): the "sign-in paused"
 * e-mail to an account's owner, enqueued once per lockout episode by `signIn`.
 */
import { accountLockedMail } from '~/server/mail/templates.server';
import type { JobHandlers } from '~/server/outbox/outbox.server';

export const ACCOUNT_LOCKED_MAIL_TOPIC = 'mail.account_locked';

/** The outbox payload: the owner's address, language and name, and the lock's length in seconds. */
export type AccountLockedMailPayload = { to: string; locale: string; name: string; seconds: number };

export const accountJobHandlers: JobHandlers = {
  [ACCOUNT_LOCKED_MAIL_TOPIC]: async (job, { mailer, publicUrl }) => {
    const payload = job.payload as AccountLockedMailPayload;
    await mailer.send(accountLockedMail({ ...payload, url: new URL('/auth/forgot', publicUrl).toString() }));
  },
};
