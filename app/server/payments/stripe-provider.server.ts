/**
 * The `stripe` payment provider (decision 021): `PaymentProvider` on Stripe's API through the
 * `stripe` package. Chosen by `getPaymentProvider` when STRIPE_SECRET_KEY is set.
 *
 * - `createCheckout` / `findCheckout` / `expireCheckout` run Stripe Checkout (decision 049): every
 *   payment a person makes, and the saving of an autopay card (setup mode, with a Customer), is
 *   done on Stripe's hosted page. No card number ever reaches Dimora's server.
 * - `charge` creates and confirms a PaymentIntent for a saved card (autopay's off-session charges:
 *   the token is the PaymentMethod id, with its Customer) with the charge's idempotency key as
 *   Stripe's `Idempotency-Key` (a repeated key gets Stripe's first answer, never a second charge)
 *   and keeps the key in the intent's metadata, where `findCharge` searches for it.
 * - `refund` refunds (part of) a PaymentIntent once per idempotency key.
 *
 * Declines are answers (`status: failed`); connection failures, Stripe outages, rate limits and
 * authentication problems throw `PaymentProviderError` (outcome unknown: the payment stays
 * pending, and the webhook or the reconciler settles it).
 */
import Stripe from 'stripe';
import type { ChargeResult, PaymentProvider, RefundResult } from './payment-provider';
import { PaymentProviderError } from './payment-provider';
import {
  cardOfIntent,
  cardOfPaymentMethod,
  chargeResultFromIntent,
  checkoutStateFromSession,
  declineCodeFromStripe,
  IDEMPOTENCY_METADATA_KEY,
  type CardFacts,
} from './stripe-events.server';

export type StripeProviderOptions = {
  /** `sk_test_…` (test mode) or `sk_live_…`. */
  secretKey: string;
  /** API address; Stripe's by default. Tests point these at a local stand-in. */
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  /** Automatic retries of a failed request (same idempotency key, so never a second effect). */
  maxNetworkRetries?: number;
  /** Milliseconds before a request is given up (the outcome is then unknown). */
  timeoutMs?: number;
};

/**
 * Stripe's idempotency keys are one namespace per account, across endpoints: the requests a
 * charge's key does not name directly get a prefix, so a refund, customer or checkout can never
 * collide with a charge made under the same key.
 */
const KEY_PREFIX = {
  refund: 'dimora-refund:',
  customer: 'dimora-customer:',
  checkout: 'dimora-checkout:',
} as const;

/** What is known of the card before Stripe answers: nothing (a saved card is named by its id only). */
const UNKNOWN_CARD: CardFacts = { cardBrand: null, cardLast4: null };

function isStripeError(error: unknown): error is Stripe.errors.StripeError {
  return error instanceof Stripe.errors.StripeError;
}

/** A Stripe error whose outcome is certain "nothing happened": a card refusal or a refused request. */
function isRefusal(error: Stripe.errors.StripeError): boolean {
  return (
    error.type === 'StripeCardError' ||
    (error.type === 'StripeInvalidRequestError' && error.statusCode !== undefined && error.statusCode < 500)
  );
}

/** Wraps whatever else went wrong: the outcome is unknown to the caller. */
function unknownOutcome(action: string, error: unknown): PaymentProviderError {
  const detail = isStripeError(error)
    ? `${error.type}${error.code ? ` ${error.code}` : ''}: ${error.message}`
    : error instanceof Error
      ? error.message
      : String(error);
  return new PaymentProviderError(`stripe ${action} failed: ${detail}`, { cause: error });
}

/** Stripe's search syntax: a value in single quotes, with `\` and `'` escaped by a backslash. */
export function searchQueryForKey(idempotencyKey: string): string {
  return `metadata['${IDEMPOTENCY_METADATA_KEY}']:'${idempotencyKey.replace(/[\\']/g, (char) => `\\${char}`)}'`;
}

