import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseStripeForm, startStripeStandIn, type StripeStandIn } from '../../../tests/setup/stripe-stand-in';
import { PaymentProviderError, type ChargeRequest, type CheckoutRequest, type PaymentSource } from './payment-provider';
import { createStripeProvider, searchQueryForKey } from './stripe-provider.server';

let standIn: StripeStandIn;

beforeAll(async () => {
  standIn = await startStripeStandIn();
});

afterAll(async () => {
  await standIn.close();
});

/** A Stripe PaymentMethod as the source of a charge: one of Stripe's test PaymentMethods (`pm_card_visa`, …) or a saved card. */
function token(paymentMethod: string, more: Omit<PaymentSource, 'type' | 'token'> = {}): PaymentSource {
  return { type: 'token', token: paymentMethod, ...more };
}

/**
 * Saves test PaymentMethod `paymentMethod` for off-session charges the way Checkout in setup mode
 * does on Stripe's side (a Customer, a confirmed SetupIntent), straight on the stand-in; returns
 * the saved PaymentMethod and its Customer, which autopay keeps.
 */
async function savedCard(paymentMethod: string, customerRef?: string) {
  const stripe = new Stripe('sk_test_dimora_stand_in', {
    host: standIn.host,
    port: standIn.port,
    protocol: standIn.protocol,
    maxNetworkRetries: 0,
    telemetry: false,
  });
  const customer = customerRef ?? (await stripe.customers.create({ email: 'tenant@example.test' })).id;
  const setup = await stripe.setupIntents.create({
    customer,
    payment_method: paymentMethod,
    automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
    confirm: true,
    usage: 'off_session',
  });
  return { token: setup.payment_method as string, customerRef: customer };
}

function provider(secretKey = 'sk_test_dimora_stand_in') {
  return createStripeProvider({ secretKey, host: standIn.host, port: standIn.port, protocol: standIn.protocol, maxNetworkRetries: 0 });
}

function chargeRequest(source: PaymentSource, overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    idempotencyKey: randomUUID(),
    amountCents: 5_000,
    currency: 'USD',
    source,
    description: 'Dimora rental application DIM-TEST',
    ...overrides,
  };
}

/** A Pay now checkout as lease-checkout.server.ts opens one: $425.00, in Italian, cards only, 35 minutes. */
function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    idempotencyKey: `lease:7:pay:${randomUUID()}`,
    amountCents: 42_500,
    currency: 'USD',
    description: 'Rent · Maple Court 4B',
    metadata: { lease_id: '7', payment_id: '99' },
    successUrl: 'http://dimora.test/tenant-portal/payments/99',
    cancelUrl: 'http://dimora.test/tenant-portal/payments/99?cancelled=1',
    locale: 'it',
    customerEmail: 'tess@example.test',
    methods: ['card'],
    expiresAt: new Date(Date.now() + 35 * 60_000),
    ...overrides,
  };
}

/** The requests the stand-in received while `run` ran. */
async function requestsDuring(run: () => Promise<unknown>) {
  const before = standIn.requests.length;
  await run();
  return standIn.requests.slice(before);
}

