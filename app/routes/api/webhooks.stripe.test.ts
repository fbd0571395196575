import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findAutopay, runAutopay } from '~/features/ledger/autopay.server';
import { startLeaseCheckout } from '~/features/ledger/lease-checkout.server';
import { findLeaseBalance } from '~/features/ledger/ledger.server';
import { settleProviderCharge } from '~/features/ledger/settlement.server';
import type * as SettlementModule from '~/features/ledger/settlement.server';
import {
  auditLog,
  autopay,
  charge,
  checkoutSession,
  ledgerAllocation,
  notification,
  outbox,
  payment,
  paymentDispute,
} from '~/server/db/schema';
import { isSameOriginRequest } from '~/server/security-headers.server';
import { bodyLimitFor } from '../../../server/app';
import type { PaymentProvider } from '~/server/payments/payment-provider';
import { getPaymentProvider } from '~/server/payments/payments.server';
import type * as PaymentsModule from '~/server/payments/payments.server';
import { SANDBOX_TEST_CARDS, type SandboxProvider } from '~/server/payments/sandbox-provider.server';
import { createStripeProvider } from '~/server/payments/stripe-provider.server';
import { apiAnswerOf } from '../../../tests/setup/action-result';
import { CHECKOUT_CONTEXT, openAutopayCheckout } from '../../../tests/setup/checkout';
import { createApplication, createProperty } from '../../../tests/setup/factories';
import { addCharge, chargesOf, createLeaseFixture, createPerson, leaseMails, TEST_ORIGIN, testCard } from '../../../tests/setup/leases';
import { startStripeStandIn, type StripeStandIn } from '../../../tests/setup/stripe-stand-in';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { action, loader } from './webhooks.stripe';

// The webhook is configured for this file: env.server.ts reads the variable when first imported.
const WEBHOOK_SECRET = vi.hoisted(() => {
  const secret = 'whsec_dimora_webhook_route_test';
  process.env.STRIPE_WEBHOOK_SECRET = secret;
  return secret;
});

// The real settlement, watched: the tests see what the route passed to it.
vi.mock('~/features/ledger/settlement.server', async (importOriginal) => {
  const actual = await importOriginal<typeof SettlementModule>();
  return { ...actual, settleProviderCharge: vi.fn(actual.settleProviderCharge) };
});

// The real provider lookup, watched: the sandbox unless a test hands the route the Stripe stand-in.
vi.mock('~/server/payments/payments.server', async (importOriginal) => {
  const actual = await importOriginal<typeof PaymentsModule>();
  return { ...actual, getPaymentProvider: vi.fn(actual.getPaymentProvider) };
});

const settle = vi.mocked(settleProviderCharge);
const providerOfRoute = vi.mocked(getPaymentProvider);

let database: TestDatabase;
let standIn: StripeStandIn;
let homeId: number;

beforeAll(async () => {
  [database, standIn] = await Promise.all([createTestDatabase(), startStripeStandIn()]);
  homeId = (await createProperty(database.db, { price: 1500 })).id;
});

afterAll(async () => {
  await Promise.all([database?.close(), standIn?.close()]);
});

/** What the route logged (warnings are expected here: bad signatures), instead of the test output. */
const logged: { level: string; msg: string }[] = [];
const quietLogger = Object.fromEntries(
  ['trace', 'debug', 'info', 'warn', 'error', 'fatal'].map((level) => [
    level,
    (_fields: unknown, msg = '') => void logged.push({ level, msg }),
  ]),
);

beforeEach(() => {
  settle.mockClear();
  providerOfRoute.mockReset();
  logged.length = 0;
});

function context() {
  return { ...testContext(database), logger: quietLogger };
}

const stripe = () =>
  createStripeProvider({
    secretKey: 'sk_test_dimora_webhook',
    host: standIn.host,
    port: standIn.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });

/** A server-to-server POST as Stripe sends it: no cookie, no Origin. */
function deliver(payload: string, signature: string | null, route: { action: typeof action } = { action }) {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
  };
  if (signature !== null) headers['stripe-signature'] = signature;
  const request = new Request('http://dimora.test/api/webhooks/stripe', { method: 'POST', headers, body: payload });
  return apiAnswerOf(() => route.action({ request, params: {}, context: context() } as never));
}

/** An event payload signed as Stripe signs it (with `secret`, at `timestamp` seconds). */
function signed(event: object, { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}

/** A Stripe event of `type` about `object`, as Stripe sends it (a fresh id, now). */
function eventOf(type: string, object: Record<string, unknown>, id = `evt_${randomUUID().replaceAll('-', '')}`) {
  return { id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } };
}

