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
import type {
  ChargeRequest,
  ChargeResult,
  CheckoutRequest,
  CheckoutState,
  DeclineCode,
  PaymentProvider,
  PaymentSource,
  RefundResult,
  SaveCardResult,
  SavedCard,
} from './payment-provider';

/** The sandbox's test card numbers (the same as Stripe's test mode). */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expiredCard: '4000000000000069',
  incorrectCvc: '4000000000000127',
  processingError: '4000000000000119',
  /** Saved for autopay without trouble, but every later charge of it is declined (as Stripe's). */
  attachesButDeclines: '4000000000000341',
} as const;

/**
 * The sandbox's test bank account (decision 050): routing number and the account numbers whose
 * debits clear or come back (as Stripe's test accounts do). Any other 4–17 digit account clears.
 */
export const SANDBOX_TEST_BANK = {
  routingNumber: '110000000',
  clears: '000123456789',
  returned: '000111111113',
} as const;

/** The name a sandbox bank debit shows where a card shows its brand. */
export const SANDBOX_BANK_NAME = 'Sandbox Bank';

/** How long a sandbox bank debit stays in flight by default (a real one: up to 4 business days). */
export const SANDBOX_DEBIT_SETTLE_MS = 60_000;

const OUTCOMES: Record<string, DeclineCode> = {
  [SANDBOX_TEST_CARDS.declined]: 'card_declined',
  [SANDBOX_TEST_CARDS.insufficientFunds]: 'insufficient_funds',
  [SANDBOX_TEST_CARDS.expiredCard]: 'expired_card',
  [SANDBOX_TEST_CARDS.incorrectCvc]: 'incorrect_cvc',
  [SANDBOX_TEST_CARDS.processingError]: 'processing_error',
  [SANDBOX_TEST_CARDS.attachesButDeclines]: 'card_declined',
};

/**
 * One remembered charge: its outcome and the amount it was for (no card data); for a debit of a
 * saved bank account (decision 050), how it ends and when (its `result` is `processing` until then).
 */
export type SandboxCharge = { amountCents: number; result: ChargeResult; debit?: { clears: boolean; settlesAt: Date } };

/** One hosted checkout the sandbox opened (decision 049): what was asked and how it stands. */
export type SandboxCheckout = {
  ref: string;
  request: CheckoutRequest;
  status: CheckoutState['status'];
  result: ChargeResult | null;
  saved: SavedCard | null;
  /** A bank debit in flight: how it will end, and when. */
  debit: { clears: boolean; settlesAt: Date } | null;
};

/**
 * What paying on the sandbox's checkout page did: paid (go to `redirectTo`; `settlesAt` when a
 * bank debit was sent and is in flight until then), declined (stay), or closed.
 */
export type SandboxCheckoutPayment =
  | { status: 'paid'; redirectTo: string; settlesAt: Date | null }
  | { status: 'declined'; declineCode: DeclineCode | 'invalid_account' }
  | { status: 'closed'; redirectTo: string };

/** A US bank account typed on the sandbox's test page: digits only. */
export type SandboxBankAccount = { routingNumber: string; accountNumber: string; holder: string };

export type SandboxProvider = PaymentProvider & {
  /** The charges made so far, keyed by idempotency key (tests count them). */
  readonly charges: ReadonlyMap<string, Promise<SandboxCharge>>;
  /** The hosted checkouts opened so far, keyed by reference (`sbx_cs_…`). */
  readonly checkouts: ReadonlyMap<string, SandboxCheckout>;
  /**
   * Pays an open checkout with a card typed on the sandbox's test page: the same checks and
   * test-card outcomes as `charge`. A decline leaves the session open (the payer may try another
   * card, as on Stripe's page); a session already complete or expired answers `closed`.
   */
  payCheckout(ref: string, card: Extract<PaymentSource, { type: 'card' }>): SandboxCheckoutPayment;
  /**
   * Pays an open checkout that offers `us_bank_account` by debiting a test bank account (decision
   * 050): the session completes with the debit `processing`; at `settlesAt` it clears, or comes
   * back (`debit_returned`) for `SANDBOX_TEST_BANK.returned`. A setup session saves the account
   * for autopay instead, whose later debits do the same. A routing number other than the
   * test one, or an account number that is not 4–17 digits, answers `invalid_account`.
   */
  payCheckoutByBank(ref: string, account: SandboxBankAccount): SandboxCheckoutPayment;
};

const SHARED_STORE = Symbol.for('dimora.sandboxCharges');
const SHARED_CHECKOUTS = Symbol.for('dimora.sandboxCheckouts');

