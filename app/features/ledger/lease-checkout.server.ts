/**
 * A tenant's payments on the provider's hosted page (decision 049): Pay now
 * (`startLeaseCheckout`), what is due at signing (`openLeasePaymentCheckout`, called by the
 * leases feature's `startSigningCheckout`) and the card saved for autopay
 * (`startAutopayCheckout`, Checkout's setup mode). Nothing is charged from our server with card
 * details typed into our form: a pending payment is recorded and a hosted checkout (Stripe
 * Checkout, or the sandbox's test page) opened for exactly that amount, and the browser is sent
 * there. The booking flow's checkouts are opened by application-payments.server.ts and synced
 * here too. How it ended is read back from the provider, never
 * from the URL the payer returns to: `syncCheckout` is called by the Stripe webhook
 * (`checkout.session.*`), by the return page and by the reconciler, and settles the payment
 * through `settleProviderCharge` (only a `pending` payment changes, so any number of calls, in any
 * order, settle it once).
 *
 * Rules:
 * - One open checkout per lease, payer and purpose (a unique index): a double click or a second
 *   tab with the same amount is sent to the same page; another amount closes the old session first.
 * - The amount is the one the tenant confirmed on our page, checked against the balance when the
 *   session opens; a provider record with another amount or key is refused and logged, never settled.
 * - A cancelled or expired session fails its payment (`checkout_cancelled` / `checkout_expired`):
 *   nothing was charged and the charges stay open.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { autopay, checkoutSession, payment, user } from '~/server/db/schema';
import { isUniqueViolation } from '~/server/db/rows.server';
import { findOpenCheckout, waitForCheckoutUrl } from '~/server/payments/checkout-rows.server';
import {
  PaymentProviderError,
  type ChargeResult,
  type CheckoutMethod,
  type PaymentProvider,
  type SavedCard,
} from '~/server/payments/payment-provider';
import { activateAutopay, isAutopayDay } from './autopay.server';
import { findLeaseBalance } from './ledger.server';
import { findTenantLease, isValidAmount, type PayRefusal } from './ledger-commands.server';
import { leaseUnitLabel } from './lease-payments.server';
import { settleProviderCharge, type ReconcilerArgs, type SettlementContext } from './settlement.server';

/** How long a hosted checkout stays payable (Stripe's minimum is 30 minutes). */
export const CHECKOUT_LIFETIME_MS = 35 * 60_000;

/**
 * What Pay now and autopay enrolment offer on the hosted page: cards and bank debits (decision
 * 050). What is due at signing takes cards only: a lease is signed once its payment has arrived,
 * which a bank debit takes days to do.
 */
export const LEASE_CHECKOUT_METHODS: readonly CheckoutMethod[] = ['card', 'us_bank_account'];
export const CARD_ONLY: readonly CheckoutMethod[] = ['card'];

/** Why a payment's checkout ended without money: kept in `payment.failure_reason`. */
export type CheckoutFailure = 'checkout_cancelled' | 'checkout_expired' | 'checkout_replaced' | 'checkout_unavailable';

export type StartCheckoutRefusal = PayRefusal | 'provider_unavailable' | 'checkout_busy';
export type StartCheckoutOutcome =
  | { ok: true; paymentId: number; url: string; reused: boolean }
  /** The payment of this key has already ended (a form replayed after paying): show it. */
  | { ok: true; paymentId: number; url: null; reused: true }
  | { ok: false; reason: StartCheckoutRefusal; balanceCents?: number };

type CheckoutRow = typeof checkoutSession.$inferSelect;

/** The page a payer returns to from the hosted checkout, for payment `paymentId`. */
export function checkoutReturnPath(paymentId: number, cancelled = false): string {
  return `/tenant-portal/payments/${paymentId}${cancelled ? '?cancelled=1' : ''}`;
}

/**
 * Opens (or finds again) the hosted checkout for a tenant paying `amountCents` (integer cents,
 * ≤ the balance) on a lease they signed. `idempotencyKey` comes from the form (one per page
 * view). Returns the page to send the browser to, or a refusal; throws only for database errors.
 */
