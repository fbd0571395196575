/**
 * The booking flow's service (spec §2 /booking/{id}, §3 "Application form", §4 "Application
 * summary"; decision 009): validates each step, quotes the fees,
 * submits and pays an application, and reads receipts and an applicant's applications.
 * Everything money-related comes from the database; posted prices, fees or property ids are
 * never read.
 */
import { isAdmin, isPropertyManager } from '~/lib/access';
import { timingSafeEqual } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ZodError } from 'zod';
import { findPublicProperty, type PublicPropertyDetail } from '~/features/listings/listings.server';
import { getT } from '~/i18n/translate.server';
import type { Role } from '~/lib/access';
import type { Language } from '~/lib/constants';
import { intlLocale } from '~/lib/i18n';
import type { FieldErrors } from '~/lib/form-fields';
import type { Db } from '~/server/db/client.server';
import { application, checkoutSession, payment, property, user } from '~/server/db/schema';
import { translateIssues } from '~/server/http/form.server';
import type { PaymentProvider } from '~/server/payments/payment-provider';
import { placeApplication, type CompletionContext } from './application-payments.server';
import {
  CHOOSE_FIELDS,
  COUNTRY_CODES,
  DEFAULT_COUNTRY,
  DETAILS_FIELDS,
  PAYMENT_CHOICE_FIELDS,
  type BookingField,
  type BookingStep,
  type DraftValues,
} from './booking.fields';
import {
  bookingToday,
  chooseStepSchema,
  detailsStepSchema,
  idempotencyKeySchema,
  paymentStepSchema,
  type ChooseStep,
  type DetailsStep,
  type PaymentStep,
  type StayRules,
} from './booking.schemas';
import { readFeeSettings } from './fee-settings.server';
import { quoteApplication, type FeeQuote, type FeeSettings } from './fees';

/** The home being applied for, as the flow shows it (no street address). */
export type BookingProperty = Pick<
  PublicPropertyDetail,
  | 'id'
  | 'title'
  | 'city'
  | 'state'
  | 'price'
  | 'status'
  | 'maxOccupants'
  | 'availableDate'
  | 'imageUrls'
  | 'bedrooms'
  | 'bathrooms'
  | 'propertyType'
>;

/** The home with this id in `lang`, or null when there is none (the route answers 404). */
export async function findBookingProperty({ db, id, lang }: { db: Db; id: number; lang: Language }): Promise<BookingProperty | null> {
  const found = await findPublicProperty({ db, id, lang });
  if (!found) return null;
  const { title, city, state, price, status, maxOccupants, availableDate, imageUrls, bedrooms, bathrooms, propertyType } = found;
  return { id, title, city, state, price, status, maxOccupants, availableDate, imageUrls, bedrooms, bathrooms, propertyType };
}

/** What step 1 allows for `home` at `now` (UTC). */
export function stayRulesFor(home: Pick<BookingProperty, 'maxOccupants' | 'availableDate'>, now: Date): StayRules {
  return { maxOccupants: home.maxOccupants, availableFrom: home.availableDate, today: bookingToday(now) };
}

export type StepCheck<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors<BookingField> };

function check<T>(result: { success: true; data: T } | { success: false; error: ZodError }, locale: Language): StepCheck<T> {
  return result.success ? { ok: true, data: result.data } : { ok: false, errors: translateIssues<BookingField>(result.error, locale) };
}

function pick(values: Partial<Record<BookingField, string>>, fields: readonly BookingField[]) {
  return Object.fromEntries(fields.map((field) => [field, values[field] ?? ''])) as Record<string, string>;
}

/** What the checks of the draft's first steps read: its answers, the home, the language of the messages, and the instant. */
type DraftCheckInput = { values: DraftValues; home: BookingProperty; locale: Language; now: Date };

/** Validates step 1 (the stay) for `home`; messages in `locale`. */
export function checkChooseStep({ values, home, locale, now }: DraftCheckInput): StepCheck<ChooseStep> {
  return check(chooseStepSchema(stayRulesFor(home, now)).safeParse(pick(values, CHOOSE_FIELDS)), locale);
}

