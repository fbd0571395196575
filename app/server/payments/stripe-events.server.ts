/**
 * Stripe's answers in our words (decision 021): a PaymentIntent or a webhook event becomes a
 * `ChargeResult`, Stripe's error and decline codes become a `DeclineCode`. Pure functions, shared
 * by the Stripe provider (stripe-provider.server.ts) and the webhook route
 * (routes/api/webhooks.stripe.ts), so both settle a charge the same way.
 */
import type Stripe from 'stripe';
import type { ChargeResult, CheckoutState, DeclineCode, PaidBy, SavedCard } from './payment-provider';

/** The metadata field every PaymentIntent we create carries: the charge's idempotency key. */
export const IDEMPOTENCY_METADATA_KEY = 'idempotency_key';

/**
 * Stripe's `decline_code` or `code` values that have a name of their own in `DeclineCode`;
 * anything else a card issuer or Stripe refuses with is `card_declined`.
 */
const DECLINES: Readonly<Record<string, DeclineCode>> = {
  insufficient_funds: 'insufficient_funds',
  expired_card: 'expired_card',
  incorrect_cvc: 'incorrect_cvc',
  invalid_cvc: 'incorrect_cvc',
  processing_error: 'processing_error',
  incorrect_number: 'invalid_card',
  invalid_number: 'invalid_card',
  invalid_expiry_month: 'invalid_card',
  invalid_expiry_year: 'invalid_card',
};

/**
 * Our decline code for a Stripe refusal: the issuer's `decline_code` first (e.g.
 * `insufficient_funds` under `code: card_declined`), then Stripe's `code`, else `card_declined`.
 */
export function declineCodeFromStripe(code: string | null | undefined, declineCode: string | null | undefined): DeclineCode {
  return (declineCode ? DECLINES[declineCode] : undefined) ?? (code ? DECLINES[code] : undefined) ?? 'card_declined';
}

/** What paid, as far as the payload says: brand (a bank's name) and last 4, and whether it was a bank account. */
export type CardFacts = { cardBrand: string | null; cardLast4: string | null; paidBy?: PaidBy };

const NO_CARD: CardFacts = { cardBrand: null, cardLast4: null };

/** Brand and last 4 of a PaymentMethod (a card, or a US bank account) when Stripe sent the object (not just its id). */
export function cardOfPaymentMethod(method: string | Stripe.PaymentMethod | null | undefined): CardFacts {
  if (!method || typeof method === 'string') return NO_CARD;
  if (method.us_bank_account) return bankFacts(method.us_bank_account);
  if (!method.card) return NO_CARD;
  return { cardBrand: method.card.brand ?? null, cardLast4: method.card.last4 ?? null };
}

function bankFacts(bank: { bank_name?: string | null; last4?: string | null }): CardFacts {
  return { cardBrand: bank.bank_name ?? null, cardLast4: bank.last4 ?? null, paidBy: 'us_bank_account' };
}

/**
 * Brand and last 4 of an intent's card or bank account: from its latest charge's
 * `payment_method_details` or its PaymentMethod when expanded, else from the failed attempt's
 * PaymentMethod; nulls when the intent only names them by id (a webhook's payload).
 */
export function cardOfIntent(intent: Stripe.PaymentIntent): CardFacts {
  const charge = intent.latest_charge;
  if (charge && typeof charge !== 'string') {
    const bank = charge.payment_method_details?.us_bank_account;
    if (bank) return bankFacts(bank);
    const card = charge.payment_method_details?.card;
    if (card) return { cardBrand: card.brand ?? null, cardLast4: card.last4 ?? null };
  }
  const fromMethod = cardOfPaymentMethod(intent.payment_method);
  if (fromMethod.cardLast4) return fromMethod;
  const failed = cardOfPaymentMethod(intent.last_payment_error?.payment_method);
  if (failed.cardLast4) return failed;
  // A webhook's payload names the method by id only; its type still says a bank debit.
  return intent.payment_method_types?.length === 1 && intent.payment_method_types[0] === 'us_bank_account'
    ? { ...NO_CARD, paidBy: 'us_bank_account' }
    : NO_CARD;
}

/**
 * The outcome of a PaymentIntent so far, or null while nothing is decided (`requires_capture`,
 * an intent still being confirmed). `processing` is a bank debit in flight (decision 050): the
 * money may still move, and a webhook will say how it ended. `requires_action` and
 * `requires_confirmation` count as failed: Dimora has no Stripe.js to authenticate the card, so
 * such an intent can never complete (`card_declined` unless Stripe said more). A bank debit that
 * fails after it was sent is `debit_returned`.
 */
export function chargeResultFromIntent(intent: Stripe.PaymentIntent): ChargeResult | null {
  const card = cardOfIntent(intent);
  switch (intent.status) {
    case 'succeeded':
      return { status: 'succeeded', providerRef: intent.id, ...card };
    case 'processing':
      return { status: 'processing', providerRef: intent.id, ...card, paidBy: 'us_bank_account' };
    case 'requires_payment_method':
    case 'canceled':
    case 'requires_action':
    case 'requires_confirmation': {
      const error = intent.last_payment_error;
      const declineCode = card.paidBy === 'us_bank_account' ? 'debit_returned' : declineCodeFromStripe(error?.code, error?.decline_code);
      return { status: 'failed', providerRef: intent.id, ...card, declineCode };
    }
    default:
      return null;
  }
}

/** A settled charge named by a webhook: which charge (our idempotency key) and how it ended. */
export type StripeChargeOutcome = { idempotencyKey: string; result: ChargeResult };

