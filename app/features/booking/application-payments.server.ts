/**
 * Placing an application and paying for it without losing anything (decision 009, DESIGN §4):
 *
 * 1. Transaction A writes the application (status `submitted`) and, when something is due now,
 *    one `pending` payment row per kind (application fee, deposit) for this charge attempt.
 *    `ON CONFLICT (idempotency_key) DO NOTHING` + `SELECT … FOR UPDATE` make a repeated or
 *    concurrent submission with the same key find the same application instead of a second one.
 * 2. The attempt is paid on the provider's hosted checkout (decision 049), opened once per attempt
 *    with the attempt's idempotency key; the applicant's browser goes there and comes back to
 *    /payment-success.
 * 3. Transaction B (`settleAttempt`, called when the provider's record says how the checkout
 *    ended: the webhook, the receipt page or the checkout reconciler) marks the attempt's payments
 *    succeeded or failed and, on success, writes the confirmation e-mail and staff notification
 *    to the outbox in the same transaction.
 *
 * The same submission again (a double click, a reload, a second tab) finds the same application
 * and the same checkout. Attempts charged directly by an older build are settled by
 * `reconcilePendingPayments`. A declined attempt stays `failed` and turns a `submitted`
 * application into `payment_failed` (decision 020): it waits, unpaid, for another attempt
 * (a new key suffix) or for "pay at signing", which make it `submitted` again, and the daily job
 * `expireUnpaidApplications` expires it 7 days after its last change. An `expired` application
 * is never revived: the same submission again (same key) is answered like a new submission (see
 * `retireExpiredApplication`).
 *
 * No card number or CVC is written anywhere: payments keep brand and last 4 only. Importable by
 * plain tsx (the worker): no i18n or Vite-only imports.
 */
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Language } from '~/lib/constants';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Db } from '~/server/db/client.server';
import { application, checkoutSession, payment, property } from '~/server/db/schema';
import { isUniqueViolation } from '~/server/db/rows.server';
import { waitForCheckoutUrl } from '~/server/payments/checkout-rows.server';
import type { Logger } from '~/server/logger.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import { PaymentProviderError, settledPaymentColumns, type ChargeResult, type PaymentProvider } from '~/server/payments/payment-provider';
import type { ChooseStep, DetailsStep } from './booking.schemas';
import type { PaymentMethodChoice } from './booking.fields';
import type { FeeQuote } from './fees';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

