/**
 * The payment-provider boundary (DESIGN §2 "payments", STYLE habit 9): everything that would
 * call a payment processor goes through `PaymentProvider`. The default is the local `sandbox`
 * provider (sandbox-provider.server.ts); the Stripe adapter (stripe-provider.server.ts)
 * implements the same calls and is swapped in by `getPaymentProvider`.
 *
 * A person pays on the provider's hosted page (`createCheckout`, decision 049): no form of ours
 * takes a card. `charge` pays with a card the provider saved earlier (autopay's off-session
 * charges, decision 022), named by its token; providers return brand and last 4, never the number.
 *
 * Money is integer cents.
 */

/**
 * What pays a direct charge: a processor's token for a card it saved earlier (a Stripe
 * PaymentMethod id, a sandbox `sbx_pm_…`). `customerRef` is the processor's customer the saved
 * card belongs to; `offSession` marks a charge made without the cardholder present (autopay).
 */
export type PaymentSource = { type: 'token'; token: string; customerRef?: string | null; offSession?: boolean };

export type ChargeRequest = {
  /**
   * Unique per charge attempt; the provider answers a repeated key with the first outcome and
   * never charges twice (double clicks, retries after a crash).
   */
  idempotencyKey: string;
  amountCents: number;
  currency: 'USD';
  source: PaymentSource;
  /** Shown on the card statement / processor dashboard. */
  description: string;
  /** Plain identifiers only (application reference…); never personal or card data. */
  metadata?: Record<string, string>;
};

/**
 * Why a card was refused, or a bank debit failed, as processors report it. `debit_returned`: the
 * payer's bank sent a debit back after it was sent (insufficient funds, account closed…).
 */
export type DeclineCode =
  'card_declined' | 'insufficient_funds' | 'expired_card' | 'incorrect_cvc' | 'invalid_card' | 'processing_error' | 'debit_returned';

/**
 * What paid: a card, or a US bank account debited by ACH (decision 050). For a bank account,
 * `cardBrand` is the bank's name and `cardLast4` the account number's last 4.
 */
export type PaidBy = 'card' | 'us_bank_account';

/**
 * A charge's outcome. `processing`: a bank debit was sent and its money is in flight (up to 4
 * business days); `succeeded` or `failed` follows, also after `processing` (a returned debit).
 */
export type ChargeResult =
  | { status: 'succeeded'; providerRef: string; cardBrand: string | null; cardLast4: string | null; paidBy?: PaidBy }
  | { status: 'processing'; providerRef: string; cardBrand: string | null; cardLast4: string | null; paidBy?: PaidBy }
  | {
      status: 'failed';
      providerRef: string | null;
      cardBrand: string | null;
      cardLast4: string | null;
      declineCode: DeclineCode;
      paidBy?: PaidBy;
    };

/**
 * The `payment` columns a charge's outcome sets when a pending payment settles: its status, the
 * processor's reference, the card's brand and last 4, and why it failed — `failureReason` when
 * the caller knows better than the decline code (`not_found_at_provider`), null when it succeeded.
 */
export function settledPaymentColumns(result: ChargeResult, failureReason?: string) {
  return {
    status: result.status,
    providerRef: result.providerRef,
    cardBrand: result.cardBrand,
    cardLast4: result.cardLast4,
    failureReason: result.status === 'failed' ? (failureReason ?? result.declineCode) : null,
  };
}

/** A refund of (part of) an earlier successful charge, once per `idempotencyKey`. */
export type RefundRequest = {
  idempotencyKey: string;
  /** The charge's `providerRef` (Stripe: the PaymentIntent id). */
  providerRef: string;
  amountCents: number;
};

export type RefundResult = { status: 'succeeded'; refundRef: string } | { status: 'failed'; reason: string };

/** What a hosted checkout may offer (decision 049): cards, and US bank debits (ACH). */
export type CheckoutMethod = 'card' | 'us_bank_account';

/**
 * A hosted checkout page for one payment (decision 049): the person pays on the provider's page
 * (Stripe Checkout, or the sandbox's test page) and comes back to `successUrl` or `cancelUrl`.
 * `idempotencyKey` is the payment's own key: it travels in the session's `metadata` and
 * `client_reference_id` and is the provider's idempotency key, so a repeat opens no second session.
 */
export type CheckoutRequest = {
  idempotencyKey: string;
  /**
   * `payment` (default): charge `amountCents` once. `setup`: save a card for later off-session
   * charges (autopay) and charge nothing (`amountCents` 0).
   */
  mode?: 'payment' | 'setup';
  amountCents: number;
  currency: 'USD';
  /** The line the payer sees ("Rent · Maple Court 4B"). */
  description: string;
  /** Plain identifiers only; never personal or card data. */
  metadata?: Record<string, string>;
  /** Where the provider sends the payer after paying; `{CHECKOUT_SESSION_ID}` is replaced by the session's id. */
  successUrl: string;
  /** Where the provider sends the payer who gives up. */
  cancelUrl: string;
  /** The payer's language on the hosted page. */
  locale: 'en' | 'it';
  customerEmail?: string | null;
  /** The provider's customer a saved card is attached to (setup; created from `customerEmail` when absent). */
  customerRef?: string | null;
  methods: readonly CheckoutMethod[];
  /** When the provider closes the session unpaid (Stripe: at least 30 minutes ahead). */
  expiresAt: Date;
};

/** An opened checkout: its reference at the provider and the page to send the browser to. */
export type CheckoutSession = { ref: string; url: string };

/**
 * A checkout as the provider sees it now. `result` is the payment's outcome so far: null while
 * the session is open, `processing` while a bank debit is in flight, then final; the amount and
 * the key are the provider's own record, compared with ours before anything settles.
 */
export type CheckoutState = {
  ref: string;
  status: 'open' | 'complete' | 'expired';
  idempotencyKey: string | null;
  amountCents: number;
  result: ChargeResult | null;
  /** A complete setup session's saved card: the token autopay charges, never the number. */
  saved: SavedCard | null;
};

/** A card the provider keeps for later charges (autopay). */
export type SavedCard = { token: string; customerRef: string | null; cardBrand: string | null; cardLast4: string | null };

export type PaymentProvider = {
  /** Stored in `payment.provider` (`sandbox`, `stripe`). */
  readonly name: string;
  /** True when no real money moves (the page then shows the test cards). */
  readonly testMode: boolean;
  /**
   * Charges `amountCents` to the saved card `source` names, once per `idempotencyKey`. A decline
   * is an answer (`status: failed`), not an error. Throws `PaymentProviderError` when the outcome
   * is unknown (network, outage): the caller keeps the payment pending and asks `findCharge` later.
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The outcome of an earlier `charge` with this key, or null when the provider never saw it. */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
  /**
   * Refunds `amountCents` of a succeeded charge once per `idempotencyKey`. A refusal is an answer
   * (`status: failed`); throws `PaymentProviderError` when the outcome is unknown.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Opens a hosted checkout for one payment, once per `idempotencyKey` (a repeat answers the
   * same session). Throws `PaymentProviderError` when the provider cannot be reached.
   */
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /** The checkout's state now, or null when the provider does not know `ref`. Throws `PaymentProviderError`. */
  findCheckout(ref: string): Promise<CheckoutState | null>;
  /**
   * Closes an open checkout so it can no longer be paid (the payer gave up, or opened another).
   * A session already complete or expired is left as it is. Throws `PaymentProviderError`.
   */
  expireCheckout(ref: string): Promise<void>;
};

/** The provider could not be reached or answered nonsense: the charge's outcome is unknown. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