export async function startLeaseCheckout({
  db,
  provider,
  viewer,
  leaseId,
  amountCents,
  idempotencyKey,
  locale,
  origin,
  context,
  now = new Date(),
}: {
  db: Db;
  provider: PaymentProvider;
  viewer: Pick<Viewer, 'id'>;
  leaseId: number;
  amountCents: number;
  idempotencyKey: string;
  locale: 'en' | 'it';
  origin: RequestOrigin;
  context: SettlementContext;
  now?: Date;
}): Promise<StartCheckoutOutcome> {
  const found = await findTenantLease(db, viewer, leaseId);
  if (!found) return { ok: false, reason: 'not_found' };
  if (found.status !== 'active' && found.status !== 'ended') return { ok: false, reason: 'not_active' };
  if (!isValidAmount(amountCents)) return { ok: false, reason: 'invalid_amount' };
  const { label } = await leaseUnitLabel(db, leaseId);
  return openLeasePaymentCheckout({
    db,
    provider,
    plan: {
      payerId: viewer.id,
      leaseId,
      amountCents,
      kind: 'rent',
      key: `lease:${leaseId}:pay:${idempotencyKey}`,
      description: `Rent · ${label}`,
      checkBalance: true,
    },
    locale,
    origin,
    context,
    now,
  });
}

/** One payment a tenant makes on a lease through the hosted checkout, decided by the caller. */
export type LeasePaymentPlan = {
  payerId: string;
  leaseId: number;
  /** Integer cents, > 0. */
  amountCents: number;
  /** `rent` for Pay now; `deposit` for what is due at signing. */
  kind: 'rent' | 'deposit';
  /** The payment's idempotency key (`lease:<id>:pay:<form key>`, `lease:<id>:signing:<form key>`). */
  key: string;
  /** The line the payer sees on the hosted page. */
  description: string;
  /** Refuse amounts above the lease's balance (Pay now); signing pays charges not posted yet. */
  checkBalance: boolean;
};

/**
 * Opens (or finds again) the hosted checkout for `plan`, whose payer the caller has authorised:
 * the same key answers its own session or outcome; another open session of the payer on the lease
 * is reused for the same amount and closed otherwise; the pending payment and the checkout row are
 * written in one transaction before the provider is asked. Throws only for database errors.
 */
