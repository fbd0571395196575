/**
 * Settling a card charge whose outcome arrives from the provider (decision 021): the
 * Stripe webhook and the reconciler call `settleProviderCharge` with the charge's idempotency
 * key and the provider's answer. Lease payments (rent, amounts due at signing, autopay) carry
 * that key on their one `payment` row; application payments (booking flow, decision 009) carry
 * `<key>:<kind>` rows of one attempt. Only `pending` payments change (and a lease's bank debit
 * in flight, `processing`, to its end: decision 050), so a webhook delivered five times settles once.
 */
import { and, asc, eq, inArray, isNotNull, like, lt, notExists, sql } from 'drizzle-orm';
import { settleAttempt } from '~/features/booking/application-payments.server';
import type { Db } from '~/server/db/client.server';
import { checkoutSession, payment } from '~/server/db/schema';
import { PaymentProviderError, type ChargeResult, type PaymentProvider } from '~/server/payments/payment-provider';
import type { Logger } from '~/server/logger.server';
import { lockLease } from './ledger.server';
import { settleLeasePayment } from './lease-payments.server';
import { escapeLike } from '~/lib/like-pattern';

export type SettlementContext = { publicUrl: string; logger: Pick<Logger, 'info' | 'warn' | 'error'> };

/**
 * What a payment reconciler takes: the provider to ask, the instant it runs at (`now`), how long
 * a row is left alone before it is asked about (`olderThanMs`) and how many rows one run handles.
 */
export type ReconcilerArgs = {
  db: Db;
  provider: PaymentProvider;
  context: SettlementContext;
  now?: Date;
  olderThanMs?: number;
  limit?: number;
};

/**
 * Records the provider's outcome for the charge made with `idempotencyKey`. Returns `settled`
 * when this call changed payments, `unchanged` when they were already settled, `unknown` when no
 * payment has that key. Throws only for database errors.
 */
export async function settleProviderCharge({
  db,
  idempotencyKey,
  result,
  context,
  failureReason,
}: {
  db: Db;
  idempotencyKey: string;
  result: ChargeResult;
  context: SettlementContext;
  /** Kept instead of the decline code when a failure has a reason of its own (`checkout_expired`). */
  failureReason?: string;
}): Promise<'settled' | 'unchanged' | 'unknown'> {
  if (!idempotencyKey) return 'unknown';
  const [own] = await db
    .select({ id: payment.id, leaseId: payment.leaseId })
    .from(payment)
    .where(eq(payment.idempotencyKey, idempotencyKey));
  if (own?.leaseId != null) {
    const leaseId = own.leaseId;
    const changed = await db.transaction(async (tx) => {
      await lockLease(tx, leaseId);
      return settleLeasePayment(tx, { paymentId: own.id, result, publicUrl: context.publicUrl, failureReason });
    });
    return changed ? 'settled' : 'unchanged';
  }
  // An application attempt: its payments are `<attempt key>:<kind>`.
  const escaped = escapeLike(idempotencyKey);
  const [attempt] = await db
    .select({ applicationId: payment.applicationId })
    .from(payment)
    .where(and(like(payment.idempotencyKey, `${escaped}:%`)))
    .limit(1);
  if (attempt?.applicationId == null) return 'unknown';
  // Booking takes cards only (decision 050): an application payment has no debit in flight.
  if (result.status === 'processing') {
    context.logger.warn({ applicationId: attempt.applicationId }, 'application payment processing: left pending');
    return 'unchanged';
  }
  const changed = await settleAttempt({
    db,
    applicationId: attempt.applicationId,
    attemptKey: idempotencyKey,
    result,
    failureReason,
    context: { publicUrl: context.publicUrl, origin: { ip: 'provider-webhook', userAgent: 'payment provider' }, logger: context.logger },
  });
  return changed ? 'settled' : 'unchanged';
}

/**
 * Settles lease payments charged directly (autopay's off-session charges) whose outcome never
 * arrived: a payment still `pending` (a crash between the charge and its record, an outage) or a
 * bank debit in flight (`processing`, decision 050) that nobody asked about for `olderThanMs` is
 * read back from the provider by its key (`findCharge`), least recently asked first, at most
 * `limit`; asking touches `updated_at`. A pending payment the provider never saw was never charged
 * and fails as `not_found_at_provider`; a debit the provider no longer knows (the sandbox after a
 * restart) is left as it is and logged. Hosted-checkout payments are `reconcileCheckouts`'. Returns
 * how many payments changed; a provider outage leaves the rest for the next run. Run by the outbox
 * worker.
 */
export async function reconcileLeasePayments({
  db,
  provider,
  context,
  now = new Date(),
  olderThanMs = 10 * 60_000,
  limit = 50,
}: ReconcilerArgs): Promise<number> {
  const rows = await db
    .select({ id: payment.id, key: payment.idempotencyKey, status: payment.status })
    .from(payment)
    .where(
      and(
        eq(payment.provider, provider.name),
        isNotNull(payment.leaseId),
        inArray(payment.status, ['pending', 'processing']),
        lt(payment.updatedAt, sql`${now.toISOString()}::timestamptz - make_interval(secs => ${olderThanMs / 1000})`),
        notExists(db.select({ id: checkoutSession.id }).from(checkoutSession).where(eq(checkoutSession.paymentId, payment.id))),
      ),
    )
    .orderBy(asc(payment.updatedAt), asc(payment.id))
    .limit(limit);
  let changed = 0;
  for (const row of rows) {
    let result: ChargeResult | null;
    try {
      result = await provider.findCharge(row.key);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      context.logger.warn({ err: error, paymentId: row.id }, 'lease payment reconciliation: provider unavailable');
      break;
    }
    if (result === null && row.status === 'processing') {
      context.logger.info({ paymentId: row.id }, 'bank debit unknown to the provider: left processing');
    }
    if (result === null && row.status === 'pending') {
      result = { status: 'failed', providerRef: null, cardBrand: null, cardLast4: null, declineCode: 'processing_error' };
    }
    const outcome = result
      ? await settleProviderCharge({
          db,
          idempotencyKey: row.key,
          result,
          context,
          failureReason:
            result.status === 'failed' && row.status === 'pending' && !result.providerRef ? 'not_found_at_provider' : undefined,
        })
      : 'unchanged';
    if (outcome === 'settled') {
      changed += 1;
      context.logger.warn({ paymentId: row.id, outcome: result?.status }, 'lease payment reconciled');
    } else {
      // Asked: not again for a while.
      await db.update(payment).set({ updatedAt: now }).where(eq(payment.id, row.id));
    }
  }
  return changed;
}
