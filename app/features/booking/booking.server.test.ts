import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_SETTING_KEYS } from '~/lib/constants';
import { application, auditLog, outbox, payment, property, setting, user } from '~/server/db/schema';
import { logger } from '~/server/logger.server';
import { PaymentProviderError, type PaymentProvider } from '~/server/payments/payment-provider';
import {
  SANDBOX_TEST_CARDS,
  createSandboxProvider,
  type SandboxCharge,
  type SandboxProvider,
} from '~/server/payments/sandbox-provider.server';
import { createProperty } from '../../../tests/setup/factories';
import { createTestDatabase, TEST_PUBLIC_URL, type TestDatabase, raceTest } from '../../../tests/setup/test-db';
import { expireUnpaidApplications } from '~/features/ledger/rent-jobs.server';
import { reconcileCheckouts, syncCheckoutByRef } from '~/features/ledger/lease-checkout.server';
import { reconcilePendingPayments } from './application-payments.server';
import type { BookingField } from './booking.fields';
import {
  findApplicantPrefill,
  findApplicationsForUser,
  findBookingProperty,
  submitApplication,
  type BookingProperty,
} from './booking.server';
import { readFeeSettings } from './fee-settings.server';

let database: TestDatabase;
let home: BookingProperty;
let provider: SandboxProvider;

/** A fixed "now": 22 Nov 2026 (UTC). */
const NOW = new Date('2026-11-22T12:00:00Z');
// Expected failures (declines, crashes) log warnings; keep the test output quiet.
const context = {
  publicUrl: TEST_PUBLIC_URL,
  origin: { ip: '203.0.113.5', userAgent: 'vitest' },
  logger: logger.child({}, { level: 'silent' }),
};

beforeAll(async () => {
  database = await createTestDatabase();
  const row = await createProperty(database.db, {
    price: 1500,
    maxOccupants: 3,
    availableDate: null,
    title: 'Loft on Congress',
    titleIt: 'Loft su Congress',
  });
  home = (await findBookingProperty({ db: database.db, id: row.id, lang: 'en' }))!;
});

afterAll(async () => {
  await database.close();
});

beforeEach(() => {
  provider = createSandboxProvider({ store: new Map<string, Promise<SandboxCharge>>(), checkouts: new Map() });
});

function valid(overrides: Partial<Record<BookingField, string>> = {}): Partial<Record<BookingField, string>> {
  return {
    moveIn: '2027-01-15',
    moveOut: '2028-01-15',
    adults: '2',
    children: '1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada.${randomUUID().slice(0, 8)}@example.com`,
    phone: '+1 512 555 0100',
    currentAddress: '1 Main Street',
    city: 'Austin',
    zipCode: '78701',
    country: 'US',
    specialRequests: 'A quiet floor, please.',
    paymentMethod: 'card',
    payDeposit: '',
    ...overrides,
  };
}

type SubmitResult =
  | Awaited<ReturnType<typeof submitApplication>>
  | { ok: false; reason: 'declined'; declineCode: string; reference: string; errors: Record<string, string> };

/**
 * Submits the form as the applicant's browser does, and then — when the form sends them to the
 * hosted checkout (decision 049) — pays there with `options.card` and `options.cvc` (default the
 * good test card) and records the outcome as the webhook does. A declined card on the hosted page
 * is followed by the applicant giving up (the session is closed): `reason: 'declined'`.
 */