export async function openLeasePaymentCheckout({
  db,
  provider,
  plan,
  locale,
  origin,
  context,
  now = new Date(),
}: {
  db: Db;
  provider: PaymentProvider;
  plan: LeasePaymentPlan;
  locale: 'en' | 'it';
  origin: RequestOrigin;
  context: SettlementContext;
  now?: Date;
}): Promise<StartCheckoutOutcome> {
  const { payerId, leaseId, amountCents, key } = plan;
  const viewer = { id: payerId };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    // The same form sent again (a double click, a replay): its own session, or its outcome.
    const [seen] = await db
      .select({ payment, checkout: checkoutSession })
      .from(payment)
      .leftJoin(checkoutSession, eq(checkoutSession.paymentId, payment.id))
      .where(eq(payment.idempotencyKey, key));
    if (seen) {
      if (seen.payment.leaseId !== leaseId || seen.payment.payerId !== viewer.id) return { ok: false, reason: 'not_found' };
      if (seen.payment.status === 'pending' && seen.checkout?.status === 'open') {
        // The first of a double click is still asking the provider: wait for its page.
        const url = seen.checkout.url ?? (await waitForCheckoutUrl(db, seen.checkout.id));
        if (url) return { ok: true, paymentId: seen.payment.id, url, reused: true };
        // It ended meanwhile (paid, failed to open) or is still being opened: look again.
        continue;
      }
      return { ok: true, paymentId: seen.payment.id, url: null, reused: true };
    }

    // Another tab's open session for this lease: the same amount goes there; another closes it.
    const open = await findOpenCheckout(db, { leaseId, payerId: viewer.id, purpose: 'payment' });
    if (open) {
      const url = open.url ?? (await waitForCheckoutUrl(db, open.id));
      if (!url) {
        // Still being opened after the wait: busy; closed meanwhile (the provider failed): look again.
        const [still] = await db.select({ status: checkoutSession.status }).from(checkoutSession).where(eq(checkoutSession.id, open.id));
        if (still?.status === 'open' && open.createdAt.getTime() > now.getTime() - 60_000) return { ok: false, reason: 'checkout_busy' };
        if (still?.status !== 'open') continue;
      }
      if (url && open.expiresAt.getTime() > now.getTime() && open.amountCents === amountCents) {
        return { ok: true, paymentId: open.paymentId!, url, reused: true };
      }
      if (!(await replaceOpenCheckout({ db, provider, checkout: open, context }))) return { ok: false, reason: 'provider_unavailable' };
      continue;
    }

    if (plan.checkBalance) {
      const balance = await findLeaseBalance(db, leaseId);
      if (balance.balanceCents <= 0) return { ok: false, reason: 'nothing_due', balanceCents: balance.balanceCents };
      if (amountCents > balance.balanceCents) return { ok: false, reason: 'above_balance', balanceCents: balance.balanceCents };
    }

    const { buildingId } = await leaseUnitLabel(db, leaseId);
    const expiresAt = new Date(now.getTime() + CHECKOUT_LIFETIME_MS);
    let created: { paymentId: number; checkoutId: number } | null;
    try {
      created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(payment)
          .values({
            payerId: viewer.id,
            leaseId,
            buildingId,
            kind: plan.kind,
            method: 'card',
            amountCents,
            status: 'pending',
            provider: provider.name,
            idempotencyKey: key,
          })
          .onConflictDoNothing({ target: payment.idempotencyKey })
          .returning({ id: payment.id });
        if (!row) return null;
        const [checkout] = await tx
          .insert(checkoutSession)
          .values({
            purpose: 'payment',
            paymentId: row.id,
            provider: provider.name,
            providerKey: key,
            payerId: viewer.id,
            leaseId,
            amountCents,
            expiresAt,
          })
          .returning({ id: checkoutSession.id });
        return { paymentId: row.id, checkoutId: checkout!.id };
      });
    } catch (error) {
      // Another request opened a session for this lease between our look and our insert.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    if (!created) continue;

    await recordAuditEvent({
      db,
      userId: viewer.id,
      action: 'payment_made',
      tableName: 'payment',
      origin,
      values: { lease_id: leaseId, payment_id: created.paymentId, amount_cents: amountCents, status: 'pending', via: 'checkout' },
    });

    const [payer] = await db.select({ email: user.email }).from(user).where(eq(user.id, payerId));
    try {
      const session = await provider.createCheckout({
        idempotencyKey: key,
        amountCents,
        currency: 'USD',
        description: plan.description,
        metadata: { lease_id: String(leaseId), payment_id: String(created.paymentId) },
        successUrl: new URL(checkoutReturnPath(created.paymentId), context.publicUrl).href,
        cancelUrl: new URL(checkoutReturnPath(created.paymentId, true), context.publicUrl).href,
        locale,
        customerEmail: payer?.email ?? null,
        methods: plan.kind === 'rent' ? LEASE_CHECKOUT_METHODS : CARD_ONLY,
        expiresAt,
      });
      await db
        .update(checkoutSession)
        .set({ sessionRef: session.ref, url: session.url, updatedAt: new Date() })
        .where(eq(checkoutSession.id, created.checkoutId));
      return { ok: true, paymentId: created.paymentId, url: session.url, reused: false };
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      context.logger.warn({ err: error, paymentId: created.paymentId }, 'checkout could not be opened');
      // No session exists, so nothing can be charged: the payment ends here and the form may be sent again.
      await closeCheckout(db, {
        checkoutId: created.checkoutId,
        paymentKey: key,
        status: 'expired',
        failure: 'checkout_unavailable',
        context,
      });
      return { ok: false, reason: 'provider_unavailable' };
    }
  }
  return { ok: false, reason: 'checkout_busy' };
}

