import { describe, expect, it } from 'vitest';
import { addIsoDays, nextRentDueDate } from './time-zones';

describe('nextRentDueDate', () => {
  it('is this month’s due day until it passes, then next month’s, across a year end', () => {
    expect(nextRentDueDate('2026-11-01', 1, '2026-01-01', '2027-12-31')).toBe('2026-11-01');
    expect(nextRentDueDate('2026-11-02', 1, '2026-01-01', '2027-12-31')).toBe('2026-12-01');
    expect(nextRentDueDate('2026-12-20', 5, '2026-01-01', '2027-12-31')).toBe('2027-01-05');
    expect(nextRentDueDate('2026-02-03', 28, '2026-01-01', '2027-12-31')).toBe('2026-02-28');
  });

  it('starts from the lease start and stops after the lease end', () => {
    expect(nextRentDueDate('2026-03-10', 1, '2026-04-01', '2027-03-31')).toBe('2026-04-01');
    expect(nextRentDueDate('2026-03-10', 1, '2026-04-15', '2027-03-31')).toBe('2026-05-01');
    expect(nextRentDueDate('2026-12-02', 1, '2026-01-01', '2026-12-31')).toBeNull();
  });
});

describe('addIsoDays', () => {
  it('moves across month, year and leap days, and DST changes, in a process east or west of UTC', () => {
    const zone = process.env.TZ;
    try {
      for (const processZone of ['UTC', 'Asia/Tokyo', 'America/New_York', 'Europe/Rome']) {
        process.env.TZ = processZone;
        expect(addIsoDays('2026-03-07', 1), processZone).toBe('2026-03-08');
        expect(addIsoDays('2026-03-29', 1), processZone).toBe('2026-03-30');
        expect(addIsoDays('2026-11-01', 1), processZone).toBe('2026-11-02');
        expect(addIsoDays('2027-12-31', 1), processZone).toBe('2028-01-01');
        expect(addIsoDays('2028-03-01', -1), processZone).toBe('2028-02-29');
        expect(addIsoDays('2026-01-31', 30), processZone).toBe('2026-03-02');
        expect(nextRentDueDate('2026-12-20', 5, '2026-01-01', '2027-12-31'), processZone).toBe('2027-01-05');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