async function submit(
  values: Partial<Record<BookingField, string>>,
  options: {
    key?: string;
    home?: BookingProperty;
    locale?: 'en' | 'it';
    userId?: string | null;
    provider?: PaymentProvider;
    pay?: boolean;
    /** The card number typed on the hosted page, as typed (spaces allowed). */
    card?: string;
    cvc?: string;
  } = {},
): Promise<SubmitResult> {
  const used = options.provider ?? provider;
  const outcome = await submitApplication({
    db: database.db,
    provider: used,
    home: options.home ?? home,
    values,
    idempotencyKey: options.key ?? randomUUID(),
    userId: options.userId ?? null,
    locale: options.locale ?? 'en',
    context,
    now: NOW,
  });
  if (outcome.ok || outcome.reason !== 'checkout' || options.pay === false) return outcome;
  const sandbox = used as SandboxProvider;
  const ref = new URL(outcome.url, TEST_PUBLIC_URL).pathname.split('/').pop()!;
  const digits = (options.card ?? SANDBOX_TEST_CARDS.succeeds).replace(/\D/g, '');
  const paid = sandbox.payCheckout(ref, {
    number: digits,
    expMonth: 12,
    expYear: 2030,
    cvc: options.cvc ?? '123',
    name: 'Ada',
  });
  if (paid.status === 'declined') {
    await sandbox.expireCheckout(ref);
    await syncCheckoutByRef({ db: database.db, provider: sandbox, ref, context });
    return { ok: false, reason: 'declined', declineCode: paid.declineCode, reference: outcome.reference, errors: {} };
  }
  await syncCheckoutByRef({ db: database.db, provider: sandbox, ref, context });
  const [app] = await database.db.select().from(application).where(eq(application.reference, outcome.reference));
  const succeeded = await database.db
    .select()
    .from(payment)
    .where(and(eq(payment.applicationId, app!.id), eq(payment.status, 'succeeded')));
  return succeeded.length > 0
    ? { ok: true, reference: outcome.reference, replayed: false }
    : { ok: false, reason: 'in_progress', errors: {} };
}

async function rowsFor(key: string) {
  const apps = await database.db.select().from(application).where(eq(application.idempotencyKey, key));
  const pays = apps.length
    ? await database.db.select().from(payment).where(eq(payment.applicationId, apps[0]!.id)).orderBy(payment.id)
    : [];
  const mails = apps.length
    ? await database.db
        .select()
        .from(outbox)
        .where(sql`${outbox.payload} ->> 'reference' = ${apps[0]!.reference}`)
    : [];
  return { apps, pays, mails };
}

describe('fees from the settings table (DESIGN §4)', () => {
  it('default to a $50 application fee and a one-month deposit, kept as setting rows', async () => {
    const rows = await database.db
      .select()
      .from(setting)
      .where(inArray(setting.key, Object.values(BOOKING_SETTING_KEYS)));
    expect(Object.fromEntries(rows.map((row) => [row.key, row.value]))).toEqual({
      [BOOKING_SETTING_KEYS.applicationFeeCents]: 5000,
      [BOOKING_SETTING_KEYS.depositMonths]: 1,
    });
    expect(await readFeeSettings({ db: database.db })).toEqual({ applicationFeeCents: 5000, depositMonths: 1 });
  });

  it('settings override the defaults for new applications; malformed values fall back', async () => {
    await database.db.update(setting).set({ value: 7500 }).where(eq(setting.key, BOOKING_SETTING_KEYS.applicationFeeCents));
    await database.db.update(setting).set({ value: 2 }).where(eq(setting.key, BOOKING_SETTING_KEYS.depositMonths));
    try {
      const key = randomUUID();
      const outcome = await submit(valid({ payDeposit: 'on' }), { key });
      expect(outcome.ok).toBe(true);
      const { apps, pays } = await rowsFor(key);
      expect(apps[0]).toMatchObject({
        applicationFeeCents: 7500,
        depositCents: 300_000,
        dueNowCents: 307_500,
        dueAtSigningCents: 150_000,
        leaseMonths: 12,
      });
      expect(pays.map((row) => [row.kind, row.amountCents, row.status])).toEqual([
        ['application_fee', 7500, 'succeeded'],
        ['deposit', 300_000, 'succeeded'],
      ]);
      await database.db.update(setting).set({ value: 'lots' }).where(eq(setting.key, BOOKING_SETTING_KEYS.applicationFeeCents));
      expect((await readFeeSettings({ db: database.db })).applicationFeeCents).toBe(5000);
    } finally {
      await database.db.update(setting).set({ value: 5000 }).where(eq(setting.key, BOOKING_SETTING_KEYS.applicationFeeCents));
      await database.db.update(setting).set({ value: 1 }).where(eq(setting.key, BOOKING_SETTING_KEYS.depositMonths));
    }
  });
});

