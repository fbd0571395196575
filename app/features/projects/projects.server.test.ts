/**
 * Capital projects and bids (decision 029 and 028) against a real database (PGlite, and
 * PostgreSQL with TEST_DATABASE_URL): every status move, the invitation only of eligible vendors,
 * bids before and after the deadline, a vendor who was not invited (404, audited), the award that
 * makes the winner's work order and rejects the others, spend from approved and paid invoices,
 * a manager's scope, documents and bid PDFs through the upload pipeline, and the e-mails.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '~/server/db/client.server';
import { auditLog, bid, document, invoice, notification, outbox, project, projectVendor, vendor, workOrder } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { bodyLimitFor } from '../../../server/app';
import { createBuilding, createUser, viewerOf } from '../../../tests/setup/factories';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { answerOf, settle } from '../../../tests/setup/action-result';
import { findVendorProject, findVendorProjects, submitBid } from './project-bids.server';
import { PROJECT_UPLOAD_MAX_REQUEST_BYTES } from './project-files.server';
import { PROJECT_MAIL_TOPIC, projectMail, type ProjectMailPayload } from './project-mail.server';
import { handleProjectAction, loadProjectPage, projectFileDownload } from './projects.page.server';
import { awardBid, closeBidding, openBidding } from './project-bidding.server';
import { changeProjectStatus, createProject, updateProject } from './project-commands.server';
import { findProjectDetail, findProjects, findVendorChoices } from './project-queries.server';
import { canMoveProject, PROJECT_TRANSITIONS } from './projects.server';
import { bidSchema, inviteSchema, parseUtcDateTime, projectFormSchema, type ProjectFormInput } from './projects.schemas';
import { handleBidAction, loadVendorProjectPage, vendorBidFileDownload } from './vendor-projects.page.server';

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const origin = { ip: '203.0.113.12', userAgent: 'vitest' };
const DAY = 86_400_000;

function isoDay(date: Date, days = 0): string {
  return new Date(date.getTime() + days * DAY).toISOString().slice(0, 10);
}

/** A minimal PDF: enough for the magic bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function multipart(fields: Record<string, string>, file?: { field: string; name: string; type: string; data: Buffer }) {
  const boundary = `----vitest${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function post(path: string, body: BodyInit, contentType: string, language = 'en') {
  return new Request(`http://dimora.test${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': contentType, cookie: `language=${language}` },
  });
}

function formPost(path: string, fields: Record<string, string | string[]>, language = 'en') {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) params.append(name, one);
  return post(path, params, 'application/x-www-form-urlencoded', language);
}

/** An account made by the factories (the admin, the managers). */
type Account = Awaited<ReturnType<typeof createUser>>;