/** `DIM-` + 8 characters of Crockford base32 (no I, L, O, U): 40 random bits, easy to read aloud. */
export function createApplicationReference(): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let out = 'DIM-';
  for (let i = 0; i < 8; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/** True for a string shaped like an application reference. */
export function isApplicationReference(value: unknown): value is string {
  return typeof value === 'string' && /^DIM-[0-9A-HJKMNP-TV-Z]{8}$/.test(value);
}

/** A validated application, ready to be placed (see `submitApplication` for validation). */
export type PlaceApplicationInput = {
  propertyId: number;
  userId: string | null;
  locale: Language;
  stay: ChooseStep;
  details: DetailsStep;
  paymentMethod: PaymentMethodChoice;
  /** Computed on the server from the database (never from the form). */
  quote: FeeQuote;
  idempotencyKey: string;
};

export type PlaceOutcome =
  | { ok: true; applicationId: number; reference: string; replayed: boolean }
  /** Something is due now: the applicant pays it on the provider's hosted page at `url` (decision 049). */
  | { ok: false; reason: 'checkout'; applicationId: number; reference: string; url: string }
  /** The provider could not be reached: payments stay pending; the same submission may be retried. */
  | { ok: false; reason: 'provider_error'; applicationId: number }
  /** This submission's checkout has ended and its outcome is not recorded yet (the webhook or the reconciler will). */
  | { ok: false; reason: 'in_progress'; applicationId: number }
  /** The key belongs to an application for another property. */
  | { ok: false; reason: 'conflict' };

/** Where completion e-mails link to and who is recorded in the audit log. */
export type CompletionContext = { publicUrl: string; origin: RequestOrigin; logger: Pick<Logger, 'info' | 'warn' | 'error'> };

type AttemptPlan =
  | { kind: 'done'; applicationId: number; reference: string; replayed: boolean }
  | { kind: 'charge'; applicationId: number; reference: string; attemptKey: string; amountCents: number }
  | { kind: 'in_progress'; applicationId: number }
  | { kind: 'conflict' };

const PAYMENT_KINDS = ['application_fee', 'deposit'] as const;

function attemptKeyOf(paymentKey: string): string {
  return paymentKey.slice(0, paymentKey.lastIndexOf(':'));
}

function paymentKeysOf(attemptKey: string): string[] {
  return PAYMENT_KINDS.map((kind) => `${attemptKey}:${kind}`);
}

function applicationColumns(input: PlaceApplicationInput) {
  const { stay, details, quote } = input;
  return {
    moveIn: stay.moveIn,
    moveOut: stay.moveOut,
    adults: stay.adults,
    children: stay.children,
    firstName: details.firstName,
    lastName: details.lastName,
    email: details.email,
    phone: details.phone,
    currentAddress: details.currentAddress,
    city: details.city,
    zipCode: details.zipCode,
    country: details.country,
    specialRequests: details.specialRequests || null,
    paymentMethod: input.paymentMethod,
    leaseMonths: quote.leaseMonths,
    monthlyRentCents: quote.monthlyRentCents,
    depositCents: quote.depositCents,
    applicationFeeCents: quote.applicationFeeCents,
    dueNowCents: quote.dueNowCents,
    dueAtSigningCents: quote.dueAtSigningCents,
    locale: input.locale,
  };
}

/** The payments of one application: whether one succeeded, the attempt still pending, attempts so far. */
async function paymentState(tx: Executor, applicationId: number) {
  const rows = await tx
    .select({ key: payment.idempotencyKey, status: payment.status, amountCents: payment.amountCents })
    .from(payment)
    .where(eq(payment.applicationId, applicationId));
  const attempts = new Set(rows.map((row) => attemptKeyOf(row.key)));
  // The highest attempt number (`<key>:<n>`): after an expired application, numbers start higher.
  const lastAttempt = Math.max(0, ...[...attempts].map((key) => Number(key.slice(key.lastIndexOf(':') + 1)) || 0));
  const pending = rows.filter((row) => row.status === 'pending');
  const pendingAttempt = pending[0] ? attemptKeyOf(pending[0].key) : null;
  return {
    succeeded: rows.some((row) => row.status === 'succeeded'),
    pendingAttempt,
    pendingCents: pending.filter((row) => attemptKeyOf(row.key) === pendingAttempt).reduce((sum, row) => sum + row.amountCents, 0),
    attempts: attempts.size,
    lastAttempt,
  };
}

type AppRow = typeof application.$inferSelect;

/**
 * Writes what a complete application causes, inside the caller's transaction: `payment_failed`
 * back to `submitted`, the applicant's confirmation e-mail and the staff notification (outbox),
 * and an audit entry.
 */
async function completeApplication(tx: Tx, app: AppRow, context: CompletionContext): Promise<void> {
  // Paid at last (or switched to "pay at signing"): a declined application is an ordinary one again.
  if (app.status === 'payment_failed') {
    await tx.update(application).set({ status: 'submitted', updatedAt: new Date() }).where(eq(application.id, app.id));
  }
  const [home] = await tx
    .select({ title: property.title, titleIt: property.titleIt, city: property.city })
    .from(property)
    .where(eq(property.id, app.propertyId));
  const [paid] = await tx
    .select({ brand: payment.cardBrand, last4: payment.cardLast4 })
    .from(payment)
    .where(and(eq(payment.applicationId, app.id), eq(payment.status, 'succeeded')))
    .orderBy(desc(payment.id))
    .limit(1);
  const titles = { en: home?.title ?? `#${app.propertyId}`, it: home?.titleIt ?? home?.title ?? `#${app.propertyId}` };
  const depositPaidNow = app.paymentMethod === 'card' && app.dueNowCents > app.applicationFeeCents;
  await enqueueOutbox(tx, [
    {
      topic: 'mail.application_confirmation',
      payload: {
        to: app.email,
        locale: app.locale,
        firstName: app.firstName,
        reference: app.reference,
        propertyTitle: app.locale === 'it' ? titles.it : titles.en,
        propertyCity: home?.city ?? '',
        moveIn: app.moveIn,
        moveOut: app.moveOut,
        leaseMonths: app.leaseMonths,
        monthlyRentCents: app.monthlyRentCents,
        depositCents: app.depositCents,
        applicationFeeCents: app.applicationFeeCents,
        paymentMethod: app.paymentMethod,
        paidNowCents: app.dueNowCents,
        depositPaidNow,
        dueAtSigningCents: app.dueAtSigningCents,
        cardBrand: paid?.brand ?? null,
        cardLast4: paid?.last4 ?? null,
        contactUrl: `${context.publicUrl.replace(/\/+$/, '')}/contact`,
      },
    },
    {
      topic: 'notification.application_submitted',
      payload: {
        applicationId: app.id,
        reference: app.reference,
        propertyId: app.propertyId,
        propertyTitles: titles,
        applicantName: `${app.firstName} ${app.lastName}`,
        moveIn: app.moveIn,
        applicantUserId: app.userId,
      },
    },
  ]);
  await recordAuditEvent({
    db: tx,
    userId: app.userId,
    action: 'application_submitted',
    tableName: 'application',
    origin: context.origin,
    values: {
      application_id: app.id,
      reference: app.reference,
      property_id: app.propertyId,
      payment_method: app.paymentMethod,
      paid_cents: app.dueNowCents,
    },
  });
}

/** Transaction A: the application row (found or created) and the attempt to charge, if any. */
async function prepareAttempt(
  db: Db,
  input: PlaceApplicationInput,
  providerName: string,
  context: CompletionContext,
): Promise<AttemptPlan> {
  return db.transaction(async (tx): Promise<AttemptPlan> => {
    let app: AppRow | undefined;
    let created = false;
    // Attempt numbers go on from an expired application's, so no payment or provider key repeats.
    let firstAttempt = 1;
    for (let tries = 0; tries < 3 && !app; tries += 1) {
      const [inserted] = await tx
        .insert(application)
        .values({
          ...applicationColumns(input),
          reference: createApplicationReference(),
          propertyId: input.propertyId,
          userId: input.userId,
          idempotencyKey: input.idempotencyKey,
          status: 'submitted',
        })
        .onConflictDoNothing()
        .returning();
      if (inserted) {
        app = inserted;
        created = true;
        break;
      }
      // Either this key exists (a retry) or, once in 10^12, the random reference collided.
      [app] = await tx.select().from(application).where(eq(application.idempotencyKey, input.idempotencyKey)).for('update');
      if (app?.status === 'expired') {
        if (app.propertyId !== input.propertyId) return { kind: 'conflict' };
        firstAttempt = (await retireExpiredApplication(tx, app)) + 1;
        app = undefined;
      }
    }
    if (!app) throw new Error('could not allocate an application reference');
    if (app.propertyId !== input.propertyId) return { kind: 'conflict' };

    if (!created) {
      const state = await paymentState(tx, app.id);
      if (state.succeeded || app.dueNowCents === 0)
        return { kind: 'done', applicationId: app.id, reference: app.reference, replayed: true };
      if (state.pendingAttempt) {
        // Another request (a double click, a second tab) opened this attempt: continue it.
        return {
          kind: 'charge',
          applicationId: app.id,
          reference: app.reference,
          attemptKey: state.pendingAttempt,
          amountCents: state.pendingCents,
        };
      }
      // Earlier attempts were declined: this submission replaces the unpaid application's details.
      [app] = await tx
        .update(application)
        .set({ ...applicationColumns(input), userId: app.userId ?? input.userId, updatedAt: new Date() })
        .where(eq(application.id, app.id))
        .returning();
      if (!app) throw new Error('application vanished while locked');
      if (app.dueNowCents === 0) {
        await completeApplication(tx, app, context);
        return { kind: 'done', applicationId: app.id, reference: app.reference, replayed: false };
      }
      return insertAttempt(tx, app, input, providerName, state.lastAttempt + 1);
    }

    if (app.dueNowCents === 0) {
      await completeApplication(tx, app, context);
      return { kind: 'done', applicationId: app.id, reference: app.reference, replayed: false };
    }
    return insertAttempt(tx, app, input, providerName, firstAttempt);
  });
}

/**
 * An `expired` application found by a submission's key (decision 020). Choice: it is not
 * revived (its dates, fees and 7 days have lapsed, and staff may already have seen it expire);
 * refusing instead would strand the applicant, because the booking page keeps the key with its
 * draft and every retry would be refused again. So the expired row gives up the key (it becomes
 * `<key>:expired:<id>`, kept for the record with its failed payments) and the submission is
 * answered like a new one: a new application with a new reference. Returns the expired row's
 * last attempt number, so the new application's attempts continue after it (payment rows and the
 * provider's idempotency keys are `<key>:<attempt>`; reusing one would replay the old decline).
 * Call in the transaction that holds the row's lock.
 */
async function retireExpiredApplication(tx: Tx, app: AppRow): Promise<number> {
  const state = await paymentState(tx, app.id);
  await tx
    .update(application)
    .set({ idempotencyKey: `${app.idempotencyKey}:expired:${app.id}` })
    .where(eq(application.id, app.id));
  return state.lastAttempt;
}

async function insertAttempt(
  tx: Tx,
  app: AppRow,
  input: PlaceApplicationInput,
  providerName: string,
  attempt: number,
): Promise<AttemptPlan> {
  const attemptKey = `${input.idempotencyKey}:${attempt}`;
  const { quote } = input;
  const rows: { kind: 'application_fee' | 'deposit'; amountCents: number; idempotencyKey: string }[] = [];
  if (quote.applicationFeeCents > 0) {
    rows.push({ kind: 'application_fee', amountCents: quote.applicationFeeCents, idempotencyKey: `${attemptKey}:application_fee` });
  }
  if (quote.depositPaidNow) rows.push({ kind: 'deposit', amountCents: quote.depositCents, idempotencyKey: `${attemptKey}:deposit` });
  await tx.insert(payment).values(
    rows.map((row) => ({
      ...row,
      applicationId: app.id,
      // The unit's building, for /admin/payments filters and a manager's scope.
      buildingId: sql<number>`(select ${property.buildingId} from ${property} where ${property.id} = ${app.propertyId})`,
      payerId: input.userId,
      currency: 'USD',
      status: 'pending' as const,
      provider: providerName,
    })),
  );
  return { kind: 'charge', applicationId: app.id, reference: app.reference, attemptKey, amountCents: quote.dueNowCents };
}

/**
 * Transaction B: records a charge attempt's outcome on its pending payments and, when this call
 * turned them `succeeded`, completes the application (outbox + audit; `payment_failed` becomes
 * `submitted` again); a decline turns a `submitted` application `payment_failed` (updated_at now,
 * which starts its 7 days). Idempotent: payments that
 * are no longer pending are left alone, so a second call with the same outcome writes nothing.
 * Returns whether this call changed anything.
 */
export async function settleAttempt({
  db,
  applicationId,
  attemptKey,
  result,
  context,
  failureReason,
}: {
  db: Db;
  applicationId: number;
  attemptKey: string;
  result: ChargeResult;
  context: CompletionContext;
  /** Stored instead of the decline code (e.g. `not_found_at_provider`). */
  failureReason?: string;
}): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [app] = await tx.select().from(application).where(eq(application.id, applicationId)).for('update');
    if (!app) return false;
    const settled = await tx
      .update(payment)
      .set({ ...settledPaymentColumns(result, failureReason), updatedAt: new Date() })
      .where(and(inArray(payment.idempotencyKey, paymentKeysOf(attemptKey)), eq(payment.status, 'pending')))
      .returning({ id: payment.id });
    if (settled.length === 0) return false;
    if (result.status === 'succeeded' && app.status === 'expired') {
      // A charge that went through after the application expired (a crash, then the reconciler
      // days later): the money is recorded, the application is not revived; staff refund it
      // from /admin/payments.
      context.logger.warn(
        { applicationId: app.id, reference: app.reference, payments: settled.map((row) => row.id) },
        'payment succeeded after the application expired; refund it',
      );
    } else if (result.status === 'succeeded') {
      await completeApplication(tx, app, context);
    } else {
      // Decision 020: a declined application shows as `payment_failed` (and expires after
      // 7 days) instead of `submitted`. Other statuses (a review already started) are left alone.
      if (app.status === 'submitted') {
        await tx.update(application).set({ status: 'payment_failed', updatedAt: new Date() }).where(eq(application.id, app.id));
      }
      await recordAuditEvent({
        db: tx,
        userId: app.userId,
        action: 'payment_declined',
        tableName: 'payment',
        origin: context.origin,
        values: {
          application_id: app.id,
          reference: app.reference,
          reason: failureReason ?? (result.status === 'failed' ? result.declineCode : 'processing'),
          card_brand: result.cardBrand,
          card_last4: result.cardLast4,
        },
      });
    }
    return true;
  });
}

