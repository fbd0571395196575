/**
 * Card payments on a lease (decision 022 and 021). Autopay's off-session charges go through
 * `chargeLeasePayment`; Pay now and the amount due at signing are paid on the hosted checkout
 * (decision 049, lease-checkout.server.ts) and settled by `settleLeasePayment` too. A direct
 * charge runs in three steps like the booking flow (decision 009):
 * 1. a `pending` payment row is inserted once per idempotency key (a double click, a retry or a
 *    replayed form finds the same row and never charges twice);
 * 2. the provider is charged with that key;
 * 3. `settleLeasePayment` records the outcome in one transaction under the lease lock: a success
 *    is allocated to the oldest open charges, with the receipt e-mail and the payer's
 *    notification in the outbox; a decline changes nothing else.
 * A crash between 2 and 3 leaves the payment pending; the Stripe webhook or the reconciler
 * settles it from the provider's answer (`settleProviderCharge`).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { charge, payment, user } from '~/server/db/schema';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import {
  PaymentProviderError,
  settledPaymentColumns,
  type ChargeResult,
  type DeclineCode,
  type PaymentProvider,
  type PaymentSource,
} from '~/server/payments/payment-provider';
import { mailLanguage } from '~/server/mail/templates.server';
import { readSettings } from '~/server/settings/settings.server';
import {
  allocateLedger,
  clearProcessingCharges,
  findLeaseBalance,
  leaseLocalToday,
  lockLease,
  takeBackPaymentAllocations,
  type Tx,
} from './ledger.server';
import { announceReturnedDebit } from './returned-debits.server';
import { leaseUnitLabel, receiptNumber } from './lease-labels.server';
import { leaseMailMessage, mailDate, mailMoney } from './lease-mail.server';

export type LeasePaymentKind = 'rent' | 'deposit' | 'other';

export type LeasePaymentOutcome =
  | { status: 'succeeded'; paymentId: number; amountCents: number }
  /** A bank debit was sent and is in flight (decision 050): settled later by the webhook or the reconciler. */
  | { status: 'processing'; paymentId: number; amountCents: number }
  | { status: 'failed'; paymentId: number; declineCode: DeclineCode }
  /** The provider could not be reached: the payment stays pending and is settled later. */
  | { status: 'pending'; paymentId: number };

export { leaseUnitLabel, receiptNumber } from './lease-labels.server';

/**
 * Records a charge's outcome on its lease payment, inside `tx` (which must hold the lease lock):
 * - pending → succeeded: allocated, receipt e-mail and notification for the payer;
 * - pending → processing (a bank debit sent, decision 050): allocated, its charges `processing`;
 * - processing → succeeded (the debit cleared): its charges paid, receipt;
 * - pending → failed: the decline is kept, nothing else changes;
 * - processing → failed (the debit came back): its charges reopen, the returned-payment fee is
 *   posted, and the tenant and the building's staff are told (`announceReturnedDebit`).
 * A result that names no card or account (a webhook's payload) keeps the brand and last 4 already
 * recorded. A bank debit's payment becomes a `bank_debit` (a card payment's method until then). Any other
 * change (a replay, an answer older than what is recorded) is left alone and returns false.
 */
export async function settleLeasePayment(
  tx: Tx,
  { paymentId, result, publicUrl, failureReason }: { paymentId: number; result: ChargeResult; publicUrl: string; failureReason?: string },
): Promise<boolean> {
  const [before] = await tx
    .select({ status: payment.status, method: payment.method, cardBrand: payment.cardBrand, cardLast4: payment.cardLast4 })
    .from(payment)
    .where(eq(payment.id, paymentId));
  if (!before) return false;
  const from = before.status;
  if (from !== 'pending' && !(from === 'processing' && result.status !== 'processing')) return false;
  const byBank = result.paidBy === 'us_bank_account' && before.method === 'card';
  const [settled] = await tx
    .update(payment)
    .set({
      ...settledPaymentColumns(result, failureReason),
      // Stripe's payment_intent.succeeded names the card or account by id only: the brand and last 4
      // recorded when the debit was sent (processing) stay, for the receipt.
      ...(result.cardLast4 === null ? { cardBrand: before.cardBrand, cardLast4: before.cardLast4 } : {}),
      ...(byBank ? { method: 'bank_debit' as const } : {}),
      settledAt: result.status === 'processing' ? null : new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(payment.id, paymentId), eq(payment.status, from)))
    .returning();
  if (!settled || settled.leaseId === null) return false;
  if (settled.status === 'processing') {
    await allocateLedger(tx, settled.leaseId);
  } else if (settled.status === 'succeeded') {
    if (from === 'processing') await clearProcessingCharges(tx, settled.id);
    await allocateLedger(tx, settled.leaseId);
    await announceReceipt(tx, { payment: settled, publicUrl });
  } else if (settled.status === 'failed' && from === 'processing') {
    await returnDebit(tx, { payment: settled, publicUrl });
  }
  return true;
}

/**
 * A returned bank debit (decision 050), under the lease lock: the charges it covered reopen (and
 * are covered again from any other money), the returned-payment fee from the settings is posted
 * (once per payment: only the change from `processing` gets here), and the payer and the
 * building's staff get a notification and an e-mail in their language.
 */
