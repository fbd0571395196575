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
  return cached(
    usdFormatters,
    lang,
    () => new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency: 'USD', maximumFractionDigits: 0 }),
  ).format(amount);
}

const centsFormatters = new Map<Language, Intl.NumberFormat>();

/** Formats integer cents as US dollars with cents, e.g. 1234500 → "$12,345.00" (en) / "12.345,00 USD" (it). */
export function formatCents(cents: number, lang: Language): string {
  return cached(centsFormatters, lang, () => new Intl.NumberFormat(intlLocale(lang), { style: 'currency', currency: 'USD' })).format(
    cents / 100,
  );
}

export function formatNumber(value: number, lang: Language): string {
  return cached(numberFormatters, lang, () => new Intl.NumberFormat(intlLocale(lang))).format(value);
}

/** Formats an ISO date (YYYY-MM-DD, read as UTC) as e.g. "Dec 1, 2026" / "1 dic 2026". */
export function formatIsoDate(iso: string, lang: Language): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return cached(dateFormatters, lang, () => new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' })).format(
    date,
  );
}

// Signed-in pages (dashboard, portals, back office): timestamps in UTC, so the server's HTML and
// the browser's render agree whatever the time zones; byte sizes; durations.
const dateTimeFormatters = new Map<Language, Intl.DateTimeFormat>();

/** An ISO timestamp as e.g. "Jul 4, 2026, 14:05 UTC" / "4 lug 2026, 14:05 UTC". */
export function formatDateTime(iso: string, lang: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let formatter = dateTimeFormatters.get(lang);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(intlLocale(lang), {
      dateStyle: 'medium',
      timeStyle: 'short',
      hourCycle: 'h23',
      timeZone: 'UTC',
    });
    dateTimeFormatters.set(lang, formatter);
  }
  return `${formatter.format(date)} UTC`;
}

/** A byte count as e.g. "7.2 MB" (base 1024). */
export function formatBytes(bytes: number, lang: Language): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${new Intl.NumberFormat(intlLocale(lang), { maximumFractionDigits: digits }).format(value)} ${units[unit]}`;
}

/** A duration in seconds as e.g. "2d 3h 4m" (days, hours and minutes; seconds under a minute). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.floor(totalSeconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3_600);
  const minutes = Math.floor((s % 3_600) / 60);
  if (days === 0 && hours === 0 && minutes === 0) return `${s}s`;
  return [days ? `${days}d` : '', hours || days ? `${hours}h` : '', `${minutes}m`].filter(Boolean).join(' ');
}
