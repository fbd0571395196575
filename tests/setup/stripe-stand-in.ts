/**
 * A local stand-in for the part of Stripe's API Dimora calls (decision 021), so no test needs the
 * network: a `node:http` server on 127.0.0.1 (random port) that the `stripe` package reaches
 * through its `host` / `port` / `protocol: 'http'` options.
 *
 * It reads the form-encoded bodies the package sends (`metadata[idempotency_key]=…`,
 * `expand[0]=…`), answers Stripe-shaped JSON (objects, `search_result`, errors with `type`,
 * `code`, `decline_code`, `payment_intent`), and honours `Idempotency-Key` as Stripe does: the
 * same key answers the stored response again (header `Idempotent-Replayed: true`) with no second
 * effect, and with other parameters answers 400 `idempotency_error`. Stripe's test
 * PaymentMethods (`pm_card_visa`, `pm_card_chargeDeclined…`, `pm_card_chargeCustomerFail`)
 * behave as in Stripe's test mode. Anything else answers 404, so an untested call fails loudly.
 *
 * Served: POST /v1/payment_intents, GET /v1/payment_intents/search, GET /v1/payment_intents/:id,
 * POST /v1/refunds, POST /v1/customers, POST /v1/setup_intents, POST /v1/checkout/sessions
 * (`mode=payment`, and `mode=setup` with its SetupIntent made at once, as Stripe does), GET
 * /v1/checkout/sessions/:id (`expand` of `payment_intent`, `setup_intent` and what hangs from
 * them), POST /v1/checkout/sessions/:id/expire.
 *
 * Checkout (decision 049): a session is paid on Stripe's page, which no test opens; the handle's
 * `completeCheckout` plays the payer (a PaymentIntent carrying `payment_intent_data`, confirmed with
 * a test PaymentMethod: paid, or declined with the session still open, as on Stripe's page) and
 * `signedCheckoutWebhook` builds the `checkout.session.*` delivery Stripe would send. `debitCheckout`
 * pays from a bank account instead (the debit `processing`) and `settleDebit` is the bank's answer;
 * `saveCheckoutCard` saves a card in a setup session (autopay) and `saveCheckoutBankAccount` a bank
 * account, with the mandate its later debits need. A PaymentIntent confirmed with a saved bank
 * account (autopay's off-session charge) is `processing` until `settleDebit`, as with Stripe. An
 * open session past its `expires_at` reads as expired, as Stripe closes it.
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Json = Record<string, unknown>;

/** How a card behaves: when saved (SetupIntent) and when charged (PaymentIntent). */
type Outcome = { ok: true } | { ok: false; code: string; declineCode: string; message: string };

type TestCard = { brand: string; last4: string; onSave: Outcome; onCharge: Outcome };

const OK: Outcome = { ok: true };
const decline = (code: string, declineCode: string, message: string): Outcome => ({ ok: false, code, declineCode, message });
const GENERIC = decline('card_declined', 'generic_decline', 'Your card was declined.');

/** Stripe's test PaymentMethods used by Dimora, with Stripe's test-mode behaviour. */
const TEST_PAYMENT_METHODS: Readonly<Record<string, TestCard>> = {
  pm_card_visa: { brand: 'visa', last4: '4242', onSave: OK, onCharge: OK },
  pm_card_chargeDeclined: { brand: 'visa', last4: '0002', onSave: GENERIC, onCharge: GENERIC },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    onSave: decline('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'),
    onCharge: decline('card_declined', 'insufficient_funds', 'Your card has insufficient funds.'),
  },
  pm_card_chargeDeclinedExpiredCard: {
    brand: 'visa',
    last4: '0069',
    onSave: decline('expired_card', 'expired_card', 'Your card has expired.'),
    onCharge: decline('expired_card', 'expired_card', 'Your card has expired.'),
  },
  pm_card_chargeDeclinedIncorrectCvc: {
    brand: 'visa',
    last4: '0127',
    onSave: decline('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."),
    onCharge: decline('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."),
  },
  pm_card_chargeDeclinedProcessingError: {
    brand: 'visa',
    last4: '0119',
    onSave: decline('processing_error', 'processing_error', 'An error occurred while processing your card. Try again in a little bit.'),
    onCharge: decline('processing_error', 'processing_error', 'An error occurred while processing your card. Try again in a little bit.'),
  },
  // Attaches to a customer without trouble; every charge of it is declined.
  pm_card_chargeCustomerFail: { brand: 'visa', last4: '0341', onSave: OK, onCharge: GENERIC },
};

type Answer = { status: number; body: Json };

class StripeFailure extends Error {
  constructor(
    readonly status: number,
    readonly error: Json,
  ) {
    super(String(error.message));
  }
}

const invalidRequest = (message: string, extra: Json = {}) => new StripeFailure(400, { type: 'invalid_request_error', message, ...extra });
const missing = (kind: string, id: string, param: string) =>
  invalidRequest(`No such ${kind}: '${id}'`, { code: 'resource_missing', param });

/**
 * Reads a form-encoded body as the stripe package writes it: `a[b]=c` nests, `a[0]=x` (or
 * `a[]=x`) makes arrays, `+` is a space.
 */
export function parseStripeForm(body: string): Json {
  const root: Json = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const index = pair.indexOf('=');
    const rawKey = decodeURIComponent((index < 0 ? pair : pair.slice(0, index)).replace(/\+/g, ' '));
    const value = decodeURIComponent((index < 0 ? '' : pair.slice(index + 1)).replace(/\+/g, ' '));
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(rawKey);
    if (!match) continue;
    const path = [match[1]!, ...[...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1]!)];
    let node: Json = root;
    path.forEach((segment, position) => {
      // `a[]=x` appends, as `a[0]=x` would for the first.
      const key = segment === '' ? String(Object.keys(node).length) : segment;
      if (position === path.length - 1) node[key] = value;
      else node = (node[key] ??= {}) as Json;
    });
  }
  return arraysFromIndexes(root) as Json;
}

function arraysFromIndexes(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Json).map(([key, inner]) => [key, arraysFromIndexes(inner)] as const);
  if (entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key))) {
    return entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, inner]) => inner);
  }
  return Object.fromEntries(entries);
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** Stripe's test bank (decision 050): its routing number, and the test account whose debits come back. */
const TEST_BANK_NAME = 'STRIPE TEST BANK';
const TEST_ROUTING_NUMBER = '110000000';
const CLEARING_TEST_ACCOUNT = '000123456789';
const RETURNED_TEST_ACCOUNT = '000111111113';

/** Everything the stand-in has done, for tests to count. */
export type StripeStandInCounts = {
  paymentIntents: number;
  refunds: number;
  customers: number;
  setupIntents: number;
  checkoutSessions: number;
  /** Answers served from the idempotency store (a repeated key). */
  replays: number;
};

export type SignedWebhook = { payload: string; signature: string; event: Json };

/** The Checkout Session events Stripe sends (decision 049 listens to all four). */
export type CheckoutEventType =
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired';