/**
 * Places a validated application and charges what is due now (see the module comment for the
 * three steps). Idempotent per `input.idempotencyKey`: retries and concurrent duplicates return
 * the same application and never charge twice. Throws only for database errors.
 */
export async function placeApplication({
  db,
  provider,
  input,
  context,
}: {
  db: Db;
  provider: PaymentProvider;
  input: PlaceApplicationInput;
  context: CompletionContext;
}): Promise<PlaceOutcome> {
  const plan = await prepareAttempt(db, input, provider.name, context);
  if (plan.kind === 'conflict') return { ok: false, reason: 'conflict' };
  if (plan.kind === 'in_progress') return { ok: false, reason: 'in_progress', applicationId: plan.applicationId };
  if (plan.kind === 'done') return { ok: true, applicationId: plan.applicationId, reference: plan.reference, replayed: plan.replayed };
  return openAttemptCheckout({ db, provider, plan, input, context });
}

/** How long an application's hosted checkout stays payable (Stripe's minimum is 30 minutes; decision 049). */
const APPLICATION_CHECKOUT_LIFETIME_MS = 35 * 60_000;

/** Where the hosted checkout sends an applicant back: the receipt page, which reads the outcome from the provider. */
export function applicationReturnPath(reference: string, cancelled = false): string {
  return `/payment-success?ref=${encodeURIComponent(reference)}${cancelled ? '&cancelled=1' : ''}`;
}

