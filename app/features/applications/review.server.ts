/**
 * Rental-application review (decision 010; DESIGN §4 "Who works where"): staff list,
 * read and decide applications; an applicant reads and withdraws their own.
 *
 * Who sees what — every function takes the acting `Viewer` and authorises itself:
 * - an admin sees and decides every application (/admin/applications);
 * - a property manager sees and decides only applications for properties whose `manager_id` is
 *   theirs (/dashboard); any other application reads as missing (null / 404), so a manager
 *   cannot even learn that it exists;
 * - anyone else asking for the staff functions gets `ApplicationsForbiddenError`;
 * - an applicant reads and withdraws only applications whose `user_id` is theirs.
 *
 * Transitions (see `STAFF_TRANSITIONS`): submitted → under_review | rejected, under_review →
 * approved | rejected, and the applicant's submitted | under_review → withdrawn. Each runs in one
 * transaction that locks the application row (`FOR UPDATE`), checks its current status (a stale
 * request answers 409), updates it, and writes the audit entry `application_status_changed`
 * (from, to, reference, note), the applicant's in-app notification (signed-in applicants) and an
 * outbox row `mail.application_status` for the e-mail — all or nothing. Approval also locks the
 * property row, refuses when another application for the unit was approved, when the unit is no
 * longer available or when the payment due at submission never went through, and otherwise
 * inserts a `pending` lease (dates, rent and deposit from the application) and marks the unit
 * `leased`. Concurrent approvals of one unit therefore serialise on the property row: exactly
 * one wins.
 */
import { isAdmin, isStaff } from '~/lib/access';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '~/lib/constants';
import { cleanMultiline } from '~/lib/form-fields';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { application, auditLog, lease, payment, property, user } from '~/server/db/schema';
import { createDraftLease } from '~/features/leases/lease-drafts.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import { insertNotifications } from '~/server/notifications/notify.server';
import {
  applicationStatusNotification,
  type ApplicationStatusMailPayload,
  type NotifiedApplicationStatus,
} from '~/server/mail/application-status-mail.server';
import { mailLanguage } from '~/server/mail/templates.server';
import {
  REVIEW_NOTE_MAX,
  REVIEW_PAGE_SIZE,
  REVIEW_SEARCH_MAX,
  STAFF_TRANSITIONS,
  WITHDRAWABLE_STATUSES,
  type ApplicationDetail,
  type ApplicationHistoryEntry,
  type ApplicationListItem,
  type ApplicationListPage,
  type ApplicationPaymentState,
  type ApplicationStatus,
  type MyApplication,
  type ReviewPropertyOption,
  type StaffTargetStatus,
} from './applications.types';
import type { ReviewFilters } from './review-filters';
import { containsPattern } from '~/lib/like-pattern';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Thrown when someone who is neither an admin nor a property manager reaches a staff function. */
export class ApplicationsForbiddenError extends Error {
  constructor() {
    super('Only administrators and property managers review applications.');
    this.name = 'ApplicationsForbiddenError';
  }
}

/** True for the roles that review applications (admin: all; property manager: their properties). */
export function canReviewApplications(actor: Pick<Viewer, 'role'>): boolean {
  return isStaff(actor.role);
}

function assertReviewer(actor: Pick<Viewer, 'role'> | null | undefined): asserts actor is Viewer {
  if (!actor || !canReviewApplications(actor)) throw new ApplicationsForbiddenError();
}

/** The rows a reviewer may see: everything for an admin, their properties for a manager. */
function reviewScope(actor: Viewer): SQL | undefined {
  return isAdmin(actor.role) ? undefined : eq(property.managerId, actor.id);
}

function titleIn(lang: Language) {
  return lang === 'it' ? sql<string>`coalesce(${property.titleIt}, ${property.title})` : property.title;
}

/** The booking flow's rule (decision 009): nothing due → not required; a succeeded payment → paid. */
const paymentStateSql = sql<ApplicationPaymentState>`case
  when ${application.dueNowCents} = 0 then 'not_required'
  when exists (select 1 from ${payment} where ${payment.applicationId} = ${application.id} and ${payment.status} = 'succeeded') then 'paid'
  when exists (select 1 from ${payment} where ${payment.applicationId} = ${application.id} and ${payment.status} = 'pending') then 'pending'
  else 'failed' end`;

