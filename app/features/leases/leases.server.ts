/**
 * The lease lifecycle (leases issue item 1, DESIGN §4 `lease`):
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
 * Every service takes the acting user and authorises itself: staff functions answer `not_found`
 * for a lease outside the actor's buildings (audited by the route), signer functions for a lease
 * the viewer is not on. Services return reason codes; routes map them to statuses and messages.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Language } from '~/lib/constants';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { application, building, charge, document, lease, leaseTenant, payment, property, user } from '~/server/db/schema';
import { mailLanguage } from '~/server/mail/templates.server';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import type { PaymentProvider, PaymentSource } from '~/server/payments/payment-provider';
import { currentSettings } from '~/server/settings/settings.server';
import type { UploadStorage } from '~/server/uploads/storage.server';
import { findStaffLease } from '~/features/ledger/ledger-commands.server';
import { allocateLedger, lockLease, periodOf, utcToday, type Tx } from '~/features/ledger/ledger.server';
import { LEASE_MAIL_TOPIC, mailDate, mailMoney, type LeaseMailPayload } from '~/features/ledger/lease-mail.server';
import { chargeLeasePayment, leaseUnitLabel, type LeasePaymentOutcome } from '~/features/ledger/lease-payments.server';
import { findOverlappingLease, lockUnit } from './lease-drafts.server';
import { renderLeasePdf, sha256Hex } from './lease-document.server';
import type { LeaseDocumentInput } from './lease-document.types';

/** A sent lease may be signed for this many days. */
export const LEASE_SIGN_DAYS = 7;
/** Co-tenant names and typed signatures are at most this long. */
export const LEASE_NAME_MAX = 120;

export type LeaseStatus = (typeof lease.$inferSelect)['status'];
type StaffActor = Pick<Viewer, 'id' | 'role'>;

export { utcToday };

