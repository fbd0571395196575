import { describe, expect, it } from 'vitest';
import type { ChargeRequest, CheckoutRequest, PaymentSource } from './payment-provider';
import { SANDBOX_TEST_CARDS, createSandboxProvider, type SandboxCard, type SandboxCharge } from './sandbox-provider.server';

/** Saved sandbox cards: the token names the outcome its charges get, the brand and the last 4. */
const SAVED = {
  ok: 'sbx_pm_ok_visa_4242_0123456789abcdef',
  declined: 'sbx_pm_card_declined_visa_0341_0123456789abcdef',
  insufficientFunds: 'sbx_pm_insufficient_funds_visa_9995_0123456789abcdef',
} as const;

function request(token: string, key: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    idempotencyKey: key,
    amountCents: 5_000,
    currency: 'USD',
    source: { type: 'token', token, customerRef: null, offSession: true },
    description: 'test',
    ...overrides,
  };
}

function card(number: string, overrides: Partial<SandboxCard> = {}): SandboxCard {
  return { number, expMonth: 12, expYear: 2030, cvc: '123', name: 'Test Person', ...overrides };
}

function checkoutRequest(key: string, overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    idempotencyKey: key,
    amountCents: 5_000,
    currency: 'USD',
    description: 'Rent · Maple Court 4B',
    successUrl: 'http://dimora.test/tenant-portal/payments/1',
    cancelUrl: 'http://dimora.test/tenant-portal/payments/1?cancelled=1',
    locale: 'en',
    methods: ['card'],
    expiresAt: new Date('2030-01-01T00:35:00Z'),
    ...overrides,
  };
}

const NOW = () => new Date('2030-01-01T00:00:00Z');

describe('sandbox payment provider', () => {
  it('charges a saved card by its token: the outcome, brand and last 4 the token names', async () => {
    const provider = createSandboxProvider({ store: new Map() });
    expect(await provider.charge(request(SAVED.ok, 'k1'))).toEqual({
      status: 'succeeded',
      providerRef: expect.stringMatching(/^sbx_ch_/),
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    expect(await provider.charge(request(SAVED.declined, 'k2'))).toMatchObject({
      status: 'failed',
      declineCode: 'card_declined',
      cardLast4: '0341',
    });
    expect(await provider.charge(request(SAVED.insufficientFunds, 'k3'))).toMatchObject({
      status: 'failed',
      declineCode: 'insufficient_funds',
    });
    // A token the sandbox never made (another provider's, or made up) is no card it knows.
    expect(await provider.charge(request('pm_card_visa', 'k4'))).toMatchObject({
      status: 'failed',
      declineCode: 'invalid_card',
      cardLast4: null,
    });
  });

  it('refuses a raw card as a programming error: cards are typed on the hosted page only', async () => {
    const store = new Map<string, Promise<SandboxCharge>>();
    const provider = createSandboxProvider({ store });
    const raw = { type: 'card', ...card(SANDBOX_TEST_CARDS.succeeds) } as unknown as PaymentSource;
    await expect(provider.charge(request(SAVED.ok, 'raw', { source: raw }))).rejects.toThrow(RangeError);
    expect(store.size).toBe(0);
  });

  it('charges once per idempotency key, also for concurrent calls, and remembers the outcome', async () => {
    const store = new Map<string, Promise<SandboxCharge>>();
    const provider = createSandboxProvider({ store });
    const [a, b] = await Promise.all([provider.charge(request(SAVED.ok, 'same')), provider.charge(request(SAVED.ok, 'same'))]);
    expect(a).toEqual(b);
    expect(store.size).toBe(1);
    // A retry with the same key gets the first answer, even with another card.
    expect(await provider.charge(request(SAVED.declined, 'same'))).toEqual(a);
    expect(await provider.findCharge('same')).toEqual(a);
    expect(await provider.findCharge('never-seen')).toBeNull();
  });

  it('refuses amounts that are not positive whole cents', async () => {
    const provider = createSandboxProvider({ store: new Map() });
    await expect(provider.charge(request(SAVED.ok, 'z', { amountCents: 0 }))).rejects.toThrow(RangeError);
    await expect(provider.charge(request(SAVED.ok, 'y', { amountCents: 10.5 }))).rejects.toThrow(RangeError);
  });
});

describe("the sandbox's hosted checkout page", () => {
  it('checks the card, answers the test cards with their outcomes and keeps only brand and last 4', async () => {
    const provider = createSandboxProvider({ store: new Map(), checkouts: new Map(), now: NOW });
    const { ref } = await provider.createCheckout(checkoutRequest('page-1'));
    expect(provider.payCheckout(ref, card(SANDBOX_TEST_CARDS.declined))).toEqual({ status: 'declined', declineCode: 'card_declined' });
    expect(provider.payCheckout(ref, card(SANDBOX_TEST_CARDS.insufficientFunds))).toEqual({
      status: 'declined',
      declineCode: 'insufficient_funds',
    });
    expect(provider.payCheckout(ref, card('4242424242424241'))).toEqual({ status: 'declined', declineCode: 'invalid_card' });
    expect(provider.payCheckout(ref, card(SANDBOX_TEST_CARDS.succeeds, { expYear: 2029 }))).toEqual({
      status: 'declined',
      declineCode: 'expired_card',
    });
    expect(provider.payCheckout(ref, card(SANDBOX_TEST_CARDS.succeeds, { cvc: '1' }))).toEqual({
      status: 'declined',
      declineCode: 'incorrect_cvc',
    });
    // Every decline left the session open; a good card pays it.
    expect(provider.payCheckout(ref, card(SANDBOX_TEST_CARDS.succeeds))).toEqual({
      status: 'paid',
      redirectTo: '/tenant-portal/payments/1',
      settlesAt: null,
    });
    const state = await provider.findCheckout(ref);
    expect(state).toMatchObject({
      status: 'complete',
      result: { status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' },
    });
    expect(JSON.stringify(state)).not.toContain(SANDBOX_TEST_CARDS.succeeds);
  });

  it('saves a card in setup mode as a token that charge answers; the card that saves but declines is declined when charged', async () => {
    const provider = createSandboxProvider({ store: new Map(), checkouts: new Map(), now: NOW });
    const saveOn = async (key: string, number: string) => {
      const { ref } = await provider.createCheckout(checkoutRequest(key, { mode: 'setup', amountCents: 0 }));
      const outcome = provider.payCheckout(ref, card(number));
      return { outcome, saved: (await provider.findCheckout(ref))?.saved ?? null };
    };
    expect((await saveOn('setup-declined', SANDBOX_TEST_CARDS.declined)).outcome).toEqual({
      status: 'declined',
      declineCode: 'card_declined',
    });

    const good = await saveOn('setup-good', SANDBOX_TEST_CARDS.succeeds);
    expect(good.saved).toEqual({
      token: expect.stringMatching(/^sbx_pm_ok_visa_4242_[0-9a-f]{16}$/),
      customerRef: null,
      cardBrand: 'visa',
      cardLast4: '4242',
    });
    expect(await provider.charge(request(good.saved!.token, 'autopay-1'))).toMatchObject({ status: 'succeeded', cardLast4: '4242' });

    const later = await saveOn('setup-later', SANDBOX_TEST_CARDS.attachesButDeclines);
    expect(later.outcome).toMatchObject({ status: 'paid' });
    expect(await provider.charge(request(later.saved!.token, 'autopay-2'))).toMatchObject({
      status: 'failed',
      declineCode: 'card_declined',
      cardLast4: '0341',
    });
  });
});
