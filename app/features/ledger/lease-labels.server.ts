/**
 * How a lease and a payment are named to people (decision 022): the receipt number of a payment
 * and the unit label of a lease, for e-mails, notifications and receipts.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { building, lease, property } from '~/server/db/schema';
import type { Tx } from './ledger.server';

/** The receipt number shown to people for a payment id. */
export function receiptNumber(paymentId: number): string {
  return `R-${String(paymentId).padStart(7, '0')}`;
}

/** The unit label `Building · Unit 4B` (or the unit's title) of a lease, for e-mails and receipts. */
export async function leaseUnitLabel(db: Db | Tx, leaseId: number): Promise<{ label: string; buildingId: number | null }> {
  const [row] = await db
    .select({ title: property.title, unitNumber: property.unitNumber, buildingName: building.name, buildingId: property.buildingId })
    .from(lease)
    .innerJoin(property, eq(property.id, lease.propertyId))
    .leftJoin(building, eq(building.id, property.buildingId))
    .where(eq(lease.id, leaseId));
  if (!row) return { label: `#${leaseId}`, buildingId: null };
  const label = row.buildingName && row.unitNumber ? `${row.buildingName} · ${row.unitNumber}` : row.title;
  return { label, buildingId: row.buildingId };
}
