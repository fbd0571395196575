/**
 * The office's opening hours as /admin/system stores them (decision 019; spec §9
 * "Contact copy": Monday-Friday 9:00 AM-6:00 PM, Saturday 10:00 AM-4:00 PM) and how /contact
 * writes them in each language. Times are local office times, `HH:MM` on a 24-hour clock.
 * Client-safe.
 */
import type { Language } from './constants';

/** The three groups of days the office keeps hours for, in display order. */
export const OFFICE_DAY_GROUPS = ['weekdays', 'saturday', 'sunday'] as const;
export type OfficeDayGroup = (typeof OFFICE_DAY_GROUPS)[number];

/** One group's hours, or `null` when the office is closed. `opens` < `closes`, `HH:MM`. */
export type DayHours = { opens: string; closes: string } | null;
export type OfficeHours = Record<OfficeDayGroup, DayHours>;

/** spec §9: the office hours before anyone edits them. */
export const DEFAULT_OFFICE_HOURS: OfficeHours = {
  weekdays: { opens: '09:00', closes: '18:00' },
  saturday: { opens: '10:00', closes: '16:00' },
  sunday: null,
};

/** `HH:MM` on a 24-hour clock, 00:00–23:59. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A `HH:MM` time as the language writes it: "9:00 AM" (en), "9:00" (it). */
export function formatTime(time: string, lang: Language): string {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  const mm = String(minutes).padStart(2, '0');
  if (lang === 'it') return `${hours}:${mm}`;
  const suffix = hours < 12 ? 'AM' : 'PM';
  const h12 = hours % 12 === 0 ? 12 : hours % 12;
  return `${h12}:${mm} ${suffix}`;
}

/** A group's hours as the copy writes them: "9:00 AM-6:00 PM" / "9:00-18:00"; null when closed. */
export function formatDayHours(hours: DayHours, lang: Language): string | null {
  return hours ? `${formatTime(hours.opens, lang)}-${formatTime(hours.closes, lang)}` : null;
}
