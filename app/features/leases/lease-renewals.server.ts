/**
 * Lease renewal (spec §6, see `leases.server.ts` for the lifecycle): staff offer a new lease
 * starting the day after the current one ends, sent at once to the same signers; the tenant
 * accepts it by signing (`lease-signing.server.ts`) and staff countersign.
 */
import { utcToday } from '~/lib/dates';
import { eq } from 'drizzle-orm';
import { recordAuditEvent } from '~/server/audit.server';
import { lease, leaseTenant } from '~/server/db/schema';
import { lockLease } from '~/features/ledger/ledger.server';
import { findOverlappingLease, lockUnit } from './lease-drafts.server';
import { inviteSigners } from './lease-invitations.server';
import { LEASE_SIGN_DAYS, onStaffLease, type LeaseCommandArgs, type LeaseCommandOutcome } from './leases.server';

/**
 * Offers a renewal of an active lease: a new lease from the day after it ends to `endDate`, at
 * `monthlyRentCents`, with the same signers and deposit, sent at once (nothing due at signing).
 */
export async function offerRenewal({
  db,
  actor,
  leaseId,
  endDate,
  monthlyRentCents,
  origin,
  publicUrl,
  now = new Date(),
}: LeaseCommandArgs & { endDate: string; monthlyRentCents: number; publicUrl: string; now?: Date }): Promise<LeaseCommandOutcome> {
  if (!Number.isSafeInteger(monthlyRentCents) || monthlyRentCents <= 0) return { ok: false, reason: 'invalid_amount' };
  return onStaffLease({ db, actor, leaseId }, async (tx, found) => {
    await lockUnit(tx, found.propertyId);
    const current = await lockLease(tx, leaseId);
    if (current?.status !== 'active') return { ok: false, reason: 'invalid_status', status: current?.status };
    const start = new Date(`${current.endDate}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() + 1);
    const startDate = utcToday(start);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(endDate) || endDate <= startDate) return { ok: false, reason: 'invalid_dates' };
    if (await findOverlappingLease(tx, { propertyId: current.propertyId, startDate, endDate, exceptLeaseIds: [leaseId] }))
      return { ok: false, reason: 'overlap' };
    const signBy = new Date(now.getTime() + LEASE_SIGN_DAYS * 86_400_000);
    const [renewal] = await tx
      .insert(lease)
      .values({
        propertyId: current.propertyId,
        tenantId: current.tenantId,
        applicationId: current.applicationId,
        renewalOfId: current.id,
        startDate,
        endDate,
        monthlyRentCents,
        depositCents: current.depositCents,
        dueAtSigningCents: 0,
        locale: current.locale,
        status: 'sent',
        sentAt: now,
        signBy,
      })
      .returning({ id: lease.id });
    const renewalId = renewal!.id;
    const signers = await tx.select().from(leaseTenant).where(eq(leaseTenant.leaseId, leaseId));
    await tx
      .insert(leaseTenant)
      .values(signers.map((s) => ({ leaseId: renewalId, role: s.role, email: s.email, name: s.name, userId: s.userId })));
    await inviteSigners(tx, renewalId, 'renewal_offered', publicUrl);
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'lease_renewal_offered',
      tableName: 'lease',
      origin,
      values: { lease_id: leaseId, renewal_id: renewalId, end_date: endDate, monthly_rent_cents: monthlyRentCents },
    });
    return { ok: true, leaseId: renewalId };
  });
}
