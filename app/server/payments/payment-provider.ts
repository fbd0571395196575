/**
 * The payment-provider boundary (DESIGN §2 "payments", STYLE habit 9): everything that would
 * call a card processor goes through `PaymentProvider`. The default is the local `sandbox`
 * provider (sandbox-provider.server.ts); a Stripe adapter implements the same two calls
 * (`charge` = create-and-confirm a PaymentIntent with the idempotency key, `findCharge` = look
 * the intent up by the key kept in its metadata) and is swapped in by `getPaymentProvider`.
 *
 * Money is integer cents. Card numbers and CVCs only travel inside `PaymentSource` in memory:
 * providers return brand and last 4, never the number.
 */

/** What pays: raw card details (sandbox; server-side processors) or a token made in the browser. */
export type PaymentSource =
  | {
      type: 'card';
      /** Digits only (see `cardDigits`). */
      number: string;
      expMonth: number;
      /** Four-digit year. */
      expYear: number;
      cvc: string;
      name: string;
    }
  /** A processor's token for a card collected by its own widget (e.g. a Stripe PaymentMethod id). */
  | { type: 'token'; token: string };

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

/** Why a card was refused, as processors report it. */
export type DeclineCode =
  | 'card_declined'
  | 'insufficient_funds'
  | 'expired_card'
  | 'incorrect_cvc'
  | 'invalid_card'
  | 'processing_error';

export type ChargeResult =
  | { status: 'succeeded'; providerRef: string; cardBrand: string | null; cardLast4: string | null }
  | { status: 'failed'; providerRef: string | null; cardBrand: string | null; cardLast4: string | null; declineCode: DeclineCode };

export type PaymentProvider = {
  /** Stored in `payment.provider` (`sandbox`, `stripe`). */
  readonly name: string;
  /** True when no real money moves (the page then shows the test cards). */
  readonly testMode: boolean;
  /**
   * Charges `amountCents` once per `idempotencyKey`. A decline is an answer (`status: failed`),
   * not an error. Throws `PaymentProviderError` when the outcome is unknown (network, outage):
   * the caller keeps the payment pending and asks `findCharge` later.
   */
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The outcome of an earlier `charge` with this key, or null when the provider never saw it. */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
};

/** The provider could not be reached or answered nonsense: the charge's outcome is unknown. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}
