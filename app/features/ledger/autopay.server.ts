/**
 * Autopay (decision 022): a tenant saves a card on the provider's hosted page (Checkout's setup
 * mode, decision 049; we keep its token, brand and last 4 — never card data), chooses the day of
 * the month (1–28), and the daily job
 * charges the lease's balance on that day with an off-session charge. A receipt is e-mailed on
 * success (lease-payments.server.ts); a failure notifies the tenant (bell + e-mail) and is retried
 * once `AUTOPAY_RETRY_DAYS` later; after a second failure the month is left to the tenant. The
 * tenant may cancel at any time. One active autopay per lease (partial unique index).
 */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { addIsoDays } from '~/lib/time-zones';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { autopay, building, lease, property, user } from '~/server/db/schema';
import { mailLanguage } from '~/server/mail/templates.server';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import type { DeclineCode, PaymentProvider, SavedCard } from '~/server/payments/payment-provider';
import { findTenantLease } from './ledger-commands.server';
import { findLeaseBalance, leaseLocalToday, type Tx } from './ledger.server';
import { leaseMailMessage, mailDate, mailMoney } from './lease-mail.server';
import { chargeLeasePayment, leaseUnitLabel } from './lease-payments.server';

/** A failed autopay charge is tried again this many days later, once. */
export const AUTOPAY_RETRY_DAYS = 3;
/** The days of the month autopay may run (every month has them). */
export const AUTOPAY_DAY_MIN = 1;
export const AUTOPAY_DAY_MAX = 28;

export type AutopayView = {
  id: number;
  dayOfMonth: number;
  cardBrand: string | null;
  cardLast4: string | null;
  lastFailure: string | null;
  retryAt: string | null;
  createdAt: string;
};