function intentEvent(type: string, idempotencyKey: string) {
  return eventOf(type, {
    id: 'pi_from_elsewhere',
    object: 'payment_intent',
    status: 'succeeded',
    amount: 5_000,
    metadata: { idempotency_key: idempotencyKey },
    latest_charge: 'ch_1',
    payment_method: 'pm_1',
    last_payment_error: null,
  });
}

/**
 * An application whose card attempt was charged at Stripe (the stand-in) with test PaymentMethod
 * `paymentMethod` but not recorded: the server went down between the charge and transaction B, so
 * its payment is still `pending`.
 */
async function applicationChargedButNotRecorded(paymentMethod: string) {
  const app = await createApplication(database.db, { propertyId: homeId, paymentMethod: 'card', dueNowCents: 5_000 });
  const attemptKey = `${app.idempotencyKey}:1`;
  await database.db.insert(payment).values({
    applicationId: app.id,
    kind: 'application_fee',
    amountCents: 5_000,
    status: 'pending',
    provider: 'stripe',
    idempotencyKey: `${attemptKey}:application_fee`,
  });
  const result = await stripe().charge({
    idempotencyKey: attemptKey,
    amountCents: 5_000,
    currency: 'USD',
    source: { type: 'token', token: paymentMethod },
    description: `Dimora rental application ${app.reference}`,
  });
  return { app, attemptKey, intentId: result.providerRef! };
}

async function paymentsOf(applicationId: number) {
  return database.db.select().from(payment).where(eq(payment.applicationId, applicationId));
}

async function confirmationsFor(reference: string) {
  const [row] = await database.db
    .select({ count: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(eq(outbox.topic, 'mail.application_confirmation'), sql`${outbox.payload}->>'reference' = ${reference}`));
  return row?.count ?? 0;
}

/**
 * A tenant's lease owing one $1,000.00 charge, and a Pay now checkout of `amountCents` opened on
 * it with `provider` (the process's sandbox unless told), as the tenant portal opens one.
 */
async function openLeaseCheckout(amountCents: number, provider: PaymentProvider = getPaymentProvider()) {
  const manager = await createPerson(database.db, 'property_manager');
  const tenant = await createPerson(database.db, 'tenant', 'Tess Webhook');
  const lease = await createLeaseFixture(database.db, { manager, tenant, monthlyRentCents: 100_000 });
  await addCharge(database.db, { leaseId: lease.id, amountCents: 100_000, dueDate: '2026-01-01' });
  const opened = await startLeaseCheckout({
    db: database.db,
    provider,
    viewer: tenant,
    leaseId: lease.id,
    amountCents,
    idempotencyKey: randomUUID(),
    locale: 'en',
    origin: TEST_ORIGIN,
    context: CHECKOUT_CONTEXT,
  });
  if (!opened.ok || !opened.url) throw new Error(`checkout not opened: ${JSON.stringify(opened)}`);
  const [row] = await database.db.select().from(checkoutSession).where(eq(checkoutSession.paymentId, opened.paymentId));
  if (!row?.sessionRef) throw new Error('checkout has no session');
  return { leaseId: lease.id, tenant, manager, paymentId: opened.paymentId, ref: row.sessionRef };
}

/** A signed `checkout.session.*` event naming session `ref`; the rest of the payload is what Stripe might say, never read. */
function sessionEvent(type: string, ref: string, fields: Record<string, unknown> = {}) {
  return signed(eventOf(type, { id: ref, object: 'checkout.session', mode: 'payment', ...fields }));
}

const sandbox = () => getPaymentProvider() as SandboxProvider;
const balanceOf = async (leaseId: number) => (await findLeaseBalance(database.db, leaseId)).balanceCents;

async function paymentById(paymentId: number) {
  const [row] = await database.db.select().from(payment).where(eq(payment.id, paymentId));
  return row;
}

async function receiptsFor(paymentId: number) {
  const [row] = await database.db
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.topic, 'mail.lease'), eq(outbox.dedupeKey, `receipt:${paymentId}`)));
  return row?.n ?? 0;
}

async function allocationsOf(paymentId: number) {
  const [row] = await database.db.select({ n: count() }).from(ledgerAllocation).where(eq(ledgerAllocation.paymentId, paymentId));
  return row?.n ?? 0;
}

/** Rows in the tables a checkout event could write to. */
async function rowCounts() {
  const [payments] = await database.db.select({ n: count() }).from(payment);
  const [checkouts] = await database.db.select({ n: count() }).from(checkoutSession);
  const [mails] = await database.db.select({ n: count() }).from(outbox);
  const [allocations] = await database.db.select({ n: count() }).from(ledgerAllocation);
  return { payments: payments?.n, checkouts: checkouts?.n, mails: mails?.n, allocations: allocations?.n };
}

