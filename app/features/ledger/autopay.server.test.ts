import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '~/server/auth/session.server';
import { autopay, notification, payment } from '~/server/db/schema';
import { createSandboxProvider, SANDBOX_TEST_CARDS, type SandboxCharge } from '~/server/payments/sandbox-provider.server';
import { addCharge, createLeaseFixture, createPerson, leaseMails, noonUtc, TEST_ORIGIN } from '../../../tests/setup/leases';
import { createTestDatabase, TEST_PUBLIC_URL, type TestDatabase } from '../../../tests/setup/test-db';
import { AUTOPAY_RETRY_DAYS, cancelAutopay, runAutopay } from './autopay.server';
import { enableAutopayThroughCheckout } from '../../../tests/setup/checkout';
import { findLeaseBalance } from './ledger.server';

let database: TestDatabase;
let manager: Viewer;
const origin = TEST_ORIGIN;
const publicUrl = TEST_PUBLIC_URL;

/** `YYYY-MM` `months` after the current month (UTC). enableAutopay decides from the real clock whether this month still counts, so the runs below happen in later months. */
function periodFromNow(months: number): string {
  const date = new Date();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 7);
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const NEXT = periodFromNow(1);
const AFTER_NEXT = periodFromNow(2);
const DAY = 5;
const ON_DAY = `${NEXT}-0${DAY}`;

beforeAll(async () => {
  database = await createTestDatabase();
  manager = await createPerson(database.db, 'property_manager');
});

// runAutopay charges every active autopay: each test starts with none left on by another.
afterEach(async () => {
  await database.db.update(autopay).set({ active: false }).where(eq(autopay.active, true));
});

afterAll(async () => {
  await database?.close();
});

/** A tenant with an active lease owing `owed` cents, and a fresh sandbox. */
async function leaseOwing(owed = 120_000) {
  const tenant = await createPerson(database.db, 'tenant', 'Ann Autopay');
  const row = await createLeaseFixture(database.db, { manager, tenant, startDate: '2026-01-01', endDate: '2028-12-31' });
  await addCharge(database.db, { leaseId: row.id, amountCents: owed, dueDate: `${NEXT}-01` });
  const provider = createSandboxProvider({ store: new Map<string, Promise<SandboxCharge>>(), checkouts: new Map() });
  return { tenant, row, provider };
}

type EnableOptions = Parameters<typeof enableAutopayThroughCheckout>[0];
/** Turns autopay on for day DAY with a good card on the hosted page, unless `options` name another day or card. */
function turnOnAutopay(options: Pick<EnableOptions, 'provider' | 'viewer' | 'leaseId'> & Partial<EnableOptions>) {
  return enableAutopayThroughCheckout({ db: database.db, dayOfMonth: DAY, ...options });
}

async function autopayRow(leaseId: number) {
  const [row] = await database.db.select().from(autopay).where(eq(autopay.leaseId, leaseId));
  return row;
}

async function paymentsOf(leaseId: number) {
  return database.db.select().from(payment).where(eq(payment.leaseId, leaseId)).orderBy(payment.id);
}

describe('autopay on through the hosted page', () => {
  it('saves the provider’s token, brand and last 4 of the card, and no other card digits', async () => {
    const { tenant, row, provider } = await leaseOwing();

    const outcome = await turnOnAutopay({ provider, viewer: tenant, leaseId: row.id });

    expect(outcome).toMatchObject({
      ok: true,
      autopay: { dayOfMonth: DAY, cardBrand: 'visa', cardLast4: '4242', lastFailure: null, retryAt: null },
    });
    const saved = await autopayRow(row.id);
    expect(saved).toMatchObject({
      active: true,
      userId: tenant.id,
      provider: 'sandbox',
      cardLast4: '4242',
      paymentMethodToken: expect.stringMatching(/^sbx_pm_ok_visa_4242_[0-9a-f]{16}$/),
    });
    const stored = JSON.stringify(saved);
    expect(stored).not.toContain(SANDBOX_TEST_CARDS.succeeds);
    expect(stored).not.toContain(SANDBOX_TEST_CARDS.succeeds.slice(0, 12));
    expect(provider.charges.size).toBe(0);
  });

  it('refuses a day outside 1–28 and someone else’s lease', async () => {
    const { tenant, row, provider } = await leaseOwing();
    const stranger = await createPerson(database.db, 'tenant');

    for (const dayOfMonth of [0, 29, 31, 2.5]) {
      expect(await turnOnAutopay({ provider, viewer: tenant, leaseId: row.id, dayOfMonth })).toEqual({ ok: false, reason: 'invalid_day' });
    }
    expect(await turnOnAutopay({ provider, viewer: stranger, leaseId: row.id })).toEqual({ ok: false, reason: 'not_found' });
    expect(await autopayRow(row.id)).toBeUndefined();
  });
});

