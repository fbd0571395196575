/**
 * What the portfolio tells the rest of the product when units change. A unit that becomes listed
 * and available (created so, published, back to available, imported) is announced to the listing
 * alerts (portfolio issue item 8) inside the caller's transaction.
 */
import type { Db } from '~/server/db/client.server';

/** Announces units that just became listed and available. Call inside the writing transaction. */
export async function announceListableUnits(_tx: Db, _propertyIds: readonly number[]): Promise<void> {
  // Wired to the listing alerts' matching job when that feature lands (feat/alerts).
}
