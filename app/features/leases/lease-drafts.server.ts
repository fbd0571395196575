/**
 * Draft leases and the no-overlap rule (decision 022, DESIGN §4 `lease`).
 *
 * A unit never has two leases whose dates overlap unless one of them is `ended` or `terminated`.
 * Every writer that creates a lease or changes its dates first locks the unit's `property` row
 * (`FOR UPDATE`) and then asks `findOverlappingLease` inside the same transaction, so two staff
 * members approving, renewing or countersigning at once serialise on that row and exactly one
 * wins (proven on PostgreSQL in leases.server.test.ts).
 */
import { and, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import type { application } from '~/server/db/schema';
import { lease, leaseTenant, property } from '~/server/db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The lease statuses that hold the unit for their dates. */
export const LEASE_HOLDING_STATUSES = ['draft', 'sent', 'signed', 'active'] as const;

/** Locks the unit row for the rest of the caller's transaction; null when it does not exist. */
export async function lockUnit(tx: Tx, propertyId: number): Promise<{ id: number; status: string; buildingId: number | null } | null> {
  const [row] = await tx
    .select({ id: property.id, status: property.status, buildingId: property.buildingId })
    .from(property)
    .where(eq(property.id, propertyId))
    .for('update');
  return row ?? null;
}

/**
 * The id of a lease of `propertyId` that holds the unit on any day of [startDate, endDate]
 * (ISO dates, inclusive), other than `exceptLeaseId`, or null. Call after `lockUnit`.
 */
export async function findOverlappingLease(
  tx: Tx | Db,
  {
    propertyId,
    startDate,
    endDate,
    exceptLeaseIds = [],
  }: { propertyId: number; startDate: string; endDate: string; exceptLeaseIds?: readonly number[] },
): Promise<number | null> {
  const conditions = [
    eq(lease.propertyId, propertyId),
    inArray(lease.status, [...LEASE_HOLDING_STATUSES]),
    lte(lease.startDate, endDate),
    gte(lease.endDate, startDate),
    ...exceptLeaseIds.map((id) => ne(lease.id, id)),
  ];
  const [row] = await tx
    .select({ id: lease.id })
    .from(lease)
    .where(and(...conditions))
    .limit(1);
  return row?.id ?? null;
}

/**
 * Creates the draft lease of an approved application inside the caller's transaction (the
 * caller has locked the unit): dates, rent, deposit and the amount due at signing come from the
 * application's quote; the applicant becomes the primary signer (by e-mail, linked to their
 * account when they have one). Returns `overlap` when another lease holds those dates.
 */
export async function createDraftLease(
  tx: Tx,
  { app }: { app: typeof application.$inferSelect },
): Promise<{ ok: true; leaseId: number } | { ok: false; reason: 'overlap' }> {
  const overlapping = await findOverlappingLease(tx, { propertyId: app.propertyId, startDate: app.moveIn, endDate: app.moveOut });
  if (overlapping) return { ok: false, reason: 'overlap' };
  const [created] = await tx
    .insert(lease)
    .values({
      propertyId: app.propertyId,
      tenantId: app.userId,
      applicationId: app.id,
      startDate: app.moveIn,
      endDate: app.moveOut,
      monthlyRentCents: app.monthlyRentCents,
      depositCents: app.depositCents,
      dueAtSigningCents: app.dueAtSigningCents,
      locale: app.locale,
      status: 'draft',
    })
    .returning({ id: lease.id });
  const leaseId = created!.id;
  await tx.insert(leaseTenant).values({
    leaseId,
    role: 'primary',
    email: app.email.trim().toLowerCase(),
    name: `${app.firstName} ${app.lastName}`.trim(),
    userId: app.userId,
  });
  return { ok: true, leaseId };
}