/** What paying on the hosted page did (`completeCheckout`). */
export type CheckoutPayment =
  | { status: 'paid'; paymentIntentId: string }
  | { status: 'processing'; paymentIntentId: string }
  | { status: 'declined'; paymentIntentId: string; declineCode: string }
  | { status: 'closed'; paymentIntentId: string | null };

/** What saving a card or a bank account on the hosted page of a setup session did (`saveCheckoutCard`, `saveCheckoutBankAccount`). */
export type CheckoutSetup =
  | { status: 'saved'; setupIntentId: string; paymentMethodId: string }
  | { status: 'declined'; setupIntentId: string; declineCode: string }
  | { status: 'closed'; setupIntentId: string };

/** The payment method types this (imaginary) account has enabled in its Dashboard (Checkout and `automatic_payment_methods`). */
const ENABLED_PAYMENT_METHODS: readonly string[] = ['card', 'us_bank_account', 'link'];

/** Stripe's bounds on a Checkout Session's `expires_at`, in seconds from its creation. */
const CHECKOUT_MIN_LIFETIME_S = 30 * 60;
const CHECKOUT_MAX_LIFETIME_S = 24 * 60 * 60;

export type StripeStandIn = {
  host: '127.0.0.1';
  port: number;
  protocol: 'http';
  /** `http://127.0.0.1:<port>`: a value for STRIPE_API_BASE. */
  url: string;
  counts: StripeStandInCounts;
  /** Every request served: method, path, Idempotency-Key and the raw body or query string. */
  requests: { method: string; path: string; idempotencyKey: string | null; body: string }[];
  /** A stored PaymentIntent (no expansion), or undefined. */
  paymentIntent(id: string): Json | undefined;
  /** A stored Checkout Session as it stands now (no expansion), or undefined. */
  checkoutSession(id: string): Json | undefined;
  /**
   * The payer pays open session `id` on Stripe's page with test PaymentMethod `paymentMethod`: the
   * session's PaymentIntent (made at the first attempt, with the session's amount and
   * `payment_intent_data`) is confirmed with it. Paid: the session is `complete` and `paid`.
   * Declined: the intent keeps the error and the session stays open for another card. A session
   * no longer open is `closed` and nothing changes.
   */
  completeCheckout(id: string, paymentMethod?: string): CheckoutPayment;
  /**
   * The payer pays open session `id` (which must offer `us_bank_account`) from a bank account on
   * Stripe's page (decision 050): the session is `complete` but `unpaid`, its PaymentIntent
   * `processing` with the account's bank name and last 4. Stripe's test account `000111111113` is
   * returned when the bank answers (`settleDebit`); any other clears.
   */
  debitCheckout(id: string, accountNumber?: string): CheckoutPayment;
  /**
   * The payer saves test PaymentMethod `paymentMethod` on Stripe's page of open setup session `id`
   * (autopay, decision 049): the session's SetupIntent is confirmed with it. Saved: the method is
   * attached to the session's customer, the intent `succeeded`, the session `complete` with
   * `no_payment_required`. Declined when saving: the intent keeps the error and the session stays
   * open. A session no longer open is `closed` and nothing changes.
   */
  saveCheckoutCard(id: string, paymentMethod?: string): CheckoutSetup;
  /**
   * The payer saves a bank account on Stripe's page of open setup session `id` (which must offer
   * `us_bank_account`; autopay, decision 050): a `us_bank_account` PaymentMethod (the test bank,
   * the account's last 4) is attached to the session's customer, and the SetupIntent `succeeded`
   * with the mandate that later off-session debits of it use; the session is `complete`. Its
   * debits of `000111111113` are returned when the bank answers (`settleDebit`); any other
   * account clears. A session no longer open is `closed` and nothing changes.
   */
  saveCheckoutBankAccount(id: string, accountNumber?: string): CheckoutSetup;
  /**
   * The bank answers the debit of PaymentIntent `paymentIntentId` (a Checkout debit, or an
   * off-session one of a saved bank account): it clears (the intent `succeeded`) or is returned
   * (back to `requires_payment_method`, with the return in `last_payment_error`).
   */
  settleDebit(paymentIntentId: string): 'succeeded' | 'returned';
  /**
   * A webhook delivery for `type` about one of the stand-in's PaymentIntents (its current state),
   * signed with `secret` as Stripe signs (`Stripe-Signature` header value).
   */
  signedWebhook(options: { type: string; paymentIntentId: string; secret: string; eventId?: string }): SignedWebhook;
  /**
   * A `checkout.session.*` delivery about one of the stand-in's sessions (its current state, its
   * PaymentIntent named by id as in Stripe's payloads), signed with `secret`.
   */
  signedCheckoutWebhook(options: { type: CheckoutEventType; sessionId: string; secret: string; eventId?: string }): SignedWebhook;
  /** Stops the server (open keep-alive sockets are closed). */
  close(): Promise<void>;
};

/**
 * Options of a stand-in that plays Stripe's hosted page for a browser (the Stripe-mode browser
 * tests): `port` to listen on (random by default), and `webhook`, where and with which secret the
 * page delivers the `checkout.session.*` events a payment causes, as Stripe would.
 */
export type StripeStandInOptions = { port?: number; webhook?: { url: string; secret: string } };

/** HTML-escapes text for the stand-in's page. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Starts a stand-in on 127.0.0.1 (a random port unless `options.port`). With `options.webhook`,
 * it also serves Checkout's page to a browser: `GET /c/pay/:id` shows the session (its mode; a
 * payment's amount, a test card button, a test bank account button when offered; a setup's "Save
 * the test card" button; a cancel link to `cancel_url`), and `POST /c/pay/:id` pays it
 * (`completeCheckout` / `debitCheckout`) or saves the card (`saveCheckoutCard`), delivers the signed
 * `checkout.session.completed` event to the webhook, then sends the browser to `success_url`
 * (303). A setup session that offers `us_bank_account` also has "Save the test bank account"
 * (`saveCheckoutBankAccount`). `POST /stand-in/debits/:id/settle` is the bank's answer to the
 * session's debit (`settleDebit`) with its `checkout.session.async_payment_*` delivery, and
 * `POST /stand-in/payment-intents/:id/settle` the answer to an off-session debit (autopay) with its
 * `payment_intent.succeeded` / `payment_intent.payment_failed` delivery: what a test calls.
 */
