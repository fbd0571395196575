import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '~/lib/access';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import type { Viewer } from '~/server/auth/session.server';
import { application, auditLog, lease, notification, outbox, property } from '~/server/db/schema';
import { applicationStatusMail } from '~/server/mail/application-status-mail.server';
import { createApplication, createProperty, viewerOf } from '../../../tests/setup/factories';
import { createTestDatabase, type TestDatabase, raceTest } from '../../../tests/setup/test-db';
import { REVIEW_NOTE_MAX, REVIEW_PAGE_SIZE } from './applications.types';
import {
  ApplicationsForbiddenError,
  findApplication,
  listApplications,
  listMyApplications,
  listReviewProperties,
  transitionApplication,
  withdrawApplication,
} from './review.server';

let database: TestDatabase;
let counter = 0;
const origin = { ip: '203.0.113.9', userAgent: 'vitest' };

async function makeViewer(role: Role, locale = 'en'): Promise<Viewer> {
  counter += 1;
  const email = `review${counter}-${role}@applications.test`;
  const created = await createVerifiedUser(database.db, { email, password: 'review-pass', role, name: `Reviewer ${counter}` });
  return { ...viewerOf({ id: created.id, email, role }), name: `Reviewer ${counter}`, locale };
}

/** A new home and a submitted application for it. */
async function applicationForNewHome() {
  const home = await createProperty(database.db);
  return { home, app: await createApplication(database.db, { propertyId: home.id }) };
}

/** The admin moves application `id` to status `to`, with `note` to the applicant when given. */
function moveAsAdmin(id: number, to: Parameters<typeof transitionApplication>[0]['to'], note?: string) {
  return transitionApplication({ db: database.db, actor: admin, id, to, note, origin });
}

async function statusOf(id: number) {
  const [row] = await database.db.select({ status: application.status }).from(application).where(eq(application.id, id));
  return row?.status;
}

async function propertyStatus(id: number) {
  const [row] = await database.db.select({ status: property.status }).from(property).where(eq(property.id, id));
  return row?.status;
}

/** Every row a transition of application `id` could have written. */
async function sideEffects(id: number) {
  const [leases] = await database.db.select({ n: count() }).from(lease).where(eq(lease.applicationId, id));
  const [audits] = await database.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'application_status_changed'), sql`${auditLog.newValues}->>'application_id' = ${String(id)}`));
  const [mails] = await database.db
    .select({ n: count() })
    .from(outbox)
    .where(and(eq(outbox.topic, 'mail.application_status'), sql`${outbox.payload}->>'applicationId' = ${String(id)}`));
  return { leases: leases?.n ?? 0, audits: audits?.n ?? 0, mails: mails?.n ?? 0 };
}

async function notificationsOf(userId: string) {
  return database.db.select().from(notification).where(eq(notification.userId, userId));
}

let admin: Viewer;
let manager: Viewer;
let otherManager: Viewer;
let tenant: Viewer;
let vendorViewer: Viewer;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await makeViewer('admin');
  manager = await makeViewer('property_manager');
  otherManager = await makeViewer('property_manager');
  tenant = await makeViewer('tenant');
  vendorViewer = await makeViewer('vendor');
});

afterAll(async () => {
  await database.close();
});

