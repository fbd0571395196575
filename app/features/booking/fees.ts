/**
 * The application summary's arithmetic (spec §4 "Application summary"; DESIGN §4 fee rules):
 * lease months, security deposit, application fee, what is due now and at lease signing. Pure
 * and client-safe: the server computes the amounts it stores and charges; the confirmation step
 * uses the same functions to update the summary while the applicant picks how to pay.
 *
 * Money is integer cents; dates are ISO calendar dates (YYYY-MM-DD) without a time zone.
 */
import { BOOKING_FEE_DEFAULTS } from '~/lib/constants';
import type { PaymentMethodChoice } from './booking.fields';

/** The fee rules in force (the `setting` rows, or their defaults). */
export type FeeSettings = {
  /** Charged with every application, in cents. */
  applicationFeeCents: number;
  /** The security deposit as months of rent (1 = one month's rent). */
  depositMonths: number;
};

export const DEFAULT_FEE_SETTINGS: FeeSettings = { ...BOOKING_FEE_DEFAULTS };

type CalendarDate = { year: number; month: number; day: number };

/** Parses a real calendar date "YYYY-MM-DD" (rejects 2027-02-30); null otherwise. */
export function parseIsoDate(iso: string): CalendarDate | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return { year, month, day };
}

function toIso({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * `iso` plus `months` calendar months; a day that the target month lacks becomes its last day
 * (2027-01-31 + 1 month = 2027-02-28). Throws RangeError for an invalid date.
 */
export function addMonths(iso: string, months: number): string {
  const date = parseIsoDate(iso);
  if (!date) throw new RangeError(`not an ISO date: ${iso}`);
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return toIso({ year, month, day: Math.min(date.day, lastDay) });
}

/**
 * DESIGN §4: whole months between move-in and move-out, rounded up: 2027-01-15 → 2027-03-15 is
 * 2 months, → 2027-03-16 is 3. Returns 0 when move-out is not after move-in. ISO strings compare
 * in date order, which the loop relies on.
 */
export function leaseMonths(moveIn: string, moveOut: string): number {
  if (!parseIsoDate(moveIn) || !parseIsoDate(moveOut) || moveOut <= moveIn) return 0;
  let months = 1;
  while (addMonths(moveIn, months) < moveOut) months += 1;
  return months;
}

/** The amounts of an application, all in cents. */
export type FeeQuote = {
  leaseMonths: number;
  monthlyRentCents: number;
  depositCents: number;
  applicationFeeCents: number;
  /** Rent over the whole lease (months × monthly rent), for information. */
  leaseRentCents: number;
  /** Paid with the application: the fee by card, plus the deposit when chosen; 0 when paying at signing. */
  dueNowCents: number;
  /** Paid at lease signing: the first month's rent and whatever was not paid now. */
  dueAtSigningCents: number;
  /** The deposit is part of today's card payment. */
  depositPaidNow: boolean;
  paymentMethod: PaymentMethodChoice;
};

/**
 * The application summary for a home's monthly rent (whole USD, `property.price`), the lease
 * dates and the chosen payment: by card, the application fee is due now and the deposit too when
 * `payDepositNow`; at signing, the first month's rent plus everything not paid now. The deposit
 * is `depositMonths` × rent, rounded to the cent.
 */
export function quoteApplication({
  monthlyRentUsd,
  moveIn,
  moveOut,
  settings,
  paymentMethod,
  payDepositNow,
}: {
  monthlyRentUsd: number;
  moveIn: string;
  moveOut: string;
  settings: FeeSettings;
  paymentMethod: PaymentMethodChoice;
  payDepositNow: boolean;
}): FeeQuote {
  const monthlyRentCents = Math.round(monthlyRentUsd * 100);
  const depositCents = Math.round(monthlyRentCents * settings.depositMonths);
  const applicationFeeCents = settings.applicationFeeCents;
  const months = leaseMonths(moveIn, moveOut);
  const byCard = paymentMethod === 'card';
  const depositPaidNow = byCard && payDepositNow && depositCents > 0;
  const dueNowCents = byCard ? applicationFeeCents + (depositPaidNow ? depositCents : 0) : 0;
  const dueAtSigningCents = monthlyRentCents + (depositPaidNow ? 0 : depositCents) + (byCard ? 0 : applicationFeeCents);
  return {
    leaseMonths: months,
    monthlyRentCents,
    depositCents,
    applicationFeeCents,
    leaseRentCents: monthlyRentCents * months,
    dueNowCents,
    dueAtSigningCents,
    depositPaidNow,
    paymentMethod,
  };
}