/**
 * The hosted checkout of an attempt (decision 049): the attempt's own session when it has one
 * (a double click, a reload, a second tab), else a new one for the attempt's total, its key being
 * the attempt's key. The outcome is recorded only from the provider's record (the webhook, the
 * receipt page, the reconciler: `syncCheckout`). A provider that cannot open the page fails the
 * attempt (nothing can have been charged) and answers `provider_error`.
 */
async function openAttemptCheckout({
  db,
  provider,
  plan,
  input,
  context,
}: {
  db: Db;
  provider: PaymentProvider;
  plan: Extract<AttemptPlan, { kind: 'charge' }>;
  input: PlaceApplicationInput;
  context: CompletionContext;
}): Promise<PlaceOutcome> {
  const base = { applicationId: plan.applicationId, reference: plan.reference };
  for (let tries = 0; tries < 3; tries += 1) {
    const [existing] = await db.select().from(checkoutSession).where(eq(checkoutSession.providerKey, plan.attemptKey));
    if (existing) {
      if (existing.status !== 'open') return { ok: false, reason: 'in_progress', applicationId: plan.applicationId };
      const url = existing.url ?? (await waitForCheckoutUrl(db, existing.id));
      if (url) return { ok: false, reason: 'checkout', ...base, url };
      return { ok: false, reason: 'in_progress', applicationId: plan.applicationId };
    }
    const [first] = await db
      .select({ id: payment.id })
      .from(payment)
      .where(inArray(payment.idempotencyKey, paymentKeysOf(plan.attemptKey)))
      .orderBy(asc(payment.id))
      .limit(1);
    if (!first) return { ok: false, reason: 'in_progress', applicationId: plan.applicationId };
    // The provider's clock, not the booking's business date (`now` may be pinned by a caller).
    const expiresAt = new Date(Date.now() + APPLICATION_CHECKOUT_LIFETIME_MS);
    let checkoutId: number;
    try {
      const [row] = await db
        .insert(checkoutSession)
        .values({
          purpose: 'application',
          paymentId: first.id,
          provider: provider.name,
          providerKey: plan.attemptKey,
          payerId: input.userId,
          amountCents: plan.amountCents,
          expiresAt,
        })
        .returning({ id: checkoutSession.id });
      checkoutId = row!.id;
    } catch (error) {
      // Another request opened this attempt's checkout between our look and our insert.
      if (isUniqueViolation(error)) continue;
      throw error;
    }
    const publicUrl = context.publicUrl.replace(/\/+$/, '');
    try {
      const session = await provider.createCheckout({
        idempotencyKey: plan.attemptKey,
        amountCents: plan.amountCents,
        currency: 'USD',
        description: `Dimora rental application ${plan.reference}`,
        metadata: { reference: plan.reference, application_id: String(plan.applicationId) },
        successUrl: `${publicUrl}${applicationReturnPath(plan.reference)}`,
        cancelUrl: `${publicUrl}${applicationReturnPath(plan.reference, true)}`,
        locale: input.locale,
        customerEmail: input.details.email,
        methods: ['card'],
        expiresAt,
      });
      await db
        .update(checkoutSession)
        .set({ sessionRef: session.ref, url: session.url, updatedAt: new Date() })
        .where(eq(checkoutSession.id, checkoutId));
      context.logger.info({ applicationId: plan.applicationId, reference: plan.reference }, 'application checkout opened');
      // Who started paying, from where: the completion is recorded later, from the provider's record.
      await recordAuditEvent({
        db,
        userId: input.userId,
        action: 'payment_made',
        tableName: 'payment',
        origin: context.origin,
        values: {
          application_id: plan.applicationId,
          reference: plan.reference,
          amount_cents: plan.amountCents,
          status: 'pending',
          via: 'checkout',
        },
      });
      return { ok: false, reason: 'checkout', ...base, url: session.url };
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      context.logger.error(
        { err: error, applicationId: plan.applicationId, provider: provider.name },
        'application checkout could not be opened; attempt failed, nothing was charged',
      );
      await db.update(checkoutSession).set({ status: 'expired', updatedAt: new Date() }).where(eq(checkoutSession.id, checkoutId));
      const failed: ChargeResult = {
        status: 'failed',
        providerRef: null,
        cardBrand: null,
        cardLast4: null,
        declineCode: 'processing_error',
      };
      await settleAttempt({
        db,
        applicationId: plan.applicationId,
        attemptKey: plan.attemptKey,
        result: failed,
        context,
        failureReason: 'checkout_unavailable',
      });
      return { ok: false, reason: 'provider_error', applicationId: plan.applicationId };
    }
  }
  return { ok: false, reason: 'in_progress', applicationId: plan.applicationId };
}

