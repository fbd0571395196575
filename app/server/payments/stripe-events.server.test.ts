import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  chargeOutcomeFromStripeEvent,
  chargeResultFromIntent,
  checkoutRefFromStripeEvent,
  checkoutStateFromSession,
  declineCodeFromStripe,
} from './stripe-events.server';

/** A PaymentIntent as Stripe sends it in a webhook: card and charge named by id only. */
function intent(overrides: Partial<Stripe.PaymentIntent> = {}): Stripe.PaymentIntent {
  return {
    id: 'pi_123',
    object: 'payment_intent',
    amount: 5_000,
    currency: 'usd',
    status: 'succeeded',
    metadata: { idempotency_key: 'key-1:1', reference: 'DIM-TEST' },
    latest_charge: 'ch_123',
    payment_method: 'pm_123',
    last_payment_error: null,
    created: 1_700_000_000,
    ...overrides,
  } as Stripe.PaymentIntent;
}

function event(type: string, object: unknown): Stripe.Event {
  return { id: 'evt_1', object: 'event', type, data: { object }, created: 1_700_000_000, livemode: false } as unknown as Stripe.Event;
}

const declinedCard = { id: 'pm_9', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '9995' } } as Stripe.PaymentMethod;

describe('Stripe webhook events as charge results', () => {
  it('maps payment_intent.succeeded of our intent to a succeeded charge under its idempotency key', () => {
    expect(chargeOutcomeFromStripeEvent(event('payment_intent.succeeded', intent()))).toEqual({
      idempotencyKey: 'key-1:1',
      result: { status: 'succeeded', providerRef: 'pi_123', cardBrand: null, cardLast4: null },
    });
  });

  it('takes brand and last 4 from an expanded charge when the payload has one', () => {
    const charge = {
      id: 'ch_123',
      object: 'charge',
      payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
    } as Stripe.Charge;
    expect(chargeOutcomeFromStripeEvent(event('payment_intent.succeeded', intent({ latest_charge: charge })))?.result).toMatchObject({
      cardBrand: 'visa',
      cardLast4: '4242',
    });
  });

  it('maps payment_intent.payment_failed to a failed charge with the issuer’s decline code and the card', () => {
    const failed = intent({
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        payment_method: declinedCard,
      } as Stripe.PaymentIntent.LastPaymentError,
    });
    expect(chargeOutcomeFromStripeEvent(event('payment_intent.payment_failed', failed))).toEqual({
      idempotencyKey: 'key-1:1',
      result: { status: 'failed', providerRef: 'pi_123', cardBrand: 'visa', cardLast4: '9995', declineCode: 'insufficient_funds' },
    });
  });

  it('ignores other event types and intents without our idempotency key', () => {
    expect(chargeOutcomeFromStripeEvent(event('payment_intent.created', intent()))).toBeNull();
    expect(chargeOutcomeFromStripeEvent(event('charge.refunded', { id: 'ch_1', object: 'charge' }))).toBeNull();
    expect(chargeOutcomeFromStripeEvent(event('payment_intent.succeeded', intent({ metadata: {} })))).toBeNull();
    expect(chargeOutcomeFromStripeEvent(event('payment_intent.succeeded', intent({ metadata: { idempotency_key: '' } })))).toBeNull();
  });
});

describe('Stripe decline codes as ours', () => {
  it.each([
    ['card_declined', 'generic_decline', 'card_declined'],
    ['card_declined', 'insufficient_funds', 'insufficient_funds'],
    ['expired_card', 'expired_card', 'expired_card'],
    ['incorrect_cvc', undefined, 'incorrect_cvc'],
    ['processing_error', undefined, 'processing_error'],
    ['incorrect_number', undefined, 'invalid_card'],
    ['card_declined', 'authentication_required', 'card_declined'],
    [undefined, undefined, 'card_declined'],
  ])('code %s with decline_code %s is %s', (code, declineCode, expected) => {
    expect(declineCodeFromStripe(code, declineCode)).toBe(expected);
  });
});

