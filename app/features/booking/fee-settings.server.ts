/**
 * The booking fee rules from the `setting` table (DESIGN §4: application fee $50, deposit = one
 * month's rent; rows inserted by migration 0002 and edited in /admin/system). A missing or
 * malformed row falls back to its default, so a bad edit can never break applications.
 */
import { inArray } from 'drizzle-orm';
import { BOOKING_FEE_DEFAULTS, BOOKING_SETTING_KEYS } from '~/lib/constants';
import type { Db } from '~/server/db/client.server';
import { setting } from '~/server/db/schema';
import type { FeeSettings } from './fees';

/** The highest application fee a setting may hold ($1,000, in cents). */
const MAX_FEE_CENTS = 100_000;
/** The largest deposit a setting may ask for, in months of rent. */
const MAX_DEPOSIT_MONTHS = 6;

function asNumber(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : null;
}

/**
 * The fee rules in force: `applicationFeeCents` (integer cents, 0–100,000) and `depositMonths`
 * (0–6 months of rent, two decimals). Database errors propagate.
 */
export async function readFeeSettings({ db }: { db: Db }): Promise<FeeSettings> {
  const rows = await db
    .select({ key: setting.key, value: setting.value })
    .from(setting)
    .where(inArray(setting.key, [BOOKING_SETTING_KEYS.applicationFeeCents, BOOKING_SETTING_KEYS.depositMonths]));
  const byKey = new Map(rows.map((row) => [row.key, asNumber(row.value)]));
  const fee = byKey.get(BOOKING_SETTING_KEYS.applicationFeeCents);
  const months = byKey.get(BOOKING_SETTING_KEYS.depositMonths);
  return {
    applicationFeeCents:
      fee !== null && fee !== undefined && Number.isInteger(fee) && fee >= 0 && fee <= MAX_FEE_CENTS ? fee : BOOKING_FEE_DEFAULTS.applicationFeeCents,
    depositMonths:
      months !== null && months !== undefined && months >= 0 && months <= MAX_DEPOSIT_MONTHS
        ? Math.round(months * 100) / 100
        : BOOKING_FEE_DEFAULTS.depositMonths,
  };
}
