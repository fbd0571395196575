/**
 * Which payment provider the server uses (DESIGN §2, decision 021, decision 023): PAYMENT_PROVIDER
 * when set, else Stripe when the validated environment has STRIPE_SECRET_KEY, else the local
 * `sandbox` (the default on a local server; an https PUBLIC_URL refuses to start on the sandbox
 * unless PAYMENT_PROVIDER=sandbox says so, env.server.ts). The booking flow, the reconciler and the webhook only see `PaymentProvider`.
 */
import { env, type Env } from '~/server/env.server';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider } from './sandbox-provider.server';
import { createStripeProvider, type StripeProviderOptions } from './stripe-provider.server';

const SHARED_PROVIDER = Symbol.for('dimora.paymentProvider');

/**
 * The Stripe client's address from STRIPE_API_BASE (already validated by env.server.ts: an
 * origin, http only on loopback); empty (Stripe's own API) when unset.
 */
export function stripeApiAddress(apiBase: string | undefined): Pick<StripeProviderOptions, 'host' | 'port' | 'protocol'> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/** A provider for this environment: `paymentProvider` (PAYMENT_PROVIDER, else Stripe with STRIPE_SECRET_KEY, else a sandbox). */
export function createConfiguredProvider(
  config: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE' | 'paymentProvider'> & Partial<Pick<Env, 'SANDBOX_DEBIT_SETTLE_MS'>>,
): PaymentProvider {
  if (config.paymentProvider === 'stripe' && config.STRIPE_SECRET_KEY)
    return createStripeProvider({ secretKey: config.STRIPE_SECRET_KEY, ...stripeApiAddress(config.STRIPE_API_BASE) });
  return createSandboxProvider({ debitSettleMs: config.SANDBOX_DEBIT_SETTLE_MS });
}

/**
 * The process-wide provider, shared through `globalThis` so the bundled routes and the
 * tsx-loaded outbox worker (payment reconciliation) use one instance.
 */
export function getPaymentProvider(): PaymentProvider {
  const holder = globalThis as typeof globalThis & { [SHARED_PROVIDER]?: PaymentProvider };
  holder[SHARED_PROVIDER] ??= createConfiguredProvider(env);
  return holder[SHARED_PROVIDER];
}

/** The Stripe webhook's signing secret, or null when the webhook is not configured (404). */
export function stripeWebhookSecret(): string | null {
  return env.STRIPE_WEBHOOK_SECRET ?? null;
}

/** Stripe Checkout's pages (decision 049). */
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

/**
 * The origins Pay now may send a browser to after a form post (the CSP's `form-action`): Stripe
 * Checkout's with Stripe, and STRIPE_API_BASE's when a stand-in serves the hosted page in tests;
 * none for the sandbox, whose page is ours.
 */
export function checkoutOrigins(config: Pick<Env, 'STRIPE_API_BASE' | 'paymentProvider'>): string[] {
  if (config.paymentProvider !== 'stripe') return [];
  return [STRIPE_CHECKOUT_ORIGIN, ...(config.STRIPE_API_BASE ? [new URL(config.STRIPE_API_BASE).origin] : [])];
}