/**
 * What a verified webhook event means for our payments: `payment_intent.succeeded` and
 * `payment_intent.payment_failed` of an intent we created (it carries our idempotency key in
 * its metadata) become that charge's result; every other event, or an intent made elsewhere
 * (dashboard, another integration), is null and ignored. Card brand and last 4 are null when
 * the payload names the card by id only (Stripe's usual payload for a success).
 */
export function chargeOutcomeFromStripeEvent(event: Stripe.Event): StripeChargeOutcome | null {
  if (
    event.type !== 'payment_intent.succeeded' &&
    event.type !== 'payment_intent.payment_failed' &&
    event.type !== 'payment_intent.processing'
  )
    return null;
  const intent = event.data.object;
  const idempotencyKey = intent.metadata?.[IDEMPOTENCY_METADATA_KEY];
  if (typeof idempotencyKey !== 'string' || idempotencyKey === '') return null;
  const card = cardOfIntent(intent);
  if (event.type === 'payment_intent.succeeded') {
    return { idempotencyKey, result: { status: 'succeeded', providerRef: intent.id, ...card } };
  }
  if (event.type === 'payment_intent.processing') {
    return { idempotencyKey, result: { status: 'processing', providerRef: intent.id, ...card, paidBy: 'us_bank_account' } };
  }
  const error = intent.last_payment_error;
  const declineCode = card.paidBy === 'us_bank_account' ? 'debit_returned' : declineCodeFromStripe(error?.code, error?.decline_code);
  return { idempotencyKey, result: { status: 'failed', providerRef: intent.id, ...card, declineCode } };
}

/** The dispute statuses after which Stripe changes nothing more. */
export const CLOSED_DISPUTE_STATUSES: readonly string[] = ['won', 'lost', 'warning_closed'];

/** What a `charge.dispute.*` event says about a dispute, in our words. */
export type DisputeReport = {
  /** Stripe's dispute id (`du_…`). */
  providerRef: string;
  /** The disputed PaymentIntent (`pi_…`): our payment's `provider_ref`. */
  paymentIntentId: string;
  status: string;
  reason: string;
  /** Disputed amount, integer cents. */
  amountCents: number;
};

/**
 * The dispute in a `charge.dispute.created`, `.updated` or `.closed` event; null for any other
 * event or a dispute that names no PaymentIntent (a charge made outside Dimora).
 */
export function disputeFromStripeEvent(event: Stripe.Event): DisputeReport | null {
  if (event.type !== 'charge.dispute.created' && event.type !== 'charge.dispute.updated' && event.type !== 'charge.dispute.closed')
    return null;
  const dispute = event.data.object;
  const intent = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : (dispute.payment_intent?.id ?? null);
  if (!intent) return null;
  return { providerRef: dispute.id, paymentIntentId: intent, status: dispute.status, reason: dispute.reason, amountCents: dispute.amount };
}

/**
 * A Checkout Session in our words (decision 049). The payment's outcome comes from its
 * PaymentIntent when Stripe expanded it (`findCheckout` asks for `payment_intent.payment_method`
 * and `payment_intent.latest_charge`): succeeded → paid; `processing` → a bank debit in flight;
 * a failed debit → failed. Without the intent, a complete and `paid` session is a success named
 * by the intent's id only.
 */
export function checkoutStateFromSession(session: Stripe.Checkout.Session): CheckoutState {
  const status: CheckoutState['status'] = session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open';
  const key = session.metadata?.[IDEMPOTENCY_METADATA_KEY] || session.client_reference_id || null;
  const base = { ref: session.id, status, idempotencyKey: key || null, amountCents: session.amount_total ?? 0, saved: null };
  if (session.mode === 'setup') return { ...base, result: null, saved: savedCardOfSession(session) };
  const intent = session.payment_intent;
  if (intent && typeof intent !== 'string') {
    // Only a complete session has an outcome: an open one's intent may carry a declined attempt
    // the payer can still retry, and an expired one's was cancelled with it (nothing was charged;
    // the caller records why the checkout ended, not the last decline).
    return { ...base, result: status === 'complete' ? chargeResultFromIntent(intent) : null };
  }
  if (status === 'complete' && typeof intent === 'string') {
    // The intent named by id only: paid, or (unpaid) a bank debit still in flight.
    if (session.payment_status === 'paid')
      return { ...base, result: { status: 'succeeded', providerRef: intent, cardBrand: null, cardLast4: null } };
    if (session.payment_status === 'unpaid')
      return {
        ...base,
        result: { status: 'processing', providerRef: intent, cardBrand: null, cardLast4: null, paidBy: 'us_bank_account' },
      };
  }
  return { ...base, result: null };
}

/**
 * The card a complete setup session saved (its SetupIntent succeeded): the PaymentMethod id and
 * the customer it is attached to, with brand and last 4 when the method was expanded.
 */
function savedCardOfSession(session: Stripe.Checkout.Session): SavedCard | null {
  const setup = session.setup_intent;
  if (session.status !== 'complete' || !setup || typeof setup === 'string' || setup.status !== 'succeeded') return null;
  const method = setup.payment_method;
  if (!method) return null;
  const customer = setup.customer ?? session.customer;
  return {
    token: typeof method === 'string' ? method : method.id,
    customerRef: typeof customer === 'string' ? customer : (customer?.id ?? null),
    ...cardOfPaymentMethod(method),
  };
}

/** The Checkout events the webhook reads a session for (decision 049). */
const CHECKOUT_EVENTS: readonly string[] = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.async_payment_failed',
  'checkout.session.expired',
];

/** The Checkout Session id a `checkout.session.*` event names, or null for any other event. */
export function checkoutRefFromStripeEvent(event: Stripe.Event): string | null {
  if (!CHECKOUT_EVENTS.includes(event.type)) return null;
  const session = event.data.object as Stripe.Checkout.Session;
  return typeof session.id === 'string' && session.id ? session.id : null;
}
