/**
 * What the portfolio tells the rest of the product when units change. A unit that becomes listed
 * and available (created so, published, back to available, imported) is announced to the listing
 * alerts (decision 018) inside the caller's transaction: the matching job is an outbox
 * row written with the change (features/listing-alerts/alert-jobs.server.ts, decision 018).
 */
import { enqueueListingAnnouncement } from '~/features/listing-alerts/alert-jobs.server';
import type { Db } from '~/server/db/client.server';

/** Announces units that just became listed and available. Call inside the writing transaction. */
export async function announceListableUnits(tx: Db, propertyIds: readonly number[]): Promise<void> {
  await enqueueListingAnnouncement(tx, propertyIds);
}
