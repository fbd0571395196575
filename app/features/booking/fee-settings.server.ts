/**
 * The booking fee rules from the `setting` table (DESIGN §4: application fee $50, deposit = one
 * month's rent; rows inserted by migration 0002 and edited in /admin/system). Read through the
 * settings registry (`app/server/settings`), straight from the database on every call so the
 * fee charged is the one in force; a missing or malformed row falls back to its default, so a
 * bad edit can never break applications.
 */
import type { Db } from '~/server/db/client.server';
import { readSettings } from '~/server/settings/settings.server';
import type { FeeSettings } from './fees';

/**
 * The fee rules in force: `applicationFeeCents` (integer cents, 0–100,000) and `depositMonths`
 * (0–6 months of rent, two decimals). Database errors propagate.
 */
export async function readFeeSettings({ db }: { db: Db }): Promise<FeeSettings> {
  const settings = await readSettings({ db, names: ['applicationFeeCents', 'depositMonths'] });
  return { applicationFeeCents: settings.applicationFeeCents, depositMonths: settings.depositMonths };
}
