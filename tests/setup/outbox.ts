/**
 * The outbox in integration tests: a mailer that keeps what it is given, and a runner that works
 * the due jobs with some handlers until none is left (each round asserting that none failed).
 */
import { expect } from 'vitest';
import type { Db } from '~/server/db/client.server';
import type { Mailer, OutgoingMail } from '~/server/mail/mailer.server';
import { processOutboxBatch, type JobHandlers } from '~/server/outbox/outbox.server';

/** A logger that says nothing. */
export const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A mailer whose e-mails land in `sent` (empty it between tests with `sent.length = 0`). */
export function capturingMailer(): { sent: OutgoingMail[]; mailer: Mailer } {
  const sent: OutgoingMail[] = [];
  return { sent, mailer: { kind: 'mailbox', send: async (mail) => void sent.push(mail), close: () => undefined } };
}

/** Works every due job with `handlers` (at most five rounds of 50), links on http://dimora.test; fails the test when a job fails. */
export async function runDueJobs(db: Db, { mailer, handlers }: { mailer: Mailer; handlers: JobHandlers }): Promise<void> {
  for (let round = 0; round < 5; round += 1) {
    const { processed, failed } = await processOutboxBatch({
      db,
      mailer,
      logger: quietLogger,
      publicUrl: 'http://dimora.test',
      handlers,
      limit: 50,
    });
    expect(failed).toBe(0);
    if (processed === 0) return;
  }
}