/** Validates step 2 (the applicant); messages in `locale`. */
export function checkDetailsStep({ values, locale }: { values: DraftValues; locale: Language }): StepCheck<DetailsStep> {
  return check(detailsStepSchema.safeParse(pick(values, DETAILS_FIELDS)), locale);
}

/** Validates step 3 (payment method; the card is given on the hosted page); messages in `locale`. */
export function checkPaymentStep({
  values,
  locale,
}: {
  values: Partial<Record<BookingField, string>>;
  locale: Language;
}): StepCheck<PaymentStep> {
  const input = pick(values, [...PAYMENT_CHOICE_FIELDS]);
  return check(paymentStepSchema.safeParse({ ...input, paymentMethod: input.paymentMethod || 'card' }), locale);
}

/** The first step whose answers are missing or invalid, or null when steps 1 and 2 are complete. */
export function firstIncompleteStep(input: DraftCheckInput): BookingStep | null {
  if (!checkChooseStep(input).ok) return 'choose';
  if (!checkDetailsStep(input).ok) return 'details';
  return null;
}

/** The fee rules and, for a complete stay, the quote for a payment choice (summary, spec §4). */
export async function quoteForDraft({
  db,
  home,
  stay,
  paymentMethod,
  payDepositNow,
}: {
  db: Db;
  home: Pick<BookingProperty, 'price'>;
  stay: Pick<ChooseStep, 'moveIn' | 'moveOut'>;
  paymentMethod: 'card' | 'pay_at_signing';
  payDepositNow: boolean;
}): Promise<{ settings: FeeSettings; quote: FeeQuote }> {
  const settings = await readFeeSettings({ db });
  return {
    settings,
    quote: quoteApplication({
      monthlyRentUsd: home.price,
      moveIn: stay.moveIn,
      moveOut: stay.moveOut,
      settings,
      paymentMethod,
      payDepositNow,
    }),
  };
}

/** Prefill for a signed-in applicant: names, e-mail, phone and address from their profile. */
export async function findApplicantPrefill({ db, userId }: { db: Db; userId: string }): Promise<DraftValues> {
  const [row] = await db
    .select({
      firstName: user.firstName,
      lastName: user.lastName,
      name: user.name,
      email: user.email,
      phone: user.phone,
      address: user.address,
    })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) return {};
  const [first = '', ...rest] = row.name.trim().split(/\s+/);
  const out: DraftValues = {
    firstName: row.firstName ?? first,
    lastName: row.lastName ?? rest.join(' '),
    email: row.email,
  };
  if (row.phone) out.phone = row.phone;
  if (row.address) out.currentAddress = row.address;
  return out;
}

export type SubmitOutcome =
  | { ok: true; reference: string; replayed: boolean }
  /** Something to correct: errors per field (translated), and the first step holding one. */
  | { ok: false; reason: 'invalid'; step: BookingStep; errors: FieldErrors<BookingField> }
  | { ok: false; reason: 'unavailable'; errors: FieldErrors<BookingField> }
  /** Something is due now: pay it on the provider's hosted page at `url` (decision 049); `reference` is the application's. */
  | { ok: false; reason: 'checkout'; url: string; reference: string; errors: FieldErrors<BookingField> }
  /** The checkout could not be opened, or the application is not paid yet. */
  | { ok: false; reason: 'provider_error' | 'in_progress' | 'conflict'; errors: FieldErrors<BookingField> };

type SubmitOptions = {
  db: Db;
  provider: PaymentProvider;
  /** The home from the URL's id (`findBookingProperty`), never from the form. */
  home: BookingProperty;
  /** Every posted field (no card: it is given on the provider's hosted page). */
  values: Partial<Record<BookingField, string>>;
  idempotencyKey: string;
  userId: string | null;
  locale: Language;
  context: CompletionContext;
  now?: Date;
};

/** Is there a completed application for this key and home (a retry after success)? */
async function completedReference(db: Db, idempotencyKey: string, propertyId: number): Promise<string | null> {
  const [row] = await db
    .select({
      reference: application.reference,
      dueNow: application.dueNowCents,
      paid: sql<boolean>`exists (select 1 from ${payment} where ${payment.applicationId} = ${application.id} and ${payment.status} = 'succeeded')`,
    })
    .from(application)
    .where(and(eq(application.idempotencyKey, idempotencyKey), eq(application.propertyId, propertyId)));
  return row && (row.dueNow === 0 || row.paid) ? row.reference : null;
}

