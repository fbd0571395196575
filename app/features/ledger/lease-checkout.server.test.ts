/**
 * Pay now through the hosted checkout (decision 049), on the real database with the sandbox
 * provider: what opens a session, what settles it (only the provider's record, never a URL), what
 * a cancelled, expired, replaced or tampered session does, and that replays settle once.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '~/server/auth/session.server';
import { auditLog, checkoutSession, ledgerAllocation, outbox, payment } from '~/server/db/schema';
import { openDatabase, type Database } from '~/server/db/client.server';
import { PaymentProviderError, type PaymentProvider } from '~/server/payments/payment-provider';
import { createSandboxProvider, SANDBOX_TEST_CARDS, type SandboxProvider } from '~/server/payments/sandbox-provider.server';
import { CHECKOUT_CONTEXT } from '../../../tests/setup/checkout';
import { addCharge, createLeaseFixture, createPerson, leaseMails, TEST_ORIGIN } from '../../../tests/setup/leases';
import { createTestDatabase, raceDescribe, raceTest, type TestDatabase } from '../../../tests/setup/test-db';
import {
  CHECKOUT_LIFETIME_MS,
  findCheckoutReturn,
  reconcileCheckouts,
  startLeaseCheckout,
  syncCheckout,
  syncCheckoutByRef,
} from './lease-checkout.server';
import { findLeaseBalance } from './ledger.server';

let database: TestDatabase;
let manager: Viewer;
let tenant: Viewer;
let stranger: Viewer;

beforeAll(async () => {
  database = await createTestDatabase();
  manager = await createPerson(database.db, 'property_manager');
  tenant = await createPerson(database.db, 'tenant', 'Tess Checkout');
  stranger = await createPerson(database.db, 'tenant', 'Sam Stranger');
});

afterAll(async () => {
  await database?.close();
});

function newProvider(): SandboxProvider {
  return createSandboxProvider({ store: new Map(), checkouts: new Map() });
}

const goodCard = (number: string = SANDBOX_TEST_CARDS.succeeds) => ({
  number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  name: 'Tess Checkout',
});

/** A lease of `tenant` owing one $1,000.00 charge. */
async function owingLease() {
  const row = await createLeaseFixture(database.db, { manager, tenant, monthlyRentCents: 100_000 });
  await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-01-01' });
  return row;
}

function open(provider: PaymentProvider, leaseId: number, amountCents: number, key: string, viewer: Viewer = tenant, db = database.db) {
  return startLeaseCheckout({
    db,
    provider,
    viewer,
    leaseId,
    amountCents,
    idempotencyKey: key,
    locale: 'it',
    origin: TEST_ORIGIN,
    context: CHECKOUT_CONTEXT,
  });
}

async function checkoutOf(paymentId: number) {
  const [row] = await database.db.select().from(checkoutSession).where(eq(checkoutSession.paymentId, paymentId));
  if (!row?.sessionRef) throw new Error(`no session for payment ${paymentId}`);
  return row;
}

async function paymentRow(paymentId: number) {
  const [row] = await database.db.select().from(payment).where(eq(payment.id, paymentId));
  return row!;
}

const balanceOf = async (leaseId: number) => (await findLeaseBalance(database.db, leaseId)).balanceCents;

