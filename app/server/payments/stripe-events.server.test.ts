import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { chargeOutcomeFromStripeEvent, chargeResultFromIntent, declineCodeFromStripe } from './stripe-events.server';

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
  it('is null while the money may still move, failed for intents that can no longer complete here', () => {
    expect(chargeResultFromIntent(intent({ status: 'processing' }))).toBeNull();
    expect(chargeResultFromIntent(intent({ status: 'requires_capture' }))).toBeNull();
    expect(chargeResultFromIntent(intent({ status: 'canceled' }))).toMatchObject({ status: 'failed', declineCode: 'card_declined' });
    expect(chargeResultFromIntent(intent({ status: 'requires_action' }))).toMatchObject({ status: 'failed', providerRef: 'pi_123' });
    expect(chargeResultFromIntent(intent())).toEqual({ status: 'succeeded', providerRef: 'pi_123', cardBrand: null, cardLast4: null });
  });
});