describe('runAutopay', () => {
  it('charges the balance once on its day, with the receipt, and not again when run twice', async () => {
    const { tenant, row, provider } = await leaseOwing(120_000);
    await turnOnAutopay({ provider, viewer: tenant, leaseId: row.id });

    expect(await runAutopay({ db: database.db, provider, now: noonUtc(addDays(ON_DAY, -1)), publicUrl })).toEqual({
      charged: 0,
      failed: 0,
      nothingDue: 0,
      pending: 0,
    });
    expect(await runAutopay({ db: database.db, provider, now: noonUtc(ON_DAY), publicUrl })).toEqual({
      charged: 1,
      failed: 0,
      nothingDue: 0,
      pending: 0,
    });
    expect(await runAutopay({ db: database.db, provider, now: noonUtc(ON_DAY), publicUrl })).toEqual({
      charged: 0,
      failed: 0,
      nothingDue: 0,
      pending: 0,
    });
    expect(await runAutopay({ db: database.db, provider, now: noonUtc(addDays(ON_DAY, 10)), publicUrl })).toEqual({
      charged: 0,
      failed: 0,
      nothingDue: 0,
      pending: 0,
    });

    expect(provider.charges.size).toBe(1);
    const payments = await paymentsOf(row.id);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      method: 'autopay',
      kind: 'rent',
      amountCents: 120_000,
      status: 'succeeded',
      cardLast4: '4242',
      payerId: tenant.id,
    });
    expect((await findLeaseBalance(database.db, row.id, ON_DAY)).balanceCents).toBe(0);
    expect(await autopayRow(row.id)).toMatchObject({ lastPeriod: NEXT, retryAt: null, lastFailure: null });
    const receipts = await leaseMails(database.db, 'receipt', tenant.email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({
      dedupeKey: `receipt:${payments[0]!.id}`,
      payload: { values: { amount: '$1,200.00', balance: '$0.00' } },
    });
  });

  it('a declined card notifies the tenant, retries once three days later, then leaves the month to the tenant', async () => {
    const { tenant, row, provider } = await leaseOwing(120_000);
    const enabled = await turnOnAutopay({ provider, viewer: tenant, leaseId: row.id, cardNumber: SANDBOX_TEST_CARDS.attachesButDeclines });
    expect(enabled).toMatchObject({ ok: true, autopay: { cardLast4: '0341' } });
    const errors = async () =>
      database.db
        .select()
        .from(notification)
        .where(and(eq(notification.userId, tenant.id), eq(notification.type, 'error')));
    const retryAt = addDays(ON_DAY, AUTOPAY_RETRY_DAYS);

    expect(await runAutopay({ db: database.db, provider, now: noonUtc(ON_DAY), publicUrl })).toMatchObject({ charged: 0, failed: 1 });

    expect(await autopayRow(row.id)).toMatchObject({ active: true, retryAt, lastFailure: `card_declined|${NEXT}` });
    expect(await errors()).toHaveLength(1);
    const firstMails = await leaseMails(database.db, 'autopay_failed', tenant.email);
    expect(firstMails).toHaveLength(1);
    expect(firstMails[0]!.payload).toMatchObject({
      template: 'autopay_failed',
      values: { amount: '$1,200.00', card: 'visa •••• 0341', reason: 'card declined' },
    });
    expect(JSON.stringify(firstMails[0]!.payload)).toContain('We will try again on');
    expect((await paymentsOf(row.id)).map((p) => p.status)).toEqual(['failed']);

    // Not again before the retry date.
    expect(await runAutopay({ db: database.db, provider, now: noonUtc(ON_DAY), publicUrl })).toMatchObject({ failed: 0 });
    expect(await runAutopay({ db: database.db, provider, now: noonUtc(addDays(retryAt, -1)), publicUrl })).toMatchObject({ failed: 0 });
    expect(provider.charges.size).toBe(1);

    // The retry: once more, then it gives up for the month.
    expect(await runAutopay({ db: database.db, provider, now: noonUtc(retryAt), publicUrl })).toMatchObject({ charged: 0, failed: 1 });
    expect(await autopayRow(row.id)).toMatchObject({ active: true, retryAt: null, lastPeriod: NEXT });
    expect(provider.charges.size).toBe(2);
    expect(await errors()).toHaveLength(2);
    const mails = await leaseMails(database.db, 'autopay_failed', tenant.email);
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => JSON.stringify(m.payload).includes('We will not try again this month'))).toBe(true);

    expect(await runAutopay({ db: database.db, provider, now: noonUtc(retryAt), publicUrl })).toMatchObject({ failed: 0 });
    expect(await runAutopay({ db: database.db, provider, now: noonUtc(`${NEXT}-28`), publicUrl })).toMatchObject({ failed: 0 });
    expect(provider.charges.size).toBe(2);
    expect((await paymentsOf(row.id)).map((p) => p.status)).toEqual(['failed', 'failed']);
    expect((await findLeaseBalance(database.db, row.id, retryAt)).balanceCents).toBe(120_000);

    // Next month it tries again.
    expect(await runAutopay({ db: database.db, provider, now: noonUtc(`${AFTER_NEXT}-0${DAY}`), publicUrl })).toMatchObject({ failed: 1 });
    expect(provider.charges.size).toBe(3);
  });

  it('a cancelled autopay charges nothing', async () => {
    const { tenant, row, provider } = await leaseOwing();
    await turnOnAutopay({ provider, viewer: tenant, leaseId: row.id });

    expect(await cancelAutopay({ db: database.db, viewer: tenant, leaseId: row.id, origin })).toBe(true);
    expect(await cancelAutopay({ db: database.db, viewer: tenant, leaseId: row.id, origin })).toBe(false);

    expect(await autopayRow(row.id)).toMatchObject({ active: false, cancelledAt: expect.any(Date) });
    await runAutopay({ db: database.db, provider, now: noonUtc(ON_DAY), publicUrl });
    expect(provider.charges.size).toBe(0);
    expect(await paymentsOf(row.id)).toEqual([]);
  });

  it('another tenant cannot cancel someone’s autopay', async () => {
    const { tenant, row, provider } = await leaseOwing();
    const stranger = await createPerson(database.db, 'tenant');
    await turnOnAutopay({ provider, viewer: tenant, leaseId: row.id });

    expect(await cancelAutopay({ db: database.db, viewer: stranger, leaseId: row.id, origin })).toBe(false);
    expect(await autopayRow(row.id)).toMatchObject({ active: true });
  });
});