/** The active autopay of a lease, or null. */
export async function findAutopay(db: Db, leaseId: number): Promise<AutopayView | null> {
  const [row] = await db
    .select()
    .from(autopay)
    .where(and(eq(autopay.leaseId, leaseId), eq(autopay.active, true)));
  if (!row) return null;
  return {
    id: row.id,
    dayOfMonth: row.dayOfMonth,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    lastFailure: row.lastFailure,
    retryAt: row.retryAt,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Turns autopay on for lease `leaseId` with a card the provider saved (Checkout's setup mode,
 * decision 049), inside the caller's transaction: an earlier autopay of the lease is replaced,
 * the day is 1–28, and it starts next month when this month's day has passed on the building's
 * calendar (decision 047). Audited as `autopay_enabled`.
 */
export async function activateAutopay(
  tx: Tx,
  {
    leaseId,
    userId,
    provider,
    saved,
    dayOfMonth,
    origin,
  }: { leaseId: number; userId: string; provider: string; saved: SavedCard; dayOfMonth: number; origin: RequestOrigin },
): Promise<void> {
  // The building's local date (decision 047): the day autopay is compared with is the tenant's.
  const localDate = (await leaseLocalToday(tx, leaseId)) ?? new Date().toISOString().slice(0, 10);
  const period = localDate.slice(0, 7);
  const today = Number(localDate.slice(8, 10));
  await tx
    .update(autopay)
    .set({ active: false, cancelledAt: new Date() })
    .where(and(eq(autopay.leaseId, leaseId), eq(autopay.active, true)));
  await tx.insert(autopay).values({
    leaseId,
    userId,
    provider,
    paymentMethodToken: saved.token,
    customerRef: saved.customerRef,
    cardBrand: saved.cardBrand,
    cardLast4: saved.cardLast4,
    dayOfMonth,
    // Turned on after this month's day: it starts next month (the tenant pays this month now).
    lastPeriod: dayOfMonth < today ? period : null,
  });
  await recordAuditEvent({
    db: tx,
    userId,
    action: 'autopay_enabled',
    tableName: 'autopay',
    origin,
    values: { lease_id: leaseId, day_of_month: dayOfMonth, card_last4: saved.cardLast4, via: 'checkout' },
  });
}

/** True for an autopay day: 1–28, which every month has. */
export function isAutopayDay(day: number): boolean {
  return Number.isInteger(day) && day >= AUTOPAY_DAY_MIN && day <= AUTOPAY_DAY_MAX;
}

/** Turns autopay off for a lease the viewer signed. Returns false when there was none. */
export async function cancelAutopay({
  db,
  viewer,
  leaseId,
  origin,
}: {
  db: Db;
  viewer: Pick<Viewer, 'id'>;
  leaseId: number;
  origin: RequestOrigin;
}): Promise<boolean> {
  const found = await findTenantLease(db, viewer, leaseId);
  if (!found) return false;
  return db.transaction(async (tx) => {
    const cancelled = await tx
      .update(autopay)
      .set({ active: false, cancelledAt: new Date() })
      .where(and(eq(autopay.leaseId, leaseId), eq(autopay.active, true)))
      .returning({ id: autopay.id });
    if (cancelled.length === 0) return false;
    await recordAuditEvent({
      db: tx,
      userId: viewer.id,
      action: 'autopay_cancelled',
      tableName: 'autopay',
      origin,
      values: { lease_id: leaseId },
    });
    return true;
  });
}

/**
 * Charges every autopay due at the instant `now`, each on its building's local date (decision
 * 047): its day has come this month and the month was not charged yet, or its retry date has
 * come. Each lease is charged its whole balance with an idempotency key per autopay, month and
 * attempt, so running twice (or on two instances) charges once. Returns counts.
 */
export async function runAutopay({ db, provider, now, publicUrl }: { db: Db; provider: PaymentProvider; now: Date; publicUrl: string }) {
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${building.timeZone})::date`;
  const due = await db
    .select({ autopay, today: sql<string>`to_char(${local}, 'YYYY-MM-DD')` })
    .from(autopay)
    .innerJoin(lease, eq(lease.id, autopay.leaseId))
    .innerJoin(property, eq(property.id, lease.propertyId))
    .innerJoin(building, eq(building.id, property.buildingId))
    .where(
      and(
        eq(autopay.active, true),
        eq(lease.status, 'active'),
        or(
          and(
            isNull(autopay.retryAt),
            sql`${autopay.dayOfMonth} <= extract(day from ${local})`,
            or(isNull(autopay.lastPeriod), sql`${autopay.lastPeriod} < to_char(${local}, 'YYYY-MM')`),
          ),
          sql`${autopay.retryAt} <= ${local}`,
        ),
      ),
    )
    .orderBy(asc(autopay.id))
    .limit(5_000);
  const counts = { charged: 0, failed: 0, nothingDue: 0, pending: 0 };
  for (const { autopay: plan, today } of due) {
    const period = today.slice(0, 7);
    const retry = plan.retryAt !== null;
    const attemptPeriod = retry && plan.lastFailure ? (plan.lastFailure.split('|')[1] ?? period) : period;
    const balance = await findLeaseBalance(db, plan.leaseId, today);
    if (balance.balanceCents <= 0) {
      await db.update(autopay).set({ lastPeriod: attemptPeriod, retryAt: null }).where(eq(autopay.id, plan.id));
      counts.nothingDue += 1;
      continue;
    }
    const outcome = await chargeLeasePayment({
      db,
      provider,
      leaseId: plan.leaseId,
      payerId: plan.userId,
      amountCents: balance.balanceCents,
      kind: 'rent',
      method: 'autopay',
      source: { type: 'token', token: plan.paymentMethodToken, customerRef: plan.customerRef, offSession: true },
      idempotencyKey: `autopay:${plan.id}:${attemptPeriod}:${retry ? 2 : 1}`,
      description: `Lease ${plan.leaseId}: autopay ${attemptPeriod}`,
      publicUrl,
    });
    if (outcome.status === 'succeeded' || outcome.status === 'processing') {
      // A bank debit in flight (decision 050) counts as this month's charge; a returned one is
      // announced by its settlement (the fee, the notices), and the tenant pays by hand.
      await db.update(autopay).set({ lastPeriod: attemptPeriod, retryAt: null, lastFailure: null }).where(eq(autopay.id, plan.id));
      counts.charged += 1;
    } else if (outcome.status === 'failed') {
      counts.failed += 1;
      const retryAt = retry ? null : addIsoDays(today, AUTOPAY_RETRY_DAYS);
      await db.transaction(async (tx) => {
        await tx
          .update(autopay)
          .set({ retryAt, lastFailure: `${outcome.declineCode}|${attemptPeriod}`, ...(retry ? { lastPeriod: attemptPeriod } : {}) })
          .where(eq(autopay.id, plan.id));
        await announceAutopayFailure(tx as unknown as Db, {
          plan,
          amountCents: balance.balanceCents,
          declineCode: outcome.declineCode,
          retryAt,
          publicUrl,
        });
      });
    } else {
      counts.pending += 1;
    }
  }
  return counts;
}

async function announceAutopayFailure(
  db: Db,
  {
    plan,
    amountCents,
    declineCode,
    retryAt,
    publicUrl,
  }: { plan: typeof autopay.$inferSelect; amountCents: number; declineCode: DeclineCode; retryAt: string | null; publicUrl: string },
) {
  const [owner] = await db.select({ email: user.email, name: user.name, locale: user.locale }).from(user).where(eq(user.id, plan.userId));
  if (!owner) return;
  const locale = mailLanguage(owner.locale);
  const { label } = await leaseUnitLabel(db, plan.leaseId);
  const card = `${plan.cardBrand ?? 'card'} •••• ${plan.cardLast4 ?? '????'}`;
  const reason = declineCode.replace(/_/g, ' ');
  const retry = retryAt
    ? locale === 'it'
      ? `Riproveremo il ${mailDate(retryAt, locale)}. Può anche pagare subito dal portale.`
      : `We will try again on ${mailDate(retryAt, locale)}. You can also pay now in your portal.`
    : locale === 'it'
      ? 'Non riproveremo questo mese: paghi dal portale per evitare la penale di ritardo.'
      : 'We will not try again this month: please pay in your portal to avoid a late fee.';
  await enqueueOutbox(db, [
    leaseMailMessage(owner, locale, {
      template: 'autopay_failed',
      url: new URL('/tenant-portal#autopay', publicUrl).href,
      values: { unit: label, amount: mailMoney(amountCents, locale), card, reason, retry },
      dedupeKey: `autopay_failed:${plan.id}:${plan.lastPeriod ?? ''}:${retryAt ?? 'final'}:${amountCents}`,
    }),
  ]);
  await insertNotifications(db, [
    {
      userId: plan.userId,
      type: 'error',
      title: locale === 'it' ? 'Pagamento automatico non riuscito' : 'Autopay failed',
      message:
        locale === 'it'
          ? `${mailMoney(amountCents, locale)} per ${label}: ${reason}. ${retry}`
          : `${mailMoney(amountCents, locale)} for ${label}: ${reason}. ${retry}`,
      actionUrl: '/tenant-portal#autopay',
    },
  ]);
}
