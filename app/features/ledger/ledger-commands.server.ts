/**
 * What people do to a lease's ledger (decision 022 and 020): a tenant pays (the balance or
 * a chosen amount), staff add a charge or a credit, record an offline payment (check, cash, bank
 * transfer), refund (part of) a payment through its provider, and end a lease with the deposit
 * statement. Each command authorises the actor itself (a tenant: only a lease they signed; staff:
 * only leases in their buildings — anything else is `not_found`), validates amounts (whole cents,
 * > 0, within limits), runs in one transaction under the lease lock, and is audited.
 */
import { isAdmin, isPropertyManager, isStaff } from '~/lib/access';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { managedBuildingsFilter } from '~/features/portfolio/portfolio-access.server';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { building, charge, lease, leaseTenant, payment, property, refund } from '~/server/db/schema';
import { mailLanguage } from '~/server/mail/templates.server';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import { PaymentProviderError, type PaymentProvider } from '~/server/payments/payment-provider';
import {
  allocateLedger,
  findLeaseBalance,
  LEDGER_MAX_AMOUNT_CENTS,
  lockLease,
  releasePaymentAllocations,
  type ManualChargeKind,
  type Tx,
} from './ledger.server';
import { findLeaseSigners, leaseMailMessage, mailDate, mailMoney } from './lease-mail.server';
import { announceReceipt, leaseUnitLabel } from './lease-payments.server';
import { INT4_MAX, isId } from '~/lib/ids';

type StaffActor = Pick<Viewer, 'id' | 'role'>;

/** True for a whole number of cents in (0, LEDGER_MAX_AMOUNT_CENTS]. */
export function isValidAmount(cents: number): boolean {
  return Number.isSafeInteger(cents) && cents > 0 && cents <= LEDGER_MAX_AMOUNT_CENTS;
}

/** The lease `leaseId` if staff `actor` manages its building (admins: any), else null. */
export async function findStaffLease(db: Db | Tx, actor: StaffActor, leaseId: number) {
  if (!isStaff(actor.role) || !Number.isSafeInteger(leaseId) || leaseId < 1 || leaseId > INT4_MAX) return null;
  const [row] = await db
    .select({ lease })
    .from(lease)
    .innerJoin(property, eq(property.id, lease.propertyId))
    .leftJoin(building, eq(building.id, property.buildingId))
    .where(and(eq(lease.id, leaseId), isAdmin(actor.role) ? undefined : managedBuildingsFilter(actor)))
    .limit(1);
  return row?.lease ?? null;
}

/** The lease `leaseId` if `viewer` signed it (as primary or co-tenant), else null. */
export async function findTenantLease(db: Db | Tx, viewer: Pick<Viewer, 'id'>, leaseId: number) {
  if (!isId(leaseId)) return null;
  const [row] = await db
    .select({ lease })
    .from(leaseTenant)
    .innerJoin(lease, eq(lease.id, leaseTenant.leaseId))
    .where(and(eq(leaseTenant.leaseId, leaseId), eq(leaseTenant.userId, viewer.id)))
    .limit(1);
  return row?.lease ?? null;
}

// ---------------------------------------------------------------------------------------------
// Tenant: pay now
// ---------------------------------------------------------------------------------------------

/** Why Pay now is refused before any checkout opens (lease-checkout.server.ts). */
export type PayRefusal = 'not_found' | 'not_active' | 'invalid_amount' | 'nothing_due' | 'above_balance';
// ---------------------------------------------------------------------------------------------
// Staff: charges, credits, offline payments, refunds
// ---------------------------------------------------------------------------------------------

export type StaffLedgerRefusal =
  | 'not_found'
  | 'invalid_amount'
  | 'invalid_date'
  | 'above_balance'
  | 'nothing_due'
  | 'above_refundable'
  | 'not_refundable'
  | 'provider_refused'
  | 'provider_unavailable'
  | 'not_active';
export type StaffLedgerOutcome = { ok: true; id: number } | { ok: false; reason: StaffLedgerRefusal; limitCents?: number };

