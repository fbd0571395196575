/**
 * Formatting for the signed-in pages (dashboard, portals, back office): timestamps, byte sizes
 * and durations in the visitor's language. Timestamps are shown in UTC, so the server's HTML
 * and the browser's render agree whatever the time zones. Client-safe.
 */
import type { Language } from '~/lib/constants';
import { intlLocale } from '~/lib/i18n';

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