async function returnDebit(tx: Tx, { payment: returned, publicUrl }: { payment: typeof payment.$inferSelect; publicUrl: string }) {
  const leaseId = returned.leaseId!;
  await takeBackPaymentAllocations(tx, returned.id);
  const { returnedPaymentFeeCents: feeCents } = await readSettings({ db: tx as unknown as Db, names: ['returnedPaymentFeeCents'] });
  const today = (await leaseLocalToday(tx, leaseId)) ?? new Date().toISOString().slice(0, 10);
  if (feeCents > 0) {
    await tx.insert(charge).values({
      leaseId,
      kind: 'returned_payment_fee',
      amountCents: feeCents,
      dueDate: today,
      period: today.slice(0, 7),
      // The returned payment's receipt number: the kind says the rest, in the reader's language.
      description: receiptNumber(returned.id),
    });
  }
  await allocateLedger(tx, leaseId);
  await announceReturnedDebit(tx, { payment: returned, feeCents, publicUrl });
}

/** The receipt e-mail and the payer's in-app notification for a succeeded payment. */
export async function announceReceipt(
  tx: Tx,
  { payment: paid, publicUrl }: { payment: typeof payment.$inferSelect; publicUrl: string },
): Promise<void> {
  if (!paid.payerId || paid.leaseId === null) return;
  const [payer] = await tx.select({ email: user.email, name: user.name, locale: user.locale }).from(user).where(eq(user.id, paid.payerId));
  if (!payer) return;
  const locale = mailLanguage(payer.locale);
  const { label } = await leaseUnitLabel(tx, paid.leaseId);
  const balance = await findLeaseBalance(tx, paid.leaseId);
  // The receipt is dated on the building's calendar (decision 047).
  const today = (await leaseLocalToday(tx, paid.leaseId)) ?? new Date().toISOString().slice(0, 10);
  const method = paid.cardLast4 ? `${paid.cardBrand ?? 'card'} •••• ${paid.cardLast4}` : (paid.reference ?? paid.method);
  const mail = leaseMailMessage(payer, locale, {
    template: 'receipt',
    url: new URL('/tenant-portal#payments', publicUrl).href,
    dedupeKey: `receipt:${paid.id}`,
    values: {
      receipt: receiptNumber(paid.id),
      amount: mailMoney(paid.amountCents, locale),
      unit: label,
      date: mailDate(today, locale),
      method,
      balance: mailMoney(balance.balanceCents, locale),
    },
  });
  await enqueueOutbox(tx, [mail]);
  await insertNotifications(tx, [
    {
      userId: paid.payerId,
      type: 'success',
      title: locale === 'it' ? 'Pagamento ricevuto' : 'Payment received',
      message:
        locale === 'it'
          ? `${mailMoney(paid.amountCents, locale)} per ${label} (ricevuta ${receiptNumber(paid.id)}).`
          : `${mailMoney(paid.amountCents, locale)} for ${label} (receipt ${receiptNumber(paid.id)}).`,
      actionUrl: '/tenant-portal#payments',
    },
  ]);
}

/**
 * Charges `amountCents` to `source` for lease `leaseId` once per `idempotencyKey` and settles it
 * (see the module comment). The caller has checked who pays and how much. Returns the outcome, and
 * `created`: whether this call made the payment row (false for a repeat of the same key);
 * throws only for database errors.
 */
export async function chargeLeasePayment({
  db,
  provider,
  leaseId,
  payerId,
  amountCents,
  kind,
  method,
  source,
  idempotencyKey,
  description,
  publicUrl,
}: {
  db: Db;
  provider: PaymentProvider;
  leaseId: number;
  payerId: string;
  amountCents: number;
  kind: LeasePaymentKind;
  method: 'card' | 'autopay';
  source: PaymentSource;
  idempotencyKey: string;
  description: string;
  publicUrl: string;
}): Promise<LeasePaymentOutcome & { created: boolean }> {
  const { buildingId } = await leaseUnitLabel(db, leaseId);
  const inserted = await db
    .insert(payment)
    .values({ payerId, leaseId, buildingId, kind, method, amountCents, status: 'pending', provider: provider.name, idempotencyKey })
    .onConflictDoNothing({ target: payment.idempotencyKey })
    .returning({ id: payment.id });
  // False when an earlier call with this key (a double submit, a retry) made the payment.
  const created = inserted.length > 0;
  const [row] = await db.select().from(payment).where(eq(payment.idempotencyKey, idempotencyKey));
  if (!row || row.leaseId !== leaseId) throw new Error('payment idempotency key reused for another lease');
  if (row.status === 'succeeded' || row.status === 'refunded')
    return { status: 'succeeded', paymentId: row.id, amountCents: row.amountCents, created };
  if (row.status === 'processing') return { status: 'processing', paymentId: row.id, amountCents: row.amountCents, created };
  if (row.status === 'failed')
    return { status: 'failed', paymentId: row.id, declineCode: (row.failureReason as DeclineCode) ?? 'card_declined', created };
  let result: ChargeResult;
  try {
    result = await provider.charge({
      idempotencyKey,
      amountCents: row.amountCents,
      currency: 'USD',
      source,
      description,
      metadata: { lease_id: String(leaseId), payment_id: String(row.id) },
    });
  } catch (error) {
    if (error instanceof PaymentProviderError) return { status: 'pending', paymentId: row.id, created };
    throw error;
  }
  await db.transaction(async (tx) => {
    await lockLease(tx, leaseId);
    await settleLeasePayment(tx, { paymentId: row.id, result, publicUrl });
  });
  const [after] = await db
    .select({ status: payment.status, failureReason: payment.failureReason })
    .from(payment)
    .where(eq(payment.id, row.id));
  if (after?.status === 'succeeded') return { status: 'succeeded', paymentId: row.id, amountCents: row.amountCents, created };
  if (after?.status === 'processing') return { status: 'processing', paymentId: row.id, amountCents: row.amountCents, created };
  if (after?.status === 'failed')
    return { status: 'failed', paymentId: row.id, declineCode: (after.failureReason as DeclineCode) ?? 'card_declined', created };
  return { status: 'pending', paymentId: row.id, created };
}
