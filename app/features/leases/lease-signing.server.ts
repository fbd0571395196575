/**
 * The signer's side of a lease (spec §6, see `leases.server.ts` for the lifecycle): finding the
 * viewer's signer row, signing with the typed name, consent and the fingerprint of the PDF shown,
 * paying the amount due at signing on the hosted checkout first (primary signer of a new lease,
 * decision 049), posting the signing charges,
 * and telling staff a signature arrived.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, isNull, like, or } from 'drizzle-orm';
import type { Language } from '~/lib/constants';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { application, building, charge, document, lease, leaseTenant, payment, property, user } from '~/server/db/schema';
import { mailLanguage } from '~/server/mail/templates.server';
import { insertNotifications } from '~/server/notifications/notify.server';
import type { PaymentProvider } from '~/server/payments/payment-provider';
import type { UploadStorage } from '~/server/uploads/storage.server';
import { allocateLedger, lockLease, periodOf, type Tx } from '~/features/ledger/ledger.server';
import { leaseUnitLabel } from '~/features/ledger/lease-payments.server';
import { openLeasePaymentCheckout, type StartCheckoutOutcome } from '~/features/ledger/lease-checkout.server';
import type { SettlementContext } from '~/features/ledger/settlement.server';
import { leasePdf } from './lease-pdf.server';
import { LEASE_NAME_MAX, type LeaseStatus } from './leases.server';
import { isId } from '~/lib/ids';

function normaliseName(value: string): string {
  return value.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
}
/**
 * The signer row of `viewer` on lease `leaseId`: by account, or by the account's e-mail (then the
 * row is linked to the account). Null when the viewer is not on the lease.
 */
export async function findSigner(db: Db | Tx, viewer: Pick<Viewer, 'id' | 'email'>, leaseId: number) {
  if (!isId(leaseId)) return null;
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
  | 'payment_required'
  | 'overlap';
export type SignOutcome =
  { ok: true; leaseId: number; leaseStatus: LeaseStatus; paymentId: number | null } | { ok: false; reason: SignRefusal };

/** The amount a signer pays before signing: the primary signer of a new lease pays what is due at signing. */
export function dueAtSigningFor(
  signer: { role: 'primary' | 'co_tenant' },
  row: Pick<typeof lease.$inferSelect, 'renewalOfId' | 'dueAtSigningCents'>,
): number {
  return signer.role === 'primary' && !row.renewalOfId ? row.dueAtSigningCents : 0;
}

/** The succeeded payment of what is due at signing lease `leaseId`, made by `payerId`; null when not paid yet. */
export async function findSigningPayment(db: Db | Tx, leaseId: number, payerId: string): Promise<{ id: number } | null> {
  const [row] = await db
    .select({ id: payment.id })
    .from(payment)
    .where(
      and(
        eq(payment.leaseId, leaseId),
        eq(payment.payerId, payerId),
        like(payment.idempotencyKey, `lease:${leaseId}:signing:%`),
        inArray(payment.status, ['succeeded', 'refunded']),
      ),
    )
    .limit(1);
  return row ?? null;
}

export type SigningCheckoutOutcome = StartCheckoutOutcome | { ok: false; reason: 'not_open' | 'expired' | 'nothing_due' };

/**
 * Opens the hosted checkout for what is due at signing lease `leaseId` (decision 049): only its
 * primary signer, while the lease is sent and not past its sign-by date, for the amount the lease
 * says (never the form's). Paid already: answers that payment (`url: null`). The signature is a
 * separate step that requires this payment (`signLease`).
 */
export async function startSigningCheckout({
  db,
  provider,
  viewer,
  leaseId,
  idempotencyKey,
  locale,
  origin,
  context,
  now = new Date(),
}: {
  db: Db;
  provider: PaymentProvider;
  viewer: Pick<Viewer, 'id' | 'email'>;
  leaseId: number;
  idempotencyKey: string;
  locale: Language;
  origin: RequestOrigin;
  context: SettlementContext;
  now?: Date;
}): Promise<SigningCheckoutOutcome> {
  const signer = await findSigner(db, viewer, leaseId);
  if (!signer) return { ok: false, reason: 'not_found' };
  const [current] = await db.select().from(lease).where(eq(lease.id, leaseId));
  if (!current) return { ok: false, reason: 'not_found' };
  if (current.status !== 'sent' || signer.signedAt) return { ok: false, reason: 'not_open' };
  if (current.signBy && current.signBy.getTime() < now.getTime()) return { ok: false, reason: 'expired' };
  const due = dueAtSigningFor(signer, current);
  if (due <= 0) return { ok: false, reason: 'nothing_due' };
  const paid = await findSigningPayment(db, leaseId, viewer.id);
  if (paid) return { ok: true, paymentId: paid.id, url: null, reused: true };
  const { label } = await leaseUnitLabel(db, leaseId);
  return openLeasePaymentCheckout({
    db,
    provider,
    plan: {
      payerId: viewer.id,
      leaseId,
      amountCents: due,
      kind: 'deposit',
      key: `lease:${leaseId}:signing:${idempotencyKey}`,
      description: `Due at signing · ${label}`,
      checkBalance: false,
    },
    locale,
    origin,
    context,
    now,
  });
}

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
 * of the PDF the signing page showed. The primary signer of a new lease must have paid what is due
 * at signing first (`startSigningCheckout`; else `payment_required`).
 */
export async function signLease({
  db,
  storage,
  viewer,
  leaseId,
  typedName,
  consent,
  documentSha256,
  lang,
  origin,
  publicUrl,
  now = new Date(),
}: {
  db: Db;
  storage: UploadStorage;
  viewer: Pick<Viewer, 'id' | 'email' | 'name'>;
  leaseId: number;
  typedName: string;
  consent: boolean;
  documentSha256: string;
  lang: Language;
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
  // The amount due at signing: the primary signer of a new lease pays it (on the hosted page,
  // decision 049) before the signature counts.
  const paid = dueAtSigningFor(signer, current) > 0 ? await findSigningPayment(db, leaseId, viewer.id) : null;
  if (dueAtSigningFor(signer, current) > 0 && !paid) return { ok: false, reason: 'payment_required' };
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
    return { ok: true, leaseId, leaseStatus: allSigned ? 'signed' : 'sent', paymentId: paid?.id ?? null };
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
