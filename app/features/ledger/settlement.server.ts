/**
 * Settling a card charge whose outcome arrives from the provider (decision 021): the
 * Stripe webhook and the reconciler call `settleProviderCharge` with the charge's idempotency
 * key and the provider's answer. Lease payments (rent, amounts due at signing, autopay) carry
 * that key on their one `payment` row; application payments (booking flow, decision 009) carry
 * `<key>:<kind>` rows of one attempt. Only `pending` payments change (and a lease's bank debit
 * in flight, `processing`, to its end: decision 050), so a webhook delivered five times settles once.
 */
import { and, eq, like } from 'drizzle-orm';
import { settleAttempt } from '~/features/booking/application-payments.server';
import type { Db } from '~/server/db/client.server';
import { payment } from '~/server/db/schema';
import type { ChargeResult } from '~/server/payments/payment-provider';
import type { Logger } from '~/server/logger.server';
import { lockLease } from './ledger.server';
import { settleLeasePayment } from './lease-payments.server';
import { escapeLike } from '~/lib/like-pattern';

export type SettlementContext = { publicUrl: string; logger: Pick<Logger, 'info' | 'warn' | 'error'> };

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