/**
 * Submits an application for `home` (the confirmation step): validates all three steps again,
 * refuses homes that are not `available`, recomputes every amount from the database and the fee
 * settings, then places and pays it idempotently (`placeApplication`). A retry of a completed
 * submission (same key) answers its reference again, even if the home was let since.
 * Messages are in `locale`. Throws only for database errors.
 */
export async function submitApplication({
  db,
  provider,
  home,
  values,
  idempotencyKey,
  userId,
  locale,
  context,
  now = new Date(),
}: SubmitOptions): Promise<SubmitOutcome> {
  const t = getT(locale);
  if (!idempotencyKeySchema.safeParse(idempotencyKey).success) {
    return { ok: false, reason: 'invalid', step: 'confirm', errors: { form: t('booking.errors.sessionExpired') } };
  }
  if (home.status !== 'available') {
    const reference = await completedReference(db, idempotencyKey, home.id);
    if (reference) return { ok: true, reference, replayed: true };
    return { ok: false, reason: 'unavailable', errors: { form: t('booking.unavailable.body') } };
  }

  const stay = checkChooseStep({ values, home, locale, now });
  const details = checkDetailsStep({ values, locale });
  const pay = checkPaymentStep({ values, locale });
  if (!stay.ok || !details.ok || !pay.ok) {
    const errors = { ...(stay.ok ? {} : stay.errors), ...(details.ok ? {} : details.errors), ...(pay.ok ? {} : pay.errors) };
    const step = stay.ok ? (details.ok ? 'confirm' : 'details') : 'choose';
    delete errors.form;
    return {
      ok: false,
      reason: 'invalid',
      step,
      errors: { ...errors, form: t(step === 'confirm' ? 'common.form.fixErrors' : `booking.errors.fixStep.${step}`) },
    };
  }

  const { quote } = await quoteForDraft({
    db,
    home,
    stay: stay.data,
    paymentMethod: pay.data.paymentMethod,
    payDepositNow: pay.data.payDepositNow,
  });
  const outcome = await placeApplication({
    db,
    provider,
    context,
    input: {
      propertyId: home.id,
      userId,
      locale,
      stay: stay.data,
      details: details.data,
      paymentMethod: pay.data.paymentMethod,
      quote,
      idempotencyKey,
    },
  });
  if (outcome.ok) return { ok: true, reference: outcome.reference, replayed: outcome.replayed };
  switch (outcome.reason) {
    case 'checkout':
      return { ok: false, reason: 'checkout', url: outcome.url, reference: outcome.reference, errors: {} };
    case 'provider_error':
      return { ok: false, reason: 'provider_error', errors: { form: t('booking.payment.providerError') } };
    case 'in_progress':
      return { ok: false, reason: 'in_progress', errors: { form: t('booking.payment.inProgress') } };
    case 'conflict':
      return { ok: false, reason: 'conflict', errors: { form: t('booking.errors.sessionExpired') } };
  }
}

/** Who may be looking at a receipt. */
export type ReceiptViewer = { id: string; role: Role } | null;