/** Adds a charge (`rent`, `late_fee`, `utility`, `other`) or a `credit` to a lease, due `dueDate` (ISO). */
export async function postManualCharge({
  db,
  actor,
  leaseId,
  kind,
  amountCents,
  dueDate,
  description,
  origin,
}: {
  db: Db;
  actor: StaffActor;
  leaseId: number;
  kind: ManualChargeKind;
  amountCents: number;
  dueDate: string;
  description: string;
  origin: RequestOrigin;
}): Promise<StaffLedgerOutcome> {
  if (!isValidAmount(amountCents)) return { ok: false, reason: 'invalid_amount' };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate) || Number.isNaN(Date.parse(dueDate))) return { ok: false, reason: 'invalid_date' };
  return db.transaction(async (tx) => {
    const found = await findStaffLease(tx, actor, leaseId);
    if (!found) return { ok: false, reason: 'not_found' };
    await lockLease(tx, leaseId);
    const [row] = await tx
      .insert(charge)
      // Manual entries get a unique period so they never collide with the scheduled ones.
      .values({
        leaseId,
        kind,
        amountCents,
        dueDate,
        period: `manual:${randomUUID()}`,
        description: description.trim() || null,
        createdBy: actor.id,
      })
      .returning({ id: charge.id });
    await allocateLedger(tx, leaseId);
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'charge_posted',
      tableName: 'charge',
      origin,
      values: { lease_id: leaseId, charge_id: row!.id, kind, amount_cents: amountCents, due_date: dueDate },
    });
    return { ok: true, id: row!.id };
  });
}

/**
 * Records money received outside the provider (check, cash, bank transfer) with its reference:
 * a succeeded payment allocated to the oldest open charges, with the tenant's receipt.
 */
export async function recordOfflinePayment({
  db,
  actor,
  leaseId,
  amountCents,
  method,
  reference,
  origin,
  publicUrl,
}: {
  db: Db;
  actor: StaffActor;
  leaseId: number;
  amountCents: number;
  method: 'check' | 'cash' | 'bank_transfer';
  reference: string;
  origin: RequestOrigin;
  publicUrl: string;
}): Promise<StaffLedgerOutcome> {
  if (!isValidAmount(amountCents)) return { ok: false, reason: 'invalid_amount' };
  return db.transaction(async (tx) => {
    const found = await findStaffLease(tx, actor, leaseId);
    if (!found) return { ok: false, reason: 'not_found' };
    await lockLease(tx, leaseId);
    const balance = await findLeaseBalance(tx, leaseId);
    if (balance.balanceCents <= 0) return { ok: false, reason: 'nothing_due', limitCents: 0 };
    if (amountCents > balance.balanceCents) return { ok: false, reason: 'above_balance', limitCents: balance.balanceCents };
    const { buildingId } = await leaseUnitLabel(tx, leaseId);
    const [row] = await tx
      .insert(payment)
      .values({
        payerId: found.tenantId,
        leaseId,
        buildingId,
        kind: 'rent',
        method,
        amountCents,
        status: 'succeeded',
        provider: 'offline',
        reference: reference.trim() || null,
        recordedBy: actor.id,
        idempotencyKey: `offline:${randomUUID()}`,
        settledAt: new Date(),
      })
      .returning();
    await allocateLedger(tx, leaseId);
    await announceReceipt(tx, { payment: row!, publicUrl });
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'payment_recorded',
      tableName: 'payment',
      origin,
      values: { lease_id: leaseId, payment_id: row!.id, amount_cents: amountCents, method, reference },
    });
    return { ok: true, id: row!.id };
  });
}

/**
 * Refunds `amountCents` (≤ what is left of it) of a succeeded payment: through its provider for
 * card payments (idempotent per `idempotencyKey`), as a record for offline ones. The payment's
 * allocations shrink to what is left of it, so the balance rises by the refund. Staff only, in
 * their buildings.
 */