function listColumns(lang: Language) {
  return {
    id: application.id,
    reference: application.reference,
    status: application.status,
    propertyId: application.propertyId,
    propertyTitle: titleIn(lang),
    propertyCity: property.city,
    applicantName: sql<string>`${application.firstName} || ' ' || ${application.lastName}`,
    email: application.email,
    moveIn: application.moveIn,
    moveOut: application.moveOut,
    paymentState: paymentStateSql,
    createdAt: application.createdAt,
  };
}

function toListItem(row: Omit<ApplicationListItem, 'createdAt'> & { createdAt: Date }): ApplicationListItem {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/**
 * One page (25 rows, newest first) of the applications `actor` may review, narrowed by
 * `filters`: `status`, `propertyId`, `q` (part of the reference, the applicant's full name or
 * e-mail, any letter case) and `page` (clamped to the pages that exist). Property titles in
 * `lang`. Throws `ApplicationsForbiddenError` unless the actor is an admin or a property manager.
 */
export async function listApplications({
  db,
  actor,
  filters,
  lang = 'en',
}: {
  db: Db;
  actor: Viewer;
  filters: Partial<ReviewFilters>;
  lang?: Language;
}): Promise<ApplicationListPage> {
  assertReviewer(actor);
  const conditions: (SQL | undefined)[] = [reviewScope(actor)];
  if (filters.status) conditions.push(eq(application.status, filters.status));
  if (filters.propertyId) conditions.push(eq(application.propertyId, filters.propertyId));
  const q = (filters.q ?? '').trim().slice(0, REVIEW_SEARCH_MAX);
  if (q) {
    const pattern = containsPattern(q);
    conditions.push(
      or(
        ilike(application.reference, pattern),
        ilike(application.email, pattern),
        ilike(sql`${application.firstName} || ' ' || ${application.lastName}`, pattern),
      ),
    );
  }
  const where = and(...conditions);
  const [totalRow] = await db
    .select({ n: count() })
    .from(application)
    .innerJoin(property, eq(property.id, application.propertyId))
    .where(where);
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / REVIEW_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(filters.page ?? 1) || 1), pageCount);
  const rows = await db
    .select(listColumns(lang))
    .from(application)
    .innerJoin(property, eq(property.id, application.propertyId))
    .where(where)
    .orderBy(desc(application.createdAt), desc(application.id))
    .limit(REVIEW_PAGE_SIZE)
    .offset((page - 1) * REVIEW_PAGE_SIZE);
  return { items: rows.map(toListItem), total, page, pageCount };
}

/** How many properties the property filter offers at most. */
export const REVIEW_PROPERTY_OPTIONS_MAX = 200;

/**
 * The properties the list can be narrowed to: those in `actor`'s scope that have at least one
 * application, by title (at most 200; a property beyond that is still reachable with
 * `?property=`). Throws `ApplicationsForbiddenError` for non-reviewers.
 */
export async function listReviewProperties({
  db,
  actor,
  lang = 'en',
}: {
  db: Db;
  actor: Viewer;
  lang?: Language;
}): Promise<ReviewPropertyOption[]> {
  assertReviewer(actor);
  const withApplications = db.selectDistinct({ id: application.propertyId }).from(application);
  return db
    .select({ id: property.id, title: titleIn(lang), city: property.city })
    .from(property)
    .where(and(reviewScope(actor), inArray(property.id, withApplications)))
    .orderBy(asc(titleIn(lang)), asc(property.id))
    .limit(REVIEW_PROPERTY_OPTIONS_MAX);
}

/**
 * One application as the detail panel shows it — applicant, stay, occupants, amounts (cents),
 * payments (brand and last 4 only), the lease approval created and the history from the audit
 * log — or null when it does not exist or `actor` may not see it (a manager asking for another
 * property's application gets exactly the same null). Throws `ApplicationsForbiddenError` for
 * non-reviewers.
 */
