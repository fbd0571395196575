import { describe, expect, it } from 'vitest';
import { parseEnv } from '~/server/env.server';
import { createConfiguredProvider, stripeApiAddress } from './payments.server';

describe('choosing the payment provider from the environment', () => {
  it('uses the local sandbox when no Stripe key is set', () => {
    expect(createConfiguredProvider(parseEnv({}))).toMatchObject({ name: 'sandbox', testMode: true });
  });

  it('uses Stripe when STRIPE_SECRET_KEY is set, in test mode for a test key only', () => {
    expect(createConfiguredProvider(parseEnv({ STRIPE_SECRET_KEY: 'sk_test_abc123' }))).toMatchObject({ name: 'stripe', testMode: true });
    expect(createConfiguredProvider(parseEnv({ STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }))).toMatchObject({
      name: 'stripe',
      testMode: false,
    });
  });

  it('follows PAYMENT_PROVIDER: the sandbox on purpose even with a Stripe key (decision 023)', () => {
    expect(createConfiguredProvider(parseEnv({ STRIPE_SECRET_KEY: 'sk_live_abc123', PAYMENT_PROVIDER: 'sandbox' }))).toMatchObject({
      name: 'sandbox',
      testMode: true,
    });
    expect(
      createConfiguredProvider(
        parseEnv({ STRIPE_SECRET_KEY: 'sk_live_abc123', STRIPE_WEBHOOK_SECRET: 'whsec_abc', PAYMENT_PROVIDER: 'stripe' }),
      ),
    ).toMatchObject({
      name: 'stripe',
      testMode: false,
    });
    expect(
      createConfiguredProvider(
        parseEnv({ PUBLIC_URL: 'https://dimora.example', SMTP_URL: 'smtp://mail.example.com', PAYMENT_PROVIDER: 'sandbox' }),
      ),
    ).toMatchObject({ name: 'sandbox', testMode: true });
  });

  it('points the Stripe client at STRIPE_API_BASE (a stand-in), else at Stripe', () => {
    expect(stripeApiAddress(undefined)).toEqual({});
    expect(stripeApiAddress('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(stripeApiAddress('http://[::1]:8080/')).toEqual({ host: '::1', port: 8080, protocol: 'http' });
    expect(stripeApiAddress('https://stripe-proxy.internal')).toEqual({ host: 'stripe-proxy.internal', port: 443, protocol: 'https' });
  });
});

describe('Stripe settings in the environment', () => {
  it('refuses at start-up, naming the variable: a key or webhook secret of the wrong kind', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'pk_test_abc' })).toThrow(/STRIPE_SECRET_KEY: must start with sk_test_ or sk_live_/);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'rk_live_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseEnv({ STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET: must start with whsec_/);
    expect(parseEnv({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toMatchObject({
      STRIPE_SECRET_KEY: 'sk_test_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
    });
  });

  it('refuses a live key without the webhook signing secret, on any host; a test key or the sandbox may go without', () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_live_abc' })).toThrow(
      /STRIPE_WEBHOOK_SECRET: is required with a live STRIPE_SECRET_KEY/,
    );
    expect(() =>
      parseEnv({ STRIPE_SECRET_KEY: 'sk_live_abc', PUBLIC_URL: 'https://homes.example.com', SMTP_URL: 'smtp://mail.example.com' }),
    ).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(parseEnv({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).paymentProvider).toBe('stripe');
    expect(parseEnv({ STRIPE_SECRET_KEY: 'sk_test_abc' }).paymentProvider).toBe('stripe');
    expect(parseEnv({ STRIPE_SECRET_KEY: 'sk_live_abc', PAYMENT_PROVIDER: 'sandbox' }).paymentProvider).toBe('sandbox');
  });

  it('takes STRIPE_API_BASE over http for a loopback stand-in only, as an origin, never with a live key', () => {
    expect(parseEnv({ STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_API_BASE: 'http://127.0.0.1:12111' }).STRIPE_API_BASE).toBe(
      'http://127.0.0.1:12111',
    );
    expect(parseEnv({ STRIPE_API_BASE: 'http://localhost:12111' }).STRIPE_API_BASE).toBe('http://localhost:12111');
    expect(() => parseEnv({ STRIPE_API_BASE: 'http://stripe.example.com' })).toThrow(/STRIPE_API_BASE: must use https/);
    expect(() => parseEnv({ STRIPE_API_BASE: 'https://stripe.example.com/v1' })).toThrow(/STRIPE_API_BASE: must be an origin only/);
    expect(() => parseEnv({ STRIPE_API_BASE: 'https://user:pw@stripe.example.com' })).toThrow(/STRIPE_API_BASE: must be an origin only/);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toThrow(
      /STRIPE_API_BASE: is for a stand-in/,
    );
    expect(() => parseEnv({ STRIPE_API_BASE: 'not a url' })).toThrow(/STRIPE_API_BASE/);
  });

  it('keeps every Stripe secret out of what the browser may see', async () => {
    const { publicEnv } = await import('~/server/env.server');
    expect(JSON.stringify(publicEnv)).not.toMatch(/STRIPE|sk_|whsec_/);
  });
});