describe('a PaymentIntent’s final outcome', () => {
  it('is processing for a debit in flight, null while nothing is decided, failed for intents that can no longer complete here', () => {
    expect(chargeResultFromIntent(intent({ status: 'processing' }))).toMatchObject({ status: 'processing', providerRef: 'pi_123' });
    expect(chargeResultFromIntent(intent({ status: 'requires_capture' }))).toBeNull();
    expect(chargeResultFromIntent(intent({ status: 'canceled' }))).toMatchObject({ status: 'failed', declineCode: 'card_declined' });
    expect(chargeResultFromIntent(intent({ status: 'requires_action' }))).toMatchObject({ status: 'failed', providerRef: 'pi_123' });
    expect(chargeResultFromIntent(intent())).toEqual({ status: 'succeeded', providerRef: 'pi_123', cardBrand: null, cardLast4: null });
  });
});

/** A Checkout Session in payment mode as `findCheckout` reads it: paid, its intent named by id. */
function session(overrides: Partial<Stripe.Checkout.Session> = {}): Stripe.Checkout.Session {
  return {
    id: 'cs_test_1',
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    amount_total: 42_500,
    currency: 'usd',
    client_reference_id: 'lease:7:pay:k1',
    metadata: { idempotency_key: 'lease:7:pay:k1', lease_id: '7' },
    payment_intent: 'pi_123',
    setup_intent: null,
    ...overrides,
  } as Stripe.Checkout.Session;
}

const paidCharge = {
  id: 'ch_123',
  object: 'charge',
  payment_method_details: { type: 'card', card: { brand: 'mastercard', last4: '4444' } },
} as Stripe.Charge;