describe('validation (server-side, both languages)', () => {
  const cases: Array<[string, Partial<Record<BookingField, string>>, BookingField, string]> = [
    ['a past move-in', { moveIn: '2026-11-01', moveOut: '2027-06-01' }, 'moveIn', 'The move-in date must be today or later'],
    [
      'less than one month',
      { moveIn: '2027-01-15', moveOut: '2027-02-14' },
      'moveOut',
      'The move-out date must be at least one month after move-in',
    ],
    ['no adults', { adults: '0', children: '1' }, 'adults', 'At least one adult must live in the home'],
    [
      'more occupants than the home sleeps',
      { adults: '2', children: '2' },
      'adults',
      'This home sleeps at most 3 people: adults and children together',
    ],
    ['a bad US ZIP code', { zipCode: '7870' }, 'zipCode', 'Enter a US ZIP code: 5 digits, or ZIP+4 like 12345-6789'],
    ['a malformed e-mail', { email: 'ada-at-example' }, 'email', 'Enter a valid e-mail address'],
    ['a malformed phone', { phone: 'call me' }, 'phone', 'Enter a valid phone number (digits, spaces, + ( ) - only)'],
    [
      'a card number in special requests',
      { specialRequests: 'charge 4242 4242 4242 4242' },
      'specialRequests',
      'For your security, do not enter card numbers here',
    ],
  ];

  it.each(cases)('refuses %s with a message and writes nothing', async (_name, overrides, field, message) => {
    const key = randomUUID();
    const outcome = await submit(valid(overrides), { key });
    expect(outcome.ok).toBe(false);
    if (outcome.ok || outcome.reason !== 'invalid') throw new Error(`expected invalid, got ${JSON.stringify(outcome)}`);
    expect(outcome.errors[field]).toBe(message);
    expect((await rowsFor(key)).apps).toHaveLength(0);
  });

  it('answers in Italian for an Italian applicant, and accepts foreign postcodes and ZIP+4', async () => {
    const outcome = await submit(valid({ moveIn: '2026-11-01', zipCode: '7870' }), { locale: 'it' });
    if (outcome.ok || outcome.reason !== 'invalid') throw new Error('expected invalid');
    expect(outcome.errors.moveIn).toBe('La data di ingresso deve essere oggi o più avanti');
    expect(outcome.errors.zipCode).toMatch(/CAP/);
    expect(outcome.step).toBe('choose');
    expect((await submit(valid({ country: 'IT', zipCode: '00184', city: 'Roma' }))).ok).toBe(true);
    expect((await submit(valid({ zipCode: '78701-1234' }))).ok).toBe(true);
  });

  it('accepts today (in the last time zone to reach it) but not a move-in before the home is available', async () => {
    expect((await submit(valid({ moveIn: '2026-11-22', moveOut: '2027-11-22' }))).ok).toBe(true);
    const later = { ...home, availableDate: '2027-03-01' };
    const outcome = await submit(valid(), { home: later });
    if (outcome.ok || outcome.reason !== 'invalid') throw new Error('expected invalid');
    expect(outcome.errors.moveIn).toMatch(/available from a later date/);
  });
});

