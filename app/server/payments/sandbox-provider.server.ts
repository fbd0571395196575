/**
 * The `sandbox` payment provider: fully local, no network, no real money (DESIGN §2). It behaves
 * like a card processor in test mode. Its hosted checkout page (`payCheckout`, decision 049) is
 * the provider's own page, the one place a card is typed: it checks the card (Luhn, expiry, CVC),
 * answers the test card numbers below with their outcomes and accepts any other valid number; a
 * card saved there (setup mode, for autopay) becomes a self-describing token. `charge` takes only
 * such a token, and remembers every charge by idempotency key so a repeated key returns the first
 * outcome without charging again, also when two requests with one key arrive at once.
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
  RefundResult,
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
 * A card as typed on the sandbox's test checkout page: digits only, the expiry's month (1–12) and
 * four-digit year. It lives in memory for one `payCheckout` call and is never stored.
 */
export type SandboxCard = { number: string; expMonth: number; expYear: number; cvc: string; name: string };

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
   * Pays an open checkout with a card typed on the sandbox's test page: the card is checked
   * (Luhn, expiry, CVC) and the test cards answer with their outcomes; in setup mode the card is
   * saved instead (`4000000000000341` saves, and its later charges are declined). A decline leaves
   * the session open (the payer may try another card, as on Stripe's page); a session already
   * complete or expired answers `closed`.
   */
  payCheckout(ref: string, card: SandboxCard): SandboxCheckoutPayment;
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
function checkCard(card: SandboxCard, now: Date): DeclineCode | null {
  if (!passesLuhn(card.number)) return 'invalid_card';
  if (!expiryIsCurrent({ month: card.expMonth, year: card.expYear }, now)) return 'expired_card';
  if (!isCvc(card.cvc)) return 'incorrect_cvc';
  return null;
}

/** A charge of a saved card: the outcome its token names; a token the sandbox did not make is an invalid card. */
function tokenDecision(token: string): ChargeResult {
  const providerRef = `sbx_ch_${randomBytes(12).toString('hex')}`;
  const saved = readSavedCardToken(token);
  if (!saved) return { status: 'failed', providerRef, cardBrand: null, cardLast4: null, declineCode: 'invalid_card' };
  if (saved.outcome !== 'ok')
    return { status: 'failed', providerRef, cardBrand: saved.brand, cardLast4: saved.last4, declineCode: saved.outcome };
  return { status: 'succeeded', providerRef, cardBrand: saved.brand, cardLast4: saved.last4 };
}

/** Paying with a card typed on the test page: the checks, then the test card's outcome (any other valid card succeeds). */
function cardDecision(card: SandboxCard, now: Date): ChargeResult {
  const providerRef = `sbx_ch_${randomBytes(12).toString('hex')}`;
  const brand = cardBrand(card.number);
  const last4 = cardLast4(card.number);
  const refused = checkCard(card, now) ?? OUTCOMES[card.number];
  if (refused) return { status: 'failed', providerRef, cardBrand: brand, cardLast4: last4, declineCode: refused };
  return { status: 'succeeded', providerRef, cardBrand: brand, cardLast4: last4 };
}

/** Saving a card as a processor would: the same checks, and the test card that saves but declines later. */
function saveDecision(card: SandboxCard, now: Date): { ok: true; saved: SavedCard } | { ok: false; declineCode: DeclineCode } {
  const brand = cardBrand(card.number);
  const last4 = cardLast4(card.number);
  const refused =
    checkCard(card, now) ??
    (OUTCOMES[card.number] && card.number !== SANDBOX_TEST_CARDS.attachesButDeclines ? OUTCOMES[card.number]! : null);
  if (refused) return { ok: false, declineCode: refused };
  const outcome = card.number === SANDBOX_TEST_CARDS.attachesButDeclines ? 'card_declined' : 'ok';
  return { ok: true, saved: { token: savedCardToken(outcome, brand, last4), customerRef: null, cardBrand: brand, cardLast4: last4 } };
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
      // Cards are typed on the hosted page only (decision 049): anything but a token is a caller's bug.
      const { source } = request as { source: { type: string; token?: unknown } };
      if (source.type !== 'token' || typeof source.token !== 'string') {
        throw new RangeError(`sandbox charge takes a saved card's token, got a source of type ${source.type}`);
      }
      let pending = store.get(request.idempotencyKey);
      if (!pending) {
        // Stored before any await, so a concurrent request with the same key finds it.
        pending = Promise.resolve(debitOf(request) ?? { amountCents: request.amountCents, result: tokenDecision(source.token) });
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
        const decision = saveDecision(card, now());
        if (!decision.ok) return { status: 'declined', declineCode: decision.declineCode };
        session.status = 'complete';
        session.saved = decision.saved;
        return paid;
      }
      const result = cardDecision(card, now());
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
        session.saved = {
          token: savedCardToken(outcome, 'bank', last4),
          customerRef: null,
          cardBrand: SANDBOX_BANK_NAME,
          cardLast4: last4,
        };
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
