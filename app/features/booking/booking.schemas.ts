/**
 * Validation of the booking flow's three steps (spec §3 "Application form"; decision 009): zod
 * schemas whose messages are translation keys (`booking.errors.*`, translated on the server by
 * `translateIssues`). The server validates every step again at submission; nothing posted is
 * trusted (prices, fees and the property come from the database).
 *
 * Dates are ISO calendar dates (YYYY-MM-DD). "Today" is the caller's (see `bookingToday`).
 */
import { z } from 'zod';
import { FIELD_MESSAGES, cleanLine, cleanMultiline, emailField, phoneField } from '~/lib/form-fields';
import { containsCardNumber, redactCardNumbers } from '~/server/payments/card';
import {
  BOOKING_LIMITS,
  COUNTRY_CODES,
  DRAFT_FIELDS,
  PAYMENT_METHODS,
  type BookingField,
  type ChooseField,
  type DetailsField,
  type DraftValues,
} from './booking.fields';
import { addMonths, leaseMonths, parseIsoDate } from './fees';

/** Translation keys of the booking messages. */
export const BOOKING_MESSAGES = {
  dateInvalid: 'booking.errors.dateInvalid',
  moveInPast: 'booking.errors.moveInPast',
  moveInBeforeAvailable: 'booking.errors.moveInBeforeAvailable',
  moveInTooFar: 'booking.errors.moveInTooFar',
  leaseTooShort: 'booking.errors.leaseTooShort',
  leaseTooLong: 'booking.errors.leaseTooLong',
  adultsMin: 'booking.errors.adultsMin',
  countInvalid: 'booking.errors.countInvalid',
  countTooHigh: 'booking.errors.countTooHigh',
  tooManyOccupants: 'booking.errors.tooManyOccupants',
  zipUs: 'booking.errors.zipUs',
  zipInvalid: 'booking.errors.zipInvalid',
  country: 'booking.errors.country',
  cardNumberInText: 'booking.errors.cardNumberInText',
  paymentMethod: 'booking.errors.paymentMethod',
} as const;

/**
 * The date the flow calls "today": the calendar date at UTC−12, the last place on Earth where a
 * day begins, so an applicant is never refused their own today whatever their time zone.
 */