export async function findApplication({
  db,
  actor,
  id,
  lang = 'en',
}: {
  db: Db;
  actor: Viewer;
  id: number;
  lang?: Language;
}): Promise<ApplicationDetail | null> {
  assertReviewer(actor);
  const [row] = await db
    .select({
      ...listColumns(lang),
      app: application,
      property: { id: property.id, title: titleIn(lang), city: property.city, state: property.state, status: property.status },
    })
    .from(application)
    .innerJoin(property, eq(property.id, application.propertyId))
    .where(and(eq(application.id, id), reviewScope(actor)));
  if (!row) return null;
  const { app } = row;
  const [payments, leases, history] = await Promise.all([
    db
      .select({
        id: payment.id,
        kind: payment.kind,
        amountCents: payment.amountCents,
        status: payment.status,
        cardBrand: payment.cardBrand,
        cardLast4: payment.cardLast4,
        createdAt: payment.createdAt,
      })
      .from(payment)
      .where(eq(payment.applicationId, id))
      .orderBy(asc(payment.id)),
    db
      .select({ id: lease.id, status: lease.status, startDate: lease.startDate, endDate: lease.endDate })
      .from(lease)
      .where(eq(lease.applicationId, id))
      .orderBy(desc(lease.id))
      .limit(1),
    findHistory(db, id),
  ]);
  return {
    ...toListItem({
      id: row.id,
      reference: row.reference,
      status: row.status,
      propertyId: row.propertyId,
      propertyTitle: row.propertyTitle,
      propertyCity: row.propertyCity,
      applicantName: row.applicantName,
      email: row.email,
      moveIn: row.moveIn,
      moveOut: row.moveOut,
      paymentState: row.paymentState,
      createdAt: row.createdAt,
    }),
    property: row.property,
    firstName: app.firstName,
    lastName: app.lastName,
    phone: app.phone,
    currentAddress: app.currentAddress,
    city: app.city,
    zipCode: app.zipCode,
    country: app.country,
    adults: app.adults,
    children: app.children,
    specialRequests: app.specialRequests,
    paymentMethod: app.paymentMethod,
    leaseMonths: app.leaseMonths,
    monthlyRentCents: app.monthlyRentCents,
    depositCents: app.depositCents,
    applicationFeeCents: app.applicationFeeCents,
    dueNowCents: app.dueNowCents,
    dueAtSigningCents: app.dueAtSigningCents,
    locale: app.locale,
    hasAccount: app.userId !== null,
    updatedAt: app.updatedAt.toISOString(),
    payments: payments.map((entry) => ({ ...entry, createdAt: entry.createdAt.toISOString() })),
    lease: leases[0] ?? null,
    history,
  };
}

const HISTORY_ACTIONS = ['application_submitted', 'application_status_changed'] as const;

