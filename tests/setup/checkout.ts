/**
 * Paying a lease through the hosted checkout in integration tests (decision 049): opens the
 * checkout as Pay now does, pays it on the sandbox's page with `cardNumber`, and syncs it as the
 * webhook does. Answers like the old direct charge did, so a test reads one outcome.
 */
import { eq } from 'drizzle-orm';
import { findAutopay } from '~/features/ledger/autopay.server';
import {
  startAutopayCheckout,
  startLeaseCheckout,
  syncCheckoutByRef,
  type StartCheckoutRefusal,
} from '~/features/ledger/lease-checkout.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { checkoutSession, payment } from '~/server/db/schema';
import { logger } from '~/server/logger.server';
import type { PaymentProvider } from '~/server/payments/payment-provider';
import { SANDBOX_TEST_CARDS, type SandboxProvider } from '~/server/payments/sandbox-provider.server';
import { TEST_ORIGIN } from './leases';
import { TEST_PUBLIC_URL } from './test-db';

export const CHECKOUT_CONTEXT = { publicUrl: TEST_PUBLIC_URL, logger: logger.child({}, { level: 'silent' }) };

export type CheckoutPayOutcome =
  | { ok: true; payment: { status: 'succeeded' | 'failed' | 'pending'; paymentId: number; amountCents: number } }
  | { ok: false; reason: StartCheckoutRefusal; balanceCents?: number };

/** Opens the checkout for `amountCents` on `leaseId` and pays it with `cardNumber` (default: succeeds). */
export async function payThroughCheckout({
  db,
  provider,
  viewer,
  leaseId,
  amountCents,
  idempotencyKey,
  cardNumber = SANDBOX_TEST_CARDS.succeeds,
}: {
  db: Db;
  provider: SandboxProvider;
  viewer: Pick<Viewer, 'id'>;
  leaseId: number;
  amountCents: number;
  idempotencyKey: string;
  cardNumber?: string;
}): Promise<CheckoutPayOutcome> {
  const opened = await startLeaseCheckout({
    db,
    provider,
    viewer,
    leaseId,
    amountCents,
    idempotencyKey,
    locale: 'en',
    origin: TEST_ORIGIN,
    context: CHECKOUT_CONTEXT,
  });
  if (!opened.ok) return opened;
  const [row] = await db.select().from(checkoutSession).where(eq(checkoutSession.paymentId, opened.paymentId));
  if (opened.url && row?.sessionRef) {
    const paid = provider.payCheckout(row.sessionRef, {
      number: cardNumber,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
      name: 'Test Payer',
    });
    // Paid here, or already paid by a concurrent caller (`closed`): the provider's record settles it either way.
    if (paid.status !== 'declined') await syncCheckoutByRef({ db, provider, ref: row.sessionRef, context: CHECKOUT_CONTEXT });
  } else if (row?.sessionRef) {
    // No page to go to: a concurrent caller's session already ended. The return page syncs it,
    // which waits for that caller's settlement (the lease lock) or settles it from the provider.
    await syncCheckoutByRef({ db, provider, ref: row.sessionRef, context: CHECKOUT_CONTEXT });
  }
  const [after] = await db.select().from(payment).where(eq(payment.id, opened.paymentId));
  const status =
    after?.status === 'succeeded' || after?.status === 'refunded' ? 'succeeded' : after?.status === 'failed' ? 'failed' : 'pending';
  return { ok: true, payment: { status, paymentId: opened.paymentId, amountCents: after?.amountCents ?? amountCents } };
}

/**
 * Opens the autopay setup checkout of `leaseId` for `viewer` (decision 049), on day 1 unless told,
 * in English, with any provider (the sandbox, or Stripe's stand-in). Answers the provider's session
 * ref; throws on a refusal.
 */
export async function openAutopayCheckout({
  db,
  provider,
  viewer,
  leaseId,
  dayOfMonth = 1,
}: {
  db: Db;
  provider: PaymentProvider;
  viewer: Pick<Viewer, 'id' | 'email'>;
  leaseId: number;
  dayOfMonth?: number;
}): Promise<string> {
  const opened = await startAutopayCheckout({ db, provider, viewer, leaseId, dayOfMonth, locale: 'en', context: CHECKOUT_CONTEXT });
  if (!opened.ok) throw new Error(opened.reason);
  const [row] = await db.select({ ref: checkoutSession.sessionRef }).from(checkoutSession).where(eq(checkoutSession.id, opened.checkoutId));
  return row!.ref!;
}

/**
 * Turns autopay on through the hosted page as a tenant would (decision 049): opens the setup
 * checkout for `dayOfMonth`, saves `cardNumber` on the sandbox's page and syncs it as the webhook
 * does. Answers the autopay now active, or the refusal.
 */
export async function enableAutopayThroughCheckout({
  db,
  provider,
  viewer,
  leaseId,
  dayOfMonth,
  cardNumber = SANDBOX_TEST_CARDS.succeeds,
}: {
  db: Db;
  provider: SandboxProvider;
  viewer: Pick<Viewer, 'id' | 'email'>;
  leaseId: number;
  dayOfMonth: number;
  cardNumber?: string;
}) {
  const opened = await startAutopayCheckout({ db, provider, viewer, leaseId, dayOfMonth, locale: 'en', context: CHECKOUT_CONTEXT });
  if (!opened.ok) return opened;
  const [row] = await db.select().from(checkoutSession).where(eq(checkoutSession.id, opened.checkoutId));
  const saved = provider.payCheckout(row!.sessionRef!, {
    number: cardNumber,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: '123',
    name: 'Test Payer',
  });
  if (saved.status === 'declined') return { ok: false as const, reason: 'card_refused' as const, declineCode: saved.declineCode };
  await syncCheckoutByRef({ db, provider, ref: row!.sessionRef!, context: CHECKOUT_CONTEXT });
  const autopay = await findAutopay(db, leaseId);
  return autopay ? { ok: true as const, autopay } : { ok: false as const, reason: 'not_saved' as const };
}