export function bookingToday(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

const isoDateField = z
  .string()
  .trim()
  .min(1, FIELD_MESSAGES.required)
  .refine((value) => parseIsoDate(value) !== null, BOOKING_MESSAGES.dateInvalid);

function countField({ min, max, required }: { min: number; max: number; required: boolean }) {
  return z
    .string()
    .trim()
    .transform((value) => (value === '' && !required ? '0' : value))
    .pipe(
      z
        .string()
        .min(1, FIELD_MESSAGES.required)
        .regex(/^\d{1,3}$/, BOOKING_MESSAGES.countInvalid)
        .transform(Number)
        .pipe(
          z
            .number()
            .min(min, min === 1 ? BOOKING_MESSAGES.adultsMin : BOOKING_MESSAGES.countInvalid)
            .max(max, BOOKING_MESSAGES.countTooHigh),
        ),
    );
}

/** What a home allows: its `max_occupants`, its `available_date` and today's date. */
export type StayRules = { maxOccupants: number; availableFrom: string | null; today: string };

/**
 * Step 1 "Choose Property": move-in today or later (and not before the home is available, nor
 * more than 24 months ahead), move-out at least one month after move-in (leases up to 60
 * months), adults ≥ 1, adults + children ≤ the home's `max_occupants`.
 */
export function chooseStepSchema(rules: StayRules) {
  return z
    .object({
      moveIn: isoDateField,
      moveOut: isoDateField,
      adults: countField({ min: 1, max: BOOKING_LIMITS.maxAdults, required: true }),
      children: countField({ min: 0, max: BOOKING_LIMITS.maxChildren, required: false }),
    })
    .superRefine((stay, ctx) => {
      // Field issues were reported already; cross-field rules need two real dates and counts.
      if (!parseIsoDate(stay.moveIn) || !parseIsoDate(stay.moveOut)) return;
      if (!Number.isInteger(stay.adults) || !Number.isInteger(stay.children)) return;
      if (stay.moveIn < rules.today) {
        ctx.addIssue({ code: 'custom', path: ['moveIn'], message: BOOKING_MESSAGES.moveInPast });
      } else if (rules.availableFrom && stay.moveIn < rules.availableFrom) {
        ctx.addIssue({ code: 'custom', path: ['moveIn'], message: BOOKING_MESSAGES.moveInBeforeAvailable });
      } else if (stay.moveIn > addMonths(rules.today, BOOKING_LIMITS.maxMonthsAhead)) {
        ctx.addIssue({ code: 'custom', path: ['moveIn'], message: BOOKING_MESSAGES.moveInTooFar });
      }
      if (stay.moveOut < addMonths(stay.moveIn, 1)) {
        ctx.addIssue({ code: 'custom', path: ['moveOut'], message: BOOKING_MESSAGES.leaseTooShort });
      } else if (leaseMonths(stay.moveIn, stay.moveOut) > BOOKING_LIMITS.maxLeaseMonths) {
        ctx.addIssue({ code: 'custom', path: ['moveOut'], message: BOOKING_MESSAGES.leaseTooLong });
      }
      if (stay.adults + stay.children > rules.maxOccupants) {
        ctx.addIssue({
          code: 'too_big',
          origin: 'number',
          maximum: rules.maxOccupants,
          inclusive: true,
          input: stay.adults + stay.children,
          path: ['adults'],
          message: BOOKING_MESSAGES.tooManyOccupants,
        });
      }
    });
}
export type ChooseStep = z.output<ReturnType<typeof chooseStepSchema>>;

/** A one-line text that must not hold a card number (so one is never stored or echoed). */
function textLine(max: number, { required }: { required: boolean }) {
  const base = z.string().overwrite(cleanLine).max(max, FIELD_MESSAGES.tooLong);
  return (required ? base.min(1, FIELD_MESSAGES.required) : base).refine(
    (value) => !containsCardNumber(value),
    BOOKING_MESSAGES.cardNumberInText,
  );
}

const US_ZIP = /^\d{5}(-\d{4})?$/;
const OTHER_POSTCODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/;

/**
 * Step 2 "Tenant Details": names, e-mail and phone formats, current address, a country from
 * the ISO list, a ZIP code (five digits or ZIP+4 in the United States, 2–10 letters and digits
 * elsewhere), optional special requests. No field may hold a card number.
 */
export const detailsStepSchema = z
  .object({
    firstName: textLine(BOOKING_LIMITS.name, { required: true }),
    lastName: textLine(BOOKING_LIMITS.name, { required: true }),
    email: emailField,
    phone: phoneField({ required: true }),
    currentAddress: textLine(BOOKING_LIMITS.address, { required: true }),
    city: textLine(BOOKING_LIMITS.city, { required: true }),
    zipCode: z.string().overwrite(cleanLine).min(1, FIELD_MESSAGES.required).max(BOOKING_LIMITS.zipCode, FIELD_MESSAGES.tooLong),
    country: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .refine((value) => COUNTRY_CODES.includes(value), BOOKING_MESSAGES.country),
    specialRequests: z
      .string()
      .overwrite(cleanMultiline)
      .max(BOOKING_LIMITS.specialRequests, FIELD_MESSAGES.tooLong)
      .refine((value) => !containsCardNumber(value), BOOKING_MESSAGES.cardNumberInText)
      .default(''),
  })
  .superRefine((details, ctx) => {
    const pattern = details.country === 'US' ? US_ZIP : OTHER_POSTCODE;
    if (details.zipCode && !pattern.test(details.zipCode)) {
      ctx.addIssue({
        code: 'custom',
        path: ['zipCode'],
        message: details.country === 'US' ? BOOKING_MESSAGES.zipUs : BOOKING_MESSAGES.zipInvalid,
      });
    }
  });
export type DetailsStep = z.output<typeof detailsStepSchema>;

/**
 * Step 3 "Confirmation": the payment method (spec §3: credit card or pay at signing) and whether
 * the deposit is paid now. The card itself is given on the provider's hosted page (decision 049),
 * never in this form.
 */
export const paymentStepSchema = z
  .object({
    paymentMethod: z.enum(PAYMENT_METHODS, BOOKING_MESSAGES.paymentMethod),
    payDeposit: z.string().default(''),
  })
  .transform((payment) => {
    const byCard = payment.paymentMethod === 'card';
    return { paymentMethod: payment.paymentMethod, payDepositNow: byCard && isChecked(payment.payDeposit) };
  });
export type PaymentStep = z.output<typeof paymentStepSchema>;

/** A checkbox's posted value counts as checked. */
export function isChecked(value: string | undefined): boolean {
  return value === 'on' || value === 'true' || value === '1';
}

/** The submission's idempotency key: a random UUID rendered into the confirmation form. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9-]{32,64}$/);

const FIELD_LIMITS: Record<BookingField, number> = {
  moveIn: 10,
  moveOut: 10,
  adults: 3,
  children: 3,
  firstName: BOOKING_LIMITS.name,
  lastName: BOOKING_LIMITS.name,
  email: BOOKING_LIMITS.email,
  phone: BOOKING_LIMITS.phone,
  currentAddress: BOOKING_LIMITS.address,
  city: BOOKING_LIMITS.city,
  zipCode: BOOKING_LIMITS.zipCode,
  country: 2,
  specialRequests: BOOKING_LIMITS.specialRequests,
  paymentMethod: 14,
  payDeposit: 4,
};

/**
 * The free-text fields, where someone might type a card number. Formatted fields (e-mail,
 * phone, dates, ZIP) are left alone: a long digit run there (a timestamp in an e-mail address)
 * is not a card and must not be mangled.
 */
const FREE_TEXT_FIELDS: ReadonlySet<BookingField> = new Set(['firstName', 'lastName', 'currentAddress', 'city', 'specialRequests']);

/**
 * A value as it may be saved in a draft or echoed into a form: cleaned, cut to the field's limit,
 * and for free-text fields with any card number removed. Never fails.
 */
export function keepableValue(field: BookingField, raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const cleaned = field === 'specialRequests' ? cleanMultiline(raw) : cleanLine(raw);
  return (FREE_TEXT_FIELDS.has(field) ? redactCardNumbers(cleaned) : cleaned).slice(0, FIELD_LIMITS[field]);
}

/** The kept fields of anything (a form, a cookie), each through `keepableValue`; absent ones left out. */
export function keepableValues(
  source: Partial<Record<string, unknown>>,
  fields: readonly (ChooseField | DetailsField | 'paymentMethod' | 'payDeposit')[] = DRAFT_FIELDS,
): DraftValues {
  const out: DraftValues = {};
  for (const field of fields) {
    if (source[field] === undefined) continue;
    out[field] = keepableValue(field, source[field]);
  }
  return out;
}

/** A posted booking form: the fields it carried (absent ones left out), its key, intent and step. */
export type PostedBookingForm = {
  values: Partial<Record<BookingField, string>>;
  idempotencyKey: string;
  /** `next`, `back`, `goto:<step>` or `submit` (the button pressed). */
  intent: string;
  /** The step the form was rendered for. */
  step: string;
};

/**
 * Reads a posted booking form: the booking fields only (anything else posted, a card number
 * included, is never read). Values are raw strings (cut at a generous length); validate them.
 */
export function readBookingForm(form: FormData): PostedBookingForm {
  const values: Partial<Record<BookingField, string>> = {};
  for (const field of Object.keys(FIELD_LIMITS) as BookingField[]) {
    const value = form.get(field);
    // Generous cut for the raw value: validation reports what is too long.
    if (typeof value === 'string') values[field] = value.slice(0, FIELD_LIMITS[field] * 4 + 40);
  }
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.slice(0, 100) : '';
  };
  return { values, idempotencyKey: text('idempotencyKey'), intent: text('intent'), step: text('step') };
}