describe('who sees which applications', () => {
  let mine: Awaited<ReturnType<typeof createProperty>>;
  let theirs: Awaited<ReturnType<typeof createProperty>>;
  let mineApp: Awaited<ReturnType<typeof createApplication>>;
  let theirsApp: Awaited<ReturnType<typeof createApplication>>;

  beforeAll(async () => {
    mine = await createProperty(database.db, { managerId: manager.id, title: 'Managed Loft' });
    theirs = await createProperty(database.db, { managerId: otherManager.id, title: 'Foreign Flat' });
    mineApp = await createApplication(database.db, {
      propertyId: mine.id,
      firstName: 'Marta',
      lastName: 'Mine',
      email: 'marta.mine@example.test',
    });
    theirsApp = await createApplication(database.db, {
      propertyId: theirs.id,
      firstName: 'Theo',
      lastName: 'Theirs',
      status: 'under_review',
    });
  });

  it('an admin lists every application, newest first', async () => {
    const page = await listApplications({ db: database.db, actor: admin, filters: {} });
    const references = page.items.map((item) => item.reference);
    expect(references).toEqual(expect.arrayContaining([mineApp.reference, theirsApp.reference]));
    expect(references.indexOf(theirsApp.reference)).toBeLessThan(references.indexOf(mineApp.reference));
  });

  it('a property manager lists only the applications for the properties they manage', async () => {
    const page = await listApplications({ db: database.db, actor: manager, filters: {} });
    expect(page.items.map((item) => item.reference)).toEqual([mineApp.reference]);
    expect(page.total).toBe(1);
    // Asking for the other property by filter does not widen the scope.
    const sneaky = await listApplications({ db: database.db, actor: manager, filters: { propertyId: theirs.id } });
    expect(sneaky.items).toEqual([]);
    expect(await listReviewProperties({ db: database.db, actor: manager })).toEqual([
      { id: mine.id, title: 'Managed Loft', city: 'Austin' },
    ]);
  });

  it('a property manager cannot read another property’s application: null, as if it did not exist', async () => {
    expect(await findApplication({ db: database.db, actor: manager, id: theirsApp.id })).toBeNull();
    expect(await findApplication({ db: database.db, actor: manager, id: 99_999_999 })).toBeNull();
    expect(await findApplication({ db: database.db, actor: manager, id: mineApp.id })).toMatchObject({
      reference: mineApp.reference,
      firstName: 'Marta',
    });
    expect(await findApplication({ db: database.db, actor: admin, id: theirsApp.id })).toMatchObject({ reference: theirsApp.reference });
  });

  it('a property manager cannot change another property’s application, and nothing is written', async () => {
    const before = await sideEffects(theirsApp.id);
    for (const to of ['approved', 'rejected'] as const) {
      const outcome = await transitionApplication({ db: database.db, actor: manager, id: theirsApp.id, to, origin });
      expect(outcome).toEqual({ ok: false, reason: 'not_found' });
    }
    expect(await statusOf(theirsApp.id)).toBe('under_review');
    expect(await propertyStatus(theirs.id)).toBe('available');
    expect(await sideEffects(theirsApp.id)).toEqual(before);
  });

  it('tenants and vendors are refused every staff function', async () => {
    for (const actor of [tenant, vendorViewer]) {
      await expect(listApplications({ db: database.db, actor, filters: {} })).rejects.toBeInstanceOf(ApplicationsForbiddenError);
      await expect(listReviewProperties({ db: database.db, actor })).rejects.toBeInstanceOf(ApplicationsForbiddenError);
      await expect(findApplication({ db: database.db, actor, id: mineApp.id })).rejects.toBeInstanceOf(ApplicationsForbiddenError);
      await expect(transitionApplication({ db: database.db, actor, id: mineApp.id, to: 'under_review', origin })).rejects.toBeInstanceOf(
        ApplicationsForbiddenError,
      );
    }
    expect(await statusOf(mineApp.id)).toBe('submitted');
  });

  it('filters by status, property and a search by reference, name or e-mail (any case)', async () => {
    const byStatus = await listApplications({ db: database.db, actor: admin, filters: { status: 'under_review', propertyId: theirs.id } });
    expect(byStatus.items.map((item) => item.reference)).toEqual([theirsApp.reference]);
    const noneUnderReview = await listApplications({
      db: database.db,
      actor: admin,
      filters: { status: 'under_review', propertyId: mine.id },
    });
    expect(noneUnderReview.total).toBe(0);
    for (const q of [mineApp.reference.toLowerCase(), 'marta mine', 'MARTA.MINE@', 'Mine']) {
      const found = await listApplications({ db: database.db, actor: admin, filters: { q } });
      expect(
        found.items.map((item) => item.reference),
        q,
      ).toContain(mineApp.reference);
      expect(
        found.items.map((item) => item.reference),
        q,
      ).not.toContain(theirsApp.reference);
    }
    // LIKE wildcards are taken literally.
    expect((await listApplications({ db: database.db, actor: admin, filters: { q: '%' } })).total).toBe(0);
  });

  it('pages 25 at a time and clamps the page to the pages that exist', async () => {
    const busy = await createProperty(database.db, { managerId: otherManager.id });
    for (let i = 0; i < REVIEW_PAGE_SIZE + 1; i += 1) await createApplication(database.db, { propertyId: busy.id });
    const first = await listApplications({ db: database.db, actor: otherManager, filters: { propertyId: busy.id } });
    expect(first).toMatchObject({ total: REVIEW_PAGE_SIZE + 1, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(REVIEW_PAGE_SIZE);
    const beyond = await listApplications({ db: database.db, actor: otherManager, filters: { propertyId: busy.id, page: 9 } });
    expect(beyond.page).toBe(2);
    expect(beyond.items).toHaveLength(1);
  });

  it('the detail shows payments by brand and last 4 only, and the history from the audit log', async () => {
    const home = await createProperty(database.db);
    const paidApp = await createApplication(database.db, {
      propertyId: home.id,
      paymentMethod: 'card',
      dueNowCents: 5_000,
      paid: true,
      userId: tenant.id,
    });
    await moveAsAdmin(paidApp.id, 'under_review', 'Checking references');
    const detail = await findApplication({ db: database.db, actor: admin, id: paidApp.id });
    expect(detail?.paymentState).toBe('paid');
    expect(detail?.payments).toEqual([
      expect.objectContaining({ kind: 'application_fee', amountCents: 5_000, status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' }),
    ]);
    expect(Object.keys(detail!.payments[0]!).sort()).toEqual([
      'amountCents',
      'cardBrand',
      'cardLast4',
      'createdAt',
      'id',
      'kind',
      'status',
    ]);
    expect(detail?.history).toEqual([
      expect.objectContaining({
        action: 'application_status_changed',
        from: 'submitted',
        to: 'under_review',
        note: 'Checking references',
        actorName: admin.name,
      }),
    ]);
    expect(detail?.hasAccount).toBe(true);
  });
});

describe('transitions', () => {
  it('submitted → under_review → rejected, and submitted → rejected directly', async () => {
    const { home, app } = await applicationForNewHome();
    expect(await moveAsAdmin(app.id, 'under_review')).toMatchObject({
      ok: true,
      from: 'submitted',
      to: 'under_review',
      leaseId: null,
    });
    expect(await moveAsAdmin(app.id, 'rejected')).toMatchObject({
      ok: true,
      to: 'rejected',
    });
    expect(await statusOf(app.id)).toBe('rejected');

    const quick = await createApplication(database.db, { propertyId: home.id });
    expect(await moveAsAdmin(quick.id, 'rejected')).toMatchObject({
      ok: true,
      from: 'submitted',
    });
    expect(await propertyStatus(home.id)).toBe('available');
  });

  it('refuses steps the status does not allow, naming the current status (a stale request is a 409)', async () => {
    const { app } = await applicationForNewHome();
    expect(await moveAsAdmin(app.id, 'approved')).toEqual({
      ok: false,
      reason: 'invalid_transition',
      current: 'submitted',
    });
    await moveAsAdmin(app.id, 'under_review');
    // A second reviewer looking at the old page.
    expect(await moveAsAdmin(app.id, 'under_review')).toMatchObject({
      ok: false,
      current: 'under_review',
    });
    await moveAsAdmin(app.id, 'rejected');
    for (const to of ['under_review', 'approved', 'rejected'] as const) {
      expect(await moveAsAdmin(app.id, to)).toMatchObject({
        ok: false,
        current: 'rejected',
      });
    }
    expect(await sideEffects(app.id)).toMatchObject({ leases: 0, audits: 2, mails: 2 });
    expect(await moveAsAdmin(99_999_999, 'rejected')).toMatchObject({
      ok: false,
    });
  });

  it('approval creates exactly one pending lease from the application and marks the unit leased, with audit, notification and e-mail', async () => {
    const home = await createProperty(database.db, { managerId: manager.id, title: 'Sunny Flat', titleIt: 'Appartamento soleggiato' });
    const applicant = await makeViewer('tenant', 'it');
    const app = await createApplication(database.db, {
      propertyId: home.id,
      userId: applicant.id,
      locale: 'it',
      firstName: 'Giulia',
      moveIn: '2027-05-01',
      moveOut: '2027-10-31',
      monthlyRentCents: 210_000,
      depositCents: 210_000,
    });
    await transitionApplication({ db: database.db, actor: manager, id: app.id, to: 'under_review', origin });
    const outcome = await transitionApplication({
      db: database.db,
      actor: manager,
      id: app.id,
      to: 'approved',
      note: 'Welcome <aboard>!',
      origin,
    });
    expect(outcome).toMatchObject({ ok: true, from: 'under_review', to: 'approved' });

    const leases = await database.db.select().from(lease).where(eq(lease.propertyId, home.id));
    expect(leases).toHaveLength(1);
    expect(leases[0]).toMatchObject({
      id: outcome.ok ? outcome.leaseId : -1,
      applicationId: app.id,
      tenantId: applicant.id,
      startDate: '2027-05-01',
      endDate: '2027-10-31',
      monthlyRentCents: 210_000,
      depositCents: 210_000,
      status: 'draft',
    });
    expect(await propertyStatus(home.id)).toBe('leased');
    expect(await statusOf(app.id)).toBe('approved');

    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'application_status_changed'),
          eq(auditLog.userId, manager.id),
          sql`${auditLog.newValues}->>'to' = 'approved'`,
          sql`${auditLog.newValues}->>'application_id' = ${String(app.id)}`,
        ),
      );
    expect(audit).toMatchObject({ tableName: 'application', ipAddress: origin.ip });
    expect(audit?.newValues).toMatchObject({
      from: 'under_review',
      to: 'approved',
      reference: app.reference,
      note: 'Welcome <aboard>!',
      property_id: home.id,
    });

    const notes = await notificationsOf(applicant.id);
    expect(notes.map((row) => row.title)).toEqual(['Candidatura in esame', 'Candidatura approvata']);
    expect(notes[1]).toMatchObject({ type: 'success', actionUrl: '/dashboard', read: false });
    expect(notes[1]?.message).toContain('Appartamento soleggiato');
    expect(notes[1]?.message).toContain('Welcome <aboard>!');

    const mails = await database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'applicationId' = ${String(app.id)}`);
    expect(mails.map((row) => row.topic)).toEqual(['mail.application_status', 'mail.application_status']);
    expect(mails[1]?.payload).toEqual({
      applicationId: app.id,
      to: app.email,
      locale: 'it',
      firstName: 'Giulia',
      reference: app.reference,
      propertyTitle: 'Appartamento soleggiato',
      status: 'approved',
      note: 'Welcome <aboard>!',
    });
  });

  it('a guest applicant gets the e-mail but no in-app notification', async () => {
    const home = await createProperty(database.db);
    const app = await createApplication(database.db, { propertyId: home.id, userId: null });
    const [before] = await database.db.select({ n: count() }).from(notification);
    await moveAsAdmin(app.id, 'rejected');
    const [after] = await database.db.select({ n: count() }).from(notification);
    expect(after?.n).toBe(before?.n);
    expect(await sideEffects(app.id)).toEqual({ leases: 0, audits: 1, mails: 1 });
  });

  it('refuses approval when another application for the unit was approved, and changes nothing', async () => {
    const home = await createProperty(database.db);
    const first = await createApplication(database.db, { propertyId: home.id, status: 'under_review' });
    const second = await createApplication(database.db, { propertyId: home.id, status: 'under_review' });
    expect(await moveAsAdmin(first.id, 'approved')).toMatchObject({
      ok: true,
    });
    expect(await moveAsAdmin(second.id, 'approved')).toEqual({
      ok: false,
      reason: 'unit_taken',
      current: 'under_review',
    });
    expect(await statusOf(second.id)).toBe('under_review');
    expect(await sideEffects(second.id)).toEqual({ leases: 0, audits: 0, mails: 0 });
    const [leases] = await database.db.select({ n: count() }).from(lease).where(eq(lease.propertyId, home.id));
    expect(leases?.n).toBe(1);
    // The other application can still be rejected.
    expect(await moveAsAdmin(second.id, 'rejected')).toMatchObject({
      ok: true,
    });
  });

  it('approves the next applicant once the previous tenant’s lease has ended (their application stays leased)', async () => {
    const home = await createProperty(database.db);
    const before = await createApplication(database.db, { propertyId: home.id, status: 'under_review' });
    expect(await moveAsAdmin(before.id, 'approved')).toMatchObject({
      ok: true,
    });
    // Signed, countersigned, lived in, ended: the application is `leased`, the unit free again.
    await database.db.update(application).set({ status: 'leased' }).where(eq(application.id, before.id));
    await database.db
      .update(lease)
      .set({ status: 'ended', startDate: '2025-01-01', endDate: '2025-12-31' })
      .where(eq(lease.applicationId, before.id));
    await database.db.update(property).set({ status: 'available' }).where(eq(property.id, home.id));
    const next = await createApplication(database.db, { propertyId: home.id, status: 'under_review' });
    expect(await moveAsAdmin(next.id, 'approved')).toMatchObject({ ok: true });
    expect(await statusOf(next.id)).toBe('approved');
    expect(await statusOf(before.id)).toBe('leased');
    const leases = await database.db
      .select({ applicationId: lease.applicationId, status: lease.status })
      .from(lease)
      .where(eq(lease.propertyId, home.id));
    expect(leases).toEqual(
      expect.arrayContaining([
        { applicationId: before.id, status: 'ended' },
        { applicationId: next.id, status: 'draft' },
      ]),
    );
  });

  it('refuses approval when the unit is no longer available, or the payment due at application never went through', async () => {
    const closed = await createProperty(database.db, { status: 'maintenance' });
    const app = await createApplication(database.db, { propertyId: closed.id, status: 'under_review' });
    expect(await moveAsAdmin(app.id, 'approved')).toMatchObject({
      ok: false,
      reason: 'unit_unavailable',
    });
    expect(await propertyStatus(closed.id)).toBe('maintenance');

    const home = await createProperty(database.db);
    const unpaid = await createApplication(database.db, {
      propertyId: home.id,
      status: 'under_review',
      paymentMethod: 'card',
      dueNowCents: 5_000,
      paid: false,
    });
    expect(await moveAsAdmin(unpaid.id, 'approved')).toMatchObject({
      ok: false,
      reason: 'unpaid',
    });
    for (const id of [app.id, unpaid.id]) {
      expect(await statusOf(id)).toBe('under_review');
      expect(await sideEffects(id)).toEqual({ leases: 0, audits: 0, mails: 0 });
    }
    expect(await propertyStatus(home.id)).toBe('available');
  });

  it('runs in one transaction: a failure after the lease insert leaves no lease, no audit, no notification, no e-mail', async () => {
    const home = await createProperty(database.db);
    const applicant = await makeViewer('tenant');
    const app = await createApplication(database.db, { propertyId: home.id, status: 'under_review', userId: applicant.id });
    await expect(
      transitionApplication({
        db: database.db,
        actor: admin,
        id: app.id,
        to: 'approved',
        origin,
        faults: {
          beforeCommit: () => {
            throw new Error('crash before commit');
          },
        },
      }),
    ).rejects.toThrow('crash before commit');
    expect(await statusOf(app.id)).toBe('under_review');
    expect(await propertyStatus(home.id)).toBe('available');
    expect(await sideEffects(app.id)).toEqual({ leases: 0, audits: 0, mails: 0 });
    expect(await notificationsOf(applicant.id)).toEqual([]);
    // And the same approval then succeeds.
    expect(await moveAsAdmin(app.id, 'approved')).toMatchObject({ ok: true });
  });

  raceTest('two approvals of different applications for one unit at the same time: exactly one wins', async () => {
    const home = await createProperty(database.db, { managerId: manager.id });
    const a = await createApplication(database.db, { propertyId: home.id, status: 'under_review' });
    const b = await createApplication(database.db, { propertyId: home.id, status: 'under_review' });
    const outcomes = await Promise.all([
      moveAsAdmin(a.id, 'approved'),
      transitionApplication({ db: database.db, actor: manager, id: b.id, to: 'approved', origin }),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual([expect.objectContaining({ ok: false, reason: 'unit_taken' })]);
    const leases = await database.db.select().from(lease).where(eq(lease.propertyId, home.id));
    expect(leases).toHaveLength(1);
    const statuses = [await statusOf(a.id), await statusOf(b.id)].sort();
    expect(statuses).toEqual(['approved', 'under_review']);
  });

  raceTest('the same approval twice at the same time: one lease only', async () => {
    const home = await createProperty(database.db);
    const app = await createApplication(database.db, { propertyId: home.id, status: 'under_review' });
    const outcomes = await Promise.all([1, 2].map(() => moveAsAdmin(app.id, 'approved')));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(await sideEffects(app.id)).toMatchObject({ leases: 1, audits: 1, mails: 1 });
  });

  it('keeps a note up to 1,000 characters and refuses a longer one (422) without changing anything', async () => {
    const { app } = await applicationForNewHome();
    expect(await moveAsAdmin(app.id, 'rejected', 'x'.repeat(REVIEW_NOTE_MAX + 1))).toEqual({ ok: false, reason: 'note_too_long' });
    expect(await statusOf(app.id)).toBe('submitted');
    expect(await moveAsAdmin(app.id, 'rejected', `  ${'y'.repeat(REVIEW_NOTE_MAX)}\r\n `)).toMatchObject({
      ok: true,
    });
    const [mail] = await database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.payload}->>'applicationId' = ${String(app.id)}`);
    expect((mail?.payload as { note: string }).note).toBe('y'.repeat(REVIEW_NOTE_MAX));
  });
});