/** The application's audit entries (submission and status changes), oldest first. */
async function findHistory(db: Db, applicationId: number): Promise<ApplicationHistoryEntry[]> {
  const rows = await db
    .select({ id: auditLog.id, action: auditLog.action, values: auditLog.newValues, createdAt: auditLog.createdAt, actorName: user.name })
    .from(auditLog)
    .leftJoin(user, eq(user.id, auditLog.userId))
    .where(
      and(
        eq(auditLog.tableName, 'application'),
        inArray(auditLog.action, [...HISTORY_ACTIONS]),
        sql`${auditLog.newValues}->>'application_id' = ${String(applicationId)}`,
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id))
    .limit(100);
  return rows.map((row) => {
    const values = row.values as { from?: unknown; to?: unknown; note?: unknown };
    const submitted = row.action === 'application_submitted';
    return {
      id: row.id,
      action: submitted ? 'application_submitted' : 'application_status_changed',
      from: submitted ? null : asStatus(values.from),
      to: submitted ? 'submitted' : asStatus(values.to),
      note: typeof values.note === 'string' && values.note ? values.note : null,
      actorName: row.actorName,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

function asStatus(value: unknown): ApplicationStatus | null {
  return typeof value === 'string' && value in STAFF_TRANSITIONS ? (value as ApplicationStatus) : null;
}

// ---------------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------------

/** Why a transition was refused (the page answers the status in brackets, decision 037). */
export type TransitionRefusal =
  /** No such application, or not one this actor may see (404). */
  | 'not_found'
  /** The application's current status does not allow this step, e.g. it changed meanwhile (409). */
  | 'invalid_transition'
  /** Another application for the same unit was approved already (409). */
  | 'unit_taken'
  /** The unit is no longer available (leased or under maintenance) (409). */
  | 'unit_unavailable'
  /** The payment due at submission never went through (409). */
  | 'unpaid'
  /** The note is longer than REVIEW_NOTE_MAX (422). */
  | 'note_too_long';

export type TransitionOutcome =
  | { ok: true; applicationId: number; reference: string; from: ApplicationStatus; to: ApplicationStatus; leaseId: number | null }
  | { ok: false; reason: TransitionRefusal; current?: ApplicationStatus };

/** Test seam: runs inside the transaction after every write, before commit (failure injection). */
export type TransitionFaults = { beforeCommit?: () => void | Promise<void> };

type LockedApplication = {
  app: typeof application.$inferSelect;
  managerId: string | null;
  titles: { en: string; it: string };
};

/** Locks the application row (`FOR UPDATE OF application`) and reads its property's manager and titles. */
async function lockApplication(tx: Tx, id: number): Promise<LockedApplication | null> {
  const [row] = await tx
    .select({ app: application, managerId: property.managerId, title: property.title, titleIt: property.titleIt })
    .from(application)
    .innerJoin(property, eq(property.id, application.propertyId))
    .where(eq(application.id, id))
    .for('update', { of: application });
  if (!row) return null;
  return { app: row.app, managerId: row.managerId, titles: { en: row.title, it: row.titleIt ?? row.title } };
}

function refuse(reason: TransitionRefusal, current?: ApplicationStatus): TransitionOutcome {
  return { ok: false, reason, ...(current ? { current } : {}) };
}

/** The note as stored: line endings normalised, trimmed; '' → null. */
function cleanNote(note: string | null | undefined): string | null | 'too_long' {
  const cleaned = cleanMultiline(note ?? '');
  if (cleaned.length > REVIEW_NOTE_MAX) return 'too_long';
  return cleaned || null;
}

/**
 * Writes what a status change causes, inside the caller's transaction: the audit entry, the
 * applicant's in-app notification (when they have an account) and the e-mail's outbox row.
 */
async function recordStatusChange(
  tx: Tx,
  {
    actor,
    locked,
    to,
    note,
    origin,
    leaseId,
  }: {
    actor: Viewer;
    locked: LockedApplication;
    to: NotifiedApplicationStatus;
    note: string | null;
    origin: RequestOrigin;
    leaseId: number | null;
  },
): Promise<void> {
  const { app, titles } = locked;
  await recordAuditEvent({
    db: tx,
    userId: actor.id,
    action: 'application_status_changed',
    origin,
    tableName: 'application',
    values: {
      application_id: app.id,
      reference: app.reference,
      property_id: app.propertyId,
      from: app.status,
      to,
      note,
      ...(leaseId ? { lease_id: leaseId } : {}),
    },
  });
  const propertyTitle = mailLanguage(app.locale) === 'it' ? titles.it : titles.en;
  if (app.userId) {
    const texts = applicationStatusNotification(app.locale, { reference: app.reference, propertyTitle, status: to, note });
    await insertNotifications(tx, [{ userId: app.userId, ...texts, actionUrl: '/dashboard' }]);
  }
  const payload: ApplicationStatusMailPayload = {
    applicationId: app.id,
    to: app.email,
    locale: app.locale,
    firstName: app.firstName,
    reference: app.reference,
    propertyTitle,
    status: to,
    note,
  };
  await enqueueOutbox(tx, [{ topic: 'mail.application_status', payload }]);
}

/**
 * Moves application `id` to `to` as staff (see the module comment for the rules), with an
 * optional `note` to the applicant (≤ 1,000 characters, shown in the e-mail and notification).
 * `origin` is recorded in the audit log. Answers the outcome; refusals change nothing:
 * 404 `not_found` (unknown, or another manager's property), 409 `invalid_transition` (with the
 * `current` status), `unit_taken`, `unit_unavailable`, `unpaid`, 422 `note_too_long`. Throws
 * `ApplicationsForbiddenError` for non-reviewers.
 */
export async function transitionApplication({
  db,
  actor,
  id,
  to,
  note,
  origin,
  faults,
}: {
  db: Db;
  actor: Viewer;
  id: number;
  to: StaffTargetStatus;
  note?: string | null;
  origin: RequestOrigin;
  faults?: TransitionFaults;
}): Promise<TransitionOutcome> {
  assertReviewer(actor);
  const cleaned = cleanNote(note);
  if (cleaned === 'too_long') return refuse('note_too_long');
  return db.transaction(async (tx): Promise<TransitionOutcome> => {
    const locked = await lockApplication(tx, id);
    if (!locked || (!isAdmin(actor.role) && locked.managerId !== actor.id)) return refuse('not_found');
    const { app } = locked;
    if (!STAFF_TRANSITIONS[app.status].includes(to)) return refuse('invalid_transition', app.status);

    let leaseId: number | null = null;
    if (to === 'approved') {
      if (app.dueNowCents > 0) {
        const [paid] = await tx
          .select({ n: count() })
          .from(payment)
          .where(and(eq(payment.applicationId, app.id), eq(payment.status, 'succeeded')));
        if (!paid?.n) return refuse('unpaid', app.status);
      }
      // One approval per unit: concurrent approvals wait here for each other.
      const [home] = await tx.select({ status: property.status }).from(property).where(eq(property.id, app.propertyId)).for('update');
      const [taken] = await tx
        .select({ id: application.id })
        .from(application)
        // An approved application holds the unit until its lease is signed; after that the lease
        // itself does (createDraftLease refuses an overlap), so a `leased` application whose lease
        // has ended or was terminated no longer blocks the next tenant.
        .where(and(eq(application.propertyId, app.propertyId), ne(application.id, app.id), eq(application.status, 'approved')))
        .limit(1);
      if (taken) return refuse('unit_taken', app.status);
      if (home?.status !== 'available') return refuse('unit_unavailable', app.status);
      const draft = await createDraftLease(tx, { app });
      if (!draft.ok) return refuse('unit_taken', app.status);
      leaseId = draft.leaseId;
      await tx.update(property).set({ status: 'leased' }).where(eq(property.id, app.propertyId));
    }
    await tx.update(application).set({ status: to, updatedAt: new Date() }).where(eq(application.id, app.id));
    await recordStatusChange(tx, { actor, locked, to, note: cleaned, origin, leaseId });
    await faults?.beforeCommit?.();
    return { ok: true, applicationId: app.id, reference: app.reference, from: app.status, to, leaseId };
  });
}

/**
 * The applicant withdraws their own application `id` (submitted or under review → withdrawn),
 * with the same audit entry, notification and e-mail as a staff transition. Anyone whose id is
 * not the application's `user_id` — staff included — gets 404 `not_found`; another status gets
 * 409 `invalid_transition` with the `current` status.
 */
export async function withdrawApplication({
  db,
  actor,
  id,
  origin,
}: {
  db: Db;
  actor: Viewer;
  id: number;
  origin: RequestOrigin;
}): Promise<TransitionOutcome> {
  return db.transaction(async (tx): Promise<TransitionOutcome> => {
    const locked = await lockApplication(tx, id);
    if (!locked || locked.app.userId !== actor.id) return refuse('not_found');
    const { app } = locked;
    if (!WITHDRAWABLE_STATUSES.includes(app.status)) return refuse('invalid_transition', app.status);
    await tx.update(application).set({ status: 'withdrawn', updatedAt: new Date() }).where(eq(application.id, app.id));
    await recordStatusChange(tx, { actor, locked, to: 'withdrawn', note: null, origin, leaseId: null });
    return { ok: true, applicationId: app.id, reference: app.reference, from: app.status, to: 'withdrawn', leaseId: null };
  });
}

/** How many of their own applications /dashboard lists at most. */
export const MY_APPLICATIONS_LIMIT = 50;

/**
 * The applications `actor` submitted while signed in (`application.user_id`), newest first (at
 * most 50), with property titles in `lang`, amounts in cents, payment state and whether they may
 * still withdraw. Any signed-in user may ask; it only ever reads their own rows.
 */
export async function listMyApplications({ db, actor, lang = 'en' }: { db: Db; actor: Viewer; lang?: Language }): Promise<MyApplication[]> {
  const rows = await db
    .select({
      id: application.id,
      reference: application.reference,
      status: application.status,
      propertyId: application.propertyId,
      propertyTitle: titleIn(lang),
      moveIn: application.moveIn,
      moveOut: application.moveOut,
      leaseMonths: application.leaseMonths,
      monthlyRentCents: application.monthlyRentCents,
      depositCents: application.depositCents,
      applicationFeeCents: application.applicationFeeCents,
      dueNowCents: application.dueNowCents,
      dueAtSigningCents: application.dueAtSigningCents,
      paymentState: paymentStateSql,
      createdAt: application.createdAt,
    })
    .from(application)
    .innerJoin(property, eq(property.id, application.propertyId))
    .where(eq(application.userId, actor.id))
    .orderBy(desc(application.createdAt), desc(application.id))
    .limit(MY_APPLICATIONS_LIMIT);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString(), canWithdraw: WITHDRAWABLE_STATUSES.includes(row.status) }));
}
