/**
 * The `sandbox` payment provider: fully local, no network, no real money (DESIGN §2). It behaves
 * like a card processor in test mode: it checks the card (Luhn, expiry, CVC), answers the test
 * card numbers below with their outcomes, accepts any other valid number, and remembers every
 * charge by idempotency key so a repeated key returns the first outcome without charging again,
 * also when two requests with one key arrive at once.
 *
 * Charges live in process memory (a `Map` shared through `globalThis` by default, so the
 * server's bundled routes and its tsx-loaded worker see the same charges). A restart forgets
 * them, as if the sandbox's "bank" had never seen those charges: the reconciler then marks the
 * pending payments failed, and nothing was ever charged twice.
 */
import { randomBytes } from 'node:crypto';
import { cardBrand, cardLast4, expiryIsCurrent, isCvc, passesLuhn } from './card';
import type { ChargeRequest, ChargeResult, DeclineCode, PaymentProvider } from './payment-provider';

/** The sandbox's test card numbers (the same as Stripe's test mode). */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expiredCard: '4000000000000069',
  incorrectCvc: '4000000000000127',
  processingError: '4000000000000119',
} as const;

const OUTCOMES: Record<string, DeclineCode> = {
  [SANDBOX_TEST_CARDS.declined]: 'card_declined',
  [SANDBOX_TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [SANDBOX_TEST_CARDS.expiredCard]: 'expired_card',
  [SANDBOX_TEST_CARDS.incorrectCvc]: 'incorrect_cvc',
  [SANDBOX_TEST_CARDS.processingError]: 'processing_error',
};

/** One remembered charge: its outcome and the amount it was for (no card data). */
export type SandboxCharge = { amountCents: number; result: ChargeResult };

export type SandboxProvider = PaymentProvider & {
  /** The charges made so far, keyed by idempotency key (tests count them). */
  readonly charges: ReadonlyMap<string, Promise<SandboxCharge>>;
};

const SHARED_STORE = Symbol.for('dimora.sandboxCharges');

function sharedStore(): Map<string, Promise<SandboxCharge>> {
  const holder = globalThis as typeof globalThis & { [SHARED_STORE]?: Map<string, Promise<SandboxCharge>> };
  holder[SHARED_STORE] ??= new Map();
  return holder[SHARED_STORE];
}

function decide(request: ChargeRequest, now: Date): ChargeResult {
  const providerRef = `sbx_ch_${randomBytes(12).toString('hex')}`;
  const { source } = request;
  if (source.type !== 'card') {
    return { status: 'failed', providerRef, cardBrand: null, cardLast4: null, declineCode: 'invalid_card' };
  }
  const brand = cardBrand(source.number);
  const last4 = cardLast4(source.number);
  const fail = (declineCode: DeclineCode): ChargeResult => ({ status: 'failed', providerRef, cardBrand: brand, cardLast4: last4, declineCode });
  if (!passesLuhn(source.number)) return fail('invalid_card');
  if (!expiryIsCurrent({ month: source.expMonth, year: source.expYear }, now)) return fail('expired_card');
  if (!isCvc(source.cvc)) return fail('incorrect_cvc');
  const scripted = OUTCOMES[source.number];
  if (scripted) return fail(scripted);
  return { status: 'succeeded', providerRef, cardBrand: brand, cardLast4: last4 };
}

/**
 * Creates a sandbox provider. `store` holds its charges (a fresh `Map` isolates a test; the
 * default is the process-wide store); `now` is the clock for expiry checks.
 */
export function createSandboxProvider({
  store = sharedStore(),
  now = () => new Date(),
}: { store?: Map<string, Promise<SandboxCharge>>; now?: () => Date } = {}): SandboxProvider {
  return {
    name: 'sandbox',
    testMode: true,
    charges: store,
    async charge(request) {
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
        throw new RangeError(`sandbox charge amount must be a positive integer of cents, got ${request.amountCents}`);
      }
      let pending = store.get(request.idempotencyKey);
      if (!pending) {
        // Stored before any await, so a concurrent request with the same key finds it.
        pending = Promise.resolve({ amountCents: request.amountCents, result: decide(request, now()) });
        store.set(request.idempotencyKey, pending);
      }
      return (await pending).result;
    },
    async findCharge(idempotencyKey) {
      const charge = store.get(idempotencyKey);
      return charge ? (await charge).result : null;
    },
  };
}
