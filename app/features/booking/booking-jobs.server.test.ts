import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '~/server/db/client.server';
import { mailMessage, notification, outbox, user } from '~/server/db/schema';
import { logger } from '~/server/logger.server';
import { createProperty } from '../../../tests/setup/factories';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { enqueueOutbox, processOutboxBatch, startOutboxWorker, type OutboxMessage } from '~/server/outbox/outbox.server';
import { bookingJobHandlers } from './booking-jobs.server';

let database: TestDatabase;
let db: Db;
const quiet = logger.child({}, { level: 'silent' });
const handlers = bookingJobHandlers;
const publicUrl = 'http://dimora.test';

async function person(role: 'admin' | 'property_manager' | 'tenant', locale: 'en' | 'it', banned = false) {
  const id = randomUUID();
  await db.insert(user).values({ id, name: `${role} ${id.slice(0, 4)}`, email: `${id.slice(0, 8)}@staff.test`, role, locale, banned });
  return id;
}

function confirmation(to: string, locale: 'en' | 'it', reference: string): OutboxMessage {
  return {
    topic: 'mail.application_confirmation',
    payload: {
      to,
      locale,
      firstName: 'Giulia',
      reference,
      propertyTitle: locale === 'it' ? 'Loft luminoso' : 'Bright loft',
      propertyCity: 'Austin',
      moveIn: '2027-01-15',
      moveOut: '2028-01-15',
      leaseMonths: 12,
      monthlyRentCents: 150_000,
      depositCents: 150_000,
      applicationFeeCents: 5_000,
      paymentMethod: 'card',
      paidNowCents: 5_000,
      depositPaidNow: false,
      dueAtSigningCents: 300_000,
      cardBrand: 'visa',
      cardLast4: '4242',
      contactUrl: 'http://dimora.test/contact',
    },
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});

afterAll(async () => {
  await database.close();
});

describe('booking jobs', () => {
  it("sends the applicant's confirmation in Italian and notifies admins and the home's manager, once", async () => {
    const admin = await person('admin', 'en');
    const bannedAdmin = await person('admin', 'en', true);
    const manager = await person('property_manager', 'it');
    const otherManager = await person('property_manager', 'en');
    const applicant = await person('tenant', 'it');
    const home = await createProperty(db, { managerId: manager });
    await enqueueOutbox(db, [
      confirmation('giulia@example.it', 'it', 'DIM-ABCD2345'),
      {
        topic: 'notification.application_submitted',
        payload: {
          applicationId: 1,
          reference: 'DIM-ABCD2345',
          propertyId: home.id,
          propertyTitles: { en: 'Bright loft', it: 'Loft luminoso' },
          applicantName: 'Giulia Rossi',
          moveIn: '2027-01-15',
          applicantUserId: applicant,
        },
      },
    ]);

    const mailer = testContext(database).mailer;
    expect(await processOutboxBatch({ db, mailer, logger: quiet, handlers, publicUrl })).toEqual({ processed: 2, failed: 0 });

    const [mail, ...more] = await db.select().from(mailMessage).where(eq(mailMessage.to, 'giulia@example.it'));
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('Candidatura ricevuta: Loft luminoso (DIM-ABCD2345)');
    expect(mail!.text).toContain('Ciao Giulia,');
    expect(mail!.text).toContain('Il tuo codice di riferimento: DIM-ABCD2345');
    expect(mail!.text).toContain('Pagato oggi: 50,00');
    expect(mail!.text).toContain('Visa che termina con 4242');
    expect(mail!.text).toContain('15 gen 2027');

    const rows = await db
      .select()
      .from(notification)
      .where(sql`${notification.userId} in (${admin}, ${bannedAdmin}, ${manager}, ${otherManager}, ${applicant})`);
    const byUser = new Map(rows.map((row) => [row.userId, row]));
    expect(byUser.get(admin)).toMatchObject({ title: 'New rental application', actionUrl: '/admin/applications', read: false });
    expect(byUser.get(admin)!.message).toBe('Giulia Rossi applied for Bright loft (reference DIM-ABCD2345), moving in on Jan 15, 2027.');
    expect(byUser.get(manager)).toMatchObject({ title: 'Nuova candidatura di locazione', actionUrl: '/dashboard' });
    expect(byUser.get(manager)!.message).toContain('Loft luminoso');
    expect(byUser.get(applicant)).toMatchObject({
      title: 'Candidatura ricevuta',
      type: 'success',
      actionUrl: '/payment-success?ref=DIM-ABCD2345',
    });
    expect(byUser.has(bannedAdmin)).toBe(false);
    expect(byUser.has(otherManager)).toBe(false);

    // Delivered messages are marked and never delivered again.
    const pending = await db
      .select()
      .from(outbox)
      .where(sql`${outbox.processedAt} is null`);
    expect(pending).toHaveLength(0);
    expect(await processOutboxBatch({ db, mailer, logger: quiet, handlers, publicUrl })).toEqual({ processed: 0, failed: 0 });
    expect(await db.select().from(mailMessage).where(eq(mailMessage.to, 'giulia@example.it'))).toHaveLength(1);
  });

  it('the worker delivers in the background and stops cleanly', async () => {
    const mailer = testContext(database).mailer;
    const stop = startOutboxWorker({ db, mailer, logger: quiet, handlers, publicUrl, intervalMs: 20 });
    try {
      await enqueueOutbox(db, [confirmation('worker@example.com', 'en', 'DIM-WORK2345')]);
      await expect
        .poll(async () => (await db.select().from(mailMessage).where(eq(mailMessage.to, 'worker@example.com'))).length, {
          timeout: 5_000,
          interval: 25,
        })
        .toBe(1);
      const [mail] = await db.select().from(mailMessage).where(eq(mailMessage.to, 'worker@example.com'));
      expect(mail!.subject).toBe('Application received: Bright loft (DIM-WORK2345)');
      expect(mail!.text).toContain('Paid today: $50.00 with Visa ending in 4242');
    } finally {
      await stop();
    }
  });
});