function sharedCheckouts(): Map<string, SandboxCheckout> {
  const holder = globalThis as typeof globalThis & { [SHARED_CHECKOUTS]?: Map<string, SandboxCheckout> };
  holder[SHARED_CHECKOUTS] ??= new Map();
  return holder[SHARED_CHECKOUTS];
}

/**
 * A return URL as a path on the page's own origin. The sandbox's checkout page is served by the
 * same server, so it never sends the browser to another host: PUBLIC_URL (`http://localhost:3000`
 * by default) may name the site differently from the address the browser uses (`127.0.0.1`), and
 * the session and receipt cookies belong to that address.
 */
export function sameOriginPath(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
}

/** The path of the sandbox's hosted checkout page for a session (app/routes/test-checkout.tsx). */
export function sandboxCheckoutPath(ref: string): string {
  return `/test-checkout/${encodeURIComponent(ref)}`;
}

function sharedStore(): Map<string, Promise<SandboxCharge>> {
  const holder = globalThis as typeof globalThis & { [SHARED_STORE]?: Map<string, Promise<SandboxCharge>> };
  holder[SHARED_STORE] ??= new Map();
  return holder[SHARED_STORE];
}

const DECLINE_CODES: readonly DeclineCode[] = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'invalid_card',
  'processing_error',
  'debit_returned',
];

/**
 * A saved sandbox card is a self-describing token: `sbx_pm_<outcome>_<brand>_<last4>_<random>`,
 * where outcome is `ok` or the decline code its charges get. No card number or CVC is in it, and
 * it survives a restart (the sandbox keeps no customer records).
 */
function savedCardToken(outcome: DeclineCode | 'ok', brand: string | null, last4: string | null): string {
  return `sbx_pm_${outcome}_${brand ?? 'card'}_${last4 ?? '0000'}_${randomBytes(8).toString('hex')}`;
}

function readSavedCardToken(token: string): { outcome: DeclineCode | 'ok'; brand: string | null; last4: string | null } | null {
  const match = /^sbx_pm_([a-z_]+?)_([a-z]+)_(\d{4})_[0-9a-f]{16}$/.exec(token);
  if (!match) return null;
  const outcome = match[1] === 'ok' ? 'ok' : DECLINE_CODES.find((code) => code === match[1]);
  if (!outcome) return null;
  return { outcome, brand: match[2] === 'card' ? null : (match[2] ?? null), last4: match[3] ?? null };
}

/** Checks a card as a processor would before charging or saving it: null when it passes. */
function checkCard(source: Extract<ChargeRequest['source'], { type: 'card' }>, now: Date): DeclineCode | null {
  if (!passesLuhn(source.number)) return 'invalid_card';
  if (!expiryIsCurrent({ month: source.expMonth, year: source.expYear }, now)) return 'expired_card';
  if (!isCvc(source.cvc)) return 'incorrect_cvc';
  return null;
}

function decide(request: ChargeRequest, now: Date): ChargeResult {
  const providerRef = `sbx_ch_${randomBytes(12).toString('hex')}`;
  const { source } = request;
  if (source.type !== 'card') {
    const saved = readSavedCardToken(source.token);
    if (!saved) return { status: 'failed', providerRef, cardBrand: null, cardLast4: null, declineCode: 'invalid_card' };
    if (saved.outcome !== 'ok')
      return { status: 'failed', providerRef, cardBrand: saved.brand, cardLast4: saved.last4, declineCode: saved.outcome };
    return { status: 'succeeded', providerRef, cardBrand: saved.brand, cardLast4: saved.last4 };
  }
  const brand = cardBrand(source.number);
  const last4 = cardLast4(source.number);
  const fail = (declineCode: DeclineCode): ChargeResult => ({
    status: 'failed',
    providerRef,
    cardBrand: brand,
    cardLast4: last4,
    declineCode,
  });
  const refused = checkCard(source, now);
  if (refused) return fail(refused);
  const scripted = OUTCOMES[source.number];
  if (scripted) return fail(scripted);
  return { status: 'succeeded', providerRef, cardBrand: brand, cardLast4: last4 };
}

/** Saving a card as a processor would: the same checks, and the test card that saves but declines later. */
function saveDecision(source: Extract<PaymentSource, { type: 'card' }>, now: Date): SaveCardResult {
  const brand = cardBrand(source.number);
  const last4 = cardLast4(source.number);
  const refused =
    checkCard(source, now) ??
    (OUTCOMES[source.number] && source.number !== SANDBOX_TEST_CARDS.attachesButDeclines ? OUTCOMES[source.number]! : null);
  if (refused) return { status: 'failed', declineCode: refused, cardBrand: brand, cardLast4: last4 };
  const outcome = source.number === SANDBOX_TEST_CARDS.attachesButDeclines ? 'card_declined' : 'ok';
  return { status: 'succeeded', token: savedCardToken(outcome, brand, last4), customerRef: null, cardBrand: brand, cardLast4: last4 };
}

