import { describe, expect, it } from 'vitest';
import { getT } from '~/i18n/translate.server';
import { formatRelativeTime, relativeTimeOf } from './relative-time';

const NOW = new Date('2026-03-20T12:00:00Z');
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The ISO instant `ms` before NOW. */
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const label = (ms: number, lang: 'en' | 'it') => formatRelativeTime(ago(ms), NOW, getT(lang), lang, 'UTC');

describe('relativeTimeOf (spec §4 notification time labels)', () => {
  it.each([
    [0, { unit: 'now' }],
    [59 * MINUTE + 59_999, { unit: 'now' }],
    [HOUR, { unit: 'hours', count: 1 }],
    [23 * HOUR + 59 * MINUTE, { unit: 'hours', count: 23 }],
    [DAY, { unit: 'days', count: 1 }],
    [6 * DAY + 23 * HOUR, { unit: 'days', count: 6 }],
    [7 * DAY, { unit: 'date' }],
    [400 * DAY, { unit: 'date' }],
  ])('an age of %i ms is %o', (ms, expected) => {
    expect(relativeTimeOf(new Date(ago(ms)), NOW)).toEqual(expected);
  });

  it('a time slightly in the future (clock difference) reads as just now, and so does an invalid date', () => {
    expect(relativeTimeOf(new Date(NOW.getTime() + 5 * MINUTE), NOW)).toEqual({ unit: 'now' });
    expect(relativeTimeOf(new Date('not a date'), NOW)).toEqual({ unit: 'now' });
  });
});

describe('formatRelativeTime', () => {
  it('says "Just now" under an hour, then hours, then days up to 7 days, then the date, in English', () => {
    expect(label(10 * MINUTE, 'en')).toBe('Just now');
    expect(label(HOUR, 'en')).toBe('1 hour ago');
    expect(label(5 * HOUR + 30 * MINUTE, 'en')).toBe('5 hours ago');
    expect(label(DAY, 'en')).toBe('1 day ago');
    expect(label(6 * DAY, 'en')).toBe('6 days ago');
    expect(label(7 * DAY, 'en')).toBe('Mar 13, 2026');
  });

  it('says the same in Italian', () => {
    expect(label(10 * MINUTE, 'it')).toBe('Proprio ora');
    expect(label(HOUR, 'it')).toBe('1 ora fa');
    expect(label(3 * HOUR, 'it')).toBe('3 ore fa');
    expect(label(DAY, 'it')).toBe('1 giorno fa');
    expect(label(2 * DAY, 'it')).toBe('2 giorni fa');
    expect(label(30 * DAY, 'it')).toBe('18 feb 2026');
  });

  it('formats the date in the given time zone', () => {
    // 7 days before 2026-03-20T02:00Z is 2026-03-13T02:00Z: still the 12th in New York.
    const early = new Date('2026-03-20T02:00:00Z');
    const iso = new Date(early.getTime() - 7 * DAY).toISOString();
    expect(formatRelativeTime(iso, early, getT('en'), 'en', 'America/New_York')).toBe('Mar 12, 2026');
  });
});
