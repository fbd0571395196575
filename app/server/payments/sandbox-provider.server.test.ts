import { describe, expect, it } from 'vitest';
import type { ChargeRequest } from './payment-provider';
import { SANDBOX_TEST_CARDS, createSandboxProvider, type SandboxCharge } from './sandbox-provider.server';

function request(number: string, key: string, overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  return {
    idempotencyKey: key,
    amountCents: 5_000,
    currency: 'USD',
    source: { type: 'card', number, expMonth: 12, expYear: 2030, cvc: '123', name: 'Test Person' },
    description: 'test',
    ...overrides,
  };
}

describe('sandbox payment provider', () => {
  it('answers the test cards with their outcomes and keeps only brand and last 4', async () => {
    const provider = createSandboxProvider({ store: new Map() });
    const ok = await provider.charge(request(SANDBOX_TEST_CARDS.succeeds, 'k1'));
    expect(ok).toMatchObject({ status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' });
    expect(JSON.stringify(ok)).not.toContain(SANDBOX_TEST_CARDS.succeeds);
    expect(await provider.charge(request(SANDBOX_TEST_CARDS.declined, 'k2'))).toMatchObject({
      status: 'failed',
      declineCode: 'card_declined',
      cardLast4: '0002',
    });
    expect(await provider.charge(request(SANDBOX_TEST_CARDS.insufficientFunds, 'k3'))).toMatchObject({
      status: 'failed',
      declineCode: 'insufficient_funds',
    });
    expect(await provider.charge(request('4242424242424241', 'k4'))).toMatchObject({ status: 'failed', declineCode: 'invalid_card' });
    const expired = request(SANDBOX_TEST_CARDS.succeeds, 'k5');
    expect(
      await provider.charge({
        ...expired,
        source: { ...(expired.source as Extract<ChargeRequest['source'], { type: 'card' }>), expYear: 2020 },
      }),
    ).toMatchObject({
      status: 'failed',
      declineCode: 'expired_card',
    });
  });

  it('charges once per idempotency key, also for concurrent calls, and remembers the outcome', async () => {
    const store = new Map<string, Promise<SandboxCharge>>();
    const provider = createSandboxProvider({ store });
    const [a, b] = await Promise.all([
      provider.charge(request(SANDBOX_TEST_CARDS.succeeds, 'same')),
      provider.charge(request(SANDBOX_TEST_CARDS.succeeds, 'same')),
    ]);
    expect(a).toEqual(b);
    expect(store.size).toBe(1);
    // A retry with the same key gets the first answer, even with another card.
    expect(await provider.charge(request(SANDBOX_TEST_CARDS.declined, 'same'))).toEqual(a);
    expect(await provider.findCharge('same')).toEqual(a);
    expect(await provider.findCharge('never-seen')).toBeNull();
  });

  it('refuses amounts that are not positive whole cents', async () => {
    const provider = createSandboxProvider({ store: new Map() });
    await expect(provider.charge(request(SANDBOX_TEST_CARDS.succeeds, 'z', { amountCents: 0 }))).rejects.toThrow(RangeError);
    await expect(provider.charge(request(SANDBOX_TEST_CARDS.succeeds, 'y', { amountCents: 10.5 }))).rejects.toThrow(RangeError);
  });
});