describe('Pay now through the hosted checkout', () => {
  it('opens one session for the amount with our key, and settles only when the provider says it was paid', async () => {
    const provider = newProvider();
    const row = await owingLease();

    const opened = await open(provider, row.id, 40_000, 'page-view-1');
    expect(opened).toMatchObject({ ok: true, reused: false });
    if (!opened.ok || !opened.url) throw new Error('not opened');
    const checkout = await checkoutOf(opened.paymentId);
    // A path on the browser's own origin: the sandbox's page is ours.
    expect(opened.url).toBe(`/test-checkout/${checkout.sessionRef}`);
    const session = provider.checkouts.get(checkout.sessionRef!)!;
    expect(session.request).toMatchObject({
      amountCents: 40_000,
      idempotencyKey: `lease:${row.id}:pay:page-view-1`,
      locale: 'it',
      methods: ['card', 'us_bank_account'],
      successUrl: `http://dimora.test/tenant-portal/payments/${opened.paymentId}`,
      cancelUrl: `http://dimora.test/tenant-portal/payments/${opened.paymentId}?cancelled=1`,
    });
    expect(session.request.expiresAt.getTime() - Date.now()).toBeGreaterThan(CHECKOUT_LIFETIME_MS - 60_000);

    // Coming back without paying (a typed URL): nothing is settled, the page can still be paid.
    const early = await findCheckoutReturn({
      db: database.db,
      provider,
      viewer: tenant,
      paymentId: opened.paymentId,
      cancelled: false,
      context: CHECKOUT_CONTEXT,
    });
    expect(early).toMatchObject({ status: 'pending', url: opened.url, amountCents: 40_000 });
    expect(await balanceOf(row.id)).toBe(100_000);

    expect(provider.payCheckout(checkout.sessionRef!, goodCard())).toMatchObject({ status: 'paid' });
    const back = await findCheckoutReturn({
      db: database.db,
      provider,
      viewer: tenant,
      paymentId: opened.paymentId,
      cancelled: false,
      context: CHECKOUT_CONTEXT,
    });
    expect(back).toMatchObject({ status: 'succeeded', url: null });
    expect(await paymentRow(opened.paymentId)).toMatchObject({
      status: 'succeeded',
      cardLast4: '4242',
      method: 'card',
      provider: 'sandbox',
    });
    expect(await balanceOf(row.id)).toBe(60_000);
    expect((await checkoutOf(opened.paymentId)).status).toBe('complete');
    expect(await leaseMails(database.db, 'receipt', tenant.email)).toHaveLength(1);
  });

  it('a stranger gets nothing back for the payment: not the page, not a sync', async () => {
    const provider = newProvider();
    const row = await owingLease();
    const opened = await open(provider, row.id, 10_000, 'page-view-stranger');
    if (!opened.ok) throw new Error('not opened');
    const seen = await findCheckoutReturn({
      db: database.db,
      provider,
      viewer: stranger,
      paymentId: opened.paymentId,
      cancelled: true,
      context: CHECKOUT_CONTEXT,
    });
    expect(seen).toBeNull();
    // The stranger's "cancel" closed nothing.
    expect((await checkoutOf(opened.paymentId)).status).toBe('open');
    expect(await open(provider, row.id, 10_000, 'stranger-pays', stranger)).toEqual({ ok: false, reason: 'not_found' });
  });

  it('a cancelled checkout charges nothing, leaves the balance open and says why', async () => {
    const provider = newProvider();
    const row = await owingLease();
    const opened = await open(provider, row.id, 25_000, 'page-view-cancel');
    if (!opened.ok) throw new Error('not opened');
    const back = await findCheckoutReturn({
      db: database.db,
      provider,
      viewer: tenant,
      paymentId: opened.paymentId,
      cancelled: true,
      context: CHECKOUT_CONTEXT,
    });
    expect(back).toMatchObject({ status: 'failed', failureReason: 'checkout_cancelled', url: null });
    expect((await checkoutOf(opened.paymentId)).status).toBe('expired');
    expect(await balanceOf(row.id)).toBe(100_000);
    // The closed page can no longer be paid.
    expect(provider.payCheckout((await checkoutOf(opened.paymentId)).sessionRef!, goodCard())).toMatchObject({ status: 'closed' });
    expect(await paymentRow(opened.paymentId)).toMatchObject({ status: 'failed' });
  });

  it('a "cancelled" return after paying still shows the payment: the provider decides, not the URL', async () => {
    const provider = newProvider();
    const row = await owingLease();
    const opened = await open(provider, row.id, 30_000, 'page-view-cancel-after-pay');
    if (!opened.ok) throw new Error('not opened');
    provider.payCheckout((await checkoutOf(opened.paymentId)).sessionRef!, goodCard());
    const back = await findCheckoutReturn({
      db: database.db,
      provider,
      viewer: tenant,
      paymentId: opened.paymentId,
      cancelled: true,
      context: CHECKOUT_CONTEXT,
    });
    expect(back).toMatchObject({ status: 'succeeded' });
    expect(await balanceOf(row.id)).toBe(70_000);
  });

  it('a declined card leaves the session open and the payment pending; another card pays it', async () => {
    const provider = newProvider();
    const row = await owingLease();
    const opened = await open(provider, row.id, 20_000, 'page-view-decline');
    if (!opened.ok) throw new Error('not opened');
    const ref = (await checkoutOf(opened.paymentId)).sessionRef!;
    expect(provider.payCheckout(ref, goodCard(SANDBOX_TEST_CARDS.insufficientFunds))).toEqual({
      status: 'declined',
      declineCode: 'insufficient_funds',
    });
    expect(await syncCheckoutByRef({ db: database.db, provider, ref, context: CHECKOUT_CONTEXT })).toBe('pending');
    expect(await paymentRow(opened.paymentId)).toMatchObject({ status: 'pending' });
    expect(provider.payCheckout(ref, goodCard())).toMatchObject({ status: 'paid' });
    expect(await syncCheckoutByRef({ db: database.db, provider, ref, context: CHECKOUT_CONTEXT })).toBe('succeeded');
  });

  it('a second tab with the same amount goes to the same page; another amount closes the first', async () => {
    const provider = newProvider();
    const row = await owingLease();
    const first = await open(provider, row.id, 50_000, 'tab-1');
    const second = await open(provider, row.id, 50_000, 'tab-2');
    expect(second).toEqual(first.ok ? { ok: true, paymentId: first.paymentId, url: first.url, reused: true } : null);
    expect(provider.checkouts.size).toBe(1);
    expect(await database.db.select().from(payment).where(eq(payment.leaseId, row.id))).toHaveLength(1);

    const third = await open(provider, row.id, 45_000, 'tab-3');
    if (!first.ok || !third.ok) throw new Error('not opened');
    expect(third.paymentId).not.toBe(first.paymentId);
    expect(await paymentRow(first.paymentId)).toMatchObject({ status: 'failed', failureReason: 'checkout_replaced' });
    expect(provider.payCheckout((await checkoutOf(first.paymentId)).sessionRef!, goodCard())).toMatchObject({ status: 'closed' });
    expect(provider.checkouts.size).toBe(2);
  });

  it('refuses amounts above the balance or not in whole cents, and opens nothing', async () => {
    const provider = newProvider();
    const row = await owingLease();
    expect(await open(provider, row.id, 100_001, 'too-much')).toEqual({ ok: false, reason: 'above_balance', balanceCents: 100_000 });
    expect(await open(provider, row.id, 12.5, 'fraction')).toEqual({ ok: false, reason: 'invalid_amount' });
    expect(await open(provider, row.id, 0, 'zero')).toEqual({ ok: false, reason: 'invalid_amount' });
    expect(provider.checkouts.size).toBe(0);
    expect(await database.db.select().from(payment).where(eq(payment.leaseId, row.id))).toEqual([]);
  });

  it('a session whose amount or key is not ours at the provider is refused, never settled', async () => {
    const sandbox = newProvider();
    const tampered: PaymentProvider = {
      ...sandbox,
      findCheckout: async (ref) => {
        const state = await sandbox.findCheckout(ref);
        return state ? { ...state, amountCents: state.amountCents - 1_000 } : null;
      },
    };
    const row = await owingLease();
    const opened = await open(sandbox, row.id, 40_000, 'tampered');
    if (!opened.ok) throw new Error('not opened');
    const ref = (await checkoutOf(opened.paymentId)).sessionRef!;
    sandbox.payCheckout(ref, goodCard());
    expect(await syncCheckoutByRef({ db: database.db, provider: tampered, ref, context: CHECKOUT_CONTEXT })).toBe('mismatch');
    expect(await paymentRow(opened.paymentId)).toMatchObject({ status: 'pending' });
    expect(await balanceOf(row.id)).toBe(100_000);
    expect(await syncCheckoutByRef({ db: database.db, provider: sandbox, ref: 'sbx_cs_not_ours', context: CHECKOUT_CONTEXT })).toBe(
      'unknown',
    );
  });

  it('a completed session synced five times, in any order, is one payment, one allocation, one receipt', async () => {
    const provider = newProvider();
    const row = await owingLease();
    const opened = await open(provider, row.id, 35_000, 'replayed');
    if (!opened.ok) throw new Error('not opened');
    const checkout = await checkoutOf(opened.paymentId);
    provider.payCheckout(checkout.sessionRef!, goodCard());
    const outcomes = [];
    for (let i = 0; i < 5; i += 1) outcomes.push(await syncCheckout({ db: database.db, provider, checkout, context: CHECKOUT_CONTEXT }));
    expect(outcomes).toEqual(['succeeded', 'succeeded', 'succeeded', 'succeeded', 'succeeded']);
    const [allocations] = await database.db
      .select({ n: count() })
      .from(ledgerAllocation)
      .where(eq(ledgerAllocation.paymentId, opened.paymentId));
    expect(allocations?.n).toBe(1);
    const receipts = await database.db
      .select({ n: count() })
      .from(outbox)
      .where(
        and(
          eq(outbox.topic, 'mail.lease'),
          sql`${outbox.payload}->>'template' = 'receipt'`,
          sql`${outbox.dedupeKey} = ${`receipt:${opened.paymentId}`}`,
        ),
      );
    expect(receipts[0]?.n).toBe(1);
    expect(await balanceOf(row.id)).toBe(65_000);
  });

  it('the reconciler settles a paid session whose webhook was lost, and fails an expired one', async () => {
    let clock = new Date();
    const provider = createSandboxProvider({ store: new Map(), checkouts: new Map(), now: () => clock });
    const row = await owingLease();
    const paid = await open(provider, row.id, 10_000, 'lost-webhook');
    if (!paid.ok) throw new Error('not opened');
    provider.payCheckout((await checkoutOf(paid.paymentId)).sessionRef!, goodCard());
    // Nothing told us yet: the reconciler asks once the session is ten minutes old.
    expect(await reconcileCheckouts({ db: database.db, provider, context: CHECKOUT_CONTEXT, now: clock })).toBe(0);
    clock = new Date(clock.getTime() + 11 * 60_000);
    expect(await reconcileCheckouts({ db: database.db, provider, context: CHECKOUT_CONTEXT, now: clock })).toBe(1);
    expect(await paymentRow(paid.paymentId)).toMatchObject({ status: 'succeeded' });

    const abandoned = await open(provider, row.id, 5_000, 'abandoned', tenant);
    if (!abandoned.ok) throw new Error('not opened');
    clock = new Date(clock.getTime() + CHECKOUT_LIFETIME_MS + 60_000);
    expect(await reconcileCheckouts({ db: database.db, provider, context: CHECKOUT_CONTEXT, now: clock })).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(abandoned.paymentId)).toMatchObject({ status: 'failed', failureReason: 'checkout_expired' });
    expect(await balanceOf(row.id)).toBe(90_000);
  });

  it('a provider that cannot open the page: 503-worthy refusal, nothing left open, the next try works', async () => {
    const sandbox = newProvider();
    const broken: PaymentProvider = { ...sandbox, createCheckout: () => Promise.reject(new PaymentProviderError('connection reset')) };
    const row = await owingLease();
    expect(await open(broken, row.id, 10_000, 'outage')).toEqual({ ok: false, reason: 'provider_unavailable' });
    const [failed] = await database.db.select().from(payment).where(eq(payment.leaseId, row.id));
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'checkout_unavailable' });
    const next = await open(sandbox, row.id, 10_000, 'after-outage');
    expect(next).toMatchObject({ ok: true, reused: false });
    const [audits] = await database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment_made'), eq(auditLog.userId, tenant.id), sql`${auditLog.newValues}->>'via' = 'checkout'`));
    expect(audits?.n).toBeGreaterThanOrEqual(2);
  });
});

raceDescribe('two tabs opening Pay now at once (two connection pools on PostgreSQL)', () => {
  let other: Database;

  beforeAll(async () => {
    other = database.url ? await openDatabase({ databaseUrl: database.url, poolSize: 2 }) : database;
  });

  afterAll(async () => {
    if (other !== database) await other?.close();
  });

  raceTest('two forms with different keys and the same amount open one session and one payment', async () => {
    const provider = newProvider();
    const row = await owingLease();
    const [a, b] = await Promise.all([
      open(provider, row.id, 40_000, 'race-tab-a', tenant, database.db),
      open(provider, row.id, 40_000, 'race-tab-b', tenant, other.db),
    ]);
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(a.url).toBe(b.url);
    expect(a.paymentId).toBe(b.paymentId);
    expect(provider.checkouts.size).toBe(1);
    expect(await database.db.select().from(payment).where(eq(payment.leaseId, row.id))).toHaveLength(1);
  });
});