/**
 * Closes an open checkout the payer replaces with another (another amount, another day): asks the
 * provider to expire it, then records how it ended (`checkout_replaced`, or paid if it was paid
 * meanwhile). False when the provider cannot be reached (nothing changed).
 */
async function replaceOpenCheckout({
  db,
  provider,
  checkout,
  context,
}: {
  db: Db;
  provider: PaymentProvider;
  checkout: CheckoutRow;
  context: SettlementContext;
}): Promise<boolean> {
  try {
    if (checkout.sessionRef) await provider.expireCheckout(checkout.sessionRef);
    await syncCheckout({ db, provider, checkout, context, closedAs: 'checkout_replaced' });
    return true;
  } catch (error) {
    if (error instanceof PaymentProviderError) return false;
    throw error;
  }
}

/** Marks a checkout ended and, for a payment, fails it with `failure` (when still pending). */
async function closeCheckout(
  db: Db,
  {
    checkoutId,
    paymentKey,
    status,
    failure,
    context,
  }: { checkoutId: number; paymentKey: string | null; status: 'expired'; failure: CheckoutFailure; context: SettlementContext },
) {
  await db.update(checkoutSession).set({ status, updatedAt: new Date() }).where(eq(checkoutSession.id, checkoutId));
  if (!paymentKey) return;
  const result: ChargeResult = { status: 'failed', providerRef: null, cardBrand: null, cardLast4: null, declineCode: 'processing_error' };
  await settleProviderCharge({ db, idempotencyKey: paymentKey, result, context, failureReason: failure });
}

export type SyncOutcome = 'succeeded' | 'failed' | 'pending' | 'processing' | 'mismatch' | 'unknown';

/**
 * Reads checkout `checkout` back from the provider and records what it says: a paid session
 * settles its payment (allocated, receipt); a complete setup turns autopay on with the saved
 * card (once); an expired one fails its payment with `closedAs` (default `checkout_expired`); an
 * open one changes nothing. A provider record whose key or amount is not ours is refused and
 * logged (`mismatch`). Throws `PaymentProviderError` when the provider cannot be reached, and
 * database errors.
 */
