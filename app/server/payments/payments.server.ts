/**
 * Which payment provider the server uses. Today always the local `sandbox` (DESIGN §2); a Stripe
 * adapter would be chosen here from the validated environment (e.g. `PAYMENT_PROVIDER=stripe`
 * with its secret key) without touching the booking flow.
 */
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider } from './sandbox-provider.server';

const SHARED_PROVIDER = Symbol.for('dimora.paymentProvider');

/**
 * The process-wide provider, shared through `globalThis` so the bundled routes and the
 * tsx-loaded outbox worker (payment reconciliation) use one instance.
 */
export function getPaymentProvider(): PaymentProvider {
  const holder = globalThis as typeof globalThis & { [SHARED_PROVIDER]?: PaymentProvider };
  holder[SHARED_PROVIDER] ??= createSandboxProvider();
  return holder[SHARED_PROVIDER];
}