/**
 * Settles payment attempts left `pending` for longer than `olderThanMs` (a crash or a timeout
 * between the charge and transaction B): asks the provider by the attempt's idempotency key and
 * records its answer; an attempt the provider never saw was never charged and is marked failed
 * (`not_found_at_provider`). Returns how many attempts were settled. Run by the outbox worker.
 */
export async function reconcilePendingPayments({
  db,
  provider,
  context,
  olderThanMs = 10 * 60_000,
  limit = 50,
}: {
  db: Db;
  provider: PaymentProvider;
  context: CompletionContext;
  olderThanMs?: number;
  limit?: number;
}): Promise<number> {
  const rows = await db
    .select({ applicationId: payment.applicationId, key: payment.idempotencyKey })
    .from(payment)
    .where(
      and(
        eq(payment.status, 'pending'),
        eq(payment.provider, provider.name),
        lt(payment.createdAt, sql`now() - make_interval(secs => ${olderThanMs / 1000})`),
        // Attempts paid on a hosted checkout are the checkout reconciler's (decision 049).
        // (the attempt's key is the payment's key without its `:<kind>` suffix).
        notExists(
          db
            .select({ one: sql`1` })
            .from(checkoutSession)
            .where(eq(checkoutSession.providerKey, sql`regexp_replace(${payment.idempotencyKey}, ':[^:]*$', '')`)),
        ),
      ),
    )
    .orderBy(asc(payment.id))
    .limit(limit);
  const attempts = new Map<string, number>();
  for (const row of rows) if (row.applicationId !== null) attempts.set(attemptKeyOf(row.key), row.applicationId);
  let settled = 0;
  for (const [attemptKey, applicationId] of attempts) {
    const found = await provider.findCharge(attemptKey);
    const result: ChargeResult = found ?? {
      status: 'failed',
      providerRef: null,
      cardBrand: null,
      cardLast4: null,
      declineCode: 'processing_error',
    };
    const changed = await settleAttempt({
      db,
      applicationId,
      attemptKey,
      result,
      context,
      failureReason: found ? undefined : 'not_found_at_provider',
    });
    if (changed) {
      settled += 1;
      context.logger.warn({ applicationId, outcome: result.status, found: Boolean(found) }, 'pending payment reconciled');
    }
  }
  return settled;
}