export async function syncCheckout({
  db,
  provider,
  checkout,
  context,
  closedAs = 'checkout_expired',
}: {
  db: Db;
  provider: PaymentProvider;
  checkout: CheckoutRow;
  context: SettlementContext;
  closedAs?: CheckoutFailure;
}): Promise<SyncOutcome> {
  const [paid] = checkout.paymentId === null ? [] : await db.select().from(payment).where(eq(payment.id, checkout.paymentId));
  if (checkout.purpose !== 'autopay_setup' && !paid) return 'unknown';
  // What settles: a payment's own key, or an application attempt's key (its payments are `<key>:<kind>`).
  const paymentKey = checkout.purpose === 'autopay_setup' ? null : checkout.providerKey;
  const current = async (): Promise<SyncOutcome> => {
    if (paid) {
      const [after] = await db.select({ status: payment.status }).from(payment).where(eq(payment.id, paid.id));
      return statusOf(after?.status ?? 'pending');
    }
    const [after] = await db.select({ status: checkoutSession.status }).from(checkoutSession).where(eq(checkoutSession.id, checkout.id));
    return after?.status === 'complete' ? 'succeeded' : after?.status === 'expired' ? 'failed' : 'pending';
  };
  if (!checkout.sessionRef) return current();
  const state = await provider.findCheckout(checkout.sessionRef);
  if (!state) {
    context.logger.warn({ checkoutId: checkout.id, ref: checkout.sessionRef }, 'checkout unknown to the provider');
    if (checkout.expiresAt.getTime() > Date.now()) return 'pending';
    await closeCheckout(db, { checkoutId: checkout.id, paymentKey, status: 'expired', failure: closedAs, context });
    return current();
  }
  if (state.idempotencyKey !== checkout.providerKey || state.amountCents !== checkout.amountCents) {
    context.logger.error(
      { checkoutId: checkout.id, ref: state.ref, providerAmount: state.amountCents, amount: checkout.amountCents },
      'checkout refused: the provider’s session does not match ours',
    );
    return 'mismatch';
  }
  if (checkout.purpose === 'autopay_setup') {
    if (state.status === 'complete' && state.saved) {
      await activateAutopayFromCheckout(db, { checkout, saved: state.saved, providerName: provider.name });
    } else if (state.status === 'expired') {
      await closeCheckout(db, { checkoutId: checkout.id, paymentKey: null, status: 'expired', failure: closedAs, context });
    }
    return current();
  }
  if (state.status !== checkout.status) {
    await db.update(checkoutSession).set({ status: state.status, updatedAt: new Date() }).where(eq(checkoutSession.id, checkout.id));
  }
  if (state.result?.status === 'processing' && paid?.status === 'processing') {
    // Still in flight: nothing to record; the reconciler asks again later.
    await db.update(checkoutSession).set({ updatedAt: new Date() }).where(eq(checkoutSession.id, checkout.id));
  } else if (state.result) {
    await settleProviderCharge({ db, idempotencyKey: paymentKey!, result: state.result, context });
  } else if (state.status === 'expired') {
    await closeCheckout(db, { checkoutId: checkout.id, paymentKey, status: 'expired', failure: closedAs, context });
  }
  return current();
}

/**
 * Turns autopay on with the card a setup session saved, once: the checkout moves from `open` to
 * `complete` in the same transaction that writes the autopay, so replays write nothing.
 */
async function activateAutopayFromCheckout(
  db: Db,
  { checkout, saved, providerName }: { checkout: CheckoutRow; saved: SavedCard; providerName: string },
): Promise<void> {
  if (checkout.leaseId === null || checkout.payerId === null || checkout.dayOfMonth === null) return;
  const { leaseId, payerId, dayOfMonth } = checkout;
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(checkoutSession)
      .set({ status: 'complete', updatedAt: new Date() })
      .where(and(eq(checkoutSession.id, checkout.id), eq(checkoutSession.status, 'open')))
      .returning({ id: checkoutSession.id });
    if (!claimed) return;
    await activateAutopay(tx, {
      leaseId,
      userId: payerId,
      provider: providerName,
      saved,
      dayOfMonth,
      origin: { ip: 'provider-checkout', userAgent: 'payment provider' },
    });
  });
}

function statusOf(status: (typeof payment.$inferSelect)['status']): SyncOutcome {
  if (status === 'processing') return 'processing';
  return status === 'succeeded' || status === 'refunded' ? 'succeeded' : status === 'failed' ? 'failed' : 'pending';
}

/**
 * The checkout the provider's session `ref` belongs to, synced (the Stripe webhook's
 * `checkout.session.*` events and the sandbox's test page): `unknown` when no checkout of ours
 * has that reference (answered 2xx and logged by the caller, never applied).
 */
export async function syncCheckoutByRef({
  db,
  provider,
  ref,
  context,
}: {
  db: Db;
  provider: PaymentProvider;
  ref: string;
  context: SettlementContext;
}): Promise<SyncOutcome> {
  const [row] = await db
    .select()
    .from(checkoutSession)
    .where(and(eq(checkoutSession.provider, provider.name), eq(checkoutSession.sessionRef, ref)));
  if (!row) return 'unknown';
  return syncCheckout({ db, provider, checkout: row, context });
}

/** What the return page shows: the payment as it stands after asking the provider. */
export type CheckoutReturn = {
  paymentId: number;
  leaseId: number;
  amountCents: number;
  status: 'succeeded' | 'failed' | 'pending' | 'processing';
  failureReason: string | null;
  /** True while the hosted page can still be paid (the "Back to payment" link). */
  url: string | null;
  /** The lease whose amount due at signing this paid, while it waits for the signature ("Continue to signing"). */
  signingLeaseId: number | null;
};

