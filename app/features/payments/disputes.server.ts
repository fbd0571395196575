/**
 * Disputes (chargebacks) on card payments, as Stripe reports them by signed webhook
 * (`charge.dispute.created` / `updated` / `closed`; the "disputes and refunds"). Each
 * provider dispute is one `payment_dispute` row on the payment its PaymentIntent paid, shown to
 * staff on the payment's page and audited when it opens (`payment_disputed`) and when it closes
 * (`payment_dispute_closed`, with the outcome). Events may arrive twice or out of order: the row
 * is keyed by Stripe's dispute id, and once closed it stays closed. The money side (a lost
 * dispute's funds withdrawn) is Stripe's balance; the tenant's ledger is not changed here.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { payment, paymentDispute } from '~/server/db/schema';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import { CLOSED_DISPUTE_STATUSES, type DisputeReport } from '~/server/payments/stripe-events.server';

/** What recording a report did: a new dispute, a change to a known one, nothing new, or no such payment. */
export type DisputeOutcome = 'opened' | 'updated' | 'unchanged' | 'unknown_payment';

/**
 * Records `report` on the Stripe payment whose `provider_ref` is its PaymentIntent, in one
 * transaction with its audit entry. An unknown PaymentIntent changes nothing (`unknown_payment`;
 * the caller logs it). A report about a closed dispute that is not itself a close changes nothing.
 */
export async function recordDispute({
  db,
  report,
  origin,
}: {
  db: Db;
  report: DisputeReport;
  origin: RequestOrigin;
}): Promise<DisputeOutcome> {
  return db.transaction(async (tx) => {
    const [paid] = await tx
      .select({ id: payment.id })
      .from(payment)
      .where(and(eq(payment.provider, 'stripe'), eq(payment.providerRef, report.paymentIntentId)))
      .limit(1);
    if (!paid) return 'unknown_payment';
    const closing = CLOSED_DISPUTE_STATUSES.includes(report.status);
    const [known] = await tx.select().from(paymentDispute).where(eq(paymentDispute.providerRef, report.providerRef)).for('update');
    const audit = (action: 'payment_disputed' | 'payment_dispute_closed') =>
      recordAuditEvent({
        db: tx,
        userId: null,
        action,
        origin,
        tableName: 'payment',
        values: {
          payment_id: paid.id,
          dispute: report.providerRef,
          status: report.status,
          reason: report.reason,
          amount_cents: report.amountCents,
        },
      });
    if (!known) {
      // Two first deliveries at once: the unique key lets one insert; the other sees it next time.
      const inserted = await tx
        .insert(paymentDispute)
        .values({
          paymentId: paid.id,
          providerRef: report.providerRef,
          status: report.status,
          reason: report.reason,
          amountCents: report.amountCents,
          closedAt: closing ? sql`now()` : null,
        })
        .onConflictDoNothing({ target: paymentDispute.providerRef })
        .returning({ id: paymentDispute.id });
      if (inserted.length === 0) return 'unchanged';
      await audit('payment_disputed');
      if (closing) await audit('payment_dispute_closed');
      return 'opened';
    }
    const wasClosed = known.closedAt !== null;
    if (wasClosed && !closing) return 'unchanged';
    if (known.status === report.status && known.reason === report.reason && known.amountCents === report.amountCents) return 'unchanged';
    await tx
      .update(paymentDispute)
      .set({
        status: report.status,
        reason: report.reason,
        amountCents: report.amountCents,
        closedAt: closing && !wasClosed ? sql`now()` : known.closedAt,
      })
      .where(eq(paymentDispute.id, known.id));
    if (closing && !wasClosed) await audit('payment_dispute_closed');
    return 'updated';
  });
}