export type ApplicationReceipt = {
  reference: string;
  propertyId: number;
  propertyTitle: string;
  propertyCity: string;
  propertyState: string;
  moveIn: string;
  moveOut: string;
  leaseMonths: number;
  adults: number;
  children: number;
  email: string;
  paymentMethod: 'card' | 'pay_at_signing';
  monthlyRentCents: number;
  depositCents: number;
  applicationFeeCents: number;
  dueAtSigningCents: number;
  payments: {
    kind: 'application_fee' | 'deposit' | 'rent' | 'other';
    amountCents: number;
    cardBrand: string | null;
    cardLast4: string | null;
  }[];
  paidCents: number;
  createdAt: string;
};

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * Whether an application's receipt or payment state may be shown: to the browser that submitted
 * it (a `receipts` pair whose key matches the application's idempotency key), the signed-in
 * applicant, admins and the home's property manager.
 */
function mayViewApplication(
  row: { reference: string; key: string; userId: string | null; managerId: string | null },
  viewer: ReceiptViewer,
  receipts: { reference: string; key: string }[],
): boolean {
  return (
    receipts.some((receipt) => receipt.reference === row.reference && sameSecret(receipt.key, row.key)) ||
    (viewer !== null &&
      (viewer.id === row.userId || isAdmin(viewer.role) || (isPropertyManager(viewer.role) && viewer.id === row.managerId)))
  );
}

/** An application not paid yet, as its applicant sees it on coming back from the hosted checkout. */
export type ApplicationCheckoutView = {
  reference: string;
  propertyId: number;
  amountCents: number;
  /** The newest hosted checkout of the application (decision 049), to sync before showing anything. */
  checkout: typeof checkoutSession.$inferSelect | null;
};

/**
 * The newest hosted checkout of application `reference` and what it is for, when the viewer may
 * see the application (as `findApplicationReceipt`); null otherwise or when there is none.
 */
export async function findApplicationCheckout({
  db,
  reference,
  viewer,
  receipts,
}: {
  db: Db;
  reference: string;
  viewer: ReceiptViewer;
  receipts: { reference: string; key: string }[];
}): Promise<ApplicationCheckoutView | null> {
  const [row] = await db
    .select({
      id: application.id,
      reference: application.reference,
      key: application.idempotencyKey,
      userId: application.userId,
      managerId: property.managerId,
      propertyId: application.propertyId,
      dueNowCents: application.dueNowCents,
    })
    .from(application)
    .innerJoin(property, eq(property.id, application.propertyId))
    .where(eq(application.reference, reference));
  if (!row || !mayViewApplication(row, viewer, receipts)) return null;
  const [latest] = await db
    .select({ checkout: checkoutSession })
    .from(checkoutSession)
    .innerJoin(payment, eq(payment.id, checkoutSession.paymentId))
    .where(and(eq(payment.applicationId, row.id), eq(checkoutSession.purpose, 'application')))
    .orderBy(desc(checkoutSession.id))
    .limit(1);
  return {
    reference: row.reference,
    propertyId: row.propertyId,
    amountCents: latest?.checkout.amountCents ?? row.dueNowCents,
    checkout: latest?.checkout ?? null,
  };
}

/**
 * The receipt of a completed application for /payment-success (spec §2), or null — also when
 * the viewer may not see it: visible to the browser that submitted it (a `receipts` pair whose
 * key matches the application's idempotency key), to the signed-in applicant, to admins and to
 * the home's property manager. Incomplete (unpaid) applications have no receipt.
 */
export async function findApplicationReceipt({
  db,
  reference,
  viewer,
  receipts,
  lang,
}: {
  db: Db;
  reference: string;
  viewer: ReceiptViewer;
  receipts: { reference: string; key: string }[];
  lang: Language;
}): Promise<ApplicationReceipt | null> {
  const [row] = await db
    .select({
      id: application.id,
      reference: application.reference,
      key: application.idempotencyKey,
      userId: application.userId,
      propertyId: application.propertyId,
      managerId: property.managerId,
      title: lang === 'it' ? sql<string>`coalesce(${property.titleIt}, ${property.title})` : property.title,
      city: property.city,
      state: property.state,
      moveIn: application.moveIn,
      moveOut: application.moveOut,
      leaseMonths: application.leaseMonths,
      adults: application.adults,
      children: application.children,
      email: application.email,
      paymentMethod: application.paymentMethod,
      monthlyRentCents: application.monthlyRentCents,
      depositCents: application.depositCents,
      applicationFeeCents: application.applicationFeeCents,
      dueNowCents: application.dueNowCents,
      dueAtSigningCents: application.dueAtSigningCents,
      createdAt: application.createdAt,
    })
    .from(application)
    .innerJoin(property, eq(property.id, application.propertyId))
    .where(eq(application.reference, reference));
  if (!row || !mayViewApplication(row, viewer, receipts)) return null;
  const paid = await db
    .select({ kind: payment.kind, amountCents: payment.amountCents, cardBrand: payment.cardBrand, cardLast4: payment.cardLast4 })
    .from(payment)
    .where(and(eq(payment.applicationId, row.id), eq(payment.status, 'succeeded')))
    .orderBy(payment.id);
  if (row.dueNowCents > 0 && paid.length === 0) return null;
  return {
    reference: row.reference,
    propertyId: row.propertyId,
    propertyTitle: row.title,
    propertyCity: row.city,
    propertyState: row.state,
    moveIn: row.moveIn,
    moveOut: row.moveOut,
    leaseMonths: row.leaseMonths,
    adults: row.adults,
    children: row.children,
    email: row.email,
    paymentMethod: row.paymentMethod,
    monthlyRentCents: row.monthlyRentCents,
    depositCents: row.depositCents,
    applicationFeeCents: row.applicationFeeCents,
    dueAtSigningCents: row.dueAtSigningCents,
    payments: paid,
    paidCents: paid.reduce((sum, entry) => sum + entry.amountCents, 0),
    createdAt: row.createdAt.toISOString(),
  };
}

/** How an application stands on its payment due now. */
export type ApplicationPaymentState = 'paid' | 'not_required' | 'pending' | 'failed';

export type UserApplication = {
  id: number;
  reference: string;
  status: (typeof application.$inferSelect)['status'];
  propertyId: number;
  propertyTitle: string;
  moveIn: string;
  moveOut: string;
  dueNowCents: number;
  dueAtSigningCents: number;
  paymentState: ApplicationPaymentState;
  createdAt: Date;
};

/**
 * The applications a signed-in user submitted, newest first, with their payment state (for
 * /dashboard). Incomplete ones (a declined card nobody retried) are included as `failed` or
 * `pending`. Scoped by `userId`; the caller passes the viewer's own id.
 */
export async function findApplicationsForUser({
  db,
  userId,
  lang = 'en',
  limit = 50,
}: {
  db: Db;
  userId: string;
  lang?: Language;
  limit?: number;
}): Promise<UserApplication[]> {
  const paymentState = sql<ApplicationPaymentState>`case
    when ${application.dueNowCents} = 0 then 'not_required'
    when exists (select 1 from ${payment} where ${payment.applicationId} = ${application.id} and ${payment.status} = 'succeeded') then 'paid'
    when exists (select 1 from ${payment} where ${payment.applicationId} = ${application.id} and ${payment.status} = 'pending') then 'pending'
    else 'failed' end`;
  return db
    .select({
      id: application.id,
      reference: application.reference,
      status: application.status,
      propertyId: application.propertyId,
      propertyTitle: lang === 'it' ? sql<string>`coalesce(${property.titleIt}, ${property.title})` : property.title,
      moveIn: application.moveIn,
      moveOut: application.moveOut,
      dueNowCents: application.dueNowCents,
      dueAtSigningCents: application.dueAtSigningCents,
      paymentState,
      createdAt: application.createdAt,
    })
    .from(application)
    .innerJoin(property, eq(property.id, application.propertyId))
    .where(eq(application.userId, userId))
    .orderBy(desc(application.createdAt), desc(application.id))
    .limit(limit);
}

export type CountryOption = { value: string; label: string };

const countryCache = new Map<Language, CountryOption[]>();

/**
 * The Country field's options in `lang`: the United States first, then every ISO country by its
 * name in that language. Built on the server (so server and browser render the same labels).
 */
export function countryOptions(lang: Language): CountryOption[] {
  let options = countryCache.get(lang);
  if (!options) {
    const names = new Intl.DisplayNames([intlLocale(lang)], { type: 'region' });
    const label = (code: string) => names.of(code) ?? code;
    const rest = COUNTRY_CODES.filter((code) => code !== DEFAULT_COUNTRY)
      .map((code) => ({ value: code, label: label(code) }))
      .sort((a, b) => a.label.localeCompare(b.label, intlLocale(lang)));
    options = [{ value: DEFAULT_COUNTRY, label: label(DEFAULT_COUNTRY) }, ...rest];
    countryCache.set(lang, options);
  }
  return options;
}
