/**
 * The /vendor-signup application (spec §2 "Vendor signup", DESIGN §4 `vendor`): company and
 * contact, trades from a fixed list, countries and US states served, insurance expiry, notes.
 * Client-safe.
 */
import { isIsoDate } from '~/lib/iso-date';
import { z } from 'zod';
import {
  FIELD_MESSAGES,
  TEXT_LIMITS,
  cleanLine,
  cleanMultiline,
  emailField,
  formList,
  formText,
  phoneField,
  requiredLine,
} from '~/lib/form-fields';
import { US_STATES } from '~/lib/us-states';

/** The trades a vendor can offer; stored as these keys, labelled `forms.vendor.trade.<key>`. */
export const VENDOR_TRADES = [
  'plumbing',
  'electrical',
  'hvac',
  'painting',
  'carpentry',
  'roofing',
  'landscaping',
  'cleaning',
  'pest_control',
  'appliance_repair',
  'locksmith',
  'general_contractor',
] as const;
export type VendorTrade = (typeof VENDOR_TRADES)[number];

/** Countries a vendor can serve (ISO 3166-1 alpha-2), labelled `forms.vendor.country.<code>`. */
export const VENDOR_COUNTRIES = ['US', 'CA', 'MX', 'GB', 'IE', 'IT', 'FR', 'DE', 'ES', 'NL', 'AU', 'BR'] as const;
export type VendorCountry = (typeof VENDOR_COUNTRIES)[number];

export const US_STATE_CODES = Object.keys(US_STATES);

export const WEBSITE_MAX = 200;
/** An insurance expiry further away than this is most likely a typo. */
export const INSURANCE_MAX_YEARS = 20;

/**
 * The date it is somewhere on Earth right now at the earliest (UTC−12), YYYY-MM-DD: an expiry
 * before it is past for every vendor, whatever their time zone.
 */
export function earliestTodayIso(now: Date = new Date()): string {
  return new Date(now.getTime() - 12 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Normalises a website to an absolute http(s) URL; a bare domain gets `https://`.
 * Returns null for anything else (other schemes, credentials, no dotted host).
 */
export function normalizeWebsite(value: string): string | null {
  if (value === '') return '';
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname)) return null;
  return url.href;
}

const choiceList = <T extends string>(allowed: readonly T[]) =>
  z
    .array(z.string())
    .default([])
    .transform((values) => [...new Set(values)])
    .refine((values) => values.every((value) => (allowed as readonly string[]).includes(value)), FIELD_MESSAGES.invalid)
    .transform((values) => values as T[]);

/** The fields a vendor keeps up to date themselves (contact, trades, where they work). */
const profileFields = {
  contactName: requiredLine(TEXT_LIMITS.name),
  phone: phoneField({ required: true }),
  website: z
    .string()
    .overwrite(cleanLine)
    .max(WEBSITE_MAX, FIELD_MESSAGES.tooLong)
    .default('')
    .transform(normalizeWebsite)
    .refine((value) => value !== null, 'forms.vendor.errors.website')
    .transform((value) => value ?? ''),
  trades: choiceList(VENDOR_TRADES).refine((values) => values.length > 0, 'forms.vendor.errors.tradesRequired'),
  serviceCountries: choiceList(VENDOR_COUNTRIES).refine((values) => values.length > 0, 'forms.vendor.errors.countriesRequired'),
  serviceStates: choiceList(US_STATE_CODES),
};

const statesNeedUs = {
  message: 'forms.vendor.errors.statesNeedUs',
  path: ['serviceStates'],
};

/**
 * The vendor portal's profile form (decision 030 "vendor profile: trades, service
 * states, contacts"): contact name, phone, website, trades, countries and US states served. The
 * company name and e-mail are the ones staff approved and are not edited here.
 */
export const vendorProfileSchema = z
  .object(profileFields)
  .refine((input) => input.serviceStates.length === 0 || input.serviceCountries.includes('US'), statesNeedUs);

export type VendorProfileField = 'contactName' | 'phone' | 'website' | 'trades' | 'serviceCountries' | 'serviceStates';

export type VendorProfileValues = Pick<VendorSignupValues, VendorProfileField>;

/** The profile form's values as posted. */
export function readVendorProfileForm(form: FormData): VendorProfileValues {
  return {
    contactName: formText(form, 'contactName'),
    phone: formText(form, 'phone'),
    website: formText(form, 'website'),
    trades: formList(form, 'trades'),
    serviceCountries: formList(form, 'serviceCountries'),
    serviceStates: formList(form, 'serviceStates'),
  };
}

/** The schema, for a given "today" (YYYY-MM-DD) so tests can pin the date. */
export function vendorSignupSchema(today: string = earliestTodayIso()) {
  const latest = `${Number(today.slice(0, 4)) + INSURANCE_MAX_YEARS}${today.slice(4)}`;
  return z
    .object({
      companyName: requiredLine(TEXT_LIMITS.name),
      email: emailField,
      ...profileFields,
      insuranceExpiry: z
        .string()
        .default('')
        .transform((value) => value.trim())
        .refine((value) => value === '' || isIsoDate(value), 'forms.vendor.errors.insuranceDate')
        .refine((value) => value === '' || !isIsoDate(value) || value >= today, 'forms.vendor.errors.insurancePast')
        .refine((value) => value === '' || !isIsoDate(value) || value <= latest, 'forms.vendor.errors.insuranceFar'),
      notes: z.string().overwrite(cleanMultiline).max(TEXT_LIMITS.notes, FIELD_MESSAGES.tooLong).default(''),
    })
    .refine((input) => input.serviceStates.length === 0 || input.serviceCountries.includes('US'), statesNeedUs);
}

export type VendorSignupField =
  | 'companyName'
  | 'contactName'
  | 'email'
  | 'phone'
  | 'website'
  | 'trades'
  | 'serviceCountries'
  | 'serviceStates'
  | 'insuranceExpiry'
  | 'notes';

export type VendorSignupValues = {
  companyName: string;
  contactName: string;
  email: string;
  phone: string;
  website: string;
  trades: string[];
  serviceCountries: string[];
  serviceStates: string[];
  insuranceExpiry: string;
  notes: string;
};

export function readVendorSignupForm(form: FormData): VendorSignupValues {
  return {
    companyName: formText(form, 'companyName'),
    contactName: formText(form, 'contactName'),
    email: formText(form, 'email'),
    phone: formText(form, 'phone'),
    website: formText(form, 'website'),
    trades: formList(form, 'trades'),
    serviceCountries: formList(form, 'serviceCountries'),
    serviceStates: formList(form, 'serviceStates'),
    insuranceExpiry: formText(form, 'insuranceExpiry'),
    notes: formText(form, 'notes'),
  };
}