describe('POST /api/webhooks/stripe', () => {
  it('is reachable by a server-to-server POST: no Origin, no cookie, a body within the limit', () => {
    expect(
      isSameOriginRequest({
        method: 'POST',
        origin: undefined,
        secFetchSite: undefined,
        host: 'dimora.example',
        publicOrigin: 'https://dimora.example',
      }),
    ).toBe(true);
    expect(bodyLimitFor('/api/webhooks/stripe')).toBeGreaterThanOrEqual(500_000);
  });

  it('answers 400 to an unsigned delivery and changes nothing', async () => {
    const answer = await deliver(JSON.stringify(intentEvent('payment_intent.succeeded', 'some-key:1')), null);
    expect(answer).toMatchObject({ status: 400, body: { error: 'missing_signature' } });
    expect(settle).not.toHaveBeenCalled();
  });

  it('answers 400 to a delivery signed with another secret, a changed body or an old timestamp', async () => {
    const event = intentEvent('payment_intent.succeeded', 'some-key:1');
    const wrongSecret = signed(event, { secret: 'whsec_someone_else' });
    expect(await deliver(wrongSecret.payload, wrongSecret.signature)).toMatchObject({ status: 400, body: { error: 'invalid_signature' } });
    const good = signed(event);
    expect(await deliver(good.payload.replace('5000', '1'), good.signature)).toMatchObject({
      status: 400,
      body: { error: 'invalid_signature' },
    });
    const stale = signed(event, { timestamp: Math.floor(Date.now() / 1000) - 3_600 });
    expect(await deliver(stale.payload, stale.signature)).toMatchObject({ status: 400, body: { error: 'invalid_signature' } });
    expect(await deliver(good.payload, 'garbage')).toMatchObject({ status: 400, body: { error: 'invalid_signature' } });
    expect(settle).not.toHaveBeenCalled();
    expect(logged.filter((entry) => entry.level === 'warn' && /bad signature/.test(entry.msg))).toHaveLength(4);
  });

  it('answers 200 to a signed event for a key no payment has, after asking settlement with the mapped result', async () => {
    const key = `unknown-${randomUUID()}:1`;
    const { payload, signature } = signed(intentEvent('payment_intent.succeeded', key));
    const answer = await deliver(payload, signature);
    expect(answer).toMatchObject({ status: 200, body: { received: true, outcome: 'unknown' } });
    expect(settle).toHaveBeenCalledTimes(1);
    expect(settle).toHaveBeenCalledWith({
      db: database.db,
      idempotencyKey: key,
      result: { status: 'succeeded', providerRef: 'pi_from_elsewhere', cardBrand: null, cardLast4: null },
      context: { publicUrl: 'http://dimora.test', logger: quietLogger },
    });
  });

  it('acknowledges other event types and intents without our key, and ignores them', async () => {
    const other = signed(eventOf('charge.refunded', { id: 'ch_1', object: 'charge' }));
    expect(await deliver(other.payload, other.signature)).toMatchObject({ status: 200, body: { received: true } });
    const foreign = intentEvent('payment_intent.succeeded', '');
    const unkeyed = signed(foreign);
    expect(await deliver(unkeyed.payload, unkeyed.signature)).toMatchObject({ status: 200, body: { received: true } });
    expect(settle).not.toHaveBeenCalled();
  });

  it('settles a charge left pending by a crash once, however often Stripe delivers its success', async () => {
    const { app, intentId } = await applicationChargedButNotRecorded('pm_card_visa');
    expect((await paymentsOf(app.id)).map((row) => row.status)).toEqual(['pending']);
    const delivery = standIn.signedWebhook({ type: 'payment_intent.succeeded', paymentIntentId: intentId, secret: WEBHOOK_SECRET });
    const outcomes: unknown[] = [];
    for (let replay = 0; replay < 5; replay += 1) {
      const answer = await deliver(delivery.payload, delivery.signature);
      expect(answer.status).toBe(200);
      outcomes.push((answer.body as { outcome: string }).outcome);
    }
    expect(outcomes).toEqual(['settled', 'unchanged', 'unchanged', 'unchanged', 'unchanged']);
    expect(await paymentsOf(app.id)).toEqual([
      expect.objectContaining({ status: 'succeeded', providerRef: intentId, failureReason: null }),
    ]);
    expect(await confirmationsFor(app.reference)).toBe(1);
  });

  it('records a declined charge left pending as failed with its decline code', async () => {
    const { app, intentId } = await applicationChargedButNotRecorded('pm_card_chargeDeclinedInsufficientFunds');
    const delivery = standIn.signedWebhook({ type: 'payment_intent.payment_failed', paymentIntentId: intentId, secret: WEBHOOK_SECRET });
    expect(await deliver(delivery.payload, delivery.signature)).toMatchObject({ status: 200, body: { outcome: 'settled' } });
    expect(await paymentsOf(app.id)).toEqual([
      expect.objectContaining({ status: 'failed', providerRef: intentId, cardLast4: '9995', failureReason: 'insufficient_funds' }),
    ]);
    expect(await confirmationsFor(app.reference)).toBe(0);
  });

  it('records a dispute on the payment once, however often and in whatever order its events come, and audits its opening and close', async () => {
    const { app, intentId } = await applicationChargedButNotRecorded('pm_card_visa');
    const [paid] = await paymentsOf(app.id);
    await database.db.update(payment).set({ status: 'succeeded', providerRef: intentId }).where(eq(payment.id, paid!.id));
    const disputeId = `du_${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    const disputeEvent = (type: string, status: string) =>
      signed(
        eventOf(type, {
          id: disputeId,
          object: 'dispute',
          payment_intent: intentId,
          charge: 'ch_1',
          amount: 5_000,
          reason: 'fraudulent',
          status,
        }),
      );
    const send = async (type: string, status: string) => {
      const { payload, signature } = disputeEvent(type, status);
      const answer = await deliver(payload, signature);
      expect(answer.status).toBe(200);
      return (answer.body as { dispute: string }).dispute;
    };
    const disputesOf = () => database.db.select().from(paymentDispute).where(eq(paymentDispute.paymentId, paid!.id));
    const auditsOf = async () =>
      (
        await database.db
          .select()
          .from(auditLog)
          .where(sql`${auditLog.newValues}->>'dispute' = ${disputeId}`)
      )
        .map((row) => row.action)
        .sort();

    expect(await send('charge.dispute.created', 'needs_response')).toBe('opened');
    expect(await send('charge.dispute.created', 'needs_response')).toBe('unchanged');
    expect(await send('charge.dispute.updated', 'under_review')).toBe('updated');
    expect(await send('charge.dispute.closed', 'lost')).toBe('updated');
    // A late, out-of-order update does not reopen it; the close replayed changes nothing.
    expect(await send('charge.dispute.updated', 'under_review')).toBe('unchanged');
    expect(await send('charge.dispute.closed', 'lost')).toBe('unchanged');

    expect(await disputesOf()).toEqual([
      expect.objectContaining({
        providerRef: disputeId,
        status: 'lost',
        reason: 'fraudulent',
        amountCents: 5_000,
        closedAt: expect.any(Date),
      }),
    ]);
    expect(await auditsOf()).toEqual(['payment_dispute_closed', 'payment_disputed']);
    expect(settle).not.toHaveBeenCalled();
  });

  it('acknowledges a dispute on a payment Dimora never took, logs it and records nothing', async () => {
    const { payload, signature } = signed(
      eventOf(
        'charge.dispute.created',
        { id: 'du_elsewhere', object: 'dispute', payment_intent: 'pi_not_ours', amount: 100, reason: 'general', status: 'needs_response' },
        'evt_dispute_elsewhere',
      ),
    );
    expect(await deliver(payload, signature)).toMatchObject({ status: 200, body: { received: true, dispute: 'unknown_payment' } });
    expect(await database.db.select().from(paymentDispute).where(eq(paymentDispute.providerRef, 'du_elsewhere'))).toEqual([]);
    expect(logged.filter((entry) => entry.level === 'warn' && /dispute on an unknown payment/.test(entry.msg))).toHaveLength(1);
  });

  it('answers 405 to any other method', async () => {
    const answer = await apiAnswerOf(async () => loader());
    expect(answer).toMatchObject({ status: 405, body: { error: 'method_not_allowed' } });
    expect(answer.headers.get('allow')).toBe('POST');
    const put = new Request('http://dimora.test/api/webhooks/stripe', { method: 'PUT', body: '{}' });
    expect(await apiAnswerOf(() => action({ request: put, params: {}, context: context() } as never))).toMatchObject({ status: 405 });
  });

  it('answers 404 when Stripe is not configured (no STRIPE_WEBHOOK_SECRET)', async () => {
    vi.resetModules();
    // The watched payments module keeps the environment it was first loaded with: this import gets the real one.
    vi.doUnmock('~/server/payments/payments.server');
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', '');
    try {
      const unconfigured = await import('./webhooks.stripe');
      const { payload, signature } = signed(intentEvent('payment_intent.succeeded', 'k:1'));
      expect(await deliver(payload, signature, unconfigured)).toMatchObject({ status: 404 });
      expect(await apiAnswerOf(async () => unconfigured.loader())).toMatchObject({ status: 404 });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('POST /api/webhooks/stripe: checkout.session.* events (decision 049)', () => {
  it('settles a paid checkout once, however often and in whatever order its completed and expired events come', async () => {
    const { leaseId, tenant, paymentId, ref } = await openLeaseCheckout(35_000);
    expect(sandbox().payCheckout(ref, testCard(SANDBOX_TEST_CARDS.succeeds, tenant.name))).toMatchObject({ status: 'paid' });
    // Paid at the provider, not yet told: nothing is settled from the return URL alone.
    expect(await paymentById(paymentId)).toMatchObject({ status: 'pending' });
    expect(await balanceOf(leaseId)).toBe(100_000);

    const completed = sessionEvent('checkout.session.completed', ref, { status: 'complete', payment_status: 'paid' });
    // A late `expired` that says the session closed unpaid: the provider's record says otherwise.
    const expired = sessionEvent('checkout.session.expired', ref, { status: 'expired', payment_status: 'unpaid' });
    const answers: unknown[] = [];
    for (const delivery of [completed, completed, expired, completed, completed, completed]) {
      answers.push(await deliver(delivery.payload, delivery.signature));
    }
    expect(answers).toEqual(
      Array.from({ length: 6 }, () => expect.objectContaining({ status: 200, body: { received: true, checkout: 'succeeded' } })),
    );

    expect(await database.db.select().from(payment).where(eq(payment.leaseId, leaseId))).toEqual([
      expect.objectContaining({ id: paymentId, status: 'succeeded', amountCents: 35_000, cardLast4: '4242', failureReason: null }),
    ]);
    expect(await receiptsFor(paymentId)).toBe(1);
    expect(await allocationsOf(paymentId)).toBe(1);
    expect(await balanceOf(leaseId)).toBe(65_000);
    // One "Payment received" for the tenant: settling ran once, not once per delivery.
    expect(await database.db.select({ title: notification.title }).from(notification).where(eq(notification.userId, tenant.id))).toEqual([
      { title: 'Payment received' },
    ]);
    const [checkout] = await database.db.select().from(checkoutSession).where(eq(checkoutSession.paymentId, paymentId));
    expect(checkout?.status).toBe('complete');
  });

  it('an expired event that comes first for a paid session settles it as paid', async () => {
    const { leaseId, tenant, paymentId, ref } = await openLeaseCheckout(20_000);
    sandbox().payCheckout(ref, testCard(SANDBOX_TEST_CARDS.succeeds, tenant.name));
    const expired = sessionEvent('checkout.session.expired', ref, { status: 'expired' });
    expect(await deliver(expired.payload, expired.signature)).toMatchObject({ status: 200, body: { checkout: 'succeeded' } });
    expect(await paymentById(paymentId)).toMatchObject({ status: 'succeeded', failureReason: null });
    expect(await balanceOf(leaseId)).toBe(80_000);
  });

  it('acknowledges an event about a session that is not ours, logs it and writes nothing', async () => {
    const before = await rowCounts();
    const { payload, signature } = sessionEvent('checkout.session.completed', 'cs_test_not_ours', {
      status: 'complete',
      payment_status: 'paid',
    });
    expect(await deliver(payload, signature)).toMatchObject({ status: 200, body: { received: true, checkout: 'unknown' } });
    expect(await rowCounts()).toEqual(before);
    expect(settle).not.toHaveBeenCalled();
    expect(logged.filter((entry) => entry.level === 'warn' && /checkout not applied/.test(entry.msg))).toHaveLength(1);
  });

  it('fails the payment of a session that expired unpaid (checkout_expired), and not before the provider says so', async () => {
    const { leaseId, paymentId, ref } = await openLeaseCheckout(25_000);
    const expired = sessionEvent('checkout.session.expired', ref, { status: 'expired', payment_status: 'unpaid' });
    // Early, or forged with a valid signature: the session is still open at the provider.
    expect(await deliver(expired.payload, expired.signature)).toMatchObject({ status: 200, body: { checkout: 'pending' } });
    expect(await paymentById(paymentId)).toMatchObject({ status: 'pending' });

    await sandbox().expireCheckout(ref);
    expect(await deliver(expired.payload, expired.signature)).toMatchObject({ status: 200, body: { checkout: 'failed' } });
    expect(await deliver(expired.payload, expired.signature)).toMatchObject({ status: 200, body: { checkout: 'failed' } });
    expect(await paymentById(paymentId)).toMatchObject({ status: 'failed', failureReason: 'checkout_expired' });
    const [checkout] = await database.db.select().from(checkoutSession).where(eq(checkoutSession.paymentId, paymentId));
    expect(checkout?.status).toBe('expired');
    expect(await balanceOf(leaseId)).toBe(100_000);
    expect(await receiptsFor(paymentId)).toBe(0);
    expect(await allocationsOf(paymentId)).toBe(0);
  });

  it('with Stripe: settles a session paid on the hosted page from Stripe’s own record, with the card, once', async () => {
    const provider = stripe();
    providerOfRoute.mockReturnValue(provider);
    const { leaseId, paymentId, ref } = await openLeaseCheckout(40_000, provider);
    expect(ref).toMatch(/^cs_test_/);
    const paid = standIn.completeCheckout(ref);
    expect(paid.status).toBe('paid');

    const completed = standIn.signedCheckoutWebhook({ type: 'checkout.session.completed', sessionId: ref, secret: WEBHOOK_SECRET });
    expect(completed.event).toMatchObject({ data: { object: { id: ref, status: 'complete', payment_intent: paid.paymentIntentId } } });
    const succeeded = standIn.signedCheckoutWebhook({
      type: 'checkout.session.async_payment_succeeded',
      sessionId: ref,
      secret: WEBHOOK_SECRET,
    });
    for (const delivery of [completed, completed, succeeded]) {
      expect(await deliver(delivery.payload, delivery.signature)).toMatchObject({ status: 200, body: { checkout: 'succeeded' } });
    }
    expect(await paymentById(paymentId)).toMatchObject({
      status: 'succeeded',
      provider: 'stripe',
      providerRef: paid.paymentIntentId,
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    expect(await receiptsFor(paymentId)).toBe(1);
    expect(await balanceOf(leaseId)).toBe(60_000);
  });

  it('with Stripe: rent by bank debit is processing on completed, paid on async_payment_succeeded, whatever the order', async () => {
    const provider = stripe();
    providerOfRoute.mockReturnValue(provider);
    const { leaseId, paymentId, ref } = await openLeaseCheckout(100_000, provider);
    const debit = standIn.debitCheckout(ref);
    expect(debit.status).toBe('processing');
    const completed = standIn.signedCheckoutWebhook({ type: 'checkout.session.completed', sessionId: ref, secret: WEBHOOK_SECRET });
    expect(await deliver(completed.payload, completed.signature)).toMatchObject({ status: 200, body: { checkout: 'processing' } });
    expect(await paymentById(paymentId)).toMatchObject({
      status: 'processing',
      method: 'bank_debit',
      cardBrand: 'STRIPE TEST BANK',
      cardLast4: '6789',
      settledAt: null,
    });
    expect(await findLeaseBalance(database.db, leaseId)).toMatchObject({ balanceCents: 0, processingCents: 100_000, overdueCents: 0 });
    expect(await receiptsFor(paymentId)).toBe(0);

    standIn.settleDebit(debit.paymentIntentId!);
    const succeeded = standIn.signedCheckoutWebhook({
      type: 'checkout.session.async_payment_succeeded',
      sessionId: ref,
      secret: WEBHOOK_SECRET,
    });
    // Stripe may deliver the old `completed` again after the success: it reads the session now, so it is a replay.
    for (const delivery of [succeeded, completed, succeeded]) {
      expect(await deliver(delivery.payload, delivery.signature)).toMatchObject({ status: 200, body: { checkout: 'succeeded' } });
    }
    expect(await paymentById(paymentId)).toMatchObject({ status: 'succeeded', method: 'bank_debit' });
    expect(await receiptsFor(paymentId)).toBe(1);
    expect(await findLeaseBalance(database.db, leaseId)).toMatchObject({ balanceCents: 0, processingCents: 0 });
  });

  it('with Stripe: a returned bank debit reopens the charge and posts one returned-payment fee, however often it is delivered', async () => {
    const provider = stripe();
    providerOfRoute.mockReturnValue(provider);
    const { leaseId, paymentId, ref, tenant } = await openLeaseCheckout(100_000, provider);
    const debit = standIn.debitCheckout(ref, '000111111113');
    const completed = standIn.signedCheckoutWebhook({ type: 'checkout.session.completed', sessionId: ref, secret: WEBHOOK_SECRET });
    expect(await deliver(completed.payload, completed.signature)).toMatchObject({ status: 200, body: { checkout: 'processing' } });

    expect(standIn.settleDebit(debit.paymentIntentId!)).toBe('returned');
    const failed = standIn.signedCheckoutWebhook({ type: 'checkout.session.async_payment_failed', sessionId: ref, secret: WEBHOOK_SECRET });
    for (const delivery of [failed, completed, failed, failed, failed]) {
      expect(await deliver(delivery.payload, delivery.signature)).toMatchObject({ status: 200, body: { checkout: 'failed' } });
    }
    expect(await paymentById(paymentId)).toMatchObject({ status: 'failed', failureReason: 'debit_returned', method: 'bank_debit' });
    expect(await allocationsOf(paymentId)).toBe(0);
    const fees = await database.db
      .select({ amountCents: charge.amountCents })
      .from(charge)
      .where(and(eq(charge.leaseId, leaseId), eq(charge.kind, 'returned_payment_fee')));
    expect(fees).toEqual([{ amountCents: 2_500 }]);
    expect(await findLeaseBalance(database.db, leaseId)).toMatchObject({ balanceCents: 102_500, processingCents: 0 });
    const [notice] = await database.db
      .select({ n: count() })
      .from(outbox)
      .where(and(eq(outbox.topic, 'mail.lease'), eq(outbox.dedupeKey, `debit_returned:${paymentId}`)));
    expect(notice?.n).toBe(1);
    const tenantNotices = await database.db.select().from(notification).where(eq(notification.userId, tenant.id));
    expect(tenantNotices.map((row) => row.title)).toEqual(['Bank payment returned']);
  });

  it('answers 503 (Stripe retries) when the session cannot be read back, and settles on the retry', async () => {
    const provider = stripe();
    const { leaseId, paymentId, ref } = await openLeaseCheckout(15_000, provider);
    standIn.completeCheckout(ref);
    const completed = standIn.signedCheckoutWebhook({ type: 'checkout.session.completed', sessionId: ref, secret: WEBHOOK_SECRET });

    const gone = await startStripeStandIn();
    await gone.close();
    providerOfRoute.mockReturnValue(
      createStripeProvider({
        secretKey: 'sk_test_dimora_webhook',
        host: gone.host,
        port: gone.port,
        protocol: 'http',
        maxNetworkRetries: 0,
      }),
    );
    expect(await deliver(completed.payload, completed.signature)).toMatchObject({ status: 503, body: { error: 'provider_unavailable' } });
    expect(await paymentById(paymentId)).toMatchObject({ status: 'pending' });
    expect(logged.filter((entry) => entry.level === 'warn' && /could not be read/.test(entry.msg))).toHaveLength(1);

    providerOfRoute.mockReturnValue(provider);
    expect(await deliver(completed.payload, completed.signature)).toMatchObject({ status: 200, body: { checkout: 'succeeded' } });
    expect(await paymentById(paymentId)).toMatchObject({ status: 'succeeded' });
    expect(await balanceOf(leaseId)).toBe(85_000);
  });
});

describe('POST /api/webhooks/stripe: autopay from a saved bank account (decision 050)', () => {
  /**
   * A tenant's lease owing $1,000.00 rent, with autopay on day 1 from bank account `accountNumber`
   * saved on Stripe's setup page (the stand-in's) and turned on by its `checkout.session.completed`
   * delivery; this month is left due, as if autopay had been on before its day.
   */
  async function leaseWithBankAutopay(provider: PaymentProvider, accountNumber: string) {
    const manager = await createPerson(database.db, 'property_manager', 'Mia Manager');
    const tenant = await createPerson(database.db, 'tenant', 'Tess Autopay');
    const lease = await createLeaseFixture(database.db, { manager, tenant, monthlyRentCents: 100_000 });
    const rent = await addCharge(database.db, { leaseId: lease.id, amountCents: 100_000, dueDate: '2026-01-01' });
    const ref = await openAutopayCheckout({ db: database.db, provider, viewer: tenant, leaseId: lease.id });
    expect(standIn.saveCheckoutBankAccount(ref, accountNumber)).toMatchObject({ status: 'saved' });
    const completed = standIn.signedCheckoutWebhook({ type: 'checkout.session.completed', sessionId: ref, secret: WEBHOOK_SECRET });
    expect(await deliver(completed.payload, completed.signature)).toMatchObject({ status: 200 });
    expect(await findAutopay(database.db, lease.id)).toMatchObject({ cardBrand: 'STRIPE TEST BANK', cardLast4: accountNumber.slice(-4) });
    await database.db.update(autopay).set({ lastPeriod: null }).where(eq(autopay.leaseId, lease.id));
    return { tenant, lease, rent };
  }

  /** Runs autopay with `provider` and answers the lease's autopay payment, which must be a debit in flight. */
  async function autopayDebit(provider: PaymentProvider, leaseId: number) {
    expect(await runAutopay({ db: database.db, provider, now: new Date(), publicUrl: CHECKOUT_CONTEXT.publicUrl })).toMatchObject({
      charged: 1,
      failed: 0,
      pending: 0,
    });
    const rows = await database.db
      .select()
      .from(payment)
      .where(and(eq(payment.leaseId, leaseId), eq(payment.method, 'autopay')));
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  it('with Stripe: the month is charged by an off-session debit in flight, and payment_intent.succeeded pays the rent once', async () => {
    const provider = stripe();
    providerOfRoute.mockReturnValue(provider);
    const { lease, rent } = await leaseWithBankAutopay(provider, '000123456789');

    const debit = await autopayDebit(provider, lease.id);
    expect(debit).toMatchObject({
      status: 'processing',
      provider: 'stripe',
      amountCents: 100_000,
      providerRef: expect.stringMatching(/^pi_/),
      cardBrand: 'STRIPE TEST BANK',
      cardLast4: '6789',
      settledAt: null,
    });
    expect(standIn.paymentIntent(debit.providerRef!)).toMatchObject({ status: 'processing', amount: 100_000 });
    expect((await chargesOf(database.db, lease.id)).find((row) => row.id === rent.id)).toMatchObject({ status: 'processing' });
    expect(await findLeaseBalance(database.db, lease.id)).toMatchObject({ balanceCents: 0, processingCents: 100_000 });
    expect(await receiptsFor(debit.id)).toBe(0);

    expect(standIn.settleDebit(debit.providerRef!)).toBe('succeeded');
    const succeeded = standIn.signedWebhook({
      type: 'payment_intent.succeeded',
      paymentIntentId: debit.providerRef!,
      secret: WEBHOOK_SECRET,
    });
    expect(await deliver(succeeded.payload, succeeded.signature)).toMatchObject({ status: 200, body: { outcome: 'settled' } });
    expect(await deliver(succeeded.payload, succeeded.signature)).toMatchObject({ status: 200, body: { outcome: 'unchanged' } });
    expect(await paymentById(debit.id)).toMatchObject({
      status: 'succeeded',
      method: 'autopay',
      providerRef: debit.providerRef,
      cardBrand: 'STRIPE TEST BANK',
      cardLast4: '6789',
      settledAt: expect.any(Date),
    });
    expect((await chargesOf(database.db, lease.id)).find((row) => row.id === rent.id)).toMatchObject({
      status: 'paid',
      allocatedCents: 100_000,
    });
    expect(await findLeaseBalance(database.db, lease.id)).toMatchObject({ balanceCents: 0, processingCents: 0 });
    expect(await receiptsFor(debit.id)).toBe(1);
    // The receipt names the account the debit came from (the event itself names it by id only).
    const [receipt] = await database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(and(eq(outbox.topic, 'mail.lease'), eq(outbox.dedupeKey, `receipt:${debit.id}`)));
    expect(receipt?.payload).toMatchObject({ values: { method: 'STRIPE TEST BANK •••• 6789', amount: '$1,000.00' } });
  });

  it('with Stripe: a returned off-session debit (payment_intent.payment_failed) reopens the rent and posts one returned-payment fee', async () => {
    const provider = stripe();
    providerOfRoute.mockReturnValue(provider);
    const { tenant, lease, rent } = await leaseWithBankAutopay(provider, '000111111113');

    const debit = await autopayDebit(provider, lease.id);
    expect(debit).toMatchObject({ status: 'processing', amountCents: 100_000, cardBrand: 'STRIPE TEST BANK', cardLast4: '1113' });
    expect((await chargesOf(database.db, lease.id)).find((row) => row.id === rent.id)).toMatchObject({ status: 'processing' });

    expect(standIn.settleDebit(debit.providerRef!)).toBe('returned');
    const failed = standIn.signedWebhook({
      type: 'payment_intent.payment_failed',
      paymentIntentId: debit.providerRef!,
      secret: WEBHOOK_SECRET,
    });
    for (const [delivery, outcome] of [
      [failed, 'settled'],
      [failed, 'unchanged'],
    ] as const) {
      expect(await deliver(delivery.payload, delivery.signature)).toMatchObject({ status: 200, body: { outcome } });
    }
    expect(await paymentById(debit.id)).toMatchObject({
      status: 'failed',
      method: 'autopay',
      failureReason: 'debit_returned',
      cardBrand: 'STRIPE TEST BANK',
      cardLast4: '1113',
    });
    expect(await allocationsOf(debit.id)).toBe(0);
    const charges = await chargesOf(database.db, lease.id);
    expect(charges.find((row) => row.id === rent.id)).toMatchObject({ status: 'open', allocatedCents: 0 });
    expect(charges.filter((row) => row.kind === 'returned_payment_fee').map((row) => row.amountCents)).toEqual([2_500]);
    expect(await findLeaseBalance(database.db, lease.id)).toMatchObject({ balanceCents: 102_500, processingCents: 0 });
    expect(await leaseMails(database.db, 'debit_returned', tenant.email)).toHaveLength(1);
    const tenantNotices = await database.db.select().from(notification).where(eq(notification.userId, tenant.id));
    expect(tenantNotices.map((row) => row.title)).toEqual(['Bank payment returned']);
    // The month counts as charged: autopay does not debit again this month; the tenant pays by hand.
    expect(await runAutopay({ db: database.db, provider, now: new Date(), publicUrl: CHECKOUT_CONTEXT.publicUrl })).toMatchObject({
      charged: 0,
    });
  });
});