export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  const counts: StripeStandInCounts = { paymentIntents: 0, refunds: 0, customers: 0, setupIntents: 0, checkoutSessions: 0, replays: 0 };
  const requests: StripeStandIn['requests'] = [];
  const intents = new Map<string, Json>();
  const charges = new Map<string, Json>();
  const methods = new Map<string, Json>();
  const methodBehaviour = new Map<string, TestCard>();
  const customers = new Map<string, Json>();
  const setupIntents = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  /** What a session's PaymentIntent is made with (`payment_intent_data`): Stripe keeps it out of the session object. */
  const sessionIntentData = new Map<string, { description: string | null; metadata: Json }>();
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  /** How each bank debit in flight will end, by PaymentIntent id. */
  const debitOutcomes = new Map<string, 'succeeded' | 'returned'>();
  /** The account number behind each `us_bank_account` PaymentMethod, by its id (Stripe keeps only the last 4 on the object). */
  const bankAccounts = new Map<string, string>();
  /** The mandate a SetupIntent collected for a saved bank account, by PaymentMethod id: what its off-session debits use. */
  const mandates = new Map<string, string>();

  /** A PaymentMethod for `id`: a stored one, or a fresh copy of a test PaymentMethod (as Stripe does). */
  function paymentMethodFor(id: string): Json {
    const stored = methods.get(id);
    if (stored) return stored;
    const test = TEST_PAYMENT_METHODS[id];
    if (!test) throw missing('PaymentMethod', id, 'payment_method');
    const method: Json = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      card: {
        brand: test.brand,
        last4: test.last4,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        funding: 'credit',
        country: 'US',
      },
      customer: null,
      created: now(),
      livemode: false,
      metadata: {},
    };
    methods.set(method.id as string, method);
    methodBehaviour.set(method.id as string, test);
    return method;
  }

  /** Replaces the ids named in `expand` (`latest_charge`, `data.payment_method`…) by their objects. */
  function expanded(object: Json, expand: unknown): Json {
    const paths = Array.isArray(expand) ? expand.map(String) : [];
    const copy = structuredClone(object);
    for (const path of paths) expandPath(copy, path.split('.'));
    return copy;
  }

  /** Expands `path` under `node`; an id on the way is expanded too (`payment_intent.latest_charge`), as Stripe does. */
  function expandPath(node: unknown, path: string[]): void {
    if (!node || typeof node !== 'object' || path.length === 0) return;
    const [head, ...rest] = path as [string, ...string[]];
    const target = node as Json;
    const id = target[head];
    if (typeof id === 'string') {
      const found = charges.get(id) ?? methods.get(id) ?? customers.get(id) ?? intents.get(id) ?? setupIntents.get(id);
      if (!found) throw invalidRequest(`This property cannot be expanded (${head}).`);
      target[head] = structuredClone(found);
    }
    if (rest.length === 0) return;
    const inner = target[head];
    if (Array.isArray(inner)) inner.forEach((item) => expandPath(item, rest));
    else expandPath(inner, rest);
  }

  function cardError(outcome: Exclude<Outcome, { ok: true }>, extra: Json): StripeFailure {
    return new StripeFailure(402, {
      type: 'card_error',
      code: outcome.code,
      decline_code: outcome.declineCode,
      message: outcome.message,
      ...extra,
    });
  }

  function createPaymentIntent(params: Json): Answer {
    const amount = Number(params.amount);
    if (!Number.isInteger(amount) || amount < 50)
      throw invalidRequest('Amount must be at least $0.50 usd', { code: 'amount_too_small', param: 'amount' });
    if (params.currency !== 'usd') throw invalidRequest(`Invalid currency: ${String(params.currency)}.`, { param: 'currency' });
    const customer = typeof params.customer === 'string' ? params.customer : null;
    if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer');
    const confirm = params.confirm === 'true';
    const methodId = typeof params.payment_method === 'string' ? params.payment_method : null;
    if (confirm && !methodId)
      throw invalidRequest('You cannot confirm this PaymentIntent because it’s missing a payment method.', {
        code: 'payment_intent_unexpected_state',
      });
    const automatic = params.automatic_payment_methods as Json | undefined;
    const types = paymentMethodTypesOf(params);
    if (confirm && !params.return_url && params.payment_method_types === undefined && automatic?.allow_redirects !== 'never') {
      throw invalidRequest(
        'This PaymentIntent is configured to accept payment methods enabled in your Dashboard, some of which may require a full page redirect. Provide a `return_url`, or set `automatic_payment_methods[allow_redirects]` to `never`.',
        { param: 'return_url' },
      );
    }
    const method = methodId ? paymentMethodFor(methodId) : null;
    if (method && method.customer !== null && method.customer !== customer) {
      throw invalidRequest('The provided PaymentMethod belongs to a different customer (or needs its customer).', {
        param: 'payment_method',
      });
    }
    if (params.off_session === 'true' && !confirm)
      throw invalidRequest('off_session can only be used with confirm=true.', { param: 'off_session' });
    if (method && !types.includes(String(method.type))) {
      throw invalidRequest(
        `The PaymentMethod provided (${String(method.type)}) is not allowed for this PaymentIntent. Please attach a PaymentMethod of one of the following types: ${types.join(', ')}.`,
        { code: 'payment_intent_incompatible_payment_method', param: 'payment_method' },
      );
    }
    const mandate = confirm && method?.type === 'us_bank_account' ? debitMandate(method, params) : null;
    counts.paymentIntents += 1;
    const intent: Json = {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: 'usd',
      capture_method: 'automatic',
      confirmation_method: 'automatic',
      client_secret: `${newId('pi')}_secret_${randomBytes(8).toString('hex')}`,
      created: now(),
      customer,
      description: typeof params.description === 'string' ? params.description : null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      metadata: (params.metadata as Json | undefined) ?? {},
      payment_method: method ? method.id : null,
      payment_method_types: types,
      status: method ? 'requires_confirmation' : 'requires_payment_method',
    };
    intents.set(intent.id as string, intent);
    if (!confirm || !method) return { status: 200, body: expanded(intent, params.expand) };
    if (mandate) {
      // A bank debit is sent, not answered: the intent is `processing` until the bank settles it.
      startDebit(intent, method, mandate);
      return { status: 200, body: expanded(intent, params.expand) };
    }
    const outcome = confirmIntent(intent, method);
    if (outcome.ok) return { status: 200, body: expanded(intent, params.expand) };
    throw cardError(outcome, {
      charge: intent.latest_charge,
      payment_intent: structuredClone(intent),
      payment_method: structuredClone(method),
    });
  }

  /**
   * The types a PaymentIntent accepts, as Stripe sets them: the `payment_method_types` asked for,
   * else (automatic payment methods, Stripe's default) those the account has enabled.
   */
  function paymentMethodTypesOf(params: Json): string[] {
    const asked = params.payment_method_types;
    const automatic = params.automatic_payment_methods as Json | undefined;
    if (asked === undefined) return [...ENABLED_PAYMENT_METHODS];
    if (automatic?.enabled === 'true') {
      throw invalidRequest('You may only specify one of these parameters: automatic_payment_methods, payment_method_types.', {
        param: 'payment_method_types',
      });
    }
    if (!Array.isArray(asked) || asked.length === 0 || asked.some((type) => typeof type !== 'string'))
      throw invalidRequest('Invalid array', { param: 'payment_method_types' });
    return asked as string[];
  }

  /**
   * The mandate a debit of bank account `method` is made under: `mandate` when it is the one saved
   * with the method, a new one from `mandate_data` (the payer accepting it now), else the one its
   * SetupIntent collected. Without any, Stripe cannot debit the account.
   */
  function debitMandate(method: Json, params: Json): string {
    const saved = mandates.get(String(method.id));
    if (typeof params.mandate === 'string') {
      if (params.mandate !== saved) throw missing('mandate', params.mandate, 'mandate');
      return params.mandate;
    }
    if (params.mandate_data !== undefined) return newId('mandate');
    if (saved) return saved;
    throw invalidRequest(
      'A us_bank_account PaymentMethod needs a mandate to be debited: pass `mandate_data`, or use a PaymentMethod saved with a SetupIntent.',
      { code: 'payment_intent_mandate_invalid', param: 'mandate_data' },
    );
  }

  /** A `us_bank_account` PaymentMethod of Stripe's test bank for `accountNumber`, as Checkout or a SetupIntent makes it. */
  function bankPaymentMethod(accountNumber: string): Json {
    const method: Json = {
      id: newId('pm'),
      object: 'payment_method',
      type: 'us_bank_account',
      us_bank_account: {
        account_holder_type: 'individual',
        account_type: 'checking',
        bank_name: TEST_BANK_NAME,
        financial_connections_account: null,
        fingerprint: createHash('sha256').update(accountNumber).digest('hex').slice(0, 16),
        last4: accountNumber.slice(-4),
        networks: { preferred: 'ach', supported: ['ach'] },
        routing_number: TEST_ROUTING_NUMBER,
        status_details: null,
      },
      customer: null,
      created: now(),
      livemode: false,
      metadata: {},
    };
    methods.set(method.id as string, method);
    bankAccounts.set(method.id as string, accountNumber);
    return method;
  }

  /**
   * Sends a debit of bank account `method` for `intent` under `mandate`: its charge `pending`, the
   * intent `processing` until the bank answers (`settleDebit`: the returned test account comes back).
   */
  function startDebit(intent: Json, method: Json, mandate: string): void {
    const bank = method.us_bank_account as Json;
    const charge: Json = {
      id: newId('py'),
      object: 'charge',
      amount: intent.amount,
      amount_captured: 0,
      amount_refunded: 0,
      currency: 'usd',
      created: now(),
      customer: intent.customer,
      paid: false,
      payment_intent: intent.id,
      payment_method: method.id,
      payment_method_details: {
        type: 'us_bank_account',
        us_bank_account: {
          account_holder_type: bank.account_holder_type,
          account_type: bank.account_type,
          bank_name: bank.bank_name,
          fingerprint: bank.fingerprint,
          last4: bank.last4,
          mandate,
          payment_reference: null,
          routing_number: bank.routing_number,
        },
      },
      refunded: false,
      status: 'pending',
      failure_code: null,
    };
    charges.set(charge.id as string, charge);
    debitOutcomes.set(String(intent.id), bankAccounts.get(String(method.id)) === RETURNED_TEST_ACCOUNT ? 'returned' : 'succeeded');
    Object.assign(intent, { status: 'processing', payment_method: method.id, latest_charge: charge.id, last_payment_error: null });
  }

  /**
   * Charges `method` for `intent` (one charge per attempt): the intent ends `succeeded`, or back at
   * `requires_payment_method` with the decline in `last_payment_error`, as Stripe leaves it.
   */
  function confirmIntent(intent: Json, method: Json): Outcome {
    const amount = Number(intent.amount);
    const outcome = methodBehaviour.get(method.id as string)!.onCharge;
    const charge: Json = {
      id: newId('ch'),
      object: 'charge',
      amount,
      amount_captured: outcome.ok ? amount : 0,
      amount_refunded: 0,
      currency: 'usd',
      created: now(),
      customer: intent.customer,
      paid: outcome.ok,
      payment_intent: intent.id,
      payment_method: method.id,
      payment_method_details: { type: 'card', card: structuredClone(method.card) },
      refunded: false,
      status: outcome.ok ? 'succeeded' : 'failed',
      failure_code: outcome.ok ? null : outcome.code,
    };
    charges.set(charge.id as string, charge);
    intent.latest_charge = charge.id;
    if (outcome.ok) {
      intent.status = 'succeeded';
      intent.payment_method = method.id;
      intent.amount_received = amount;
      intent.last_payment_error = null;
      return outcome;
    }
    intent.status = 'requires_payment_method';
    intent.payment_method = null;
    intent.last_payment_error = {
      type: 'card_error',
      code: outcome.code,
      decline_code: outcome.declineCode,
      message: outcome.message,
      charge: charge.id,
      payment_method: structuredClone(method),
    };
    return outcome;
  }

  /** `metadata['key']:'value'`, the one query form Dimora sends (quotes escaped by `\`). */
  function searchPaymentIntents(params: Json): Answer {
    const query = String(params.query ?? '');
    const match = /^metadata\['([^'\\]+)'\]:'((?:[^'\\]|\\.)*)'$/.exec(query);
    if (!match) throw invalidRequest(`The stand-in does not understand the search query: ${query}`, { param: 'query' });
    const field = match[1]!;
    const value = match[2]!.replace(/\\(.)/g, '$1');
    const data = [...intents.values()]
      .filter((intent) => (intent.metadata as Json)[field] === value)
      .sort((a, b) => Number(b.created) - Number(a.created))
      .map((intent) =>
        expanded(
          intent,
          (params.expand as unknown[] | undefined)?.map((path) => String(path).replace(/^data\./, '')),
        ),
      );
    return { status: 200, body: { object: 'search_result', data, has_more: false, next_page: null, url: '/v1/payment_intents/search' } };
  }

  function retrievePaymentIntent(id: string, params: Json): Answer {
    const intent = intents.get(id);
    if (!intent)
      throw new StripeFailure(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${id}'`,
      });
    return { status: 200, body: expanded(intent, params.expand) };
  }

  function createRefund(params: Json): Answer {
    const intentId = String(params.payment_intent ?? '');
    const intent = intents.get(intentId);
    if (!intent) throw missing('payment_intent', intentId, 'payment_intent');
    const charge = typeof intent.latest_charge === 'string' ? charges.get(intent.latest_charge) : undefined;
    if (intent.status !== 'succeeded' || !charge)
      throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, {
        code: 'charge_not_refundable',
      });
    const remaining = Number(charge.amount) - Number(charge.amount_refunded);
    if (remaining <= 0) throw invalidRequest(`Charge ${String(charge.id)} has already been refunded.`, { code: 'charge_already_refunded' });
    const amount = params.amount === undefined ? remaining : Number(params.amount);
    if (!Number.isInteger(amount) || amount <= 0) throw invalidRequest('Invalid positive integer', { param: 'amount' });
    if (amount > remaining) {
      throw invalidRequest(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(remaining / 100).toFixed(2)})`,
        { param: 'amount' },
      );
    }
    counts.refunds += 1;
    charge.amount_refunded = Number(charge.amount_refunded) + amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    const refund: Json = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: charge.id,
      created: now(),
      currency: 'usd',
      metadata: (params.metadata as Json | undefined) ?? {},
      payment_intent: intentId,
      status: 'succeeded',
    };
    return { status: 200, body: refund };
  }

  function createCustomer(params: Json): Answer {
    counts.customers += 1;
    const customer: Json = {
      id: newId('cus'),
      object: 'customer',
      created: now(),
      email: typeof params.email === 'string' ? params.email : null,
      livemode: false,
      metadata: (params.metadata as Json | undefined) ?? {},
    };
    customers.set(customer.id as string, customer);
    return { status: 200, body: customer };
  }

  function createSetupIntent(params: Json): Answer {
    const customer = typeof params.customer === 'string' ? params.customer : null;
    if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer');
    const methodId = typeof params.payment_method === 'string' ? params.payment_method : null;
    const method = methodId ? paymentMethodFor(methodId) : null;
    const confirm = params.confirm === 'true';
    counts.setupIntents += 1;
    const setup: Json = {
      id: newId('seti'),
      object: 'setup_intent',
      created: now(),
      customer,
      last_setup_error: null,
      livemode: false,
      mandate: null,
      metadata: (params.metadata as Json | undefined) ?? {},
      payment_method: method ? method.id : null,
      payment_method_types: ['card'],
      status: method ? 'requires_confirmation' : 'requires_payment_method',
      usage: typeof params.usage === 'string' ? params.usage : 'off_session',
    };
    setupIntents.set(setup.id as string, setup);
    if (!confirm || !method) return { status: 200, body: expanded(setup, params.expand) };
    const outcome = methodBehaviour.get(method.id as string)!.onSave;
    if (!outcome.ok) {
      setup.status = 'requires_payment_method';
      setup.payment_method = null;
      setup.last_setup_error = {
        type: 'card_error',
        code: outcome.code,
        decline_code: outcome.declineCode,
        message: outcome.message,
        payment_method: structuredClone(method),
      };
      throw cardError(outcome, { setup_intent: structuredClone(setup), payment_method: structuredClone(method) });
    }
    setup.status = 'succeeded';
    if (customer) method.customer = customer;
    return { status: 200, body: expanded(setup, params.expand) };
  }

  /** A session as it stands now: an open one past its `expires_at` has expired (Stripe closes it then). */
  function currentSession(id: string): Json | undefined {
    const session = sessions.get(id);
    if (session?.status === 'open' && Number(session.expires_at) <= now()) closeSession(session);
    return session;
  }

  /** Expires an open session: no longer payable, no page, its unpaid PaymentIntent canceled. */
  function closeSession(session: Json): void {
    session.status = 'expired';
    session.url = null;
    const intent = typeof session.payment_intent === 'string' ? intents.get(session.payment_intent) : undefined;
    if (intent && intent.status !== 'succeeded') {
      intent.status = 'canceled';
      intent.cancellation_reason = 'automatic';
    }
    const setup = typeof session.setup_intent === 'string' ? setupIntents.get(session.setup_intent) : undefined;
    if (setup && setup.status !== 'succeeded') {
      setup.status = 'canceled';
      setup.cancellation_reason = 'abandoned';
    }
  }

  /** `http://127.0.0.1:<port>`, once the server listens (the hosted page's origin). */
  const baseUrl = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const sessionMissing = (id: string) =>
    new StripeFailure(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'session',
      message: `No such checkout.session: '${id}'`,
    });

  const stringsOf = (value: unknown): Json => {
    if (value === undefined) return {};
    if (!value || typeof value !== 'object' || Array.isArray(value) || Object.values(value).some((inner) => typeof inner !== 'string'))
      throw invalidRequest('Invalid metadata: a hash of strings is expected.', { param: 'metadata' });
    return value as Json;
  };

  function optionalUrl(value: unknown, param: string): string | null {
    if (value === undefined) return null;
    if (typeof value !== 'string' || !/^https?:\/\/\S+$/.test(value)) throw invalidRequest('Not a valid URL', { param });
    return value;
  }

  /** The total of a payment session's `line_items`, in cents, checked as Stripe checks them. */
  function lineItemsTotal(items: unknown): number {
    if (!Array.isArray(items) || items.length === 0) {
      throw invalidRequest('line_items is required in payment mode.', { code: 'parameter_missing', param: 'line_items' });
    }
    let total = 0;
    items.forEach((raw, index) => {
      const item = (raw ?? {}) as Json;
      const price = (item.price_data ?? {}) as Json;
      const quantity = Number(item.quantity);
      const unitAmount = Number(price.unit_amount);
      if (!Number.isInteger(quantity) || quantity < 1)
        throw invalidRequest('Invalid positive integer', { param: `line_items[${index}][quantity]` });
      if (price.currency !== 'usd')
        throw invalidRequest(`Invalid currency: ${String(price.currency)}.`, { param: `line_items[${index}][price_data][currency]` });
      if (!Number.isInteger(unitAmount) || unitAmount < 0)
        throw invalidRequest('Invalid non-negative integer', { param: `line_items[${index}][price_data][unit_amount]` });
      if (typeof (price.product_data as Json | undefined)?.name !== 'string')
        throw invalidRequest('Missing required param: line_items[0][price_data][product_data][name].', {
          code: 'parameter_missing',
          param: `line_items[${index}][price_data][product_data][name]`,
        });
      total += unitAmount * quantity;
    });
    if (total < 50)
      throw invalidRequest('The Checkout Session’s total amount due must add up to at least $0.50 usd', { code: 'amount_too_small' });
    return total;
  }

  /**
   * A setup session's checks, as Stripe makes them: no line items or payment data, a currency
   * (usd), one known customer at most (not with `customer_email` too). Answers the customer.
   */
  function setupSessionCustomer(params: Json): string | null {
    if (params.line_items !== undefined) throw invalidRequest('You can not pass `line_items` in `setup` mode.', { param: 'line_items' });
    if (params.payment_intent_data !== undefined)
      throw invalidRequest('You can not pass `payment_intent_data` in `setup` mode.', { param: 'payment_intent_data' });
    if (params.currency !== 'usd') throw invalidRequest(`Invalid currency: ${String(params.currency)}.`, { param: 'currency' });
    const customer = typeof params.customer === 'string' ? params.customer : null;
    if (customer && params.customer_email !== undefined)
      throw invalidRequest('You may only specify one of these parameters: customer, customer_email.', { param: 'customer_email' });
    if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer');
    return customer;
  }

  function createCheckoutSession(params: Json): Answer {
    if (params.mode === undefined) throw invalidRequest('Missing required param: mode.', { code: 'parameter_missing', param: 'mode' });
    if (params.mode !== 'payment' && params.mode !== 'setup') {
      throw invalidRequest(`The Stripe stand-in serves Checkout in payment and setup modes only, not ${String(params.mode)}.`, {
        param: 'mode',
      });
    }
    const setupMode = params.mode === 'setup';
    const customer = setupMode ? setupSessionCustomer(params) : null;
    const total = setupMode ? null : lineItemsTotal(params.line_items);
    const created = now();
    const expiresAt = params.expires_at === undefined ? created + CHECKOUT_MAX_LIFETIME_S : Number(params.expires_at);
    if (!Number.isInteger(expiresAt) || expiresAt < created + CHECKOUT_MIN_LIFETIME_S)
      throw invalidRequest('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', {
        param: 'expires_at',
      });
    if (expiresAt > created + CHECKOUT_MAX_LIFETIME_S)
      throw invalidRequest('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', {
        param: 'expires_at',
      });
    const allowed = params.allowed_payment_method_types;
    if (allowed !== undefined && (!Array.isArray(allowed) || allowed.some((type) => typeof type !== 'string'))) {
      throw invalidRequest('Invalid array', { param: 'allowed_payment_method_types' });
    }
    const offered = allowed === undefined ? ['card'] : (allowed as string[]).filter((type) => ENABLED_PAYMENT_METHODS.includes(type));
    if (offered.length === 0) {
      throw invalidRequest('None of the allowed_payment_method_types is enabled for this account.', {
        param: 'allowed_payment_method_types',
      });
    }
    if (params.locale !== undefined && (typeof params.locale !== 'string' || !/^(auto|[a-z]{2}(-[A-Z]{2})?)$/.test(params.locale))) {
      throw invalidRequest(`Invalid locale: ${String(params.locale)}`, { param: 'locale' });
    }
    const reference = params.client_reference_id;
    if (reference !== undefined && (typeof reference !== 'string' || reference.length > 200))
      throw invalidRequest('client_reference_id must be at most 200 characters.', { param: 'client_reference_id' });
    const intentData = (params.payment_intent_data ?? {}) as Json;
    counts.checkoutSessions += 1;
    const id = newId('cs_test');
    // Setup mode: the SetupIntent exists from the start, with `setup_intent_data`; the payer's card confirms it.
    let setupIntentId: string | null = null;
    if (setupMode) {
      const setupData = (params.setup_intent_data ?? {}) as Json;
      counts.setupIntents += 1;
      setupIntentId = newId('seti');
      setupIntents.set(setupIntentId, {
        id: setupIntentId,
        object: 'setup_intent',
        created,
        customer,
        description: typeof setupData.description === 'string' ? setupData.description : null,
        last_setup_error: null,
        livemode: false,
        mandate: null,
        metadata: stringsOf(setupData.metadata),
        payment_method: null,
        payment_method_types: offered,
        status: 'requires_payment_method',
        usage: 'off_session',
      });
    }
    const session: Json = {
      id,
      object: 'checkout.session',
      allowed_payment_method_types: allowed === undefined ? null : allowed,
      amount_subtotal: total,
      amount_total: total,
      cancel_url: optionalUrl(params.cancel_url, 'cancel_url'),
      client_reference_id: reference ?? null,
      created,
      currency: 'usd',
      customer,
      customer_email: typeof params.customer_email === 'string' ? params.customer_email : null,
      expires_at: expiresAt,
      livemode: false,
      locale: params.locale ?? null,
      metadata: stringsOf(params.metadata),
      mode: params.mode,
      payment_intent: null,
      payment_method_types: offered,
      payment_status: setupMode ? 'no_payment_required' : 'unpaid',
      setup_intent: setupIntentId,
      status: 'open',
      success_url: optionalUrl(params.success_url, 'success_url'),
      ui_mode: 'hosted',
      url: `${baseUrl()}/c/pay/${id}`,
    };
    sessions.set(id, session);
    if (!setupMode)
      sessionIntentData.set(id, {
        description: typeof intentData.description === 'string' ? intentData.description : null,
        metadata: stringsOf(intentData.metadata),
      });
    return { status: 200, body: expanded(session, params.expand) };
  }

  function retrieveCheckoutSession(id: string, params: Json): Answer {
    const session = currentSession(id);
    if (!session) throw sessionMissing(id);
    return { status: 200, body: expanded(session, params.expand) };
  }

  function expireCheckoutSession(id: string, params: Json): Answer {
    const session = currentSession(id);
    if (!session) throw sessionMissing(id);
    if (session.status !== 'open') {
      throw invalidRequest(
        `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${String(session.status)}".`,
        {
          param: 'session',
        },
      );
    }
    closeSession(session);
    return { status: 200, body: expanded(session, params.expand) };
  }

  /** The payer on Stripe's page: see `StripeStandIn.completeCheckout`. */
  function payCheckout(id: string, paymentMethod: string): CheckoutPayment {
    const session = currentSession(id);
    if (!session) throw new Error(`the stand-in has no Checkout Session ${id}`);
    if (session.mode !== 'payment') throw new Error(`Checkout Session ${id} is in ${String(session.mode)} mode: nothing to pay`);
    const existing = typeof session.payment_intent === 'string' ? intents.get(session.payment_intent) : undefined;
    if (session.status !== 'open') return { status: 'closed', paymentIntentId: existing ? String(existing.id) : null };
    const method = paymentMethodFor(paymentMethod);
    const intent = sessionIntent(id, session, existing);
    const outcome = confirmIntent(intent, method);
    if (!outcome.ok) return { status: 'declined', paymentIntentId: String(intent.id), declineCode: outcome.declineCode };
    session.status = 'complete';
    session.payment_status = 'paid';
    session.url = null;
    return { status: 'paid', paymentIntentId: String(intent.id) };
  }

  /** The payer debits a bank account on Stripe's page: see `StripeStandIn.debitCheckout`. */
  function debitCheckout(id: string, accountNumber: string): CheckoutPayment {
    const session = currentSession(id);
    if (!session) throw new Error(`the stand-in has no Checkout Session ${id}`);
    if (session.mode !== 'payment') throw new Error(`Checkout Session ${id} is in ${String(session.mode)} mode: nothing to pay`);
    const existing = typeof session.payment_intent === 'string' ? intents.get(session.payment_intent) : undefined;
    if (session.status !== 'open') return { status: 'closed', paymentIntentId: existing ? String(existing.id) : null };
    if (!(session.payment_method_types as string[]).includes('us_bank_account')) {
      throw new Error(`Checkout Session ${id} does not offer us_bank_account`);
    }
    const intent = sessionIntent(id, session, existing);
    // The payer accepts the debit's mandate on the page.
    startDebit(intent, bankPaymentMethod(accountNumber), newId('mandate'));
    session.status = 'complete';
    session.payment_status = 'unpaid';
    session.url = null;
    return { status: 'processing', paymentIntentId: String(intent.id) };
  }

  /** The payer saves a card on the page of a setup session: see `StripeStandIn.saveCheckoutCard`. */
  function saveCheckoutCard(id: string, paymentMethod: string): CheckoutSetup {
    const session = currentSession(id);
    if (!session) throw new Error(`the stand-in has no Checkout Session ${id}`);
    if (session.mode !== 'setup') throw new Error(`Checkout Session ${id} is in ${String(session.mode)} mode: no card to save`);
    const setup = setupIntents.get(String(session.setup_intent))!;
    const setupIntentId = String(setup.id);
    if (session.status !== 'open') return { status: 'closed', setupIntentId };
    const method = paymentMethodFor(paymentMethod);
    const outcome = methodBehaviour.get(method.id as string)!.onSave;
    if (!outcome.ok) {
      setup.last_setup_error = {
        type: 'card_error',
        code: outcome.code,
        decline_code: outcome.declineCode,
        message: outcome.message,
        payment_method: structuredClone(method),
      };
      return { status: 'declined', setupIntentId, declineCode: outcome.declineCode };
    }
    Object.assign(setup, { status: 'succeeded', payment_method: method.id, last_setup_error: null });
    if (typeof setup.customer === 'string') method.customer = setup.customer;
    session.status = 'complete';
    session.url = null;
    return { status: 'saved', setupIntentId, paymentMethodId: String(method.id) };
  }

  /** The payer saves a bank account on the page of a setup session: see `StripeStandIn.saveCheckoutBankAccount`. */
  function saveCheckoutBankAccount(id: string, accountNumber: string): CheckoutSetup {
    const session = currentSession(id);
    if (!session) throw new Error(`the stand-in has no Checkout Session ${id}`);
    if (session.mode !== 'setup') throw new Error(`Checkout Session ${id} is in ${String(session.mode)} mode: no bank account to save`);
    const setup = setupIntents.get(String(session.setup_intent))!;
    const setupIntentId = String(setup.id);
    if (session.status !== 'open') return { status: 'closed', setupIntentId };
    if (!(session.payment_method_types as string[]).includes('us_bank_account')) {
      throw new Error(`Checkout Session ${id} does not offer us_bank_account`);
    }
    const method = bankPaymentMethod(accountNumber);
    // The payer accepts the mandate on the page: the SetupIntent keeps it, and later debits of the account use it.
    const mandate = newId('mandate');
    mandates.set(String(method.id), mandate);
    if (typeof setup.customer === 'string') method.customer = setup.customer;
    Object.assign(setup, { status: 'succeeded', payment_method: method.id, mandate, last_setup_error: null });
    session.status = 'complete';
    session.url = null;
    return { status: 'saved', setupIntentId, paymentMethodId: String(method.id) };
  }

  /** The bank answers a debit in flight: see `StripeStandIn.settleDebit`. */
  function settleDebit(paymentIntentId: string): 'succeeded' | 'returned' {
    const intent = intents.get(paymentIntentId);
    const outcome = debitOutcomes.get(paymentIntentId);
    if (!intent || !outcome || intent.status !== 'processing') throw new Error(`no bank debit in flight for ${paymentIntentId}`);
    const charge = charges.get(String(intent.latest_charge))!;
    if (outcome === 'succeeded') {
      Object.assign(intent, { status: 'succeeded', amount_received: intent.amount });
      Object.assign(charge, { status: 'succeeded', paid: true, amount_captured: intent.amount });
      for (const session of sessions.values()) if (session.payment_intent === paymentIntentId) session.payment_status = 'paid';
      return outcome;
    }
    const method = methods.get(String(intent.payment_method));
    Object.assign(charge, { status: 'failed', failure_code: 'insufficient_funds' });
    Object.assign(intent, {
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: {
        type: 'invalid_request_error',
        code: 'insufficient_funds',
        message: 'The customer’s account has insufficient funds to cover this payment.',
        charge: charge.id,
        payment_method: structuredClone(method),
      },
    });
    return outcome;
  }

  /** The session's PaymentIntent, made at the first attempt with the session's amount and `payment_intent_data`. */
  function sessionIntent(id: string, session: Json, existing: Json | undefined): Json {
    let intent = existing;
    if (!intent) {
      const data = sessionIntentData.get(id)!;
      counts.paymentIntents += 1;
      intent = {
        id: newId('pi'),
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: 0,
        currency: 'usd',
        capture_method: 'automatic',
        confirmation_method: 'automatic',
        client_secret: `${newId('pi')}_secret_${randomBytes(8).toString('hex')}`,
        created: now(),
        customer: null,
        description: data.description,
        last_payment_error: null,
        latest_charge: null,
        livemode: false,
        metadata: structuredClone(data.metadata),
        payment_method: null,
        payment_method_types: structuredClone(session.payment_method_types),
        status: 'requires_payment_method',
      };
      intents.set(intent.id as string, intent);
      session.payment_intent = intent.id;
    }
    return intent;
  }

  function route(method: string, path: string, params: Json): Answer {
    if (method === 'POST' && path === '/v1/payment_intents') return createPaymentIntent(params);
    if (method === 'GET' && path === '/v1/payment_intents/search') return searchPaymentIntents(params);
    const intentMatch = /^\/v1\/payment_intents\/([A-Za-z0-9_]+)$/.exec(path);
    if (method === 'GET' && intentMatch) return retrievePaymentIntent(intentMatch[1]!, params);
    if (method === 'POST' && path === '/v1/refunds') return createRefund(params);
    if (method === 'POST' && path === '/v1/customers') return createCustomer(params);
    if (method === 'POST' && path === '/v1/setup_intents') return createSetupIntent(params);
    if (method === 'POST' && path === '/v1/checkout/sessions') return createCheckoutSession(params);
    const sessionMatch = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)(\/expire)?$/.exec(path);
    if (method === 'GET' && sessionMatch && !sessionMatch[2]) return retrieveCheckoutSession(sessionMatch[1]!, params);
    if (method === 'POST' && sessionMatch?.[2]) return expireCheckoutSession(sessionMatch[1]!, params);
    throw new StripeFailure(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}). The Stripe stand-in serves only what Dimora calls.`,
    });
  }

  function answer(method: string, path: string, params: Json): Answer {
    try {
      return route(method, path, params);
    } catch (error) {
      if (error instanceof StripeFailure) return { status: error.status, body: { error: error.error } };
      throw error;
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      const body = Buffer.concat(chunks).toString('utf8');
      const idempotencyKey = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      requests.push({ method, path: url.pathname, idempotencyKey, body: method === 'GET' ? url.search.slice(1) : body });
      const send = ({ status, body: json }: Answer, headers: Record<string, string> = {}) => {
        const text = JSON.stringify(json);
        res.writeHead(status, {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          'request-id': newId('req'),
          ...headers,
        });
        res.end(text);
      };
      if (options.webhook && (url.pathname.startsWith('/c/pay/') || url.pathname.startsWith('/stand-in/'))) {
        hostedPage(method, url.pathname, body)
          .then(({ status, html, location }) => {
            res.writeHead(status, location ? { location } : { 'content-type': 'text/html; charset=utf-8' });
            res.end(html ?? '');
          })
          .catch((error: unknown) => {
            res.writeHead(500, { 'content-type': 'text/plain' });
            res.end(String(error));
          });
        return;
      }
      if (!/^Bearer sk_(test|live)_\S+$/.test(req.headers.authorization ?? '')) {
        send({ status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } } });
        return;
      }
      const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : body);
      if (method !== 'POST' || !idempotencyKey) {
        send(answer(method, url.pathname, params));
        return;
      }
      // Stripe's rule: one key, one request; its answer is kept and sent again (errors too).
      const fingerprint = `${method} ${url.pathname} ${body}`;
      const stored = idempotent.get(idempotencyKey);
      if (stored) {
        if (stored.fingerprint !== fingerprint) {
          send({
            status: 400,
            body: {
              error: {
                type: 'idempotency_error',
                message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
              },
            },
          });
          return;
        }
        counts.replays += 1;
        send(stored.answer, { 'idempotent-replayed': 'true', 'idempotency-key': idempotencyKey });
        return;
      }
      const result = answer(method, url.pathname, params);
      idempotent.set(idempotencyKey, { fingerprint, answer: result });
      send(result, { 'idempotency-key': idempotencyKey });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  /** Delivers the signed `type` event about session `id` to the configured webhook, as Stripe would. */
  async function deliver(type: CheckoutEventType, id: string): Promise<void> {
    await deliverEvent(type, currentSession(id)!);
  }

  /** Delivers a signed event of `type` about `object` (its current state) to the configured webhook. */
  async function deliverEvent(type: string, object: Json): Promise<void> {
    const webhook = options.webhook!;
    const { payload, signature } = signedEvent(type, structuredClone(object), webhook.secret, newId('evt'));
    const response = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (stand-in)' },
      body: payload,
    });
    if (!response.ok) throw new Error(`webhook ${type} answered ${response.status}`);
  }

  /** The browser's side of Checkout: see `startStripeStandIn`. */
  async function hostedPage(method: string, path: string, body: string): Promise<{ status: number; html?: string; location?: string }> {
    const settle = /^\/stand-in\/debits\/([A-Za-z0-9_]+)\/settle$/.exec(path);
    if (method === 'POST' && settle) {
      const session = currentSession(settle[1]!);
      if (!session || typeof session.payment_intent !== 'string') return { status: 404, html: 'no such debit' };
      const outcome = settleDebit(session.payment_intent);
      await deliver(
        outcome === 'succeeded' ? 'checkout.session.async_payment_succeeded' : 'checkout.session.async_payment_failed',
        settle[1]!,
      );
      return { status: 200, html: outcome };
    }
    const settleIntent = /^\/stand-in\/payment-intents\/([A-Za-z0-9_]+)\/settle$/.exec(path);
    if (method === 'POST' && settleIntent) {
      const intent = intents.get(settleIntent[1]!);
      if (!intent || intent.status !== 'processing') return { status: 404, html: 'no such debit' };
      const outcome = settleDebit(String(intent.id));
      await deliverEvent(outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed', intent);
      return { status: 200, html: outcome };
    }
    const match = /^\/c\/pay\/([A-Za-z0-9_]+)$/.exec(path);
    const session = match ? currentSession(match[1]!) : undefined;
    if (!match || !session) return { status: 404, html: '<!doctype html><title>Not found</title><h1>No such Checkout Session</h1>' };
    const id = match[1]!;
    const setupMode = session.mode === 'setup';
    if (method === 'POST') {
      const form = new URLSearchParams(body);
      const bank = form.get('pay') === 'bank';
      const account = form.get('account') ?? CLEARING_TEST_ACCOUNT;
      const paid = setupMode
        ? bank
          ? saveCheckoutBankAccount(id, account)
          : saveCheckoutCard(id, 'pm_card_visa')
        : bank
          ? debitCheckout(id, account)
          : payCheckout(id, 'pm_card_visa');
      if (paid.status === 'closed') return { status: 303, location: String(session.cancel_url) };
      await deliver('checkout.session.completed', id);
      return { status: 303, location: String(session.success_url).replaceAll('{CHECKOUT_SESSION_ID}', id) };
    }
    const amount = (Number(session.amount_total) / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
    const bank = (session.payment_method_types as string[]).includes('us_bank_account');
    // A setup session (autopay) charges nothing: no amount, buttons that save the test card or bank account.
    const heading = setupMode
      ? `<p data-testid="stand-in-mode">setup</p>`
      : `<p data-testid="stand-in-mode">payment</p><p data-testid="stand-in-amount">${escapeHtml(amount)}</p>`;
    const cardButton = setupMode ? 'Save the test card' : `Pay ${escapeHtml(amount)} with the test card`;
    const bankButton = setupMode ? 'Save the test bank account' : `Pay ${escapeHtml(amount)} from the test bank account`;
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Stripe Checkout (stand-in)</title></head><body>
<main><h1>Stripe Checkout (stand-in)</h1>${heading}<p data-testid="stand-in-status">${escapeHtml(String(session.status))}</p>
${
  session.status === 'open'
    ? `<form method="post"><input type="hidden" name="pay" value="card"><button type="submit">${cardButton}</button></form>
