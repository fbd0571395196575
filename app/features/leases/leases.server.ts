/**
 * The lease lifecycle (decision 022, DESIGN §4 `lease`):
 *
 *   draft ──send──▶ sent ──every signer signs──▶ signed ──countersign──▶ active ──▶ ended | terminated
 *
 * - Approval creates the draft (lease-drafts.server.ts). Staff (an admin, or the building's
 *   manager) add co-tenants (further adults, invited by e-mail) and send it: the document is then
 *   dated and every signer gets the invitation e-mail; the offer lapses after `LEASE_SIGN_DAYS`.
 * - A signer is the person whose verified account e-mail is on the lease. They read the lease as a
 *   page and as a PDF in their language and sign with their typed full name and a consent box; we
 *   keep the time, IP, user agent and the SHA-256 of the exact PDF they saw (the form carries the
 *   fingerprint of the document shown; if the lease changed since, signing is refused), and store
 *   that PDF. The primary signer pays the amount due at signing in the same step: the signature is
 *   recorded only when the payment succeeded (the signing charges — application fee and deposit
 *   already paid, the rest of the deposit, the first month's rent — are posted then).
 * - Staff countersign: the unit is locked and the no-overlap rule checked again, the lease becomes
 *   `active`, the application `leased`, and the signers tenants.
 * - Renewal: staff offer a new lease (`renewal_of_id`) starting the day after the current one
 *   ends, sent at once to the same signers; the tenant accepts it in the portal (a signature, with
 *   nothing due), staff countersign.
 *
 * The services are split by responsibility:
 * - this module: the staff lifecycle commands (co-tenants, send, countersign) and the constants;
 * - `lease-pdf.server.ts`: what the document says and its PDF;
 * - `lease-invitations.server.ts`: the e-mails and bell notifications inviting signers;
 * - `lease-renewals.server.ts`: offering a renewal;
 * - `lease-signing.server.ts`: the signer's side (finding the signer, signing and paying);
 * - `lease-queries.server.ts`: lease summaries for staff and signers, the signed PDF.
 *
 * Every service takes the acting user and authorises itself: staff functions answer `not_found`
 * for a lease outside the actor's buildings (audited by the route), signer functions for a lease
 * the viewer is not on. Services return reason codes; routes map them to statuses and messages.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { application, lease, leaseTenant, property, user } from '~/server/db/schema';
import { mailLanguage } from '~/server/mail/templates.server';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import { findStaffLease } from '~/features/ledger/ledger-commands.server';
import { lockLease, type Tx } from '~/features/ledger/ledger.server';
import { leaseMailMessage, mailDate } from '~/features/ledger/lease-mail.server';
import { leaseUnitLabel } from '~/features/ledger/lease-payments.server';
import { findOverlappingLease, lockUnit } from './lease-drafts.server';
import { inviteSigners } from './lease-invitations.server';

/** A sent lease may be signed for this many days. */
export const LEASE_SIGN_DAYS = 7;
/** Co-tenant names and typed signatures are at most this long. */
export const LEASE_NAME_MAX = 120;

export type LeaseStatus = (typeof lease.$inferSelect)['status'];
type StaffActor = Pick<Viewer, 'id' | 'role'>;

// ---------------------------------------------------------------------------------------------
// Staff: co-tenants, send, countersign
// ---------------------------------------------------------------------------------------------

export type LeaseCommandRefusal =
  | 'not_found'
  | 'invalid_status'
  | 'overlap'
  | 'too_many_tenants'
  | 'duplicate_tenant'
  | 'not_all_signed'
  | 'invalid_dates'
  | 'invalid_amount';
export type LeaseCommandOutcome = { ok: true; leaseId: number } | { ok: false; reason: LeaseCommandRefusal; status?: LeaseStatus };

/** What every staff lease command takes: the acting staff member, the lease and where the request came from. */
export type LeaseCommandArgs = { db: Db; actor: StaffActor; leaseId: number; origin: RequestOrigin };

type StaffLease = NonNullable<Awaited<ReturnType<typeof findStaffLease>>>;

/**
 * Runs `command` in one transaction on lease `leaseId` when `actor` may manage it
 * (`findStaffLease`: an admin, or the building's manager); else answers `not_found` and runs nothing.
 */
export function onStaffLease(
  { db, actor, leaseId }: Pick<LeaseCommandArgs, 'db' | 'actor' | 'leaseId'>,
  command: (tx: Tx, found: StaffLease) => Promise<LeaseCommandOutcome>,
): Promise<LeaseCommandOutcome> {
  return db.transaction(async (tx) => {
    const found = await findStaffLease(tx, actor, leaseId);
    if (!found) return { ok: false, reason: 'not_found' };
    return command(tx, found);
  });
}

/**
 * Adds a co-tenant (name, e-mail) to a draft lease: one per adult of the application beyond the
 * applicant. They are invited when the lease is sent.
 */
