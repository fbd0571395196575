/**
 * What the operations journey (tests/e2e/admin-system.spec.ts) needs in the e2e server's fresh
 * database: one background job that has failed for good — an application confirmation e-mail to
 * its own address, given up after the runner's last attempt — for the admin to retry from
 * /admin/database. Once retried, the runner sends it to the SMTP sink.
 */
import type { Db } from '../../app/server/db/client.server';

export const E2E_FAILED_JOB = {
  to: 'outbox-retry@e2e.dimora.test',
  reference: 'DIM-E2EJ0001',
  propertyTitle: 'E2E Retried Loft',
  lastError: 'E2E seeded failure: 421 mail server busy',
} as const;

/** Inserts the given-up job (once: its dedupe key makes a second run a no-op). */
export async function seedOps(db: Db): Promise<void> {
  const { outbox } = await import('../../app/server/db/schema');
  const { OUTBOX_MAX_ATTEMPTS } = await import('../../app/server/outbox/outbox.server');
  await db
    .insert(outbox)
    .values({
      topic: 'mail.application_confirmation',
      dedupeKey: 'e2e:ops:given-up',
      attempts: OUTBOX_MAX_ATTEMPTS,
      lastError: E2E_FAILED_JOB.lastError,
      payload: {
        to: E2E_FAILED_JOB.to,
        locale: 'en',
        firstName: 'Rita',
        reference: E2E_FAILED_JOB.reference,
        propertyTitle: E2E_FAILED_JOB.propertyTitle,
        propertyCity: 'Austin',
        moveIn: '2027-03-01',
        moveOut: '2028-02-29',
        leaseMonths: 12,
        monthlyRentCents: 150_000,
        depositCents: 150_000,
        applicationFeeCents: 5_000,
        paymentMethod: 'pay_at_signing',
        paidNowCents: 0,
        depositPaidNow: false,
        dueAtSigningCents: 305_000,
        cardBrand: null,
        cardLast4: null,
        contactUrl: 'http://127.0.0.1/contact',
      },
    })
    .onConflictDoNothing({ target: outbox.dedupeKey });
}