describe('submitting an application', () => {
  it('refuses a home that is not available', async () => {
    const leased = await createProperty(database.db, { status: 'leased' });
    const leasedHome = (await findBookingProperty({ db: database.db, id: leased.id, lang: 'en' }))!;
    const key = randomUUID();
    const outcome = await submit(valid(), { key, home: leasedHome });
    expect(outcome).toMatchObject({ ok: false, reason: 'unavailable' });
    expect((await rowsFor(key)).apps).toHaveLength(0);
    expect(provider.checkouts.size).toBe(0);
  });

  it('stores the form, the fees computed from the database and one succeeded payment; outbox has the mail and the notification', async () => {
    const key = randomUUID();
    const outcome = await submit(valid(), { key });
    expect(outcome).toMatchObject({ ok: true, replayed: false });
    const { apps, pays, mails } = await rowsFor(key);
    expect(apps[0]).toMatchObject({
      propertyId: home.id,
      status: 'submitted',
      moveIn: '2027-01-15',
      moveOut: '2028-01-15',
      adults: 2,
      children: 1,
      monthlyRentCents: 150_000,
      depositCents: 150_000,
      applicationFeeCents: 5000,
      dueNowCents: 5000,
      dueAtSigningCents: 300_000,
      leaseMonths: 12,
      paymentMethod: 'card',
      locale: 'en',
    });
    expect(apps[0]!.reference).toMatch(/^DIM-[0-9A-Z]{8}$/);
    expect(pays).toHaveLength(1);
    expect(pays[0]).toMatchObject({
      kind: 'application_fee',
      amountCents: 5000,
      status: 'succeeded',
      provider: 'sandbox',
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    expect(mails.map((row) => row.topic).sort()).toEqual(['mail.application_confirmation', 'notification.application_submitted']);
    // Paying started from the applicant's address; the submission is recorded when the provider confirms it.
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.newValues} ->> 'reference' = ${apps[0]!.reference}`)
      .orderBy(auditLog.id);
    expect(audits.map((row) => [row.action, row.ipAddress])).toEqual([
      ['payment_made', '203.0.113.5'],
      ['application_submitted', 'provider-webhook'],
    ]);
  });

  raceTest('two concurrent submissions with one key make one application, one payment per kind and one checkout', async () => {
    const key = randomUUID();
    const values = valid({ payDeposit: 'on' });
    const both = await Promise.all([submit(values, { key }), submit(values, { key })]);
    // Each is paid, or — arriving while the other's payment is being recorded — told it is in
    // progress (the page's "please wait, then reload"); never a second application or session.
    for (const outcome of both) expect(outcome.ok || (!outcome.ok && outcome.reason === 'in_progress')).toBe(true);
    const paid = both.filter((outcome) => outcome.ok);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    const first = paid[0]!;
    if (!first.ok) return;
    for (const outcome of paid) expect(outcome).toMatchObject({ reference: first.reference });
    const { apps, pays, mails } = await rowsFor(key);
    expect(apps).toHaveLength(1);
    expect(pays.map((row) => `${row.kind}:${row.status}`).sort()).toEqual(['application_fee:succeeded', 'deposit:succeeded']);
    expect(provider.checkouts.size).toBe(1);
    expect(mails).toHaveLength(2);
    // And once more later (a resubmitted form): the same answer, nothing new.
    const again = await submit(values, { key });
    expect(again).toMatchObject({ ok: true, reference: first.reference, replayed: true });
    expect((await rowsFor(key)).pays).toHaveLength(2);
    expect(provider.checkouts.size).toBe(1);
  });

  it('a card declined on the hosted page, then given up, fails the attempt with no confirmation; a retry with another card pays the same application', async () => {
    const key = randomUUID();
    const declined = await submit(valid(), { key, card: SANDBOX_TEST_CARDS.declined });
    expect(declined).toMatchObject({ ok: false, reason: 'declined', declineCode: 'card_declined' });
    let rows = await rowsFor(key);
    expect(rows.apps).toHaveLength(1);
    expect(rows.apps[0]!.status).toBe('payment_failed');
    expect(rows.pays.map((row) => [row.status, row.failureReason, row.cardLast4])).toEqual([['failed', 'checkout_expired', null]]);
    expect(rows.mails).toHaveLength(0);
    const [state] = await database.db
      .execute<{ paid: boolean }>(
        sql`select exists(select 1 from payment where application_id = ${rows.apps[0]!.id} and status = 'succeeded') as paid`,
      )
      .then((result) => (result as unknown as { rows: { paid: boolean }[] }).rows);
    expect(state?.paid).toBe(false);

    const retried = await submit(valid(), { key });
    expect(retried).toMatchObject({ ok: true, reference: rows.apps[0]!.reference, replayed: false });
    rows = await rowsFor(key);
    expect(rows.apps).toHaveLength(1);
    expect(rows.apps[0]!.status).toBe('submitted');
    expect(rows.pays.map((row) => row.status)).toEqual(['failed', 'succeeded']);
    expect(new Set(rows.pays.map((row) => row.idempotencyKey)).size).toBe(2);
    expect(rows.mails).toHaveLength(2);
  });

  it('insufficient funds is refused on the hosted page; switching to pay at signing then completes without a charge', async () => {
    const key = randomUUID();
    const outcome = await submit(valid(), { key, card: SANDBOX_TEST_CARDS.insufficientFunds });
    expect(outcome).toMatchObject({ ok: false, reason: 'declined', declineCode: 'insufficient_funds' });
    const atSigning = await submit(valid({ paymentMethod: 'pay_at_signing' }), { key });
    expect(atSigning.ok).toBe(true);
    const { apps, pays, mails } = await rowsFor(key);
    expect(apps[0]).toMatchObject({ paymentMethod: 'pay_at_signing', dueNowCents: 0, dueAtSigningCents: 305_000, status: 'submitted' });
    expect(pays.map((row) => row.status)).toEqual(['failed']);
    expect(mails).toHaveLength(2);
  });

  it('never writes the card number or CVC: rows, audit and outbox payloads hold brand and last 4 only', async () => {
    const keys = [randomUUID(), randomUUID()];
    await submit(valid(), { key: keys[0], card: '4000 0000 0000 0002', cvc: '9731' });
    await submit(valid({ payDeposit: 'on' }), { key: keys[1], cvc: '9731' });
    const everything = JSON.stringify([
      await database.db.select().from(application),
      await database.db.select().from(payment),
      await database.db.select().from(outbox),
      await database.db.select().from(auditLog),
    ]);
    for (const secret of ['4242424242424242', '4242 4242 4242 4242', '4000000000000002', '4000 0000 0000 0002', '9731']) {
      expect(everything).not.toContain(secret);
    }
    expect(everything).toContain('"cardLast4":"4242"');
  });

  it('a reload or a second tab while paying goes back to the same hosted page: one session, one pending attempt', async () => {
    const key = randomUUID();
    const first = await submit(valid(), { key, pay: false });
    const second = await submit(valid(), { key, pay: false });
    expect(first).toMatchObject({ ok: false, reason: 'checkout', url: expect.stringMatching(/\/test-checkout\/sbx_cs_/) });
    expect(second).toEqual(first);
    expect(provider.checkouts.size).toBe(1);
    const rows = await rowsFor(key);
    expect(rows.pays.map((row) => row.status)).toEqual(['pending']);
    expect(rows.mails).toHaveLength(0);
    // Paid at last (the same key submitted once more pays the same session).
    expect(await submit(valid(), { key })).toMatchObject({ ok: true });
    expect((await rowsFor(key)).pays.map((row) => row.status)).toEqual(['succeeded']);
    expect(provider.checkouts.size).toBe(1);
  });

  it('the checkout reconciler settles a paid attempt whose webhook was lost, and fails an abandoned one; the old reconciler leaves both alone', async () => {
    let clock = new Date();
    const sandbox = createSandboxProvider({ store: new Map(), checkouts: new Map(), now: () => clock });
    const paidKey = randomUUID();
    const abandonedKey = randomUUID();
    const opened = await submit(valid(), { key: paidKey, provider: sandbox, pay: false });
    await submit(valid(), { key: abandonedKey, provider: sandbox, pay: false });
    if (opened.ok || opened.reason !== 'checkout') throw new Error('no checkout');
    sandbox.payCheckout(new URL(opened.url, TEST_PUBLIC_URL).pathname.split('/').pop()!, {
      number: SANDBOX_TEST_CARDS.succeeds,
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      name: 'Ada',
    });
    // The direct-charge reconciler never touches checkout attempts (it would fail them while the applicant pays).
    expect(await reconcilePendingPayments({ db: database.db, provider: sandbox, context, olderThanMs: 0 })).toBe(0);
    clock = new Date(clock.getTime() + 36 * 60_000);
    const checkoutContext = { publicUrl: context.publicUrl, logger: context.logger };
    expect(await reconcileCheckouts({ db: database.db, provider: sandbox, context: checkoutContext, now: clock })).toBeGreaterThanOrEqual(
      2,
    );
    const paid = await rowsFor(paidKey);
    expect(paid.pays.map((row) => row.status)).toEqual(['succeeded']);
    expect(paid.apps[0]).toMatchObject({ status: 'submitted' });
    expect(paid.mails).toHaveLength(2);
    const abandoned = await rowsFor(abandonedKey);
    expect(abandoned.pays.map((row) => [row.status, row.failureReason])).toEqual([['failed', 'checkout_expired']]);
    expect(abandoned.apps[0]).toMatchObject({ status: 'payment_failed' });
    expect(abandoned.mails).toHaveLength(0);
  });

  it('a provider that cannot open the hosted page fails the attempt (nothing can be charged); the same submission later pays', async () => {
    const broken: PaymentProvider = {
      name: 'sandbox',
      testMode: true,
      charge: () => Promise.reject(new PaymentProviderError('connection reset')),
      findCharge: () => Promise.resolve(null),
      refund: () => Promise.reject(new PaymentProviderError('connection reset')),
      createCheckout: () => Promise.reject(new PaymentProviderError('connection reset')),
      findCheckout: () => Promise.reject(new PaymentProviderError('connection reset')),
      expireCheckout: () => Promise.reject(new PaymentProviderError('connection reset')),
    };
    const key = randomUUID();
    const outcome = await submit(valid(), { key, provider: broken });
    expect(outcome).toMatchObject({ ok: false, reason: 'provider_error' });
    expect((await rowsFor(key)).pays.map((row) => [row.status, row.failureReason])).toEqual([['failed', 'checkout_unavailable']]);
    // The same submission later, with the provider back, completes it.
    expect((await submit(valid(), { key })).ok).toBe(true);
    expect((await rowsFor(key)).pays.map((row) => row.status)).toEqual(['failed', 'succeeded']);
  });

  it('a declined card leaves the application payment_failed; a good card makes it submitted and paid; unpaid, it expires after 7 days and is not revived', async () => {
    const key = randomUUID();
    expect(await submit(valid(), { key, card: SANDBOX_TEST_CARDS.declined })).toMatchObject({ ok: false, reason: 'declined' });
    let rows = await rowsFor(key);
    expect(rows.apps[0]).toMatchObject({ status: 'payment_failed' });
    // The booking flow's payments carry the unit's building (for /admin/payments and managers).
    const [unit] = await database.db.select({ buildingId: property.buildingId }).from(property).where(eq(property.id, home.id));
    expect(rows.pays.map((row) => row.buildingId)).toEqual([unit!.buildingId]);
    // Not yet 7 days: the daily job leaves it alone.
    await expireUnpaidApplications({ db: database.db, now: new Date(Date.now() + 6 * 86_400_000) });
    expect((await rowsFor(key)).apps[0]).toMatchObject({ status: 'payment_failed' });
    expect(await submit(valid(), { key })).toMatchObject({ ok: true, reference: rows.apps[0]!.reference });
    rows = await rowsFor(key);
    expect(rows.apps[0]).toMatchObject({ status: 'submitted' });
    expect(rows.pays.map((row) => row.status)).toEqual(['failed', 'succeeded']);
    // A paid application never expires.
    await expireUnpaidApplications({ db: database.db, now: new Date(Date.now() + 30 * 86_400_000) });
    expect((await rowsFor(key)).apps[0]).toMatchObject({ status: 'submitted' });

    const unpaidKey = randomUUID();
    await submit(valid(), { key: unpaidKey, card: SANDBOX_TEST_CARDS.declined });
    const [unpaid] = (await rowsFor(unpaidKey)).apps;
    expect(unpaid).toMatchObject({ status: 'payment_failed' });
    expect(await expireUnpaidApplications({ db: database.db, now: new Date(Date.now() + 8 * 86_400_000) })).toBeGreaterThanOrEqual(1);
    const [expired] = await database.db.select().from(application).where(eq(application.id, unpaid!.id));
    expect(expired).toMatchObject({ status: 'expired' });
    // The same submission again is answered like a new one: a new application; the expired one stays expired.
    const again = await submit(valid(), { key: unpaidKey });
    expect(again).toMatchObject({ ok: true, replayed: false });
    const fresh = await rowsFor(unpaidKey);
    expect(fresh.apps[0]!.id).not.toBe(unpaid!.id);
    expect(fresh.apps[0]).toMatchObject({ status: 'submitted', reference: again.ok ? again.reference : '' });
    expect(fresh.pays.map((row) => [row.status, row.idempotencyKey])).toEqual([['succeeded', `${unpaidKey}:2:application_fee`]]);
    const [still] = await database.db.select().from(application).where(eq(application.id, unpaid!.id));
    expect(still).toMatchObject({ status: 'expired', idempotencyKey: `${unpaidKey}:expired:${unpaid!.id}` });
  });

  it('a key used for another home is refused', async () => {
    const other = await createProperty(database.db, { maxOccupants: 4 });
    const otherHome = (await findBookingProperty({ db: database.db, id: other.id, lang: 'en' }))!;
    const key = randomUUID();
    expect((await submit(valid(), { key })).ok).toBe(true);
    expect(await submit(valid(), { key, home: otherHome })).toMatchObject({ ok: false, reason: 'conflict' });
  });
});

describe("a signed-in applicant's applications", () => {
  it('are linked to the user, prefilled from the profile and listed with their payment state', async () => {
    const userId = randomUUID();
    await database.db.insert(user).values({
      id: userId,
      name: 'Grace Hopper',
      email: `grace.${userId.slice(0, 6)}@example.com`,
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 202 555 0199',
      role: 'tenant',
    });
    expect(await findApplicantPrefill({ db: database.db, userId })).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      phone: '+1 202 555 0199',
    });
    const paid = await submit(valid(), { userId });
    await submit(valid(), { userId, card: SANDBOX_TEST_CARDS.declined });
    const list = await findApplicationsForUser({ db: database.db, userId });
    expect(list.map((entry) => entry.paymentState).sort()).toEqual(['failed', 'paid']);
    expect(list.find((entry) => entry.paymentState === 'paid')).toMatchObject({
      reference: paid.ok ? paid.reference : '',
      propertyTitle: 'Loft on Congress',
      status: 'submitted',
    });
    expect(list.find((entry) => entry.paymentState === 'failed')).toMatchObject({ status: 'payment_failed' });
    expect(await findApplicationsForUser({ db: database.db, userId: 'someone-else' })).toEqual([]);
    const [stored] = await database.db
      .select({ userId: application.userId })
      .from(application)
      .where(eq(application.reference, paid.ok ? paid.reference : ''));
    expect(stored?.userId).toBe(userId);
  });
});

describe('property lookups', () => {
  it('return null for unknown ids', async () => {
    const [{ max } = { max: 0 }] = await database.db.select({ max: sql<number>`coalesce(max(${property.id}), 0)::int` }).from(property);
    expect(await findBookingProperty({ db: database.db, id: max + 1000, lang: 'en' })).toBeNull();
  });
});