/**
 * The payer's view of payment `paymentId` when they come back from the hosted checkout. Only the
 * payer may see it (null otherwise: 404). `cancelled` (the payer chose "back" on the hosted page)
 * asks the provider to close the session; whether it was paid is still the provider's answer.
 * A provider that cannot be reached leaves the payment as it stands (`pending`).
 */
export async function findCheckoutReturn({
  db,
  provider,
  viewer,
  paymentId,
  cancelled,
  context,
}: {
  db: Db;
  provider: PaymentProvider;
  viewer: Pick<Viewer, 'id'>;
  paymentId: number;
  cancelled: boolean;
  context: SettlementContext;
}): Promise<CheckoutReturn | null> {
  const [row] = await db
    .select({ payment, checkout: checkoutSession })
    .from(payment)
    .innerJoin(checkoutSession, eq(checkoutSession.paymentId, payment.id))
    .where(and(eq(payment.id, paymentId), eq(payment.payerId, viewer.id)));
  if (!row || row.payment.leaseId === null) return null;
  if ((row.payment.status === 'pending' || row.payment.status === 'processing') && row.checkout.provider === provider.name) {
    try {
      if (cancelled && row.checkout.status === 'open' && row.checkout.sessionRef) await provider.expireCheckout(row.checkout.sessionRef);
      await syncCheckout({
        db,
        provider,
        checkout: row.checkout,
        context,
        closedAs: cancelled ? 'checkout_cancelled' : 'checkout_expired',
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      context.logger.warn({ err: error, paymentId }, 'checkout return: provider unavailable');
    }
  }
  const [after] = await db
    .select({ payment, checkout: checkoutSession })
    .from(payment)
    .innerJoin(checkoutSession, eq(checkoutSession.paymentId, payment.id))
    .where(eq(payment.id, paymentId));
  if (!after) return null;
  const status = statusOf(after.payment.status);
  return {
    paymentId,
    leaseId: after.payment.leaseId!,
    amountCents: after.payment.amountCents,
    status: status as CheckoutReturn['status'],
    failureReason: after.payment.failureReason,
    url: after.checkout.status === 'open' && status === 'pending' ? after.checkout.url : null,
    signingLeaseId: after.payment.idempotencyKey.startsWith(`lease:${after.payment.leaseId}:signing:`) ? after.payment.leaseId : null,
  };
}

/**
 * Settles checkouts whose webhook was lost (decision 049): open sessions past their expiry,
 * sessions opened more than `olderThanMs` ago whose payment is still pending, and bank debits in
 * flight not asked about for `olderThanMs` (decision 050) are read back from the provider (oldest
 * first, at most `limit`). Returns how many payments changed. Run by the
 * outbox worker beside the application reconciler; a provider outage leaves them for the next run.
 */
export async function reconcileCheckouts({
  db,
  provider,
  context,
  now = new Date(),
  olderThanMs = 10 * 60_000,
  limit = 50,
}: ReconcilerArgs): Promise<number> {
  const stale = sql`${now.toISOString()}::timestamptz - make_interval(secs => ${olderThanMs / 1000})`;
  const rows = await db
    .select({ checkout: checkoutSession })
    .from(checkoutSession)
    .leftJoin(payment, eq(payment.id, checkoutSession.paymentId))
    .where(
      and(
        eq(checkoutSession.provider, provider.name),
        or(
          and(
            // A payment still pending, or a setup still open…
            or(eq(payment.status, 'pending'), and(eq(checkoutSession.purpose, 'autopay_setup'), eq(checkoutSession.status, 'open'))),
            // …past its expiry, or opened a while ago.
            or(and(eq(checkoutSession.status, 'open'), lt(checkoutSession.expiresAt, now)), lt(checkoutSession.createdAt, stale)),
          ),
          // A bank debit in flight not asked about for a while (each ask touches `updated_at`).
          and(eq(payment.status, 'processing'), lt(checkoutSession.updatedAt, stale)),
        ),
      ),
    )
    .orderBy(asc(checkoutSession.id))
    .limit(limit);
  let changed = 0;
  for (const { checkout } of rows) {
    try {
      const outcome = await syncCheckout({ db, provider, checkout, context });
      if (outcome === 'succeeded' || outcome === 'failed') {
        changed += 1;
        context.logger.warn({ checkoutId: checkout.id, paymentId: checkout.paymentId, outcome }, 'checkout reconciled');
      }
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      context.logger.warn({ err: error, checkoutId: checkout.id }, 'checkout reconciliation: provider unavailable');
      break;
    }
  }
  return changed;
}

// ---------------------------------------------------------------------------------------------
// Autopay: a card saved on the hosted page (Checkout's setup mode)
// ---------------------------------------------------------------------------------------------

/** The page a tenant returns to after saving (or not) a card for autopay. */
export function autopayReturnPath(checkoutId: number, cancelled = false): string {
  return `/tenant-portal/autopay/${checkoutId}${cancelled ? '?cancelled=1' : ''}`;
}

export type StartAutopayRefusal = 'not_found' | 'not_active' | 'invalid_day' | 'provider_unavailable' | 'checkout_busy';
export type StartAutopayOutcome = { ok: true; checkoutId: number; url: string } | { ok: false; reason: StartAutopayRefusal };

/**
 * Opens the hosted page where a tenant saves a card for autopay on a lease they signed, charged
 * on `dayOfMonth` (1–28) once the card is saved (`syncCheckout` turns autopay on). One open setup
 * per lease and payer: a second click with the same day goes to the same page, another day closes
 * the old one. The provider's customer of an earlier autopay is reused. Throws only for database
 * errors.
 */
export async function startAutopayCheckout({
  db,
  provider,
  viewer,
  leaseId,
  dayOfMonth,
  locale,
  context,
  now = new Date(),
}: {
  db: Db;
  provider: PaymentProvider;
  viewer: Pick<Viewer, 'id' | 'email'>;
  leaseId: number;
  dayOfMonth: number;
  locale: 'en' | 'it';
  context: SettlementContext;
  now?: Date;
}): Promise<StartAutopayOutcome> {
  if (!isAutopayDay(dayOfMonth)) return { ok: false, reason: 'invalid_day' };
  const found = await findTenantLease(db, viewer, leaseId);
  if (!found) return { ok: false, reason: 'not_found' };
  if (found.status !== 'active') return { ok: false, reason: 'not_active' };

  for (let attempt = 0; attempt < 3; attempt += 1) {
    const open = await findOpenCheckout(db, { leaseId, payerId: viewer.id, purpose: 'autopay_setup' });
    if (open) {
      const url = open.url ?? (await waitForCheckoutUrl(db, open.id));
      if (url && open.expiresAt.getTime() > now.getTime() && open.dayOfMonth === dayOfMonth) return { ok: true, checkoutId: open.id, url };
      if (!url && open.createdAt.getTime() > now.getTime() - 60_000) return { ok: false, reason: 'checkout_busy' };
      if (!(await replaceOpenCheckout({ db, provider, checkout: open, context }))) return { ok: false, reason: 'provider_unavailable' };
      continue;
    }

    const expiresAt = new Date(now.getTime() + CHECKOUT_LIFETIME_MS);
    const providerKey = `autopay:${leaseId}:${randomUUID()}`;
    let checkoutId: number;
    try {
      const [row] = await db
        .insert(checkoutSession)
        .values({
          purpose: 'autopay_setup',
          provider: provider.name,
          providerKey,
          payerId: viewer.id,
          leaseId,
          amountCents: 0,
          dayOfMonth,
          expiresAt,
        })
        .returning({ id: checkoutSession.id });
      checkoutId = row!.id;
    } catch (error) {
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    const [earlier] = await db
      .select({ customerRef: autopay.customerRef })
      .from(autopay)
      .where(and(eq(autopay.userId, viewer.id), eq(autopay.provider, provider.name), isNotNull(autopay.customerRef)))
      .orderBy(desc(autopay.id))
      .limit(1);
    const { label } = await leaseUnitLabel(db, leaseId);
    try {
      const session = await provider.createCheckout({
        idempotencyKey: providerKey,
        mode: 'setup',
        amountCents: 0,
        currency: 'USD',
        description: `Autopay · ${label}`,
        metadata: { lease_id: String(leaseId), day_of_month: String(dayOfMonth) },
        successUrl: new URL(autopayReturnPath(checkoutId), context.publicUrl).href,
        cancelUrl: new URL(autopayReturnPath(checkoutId, true), context.publicUrl).href,
        locale,
        customerEmail: viewer.email,
        customerRef: earlier?.customerRef ?? null,
        methods: LEASE_CHECKOUT_METHODS,
        expiresAt,
      });
      await db
        .update(checkoutSession)
        .set({ sessionRef: session.ref, url: session.url, updatedAt: new Date() })
        .where(eq(checkoutSession.id, checkoutId));
      return { ok: true, checkoutId, url: session.url };
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      context.logger.warn({ err: error, checkoutId }, 'autopay checkout could not be opened');
      await closeCheckout(db, { checkoutId, paymentKey: null, status: 'expired', failure: 'checkout_unavailable', context });
      return { ok: false, reason: 'provider_unavailable' };
    }
  }
  return { ok: false, reason: 'checkout_busy' };
}

/** What the autopay return page shows: whether the card was saved, and the autopay it turned on. */
export type AutopayCheckoutReturn = {
  checkoutId: number;
  status: 'succeeded' | 'failed' | 'pending';
  dayOfMonth: number;
  card: { brand: string | null; last4: string | null } | null;
  /** The hosted page while it can still be used. */
  url: string | null;
};

/**
 * The tenant's view of setup checkout `checkoutId` on coming back: read from the provider (the
 * query string is never trusted; `cancelled` only asks the provider to close an open session).
 * Null when it is not the viewer's (404).
 */
export async function findAutopayCheckoutReturn({
  db,
  provider,
  viewer,
  checkoutId,
  cancelled,
  context,
}: {
  db: Db;
  provider: PaymentProvider;
  viewer: Pick<Viewer, 'id'>;
  checkoutId: number;
  cancelled: boolean;
  context: SettlementContext;
}): Promise<AutopayCheckoutReturn | null> {
  const read = async () => {
    const [row] = await db
      .select()
      .from(checkoutSession)
      .where(and(eq(checkoutSession.id, checkoutId), eq(checkoutSession.payerId, viewer.id), eq(checkoutSession.purpose, 'autopay_setup')));
    return row ?? null;
  };
  const row = await read();
  if (!row || row.leaseId === null) return null;
  if (row.status === 'open' && row.provider === provider.name) {
    try {
      if (cancelled && row.sessionRef) await provider.expireCheckout(row.sessionRef);
      await syncCheckout({ db, provider, checkout: row, context, closedAs: cancelled ? 'checkout_cancelled' : 'checkout_expired' });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      context.logger.warn({ err: error, checkoutId }, 'autopay return: provider unavailable');
    }
  }
  const after = (await read())!;
  const [active] =
    after.status === 'complete'
      ? await db
          .select({ brand: autopay.cardBrand, last4: autopay.cardLast4 })
          .from(autopay)
          .where(and(eq(autopay.leaseId, after.leaseId!), eq(autopay.active, true)))
      : [];
  return {
    checkoutId,
    status: after.status === 'complete' ? 'succeeded' : after.status === 'expired' ? 'failed' : 'pending',
    dayOfMonth: after.dayOfMonth ?? 1,
    card: active ?? null,
    url: after.status === 'open' ? after.url : null,
  };
}
