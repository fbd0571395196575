/**
 * Reading leases (spec §6): summaries with unit label and signers for staff (scoped to the
 * actor's buildings) and for signers, and the stored signed PDF of a lease.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { building, document, lease, leaseTenant, property } from '~/server/db/schema';
import { findStaffLease } from '~/features/ledger/ledger-commands.server';
import type { Tx } from '~/features/ledger/ledger.server';
import type { LeaseStatus } from './leases.server';

type StaffActor = Pick<Viewer, 'id' | 'role'>;

export type LeaseSummary = {
  id: number;
  status: LeaseStatus;
  startDate: string;
  endDate: string;
  monthlyRentCents: number;
  depositCents: number;
  dueAtSigningCents: number;
  sentAt: string | null;
  signBy: string | null;
  countersignedAt: string | null;
  renewalOfId: number | null;
  moveOutDate: string | null;
  unitId: number;
  unitLabel: string;
  buildingId: number | null;
  address: string;
  city: string;
  state: string;
  signers: {
    id: number;
    name: string;
    email: string;
    role: 'primary' | 'co_tenant';
    signedAt: string | null;
    userId: string | null;
    documentSha256: string | null;
  }[];
};

/** The leases with these ids as summaries (unit label, signers), in the order given. */
export async function summariseLeases(db: Db | Tx, ids: readonly number[]): Promise<LeaseSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      lease,
      unitNumber: property.unitNumber,
      title: property.title,
      address: property.address,
      city: property.city,
      state: property.state,
      buildingName: building.name,
      buildingId: building.id,
    })
    .from(lease)
    .innerJoin(property, eq(property.id, lease.propertyId))
    .leftJoin(building, eq(building.id, property.buildingId))
    .where(inArray(lease.id, [...ids]));
  const signers = await db
    .select()
    .from(leaseTenant)
    .where(inArray(leaseTenant.leaseId, [...ids]))
    .orderBy(asc(leaseTenant.id));
  const byId = new Map(rows.map((r) => [r.lease.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    if (!r) return [];
    return [
      {
        id,
        status: r.lease.status,
        startDate: r.lease.startDate,
        endDate: r.lease.endDate,
        monthlyRentCents: r.lease.monthlyRentCents,
        depositCents: r.lease.depositCents,
        dueAtSigningCents: r.lease.dueAtSigningCents,
        sentAt: r.lease.sentAt?.toISOString() ?? null,
        signBy: r.lease.signBy?.toISOString() ?? null,
        countersignedAt: r.lease.countersignedAt?.toISOString() ?? null,
        renewalOfId: r.lease.renewalOfId,
        moveOutDate: r.lease.moveOutDate,
        unitId: r.lease.propertyId,
        unitLabel: r.buildingName && r.unitNumber ? `${r.buildingName} · ${r.unitNumber}` : r.title,
        buildingId: r.buildingId,
        address: r.address,
        city: r.city,
        state: r.state,
        signers: signers
          .filter((s) => s.leaseId === id)
          .map((s) => ({
            id: s.id,
            name: s.name,
            email: s.email,
            role: s.role,
            signedAt: s.signedAt?.toISOString() ?? null,
            userId: s.userId,
            documentSha256: s.documentSha256,
          })),
      },
    ];
  });
}

/** A lease as staff see it, or null when unknown or outside the actor's buildings. */
export async function findLeaseForStaff({
  db,
  actor,
  leaseId,
}: {
  db: Db;
  actor: StaffActor;
  leaseId: number;
}): Promise<LeaseSummary | null> {
  const found = await findStaffLease(db, actor, leaseId);
  if (!found) return null;
  const [summary] = await summariseLeases(db, [leaseId]);
  return summary ?? null;
}

/** The leases `viewer` is a signer of (any status but draft), newest first. */
export async function findLeasesOfSigner({ db, viewer }: { db: Db; viewer: Pick<Viewer, 'id' | 'email'> }): Promise<LeaseSummary[]> {
  const rows = await db
    .select({ id: lease.id })
    .from(leaseTenant)
    .innerJoin(lease, eq(lease.id, leaseTenant.leaseId))
    .where(
      and(
        or(eq(leaseTenant.userId, viewer.id), and(isNull(leaseTenant.userId), eq(leaseTenant.email, viewer.email.toLowerCase()))),
        sql`${lease.status} <> 'draft'`,
      ),
    )
    .orderBy(desc(lease.startDate), desc(lease.id))
    .limit(20);
  return summariseLeases(
    db,
    rows.map((r) => r.id),
  );
}

/** The stored signed PDF of `leaseId` for one of its signers (theirs, else the primary's), or null. */
export async function findSignedLeaseDocument(db: Db, leaseId: number, signerId?: number) {
  const rows = await db
    .select({
      storageKey: document.storageKey,
      sha256: document.sha256,
      originalName: document.originalName,
      signerId: leaseTenant.id,
      role: leaseTenant.role,
    })
    .from(leaseTenant)
    .innerJoin(document, eq(document.id, leaseTenant.documentId))
    .where(eq(leaseTenant.leaseId, leaseId));
  return rows.find((r) => r.signerId === signerId) ?? rows.find((r) => r.role === 'primary') ?? rows[0] ?? null;
}