/**
 * Creates a sandbox provider. `store` holds its charges (a fresh `Map` isolates a test; the
 * default is the process-wide store); `now` is the clock for expiry checks.
 */
export function createSandboxProvider({
  store = sharedStore(),
  checkouts = sharedCheckouts(),
  now = () => new Date(),
  debitSettleMs = SANDBOX_DEBIT_SETTLE_MS,
}: {
  store?: Map<string, Promise<SandboxCharge>>;
  checkouts?: Map<string, SandboxCheckout>;
  now?: () => Date;
  /** How long a bank debit stays in flight (ms). */
  debitSettleMs?: number;
} = {}): SandboxProvider {
  const refunds = new Map<string, RefundResult>();
  /** A charge of a saved bank account (decision 050): a debit in flight for `debitSettleMs`; null for anything else. */
  const debitOf = (request: ChargeRequest): SandboxCharge | null => {
    const saved = request.source.type === 'token' ? readSavedCardToken(request.source.token) : null;
    if (saved?.brand !== 'bank') return null;
    return {
      amountCents: request.amountCents,
      result: {
        status: 'processing',
        providerRef: `sbx_ch_${randomBytes(12).toString('hex')}`,
        cardBrand: SANDBOX_BANK_NAME,
        cardLast4: saved.last4,
        paidBy: 'us_bank_account',
      },
      debit: { clears: saved.outcome === 'ok', settlesAt: new Date(now().getTime() + debitSettleMs) },
    };
  };
  /** The charge as it stands now: a debit past its date has cleared or come back. */
  const settled = (charge: SandboxCharge): SandboxCharge => {
    if (charge.debit && charge.result.status === 'processing' && charge.debit.settlesAt.getTime() <= now().getTime()) {
      const { providerRef, cardBrand, cardLast4 } = charge.result;
      charge.result = charge.debit.clears
        ? { status: 'succeeded', providerRef, cardBrand, cardLast4, paidBy: 'us_bank_account' }
        : { status: 'failed', providerRef, cardBrand, cardLast4, paidBy: 'us_bank_account', declineCode: 'debit_returned' };
    }
    return charge;
  };
  /** The session as it stands now: an open one past its expiry is expired; a debit past its date has cleared or come back. */
  const current = (ref: string): SandboxCheckout | undefined => {
    const session = checkouts.get(ref);
    if (session?.status === 'open' && session.request.expiresAt.getTime() <= now().getTime()) session.status = 'expired';
    const debit = session?.debit;
    if (session && debit && session.result?.status === 'processing' && debit.settlesAt.getTime() <= now().getTime()) {
      const { providerRef, cardBrand, cardLast4 } = session.result;
      session.result = debit.clears
        ? { status: 'succeeded', providerRef, cardBrand, cardLast4, paidBy: 'us_bank_account' }
        : { status: 'failed', providerRef, cardBrand, cardLast4, paidBy: 'us_bank_account', declineCode: 'debit_returned' };
    }
    return session;
  };
  return {
    name: 'sandbox',
    testMode: true,
    charges: store,
    checkouts,
    async charge(request) {
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
        throw new RangeError(`sandbox charge amount must be a positive integer of cents, got ${request.amountCents}`);
      }
      let pending = store.get(request.idempotencyKey);
      if (!pending) {
        // Stored before any await, so a concurrent request with the same key finds it.
        pending = Promise.resolve(debitOf(request) ?? { amountCents: request.amountCents, result: decide(request, now()) });
        store.set(request.idempotencyKey, pending);
      }
      return settled(await pending).result;
    },
    async findCharge(idempotencyKey) {
      const charge = store.get(idempotencyKey);
      return charge ? settled(await charge).result : null;
    },
    async refund(request) {
      if (!Number.isInteger(request.amountCents) || request.amountCents <= 0) {
        throw new RangeError(`sandbox refund amount must be a positive integer of cents, got ${request.amountCents}`);
      }
      const known = refunds.get(request.idempotencyKey);
      if (known) return known;
      // The sandbox forgets charges on restart; a charge reference it made is refundable.
      const result: RefundResult = request.providerRef.startsWith('sbx_ch_')
        ? { status: 'succeeded', refundRef: `sbx_re_${randomBytes(12).toString('hex')}` }
        : { status: 'failed', reason: 'unknown_charge' };
      refunds.set(request.idempotencyKey, result);
      return result;
    },
    async saveCard(request) {
      const { source } = request;
      if (source.type !== 'card') return { status: 'failed', declineCode: 'invalid_card', cardBrand: null, cardLast4: null };
      return saveDecision(source, now());
    },
    async createCheckout(request) {
      const setup = request.mode === 'setup';
      if (!Number.isInteger(request.amountCents) || (setup ? request.amountCents !== 0 : request.amountCents <= 0)) {
        throw new RangeError(`sandbox checkout amount must be a positive integer of cents, got ${request.amountCents}`);
      }
      // One session per key, as Stripe's idempotency keys give.
      let session = [...checkouts.values()].find((candidate) => candidate.request.idempotencyKey === request.idempotencyKey);
      if (!session) {
        session = { ref: `sbx_cs_${randomBytes(12).toString('hex')}`, request, status: 'open', result: null, saved: null, debit: null };
        checkouts.set(session.ref, session);
      }
      // A path: the page is ours, on whatever address the browser is using.
      return { ref: session.ref, url: sandboxCheckoutPath(session.ref) };
    },
    async findCheckout(ref) {
      const session = current(ref);
      if (!session) return null;
      return {
        ref,
        status: session.status,
        idempotencyKey: session.request.idempotencyKey,
        amountCents: session.request.amountCents,
        result: session.result,
        saved: session.saved,
      };
    },
    async expireCheckout(ref) {
      const session = current(ref);
      if (session?.status === 'open') session.status = 'expired';
    },
    payCheckout(ref, card) {
      const session = current(ref);
      if (!session) throw new RangeError(`no sandbox checkout ${ref}`);
      if (session.status !== 'open') return { status: 'closed', redirectTo: sameOriginPath(session.request.cancelUrl) };
      const paid = {
        status: 'paid' as const,
        redirectTo: sameOriginPath(session.request.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', ref)),
        settlesAt: null,
      };
      if (session.request.mode === 'setup') {
        const saved = saveDecision(card, now());
        if (saved.status === 'failed') return { status: 'declined', declineCode: saved.declineCode };
        session.status = 'complete';
        session.saved = { token: saved.token, customerRef: null, cardBrand: saved.cardBrand, cardLast4: saved.cardLast4 };
        return paid;
      }
      const result = decide({ ...session.request, source: card }, now());
      if (result.status === 'failed') return { status: 'declined', declineCode: result.declineCode };
      session.status = 'complete';
      session.result = result;
      return paid;
    },
    payCheckoutByBank(ref, account) {
      const session = current(ref);
      if (!session) throw new RangeError(`no sandbox checkout ${ref}`);
      if (session.status !== 'open') return { status: 'closed', redirectTo: sameOriginPath(session.request.cancelUrl) };
      if (!session.request.methods.includes('us_bank_account')) {
        throw new RangeError(`sandbox checkout ${ref} does not offer bank debits`);
      }
      if (account.routingNumber !== SANDBOX_TEST_BANK.routingNumber || !/^\d{4,17}$/.test(account.accountNumber)) {
        return { status: 'declined', declineCode: 'invalid_account' };
      }
      const last4 = account.accountNumber.slice(-4);
      if (session.request.mode === 'setup') {
        // Saved for autopay: its later debits clear, or come back for the returned test account.
        const outcome = account.accountNumber === SANDBOX_TEST_BANK.returned ? 'debit_returned' : 'ok';
        session.status = 'complete';
        session.saved = { token: savedCardToken(outcome, 'bank', last4), customerRef: null, cardBrand: SANDBOX_BANK_NAME, cardLast4: last4 };
        return {
          status: 'paid',
          redirectTo: sameOriginPath(session.request.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', ref)),
          settlesAt: null,
        };
      }
      const settlesAt = new Date(now().getTime() + debitSettleMs);
      session.status = 'complete';
      session.debit = { clears: account.accountNumber !== SANDBOX_TEST_BANK.returned, settlesAt };
      session.result = {
        status: 'processing',
        providerRef: `sbx_ch_${randomBytes(12).toString('hex')}`,
        cardBrand: SANDBOX_BANK_NAME,
        cardLast4: last4,
        paidBy: 'us_bank_account',
      };
      return {
        status: 'paid',
        redirectTo: sameOriginPath(session.request.successUrl.replaceAll('{CHECKOUT_SESSION_ID}', ref)),
        settlesAt,
      };
    },
  };
}
