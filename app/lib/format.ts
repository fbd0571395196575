/**
 * Locale-aware formatting for money (USD), numbers and ISO dates (UTC), per the visitor's
 * language. Client-safe.
 */
import type { Language } from './constants';
import { intlLocale } from './i18n';

/** Formats whole US dollars, e.g. 2450 → "$2,450" (en) or "2.450 USD" (it). */
export function formatUsd(amount: number, lang: Language): string {
  return new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }).format(amount);
}

export function formatNumber(value: number, lang: Language): string {
  return new Intl.NumberFormat(intlLocale(lang)).format(value);
}

/** Formats an ISO date (YYYY-MM-DD, read as UTC) as e.g. "Dec 1, 2026" / "1 dic 2026". */
export function formatIsoDate(iso: string, lang: Language): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}