describe('the Stripe provider against the stand-in', () => {
  it('is named stripe and is in test mode with a test key only', () => {
    expect(provider()).toMatchObject({ name: 'stripe', testMode: true });
    expect(provider('sk_live_dimora_stand_in')).toMatchObject({ name: 'stripe', testMode: false });
  });

  it('charges a PaymentMethod through one confirmed PaymentIntent that carries the idempotency key', async () => {
    const request = chargeRequest(token('pm_card_visa'), { metadata: { reference: 'DIM-TEST' } });
    let result: Awaited<ReturnType<ReturnType<typeof provider>['charge']>> | undefined;
    const sent = await requestsDuring(async () => {
      result = await provider().charge(request);
    });
    expect(result).toEqual({ status: 'succeeded', providerRef: expect.stringMatching(/^pi_/), cardBrand: 'visa', cardLast4: '4242' });
    expect(sent).toEqual([
      expect.objectContaining({ method: 'POST', path: '/v1/payment_intents', idempotencyKey: request.idempotencyKey }),
    ]);
    const intent = standIn.paymentIntent(result!.providerRef!);
    expect(intent).toMatchObject({
      amount: 5_000,
      currency: 'usd',
      status: 'succeeded',
      metadata: { idempotency_key: request.idempotencyKey, reference: 'DIM-TEST' },
    });
    expect(sent[0]!.body).toContain('payment_method=pm_card_visa');
  });

  it.each([
    ['pm_card_chargeDeclined', 'card_declined', '0002'],
    ['pm_card_chargeDeclinedInsufficientFunds', 'insufficient_funds', '9995'],
    ['pm_card_chargeDeclinedExpiredCard', 'expired_card', '0069'],
    ['pm_card_chargeDeclinedIncorrectCvc', 'incorrect_cvc', '0127'],
    ['pm_card_chargeDeclinedProcessingError', 'processing_error', '0119'],
  ])('answers a declined card %s as failed with %s, without throwing', async (paymentMethod, declineCode, last4) => {
    const result = await provider().charge(chargeRequest(token(paymentMethod)));
    expect(result).toEqual({
      status: 'failed',
      providerRef: expect.stringMatching(/^pi_/),
      cardBrand: 'visa',
      cardLast4: last4,
      declineCode,
    });
  });

  it('makes one PaymentIntent for one idempotency key, however often it is charged', async () => {
    const request = chargeRequest(token('pm_card_visa'));
    const declinedRequest = chargeRequest(token('pm_card_chargeDeclined'));
    const before = { ...standIn.counts };
    const first = await provider().charge(request);
    const again = await provider().charge(request);
    const both = await Promise.all([provider().charge(request), provider().charge(request)]);
    const declined = await provider().charge(declinedRequest);
    const declinedAgain = await provider().charge(declinedRequest);
    expect(standIn.counts.paymentIntents - before.paymentIntents).toBe(2);
    expect(standIn.counts.replays - before.replays).toBe(4);
    for (const answer of [again, ...both]) expect(answer).toEqual(first);
    expect(declinedAgain).toEqual(declined);
  });

  it('throws PaymentProviderError when a key is reused for another amount (Stripe refuses; the first charge stands)', async () => {
    const request = chargeRequest(token('pm_card_visa'));
    await provider().charge(request);
    await expect(provider().charge({ ...request, amountCents: 9_999 })).rejects.toThrow(/StripeIdempotencyError/);
  });

  it('refuses an amount that is not a positive number of cents', async () => {
    await expect(provider().charge(chargeRequest(token('pm_card_visa'), { amountCents: 0 }))).rejects.toThrow(RangeError);
    await expect(provider().charge(chargeRequest(token('pm_card_visa'), { amountCents: 12.5 }))).rejects.toThrow(RangeError);
  });

  it('finds a charge by its idempotency key: succeeded, failed with its decline, or null when Stripe never saw it', async () => {
    const paid = chargeRequest(token('pm_card_visa'));
    const refused = chargeRequest(token('pm_card_chargeDeclinedInsufficientFunds'));
    const paidResult = await provider().charge(paid);
    const refusedResult = await provider().charge(refused);
    expect(await provider().findCharge(paid.idempotencyKey)).toEqual(paidResult);
    expect(await provider().findCharge(refused.idempotencyKey)).toEqual(refusedResult);
    expect(await provider().findCharge(randomUUID())).toBeNull();
  });

  it('searches with the key quoted and escaped, so a quote in a key cannot widen the search', async () => {
    expect(searchQueryForKey('abc:1')).toBe("metadata['idempotency_key']:'abc:1'");
    expect(searchQueryForKey("it's\\")).toBe("metadata['idempotency_key']:'it\\'s\\\\'");
    const odd = chargeRequest(token('pm_card_visa'), { idempotencyKey: `quote'${randomUUID()}` });
    const result = await provider().charge(odd);
    expect(await provider().findCharge(odd.idempotencyKey)).toEqual(result);
  });

  it('refunds part of a charge once per refund key, and answers a refund beyond what is left as failed', async () => {
    const charged = await provider().charge(chargeRequest(token('pm_card_visa'), { amountCents: 150_000 }));
    const refundKey = randomUUID();
    const before = standIn.counts.refunds;
    const refund = await provider().refund({ idempotencyKey: refundKey, providerRef: charged.providerRef!, amountCents: 50_000 });
    expect(refund).toEqual({ status: 'succeeded', refundRef: expect.stringMatching(/^re_/) });
    expect(await provider().refund({ idempotencyKey: refundKey, providerRef: charged.providerRef!, amountCents: 50_000 })).toEqual(refund);
    expect(standIn.counts.refunds - before).toBe(1);
    expect(await provider().refund({ idempotencyKey: randomUUID(), providerRef: charged.providerRef!, amountCents: 100_001 })).toEqual({
      status: 'failed',
      reason: 'refused',
    });
    expect(
      await provider().refund({ idempotencyKey: randomUUID(), providerRef: charged.providerRef!, amountCents: 100_000 }),
    ).toMatchObject({ status: 'succeeded' });
    expect(await provider().refund({ idempotencyKey: randomUUID(), providerRef: charged.providerRef!, amountCents: 1 })).toEqual({
      status: 'failed',
      reason: 'charge_already_refunded',
    });
    expect(await provider().refund({ idempotencyKey: randomUUID(), providerRef: 'pi_unknown', amountCents: 1 })).toEqual({
      status: 'failed',
      reason: 'resource_missing',
    });
  });

  it("charges a saved card's token off-session with its customer (autopay); without the customer Stripe refuses it", async () => {
    const saved = await savedCard('pm_card_visa');
    const request = chargeRequest(token(saved.token, { customerRef: saved.customerRef, offSession: true }), {
      description: 'Dimora rent, autopay',
    });
    const sent = await requestsDuring(async () => {
      expect(await provider().charge(request)).toEqual({
        status: 'succeeded',
        providerRef: expect.stringMatching(/^pi_/),
        cardBrand: 'visa',
        cardLast4: '4242',
      });
    });
    expect(sent[0]!.body).toContain('off_session=true');
    expect(sent[0]!.body).toContain(`customer=${saved.customerRef}`);
    // A saved card belongs to its customer: without it Stripe refuses the charge.
    expect(await provider().charge(chargeRequest(token(saved.token)))).toMatchObject({
      status: 'failed',
      providerRef: null,
      declineCode: 'invalid_card',
    });
  });

  it('answers the charges of a saved card that attached but declines (pm_card_chargeCustomerFail) as failed with its last 4', async () => {
    const first = await savedCard('pm_card_visa');
    const saved = await savedCard('pm_card_chargeCustomerFail', first.customerRef);
    const result = await provider().charge(chargeRequest(token(saved.token, { customerRef: saved.customerRef, offSession: true })));
    expect(result).toEqual({
      status: 'failed',
      providerRef: expect.stringMatching(/^pi_/),
      cardBrand: 'visa',
      cardLast4: '0341',
      declineCode: 'card_declined',
    });
  });

  it('throws PaymentProviderError (outcome unknown) for every call when Stripe cannot be reached', async () => {
    const gone = await startStripeStandIn();
    await gone.close();
    const unreachable = createStripeProvider({
      secretKey: 'sk_test_dimora_stand_in',
      host: gone.host,
      port: gone.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(unreachable.charge(chargeRequest(token('pm_card_visa')))).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(unreachable.findCharge(randomUUID())).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(unreachable.refund({ idempotencyKey: randomUUID(), providerRef: 'pi_x', amountCents: 100 })).rejects.toBeInstanceOf(
      PaymentProviderError,
    );
    await expect(unreachable.createCheckout(checkoutRequest())).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(unreachable.findCheckout('cs_test_anything')).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(unreachable.expireCheckout('cs_test_anything')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('throws PaymentProviderError when Stripe refuses the key (a configuration problem, not a decline)', async () => {
    // The stand-in takes any well-formed key; an empty one stands for a revoked key (401).
    const revoked = createStripeProvider({
      secretKey: 'sk_test_',
      host: standIn.host,
      port: standIn.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(revoked.charge(chargeRequest(token('pm_card_visa')))).rejects.toThrow(PaymentProviderError);
    await expect(revoked.charge(chargeRequest(token('pm_card_visa')))).rejects.toThrow(/StripeAuthenticationError/);
  });
});

describe('hosted checkout (Stripe Checkout) against the stand-in', () => {
  it('opens a session for our amount, with our key in its metadata, reference and PaymentIntent, on the payer’s language and methods', async () => {
    const request = checkoutRequest({ metadata: { lease_id: '7', payment_id: '99', idempotency_key: 'forged' } });
    let opened: Awaited<ReturnType<ReturnType<typeof provider>['createCheckout']>> | undefined;
    const sent = await requestsDuring(async () => {
      opened = await provider().createCheckout(request);
    });
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/checkout/sessions',
        idempotencyKey: `dimora-checkout:${request.idempotencyKey}`,
      }),
    ]);
    expect(opened).toEqual({ ref: expect.stringMatching(/^cs_test_/), url: `${standIn.url}/c/pay/${opened!.ref}` });
    expect(standIn.checkoutSession(opened!.ref)).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_total: 42_500,
      currency: 'usd',
      // Our key last: a caller's metadata cannot replace it.
      metadata: { lease_id: '7', payment_id: '99', idempotency_key: request.idempotencyKey },
      client_reference_id: request.idempotencyKey,
      locale: 'it',
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      allowed_payment_method_types: ['card'],
      payment_method_types: ['card'],
      customer_email: 'tess@example.test',
      expires_at: Math.floor(request.expiresAt.getTime() / 1000),
    });
    const form = parseStripeForm(sent[0]!.body);
    expect(form.line_items).toEqual([
      { quantity: '1', price_data: { currency: 'usd', unit_amount: '42500', product_data: { name: 'Rent · Maple Court 4B' } } },
    ]);
    expect(form.payment_intent_data).toEqual({
      description: 'Rent · Maple Court 4B',
      metadata: { lease_id: '7', payment_id: '99', idempotency_key: request.idempotencyKey },
    });
  });

  it('opens one session for one key, however often it is asked, and refuses the key for another amount', async () => {
    const request = checkoutRequest();
    const before = { ...standIn.counts };
    const first = await provider().createCheckout(request);
    const again = await provider().createCheckout(request);
    const both = await Promise.all([provider().createCheckout(request), provider().createCheckout(request)]);
    for (const answer of [again, ...both]) expect(answer).toEqual(first);
    expect(standIn.counts.checkoutSessions - before.checkoutSessions).toBe(1);
    expect(standIn.counts.replays - before.replays).toBe(3);
    await expect(provider().createCheckout({ ...request, amountCents: 42_501 })).rejects.toThrow(/StripeIdempotencyError/);
    // Another key is another session.
    expect((await provider().createCheckout(checkoutRequest())).ref).not.toBe(first.ref);
  });

  it('refuses an amount that is not a positive number of cents without calling Stripe', async () => {
    const sent = await requestsDuring(async () => {
      await expect(provider().createCheckout(checkoutRequest({ amountCents: 0 }))).rejects.toThrow(RangeError);
      await expect(provider().createCheckout(checkoutRequest({ amountCents: 99.5 }))).rejects.toThrow(RangeError);
    });
    expect(sent).toEqual([]);
  });

  it('reads an open session as open with no outcome, and a paid one as succeeded with its intent and card', async () => {
    const request = checkoutRequest();
    const { ref } = await provider().createCheckout(request);
    let open: Awaited<ReturnType<ReturnType<typeof provider>['findCheckout']>> | undefined;
    const sent = await requestsDuring(async () => {
      open = await provider().findCheckout(ref);
    });
    expect(open).toEqual({
      ref,
      status: 'open',
      idempotencyKey: request.idempotencyKey,
      amountCents: 42_500,
      result: null,
      saved: null,
    });
    expect(sent).toEqual([expect.objectContaining({ method: 'GET', path: `/v1/checkout/sessions/${ref}` })]);
    expect(parseStripeForm(sent[0]!.body).expand).toEqual([
      'payment_intent.payment_method',
      'payment_intent.latest_charge',
      'setup_intent.payment_method',
    ]);

    const paid = standIn.completeCheckout(ref);
    expect(paid).toEqual({ status: 'paid', paymentIntentId: expect.stringMatching(/^pi_/) });
    const intentId = paid.paymentIntentId!;
    expect(await provider().findCheckout(ref)).toEqual({
      ref,
      status: 'complete',
      idempotencyKey: request.idempotencyKey,
      amountCents: 42_500,
      result: { status: 'succeeded', providerRef: intentId, cardBrand: 'visa', cardLast4: '4242' },
      saved: null,
    });
    // The intent Checkout made carries our key, so the charge is found by it as a direct one is.
    expect(standIn.paymentIntent(intentId)).toMatchObject({
      amount: 42_500,
      status: 'succeeded',
      metadata: { idempotency_key: request.idempotencyKey, payment_id: '99' },
    });
    expect(await provider().findCharge(request.idempotencyKey)).toEqual({
      status: 'succeeded',
      providerRef: intentId,
      cardBrand: 'visa',
      cardLast4: '4242',
    });
  });

  it('leaves a session with a declined card open and unsettled; another card pays it through the same intent', async () => {
    const { ref } = await provider().createCheckout(checkoutRequest());
    const declined = standIn.completeCheckout(ref, 'pm_card_chargeDeclinedInsufficientFunds');
    expect(declined).toEqual({ status: 'declined', paymentIntentId: expect.stringMatching(/^pi_/), declineCode: 'insufficient_funds' });
    expect(standIn.paymentIntent(declined.paymentIntentId!)).toMatchObject({ status: 'requires_payment_method' });
    expect(await provider().findCheckout(ref)).toMatchObject({ status: 'open', result: null });

    const paid = standIn.completeCheckout(ref, 'pm_card_visa');
    expect(paid).toEqual({ status: 'paid', paymentIntentId: declined.paymentIntentId });
    expect(await provider().findCheckout(ref)).toMatchObject({
      status: 'complete',
      result: { status: 'succeeded', providerRef: declined.paymentIntentId, cardLast4: '4242' },
    });
  });

  it('expires an open session, which can then no longer be paid; expiring it again does not throw', async () => {
    const { ref } = await provider().createCheckout(checkoutRequest());
    await provider().expireCheckout(ref);
    expect(standIn.checkoutSession(ref)).toMatchObject({ status: 'expired', url: null });
    expect(await provider().findCheckout(ref)).toMatchObject({ ref, status: 'expired', result: null });
    expect(standIn.completeCheckout(ref)).toEqual({ status: 'closed', paymentIntentId: null });
    await expect(provider().expireCheckout(ref)).resolves.toBeUndefined();
    expect(standIn.checkoutSession(ref)).toMatchObject({ status: 'expired' });
  });

  it('does not throw when asked to expire a session already paid, and leaves it paid', async () => {
    const { ref } = await provider().createCheckout(checkoutRequest());
    const paid = standIn.completeCheckout(ref);
    const sent = await requestsDuring(() => provider().expireCheckout(ref));
    expect(sent).toEqual([expect.objectContaining({ method: 'POST', path: `/v1/checkout/sessions/${ref}/expire` })]);
    expect(standIn.checkoutSession(ref)).toMatchObject({ status: 'complete', payment_status: 'paid' });
    expect(await provider().findCheckout(ref)).toMatchObject({
      status: 'complete',
      result: { status: 'succeeded', providerRef: paid.paymentIntentId },
    });
  });

  it('saves a card in setup mode (autopay): a Customer made once from the e-mail, the card read back with it and its last 4', async () => {
    const request = checkoutRequest({
      idempotencyKey: `autopay:7:${randomUUID()}`,
      mode: 'setup',
      amountCents: 0,
      description: 'Autopay · Maple Court 4B',
      metadata: { lease_id: '7', day_of_month: '5' },
      methods: ['card', 'us_bank_account'],
    });
    const { ref } = await provider().createCheckout(request);
    const session = standIn.checkoutSession(ref)!;
    expect(session).toMatchObject({
      mode: 'setup',
      status: 'open',
      amount_total: null,
      customer: expect.stringMatching(/^cus_/),
      setup_intent: expect.stringMatching(/^seti_/),
      metadata: { lease_id: '7', day_of_month: '5', idempotency_key: request.idempotencyKey },
    });
    expect(await provider().findCheckout(ref)).toEqual({
      ref,
      status: 'open',
      idempotencyKey: request.idempotencyKey,
      amountCents: 0,
      result: null,
      saved: null,
    });

    const saved = standIn.saveCheckoutCard(ref);
    expect(saved).toEqual({ status: 'saved', setupIntentId: session.setup_intent, paymentMethodId: expect.stringMatching(/^pm_/) });
    const card = { token: (saved as { paymentMethodId: string }).paymentMethodId, customerRef: session.customer as string };
    expect(await provider().findCheckout(ref)).toEqual({
      ref,
      status: 'complete',
      idempotencyKey: request.idempotencyKey,
      amountCents: 0,
      result: null,
      saved: { ...card, cardBrand: 'visa', cardLast4: '4242' },
    });
    // The card saved there is charged off-session later with its customer (autopay's monthly charge).
    const charged = await provider().charge(chargeRequest(token(card.token, { customerRef: card.customerRef, offSession: true })));
    expect(charged).toMatchObject({ status: 'succeeded', cardLast4: '4242' });
    // A second autopay reuses the customer: no new one.
    const customers = standIn.counts.customers;
    const again = await provider().createCheckout({
      ...request,
      idempotencyKey: `autopay:7:${randomUUID()}`,
      customerRef: card.customerRef,
    });
    expect(standIn.checkoutSession(again.ref)).toMatchObject({ mode: 'setup', customer: card.customerRef });
    expect(standIn.counts.customers).toBe(customers);
  });

  /** An autopay setup session on which the payer saves bank account `accountNumber`: the saved PaymentMethod and its customer. */
  async function savedBankAccount(accountNumber: string) {
    const request = checkoutRequest({
      idempotencyKey: `autopay:8:${randomUUID()}`,
      mode: 'setup',
      amountCents: 0,
      description: 'Autopay · Maple Court 4B',
      metadata: { lease_id: '8', day_of_month: '1' },
      methods: ['card', 'us_bank_account'],
    });
    const { ref } = await provider().createCheckout(request);
    const session = standIn.checkoutSession(ref)!;
    const saved = standIn.saveCheckoutBankAccount(ref, accountNumber);
    if (saved.status !== 'saved') throw new Error(`bank account not saved: ${saved.status}`);
    expect(saved.setupIntentId).toBe(session.setup_intent);
    return { ref, request, token: saved.paymentMethodId, customerRef: session.customer as string };
  }

  it('saves a bank account in setup mode (autopay): read back with its bank, last 4 and customer; its off-session debit is processing until the bank clears it', async () => {
    const { ref, request, token: bankToken, customerRef } = await savedBankAccount('000123456789');
    expect(customerRef).toMatch(/^cus_/);
    expect(await provider().findCheckout(ref)).toEqual({
      ref,
      status: 'complete',
      idempotencyKey: request.idempotencyKey,
      amountCents: 0,
      result: null,
      saved: { token: bankToken, customerRef, cardBrand: 'STRIPE TEST BANK', cardLast4: '6789', paidBy: 'us_bank_account' },
    });
    // The SetupIntent kept the mandate the payer accepted on the page, and the account is the customer's.
    const setup = standIn.checkoutSession(ref)!.setup_intent as string;
    const stripe = new Stripe('sk_test_dimora_stand_in', {
      host: standIn.host,
      port: standIn.port,
      protocol: standIn.protocol,
      telemetry: false,
    });
    const read = await stripe.checkout.sessions.retrieve(ref, { expand: ['setup_intent.payment_method'] });
    const setupIntent = read.setup_intent as Stripe.SetupIntent;
    expect(setupIntent).toMatchObject({ id: setup, status: 'succeeded', mandate: expect.stringMatching(/^mandate_/) });
    expect(setupIntent.payment_method).toMatchObject({
      id: bankToken,
      type: 'us_bank_account',
      customer: customerRef,
      us_bank_account: { bank_name: 'STRIPE TEST BANK', last4: '6789', routing_number: '110000000', account_type: 'checking' },
    });

    // Autopay's monthly charge: an off-session debit under that mandate, in flight until the bank answers.
    const request2 = chargeRequest(token(bankToken, { customerRef, offSession: true }), {
      amountCents: 150_000,
      description: 'Lease 8: autopay 2026-02',
    });
    let charged: Awaited<ReturnType<ReturnType<typeof provider>['charge']>> | undefined;
    const sent = await requestsDuring(async () => {
      charged = await provider().charge(request2);
    });
    const processing = {
      status: 'processing',
      providerRef: expect.stringMatching(/^pi_/),
      cardBrand: 'STRIPE TEST BANK',
      cardLast4: '6789',
      paidBy: 'us_bank_account',
    };
    expect(charged).toEqual(processing);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toContain('off_session=true');
    const intentId = charged!.providerRef!;
    expect(standIn.paymentIntent(intentId)).toMatchObject({
      status: 'processing',
      amount: 150_000,
      amount_received: 0,
      customer: customerRef,
      payment_method: bankToken,
      metadata: { idempotency_key: request2.idempotencyKey },
    });
    expect(await provider().findCharge(request2.idempotencyKey)).toEqual({ ...processing, providerRef: intentId });
    // The same key again: Stripe's first answer, no second debit.
    const intents = standIn.counts.paymentIntents;
    expect(await provider().charge(request2)).toEqual({ ...processing, providerRef: intentId });
    expect(standIn.counts.paymentIntents).toBe(intents);

    expect(standIn.settleDebit(intentId)).toBe('succeeded');
    expect(standIn.paymentIntent(intentId)).toMatchObject({ status: 'succeeded', amount_received: 150_000 });
    expect(await provider().findCharge(request2.idempotencyKey)).toEqual({
      status: 'succeeded',
      providerRef: intentId,
      cardBrand: 'STRIPE TEST BANK',
      cardLast4: '6789',
      paidBy: 'us_bank_account',
    });
  });

  it('answers the off-session debit of a saved bank account the bank returns (000111111113) as processing, then failed as debit_returned', async () => {
    const { token: bankToken, customerRef } = await savedBankAccount('000111111113');
    const request = chargeRequest(token(bankToken, { customerRef, offSession: true }), { amountCents: 150_000 });
    const charged = await provider().charge(request);
    expect(charged).toMatchObject({ status: 'processing', cardLast4: '1113', paidBy: 'us_bank_account' });
    expect(standIn.settleDebit(charged.providerRef!)).toBe('returned');
    expect(standIn.paymentIntent(charged.providerRef!)).toMatchObject({
      status: 'requires_payment_method',
      payment_method: null,
      last_payment_error: { code: 'insufficient_funds', payment_method: { id: bankToken, type: 'us_bank_account' } },
    });
    expect(await provider().findCharge(request.idempotencyKey)).toEqual({
      status: 'failed',
      providerRef: charged.providerRef,
      cardBrand: 'STRIPE TEST BANK',
      cardLast4: '1113',
      paidBy: 'us_bank_account',
      declineCode: 'debit_returned',
    });
    // The saved account belongs to its customer: without it Stripe refuses the debit, and nothing is sent.
    expect(await provider().charge(chargeRequest(token(bankToken, { offSession: true })))).toMatchObject({
      status: 'failed',
      providerRef: null,
      declineCode: 'invalid_card',
    });
  });

  it('answers null for a session Stripe does not know', async () => {
    expect(await provider().findCheckout('cs_test_never_opened')).toBeNull();
  });

  it('throws PaymentProviderError when Stripe refuses the key for a checkout call', async () => {
    const revoked = createStripeProvider({
      secretKey: 'sk_test_',
      host: standIn.host,
      port: standIn.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    await expect(revoked.createCheckout(checkoutRequest())).rejects.toThrow(/StripeAuthenticationError/);
    await expect(revoked.findCheckout('cs_test_never_opened')).rejects.toThrow(PaymentProviderError);
  });
});
