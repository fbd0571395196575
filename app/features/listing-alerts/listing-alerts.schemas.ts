/**
 * The /subscriptions form: an e-mail address and the saved search of a listing alert, with the
 * listing search's own criteria names (`capacity`, `location`, `minPrice`, `maxPrice`, spec §2
 * /properties) so a search carries over as `/subscriptions?location=Austin&capacity=2`.
 * Client-safe.
 */
import { z } from 'zod';
import { FIELD_MESSAGES, cleanLine, emailField, formText } from '~/lib/form-fields';
import type { ListingQuery } from '~/features/listings/listings.schemas';
import { LISTING_CAPACITY_OPTIONS, LISTING_MAX_PRICE } from '~/lib/constants';

/** How a confirmed alert is delivered: at once, or one digest a day (decision 018). */
export const ALERT_FREQUENCIES = ['immediate', 'daily'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** The longest location the listing search accepts. */
export const ALERT_LOCATION_MAX = 80;
/** Active (pending or confirmed) alerts one e-mail address may hold. */
export const ALERTS_PER_EMAIL_MAX = 10;

export type AlertCriteria = {
  capacity?: number;
  location?: string;
  minPrice?: number;
  maxPrice?: number;
};

/** Same clean-up as the listing search: no markup characters, trimmed. */
function cleanLocation(value: string): string {
  return cleanLine(value.replace(/[<>]/g, ''));
}

const capacityField = z
  .string()
  .default('')
  .transform((value) => value.trim())
  .refine(
    (value) => value === '' || (/^\d$/.test(value) && (LISTING_CAPACITY_OPTIONS as readonly number[]).includes(Number(value))),
    'forms.alerts.errors.capacity',
  )
  .transform((value) => (value === '' ? undefined : Number(value)));

const priceField = z
  .string()
  .default('')
  .transform((value) => value.trim())
  .refine((value) => value === '' || (/^\d{1,6}$/.test(value) && Number(value) <= LISTING_MAX_PRICE), 'forms.alerts.errors.price')
  .transform((value) => (value === '' ? undefined : Number(value)));

export const listingAlertSchema = z
  .object({
    email: emailField,
    capacity: capacityField,
    location: z.string().overwrite(cleanLocation).max(ALERT_LOCATION_MAX, FIELD_MESSAGES.tooLong).default(''),
    minPrice: priceField,
    maxPrice: priceField,
    // Older forms (and links) send none: immediate, as before the choice existed.
    frequency: z
      .string()
      .default('')
      .transform((value) => value.trim() || 'immediate')
      .pipe(z.enum(ALERT_FREQUENCIES, { error: 'alerts.errors.frequency' })),
  })
  .refine((input) => input.minPrice === undefined || input.maxPrice === undefined || input.minPrice <= input.maxPrice, {
    message: 'forms.alerts.errors.priceRange',
    path: ['maxPrice'],
  })
  .transform(({ email, frequency, ...fields }) => ({ email, frequency, criteria: normalizeCriteria(fields) }));

export type ListingAlertField = 'email' | 'capacity' | 'location' | 'minPrice' | 'maxPrice' | 'frequency';
export type ListingAlertFormValues = Record<ListingAlertField, string>;

/** Criteria with only the keys that are set, so equal searches are equal JSON. */
export function normalizeCriteria(fields: {
  capacity?: number | undefined;
  location?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
}): AlertCriteria {
  const criteria: AlertCriteria = {};
  if (fields.capacity !== undefined) criteria.capacity = fields.capacity;
  if (fields.location) criteria.location = fields.location;
  if (fields.minPrice !== undefined) criteria.minPrice = fields.minPrice;
  if (fields.maxPrice !== undefined) criteria.maxPrice = fields.maxPrice;
  return criteria;
}

export function readListingAlertForm(form: FormData): ListingAlertFormValues {
  return {
    email: formText(form, 'email'),
    capacity: formText(form, 'capacity'),
    location: formText(form, 'location'),
    minPrice: formText(form, 'minPrice'),
    maxPrice: formText(form, 'maxPrice'),
    frequency: formText(form, 'frequency'),
  };
}

/** The form's starting values from a listing search (already cleaned by `parseListingQuery`). */
export function alertValuesFromQuery(query: Pick<ListingQuery, 'capacity' | 'location' | 'minPrice' | 'maxPrice'>): ListingAlertFormValues {
  return {
    email: '',
    capacity: query.capacity ? String(query.capacity) : '',
    location: query.location ?? '',
    minPrice: query.minPrice !== undefined ? String(query.minPrice) : '',
    maxPrice: query.maxPrice !== undefined ? String(query.maxPrice) : '',
    frequency: 'immediate',
  };
}

/** Confirm and unsubscribe tokens: 24 random bytes in base64url (32 characters). */
export function isAlertToken(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[A-Za-z0-9_-]{32}$/.test(value);
}
