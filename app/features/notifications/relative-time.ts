/**
 * The bell's time labels (spec §4 "Notification"): "Just now" under an hour, then "N hours ago",
 * then "N days ago" up to 7 days, then the date. Pure and client-safe.
 */
import type { TFunction } from '~/lib/i18n';
import type { Language } from '~/lib/constants';
import { intlLocale } from '~/lib/i18n';

const HOUR_MS = 60 * 60 * 1_000;
const DAY_MS = 24 * HOUR_MS;
/** spec §4: relative labels up to 7 days, then a date. */
const RELATIVE_DAYS = 7;

/** Which label a notification's age calls for. */
export type RelativeTime = { unit: 'now' } | { unit: 'hours'; count: number } | { unit: 'days'; count: number } | { unit: 'date' };

/**
 * Classifies the age of `createdAt` at `now`: under 1 hour → now (also for a time slightly in
 * the future, a clock difference); under 24 hours → whole hours; under 7 days → whole days;
 * older → date.
 */
export function relativeTimeOf(createdAt: Date, now: Date): RelativeTime {
  const age = now.getTime() - createdAt.getTime();
  if (!Number.isFinite(age) || age < HOUR_MS) return { unit: 'now' };
  if (age < DAY_MS) return { unit: 'hours', count: Math.floor(age / HOUR_MS) };
  if (age < RELATIVE_DAYS * DAY_MS) return { unit: 'days', count: Math.floor(age / DAY_MS) };
  return { unit: 'date' };
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The label of a notification created at `createdAt` (an ISO instant), seen at `now`, in `lang`:
 * "Just now", "3 hours ago", "2 days ago", or a medium date ("Mar 5, 2026" / "5 mar 2026") in
 * `timeZone` (the browser's own by default). `t` must hold the `notifications` translations.
 */
export function formatRelativeTime(createdAt: string, now: Date, t: TFunction, lang: Language, timeZone?: string): string {
  const date = new Date(createdAt);
  const relative = relativeTimeOf(date, now);
  switch (relative.unit) {
    case 'now':
      return t('notifications.time.justNow');
    case 'hours':
      return t('notifications.time.hoursAgo', { count: relative.count });
    case 'days':
      return t('notifications.time.daysAgo', { count: relative.count });
    case 'date': {
      const key = `${lang}|${timeZone ?? ''}`;
      let formatter = dateFormatters.get(key);
      if (!formatter) dateFormatters.set(key, (formatter = new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeZone })));
      return formatter.format(date);
    }
  }
}
