/**
 * The booking flow's steps, field names and limits (spec §2 /booking/{id} steps, spec §3
 * "Application form" fields). Client-safe and free of zod, so the form components can import it
 * without pulling validation code into the browser bundle.
 */

/** spec §2: Choose Property → Tenant Details → Confirmation, as `?step=` values. */
export const BOOKING_STEPS = ['choose', 'details', 'confirm'] as const;
export type BookingStep = (typeof BOOKING_STEPS)[number];

export function isBookingStep(value: unknown): value is BookingStep {
  return typeof value === 'string' && (BOOKING_STEPS as readonly string[]).includes(value);
}

/** Step 1: the stay. */
export const CHOOSE_FIELDS = ['moveIn', 'moveOut', 'adults', 'children'] as const;
/** Step 2: the applicant. */
export const DETAILS_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'currentAddress',
  'city',
  'zipCode',
  'country',
  'specialRequests',
] as const;
/** Step 3: how to pay (kept in the draft). */
export const PAYMENT_CHOICE_FIELDS = ['paymentMethod', 'payDeposit'] as const;
export type ChooseField = (typeof CHOOSE_FIELDS)[number];
export type DetailsField = (typeof DETAILS_FIELDS)[number];
export type PaymentChoiceField = (typeof PAYMENT_CHOICE_FIELDS)[number];
/** The fields a draft keeps across steps and reloads. */
export type DraftField = ChooseField | DetailsField | PaymentChoiceField;
/**
 * Every field the booking form posts: all of them are kept in the draft. The card is given on the
 * provider's hosted page (decision 049), so a posted card field is never even read.
 */
export type BookingField = DraftField;

/** The draft fields, in form order. */
export const DRAFT_FIELDS: readonly DraftField[] = [...CHOOSE_FIELDS, ...DETAILS_FIELDS, ...PAYMENT_CHOICE_FIELDS];

/** The form values of the kept fields, as typed (strings). */
export type DraftValues = Partial<Record<DraftField, string>>;

/** spec §3: payment method "credit card or pay at signing". */
export const PAYMENT_METHODS = ['card', 'pay_at_signing'] as const;
export type PaymentMethodChoice = (typeof PAYMENT_METHODS)[number];

/** The step each field is entered on (to send the applicant back to the right one). */
export function stepOfField(field: string): BookingStep {
  if ((CHOOSE_FIELDS as readonly string[]).includes(field)) return 'choose';
  if ((DETAILS_FIELDS as readonly string[]).includes(field)) return 'details';
  return 'confirm';
}

/**
 * Field limits. Chosen so the whole draft fits one cookie (≤ 4 KB even when every field is at
 * its limit in three-byte characters; a test proves it).
 */
export const BOOKING_LIMITS = {
  name: 60,
  email: 254,
  phone: 40,
  address: 120,
  city: 60,
  zipCode: 10,
  specialRequests: 500,
  maxAdults: 20,
  maxChildren: 20,
  /** The longest lease one application may ask for. */
  maxLeaseMonths: 60,
  /** How far ahead a move-in may be. */
  maxMonthsAhead: 24,
} as const;

/** ISO 3166-1 alpha-2 codes offered by the Country field; labels come from Intl.DisplayNames. */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR ' +
  'GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO ' +
  'JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR ' +
  'MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PM PN PR PS PT PW PY QA RE RO RS ' +
  'RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW ' +
  'TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW'
).split(' ');

/** The default country of an applicant (the portfolio is in the United States). */
export const DEFAULT_COUNTRY = 'US';