describe('a Checkout Session in our words', () => {
  it('is a success with the intent and its card when the expanded intent succeeded', () => {
    expect(checkoutStateFromSession(session({ payment_intent: intent({ latest_charge: paidCharge }) }))).toEqual({
      ref: 'cs_test_1',
      status: 'complete',
      idempotencyKey: 'lease:7:pay:k1',
      amountCents: 42_500,
      result: { status: 'succeeded', providerRef: 'pi_123', cardBrand: 'mastercard', cardLast4: '4444' },
      saved: null,
    });
  });

  it('is a success named by the intent id alone when the intent was not expanded (a webhook payload)', () => {
    expect(checkoutStateFromSession(session())).toMatchObject({
      status: 'complete',
      result: { status: 'succeeded', providerRef: 'pi_123', cardBrand: null, cardLast4: null },
    });
  });

  it('is processing, with the bank account, while a bank debit is in flight', () => {
    const debit = {
      id: 'py_1',
      object: 'charge',
      payment_method_details: { type: 'us_bank_account', us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789' } },
    } as Stripe.Charge;
    const state = checkoutStateFromSession(
      session({ payment_status: 'unpaid', payment_intent: intent({ status: 'processing', latest_charge: debit }) }),
    );
    expect(state).toMatchObject({
      status: 'complete',
      result: { status: 'processing', providerRef: 'pi_123', cardBrand: 'STRIPE TEST BANK', cardLast4: '6789', paidBy: 'us_bank_account' },
    });
    // Unexpanded, a complete but unpaid session is in flight too.
    expect(checkoutStateFromSession(session({ payment_status: 'unpaid' }))).toMatchObject({
      result: { status: 'processing', providerRef: 'pi_123' },
    });
  });

  it('is failed, with the reason, when the intent of a complete session failed; a bank debit that failed is returned', () => {
    const failed = intent({
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: { type: 'card_error', code: 'insufficient_funds' } as Stripe.PaymentIntent.LastPaymentError,
    });
    expect(checkoutStateFromSession(session({ payment_status: 'unpaid', payment_intent: failed }))).toMatchObject({
      status: 'complete',
      result: { status: 'failed', providerRef: 'pi_123', declineCode: 'insufficient_funds' },
    });
    const returned = intent({
      status: 'requires_payment_method',
      payment_method: {
        id: 'pm_1',
        object: 'payment_method',
        type: 'us_bank_account',
        us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '1113' },
      } as Stripe.PaymentMethod,
      last_payment_error: { type: 'invalid_request_error', code: 'insufficient_funds' } as Stripe.PaymentIntent.LastPaymentError,
    });
    expect(checkoutStateFromSession(session({ payment_status: 'unpaid', payment_intent: returned }))).toMatchObject({
      result: { status: 'failed', declineCode: 'debit_returned', cardLast4: '1113', paidBy: 'us_bank_account' },
    });
  });

  it('has no outcome while the session is open, even after a declined attempt the payer can retry', () => {
    const declined = intent({
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        payment_method: declinedCard,
      } as Stripe.PaymentIntent.LastPaymentError,
    });
    expect(checkoutStateFromSession(session({ status: 'open', payment_status: 'unpaid', payment_intent: declined }))).toEqual({
      ref: 'cs_test_1',
      status: 'open',
      idempotencyKey: 'lease:7:pay:k1',
      amountCents: 42_500,
      result: null,
      saved: null,
    });
    expect(checkoutStateFromSession(session({ status: 'open', payment_status: 'unpaid', payment_intent: null }))).toMatchObject({
      status: 'open',
      result: null,
    });
  });

  it('is expired with no outcome when it closed unpaid, also after a declined attempt (why it ended is ours to say)', () => {
    expect(checkoutStateFromSession(session({ status: 'expired', payment_status: 'unpaid', payment_intent: null }))).toMatchObject({
      status: 'expired',
      result: null,
    });
    const cancelled = intent({
      status: 'canceled',
      payment_method: null,
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'insufficient_funds',
      } as Stripe.PaymentIntent.LastPaymentError,
    });
    expect(checkoutStateFromSession(session({ status: 'expired', payment_status: 'unpaid', payment_intent: cancelled }))).toMatchObject({
      status: 'expired',
      result: null,
    });
  });

  it('reads a complete setup session as the saved card and its customer, and an unfinished one as nothing saved', () => {
    const method = { id: 'pm_saved', object: 'payment_method', card: { brand: 'visa', last4: '4242' } } as unknown as Stripe.PaymentMethod;
    const setup = {
      id: 'seti_1',
      object: 'setup_intent',
      status: 'succeeded',
      payment_method: method,
      customer: 'cus_1',
    } as unknown as Stripe.SetupIntent;
    const complete = session({ mode: 'setup', amount_total: null, payment_intent: null, setup_intent: setup });
    expect(checkoutStateFromSession(complete)).toMatchObject({
      status: 'complete',
      result: null,
      saved: { token: 'pm_saved', customerRef: 'cus_1', cardBrand: 'visa', cardLast4: '4242' },
    });
    expect(checkoutStateFromSession(session({ mode: 'setup', status: 'open', setup_intent: 'seti_1' })).saved).toBeNull();
    expect(
      checkoutStateFromSession(
        session({ mode: 'setup', setup_intent: { ...setup, status: 'requires_payment_method' } as Stripe.SetupIntent }),
      ).saved,
    ).toBeNull();
  });

  it('takes the key from the metadata, else the client reference; no key and no amount are read as such', () => {
    expect(checkoutStateFromSession(session({ metadata: {}, client_reference_id: 'lease:7:pay:from-reference' })).idempotencyKey).toBe(
      'lease:7:pay:from-reference',
    );
    expect(checkoutStateFromSession(session({ metadata: { idempotency_key: 'meta' }, client_reference_id: 'ref' })).idempotencyKey).toBe(
      'meta',
    );
    const anonymous = checkoutStateFromSession(session({ metadata: {}, client_reference_id: null, amount_total: null }));
    expect(anonymous).toMatchObject({ idempotencyKey: null, amountCents: 0 });
    expect(checkoutStateFromSession(session({ metadata: { idempotency_key: '' }, client_reference_id: null })).idempotencyKey).toBeNull();
  });
});

describe('the Checkout Session a webhook event names', () => {
  it.each([
    'checkout.session.completed',
    'checkout.session.async_payment_succeeded',
    'checkout.session.async_payment_failed',
    'checkout.session.expired',
  ])('%s names its session', (type) => {
    expect(checkoutRefFromStripeEvent(event(type, session({ id: 'cs_test_named' })))).toBe('cs_test_named');
  });

  it('is null for any other event, and for a session without an id', () => {
    expect(checkoutRefFromStripeEvent(event('payment_intent.succeeded', intent()))).toBeNull();
    expect(checkoutRefFromStripeEvent(event('charge.dispute.created', { id: 'du_1', object: 'dispute' }))).toBeNull();
    expect(checkoutRefFromStripeEvent(event('customer.created', session({ id: 'cs_test_wrong_type' })))).toBeNull();
    expect(checkoutRefFromStripeEvent(event('checkout.session.completed', session({ id: '' })))).toBeNull();
  });
});
