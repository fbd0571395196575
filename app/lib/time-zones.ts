/**
 * Building time zones (decision 047, DESIGN §4 "dates"): every building has an IANA time zone,
 * set from its state when it is created or imported and editable afterwards. Calendar dates of the
 * ledger (due dates, grace periods, late fees, lease terms, autopay days) are the building's local
 * dates: "today" for a building is the date on its wall clock, computed with `@date-fns/tz`.
 * Client-safe (the building form lists the zones).
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, differenceInCalendarDays, format, setDate } from 'date-fns';

/**
 * The zone of most of each state's people (a state that spans two zones takes its larger part;
 * staff correct a building in the other part on its form). Arizona keeps standard time all year
 * (`America/Phoenix`), Indiana and Michigan have their own names for Eastern time.
 */
export const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};

/** The zone a building gets when its state has none in the table (never for a valid state). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * The zones the building form offers, west to east: every zone of `STATE_TIME_ZONES` and the other
 * US zones a building may sit in (the western part of Texas, Florida's panhandle, …).
 */
export const US_TIME_ZONES: readonly string[] = [
  'Pacific/Honolulu',
  'America/Anchorage',
  'America/Los_Angeles',
  'America/Phoenix',
  'America/Boise',
  'America/Denver',
  'America/Chicago',
  'America/Indiana/Knox',
  'America/Kentucky/Louisville',
  'America/Indiana/Indianapolis',
  'America/Detroit',
  'America/New_York',
  'America/Puerto_Rico',
];

/** The time zone for a building in `state` (two-letter USPS code, any case). */
export function timeZoneForState(state: string): string {
  return STATE_TIME_ZONES[state.trim().toUpperCase()] ?? DEFAULT_TIME_ZONE;
}

/** True when `name` is one of the zones the building form offers. */
export function isUsTimeZone(name: string): boolean {
  return US_TIME_ZONES.includes(name);
}

/**
 * The calendar date (ISO `YYYY-MM-DD`) on a wall clock in `timeZone` at the instant `now`.
 * `localToday('Pacific/Honolulu', new Date('2026-03-07T09:59:00Z'))` is `2026-03-06`.
 */
export function localToday(timeZone: string, now: Date = new Date()): string {
  return format(new TZDate(now.getTime(), timeZone), 'yyyy-MM-dd');
}

/**
 * The ISO date `iso` as midnight UTC. Built from its parts: a `YYYY-MM-DDT00:00:00` string would
 * be read in the process's zone, a day early east of UTC.
 */
function utcMidnight(iso: string): TZDate {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new TZDate(year, month - 1, day, 'UTC');
}

/** The ISO date of a `TZDate` in UTC. */
function isoOf(date: TZDate): string {
  return date.toISOString().slice(0, 10);
}

/** `iso` (`YYYY-MM-DD`) moved by `days` calendar days (negative goes back), whatever the process's zone. */
export function addIsoDays(iso: string, days: number): string {
  return isoOf(addDays(utcMidnight(iso), days));
}

/** Calendar days from ISO date `from` to ISO date `to` (negative when `to` is earlier), whatever the process's zone. */
export function isoDaysBetween(from: string, to: string): number {
  return differenceInCalendarDays(utcMidnight(to), utcMidnight(from));
}

/** The first instant of the local day `iso` in `timeZone` (local midnight, as a UTC `Date`). */
export function startOfLocalDay(timeZone: string, iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, timeZone).getTime());
}

/**
 * The next rent due date on or after `today` (ISO dates): day `dueDay` (1–28) of this month, or of
 * the next when that has passed, never before the lease's `startDate`; null when it falls after
 * `endDate`. Calendar arithmetic only: `today` is already the building's local date.
 */
export function nextRentDueDate(today: string, dueDay: number, startDate: string, endDate: string): string | null {
  const from = today > startDate ? today : startDate;
  const thisMonth = isoOf(setDate(utcMidnight(from), dueDay));
  const due = thisMonth >= from ? thisMonth : isoOf(addMonths(utcMidnight(thisMonth), 1));
  return due <= endDate ? due : null;
}
