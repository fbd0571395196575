/**
 * Vendor onboarding for staff (decision 030; spec §6: /admin/vendors is admin only —
 * property managers pick vendors when assigning work, they do not manage them): the list of
 * vendors (pending first) with filters, one vendor's page, and the review commands.
 *
 * Life cycle: pending → approved | rejected (with a reason, e-mailed); rejected → approved (a
 * second look); approved → suspended (with a reason) → approved again (reinstated). Approving a
 * vendor without an account e-mails an invitation (vendor-invitation.server.ts); "resend" makes a
 * new one. Staff verify a certificate of insurance the vendor uploaded: the document is marked
 * verified and becomes the vendor's insurance (`insurance_expiry`, `insurance_verified_at`), which
 * the work-order rule reads (`vendorIneligibility`, work-order-core.server.ts).
 *
 * Every command takes the acting admin (anyone else: `VendorsForbiddenError`), runs in one
 * transaction that locks the vendor row and checks its status (a stale request answers 409 with
 * the current status), writes the audit entry, the vendor's e-mail job (outbox) and in-app
 * notification — all or nothing — and answers a reason code the route turns into a message.
 */
import { isAdmin } from '~/lib/access';
import { addIsoDays } from '~/lib/time-zones';
import { utcToday } from '~/lib/dates';
import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { containsPattern } from '~/lib/like-pattern';
import { cleanMultiline } from '~/lib/form-fields';
import { recordAuditEvent, type AuditAction, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { document, user, vendor, workOrder } from '~/server/db/schema';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import { OPEN_WORK_ORDER_STATUSES, vendorIneligibility } from '~/features/work-orders/work-order-core.server';
import {
  INSURANCE_EXPIRING_DAYS,
  REAPPLY_AFTER_DAYS,
  VENDOR_PAGE_SIZE,
  VENDOR_REASON_MAX,
  averageRating,
  type VendorDetail,
  type VendorEligibility,
  type VendorFilters,
  type VendorListItem,
  type VendorListPage,
  type VendorStatus,
} from './vendor-admin.types';
import { listVendorDocuments, VENDOR_DOCUMENT_OWNER } from './vendor-documents.server';
import {
  VENDOR_INVITATION_TOPIC,
  VENDOR_MAIL_TOPIC,
  vendorMailDate,
  vendorNotification,
  type VendorInvitationPayload,
  type VendorMailPayload,
  type VendorMailTemplate,
  type VendorNotificationKind,
} from './vendor-mail.server';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Thrown when someone who is not an admin reaches a staff vendor function (spec §6). */
export class VendorsForbiddenError extends Error {
  constructor() {
    super('Only administrators manage vendors.');
    this.name = 'VendorsForbiddenError';
  }
}

function assertVendorAdmin(actor: Pick<Viewer, 'role'> | null | undefined): asserts actor is Viewer {
  if (!actor || !isAdmin(actor.role)) throw new VendorsForbiddenError();
}

/** The work-order rule's verdict for a vendor row on `today`, as the pages show it. */
export function eligibilityOf(
  row: { status: string; insuranceExpiry: string | null; insuranceVerifiedAt: Date | null },
  today: string,
): VendorEligibility {
  const refusal = vendorIneligibility(row, today);
  return refusal === 'vendor_not_found' ? 'vendor_not_approved' : refusal;
}

const listColumns = {
  id: vendor.id,
  companyName: vendor.companyName,
  contactName: vendor.contactName,
  email: vendor.email,
  status: vendor.status,
  trades: vendor.trades,
  serviceStates: vendor.serviceStates,
  insuranceExpiry: vendor.insuranceExpiry,
  insuranceVerifiedAt: vendor.insuranceVerifiedAt,
  ratingSum: vendor.ratingSum,
  ratingCount: vendor.ratingCount,
  userId: vendor.userId,
  createdAt: vendor.createdAt,
};

type ListRow = { [K in keyof typeof listColumns]: (typeof vendor.$inferSelect)[K] };

function toListItem(row: ListRow, today: string): VendorListItem {
  return {
    id: row.id,
    companyName: row.companyName,
    contactName: row.contactName,
    email: row.email,
    status: row.status,
    trades: row.trades,
    serviceStates: row.serviceStates,
    insuranceExpiry: row.insuranceExpiry,
    insuranceVerified: row.insuranceVerifiedAt !== null,
    eligibility: eligibilityOf(row, today),
    ratingAverage: averageRating(row.ratingSum, row.ratingCount),
    ratingCount: row.ratingCount,
    hasAccount: row.userId !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The insurance filter as SQL on `today`. */
function insuranceCondition(filter: VendorFilters['insurance'], today: string): SQL | undefined {
  const verified = and(isNotNull(vendor.insuranceVerifiedAt), isNotNull(vendor.insuranceExpiry));
  switch (filter) {
    case 'expiring':
      return and(verified, gte(vendor.insuranceExpiry, today), lte(vendor.insuranceExpiry, addIsoDays(today, INSURANCE_EXPIRING_DAYS)));
    case 'expired':
      return and(verified, lt(vendor.insuranceExpiry, today));
    case 'unverified':
      return or(isNull(vendor.insuranceVerifiedAt), isNull(vendor.insuranceExpiry));
    default:
      return undefined;
  }
}

/**
 * One page (25 rows) of vendors for an admin, pending applications first, then newest first,
 * narrowed by `filters`: status, trade, a US state served, insurance (`expiring` within 30 days,
 * `expired`, `unverified`, on `today`, YYYY-MM-DD), `q` (part of the company name or e-mail, any
 * letter case) and `page` (clamped to the pages that exist). Each row carries the work-order
 * rule's verdict. Throws `VendorsForbiddenError` for non-admins.
 */
export async function listVendors({
  db,
  actor,
  filters,
  today = utcToday(),
}: {
  db: Db;
  actor: Viewer;
  filters: Partial<VendorFilters>;
  today?: string;
}): Promise<VendorListPage> {
  assertVendorAdmin(actor);
  const conditions: (SQL | undefined)[] = [];
  if (filters.status) conditions.push(eq(vendor.status, filters.status));
  if (filters.trade) conditions.push(sql`${vendor.trades} @> array[${filters.trade}]::text[]`);
  if (filters.state) conditions.push(sql`${vendor.serviceStates} @> array[${filters.state}]::text[]`);
  conditions.push(insuranceCondition(filters.insurance ?? null, today));
  const q = (filters.q ?? '').trim().slice(0, 100);
  if (q) conditions.push(or(ilike(vendor.companyName, containsPattern(q)), ilike(vendor.email, containsPattern(q))));
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(vendor).where(where);
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / VENDOR_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(filters.page ?? 1) || 1), pageCount);
  const rows = await db
    .select(listColumns)
    .from(vendor)
    .where(where)
    .orderBy(sql`(${vendor.status} = 'pending') desc`, desc(vendor.createdAt), desc(vendor.id))
    .limit(VENDOR_PAGE_SIZE)
    .offset((page - 1) * VENDOR_PAGE_SIZE);
  return { items: rows.map((row) => toListItem(row, today)), total, page, pageCount };
}

const reviewer = alias(user, 'reviewer');
const insuranceVerifier = alias(user, 'insurance_verifier');
const account = alias(user, 'account');

/**
 * One vendor as its staff page shows it — profile, review, invitation, insurance and the rule's
 * verdict on `today`, documents, work orders by status, rating — or null for an unknown id.
 * Throws `VendorsForbiddenError` for non-admins.
 */
export async function findVendorDetail({
  db,
  actor,
  id,
  today = utcToday(),
  now = new Date(),
}: {
  db: Db;
  actor: Viewer;
  id: number;
  today?: string;
  now?: Date;
}): Promise<VendorDetail | null> {
  assertVendorAdmin(actor);
  const [row] = await db
    .select({
      record: vendor,
      reviewedByName: reviewer.name,
      insuranceVerifiedByName: insuranceVerifier.name,
      accountEmail: account.email,
    })
    .from(vendor)
    .leftJoin(reviewer, eq(reviewer.id, vendor.reviewedBy))
    .leftJoin(insuranceVerifier, eq(insuranceVerifier.id, vendor.insuranceVerifiedBy))
    .leftJoin(account, eq(account.id, vendor.userId))
    .where(eq(vendor.id, id));
  if (!row) return null;
  const record = row.record;
  const [documents, orders] = await Promise.all([
    listVendorDocuments(db, id),
    db.select({ status: workOrder.status, n: count() }).from(workOrder).where(eq(workOrder.vendorId, id)).groupBy(workOrder.status),
  ]);
  const byStatus = Object.fromEntries(orders.map((entry) => [entry.status, entry.n]));
  const open = orders
    .filter((entry) => (OPEN_WORK_ORDER_STATUSES as readonly string[]).includes(entry.status))
    .reduce((sum, entry) => sum + entry.n, 0);
  const invitation =
    record.userId === null && record.inviteExpiresAt
      ? { expiresAt: record.inviteExpiresAt.toISOString(), expired: record.inviteExpiresAt.getTime() <= now.getTime() }
      : null;
  return {
    ...toListItem(record, today),
    phone: record.phone,
    website: record.website,
    serviceCountries: record.serviceCountries,
    notes: record.notes,
    locale: record.locale,
    rejectionReason: record.rejectionReason,
    reviewedAt: record.reviewedAt?.toISOString() ?? null,
    reviewedByName: row.reviewedByName,
    insuranceVerifiedAt: record.insuranceVerifiedAt?.toISOString() ?? null,
    insuranceVerifiedByName: row.insuranceVerifiedByName,
    invitation,
    accountEmail: row.accountEmail,
    ratingSum: record.ratingSum,
    documents,
    workOrders: { total: orders.reduce((sum, entry) => sum + entry.n, 0), open, completed: byStatus.completed ?? 0, byStatus },
  };
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

/**
 * Why a command was refused (decision 037: a reason code; the page adapter,
 * `vendor-admin.page.server.ts`, maps each to its status and message).
 */
export type VendorCommandRefusal =
  /** No such vendor (404). */
  | 'not_found'
  /** The vendor's status does not allow this step, e.g. it changed meanwhile (409, with `current`). */
  | 'invalid_transition'
  /** A rejection or suspension needs a reason (422). */
  | 'reason_required'
  /** The reason is longer than VENDOR_REASON_MAX (422). */
  | 'reason_too_long'
  /** "Resend invitation" for a vendor that already has an account (409). */
  | 'already_linked'
  /** No such document of this vendor (404). */
  | 'document_not_found'
  /** Only a certificate of insurance with an expiry date is verified (422). */
  | 'document_not_coi'
  /** The certificate has expired already (422). */
  | 'document_expired';

export type VendorCommandOutcome =
  | { ok: true; vendorId: number; status: VendorStatus; changed: boolean }
  /** `current`: the vendor's status when it did not allow the step. */
  | { ok: false; reason: VendorCommandRefusal; current?: VendorStatus };

function refuse(reason: VendorCommandRefusal, current?: VendorStatus): VendorCommandOutcome {
  return { ok: false, reason, ...(current ? { current } : {}) };
}

type CommandOptions = { db: Db; actor: Viewer; id: number; origin: RequestOrigin; now?: Date };

type LockedVendor = typeof vendor.$inferSelect & { userLocale: string | null };

async function lockVendor(tx: Tx, id: number): Promise<LockedVendor | null> {
  const [row] = await tx
    .select({ record: vendor, userLocale: user.locale })
    .from(vendor)
    .leftJoin(user, eq(user.id, vendor.userId))
    .where(eq(vendor.id, id))
    .for('update', { of: vendor });
  return row ? { ...row.record, userLocale: row.userLocale } : null;
}

/** The vendor's language: its account's once linked, else the one it applied in. */
function localeOf(row: LockedVendor): string {
  return row.userLocale ?? row.locale;
}

/** The reason as stored (line endings normalised, trimmed), or a refusal. */
function cleanReason(raw: string | null | undefined): string | 'required' | 'too_long' {
  const cleaned = cleanMultiline(raw ?? '');
  if (!cleaned) return 'required';
  return cleaned.length > VENDOR_REASON_MAX ? 'too_long' : cleaned;
}

/** Queues e-mail `template` to the vendor (`path`: the button's page). */
async function mailVendor(
  tx: Tx,
  row: LockedVendor,
  template: VendorMailTemplate,
  path: string,
  values: Record<string, string>,
  dedupeKey: string,
): Promise<void> {
  const payload: VendorMailPayload = {
    template,
    to: row.email,
    locale: localeOf(row),
    name: row.contactName,
    path,
    values: { company: row.companyName, ...values },
  };
  await enqueueOutbox(tx, [{ topic: VENDOR_MAIL_TOPIC, payload, dedupeKey }]);
}

/** Queues a new invitation e-mail (its token is made when the job runs). */
async function inviteVendor(tx: Tx, vendorId: number, now: Date): Promise<void> {
  const payload: VendorInvitationPayload = { vendorId };
  await enqueueOutbox(tx, [{ topic: VENDOR_INVITATION_TOPIC, payload, dedupeKey: `vendor-invitation:${vendorId}:${now.toISOString()}` }]);
}

/** Tells the vendor's account in-app, when there is one. */
async function notifyVendorUser(
  tx: Tx,
  row: LockedVendor,
  kind: VendorNotificationKind,
  values: Record<string, string>,
  type: 'success' | 'warning' | 'info',
): Promise<void> {
  if (!row.userId) return;
  await insertNotifications(tx, [
    {
      userId: row.userId,
      ...vendorNotification(localeOf(row), kind, { company: row.companyName, ...values }),
      type,
      actionUrl: '/vendor-portal',
    },
  ]);
}

async function audit(
  tx: Tx,
  actor: Viewer,
  origin: RequestOrigin,
  action: AuditAction,
  row: LockedVendor,
  values: Record<string, unknown>,
): Promise<void> {
  await recordAuditEvent({
    db: tx,
    userId: actor.id,
    action,
    origin,
    tableName: 'vendor',
    values: { vendor_id: row.id, company: row.companyName, ...values },
  });
}

/**
 * Runs a status change on vendor `id`: locks it, checks it is in one of `from`, applies `to`
 * with the review columns, then `effects` (audit, e-mail, notification) in the same transaction.
 */
async function changeStatus(
  { db, actor, id, now = new Date() }: CommandOptions,
  from: readonly VendorStatus[],
  to: VendorStatus,
  set: Partial<typeof vendor.$inferInsert>,
  effects: (tx: Tx, row: LockedVendor) => Promise<void>,
): Promise<VendorCommandOutcome> {
  assertVendorAdmin(actor);
  return db.transaction(async (tx): Promise<VendorCommandOutcome> => {
    const row = await lockVendor(tx, id);
    if (!row) return refuse('not_found');
    if (!from.includes(row.status)) return refuse('invalid_transition', row.status);
    await tx
      .update(vendor)
      .set({ status: to, reviewedAt: now, reviewedBy: actor.id, updatedAt: now, ...set })
      .where(eq(vendor.id, id));
    await effects(tx, row);
    return { ok: true, vendorId: id, status: to, changed: true };
  });
}

/**
 * Approves a pending (or earlier rejected) vendor: status `approved`, audited `vendor_approved`.
 * A vendor without an account is e-mailed an invitation to create one (valid 7 days); one with
 * an account is e-mailed and notified in-app. Refusals: 404, 409 `invalid_transition`.
 */
export async function approveVendor(options: CommandOptions): Promise<VendorCommandOutcome> {
  const now = options.now ?? new Date();
  return changeStatus({ ...options, now }, ['pending', 'rejected'], 'approved', { rejectionReason: null }, async (tx, row) => {
    await audit(tx, options.actor, options.origin, 'vendor_approved', row, { from: row.status, to: 'approved' });
    if (row.userId) {
      await mailVendor(tx, row, 'approved', '/vendor-portal', {}, `vendor-approved:${row.id}:${now.toISOString()}`);
      await notifyVendorUser(tx, row, 'approved', {}, 'success');
    } else {
      await inviteVendor(tx, row.id, now);
    }
  });
}

/**
 * Rejects a pending vendor with `reason` (required, ≤ 1,000 characters), which is stored and
 * e-mailed with the date from which the company may apply again (REAPPLY_AFTER_DAYS); audited
 * `vendor_rejected`. Refusals: 404, 409 `invalid_transition`, 422 `reason_required` /
 * `reason_too_long`.
 */
export async function rejectVendor(options: CommandOptions & { reason: string | null | undefined }): Promise<VendorCommandOutcome> {
  const reason = cleanReason(options.reason);
  if (reason === 'required') return refuse('reason_required');
  if (reason === 'too_long') return refuse('reason_too_long');
  const now = options.now ?? new Date();
  return changeStatus(
    { ...options, now },
    ['pending'],
    'rejected',
    { rejectionReason: reason, inviteTokenHash: null, inviteExpiresAt: null },
    async (tx, row) => {
      await audit(tx, options.actor, options.origin, 'vendor_rejected', row, { from: row.status, to: 'rejected', reason });
      const reapply = vendorMailDate(addIsoDays(utcToday(now), REAPPLY_AFTER_DAYS), localeOf(row));
      await mailVendor(tx, row, 'rejected', '/vendor-signup', { reason, reapply }, `vendor-rejected:${row.id}:${now.toISOString()}`);
    },
  );
}

/**
 * Suspends an approved vendor with `reason` (required): it gets no new work (the work-order rule
 * reads the status); a pending invitation stops working. E-mailed and notified in-app; audited
 * `vendor_suspended`. Refusals as `rejectVendor`.
 */
export async function suspendVendor(options: CommandOptions & { reason: string | null | undefined }): Promise<VendorCommandOutcome> {
  const reason = cleanReason(options.reason);
  if (reason === 'required') return refuse('reason_required');
  if (reason === 'too_long') return refuse('reason_too_long');
  const now = options.now ?? new Date();
  return changeStatus({ ...options, now }, ['approved'], 'suspended', { inviteTokenHash: null, inviteExpiresAt: null }, async (tx, row) => {
    await audit(tx, options.actor, options.origin, 'vendor_suspended', row, { from: row.status, to: 'suspended', reason });
    await mailVendor(tx, row, 'suspended', '/contact', { reason }, `vendor-suspended:${row.id}:${now.toISOString()}`);
    await notifyVendorUser(tx, row, 'suspended', { reason }, 'warning');
  });
}

/**
 * Reinstates a suspended vendor (→ approved), audited `vendor_approved` with `reinstated`;
 * e-mailed and notified, or invited again when it never created its account. Refusals: 404, 409.
 */
export async function reinstateVendor(options: CommandOptions): Promise<VendorCommandOutcome> {
  const now = options.now ?? new Date();
  return changeStatus({ ...options, now }, ['suspended'], 'approved', {}, async (tx, row) => {
    await audit(tx, options.actor, options.origin, 'vendor_approved', row, { from: row.status, to: 'approved', reinstated: true });
    if (row.userId) {
      await mailVendor(tx, row, 'reinstated', '/vendor-portal', {}, `vendor-reinstated:${row.id}:${now.toISOString()}`);
      await notifyVendorUser(tx, row, 'reinstated', {}, 'success');
    } else {
      await inviteVendor(tx, row.id, now);
    }
  });
}

/**
 * E-mails an approved vendor without an account a new invitation (the previous link stops
 * working when the new one is made); audited `vendor_updated` (`invitation_resent`). Refusals:
 * 404, 409 `invalid_transition` (not approved), 409 `already_linked`.
 */
export async function resendVendorInvitation({ db, actor, id, origin, now = new Date() }: CommandOptions): Promise<VendorCommandOutcome> {
  assertVendorAdmin(actor);
  return db.transaction(async (tx): Promise<VendorCommandOutcome> => {
    const row = await lockVendor(tx, id);
    if (!row) return refuse('not_found');
    if (row.status !== 'approved') return refuse('invalid_transition', row.status);
    if (row.userId) return refuse('already_linked', row.status);
    await inviteVendor(tx, row.id, now);
    await audit(tx, actor, origin, 'vendor_updated', row, { change: 'invitation_resent' });
    return { ok: true, vendorId: id, status: row.status, changed: true };
  });
}

/**
 * Verifies certificate of insurance `documentId` of vendor `id` on `today`: the document gets
 * `verified_at`/`verified_by`, and the vendor's insurance becomes it (`insurance_expiry` = the
 * document's `expires_on`, `insurance_verified_at` = now), audited `vendor_insurance_verified`,
 * the vendor notified in-app. Verifying it again changes nothing (`changed: false`). Refusals:
 * 404 `not_found` / `document_not_found` (unknown, or another vendor's), 422 `document_not_coi`
 * (a W-9, or no expiry), 422 `document_expired`.
 */
export async function verifyVendorDocument({
  db,
  actor,
  id,
  documentId,
  origin,
  now = new Date(),
  today = utcToday(now),
}: CommandOptions & { documentId: number; today?: string }): Promise<VendorCommandOutcome> {
  assertVendorAdmin(actor);
  return db.transaction(async (tx): Promise<VendorCommandOutcome> => {
    const row = await lockVendor(tx, id);
    if (!row) return refuse('not_found');
    const [doc] = await tx
      .select({ id: document.id, kind: document.kind, expiresOn: document.expiresOn, verifiedAt: document.verifiedAt })
      .from(document)
      .where(and(eq(document.id, documentId), eq(document.ownerType, VENDOR_DOCUMENT_OWNER), eq(document.ownerId, String(id))))
      .for('update');
    if (!doc) return refuse('document_not_found');
    if (doc.kind !== 'coi' || !doc.expiresOn) return refuse('document_not_coi');
    if (doc.expiresOn < today) return refuse('document_expired');
    if (doc.verifiedAt && row.insuranceExpiry === doc.expiresOn && row.insuranceVerifiedAt)
      return { ok: true, vendorId: id, status: row.status, changed: false };
    await tx.update(document).set({ verifiedAt: now, verifiedBy: actor.id }).where(eq(document.id, doc.id));
    await tx
      .update(vendor)
      .set({ insuranceExpiry: doc.expiresOn, insuranceVerifiedAt: now, insuranceVerifiedBy: actor.id, updatedAt: now })
      .where(eq(vendor.id, id));
    await audit(tx, actor, origin, 'vendor_insurance_verified', row, {
      document_id: doc.id,
      expires_on: doc.expiresOn,
      previous_expiry: row.insuranceVerifiedAt ? row.insuranceExpiry : null,
    });
    await notifyVendorUser(tx, row, 'documentVerified', { expiry: vendorMailDate(doc.expiresOn, localeOf(row)) }, 'success');
    return { ok: true, vendorId: id, status: row.status, changed: true };
  });
}