function normaliseName(value: string): string {
  return value.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// The document
// ---------------------------------------------------------------------------------------------

/**
 * What the lease's document says, from the lease, its unit and signers, the application's
 * occupants and the rent settings. `documentDate` is the day it was sent (today for a draft).
 */
export async function leaseDocumentInput(db: Db | Tx, leaseId: number, lang: Language): Promise<LeaseDocumentInput | null> {
  const [row] = await db
    .select({ lease, unit: property, buildingName: building.name, adults: application.adults, children: application.children })
    .from(lease)
    .innerJoin(property, eq(property.id, lease.propertyId))
    .leftJoin(building, eq(building.id, property.buildingId))
    .leftJoin(application, eq(application.id, lease.applicationId))
    .where(eq(lease.id, leaseId));
  if (!row) return null;
  const signers = await db.select().from(leaseTenant).where(eq(leaseTenant.leaseId, leaseId)).orderBy(asc(leaseTenant.id));
  const settings = await currentSettings(db as Db);
  return {
    leaseId,
    companyName: settings.companyName,
    documentDate: utcToday(row.lease.sentAt ?? new Date()),
    unit: {
      buildingName: row.buildingName,
      unitNumber: row.unit.unitNumber,
      address: row.unit.address,
      city: row.unit.city,
      state: row.unit.state,
      zipCode: row.unit.zipCode,
      title: lang === 'it' ? (row.unit.titleIt ?? row.unit.title) : row.unit.title,
    },
    tenants: signers.map((s) => ({ name: s.name, email: s.email, role: s.role })),
    occupants: { adults: row.adults ?? Math.max(1, signers.length), children: row.children ?? 0 },
    startDate: row.lease.startDate,
    endDate: row.lease.endDate,
    monthlyRentCents: row.lease.monthlyRentCents,
    depositCents: row.lease.depositCents,
    dueAtSigningCents: row.lease.dueAtSigningCents,
    rentDueDay: settings.rentDueDay,
    graceDays: settings.rentGraceDays,
    lateFeeCents: settings.lateFeeCents,
    renewalOfLeaseId: row.lease.renewalOfId,
  };
}

/** The lease's PDF in `lang` and its SHA-256 (hex); null for an unknown lease. */
export async function leasePdf(db: Db | Tx, leaseId: number, lang: Language): Promise<{ pdf: Buffer; sha256: string } | null> {
  const input = await leaseDocumentInput(db, leaseId, lang);
  if (!input) return null;
  const pdf = await renderLeasePdf(input, lang);
  return { pdf, sha256: sha256Hex(pdf) };
}

// ---------------------------------------------------------------------------------------------
// Staff: co-tenants, send, countersign, renew
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
}: {
  db: Db;
  actor: StaffActor;
  leaseId: number;
  name: string;
  email: string;
  origin: RequestOrigin;
}): Promise<LeaseCommandOutcome> {
  return db.transaction(async (tx) => {
    const found = await findStaffLease(tx, actor, leaseId);
    if (!found) return { ok: false, reason: 'not_found' };
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

async function signerMails(tx: Tx, leaseId: number, template: 'lease_sent' | 'renewal_offered', publicUrl: string): Promise<void> {
  const [row] = await tx.select().from(lease).where(eq(lease.id, leaseId));
  if (!row) return;
  const signers = await tx
    .select({ email: leaseTenant.email, name: leaseTenant.name, userId: leaseTenant.userId, locale: user.locale })
    .from(leaseTenant)
    .leftJoin(user, eq(user.id, leaseTenant.userId))
    .where(eq(leaseTenant.leaseId, leaseId));
  const { label } = await leaseUnitLabel(tx, leaseId);
  const url = new URL(`/tenant-portal/leases/${leaseId}`, publicUrl).href;
  const mails = signers.map((signer) => {
    const locale = mailLanguage(signer.locale ?? row.locale);
    const payload: LeaseMailPayload = {
      template,
      to: signer.email,
      locale,
      name: signer.name,
      url,
      values: {
        unit: label,
        start: mailDate(row.startDate, locale),
        end: mailDate(row.endDate, locale),
        rent: mailMoney(row.monthlyRentCents, locale),
        due: mailMoney(row.dueAtSigningCents, locale),
        email: signer.email,
        signBy: mailDate((row.signBy ?? new Date()).toISOString(), locale),
      },
    };
    return { topic: LEASE_MAIL_TOPIC, payload, dedupeKey: `${template}:${leaseId}:${signer.email}` };
  });
  await enqueueOutbox(tx, mails);
  const notified = signers.filter((s) => s.userId);
  if (notified.length > 0) {
    await insertNotifications(
      tx,
      notified.map((s) => ({
        userId: s.userId!,
        type: 'info' as const,
        title: mailLanguage(s.locale) === 'it' ? 'Contratto da firmare' : 'A lease to sign',
        message:
          mailLanguage(s.locale) === 'it'
            ? `Il contratto per ${label} attende la sua firma.`
            : `Your lease for ${label} is waiting for your signature.`,
        actionUrl: `/tenant-portal/leases/${leaseId}`,
      })),
    );
  }
}

/** Sends a draft lease for signature: dated now, open for `LEASE_SIGN_DAYS`, every signer invited. */
export async function sendLease({
  db,
  actor,
  leaseId,
  origin,
  publicUrl,
  now = new Date(),
}: {
  db: Db;
  actor: StaffActor;
  leaseId: number;
  origin: RequestOrigin;
  publicUrl: string;
  now?: Date;
}): Promise<LeaseCommandOutcome> {
  return db.transaction(async (tx) => {
    const found = await findStaffLease(tx, actor, leaseId);
    if (!found) return { ok: false, reason: 'not_found' };
    const locked = await lockLease(tx, leaseId);
    if (locked?.status !== 'draft') return { ok: false, reason: 'invalid_status', status: locked?.status };
    const signBy = new Date(now.getTime() + LEASE_SIGN_DAYS * 86_400_000);
    await tx.update(lease).set({ status: 'sent', sentAt: now, signBy }).where(eq(lease.id, leaseId));
    await signerMails(tx, leaseId, 'lease_sent', publicUrl);
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
}: {
  db: Db;
  actor: StaffActor;
  leaseId: number;
  origin: RequestOrigin;
  publicUrl: string;
}): Promise<LeaseCommandOutcome> {
  return db.transaction(async (tx) => {
    const found = await findStaffLease(tx, actor, leaseId);
    if (!found) return { ok: false, reason: 'not_found' };
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
        const payload: LeaseMailPayload = {
          template: 'lease_active',
          to: s.email,
          locale,
          name: s.name,
          url: new URL('/tenant-portal', publicUrl).href,
          values: { unit: label, start: mailDate(locked.startDate, locale), end: mailDate(locked.endDate, locale) },
        };
        return { topic: LEASE_MAIL_TOPIC, payload, dedupeKey: `lease_active:${leaseId}:${s.email}` };
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
}: {
  db: Db;
  actor: StaffActor;
  leaseId: number;
  endDate: string;
  monthlyRentCents: number;
  origin: RequestOrigin;
  publicUrl: string;
  now?: Date;
}): Promise<LeaseCommandOutcome> {
  if (!Number.isSafeInteger(monthlyRentCents) || monthlyRentCents <= 0) return { ok: false, reason: 'invalid_amount' };
  return db.transaction(async (tx) => {
    const found = await findStaffLease(tx, actor, leaseId);
    if (!found) return { ok: false, reason: 'not_found' };
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
    await signerMails(tx, renewalId, 'renewal_offered', publicUrl);
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

// ---------------------------------------------------------------------------------------------
// Signers
// ---------------------------------------------------------------------------------------------

/**
 * The signer row of `viewer` on lease `leaseId`: by account, or by the account's e-mail (then the
 * row is linked to the account). Null when the viewer is not on the lease.
 */
export async function findSigner(db: Db | Tx, viewer: Pick<Viewer, 'id' | 'email'>, leaseId: number) {
  if (!Number.isSafeInteger(leaseId) || leaseId < 1 || leaseId > 2_147_483_647) return null;
  const [row] = await db
    .select()
    .from(leaseTenant)
    .where(
      and(
        eq(leaseTenant.leaseId, leaseId),
        or(eq(leaseTenant.userId, viewer.id), and(isNull(leaseTenant.userId), eq(leaseTenant.email, viewer.email.toLowerCase()))),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (!row.userId) {
    await db.update(leaseTenant).set({ userId: viewer.id }).where(eq(leaseTenant.id, row.id));
    return { ...row, userId: viewer.id };
  }
  return row;
}

export type SignRefusal =
  | 'not_found'
  | 'not_open'
  | 'expired'
  | 'already_signed'
  | 'name_mismatch'
  | 'consent_required'
  | 'document_changed'
  | 'card_required'
  | 'overlap';
export type SignOutcome =
  | { ok: true; leaseId: number; leaseStatus: LeaseStatus; payment: LeasePaymentOutcome | null }
  | { ok: false; reason: SignRefusal }
  | { ok: false; reason: 'payment_failed'; payment: LeasePaymentOutcome };

/** Posts the signing charges (the application fee, paid with the application or due at signing; the deposit; the first month's rent) and links the application's payments. */
async function postSigningCharges(tx: Tx, row: typeof lease.$inferSelect): Promise<void> {
  if (row.renewalOfId) return;
  const values: (typeof charge.$inferInsert)[] = [];
  if (row.applicationId) {
    const paid = await tx
      .select({ id: payment.id, kind: payment.kind, amount: payment.amountCents })
      .from(payment)
      .where(and(eq(payment.applicationId, row.applicationId), eq(payment.status, 'succeeded')));
    const paidFee = paid.filter((p) => p.kind === 'application_fee').reduce((sum, p) => sum + p.amount, 0);
    // Paying at signing, the fee is part of the amount due at signing (booking/fees.ts): it is
    // owed now, and the signing payment covers it.
    const [app] =
      paidFee > 0
        ? []
        : await tx
            .select({ method: application.paymentMethod, fee: application.applicationFeeCents })
            .from(application)
            .where(eq(application.id, row.applicationId));
    const fee = paidFee > 0 ? paidFee : app?.method === 'pay_at_signing' ? app.fee : 0;
    if (fee > 0) values.push({ leaseId: row.id, kind: 'application_fee', amountCents: fee, dueDate: row.startDate, period: 'signing' });
    if (paid.length > 0)
      await tx
        .update(payment)
        .set({ leaseId: row.id })
        .where(
          inArray(
            payment.id,
            paid.map((p) => p.id),
          ),
        );
  }
  if (row.depositCents > 0)
    values.push({ leaseId: row.id, kind: 'deposit', amountCents: row.depositCents, dueDate: row.startDate, period: 'signing' });
  values.push({
    leaseId: row.id,
    kind: 'rent',
    amountCents: row.monthlyRentCents,
    dueDate: row.startDate,
    period: periodOf(row.startDate),
  });
  await tx.insert(charge).values(values).onConflictDoNothing();
}

/**
 * Signs lease `leaseId` as `viewer` (see the module comment). `documentSha256` is the fingerprint
 * of the PDF the signing page showed; `card` pays the amount due at signing (primary signer of a
 * new lease only). Idempotent per `idempotencyKey` for the payment.
 */
export async function signLease({
  db,
  provider,
  storage,
  viewer,
  leaseId,
  typedName,
  consent,
  documentSha256,
  lang,
  card,
  idempotencyKey,
  origin,
  publicUrl,
  now = new Date(),
}: {
  db: Db;
  provider: PaymentProvider;
  storage: UploadStorage;
  viewer: Pick<Viewer, 'id' | 'email' | 'name'>;
  leaseId: number;
  typedName: string;
  consent: boolean;
  documentSha256: string;
  lang: Language;
  card: PaymentSource | null;
  idempotencyKey: string;
  origin: RequestOrigin;
  publicUrl: string;
  now?: Date;
}): Promise<SignOutcome> {
  const signer = await findSigner(db, viewer, leaseId);
  if (!signer) return { ok: false, reason: 'not_found' };
  const [current] = await db.select().from(lease).where(eq(lease.id, leaseId));
  if (!current) return { ok: false, reason: 'not_found' };
  if (signer.signedAt) return { ok: false, reason: 'already_signed' };
  if (current.status !== 'sent') return { ok: false, reason: 'not_open' };
  if (current.signBy && current.signBy.getTime() < now.getTime()) return { ok: false, reason: 'expired' };
  if (!consent) return { ok: false, reason: 'consent_required' };
  if (!typedName.trim() || normaliseName(typedName) !== normaliseName(signer.name)) return { ok: false, reason: 'name_mismatch' };
  const rendered = await leasePdf(db, leaseId, lang);
  if (!rendered || rendered.sha256 !== documentSha256) return { ok: false, reason: 'document_changed' };
  // The amount due at signing: the primary signer of a new lease pays it before the signature counts.
  let paid: LeasePaymentOutcome | null = null;
  const due = signer.role === 'primary' && !current.renewalOfId ? current.dueAtSigningCents : 0;
  if (due > 0) {
    if (!card) return { ok: false, reason: 'card_required' };
    paid = await chargeLeasePayment({
      db,
      provider,
      leaseId,
      payerId: viewer.id,
      amountCents: due,
      kind: 'deposit',
      method: 'card',
      source: card,
      idempotencyKey: `lease:${leaseId}:signing:${idempotencyKey}`,
      description: `Lease ${leaseId}: due at signing`,
      publicUrl,
    });
    if (paid.status !== 'succeeded') return { ok: false, reason: 'payment_failed', payment: paid };
  }
  const key = `leases/${leaseId}/${randomBytes(12).toString('hex')}.pdf`;
  await storage.put(key, rendered.pdf);
  const outcome = await db.transaction(async (tx): Promise<SignOutcome> => {
    const locked = await lockLease(tx, leaseId);
    const [fresh] = await tx.select().from(leaseTenant).where(eq(leaseTenant.id, signer.id));
    if (!locked || !fresh) return { ok: false, reason: 'not_found' };
    if (fresh.signedAt) return { ok: false, reason: 'already_signed' };
    if (locked.status !== 'sent') return { ok: false, reason: 'not_open' };
    const [doc] = await tx
      .insert(document)
      .values({
        ownerType: 'lease',
        ownerId: String(leaseId),
        kind: 'lease_pdf',
        storageKey: key,
        url: `/tenant-portal/leases/${leaseId}/pdf`,
        mime: 'application/pdf',
        sizeBytes: rendered.pdf.length,
        sha256: rendered.sha256,
        originalName: `lease-${leaseId}-${lang}.pdf`,
        createdBy: viewer.id,
      })
      .returning({ id: document.id });
    await tx
      .update(leaseTenant)
      .set({
        signedAt: now,
        signatureName: typedName.trim().slice(0, LEASE_NAME_MAX),
        signatureIp: origin.ip,
        signatureUserAgent: origin.userAgent,
        documentSha256: rendered.sha256,
        documentId: doc!.id,
        userId: viewer.id,
      })
      .where(eq(leaseTenant.id, signer.id));
    if (signer.role === 'primary') {
      await tx.update(lease).set({ tenantId: viewer.id }).where(eq(lease.id, leaseId));
      await postSigningCharges(tx, locked);
      await allocateLedger(tx, leaseId);
    }
    const [unsigned] = await tx
      .select({ n: count() })
      .from(leaseTenant)
      .where(and(eq(leaseTenant.leaseId, leaseId), isNull(leaseTenant.signedAt)));
    const allSigned = (unsigned?.n ?? 0) === 0;
    if (allSigned) await tx.update(lease).set({ status: 'signed' }).where(eq(lease.id, leaseId));
    await notifyStaffOfSignature(tx, { leaseId, signerName: signer.name, allSigned, publicUrl });
    await recordAuditEvent({
      db: tx,
      userId: viewer.id,
      action: 'lease_signed',
      tableName: 'lease',
      origin,
      values: { lease_id: leaseId, signer: signer.email, document_sha256: rendered.sha256, all_signed: allSigned },
    });
    return { ok: true, leaseId, leaseStatus: allSigned ? 'signed' : 'sent', payment: paid };
  });
  if (!outcome.ok) await storage.delete(key);
  return outcome;
}

/** Tells the building's manager and every admin that a signature arrived (bell). */
async function notifyStaffOfSignature(
  tx: Tx,
  { leaseId, signerName, allSigned }: { leaseId: number; signerName: string; allSigned: boolean; publicUrl: string },
) {
  const [row] = await tx
    .select({ managerId: building.managerId })
    .from(lease)
    .innerJoin(property, eq(property.id, lease.propertyId))
    .leftJoin(building, eq(building.id, property.buildingId))
    .where(eq(lease.id, leaseId));
  const staff = await tx
    .select({ id: user.id, locale: user.locale })
    .from(user)
    .where(row?.managerId ? or(eq(user.role, 'admin'), eq(user.id, row.managerId)) : eq(user.role, 'admin'))
    .limit(51);
  if (staff.length === 0) return;
  const { label } = await leaseUnitLabel(tx, leaseId);
  // Each in their own language (their account's, English by default).
  await insertNotifications(
    tx,
    staff.map(({ id, locale }) => {
      const it = mailLanguage(locale) === 'it';
      return {
        userId: id,
        type: 'info' as const,
        title: allSigned
          ? it
            ? `Contratto ${leaseId} pronto per la controfirma`
            : `Lease ${leaseId} ready to countersign`
          : it
            ? `Contratto ${leaseId} firmato`
            : `Lease ${leaseId} signed`,
        message: it ? `${signerName} ha firmato il contratto per ${label}.` : `${signerName} signed the lease for ${label}.`,
        actionUrl: id === row?.managerId ? `/dashboard/leases/${leaseId}` : `/admin/leases/${leaseId}`,
      };
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

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