export async function addCoTenant({
  db,
  actor,
  leaseId,
  name,
  email,
  origin,
}: LeaseCommandArgs & { name: string; email: string }): Promise<LeaseCommandOutcome> {
  return onStaffLease({ db, actor, leaseId }, async (tx) => {
    const locked = await lockLease(tx, leaseId);
    if (locked?.status !== 'draft') return { ok: false, reason: 'invalid_status', status: locked?.status };
    const [app] = locked.applicationId
      ? await tx.select({ adults: application.adults }).from(application).where(eq(application.id, locked.applicationId))
      : [];
    const [signers] = await tx.select({ n: count() }).from(leaseTenant).where(eq(leaseTenant.leaseId, leaseId));
    if ((signers?.n ?? 0) >= Math.max(1, app?.adults ?? 6)) return { ok: false, reason: 'too_many_tenants' };
    const address = email.trim().toLowerCase();
    const inserted = await tx
      .insert(leaseTenant)
      .values({ leaseId, role: 'co_tenant', email: address, name: name.trim() })
      .onConflictDoNothing()
      .returning({ id: leaseTenant.id });
    if (inserted.length === 0) return { ok: false, reason: 'duplicate_tenant' };
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'lease_cotenant_added',
      tableName: 'lease_tenant',
      origin,
      values: { lease_id: leaseId, email: address },
    });
    return { ok: true, leaseId };
  });
}

/** Sends a draft lease for signature: dated now, open for `LEASE_SIGN_DAYS`, every signer invited. */
export async function sendLease({
  db,
  actor,
  leaseId,
  origin,
  publicUrl,
  now = new Date(),
}: LeaseCommandArgs & { publicUrl: string; now?: Date }): Promise<LeaseCommandOutcome> {
  return onStaffLease({ db, actor, leaseId }, async (tx) => {
    const locked = await lockLease(tx, leaseId);
    if (locked?.status !== 'draft') return { ok: false, reason: 'invalid_status', status: locked?.status };
    const signBy = new Date(now.getTime() + LEASE_SIGN_DAYS * 86_400_000);
    await tx.update(lease).set({ status: 'sent', sentAt: now, signBy }).where(eq(lease.id, leaseId));
    await inviteSigners(tx, leaseId, 'lease_sent', publicUrl);
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'lease_sent',
      tableName: 'lease',
      origin,
      values: { lease_id: leaseId, sign_by: signBy.toISOString() },
    });
    return { ok: true, leaseId };
  });
}

/**
 * Countersigns a lease every signer has signed: under the unit lock the dates must still be free,
 * then the lease is `active`, the application `leased`, the signers tenants (a signer with
 * another role keeps it), and they are told.
 */
export async function countersignLease({
  db,
  actor,
  leaseId,
  origin,
  publicUrl,
}: LeaseCommandArgs & { publicUrl: string }): Promise<LeaseCommandOutcome> {
  return onStaffLease({ db, actor, leaseId }, async (tx, found) => {
    await lockUnit(tx, found.propertyId);
    const locked = await lockLease(tx, leaseId);
    if (locked?.status !== 'signed')
      return { ok: false, reason: locked?.status === 'sent' ? 'not_all_signed' : 'invalid_status', status: locked?.status };
    const exceptLeaseIds = locked.renewalOfId ? [leaseId, locked.renewalOfId] : [leaseId];
    if (
      await findOverlappingLease(tx, {
        propertyId: locked.propertyId,
        startDate: locked.startDate,
        endDate: locked.endDate,
        exceptLeaseIds,
      })
    ) {
      return { ok: false, reason: 'overlap' };
    }
    await tx.update(lease).set({ status: 'active', countersignedAt: new Date(), countersignedBy: actor.id }).where(eq(lease.id, leaseId));
    if (locked.applicationId) await tx.update(application).set({ status: 'leased' }).where(eq(application.id, locked.applicationId));
    await tx.update(property).set({ status: 'leased' }).where(eq(property.id, locked.propertyId));
    const signers = await tx
      .select({ userId: leaseTenant.userId, email: leaseTenant.email, name: leaseTenant.name })
      .from(leaseTenant)
      .where(eq(leaseTenant.leaseId, leaseId));
    const accountIds = signers.flatMap((s) => (s.userId ? [s.userId] : []));
    if (accountIds.length > 0) {
      // Applicants become tenants; staff and vendors keep their role.
      await tx
        .update(user)
        .set({ role: 'tenant' })
        .where(and(inArray(user.id, accountIds), eq(user.role, 'tenant')));
    }
    const { label } = await leaseUnitLabel(tx, leaseId);
    const accounts =
      accountIds.length > 0 ? await tx.select({ id: user.id, locale: user.locale }).from(user).where(inArray(user.id, accountIds)) : [];
    const localeOf = new Map(accounts.map((a) => [a.id, mailLanguage(a.locale)]));
    await enqueueOutbox(
      tx,
      signers.map((s) => {
        const locale = s.userId ? (localeOf.get(s.userId) ?? mailLanguage(locked.locale)) : mailLanguage(locked.locale);
        return leaseMailMessage(s, locale, {
          template: 'lease_active',
          url: new URL('/tenant-portal', publicUrl).href,
          values: { unit: label, start: mailDate(locked.startDate, locale), end: mailDate(locked.endDate, locale) },
          dedupeKey: `lease_active:${leaseId}:${s.email}`,
        });
      }),
    );
    if (accounts.length > 0) {
      await insertNotifications(
        tx,
        accounts.map((a) => ({
          userId: a.id,
          type: 'success' as const,
          title: localeOf.get(a.id) === 'it' ? 'Contratto attivo' : 'Your lease is active',
          message:
            localeOf.get(a.id) === 'it'
              ? `Il contratto per ${label} è stato controfirmato.`
              : `Your lease for ${label} has been countersigned.`,
          actionUrl: '/tenant-portal',
        })),
      );
    }
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'lease_countersigned',
      tableName: 'lease',
      origin,
      values: { lease_id: leaseId },
    });
    return { ok: true, leaseId };
  });
}