describe(`capital projects and bids (${kind})`, () => {
  let database: TestDatabase;
  let db: Db;
  let context: DimoraLoadContext;
  let admin: Account;
  let managerA: Account;
  let managerB: Account;
  let buildingA: number;
  let buildingB: number;
  let today: string;

  async function createVendor(name: string, overrides: Partial<typeof vendor.$inferInsert> & { account?: boolean; locale?: string } = {}) {
    const { account = true, locale = 'en', ...values } = overrides;
    const owner = account ? await createUser(db, { role: 'vendor', locale }) : null;
    const [row] = await db
      .insert(vendor)
      .values({
        userId: owner?.id ?? null,
        companyName: name,
        contactName: `${name} Contact`,
        email: `${name.toLowerCase().replace(/\W+/g, '.')}@vendors.test`,
        trades: ['roofing'],
        serviceCountries: ['US'],
        serviceStates: ['TX'],
        status: 'approved',
        insuranceExpiry: isoDay(new Date(), 200),
        insuranceVerifiedAt: new Date(),
        ...values,
      })
      .returning();
    return { vendor: row!, user: owner };
  }

  const form = (overrides: Partial<ProjectFormInput> = {}): ProjectFormInput => ({
    buildingId: buildingA,
    name: 'Roof replacement',
    kind: 'roof',
    description: 'Replace the membrane of the main roof.',
    budget: 12_000_000,
    startDate: isoDay(new Date(), 30),
    endDate: isoDay(new Date(), 90),
    ...overrides,
  });

  /** A vendor made by `createVendor`: its row and its account. */
  type TestVendor = Awaited<ReturnType<typeof createVendor>>;

  async function newProject(overrides: Partial<ProjectFormInput> = {}, actor = viewerOf(admin)) {
    const created = await createProject({ db, actor, origin, input: form(overrides) });
    if (!created.ok) throw new Error(`project not created: ${created.reason}`);
    return created.projectId;
  }

  /** The admin invites `input.vendorIds` to bid on `projectId` until `input.deadline`, at `now` (the clock when not given). */
  function inviteBids(projectId: number, input: { vendorIds: number[]; deadline: Date }, now?: Date) {
    return openBidding({ db, actor: viewerOf(admin), origin, projectId, input, now });
  }

  /** The vendor account `bidderId` bids `input` on `projectId` at `now`. */
  function placeBid(bidderId: string, projectId: number, input: { amount: number; timelineDays: number; notes: string }, now: Date) {
    return submitBid({ db, viewer: { id: bidderId }, origin, projectId, input, now });
  }

  async function projectRow(id: number) {
    const [row] = await db.select().from(project).where(eq(project.id, id));
    return row!;
  }

  async function mails(projectId: number, template?: string) {
    const rows = await db.select().from(outbox).where(eq(outbox.topic, PROJECT_MAIL_TOPIC));
    return rows
      .map((row) => row.payload as ProjectMailPayload)
      .filter((payload) => payload.path.endsWith(`/${projectId}`) && (!template || payload.template === template));
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    context = testContext(database, { clientIp: '203.0.113.12' });
    admin = await createUser(db, { role: 'admin' });
    managerA = await createUser(db, { role: 'property_manager', locale: 'it' });
    managerB = await createUser(db, { role: 'property_manager' });
    buildingA = (await createBuilding(db, { name: 'Alder Court', state: 'TX', managerId: managerA.id })).id;
    buildingB = (await createBuilding(db, { name: 'Birch House', state: 'TX', managerId: managerB.id })).id;
    today = isoDay(new Date());
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  describe('the status machine', () => {
    it('allows exactly planned → bidding → awarded → in_progress → completed, and cancelling any open project', () => {
      expect(PROJECT_TRANSITIONS).toEqual({
        planned: ['bidding', 'cancelled'],
        bidding: ['awarded', 'cancelled'],
        awarded: ['in_progress', 'cancelled'],
        in_progress: ['completed', 'cancelled'],
        completed: [],
        cancelled: [],
      });
      expect(canMoveProject('planned', 'awarded')).toBe(false);
      expect(canMoveProject('completed', 'cancelled')).toBe(false);
    });

    it('walks a project through every status, each move audited', async () => {
      const now = new Date();
      const { vendor: winner, user: winnerUser } = await createVendor('Walkthrough Roofing');
      const projectId = await newProject();
      expect((await projectRow(projectId)).status).toBe('planned');

      const opened = await inviteBids(projectId, { vendorIds: [winner.id], deadline: new Date(now.getTime() + DAY) }, now);
      expect(opened).toMatchObject({ ok: true, invited: 1 });
      expect((await projectRow(projectId)).status).toBe('bidding');

      const placed = await placeBid(
        winnerUser!.id,
        projectId,
        { amount: 9_950_000, timelineDays: 30, notes: '' },
        new Date(now.getTime() + 1_000),
      );
      expect(placed).toMatchObject({ ok: true, created: true });

      const later = new Date(now.getTime() + 2 * DAY);
      const [placedBid] = await db.select().from(bid).where(eq(bid.projectId, projectId));
      expect(await awardBid({ db, actor: viewerOf(admin), origin, projectId, bidId: placedBid!.id, now: later })).toMatchObject({
        ok: true,
      });
      expect((await projectRow(projectId)).status).toBe('awarded');

      expect(await changeProjectStatus({ db, actor: viewerOf(admin), origin, projectId, to: 'in_progress' })).toMatchObject({ ok: true });
      // The winner's work order is still open: the project cannot be completed yet.
      expect(await changeProjectStatus({ db, actor: viewerOf(admin), origin, projectId, to: 'completed' })).toEqual({
        ok: false,
        reason: 'open_work_orders',
      });
      expect((await projectRow(projectId)).status).toBe('in_progress');
      await db.update(workOrder).set({ status: 'completed', completedAt: later }).where(eq(workOrder.projectId, projectId));
      expect(await changeProjectStatus({ db, actor: viewerOf(admin), origin, projectId, to: 'completed' })).toMatchObject({ ok: true });
      expect((await projectRow(projectId)).status).toBe('completed');
      // Nothing moves a completed project.
      expect(await changeProjectStatus({ db, actor: viewerOf(admin), origin, projectId, to: 'cancelled' })).toEqual({
        ok: false,
        reason: 'invalid_status',
        status: 'completed',
      });
      expect(await updateProject({ db, actor: viewerOf(admin), origin, projectId, input: form({ name: 'Renamed' }) })).toEqual({
        ok: false,
        reason: 'invalid_status',
        status: 'completed',
      });

      const moves = await db
        .select({ values: auditLog.newValues })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'project_status_changed'), sql`${auditLog.newValues}->>'project_id' = ${String(projectId)}`));
      expect(moves.map((row) => `${(row.values as { from: string }).from}→${(row.values as { to: string }).to}`)).toEqual([
        'planned→bidding',
        'bidding→awarded',
        'awarded→in_progress',
        'in_progress→completed',
      ]);
    });

    it('refuses moves the status does not allow, and cancels a planned project', async () => {
      const projectId = await newProject();
      expect(await changeProjectStatus({ db, actor: viewerOf(admin), origin, projectId, to: 'in_progress' })).toEqual({
        ok: false,
        reason: 'invalid_status',
        status: 'planned',
      });
      expect(await changeProjectStatus({ db, actor: viewerOf(admin), origin, projectId, to: 'completed' })).toEqual({
        ok: false,
        reason: 'invalid_status',
        status: 'planned',
      });
      expect(await closeBidding({ db, actor: viewerOf(admin), origin, projectId })).toEqual({
        ok: false,
        reason: 'invalid_status',
        status: 'planned',
      });
      expect(await changeProjectStatus({ db, actor: viewerOf(admin), origin, projectId, to: 'cancelled' })).toMatchObject({ ok: true });
      expect((await projectRow(projectId)).status).toBe('cancelled');
      expect(await inviteBids(projectId, { vendorIds: [], deadline: new Date(Date.now() + DAY) })).toEqual({
        ok: false,
        reason: 'invalid_status',
        status: 'cancelled',
      });
    });

    it('cancelling while bidding rejects the bids and tells every invited vendor', async () => {
      const now = new Date();
      const { vendor: one, user: oneUser } = await createVendor('Cancel One');
      const { vendor: two } = await createVendor('Cancel Two', { account: false });
      const projectId = await newProject();
      await inviteBids(projectId, { vendorIds: [one.id, two.id], deadline: new Date(now.getTime() + DAY) }, now);
      await placeBid(oneUser!.id, projectId, { amount: 100_000, timelineDays: 10, notes: '' }, now);
      expect(await changeProjectStatus({ db, actor: viewerOf(admin), origin, projectId, to: 'cancelled' })).toMatchObject({ ok: true });
      const bids = await db.select({ status: bid.status }).from(bid).where(eq(bid.projectId, projectId));
      expect(bids).toEqual([{ status: 'rejected' }]);
      expect((await mails(projectId, 'project_cancelled')).map((mail) => mail.to).sort()).toEqual([one.email, two.email].sort());
      const vendorView = await findVendorProject({ db, viewer: { id: oneUser!.id }, projectId });
      expect(vendorView).toMatchObject({ outcome: 'cancelled', open: false });
    });
  });

  describe('creating and editing', () => {
    it('validates the form: dollars to cents, end not before start, a known kind', () => {
      const ok = projectFormSchema.safeParse({
        buildingId: '4',
        name: '  New   roof ',
        kind: 'roof',
        budget: '$125,000.50',
        startDate: '2027-03-01',
        endDate: '2027-04-01',
      });
      expect(ok.success && ok.data).toMatchObject({ buildingId: 4, name: 'New roof', budget: 12_500_050, description: '' });
      const bad = projectFormSchema.safeParse({
        buildingId: 'x',
        name: '',
        kind: 'pool',
        budget: '12.345',
        startDate: '2027-02-30',
        endDate: '2027-01-01',
      });
      expect(bad.success).toBe(false);
      const paths = bad.error!.issues.map((issue) => issue.path[0]);
      expect(new Set(paths)).toEqual(new Set(['buildingId', 'name', 'kind', 'budget', 'startDate']));
      const reversed = projectFormSchema.safeParse({
        buildingId: '4',
        name: 'A',
        kind: 'other',
        budget: '0',
        startDate: '2027-05-01',
        endDate: '2027-04-01',
      });
      expect(reversed.error?.issues).toEqual([expect.objectContaining({ path: ['endDate'], message: 'projects.errors.endBeforeStart' })]);
      expect(bidSchema.safeParse({ amount: '-5', timelineDays: '3' }).success).toBe(false);
      expect(bidSchema.safeParse({ amount: '0', timelineDays: '3' }).success).toBe(false);
      expect(bidSchema.safeParse({ amount: '48,500.00', timelineDays: '0' }).success).toBe(false);
      expect(bidSchema.safeParse({ amount: '48.500,25', timelineDays: '45' }).data).toEqual({
        amount: 4_850_025,
        timelineDays: 45,
        notes: '',
      });
      expect(parseUtcDateTime('2027-03-01T17:30')?.toISOString()).toBe('2027-03-01T17:30:00.000Z');
      expect(parseUtcDateTime('2027-02-30T10:00')).toBeNull();
      expect(inviteSchema.safeParse({ vendorIds: ['1', '1', '2'], deadline: '2027-03-01T10:00' }).data?.vendorIds).toEqual([1, 2]);
    });

    it('a manager creates projects only at their own buildings, and may not move them elsewhere', async () => {
      const created = await createProject({ db, actor: viewerOf(managerA), origin, input: form() });
      expect(created).toMatchObject({ ok: true });
      expect(await createProject({ db, actor: viewerOf(managerA), origin, input: form({ buildingId: buildingB }) })).toEqual({
        ok: false,
        reason: 'building_not_found',
      });
      const projectId = (created as { projectId: number }).projectId;
      expect(await updateProject({ db, actor: viewerOf(managerA), origin, projectId, input: form({ buildingId: buildingB }) })).toEqual({
        ok: false,
        reason: 'building_not_found',
      });
      expect(
        await updateProject({
          db,
          actor: viewerOf(managerA),
          origin,
          projectId,
          input: form({ name: 'Roof and gutters', budget: 15_000_000 }),
        }),
      ).toMatchObject({ ok: true });
      expect(await projectRow(projectId)).toMatchObject({
        name: 'Roof and gutters',
        budgetCents: 15_000_000,
        buildingId: buildingA,
        createdBy: managerA.id,
      });
      const [audit] = await db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.action, 'project_created'), eq(auditLog.userId, managerA.id)));
      expect(audit!.n).toBeGreaterThanOrEqual(1);
    });

    it('the building is locked once vendors were invited', async () => {
      const { vendor: one } = await createVendor('Locked Building Co');
      const projectId = await newProject();
      await inviteBids(projectId, { vendorIds: [one.id], deadline: new Date(Date.now() + DAY) });
      expect(await updateProject({ db, actor: viewerOf(admin), origin, projectId, input: form({ buildingId: buildingB }) })).toEqual({
        ok: false,
        reason: 'building_locked',
        status: 'bidding',
      });
      expect((await projectRow(projectId)).buildingId).toBe(buildingA);
    });
  });

  describe('inviting vendors to bid', () => {
    it('invites only approved vendors with verified, unexpired insurance serving the building state; any refusal changes nothing', async () => {
      const now = new Date();
      const deadline = new Date(now.getTime() + 3 * DAY);
      const { vendor: good } = await createVendor('Good Roofing', { locale: 'it' });
      const { vendor: pending } = await createVendor('Pending Roofing', { status: 'pending' });
      const { vendor: suspended } = await createVendor('Suspended Roofing', { status: 'suspended' });
      const { vendor: unverified } = await createVendor('Unverified Roofing', { insuranceVerifiedAt: null });
      const { vendor: expired } = await createVendor('Expired Roofing', { insuranceExpiry: isoDay(now, -1) });
      const { vendor: faraway } = await createVendor('Faraway Roofing', { serviceStates: ['CA'] });
      const projectId = await newProject();

      const choices = await findVendorChoices({ db, actor: viewerOf(admin), projectId, today });
      const names = choices.map((choice) => choice.companyName);
      expect(names).toContain('Good Roofing');
      for (const refused of ['Pending Roofing', 'Suspended Roofing', 'Unverified Roofing', 'Expired Roofing', 'Faraway Roofing'])
        expect(names).not.toContain(refused);

      const attempts = [
        [pending.id, 'vendor_not_approved', 'Pending Roofing'],
        [suspended.id, 'vendor_not_approved', 'Suspended Roofing'],
        [unverified.id, 'insurance_unverified', 'Unverified Roofing'],
        [expired.id, 'insurance_expired', 'Expired Roofing'],
        [faraway.id, 'vendor_out_of_state', 'Faraway Roofing'],
        [987_654, 'vendor_not_found', undefined],
      ] as const;
      for (const [vendorId, reason, vendorName] of attempts) {
        const outcome = await inviteBids(projectId, { vendorIds: [good.id, vendorId], deadline }, now);
        expect(outcome).toEqual({ ok: false, reason, vendorName });
      }
      expect(await inviteBids(projectId, { vendorIds: [], deadline }, now)).toEqual({
        ok: false,
        reason: 'no_vendors',
      });
      expect(await inviteBids(projectId, { vendorIds: [good.id], deadline: new Date(now.getTime() - 60_000) }, now)).toEqual({
        ok: false,
        reason: 'deadline_past',
      });
      expect(await inviteBids(projectId, { vendorIds: [good.id], deadline: new Date(now.getTime() + 400 * DAY) }, now)).toEqual({
        ok: false,
        reason: 'deadline_too_far',
      });
      // Nothing was written by any refusal.
      expect(await projectRow(projectId)).toMatchObject({ status: 'planned', bidDeadline: null });
      expect(await db.select().from(projectVendor).where(eq(projectVendor.projectId, projectId))).toEqual([]);
      expect(await mails(projectId)).toEqual([]);

      expect(await inviteBids(projectId, { vendorIds: [good.id], deadline }, now)).toEqual({
        ok: true,
        projectId,
        invited: 1,
      });
      expect(await projectRow(projectId)).toMatchObject({ status: 'bidding', bidDeadline: deadline });
      const [invitation] = await mails(projectId, 'bid_invitation');
      // In the vendor account's language, the deadline in UTC.
      expect(invitation).toMatchObject({
        to: good.email,
        locale: 'it',
        name: 'Good Roofing Contact',
        path: `/vendor-portal/projects/${projectId}`,
      });
      expect(invitation!.values.deadline).toMatch(/UTC$/);
      const rendered = projectMail(invitation!, 'http://dimora.test');
      expect(rendered.subject).toBe(`Invito a presentare un'offerta: Roof replacement presso Alder Court`);
      expect(rendered.text).toContain(`http://dimora.test/vendor-portal/projects/${projectId}`);
      expect(rendered.text).toContain('tetto');
      const [notice] = await db
        .select()
        .from(notification)
        .where(and(eq(notification.userId, good.userId!), eq(notification.actionUrl, `/vendor-portal/projects/${projectId}`)));
      expect(notice).toMatchObject({ title: "Invito a presentare un'offerta" });
      // The already invited vendor is no longer offered.
      expect((await findVendorChoices({ db, actor: viewerOf(admin), projectId, today })).map((choice) => choice.id)).not.toContain(good.id);
    });

    it('while bidding, invites more vendors once each and tells those invited before of a new deadline', async () => {
      const now = new Date();
      const { vendor: first } = await createVendor('First Bidder');
      const { vendor: second } = await createVendor('Second Bidder');
      const projectId = await newProject();
      await inviteBids(projectId, { vendorIds: [first.id], deadline: new Date(now.getTime() + DAY) }, now);
      const moved = new Date(now.getTime() + 5 * DAY);
      expect(await inviteBids(projectId, { vendorIds: [first.id, second.id], deadline: moved }, now)).toMatchObject({
        ok: true,
        invited: 1,
      });
      expect((await mails(projectId, 'bid_invitation')).map((mail) => mail.to).sort()).toEqual([first.email, second.email].sort());
      expect((await mails(projectId, 'deadline_changed')).map((mail) => mail.to)).toEqual([first.email]);
      expect((await db.select().from(projectVendor).where(eq(projectVendor.projectId, projectId))).length).toBe(2);
    });
  });

  describe('bidding', () => {
    let projectId: number;
    let deadline: Date;
    let start: Date;
    let bidderA: TestVendor;
    let bidderB: TestVendor;
    let outsider: TestVendor;

    beforeAll(async () => {
      start = new Date();
      deadline = new Date(start.getTime() + 2 * DAY);
      bidderA = await createVendor('Bidder Alpha', { ratingSum: 9, ratingCount: 2 });
      bidderB = await createVendor('Bidder Beta');
      outsider = await createVendor('Outsider Paving');
      projectId = await newProject({ name: 'Parking repaving', kind: 'repaving' }, viewerOf(managerA));
      await openBidding({
        db,
        actor: viewerOf(managerA),
        origin,
        projectId,
        input: { vendorIds: [bidderA.vendor.id, bidderB.vendor.id], deadline },
        now: start,
      });
    });

    it('an invited vendor bids and changes its bid before the deadline; the manager hears of it', async () => {
      const first = await placeBid(bidderA.user!.id, projectId, { amount: 5_000_000, timelineDays: 20, notes: 'Two coats' }, start);
      expect(first).toMatchObject({ ok: true, created: true });
      const changed = await placeBid(
        bidderA.user!.id,
        projectId,
        { amount: 4_800_000, timelineDays: 18, notes: 'Two coats, sealed' },
        new Date(deadline.getTime() - 1),
      );
      expect(changed).toMatchObject({ ok: true, created: false });
      const rows = await db
        .select()
        .from(bid)
        .where(and(eq(bid.projectId, projectId), eq(bid.vendorId, bidderA.vendor.id)));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ amountCents: 4_800_000, timelineDays: 18, notes: 'Two coats, sealed', status: 'submitted' });
      await placeBid(bidderB.user!.id, projectId, { amount: 5_200_000, timelineDays: 12, notes: '' }, start);
      // Manager A reads Italian: the in-app notices are in Italian.
      const notices = await db
        .select({ title: notification.title, url: notification.actionUrl })
        .from(notification)
        .where(eq(notification.userId, managerA.id));
      expect(notices).toEqual(
        expect.arrayContaining([
          { title: 'Nuova offerta', url: `/dashboard/projects/${projectId}?tab=bids` },
          { title: 'Offerta modificata', url: `/dashboard/projects/${projectId}?tab=bids` },
        ]),
      );
    });

    it('a bid at or after the deadline is refused and changes nothing', async () => {
      const before = await db.select().from(bid).where(eq(bid.projectId, projectId));
      for (const now of [deadline, new Date(deadline.getTime() + 60_000)]) {
        expect(await placeBid(bidderA.user!.id, projectId, { amount: 1_000, timelineDays: 1, notes: 'late' }, now)).toEqual({
          ok: false,
          reason: 'bidding_closed',
        });
      }
      expect(await db.select().from(bid).where(eq(bid.projectId, projectId))).toEqual(before);
    });

    it('a vendor that was not invited gets a 404, audited, and cannot bid', async () => {
      expect(await findVendorProject({ db, viewer: { id: outsider.user!.id }, projectId })).toBeNull();
      expect(await placeBid(outsider.user!.id, projectId, { amount: 1_000, timelineDays: 1, notes: '' }, start)).toEqual({
        ok: false,
        reason: 'not_found',
      });
      const viewer = viewerOf({ id: outsider.user!.id, email: outsider.user!.email, role: 'vendor' });
      const page = await settle(() =>
        loadVendorProjectPage({
          request: new Request(`http://dimora.test/vendor-portal/projects/${projectId}`),
          context,
          viewer,
          param: String(projectId),
        }),
      );
      expect(page).toMatchObject({ init: { status: 404 } });
      const action = await settle(() =>
        handleBidAction({
          request: formPost(`/vendor-portal/projects/${projectId}`, { intent: 'bid', amount: '10.00', timelineDays: '1' }),
          context,
          viewer,
          param: String(projectId),
        }),
      );
      expect(action).toMatchObject({ init: { status: 404 } });
      const refusals = await db
        .select({ values: auditLog.newValues })
        .from(auditLog)
        .where(and(eq(auditLog.userId, outsider.user!.id), eq(auditLog.action, 'access_denied'), eq(auditLog.tableName, 'project')));
      expect(refusals).toHaveLength(2);
      expect(refusals[0]!.values).toMatchObject({ object_id: String(projectId), reason: 'not_invited' });
      expect(
        await db
          .select()
          .from(bid)
          .where(and(eq(bid.projectId, projectId), eq(bid.vendorId, outsider.vendor.id))),
      ).toEqual([]);
      // An unknown id is a 404 too, and not worth an audit entry.
      await settle(() =>
        loadVendorProjectPage({
          request: new Request('http://dimora.test/vendor-portal/projects/999999'),
          context,
          viewer,
          param: '999999',
        }),
      );
      const [all] = await db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.userId, outsider.user!.id), eq(auditLog.action, 'access_denied')));
      expect(all!.n).toBe(2);
    });

    it('a vendor sees only its own bid, never a competitor’s nor the budget', async () => {
      const view = await findVendorProject({ db, viewer: { id: bidderB.user!.id }, projectId, now: start });
      expect(view).toMatchObject({ open: true, myBid: { amountCents: 5_200_000, timelineDays: 12 }, outcome: null, streetAddress: null });
      const text = JSON.stringify(view);
      expect(text).not.toContain('4800000');
      expect(text).not.toContain('Bidder Alpha');
      expect(text).not.toContain('budget');
      const list = await findVendorProjects({ db, viewer: { id: bidderB.user!.id }, now: start });
      expect(list.open.map((item) => item.id)).toContain(projectId);
      expect(JSON.stringify(list)).not.toContain('4800000');
    });

    it('the bid form: translated field errors, a refused file type, and a PDF kept as the bid attachment', async () => {
      const viewer = viewerOf({ id: bidderB.user!.id, email: bidderB.user!.email, role: 'vendor' });
      const bad = answerOf(
        await handleBidAction({
          request: formPost(`/vendor-portal/projects/${projectId}`, { intent: 'bid', amount: '12.345', timelineDays: '0' }, 'it'),
          context,
          viewer,
          param: String(projectId),
        }),
      );
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toEqual({
        amount: 'Inserisci un importo in dollari e centesimi, per esempio 125000,00.',
        timelineDays: 'Inserisci un numero intero di giorni da 1 a 3650.',
      });

      /** Posts the bid form with a quote attached, as the vendor's browser does (multipart). */
      const postBidWithQuote = async (fields: Record<string, string>, data: Buffer) => {
        const form = multipart(fields, { field: 'attachment', name: 'quote.pdf', type: 'application/pdf', data });
        const request = post(`/vendor-portal/projects/${projectId}`, form.body, form.contentType);
        return answerOf(await handleBidAction({ request, context, viewer, param: String(projectId) }));
      };
      const refused = await postBidWithQuote(
        { intent: 'bid', amount: '52000.00', timelineDays: '12' },
        Buffer.from('<html>not a pdf</html>'),
      );
      expect(refused.status).toBe(415);
      expect(refused.body.errors.attachment).toContain('not an accepted type');

      const saved = await postBidWithQuote({ intent: 'bid', amount: '51000.00', timelineDays: '12', notes: 'With quote' }, PDF);
      expect(saved.status).toBe(200);
      const [row] = await db
        .select()
        .from(bid)
        .where(and(eq(bid.projectId, projectId), eq(bid.vendorId, bidderB.vendor.id)));
      expect(row).toMatchObject({ amountCents: 5_100_000, notes: 'With quote' });
      const [stored] = await db.select().from(document).where(eq(document.id, row!.attachmentDocumentId!));
      expect(stored).toMatchObject({
        ownerType: 'bid',
        ownerId: String(row!.id),
        mime: 'application/pdf',
        originalName: 'quote.pdf',
        sizeBytes: PDF.length,
      });
      expect(stored!.storageKey).toMatch(/^documents\/[0-9a-f]{2}\/[0-9a-f]{32}\.pdf$/);

      /** The stored quote, as `who` asks for it. */
      const downloadAs = (who: typeof viewer) =>
        vendorBidFileDownload({
          request: new Request('http://dimora.test/'),
          context,
          viewer: who,
          projectParam: String(projectId),
          documentParam: String(stored!.id),
        });
      const download = (await downloadAs(viewer)) as Response;
      expect(download.headers.get('content-type')).toBe('application/pdf');
      expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="quote\.pdf"/);
      expect(download.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
      // Another vendor cannot fetch it, even on a project it bids on.
      const other = viewerOf({ id: bidderA.user!.id, email: bidderA.user!.email, role: 'vendor' });
      expect(await settle(() => downloadAs(other))).toMatchObject({
        init: { status: 404 },
      });
    });

    it('compares the bids for staff: lowest flagged, rating, insurance, attachment', async () => {
      const detail = await findProjectDetail({ db, actor: viewerOf(managerA), projectId, now: start });
      expect(detail?.biddingOpen).toBe(true);
      expect(detail!.bids.map((row) => [row.companyName, row.amountCents, row.lowest])).toEqual([
        ['Bidder Alpha', 4_800_000, true],
        ['Bidder Beta', 5_100_000, false],
      ]);
      expect(detail!.bids[0]).toMatchObject({
        rating: 4.5,
        ratingCount: 2,
        insurance: { problem: null, verified: true, expiringSoon: false },
      });
      expect(detail!.bids[1]!.attachment).toMatchObject({ name: 'quote.pdf' });
      expect(detail!.invited.map((entry) => entry.companyName)).toEqual(['Bidder Alpha', 'Bidder Beta']);
    });

    it('award: refused while bidding is open, then after closing early the winner gets the work order and the others are rejected', async () => {
      const [alphaBid] = await db
        .select()
        .from(bid)
        .where(and(eq(bid.projectId, projectId), eq(bid.vendorId, bidderA.vendor.id)));
      expect(await awardBid({ db, actor: viewerOf(managerA), origin, projectId, bidId: alphaBid!.id, now: start })).toEqual({
        ok: false,
        reason: 'bidding_open',
      });
      expect(await db.select().from(workOrder).where(eq(workOrder.projectId, projectId))).toEqual([]);

      const closedAt = new Date(start.getTime() + 60_000);
      expect(await closeBidding({ db, actor: viewerOf(managerA), origin, projectId, now: closedAt })).toMatchObject({ ok: true });
      expect((await projectRow(projectId)).bidDeadline).toEqual(closedAt);
      expect(await closeBidding({ db, actor: viewerOf(managerA), origin, projectId, now: closedAt })).toEqual({
        ok: false,
        reason: 'already_closed',
      });
      // Frozen at once: a change a second later is refused.
      expect(
        await placeBid(bidderB.user!.id, projectId, { amount: 100, timelineDays: 1, notes: '' }, new Date(closedAt.getTime() + 1_000)),
      ).toEqual({
        ok: false,
        reason: 'bidding_closed',
      });
      // Manager B may not award manager A's project.
      expect(await awardBid({ db, actor: viewerOf(managerB), origin, projectId, bidId: alphaBid!.id, now: closedAt })).toEqual({
        ok: false,
        reason: 'not_found',
      });
      expect(await awardBid({ db, actor: viewerOf(managerA), origin, projectId, bidId: 999_999, now: closedAt })).toEqual({
        ok: false,
        reason: 'bid_not_found',
      });

      const awarded = await awardBid({ db, actor: viewerOf(managerA), origin, projectId, bidId: alphaBid!.id, now: closedAt });
      expect(awarded).toMatchObject({ ok: true, projectId });
      const orders = await db.select().from(workOrder).where(eq(workOrder.projectId, projectId));
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        id: (awarded as { workOrderId: number }).workOrderId,
        vendorId: bidderA.vendor.id,
        buildingId: buildingA,
        status: 'offered',
        assignedBy: managerA.id,
        maintenanceRequestId: null,
      });
      const statuses = await db.select({ vendorId: bid.vendorId, status: bid.status }).from(bid).where(eq(bid.projectId, projectId));
      expect(Object.fromEntries(statuses.map((row) => [row.vendorId, row.status]))).toEqual({
        [bidderA.vendor.id]: 'awarded',
        [bidderB.vendor.id]: 'rejected',
      });
      expect((await projectRow(projectId)).status).toBe('awarded');
      expect((await mails(projectId, 'bid_awarded')).map((mail) => mail.to)).toEqual([bidderA.vendor.email]);
      expect((await mails(projectId, 'bid_not_awarded')).map((mail) => mail.to)).toEqual([bidderB.vendor.email]);
      const [offered] = await db
        .select({ n: count() })
        .from(outbox)
        .where(eq(outbox.dedupeKey, `work-order-offered:${orders[0]!.id}`));
      expect(offered!.n).toBe(1);
      // The vendors see the outcome; the winner now sees the street address.
      expect(await findVendorProject({ db, viewer: { id: bidderA.user!.id }, projectId })).toMatchObject({
        outcome: 'awarded',
        streetAddress: expect.stringContaining('Test Street'),
      });
      expect(await findVendorProject({ db, viewer: { id: bidderB.user!.id }, projectId })).toMatchObject({
        outcome: 'not_awarded',
        streetAddress: null,
      });
      // A second award is refused.
      expect(await awardBid({ db, actor: viewerOf(managerA), origin, projectId, bidId: alphaBid!.id, now: closedAt })).toEqual({
        ok: false,
        reason: 'invalid_status',
        status: 'awarded',
      });
    });
  });

  it('award is refused with 422 when the winner is no longer insured, and nothing changes', async () => {
    const now = new Date();
    const lapsing = await createVendor('Lapsing Insurance Co');
    const projectId = await newProject();
    await inviteBids(projectId, { vendorIds: [lapsing.vendor.id], deadline: new Date(now.getTime() + DAY) }, now);
    await placeBid(lapsing.user!.id, projectId, { amount: 700_000, timelineDays: 5, notes: '' }, now);
    // Closed now, so the action (which reads the clock) finds bidding over.
    await closeBidding({ db, actor: viewerOf(admin), origin, projectId });
    await db
      .update(vendor)
      .set({ insuranceExpiry: isoDay(now, -2) })
      .where(eq(vendor.id, lapsing.vendor.id));
    const [placed] = await db.select().from(bid).where(eq(bid.projectId, projectId));

    const result = answerOf(
      await handleProjectAction({
        request: formPost(`/admin/projects/${projectId}`, { intent: 'award', bidId: String(placed!.id) }),
        context,
        actor: viewerOf(admin),
        base: '/admin/projects',
        param: String(projectId),
      }),
    );
    expect(result.status).toBe(422);
    expect(result.body.errors).toEqual({
      form: "Lapsing Insurance Co: This vendor's insurance has expired, so it cannot be given new work.",
    });
    expect(await db.select().from(workOrder).where(eq(workOrder.projectId, projectId))).toEqual([]);
    expect((await db.select({ status: bid.status }).from(bid).where(eq(bid.id, placed!.id)))[0]!.status).toBe('submitted');
    expect((await projectRow(projectId)).status).toBe('bidding');
    expect(await mails(projectId, 'bid_awarded')).toEqual([]);
  });

  it('spend is the sum of the approved and paid invoices of the project’s work orders, in the list and the detail', async () => {
    const now = new Date();
    const builder = await createVendor('Spend Builders');
    const projectId = await newProject({ name: 'Lobby renovation', kind: 'renovation', budget: 1_000_000 });
    await inviteBids(projectId, { vendorIds: [builder.vendor.id], deadline: new Date(now.getTime() + DAY) }, now);
    await placeBid(builder.user!.id, projectId, { amount: 900_000, timelineDays: 10, notes: '' }, now);
    await closeBidding({ db, actor: viewerOf(admin), origin, projectId, now: new Date(now.getTime() + 1_000) });
    const [placed] = await db.select().from(bid).where(eq(bid.projectId, projectId));
    const awarded = await awardBid({
      db,
      actor: viewerOf(admin),
      origin,
      projectId,
      bidId: placed!.id,
      now: new Date(now.getTime() + 2_000),
    });
    const workOrderId = (awarded as { workOrderId: number }).workOrderId;
    const invoiceOf = (number: string, status: 'submitted' | 'approved' | 'rejected' | 'paid', subtotal: number, tax: number) => ({
      workOrderId,
      vendorId: builder.vendor.id,
      number,
      status,
      subtotalCents: subtotal,
      taxCents: tax,
      totalCents: subtotal + tax,
    });
    await db
      .insert(invoice)
      .values([
        invoiceOf('S-1', 'approved', 400_000, 33_000),
        invoiceOf('S-2', 'paid', 500_000, 41_250),
        invoiceOf('S-3', 'submitted', 90_000, 0),
        invoiceOf('S-4', 'rejected', 80_000, 0),
      ]);

    const detail = await findProjectDetail({ db, actor: viewerOf(admin), projectId });
    expect(detail!.spendCents).toBe(974_250);
    expect(detail!.workOrders).toEqual([
      expect.objectContaining({ id: workOrderId, vendorName: 'Spend Builders', invoicedCents: 974_250 }),
    ]);
    const list = await findProjects({ db, actor: viewerOf(admin), filters: { status: 'awarded', buildingId: buildingA, after: null } });
    expect(list.items.find((item) => item.id === projectId)).toMatchObject({
      budgetCents: 1_000_000,
      spendCents: 974_250,
      bidCount: 1,
      invitedCount: 1,
    });
    // Nothing is stored: approving another invoice moves the spend at once.
    await db
      .update(invoice)
      .set({ status: 'approved' })
      .where(and(eq(invoice.workOrderId, workOrderId), eq(invoice.number, 'S-3')));
    expect((await findProjectDetail({ db, actor: viewerOf(admin), projectId }))!.spendCents).toBe(1_064_250);
  });

  describe('a property manager’s scope', () => {
    it('lists, reads and changes only the projects of their buildings; another’s is a 404, audited', async () => {
      const mine = await newProject({ name: 'Manager A boiler', kind: 'hvac' }, viewerOf(managerA));
      const theirs = await newProject({ name: 'Manager B facade', kind: 'exterior', buildingId: buildingB }, viewerOf(managerB));
      const listA = await findProjects({ db, actor: viewerOf(managerA), filters: { status: null, buildingId: null, after: null } });
      expect(listA.items.map((item) => item.id)).toContain(mine);
      expect(listA.items.map((item) => item.id)).not.toContain(theirs);
      expect(listA.items.every((item) => item.buildingId === buildingA)).toBe(true);
      const adminList = await findProjects({ db, actor: viewerOf(admin), filters: { status: null, buildingId: null, after: null } });
      expect(adminList.items.map((item) => item.id)).toEqual(expect.arrayContaining([mine, theirs]));
      // Tenants and vendors get nothing.
      expect(
        (await findProjects({ db, actor: { id: 'nobody', role: 'vendor' }, filters: { status: null, buildingId: null, after: null } }))
          .items,
      ).toEqual([]);

      expect(await findProjectDetail({ db, actor: viewerOf(managerA), projectId: theirs })).toBeNull();
      expect(
        await updateProject({ db, actor: viewerOf(managerA), origin, projectId: theirs, input: form({ buildingId: buildingB }) }),
      ).toEqual({ ok: false, reason: 'not_found' });
      expect(await changeProjectStatus({ db, actor: viewerOf(managerA), origin, projectId: theirs, to: 'cancelled' })).toEqual({
        ok: false,
        reason: 'not_found',
      });
      expect((await projectRow(theirs)).status).toBe('planned');

      const viewer = viewerOf(managerA);
      const page = await settle(() =>
        loadProjectPage({
          request: new Request(`http://dimora.test/dashboard/projects/${theirs}`),
          context,
          actor: viewer,
          base: '/dashboard/projects',
          param: String(theirs),
        }),
      );
      expect(page).toMatchObject({ init: { status: 404 } });
      const action = await settle(() =>
        handleProjectAction({
          request: formPost(`/dashboard/projects/${theirs}`, { intent: 'status', to: 'cancelled' }),
          context,
          actor: viewer,
          base: '/dashboard/projects',
          param: String(theirs),
        }),
      );
      expect(action).toMatchObject({ init: { status: 404 } });
      const refusals = await db
        .select({ values: auditLog.newValues })
        .from(auditLog)
        .where(and(eq(auditLog.userId, managerA.id), eq(auditLog.action, 'access_denied'), eq(auditLog.tableName, 'project')));
      expect(refusals.map((row) => (row.values as { object_id: string }).object_id)).toEqual([String(theirs), String(theirs)]);
      expect((await projectRow(theirs)).status).toBe('planned');

      const own = (await loadProjectPage({
        request: new Request(`http://dimora.test/dashboard/projects/${mine}?tab=bids`),
        context,
        actor: viewer,
        base: '/dashboard/projects',
        param: String(mine),
      })) as {
        detail: { name: string };
        tab: string;
      };
      expect(own).toMatchObject({ detail: { name: 'Manager A boiler' }, tab: 'bids' });
    });
  });

  describe('the staff page commands', () => {
    it('answers translated 422s for bad input and 409 for a step the status does not allow', async () => {
      const projectId = await newProject();
      const actor = viewerOf(admin);
      const run = (fields: Record<string, string | string[]>, language = 'en') =>
        handleProjectAction({
          request: formPost(`/admin/projects/${projectId}`, fields, language),
          context,
          actor,
          base: '/admin/projects',
          param: String(projectId),
        }).then(answerOf);
      const badEdit = await run({ intent: 'update', buildingId: String(buildingA), name: '', kind: 'roof', budget: 'abc' });
      expect(badEdit.status).toBe(422);
      expect(badEdit.body.errors).toMatchObject({ budget: 'Enter an amount in dollars and cents, for example 125000.00.' });
      const past = await run({ intent: 'invite', vendorId: ['1'], deadline: '2020-01-01T10:00' }, 'it');
      expect(past.status).toBe(422);
      expect(past.body.errors).toEqual({ deadline: 'La scadenza deve essere nel futuro.' });
      const none = await run({ intent: 'invite', deadline: new Date(Date.now() + DAY).toISOString().slice(0, 16) });
      expect(none.body.errors).toEqual({ vendorIds: 'Choose at least one vendor to invite.' });
      const early = await run({ intent: 'status', to: 'completed' });
      expect(early.status).toBe(409);
      expect(early.body.errors.form).toBe('This cannot be done while the project is Planned.');
      expect((await run({ intent: 'launch-rockets' })).status).toBe(400);
      expect((await run({ intent: 'status', to: 'planned' })).status).toBe(400);
      expect((await projectRow(projectId)).status).toBe('planned');
    });

    it('documents: a PDF or photo is stored and downloaded as an attachment; anything else is refused', async () => {
      const projectId = await newProject({ name: 'Documented project' });
      const actor = viewerOf(admin);
      const upload = (file: { name: string; type: string; data: Buffer }) => {
        const body = multipart({ intent: 'upload-document' }, { field: 'file', ...file });
        return handleProjectAction({
          request: post(`/admin/projects/${projectId}`, body.body, body.contentType),
          context,
          actor,
          base: '/admin/projects',
          param: String(projectId),
        }).then(answerOf);
      };
      const html = await upload({ name: 'scope.pdf', type: 'application/pdf', data: Buffer.from('<script>alert(1)</script>') });
      expect(html.status).toBe(415);
      const empty = await upload({ name: 'empty.pdf', type: 'application/pdf', data: Buffer.alloc(0) });
      expect(empty.status).toBe(422);
      expect(
        await db
          .select()
          .from(document)
          .where(and(eq(document.ownerType, 'project'), eq(document.ownerId, String(projectId)))),
      ).toEqual([]);

      const ok = await upload({ name: 'Scope of work.pdf', type: 'application/pdf', data: PDF });
      expect(ok.status).toBe(200);
      const [doc] = await db
        .select()
        .from(document)
        .where(and(eq(document.ownerType, 'project'), eq(document.ownerId, String(projectId))));
      expect(doc).toMatchObject({
        kind: 'attachment',
        mime: 'application/pdf',
        originalName: 'Scope of work.pdf',
        url: `/admin/projects/${projectId}/files/${doc!.id}`,
      });
      const response = (await projectFileDownload({
        request: new Request('http://dimora.test/'),
        context,
        actor,
        projectParam: String(projectId),
        documentParam: String(doc!.id),
      })) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="Scope of work.pdf"; filename*=UTF-8''Scope%20of%20work.pdf`,
      );
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      // Manager B may not download manager A's document.
      expect(
        await settle(() =>
          projectFileDownload({
            request: new Request('http://dimora.test/'),
            context,
            actor: viewerOf(managerB),
            projectParam: String(projectId),
            documentParam: String(doc!.id),
          }),
        ),
      ).toMatchObject({ init: { status: 404 } });

      const deleted = await handleProjectAction({
        request: formPost(`/admin/projects/${projectId}`, { intent: 'delete-document', documentId: String(doc!.id) }),
        context,
        actor,
        base: '/admin/projects',
        param: String(projectId),
      }).then(answerOf);
      expect(deleted.status).toBe(200);
      expect(await db.select().from(document).where(eq(document.id, doc!.id))).toEqual([]);
      expect(await context.storage.get(doc!.storageKey)).toBeNull();
    });

    it('the server lets a project file through its body limit', () => {
      for (const path of ['/admin/projects/12', '/dashboard/projects/12.data', '/vendor-portal/projects/12'])
        expect(bodyLimitFor(path)).toBeGreaterThanOrEqual(PROJECT_UPLOAD_MAX_REQUEST_BYTES);
      expect(bodyLimitFor('/admin/projects')).toBe(1_000_000);
    });
  });

  it('renders every project e-mail in English and Italian', () => {
    const templates = ['bid_invitation', 'deadline_changed', 'bid_awarded', 'bid_not_awarded', 'project_cancelled'] as const;
    for (const template of templates) {
      for (const locale of ['en', 'it']) {
        const mail = projectMail(
          {
            template,
            to: 'v@vendors.test',
            locale,
            name: 'Vera',
            path: '/vendor-portal/projects/3',
            values: {
              project: 'Roof <b>',
              building: 'Alder Court',
              city: 'Austin',
              company: 'Acme',
              kind: 'roof',
              description: '',
              deadline: 'x',
              amount: '$1.00',
              days: '3',
            },
          },
          'https://dimora.example',
        );
        expect(mail.subject).not.toContain('{{');
        expect(mail.text).toContain('https://dimora.example/vendor-portal/projects/3');
        expect(mail.html).toContain('Roof &#60;b&#62;');
        expect(mail.text.startsWith(locale === 'it' ? 'Buongiorno Vera,' : 'Hello Vera,')).toBe(true);
      }
    }
  });
});