/** Creates the Stripe provider. Test mode when the key is a test key (`sk_test_`). */
export function createStripeProvider({
  secretKey,
  host,
  port,
  protocol,
  maxNetworkRetries = 2,
  timeoutMs = 30_000,
}: StripeProviderOptions): PaymentProvider {
  const testMode = secretKey.startsWith('sk_test_');
  const stripe = new Stripe(secretKey, {
    host,
    port,
    protocol,
    maxNetworkRetries,
    timeout: timeoutMs,
    // No latency reports to Stripe, and our name in the User-Agent.
    telemetry: false,
    appInfo: { name: 'Dimora' },
  });

  /** A refused charge: the decline and whatever Stripe said about the card and the intent. */
  function failedCharge(error: Stripe.errors.StripeError): ChargeResult {
    const intent = error.payment_intent;
    const card =
      [cardOfPaymentMethod(error.payment_method), intent ? cardOfIntent(intent) : UNKNOWN_CARD].find((facts) => facts.cardLast4) ??
      UNKNOWN_CARD;
    const declineCode =
      error.type === 'StripeCardError'
        ? declineCodeFromStripe(error.code, error.decline_code)
        : error.param === 'payment_method' || error.code === 'resource_missing'
          ? 'invalid_card'
          : 'processing_error';
    return { status: 'failed', providerRef: intent?.id ?? null, ...card, declineCode };
  }

  return {
    name: 'stripe',
    testMode,

    async charge(request) {
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
        throw new RangeError(`stripe charge amount must be a positive integer of cents, got ${request.amountCents}`);
      }
      const { source } = request;
      let intent: Stripe.PaymentIntent;
      try {
        intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            confirm: true,
            payment_method: source.token,
            // Cards only in practice: no redirect-based method, so no return_url; a card that
            // asks for 3-D Secure fails at once (there is no Stripe.js here to authenticate it).
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            error_on_requires_action: true,
            ...(source.customerRef ? { customer: source.customerRef } : {}),
            ...(source.offSession === true ? { off_session: true } : {}),
            description: request.description,
            // Our key last: no caller metadata can overwrite what findCharge searches for.
            metadata: { ...request.metadata, [IDEMPOTENCY_METADATA_KEY]: request.idempotencyKey },
            expand: ['latest_charge', 'payment_method'],
          },
          { idempotencyKey: request.idempotencyKey },
        );
      } catch (error) {
        if (isStripeError(error) && isRefusal(error)) return failedCharge(error);
        throw unknownOutcome('charge', error);
      }
      const result = chargeResultFromIntent(intent);
      if (!result) throw new PaymentProviderError(`stripe charge ${intent.id} is not final yet (${intent.status})`);
      return result;
    },

    async findCharge(idempotencyKey) {
      let intents: Stripe.PaymentIntent[];
      try {
        const found = await stripe.paymentIntents.search({
          query: searchQueryForKey(idempotencyKey),
          limit: 10,
          expand: ['data.latest_charge', 'data.payment_method'],
        });
        intents = found.data;
      } catch (error) {
        throw unknownOutcome('findCharge', error);
      }
      // One key makes one intent; should a retry after Stripe forgot the key (24 h) have made a
      // second, a success wins, else the newest.
      const intent = intents.find((candidate) => candidate.status === 'succeeded') ?? [...intents].sort((a, b) => b.created - a.created)[0];
      if (!intent) return null;
      const result = chargeResultFromIntent(intent);
      if (!result) throw new PaymentProviderError(`stripe charge ${intent.id} is not final yet (${intent.status})`);
      return result;
    },

    async refund(request) {
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
        throw new RangeError(`stripe refund amount must be a positive integer of cents, got ${request.amountCents}`);
      }
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          {
            payment_intent: request.providerRef,
            amount: request.amountCents,
            metadata: { [IDEMPOTENCY_METADATA_KEY]: request.idempotencyKey },
          },
          { idempotencyKey: `${KEY_PREFIX.refund}${request.idempotencyKey}` },
        );
      } catch (error) {
        if (isStripeError(error) && isRefusal(error)) return { status: 'failed', reason: error.code ?? 'refused' };
        throw unknownOutcome('refund', error);
      }
      // Card refunds are `succeeded` at once or `pending` until the network confirms; either way
      // Stripe has taken them. `failed` / `canceled` are refusals.
      const result: RefundResult =
        refund.status === 'succeeded' || refund.status === 'pending'
          ? { status: 'succeeded', refundRef: refund.id }
          : { status: 'failed', reason: refund.failure_reason ?? refund.status ?? 'refused' };
      return result;
    },

    async createCheckout(request) {
      const setup = request.mode === 'setup';
      if (!Number.isInteger(request.amountCents) || (setup ? request.amountCents !== 0 : request.amountCents <= 0)) {
        throw new RangeError(`stripe checkout amount must be a positive integer of cents (0 to set up), got ${request.amountCents}`);
      }
      // Our key last: no caller metadata can overwrite it.
      const metadata = { ...request.metadata, [IDEMPOTENCY_METADATA_KEY]: request.idempotencyKey };
      const common = {
        // A filter on what the account has enabled in its Dashboard (README: connecting Stripe).
        allowed_payment_method_types: [...request.methods],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.idempotencyKey,
        metadata,
        locale: request.locale,
        expires_at: Math.floor(request.expiresAt.getTime() / 1000),
      } satisfies Stripe.Checkout.SessionCreateParams;
      try {
        let params: Stripe.Checkout.SessionCreateParams;
        if (setup) {
          // A saved card must belong to a customer to be charged off-session later (autopay).
          const customer =
            request.customerRef ??
            (
              await stripe.customers.create(
                { ...(request.customerEmail ? { email: request.customerEmail } : {}) },
                { idempotencyKey: `${KEY_PREFIX.customer}${request.idempotencyKey}` },
              )
            ).id;
          params = {
            ...common,
            mode: 'setup',
            currency: 'usd',
            customer,
            setup_intent_data: { description: request.description, metadata },
          };
        } else {
          params = {
            ...common,
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: { currency: 'usd', unit_amount: request.amountCents, product_data: { name: request.description } },
              },
            ],
            // The intent carries the key too: findCharge, refunds and disputes find it by it.
            payment_intent_data: { description: request.description, metadata },
            ...(request.customerEmail ? { customer_email: request.customerEmail } : {}),
          };
        }
        const session = await stripe.checkout.sessions.create(params, {
          idempotencyKey: `${KEY_PREFIX.checkout}${request.idempotencyKey}`,
        });
        if (!session.url) throw new PaymentProviderError(`stripe checkout ${session.id} has no url`);
        return { ref: session.id, url: session.url };
      } catch (error) {
        if (error instanceof PaymentProviderError) throw error;
        throw unknownOutcome('createCheckout', error);
      }
    },

    async findCheckout(ref) {
      try {
        const session = await stripe.checkout.sessions.retrieve(ref, {
          expand: ['payment_intent.payment_method', 'payment_intent.latest_charge', 'setup_intent.payment_method'],
        });
        return checkoutStateFromSession(session);
      } catch (error) {
        if (isStripeError(error) && error.statusCode === 404) return null;
        throw unknownOutcome('findCheckout', error);
      }
    },

    async expireCheckout(ref) {
      try {
        await stripe.checkout.sessions.expire(ref);
      } catch (error) {
        // Stripe refuses to expire a session that is no longer open: nothing to do.
        if (isStripeError(error) && isRefusal(error)) return;
        throw unknownOutcome('expireCheckout', error);
      }
    },
  };
}