export async function refundPayment({
  db,
  provider,
  actor,
  paymentId,
  amountCents,
  reason,
  idempotencyKey,
  origin,
}: {
  db: Db;
  provider: PaymentProvider;
  actor: StaffActor;
  paymentId: number;
  amountCents: number;
  reason: string;
  idempotencyKey: string;
  origin: RequestOrigin;
}): Promise<StaffLedgerOutcome> {
  if (!isValidAmount(amountCents)) return { ok: false, reason: 'invalid_amount' };
  if (!isId(paymentId)) return { ok: false, reason: 'not_found' };
  const [row] = await db.select().from(payment).where(eq(payment.id, paymentId));
  if (!row) return { ok: false, reason: 'not_found' };
  if (!isAdmin(actor.role)) {
    if (!isPropertyManager(actor.role) || row.buildingId === null) return { ok: false, reason: 'not_found' };
    const [mine] = await db
      .select({ id: building.id })
      .from(building)
      .where(and(eq(building.id, row.buildingId), eq(building.managerId, actor.id)));
    if (!mine) return { ok: false, reason: 'not_found' };
  }
  const key = `refund:${paymentId}:${idempotencyKey}`;
  const [done] = await db.select({ id: refund.id }).from(refund).where(eq(refund.idempotencyKey, key));
  if (done) return { ok: true, id: done.id };
  if (row.status !== 'succeeded') return { ok: false, reason: 'not_refundable' };
  const refundable = row.amountCents - row.refundedCents;
  if (amountCents > refundable) return { ok: false, reason: 'above_refundable', limitCents: refundable };
  let providerRef: string | null = null;
  if (row.provider !== 'offline') {
    if (!row.providerRef || row.provider !== provider.name) return { ok: false, reason: 'not_refundable' };
    try {
      const answer = await provider.refund({ idempotencyKey: key, providerRef: row.providerRef, amountCents });
      if (answer.status === 'failed') return { ok: false, reason: 'provider_refused' };
      providerRef = answer.refundRef;
    } catch (error) {
      if (error instanceof PaymentProviderError) return { ok: false, reason: 'provider_unavailable' };
      throw error;
    }
  }
  return db.transaction(async (tx) => {
    if (row.leaseId !== null) await lockLease(tx, row.leaseId);
    const [again] = await tx.select({ id: refund.id }).from(refund).where(eq(refund.idempotencyKey, key));
    if (again) return { ok: true, id: again.id };
    const [updated] = await tx
      .update(payment)
      .set({
        refundedCents: sql`${payment.refundedCents} + ${amountCents}`,
        status: sql`case when ${payment.refundedCents} + ${amountCents} >= ${payment.amountCents} then 'refunded'::payment_status else ${payment.status} end`,
      })
      .where(and(eq(payment.id, paymentId), sql`${payment.refundedCents} + ${amountCents} <= ${payment.amountCents}`))
      .returning({ id: payment.id });
    if (!updated) return { ok: false, reason: 'above_refundable' };
    const [created] = await tx
      .insert(refund)
      .values({ paymentId, amountCents, providerRef, reason: reason.trim() || null, idempotencyKey: key, createdBy: actor.id })
      .returning({ id: refund.id });
    if (row.leaseId !== null) {
      await releasePaymentAllocations(tx, paymentId);
      await allocateLedger(tx, row.leaseId);
    }
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'payment_refunded',
      tableName: 'payment',
      origin,
      values: { payment_id: paymentId, refund_id: created!.id, amount_cents: amountCents, reason },
    });
    return { ok: true, id: created!.id };
  });
}

// ---------------------------------------------------------------------------------------------
// Staff: end a lease, with the deposit statement
// ---------------------------------------------------------------------------------------------

export type DepositDeduction = { description: string; amountCents: number };
export type EndLeaseOutcome =
  | { ok: true; leaseId: number; depositCents: number; deductionsCents: number; returnedCents: number; balanceCents: number }
  | { ok: false; reason: 'not_found' | 'not_active' | 'invalid_date' | 'invalid_amount' | 'deductions_above_deposit' };

/**
 * Ends an active lease on `moveOutDate` (ISO): each deduction is posted as a charge, the deposit
 * as a credit covering open charges oldest first, and what is left of it is returned (posted as
 * an `other` entry "Security deposit returned" that balances the credit). The lease becomes
 * `ended` (`terminated` when moving out before its end date), the unit available again (unlisted),
 * and the tenant gets the statement by e-mail.
 */