describe('the applicant', () => {
  it('withdraws their own application while it is submitted or under review', async () => {
    const home = await createProperty(database.db);
    const applicant = await makeViewer('tenant');
    const submitted = await createApplication(database.db, { propertyId: home.id, userId: applicant.id });
    const reviewing = await createApplication(database.db, { propertyId: home.id, userId: applicant.id, status: 'under_review' });
    for (const app of [submitted, reviewing]) {
      expect(await withdrawApplication({ db: database.db, actor: applicant, id: app.id, origin })).toMatchObject({
        ok: true,
        to: 'withdrawn',
      });
      expect(await statusOf(app.id)).toBe('withdrawn');
      expect(await sideEffects(app.id)).toEqual({ leases: 0, audits: 1, mails: 1 });
    }
    const notes = await notificationsOf(applicant.id);
    expect(notes.map((row) => row.title)).toEqual(['Application withdrawn', 'Application withdrawn']);
    // Not twice.
    expect(await withdrawApplication({ db: database.db, actor: applicant, id: submitted.id, origin })).toMatchObject({
      ok: false,
      current: 'withdrawn',
    });
  });

  it('cannot withdraw someone else’s application — not even an admin can — nor an approved one', async () => {
    const home = await createProperty(database.db);
    const owner = await makeViewer('tenant');
    const app = await createApplication(database.db, { propertyId: home.id, userId: owner.id });
    for (const actor of [tenant, admin, manager]) {
      expect(await withdrawApplication({ db: database.db, actor, id: app.id, origin })).toEqual({
        ok: false,
        reason: 'not_found',
      });
    }
    const guest = await createApplication(database.db, { propertyId: home.id, userId: null });
    expect(await withdrawApplication({ db: database.db, actor: tenant, id: guest.id, origin })).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
    expect(await statusOf(app.id)).toBe('submitted');
    expect(await sideEffects(app.id)).toEqual({ leases: 0, audits: 0, mails: 0 });

    const approved = await createApplication(database.db, { propertyId: home.id, userId: owner.id, status: 'approved' });
    expect(await withdrawApplication({ db: database.db, actor: owner, id: approved.id, origin })).toMatchObject({
      ok: false,
      current: 'approved',
    });
  });

  it('lists only their own applications, with amounts, payment state and whether they may withdraw', async () => {
    const home = await createProperty(database.db, { title: 'Corner Studio', titleIt: 'Monolocale d’angolo' });
    const owner = await makeViewer('vendor');
    const open = await createApplication(database.db, {
      propertyId: home.id,
      userId: owner.id,
      paymentMethod: 'card',
      dueNowCents: 5_000,
      paid: true,
    });
    const closed = await createApplication(database.db, { propertyId: home.id, userId: owner.id, status: 'rejected' });
    await createApplication(database.db, { propertyId: home.id, userId: tenant.id });
    const list = await listMyApplications({ db: database.db, actor: owner, lang: 'it' });
    expect(list.map((row) => [row.reference, row.canWithdraw])).toEqual([
      [closed.reference, false],
      [open.reference, true],
    ]);
    expect(list[1]).toMatchObject({
      propertyTitle: 'Monolocale d’angolo',
      paymentState: 'paid',
      monthlyRentCents: 150_000,
      dueAtSigningCents: 305_000,
    });
  });
});

describe('the status e-mail', () => {
  it('is in the applicant’s language, carries the note and escapes HTML', () => {
    const mail = applicationStatusMail({
      applicationId: 1,
      to: 'giulia@example.test',
      locale: 'it',
      firstName: 'Giulia <b>',
      reference: 'DIM-ABCD1234',
      propertyTitle: 'Loft & <Terrazza>',
      status: 'rejected',
      note: '<script>alert(1)</script>',
    });
    expect(mail.to).toBe('giulia@example.test');
    expect(mail.subject).toBe('La tua candidatura DIM-ABCD1234 non è stata approvata');
    expect(mail.text).toContain('Gentile Giulia <b>,');
    expect(mail.text).toContain('Nota del nostro ufficio locazioni: <script>alert(1)</script>');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<Terrazza>');
    expect(mail.html).toContain('&#60;script&#62;');
    const english = applicationStatusMail({
      applicationId: 1,
      to: 'a@example.test',
      locale: 'xx',
      firstName: '',
      reference: 'R',
      propertyTitle: 'P',
      status: 'approved',
      note: null,
    });
    expect(english.subject).toBe('Your application R has been approved');
    expect(english.text.startsWith('Hello,')).toBe(true);
    expect(english.text).not.toContain('Note from');
  });
});
