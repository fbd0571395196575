/**
 * Locale-aware formatting for money (USD), numbers and ISO dates (UTC), per the visitor's
 * language. Client-safe.
 */
import type { Language } from './constants';
import { intlLocale } from './i18n';

// Building an Intl formatter costs far more than using one (it showed in SSR profiles), so each
// is made once per language and reused.
const usdFormatters = new Map<Language, Intl.NumberFormat>();
const numberFormatters = new Map<Language, Intl.NumberFormat>();
const dateFormatters = new Map<Language, Intl.DateTimeFormat>();

function cached<F>(cache: Map<Language, F>, lang: Language, make: () => F): F {
  let formatter = cache.get(lang);
  if (!formatter) cache.set(lang, (formatter = make()));
  return formatter;
}

/** Formats whole US dollars, e.g. 2450 → "$2,450" (en) or "2450 USD" (it). */
export function formatUsd(amount: number, lang: Language): string {
  return cached(usdFormatters, lang, () =>
    new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
  ).format(amount);
}

export function formatNumber(value: number, lang: Language): string {
  return cached(numberFormatters, lang, () => new Intl.NumberFormat(intlLocale(lang))).format(value);
}

/** Formats an ISO date (YYYY-MM-DD, read as UTC) as e.g. "Dec 1, 2026" / "1 dic 2026". */
export function formatIsoDate(iso: string, lang: Language): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return cached(dateFormatters, lang, () => new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' })).format(date);
}