export async function endLease({
  db,
  actor,
  leaseId,
  moveOutDate,
  deductions,
  origin,
  publicUrl,
}: {
  db: Db;
  actor: StaffActor;
  leaseId: number;
  moveOutDate: string;
  deductions: DepositDeduction[];
  origin: RequestOrigin;
  publicUrl: string;
}): Promise<EndLeaseOutcome> {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(moveOutDate) || Number.isNaN(Date.parse(moveOutDate))) return { ok: false, reason: 'invalid_date' };
  if (deductions.some((d) => !isValidAmount(d.amountCents) || !d.description.trim())) return { ok: false, reason: 'invalid_amount' };
  return db.transaction(async (tx) => {
    const found = await findStaffLease(tx, actor, leaseId);
    if (!found) return { ok: false, reason: 'not_found' };
    const locked = await lockLease(tx, leaseId);
    if (locked?.status !== 'active') return { ok: false, reason: 'not_active' };
    if (moveOutDate < locked.startDate) return { ok: false, reason: 'invalid_date' };
    const deductionsCents = deductions.reduce((sum, d) => sum + d.amountCents, 0);
    if (deductionsCents > locked.depositCents) return { ok: false, reason: 'deductions_above_deposit' };
    if (deductions.length > 0) {
      await tx.insert(charge).values(
        deductions.map((d) => ({
          leaseId,
          kind: 'other' as const,
          amountCents: d.amountCents,
          dueDate: moveOutDate,
          period: `deduction:${randomUUID()}`,
          description: `Deposit deduction: ${d.description.trim()}`,
          createdBy: actor.id,
        })),
      );
    }
    // What the deposit covers: everything owed at move-out, deductions included.
    const before = await findLeaseBalance(tx, leaseId, moveOutDate);
    const covered = Math.min(locked.depositCents, Math.max(0, before.balanceCents));
    const returnedCents = locked.depositCents - covered;
    if (locked.depositCents > 0) {
      await tx.insert(charge).values({
        leaseId,
        kind: 'credit',
        amountCents: locked.depositCents,
        dueDate: moveOutDate,
        period: 'deposit_applied',
        description: 'Security deposit applied',
        createdBy: actor.id,
      });
      if (returnedCents > 0) {
        await tx.insert(charge).values({
          leaseId,
          kind: 'other',
          amountCents: returnedCents,
          dueDate: moveOutDate,
          period: 'deposit_returned',
          description: 'Security deposit returned',
          createdBy: actor.id,
        });
      }
    }
    await allocateLedger(tx, leaseId);
    const after = await findLeaseBalance(tx, leaseId, moveOutDate);
    const status = moveOutDate < locked.endDate ? 'terminated' : 'ended';
    await tx
      .update(lease)
      .set({
        status,
        moveOutDate,
        endedAt: new Date(),
        depositDeductions: deductions.map((d) => ({ description: d.description.trim(), amountCents: d.amountCents })),
      })
      .where(eq(lease.id, leaseId));
    await tx.update(property).set({ status: 'available', listed: false }).where(eq(property.id, locked.propertyId));
    // The deposit statement to every signer.
    const signers = await findLeaseSigners(tx, leaseId);
    const { label } = await leaseUnitLabel(tx, leaseId);
    await enqueueOutbox(
      tx,
      signers.map((s) => {
        const locale = mailLanguage(s.locale ?? locked.locale);
        return leaseMailMessage(s, locale, {
          template: 'lease_ended',
          url: new URL('/tenant-portal', publicUrl).href,
          dedupeKey: `lease_ended:${leaseId}:${s.email}`,
          values: {
            unit: label,
            moveOut: mailDate(moveOutDate, locale),
            deposit: mailMoney(locked.depositCents, locale),
            deductions: mailMoney(deductionsCents, locale),
            returned: mailMoney(returnedCents, locale),
            items: deductions.map((d) => `• ${d.description.trim()}: ${mailMoney(d.amountCents, locale)}`).join('\n'),
            balance: mailMoney(after.balanceCents, locale),
          },
        });
      }),
    );
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'lease_ended',
      tableName: 'lease',
      origin,
      values: { lease_id: leaseId, move_out_date: moveOutDate, status, deductions_cents: deductionsCents, returned_cents: returnedCents },
    });
    return { ok: true, leaseId, depositCents: locked.depositCents, deductionsCents, returnedCents, balanceCents: after.balanceCents };
  });
}

/** Sends an in-app notification (and nothing else) from staff to the tenants of a lease. */
export async function notifyLeaseTenants({
  db,
  actor,
  leaseId,
  title,
  message,
  origin,
}: {
  db: Db;
  actor: StaffActor;
  leaseId: number;
  title: string;
  message: string;
  origin: RequestOrigin;
}): Promise<StaffLedgerOutcome> {
  return db.transaction(async (tx) => {
    const found = await findStaffLease(tx, actor, leaseId);
    if (!found) return { ok: false, reason: 'not_found' };
    const signers = await tx
      .select({ userId: leaseTenant.userId })
      .from(leaseTenant)
      .where(and(eq(leaseTenant.leaseId, leaseId)));
    const ids = [...new Set(signers.flatMap((s) => (s.userId ? [s.userId] : [])))];
    if (ids.length === 0) return { ok: false, reason: 'not_active' };
    await insertNotifications(
      tx,
      ids.map((userId) => ({ userId, title: title.trim(), message: message.trim(), type: 'info' as const, actionUrl: '/tenant-portal' })),
    );
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'tenant_notified',
      tableName: 'notification',
      origin,
      values: { lease_id: leaseId, recipients: ids.length },
    });
    return { ok: true, id: leaseId };
  });
}

/** Leases with these ids whose signers include `userId` (used to scope receipts). */
export async function leaseIdsOfTenant(db: Db, userId: string, leaseIds: readonly number[]): Promise<number[]> {
  if (leaseIds.length === 0) return [];
  const rows = await db
    .select({ id: leaseTenant.leaseId })
    .from(leaseTenant)
    .where(and(eq(leaseTenant.userId, userId), inArray(leaseTenant.leaseId, [...leaseIds])));
  return rows.map((r) => r.id);
}