${bank ? `<form method="post"><input type="hidden" name="pay" value="bank"><input type="hidden" name="account" value="${CLEARING_TEST_ACCOUNT}"><button type="submit">${bankButton}</button></form>` : ''}
<a href="${escapeHtml(String(session.cancel_url))}">Back</a>`
    : ''
}</main></body></html>`;
    return { status: 200, html };
  }

  /** An event of `type` about `object` as Stripe delivers it, signed with `secret`. */
  function signedEvent(type: string, object: Json, secret: string, eventId: string): SignedWebhook {
    const event: Json = {
      id: eventId,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event);
    return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }), event };
  }

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    url: `http://127.0.0.1:${port}`,
    counts,
    requests,
    paymentIntent: (id) => intents.get(id),
    checkoutSession: (id) => currentSession(id),
    completeCheckout: (id, paymentMethod = 'pm_card_visa') => payCheckout(id, paymentMethod),
    debitCheckout: (id, accountNumber = CLEARING_TEST_ACCOUNT) => debitCheckout(id, accountNumber),
    saveCheckoutCard: (id, paymentMethod = 'pm_card_visa') => saveCheckoutCard(id, paymentMethod),
    saveCheckoutBankAccount: (id, accountNumber = CLEARING_TEST_ACCOUNT) => saveCheckoutBankAccount(id, accountNumber),
    settleDebit,
    signedWebhook({ type, paymentIntentId, secret, eventId = newId('evt') }) {
      const intent = intents.get(paymentIntentId);
      if (!intent) throw new Error(`the stand-in has no PaymentIntent ${paymentIntentId}`);
      return signedEvent(type, structuredClone(intent), secret, eventId);
    },
    signedCheckoutWebhook({ type, sessionId, secret, eventId = newId('evt') }) {
      const session = currentSession(sessionId);
      if (!session) throw new Error(`the stand-in has no Checkout Session ${sessionId}`);
      return signedEvent(type, structuredClone(session), secret, eventId);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
