import { describe, expect, it } from 'vitest';
import { DEFAULT_FEE_SETTINGS, addMonths, leaseMonths, parseIsoDate, quoteApplication } from './fees';

describe('lease months (DESIGN §4: whole months, rounded up)', () => {
  it('counts 2027-01-15 → 2027-03-16 as 3 months and an exact two months as 2', () => {
    expect(leaseMonths('2027-01-15', '2027-03-16')).toBe(3);
    expect(leaseMonths('2027-01-15', '2027-03-15')).toBe(2);
  });

  it('counts a single day past a whole year as a thirteenth month', () => {
    expect(leaseMonths('2027-01-01', '2028-01-01')).toBe(12);
    expect(leaseMonths('2027-01-01', '2028-01-02')).toBe(13);
  });

  it('treats month ends sensibly (Jan 31 + 1 month is the end of February)', () => {
    expect(addMonths('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(leaseMonths('2027-01-31', '2027-02-28')).toBe(1);
    expect(leaseMonths('2027-01-31', '2027-03-01')).toBe(2);
  });

  it('is 0 when move-out is not after move-in, or a date is invalid', () => {
    expect(leaseMonths('2027-03-01', '2027-03-01')).toBe(0);
    expect(leaseMonths('2027-03-01', '2027-02-01')).toBe(0);
    expect(leaseMonths('2027-02-30', '2027-05-01')).toBe(0);
  });

  it('parses only real calendar dates', () => {
    expect(parseIsoDate('2028-02-29')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseIsoDate('2027-02-29')).toBeNull();
    expect(parseIsoDate('15/01/2027')).toBeNull();
  });
});

describe('application quote (spec §4 summary)', () => {
  const base = { monthlyRentUsd: 1500, moveIn: '2027-01-15', moveOut: '2028-01-15', settings: DEFAULT_FEE_SETTINGS };

  it('by card: the $50 fee is due now; first month and a one-month deposit at signing', () => {
    expect(quoteApplication({ ...base, paymentMethod: 'card', payDepositNow: false })).toEqual({
      leaseMonths: 12,
      monthlyRentCents: 150_000,
      depositCents: 150_000,
      applicationFeeCents: 5_000,
      leaseRentCents: 1_800_000,
      dueNowCents: 5_000,
      dueAtSigningCents: 300_000,
      depositPaidNow: false,
      paymentMethod: 'card',
    });
  });

  it('by card with the deposit now: fee + deposit now, only the first month at signing', () => {
    const quote = quoteApplication({ ...base, paymentMethod: 'card', payDepositNow: true });
    expect(quote.dueNowCents).toBe(155_000);
    expect(quote.dueAtSigningCents).toBe(150_000);
    expect(quote.depositPaidNow).toBe(true);
  });

  it('pay at signing: nothing now; fee, deposit and first month at signing (a deposit choice is ignored)', () => {
    const quote = quoteApplication({ ...base, paymentMethod: 'pay_at_signing', payDepositNow: true });
    expect(quote.dueNowCents).toBe(0);
    expect(quote.dueAtSigningCents).toBe(305_000);
    expect(quote.depositPaidNow).toBe(false);
  });

  it('follows the fee settings: fee in cents, deposit in months of rent rounded to the cent', () => {
    const quote = quoteApplication({
      ...base,
      monthlyRentUsd: 1333,
      settings: { applicationFeeCents: 7_500, depositMonths: 1.5 },
      paymentMethod: 'card',
      payDepositNow: true,
    });
    expect(quote.applicationFeeCents).toBe(7_500);
    expect(quote.depositCents).toBe(199_950);
    expect(quote.dueNowCents).toBe(207_450);
  });
});
