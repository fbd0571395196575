/**
 * The staff maintenance queue (decision 026): filters, order and keyset pages, the board, a
 * manager's scope (another building's request is a 404, audited), triage with the SLA rule,
 * assignment to insured and uninsured vendors, cancel and close, and the SLA job that flags a
 * breach once and tells staff once.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditLog,
  maintenanceEvent,
  maintenanceRequest,
  notification,
  outbox,
  realtimeEvent,
  vendor,
  workOrder,
  workOrderEvent,
} from '~/server/db/schema';
import { createBuilding, createProperty, createUser, viewerOf } from '../../../tests/setup/factories';
import { answerOf } from '../../../tests/setup/action-result';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { handleRequestAction, loadRequestPage } from './queue.page.server';
import {
  addRequestNote,
  assignMaintenanceRequest,
  cancelMaintenanceRequest,
  closeMaintenanceRequest,
  triageMaintenanceRequest,
} from './queue-commands.server';
import { findMaintenanceBoard, findMaintenanceQueue, findRequestDetail, findVendorChoices } from './queue.server';
import {
  DEFAULT_QUEUE_FILTERS,
  parseQueueFilters,
  QUEUE_CATEGORIES,
  QUEUE_PRIORITIES,
  QUEUE_STATUSES,
  type QueueFilters,
} from './queue.types';
import { runSlaCheck, SLA_BREACH_MAIL_TOPIC } from './sla-jobs.server';
import { slaBreachMail } from './queue-texts.server';
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUSES,
} from '~/features/work-orders/maintenance-request-core.server';

let database: TestDatabase;
const origin = { ip: '192.0.2.12', userAgent: 'vitest' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type Row = Awaited<ReturnType<typeof createUser>>;
let admin: Row;
let managerA: Row;
let managerB: Row;
let tenant: Row;
let buildingA: number;
let buildingB: number;
let unitA: number;
let unitB: number;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createUser(database.db, { role: 'admin' });
  managerA = await createUser(database.db, { role: 'property_manager', locale: 'it' });
  managerB = await createUser(database.db, { role: 'property_manager' });
  tenant = await createUser(database.db, { role: 'tenant', name: 'Tina Tenant' });
  buildingA = (await createBuilding(database.db, { managerId: managerA.id, name: 'Alpha Court', state: 'TX' })).id;
  buildingB = (await createBuilding(database.db, { managerId: managerB.id, name: 'Beta House', state: 'CA' })).id;
  unitA = (await createProperty(database.db, { buildingId: buildingA })).id;
  unitB = (await createProperty(database.db, { buildingId: buildingB })).id;
});
afterAll(async () => {
  await database?.close();
});

async function makeRequest(values: Partial<typeof maintenanceRequest.$inferInsert> = {}) {
  const inA = (values.buildingId ?? buildingA) === buildingA;
  const [row] = await database.db
    .insert(maintenanceRequest)
    .values({
      propertyId: inA ? unitA : unitB,
      buildingId: buildingA,
      tenantId: tenant.id,
      category: 'plumbing',
      priority: 'routine',
      title: 'Leaking tap',
      description: 'The kitchen tap drips.',
      slaDueAt: new Date(Date.now() + 72 * HOUR),
      ...values,
    })
    .returning();
  return row!;
}

async function makeVendor(values: Partial<typeof vendor.$inferInsert> = {}) {
  const account = await createUser(database.db, { role: 'vendor', locale: 'it' });
  const [row] = await database.db
    .insert(vendor)
    .values({
      userId: account.id,
      companyName: 'Ace Plumbing',
      contactName: 'Ada',
      email: `${account.id}@vendors.test`,
      status: 'approved',
      trades: ['plumbing'],
      serviceStates: ['TX'],
      insuranceExpiry: '2099-12-31',
      insuranceVerifiedAt: new Date(),
      ...values,
    })
    .returning();
  return { ...row!, account };
}

const filters = (changes: Partial<QueueFilters> = {}): QueueFilters => ({ ...DEFAULT_QUEUE_FILTERS, ...changes });
const ids = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);

describe('the query string', () => {
  it('reads known values and ignores the rest (never an error)', () => {
    expect(
      parseQueueFilters(new URLSearchParams('building=7&priority=urgent&status=all&category=hvac&age=3&breached=1&sort=sla&view=board')),
    ).toMatchObject({
      buildingId: 7,
      priority: 'urgent',
      status: 'all',
      category: 'hvac',
      age: 3,
      breached: true,
      sort: 'sla',
      view: 'board',
    });
    expect(parseQueueFilters(new URLSearchParams('building=x&priority=low&status=weird&category=magic&age=2&sort=up&after=nope'))).toEqual(
      DEFAULT_QUEUE_FILTERS,
    );
  });

  it('mirrors the database enums', () => {
    expect([...QUEUE_CATEGORIES]).toEqual([...MAINTENANCE_CATEGORIES]);
    expect([...QUEUE_PRIORITIES]).toEqual([...MAINTENANCE_PRIORITIES]);
    expect([...QUEUE_STATUSES]).toEqual([...MAINTENANCE_STATUSES]);
  });
});

describe('the queue', () => {
  let scoped: { old: number; emergency: number; hvac: number; closed: number; breached: number; other: number };
  beforeAll(async () => {
    await database.db.delete(maintenanceRequest);
    const now = Date.now();
    scoped = {
      old: (await makeRequest({ title: 'Old one', createdAt: new Date(now - 10 * DAY), slaDueAt: new Date(now + 5 * HOUR) })).id,
      emergency: (await makeRequest({ priority: 'emergency', createdAt: new Date(now - 2 * HOUR), slaDueAt: new Date(now + 2 * HOUR) })).id,
      hvac: (
        await makeRequest({ category: 'hvac', status: 'triaged', createdAt: new Date(now - 4 * DAY), slaDueAt: new Date(now + 1 * HOUR) })
      ).id,
      closed: (await makeRequest({ status: 'closed', createdAt: new Date(now - 1 * HOUR) })).id,
      breached: (await makeRequest({ createdAt: new Date(now - 2 * DAY), slaBreachedAt: new Date(), slaDueAt: new Date(now - HOUR) })).id,
      other: (await makeRequest({ buildingId: buildingB, createdAt: new Date(now - 3 * HOUR) })).id,
    };
  });

  it('shows open requests newest first by default, every building to an admin', async () => {
    const page = await findMaintenanceQueue({ db: database.db, actor: admin, filters: filters() });
    expect(ids(page)).toEqual([scoped.emergency, scoped.other, scoped.breached, scoped.hvac, scoped.old]);
    expect(page.next).toBeNull();
    expect(page.items[0]).toMatchObject({
      buildingName: 'Alpha Court',
      tenantName: 'Tina Tenant',
      priority: 'emergency',
      status: 'submitted',
      photoCount: 0,
    });
  });

  it('filters by priority, category, status, building, age and breach, and orders by SLA or age', async () => {
    const run = async (changes: Partial<QueueFilters>) =>
      ids(await findMaintenanceQueue({ db: database.db, actor: admin, filters: filters(changes) }));
    expect(await run({ priority: 'emergency' })).toEqual([scoped.emergency]);
    expect(await run({ category: 'hvac' })).toEqual([scoped.hvac]);
    expect(await run({ status: 'closed' })).toEqual([scoped.closed]);
    expect(await run({ status: 'all' })).toHaveLength(6);
    expect(await run({ buildingId: buildingB })).toEqual([scoped.other]);
    expect(await run({ age: 3 })).toEqual([scoped.hvac, scoped.old]);
    expect(await run({ age: 1 })).toEqual([scoped.breached, scoped.hvac, scoped.old]);
    expect(await run({ breached: true })).toEqual([scoped.breached]);
    expect(await run({ sort: 'oldest' })).toEqual([scoped.old, scoped.hvac, scoped.breached, scoped.other, scoped.emergency]);
    expect((await run({ sort: 'sla' }))[0]).toBe(scoped.breached);
    expect(await run({ sort: 'sla' })).toEqual([scoped.breached, scoped.hvac, scoped.emergency, scoped.old, scoped.other]);
  });

  it('a manager sees only the requests of their buildings', async () => {
    const page = await findMaintenanceQueue({ db: database.db, actor: managerB, filters: filters({ status: 'all' }) });
    expect(ids(page)).toEqual([scoped.other]);
    const none = await findMaintenanceQueue({ db: database.db, actor: managerB, filters: filters({ buildingId: buildingA }) });
    expect(none.items).toEqual([]);
    const nobody = await createUser(database.db, { role: 'property_manager' });
    expect((await findMaintenanceQueue({ db: database.db, actor: nobody, filters: filters() })).items).toEqual([]);
    expect((await findMaintenanceQueue({ db: database.db, actor: tenant, filters: filters() })).items).toEqual([]);
  });

  it('the board counts each status and shows its first cards', async () => {
    const board = await findMaintenanceBoard({ db: database.db, actor: admin, filters: filters({ view: 'board' }) });
    const byStatus = Object.fromEntries(board.columns.map((column) => [column.status, column]));
    expect(Object.keys(byStatus)).toEqual(['submitted', 'triaged', 'scheduled', 'in_progress', 'completed']);
    expect(byStatus.submitted).toMatchObject({ count: 4, capped: false });
    expect(byStatus.triaged!.items.map((item) => item.id)).toEqual([scoped.hvac]);
    expect(byStatus.completed).toMatchObject({ count: 0, items: [] });
    const managers = await findMaintenanceBoard({ db: database.db, actor: managerB, filters: filters({ view: 'board' }) });
    expect(managers.columns.find((column) => column.status === 'submitted')).toMatchObject({ count: 1 });
  });
});

describe('keyset pages', () => {
  it('walks 30 requests in pages of 25 in each order, without repeats or gaps', async () => {
    await database.db.delete(maintenanceRequest);
    const base = Date.now() - 40 * DAY;
    const created: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      // Two requests share each instant: the id breaks the tie.
      created.push(
        (
          await makeRequest({
            createdAt: new Date(base + Math.floor(i / 2) * HOUR),
            slaDueAt: new Date(base + (30 - Math.floor(i / 2)) * HOUR),
          })
        ).id,
      );
    }
    for (const sort of ['newest', 'oldest', 'sla'] as const) {
      const first = await findMaintenanceQueue({ db: database.db, actor: admin, filters: filters({ sort }) });
      expect(first.items).toHaveLength(25);
      expect(first.next).not.toBeNull();
      const second = await findMaintenanceQueue({ db: database.db, actor: admin, filters: filters({ sort, after: first.next }) });
      expect(second.next).toBeNull();
      const all = [...ids(first), ...ids(second)];
      expect(new Set(all).size).toBe(30);
      expect([...all].sort((a, b) => a - b)).toEqual(created);
    }
  });
});

describe('the detail page and scope', () => {
  it('a manager gets a 404 for another building’s request, and the refusal is audited', async () => {
    const theirs = await makeRequest({ buildingId: buildingB });
    const context = testContext(database);
    expect(await findRequestDetail({ db: database.db, actor: managerA, requestId: theirs.id })).toBeNull();
    const request = new Request(`http://dimora.test/dashboard/maintenance/${theirs.id}`);
    const thrown = await loadRequestPage({
      request,
      context,
      actor: viewerOf(managerA),
      base: '/dashboard/maintenance',
      requestParam: String(theirs.id),
    }).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 404 } });
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, managerA.id), eq(auditLog.action, 'access_denied'), eq(auditLog.tableName, 'maintenance_request')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.newValues).toMatchObject({ object_id: String(theirs.id), reason: 'not_in_scope' });
    // Nor can they act on it: nothing changes.
    expect(
      await triageMaintenanceRequest({
        db: database.db,
        actor: managerA,
        requestId: theirs.id,
        origin,
        priority: 'urgent',
        category: 'hvac',
      }),
    ).toEqual({ ok: false, reason: 'not_found' });
    const [after] = await database.db.select().from(maintenanceRequest).where(eq(maintenanceRequest.id, theirs.id));
    expect(after).toMatchObject({ status: 'submitted', priority: 'routine', category: 'plumbing', firstResponseAt: null });
    // The request's own manager and an admin see it with its timeline.
    const detail = await findRequestDetail({ db: database.db, actor: managerB, requestId: theirs.id });
    expect(detail).toMatchObject({
      id: theirs.id,
      buildingName: 'Beta House',
      tenant: { name: 'Tina Tenant' },
      timeline: [],
      workOrders: [],
      openWorkOrderId: null,
    });
  });
});

describe('triage', () => {
  it('sets priority and category, moves submitted → triaged, recomputes the SLA only before the first response', async () => {
    const createdAt = new Date(Date.now() - HOUR);
    const request = await makeRequest({ createdAt, slaDueAt: new Date(createdAt.getTime() + 72 * HOUR) });
    expect(
      await triageMaintenanceRequest({
        db: database.db,
        actor: managerA,
        requestId: request.id,
        origin,
        priority: 'urgent',
        category: 'electrical',
      }),
    ).toEqual({ ok: true });
    const [triaged] = await database.db.select().from(maintenanceRequest).where(eq(maintenanceRequest.id, request.id));
    expect(triaged).toMatchObject({ status: 'triaged', priority: 'urgent', category: 'electrical' });
    expect(triaged!.slaDueAt.getTime()).toBe(createdAt.getTime() + 24 * HOUR);
    expect(triaged!.firstResponseAt).not.toBeNull();
    const events = await database.db.select().from(maintenanceEvent).where(eq(maintenanceEvent.requestId, request.id));
    expect(events.map((event) => [event.kind, event.toStatus, event.internal])).toEqual([
      ['triaged', null, true],
      ['status', 'triaged', false],
    ]);
    expect(JSON.parse(events[0]!.body!)).toEqual({
      priority: 'urgent',
      category: 'electrical',
      previous: { priority: 'routine', category: 'plumbing' },
    });
    const jobs = await database.db.select().from(outbox).where(eq(outbox.topic, 'mail.maintenance_status'));
    expect(
      jobs.some(
        (job) =>
          (job.payload as { requestId: number; status: string }).requestId === request.id &&
          (job.payload as { status: string }).status === 'triaged',
      ),
    ).toBe(true);
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'maintenance_request_triaged'), eq(auditLog.userId, managerA.id)));
    expect(audit?.newValues).toMatchObject({ request_id: request.id, priority: 'urgent', previous_priority: 'routine' });

    // Once responded, a new priority leaves the target alone.
    expect(
      await triageMaintenanceRequest({
        db: database.db,
        actor: admin,
        requestId: request.id,
        origin,
        priority: 'emergency',
        category: 'electrical',
      }),
    ).toEqual({ ok: true });
    const [again] = await database.db.select().from(maintenanceRequest).where(eq(maintenanceRequest.id, request.id));
    expect(again).toMatchObject({ status: 'triaged', priority: 'emergency' });
    expect(again!.slaDueAt.getTime()).toBe(createdAt.getTime() + 24 * HOUR);
  });

  it('refuses a finished request (409 with the status in words) and bad input (422), changing nothing', async () => {
    const request = await makeRequest({ status: 'closed' });
    expect(
      await triageMaintenanceRequest({
        db: database.db,
        actor: admin,
        requestId: request.id,
        origin,
        priority: 'urgent',
        category: 'hvac',
      }),
    ).toEqual({ ok: false, reason: 'not_open', current: 'closed' });
    const context = testContext(database);
    const post = (fields: Record<string, string>, id = request.id) =>
      handleRequestAction({
        request: new Request(`http://dimora.test/admin/maintenance/${id}`, { method: 'POST', body: new URLSearchParams(fields) }),
        context,
        actor: viewerOf(admin),
        base: '/admin/maintenance',
        requestParam: String(id),
      }).then(answerOf);
    const closed = await post({ intent: 'triage', priority: 'urgent', category: 'hvac' });
    expect(closed.status).toBe(409);
    expect(closed.body.errors.form).toBe('This request is closed: it can no longer be changed.');
    const open = await makeRequest();
    const bad = await post({ intent: 'triage', priority: 'whenever', category: 'astrology' }, open.id);
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ priority: 'Choose a priority.', category: 'Choose a category.' });
    const empty = await post({ intent: 'cancel', reason: '   ' }, open.id);
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['reason']);
    expect((await post({ intent: 'explode' }, open.id)).status).toBe(400);
    const [unchanged] = await database.db.select().from(maintenanceRequest).where(eq(maintenanceRequest.id, open.id));
    expect(unchanged).toMatchObject({ status: 'submitted', priority: 'routine', category: 'plumbing' });
  });
});

describe('notes and comments', () => {
  it('an internal note reaches nobody; a comment notifies the tenant and is visible to them', async () => {
    const request = await makeRequest();
    const before = await database.db.select().from(notification).where(eq(notification.userId, tenant.id));
    expect(
      await addRequestNote({ db: database.db, actor: admin, requestId: request.id, body: 'Call the plumber first.', internal: true }),
    ).toEqual({ ok: true });
    expect(await database.db.select().from(notification).where(eq(notification.userId, tenant.id))).toHaveLength(before.length);
    expect(
      await addRequestNote({ db: database.db, actor: managerA, requestId: request.id, body: 'We will come on Tuesday.', internal: false }),
    ).toEqual({ ok: true });
    const after = await database.db.select().from(notification).where(eq(notification.userId, tenant.id));
    expect(after).toHaveLength(before.length + 1);
    expect(after.at(-1)).toMatchObject({
      title: 'New message about your maintenance request',
      actionUrl: `/tenant-portal/maintenance/${request.id}`,
    });
    const events = await database.db.select().from(maintenanceEvent).where(eq(maintenanceEvent.requestId, request.id));
    expect(events.map((event) => [event.kind, event.internal, event.body])).toEqual([
      ['comment', true, 'Call the plumber first.'],
      ['comment', false, 'We will come on Tuesday.'],
    ]);
    const live = await database.db.select().from(realtimeEvent).where(eq(realtimeEvent.type, 'maintenance.updated'));
    expect(
      live.some((event) => event.audience === `user:${managerA.id}` && (event.payload as { requestId: number }).requestId === request.id),
    ).toBe(true);
  });
});

describe('assignment', () => {
  it('an insured vendor gets a work order; the request is triaged and answered', async () => {
    const insured = await makeVendor();
    const request = await makeRequest();
    expect(
      await assignMaintenanceRequest({
        db: database.db,
        actor: managerA,
        requestId: request.id,
        origin,
        vendorId: insured.id,
        instructions: 'Bring a washer.',
      }),
    ).toEqual({ ok: true });
    const orders = await database.db.select().from(workOrder).where(eq(workOrder.maintenanceRequestId, request.id));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({
      vendorId: insured.id,
      status: 'offered',
      buildingId: buildingA,
      instructions: 'Bring a washer.',
      assignedBy: managerA.id,
    });
    const [after] = await database.db.select().from(maintenanceRequest).where(eq(maintenanceRequest.id, request.id));
    expect(after).toMatchObject({ status: 'triaged' });
    expect(after!.firstResponseAt).not.toBeNull();
    const [vendorNote] = await database.db.select().from(notification).where(eq(notification.userId, insured.account.id));
    expect(vendorNote).toMatchObject({ title: 'Nuovo ordine di lavoro', actionUrl: `/vendor-portal/work-orders/${orders[0]!.id}` });
    const detail = await findRequestDetail({ db: database.db, actor: admin, requestId: request.id });
    expect(detail?.workOrders).toMatchObject([{ vendorName: 'Ace Plumbing', status: 'offered' }]);
    expect(detail?.openWorkOrderId).toBe(orders[0]!.id);
    expect(detail?.timeline.map((entry) => entry.kind)).toEqual(['assigned', 'status']);
    // A second vendor while the first order is open: refused.
    const other = await makeVendor({ companyName: 'Second Co' });
    expect(await assignMaintenanceRequest({ db: database.db, actor: admin, requestId: request.id, origin, vendorId: other.id })).toEqual({
      ok: false,
      reason: 'already_assigned',
    });
  });

  it('an uninsured vendor is refused through the page with the translated message, and nothing is written', async () => {
    const expired = await makeVendor({ companyName: 'Lapsed Ltd', insuranceExpiry: '2020-01-01' });
    const request = await makeRequest();
    const context = testContext(database);
    const post = (lang: string) =>
      new Request(`http://dimora.test/admin/maintenance/${request.id}`, {
        method: 'POST',
        headers: { 'accept-language': lang },
        body: new URLSearchParams({ intent: 'assign', vendorId: String(expired.id) }),
      });
    const run = async (lang: string) =>
      answerOf(
        await handleRequestAction({
          request: post(lang),
          context,
          actor: viewerOf(admin),
          base: '/admin/maintenance',
          requestParam: String(request.id),
        }),
      );
    const english = await run('en');
    expect(english.status).toBe(422);
    expect(english.body.errors.vendorId).toBe("This vendor's insurance has expired, so it cannot be given new work.");
    const italian = await run('it');
    expect(italian.body.errors.vendorId).toBe("L'assicurazione di questo fornitore è scaduta, quindi non può ricevere nuovi lavori.");
    expect(await database.db.select().from(workOrder).where(eq(workOrder.maintenanceRequestId, request.id))).toEqual([]);
    expect(await database.db.select().from(maintenanceEvent).where(eq(maintenanceEvent.requestId, request.id))).toEqual([]);
    const [after] = await database.db.select().from(maintenanceRequest).where(eq(maintenanceRequest.id, request.id));
    expect(after).toMatchObject({ status: 'submitted', firstResponseAt: null });
    const unverified = await makeVendor({ insuranceVerifiedAt: null });
    expect(
      await assignMaintenanceRequest({ db: database.db, actor: admin, requestId: request.id, origin, vendorId: unverified.id }),
    ).toEqual({ ok: false, reason: 'insurance_unverified' });
  });

  it('the picker lists eligible vendors first, fitting trade and state before others, and says why the rest cannot take work', async () => {
    await database.db.delete(workOrder);
    await database.db.delete(vendor);
    const fits = await makeVendor({ companyName: 'Fits Both' });
    const wrongTrade = await makeVendor({ companyName: 'Aardvark Electric', trades: ['electrical'] });
    const lapsed = await makeVendor({ companyName: 'Lapsed Plumbing', insuranceExpiry: '2020-01-01' });
    const noExpiry = await makeVendor({ companyName: 'No Expiry Given', insuranceExpiry: null, trades: ['electrical'] });
    await makeVendor({ companyName: 'Still Pending', status: 'pending' });
    const choices = await findVendorChoices({ db: database.db, category: 'plumbing', state: 'TX' });
    expect(choices.map((choice) => [choice.id, choice.matchesTrade, choice.ineligible])).toEqual([
      [fits.id, true, null],
      [wrongTrade.id, false, null],
      [lapsed.id, true, 'workOrders.errors.insuranceExpired'],
      [noExpiry.id, false, 'workOrders.errors.insuranceUnverified'],
    ]);
  });
});

describe('cancel and close', () => {
  it('cancelling cancels the open work order too and tells the vendor; close needs a completed request', async () => {
    const insured = await makeVendor({ companyName: 'Cancel Co' });
    const request = await makeRequest();
    await assignMaintenanceRequest({ db: database.db, actor: admin, requestId: request.id, origin, vendorId: insured.id });
    expect(await closeMaintenanceRequest({ db: database.db, actor: admin, requestId: request.id, origin })).toEqual({
      ok: false,
      reason: 'invalid_transition',
      current: 'triaged',
    });
    expect(
      await cancelMaintenanceRequest({ db: database.db, actor: managerA, requestId: request.id, origin, reason: 'The tenant fixed it.' }),
    ).toEqual({ ok: true });
    const [after] = await database.db.select().from(maintenanceRequest).where(eq(maintenanceRequest.id, request.id));
    expect(after).toMatchObject({ status: 'cancelled', cancelReason: 'The tenant fixed it.' });
    const [order] = await database.db.select().from(workOrder).where(eq(workOrder.maintenanceRequestId, request.id));
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'The tenant fixed it.' });
    const history = await database.db.select().from(workOrderEvent).where(eq(workOrderEvent.workOrderId, order!.id));
    expect(history.map((entry) => entry.kind)).toEqual(['offered', 'cancelled']);
    const notes = await database.db.select().from(notification).where(eq(notification.userId, insured.account.id));
    expect(notes.map((note) => note.title)).toEqual(['Nuovo ordine di lavoro', 'Ordine di lavoro annullato']);
    expect(await cancelMaintenanceRequest({ db: database.db, actor: admin, requestId: request.id, origin, reason: 'again' })).toEqual({
      ok: false,
      reason: 'invalid_transition',
      current: 'cancelled',
    });

    const done = await makeRequest({ status: 'completed' });
    expect(await closeMaintenanceRequest({ db: database.db, actor: admin, requestId: done.id, origin, note: 'Checked.' })).toEqual({
      ok: true,
    });
    const [closed] = await database.db.select().from(maintenanceRequest).where(eq(maintenanceRequest.id, done.id));
    expect(closed?.status).toBe('closed');
    expect(closed?.closedAt).not.toBeNull();
  });
});

describe('the SLA job', () => {
  it('is registered with the job runner every five minutes, with its e-mail handler', async () => {
    const { jobHandlers, jobSchedules } = await import('../../../server/jobs');
    expect(jobSchedules).toContainEqual({ name: 'maintenance-sla-check', cron: '*/5 * * * *', topic: 'maintenance.sla_check' });
    expect(Object.keys(jobHandlers)).toEqual(expect.arrayContaining(['maintenance.sla_check', SLA_BREACH_MAIL_TOPIC]));
  });

  beforeEach(async () => {
    await database.db.delete(workOrder);
    await database.db.delete(maintenanceRequest);
    await database.db.delete(notification);
    await database.db.delete(outbox);
  });

  it('flags an unanswered open request past its target once and tells the admins and the manager once', async () => {
    const now = new Date();
    const late = await makeRequest({ title: 'Burst pipe', priority: 'emergency', slaDueAt: new Date(now.getTime() - 10 * 60_000) });
    const answered = await makeRequest({
      slaDueAt: new Date(now.getTime() - HOUR),
      firstResponseAt: new Date(now.getTime() - 2 * HOUR),
      status: 'triaged',
    });
    const closed = await makeRequest({ slaDueAt: new Date(now.getTime() - HOUR), status: 'cancelled' });
    const notYet = await makeRequest({ slaDueAt: new Date(now.getTime() + HOUR) });

    expect(await runSlaCheck({ db: database.db, now, publicUrl: 'http://dimora.test' })).toBe(1);
    const rows = await database.db
      .select()
      .from(maintenanceRequest)
      .where(inArray(maintenanceRequest.id, [late.id, answered.id, closed.id, notYet.id]));
    const flagged = Object.fromEntries(rows.map((row) => [row.id, row.slaBreachedAt?.getTime() ?? null]));
    expect(flagged).toEqual({ [late.id]: now.getTime(), [answered.id]: null, [closed.id]: null, [notYet.id]: null });
    const timeline = await database.db.select().from(maintenanceEvent).where(eq(maintenanceEvent.requestId, late.id));
    expect(timeline.map((event) => [event.kind, event.internal])).toEqual([['sla_breached', true]]);

    const notes = await database.db.select().from(notification);
    const byUser = Object.fromEntries(notes.map((note) => [note.userId, note]));
    expect(byUser[admin.id]).toMatchObject({
      title: 'Response target missed',
      actionUrl: `/admin/maintenance/${late.id}`,
      type: 'warning',
    });
    expect(byUser[admin.id]!.message).toContain('Burst pipe');
    // Manager A reads Italian.
    expect(byUser[managerA.id]).toMatchObject({ title: 'Tempo di risposta superato', actionUrl: `/dashboard/maintenance/${late.id}` });
    expect(byUser[managerB.id]).toBeUndefined();
    expect(byUser[tenant.id]).toBeUndefined();
    const mails = await database.db.select().from(outbox).where(eq(outbox.topic, SLA_BREACH_MAIL_TOPIC));
    expect(mails).toHaveLength(1);
    const payload = mails[0]!.payload as Parameters<typeof slaBreachMail>[0];
    expect(payload).toMatchObject({
      to: managerA.email,
      locale: 'it',
      more: 0,
      requests: [{ id: late.id, title: 'Burst pipe', priority: 'emergency' }],
    });
    const mail = slaBreachMail(payload);
    expect(mail.subject).toBe('Una richiesta di manutenzione ha superato il tempo di risposta');
    expect(mail.text).toContain(`N. ${late.id} Burst pipe — Alpha Court`);
    expect(mail.text).toContain('emergenza');
    expect(mail.text).toContain('http://dimora.test/dashboard/maintenance?breached=1&sort=sla');

    // Again (later run, another instance): nothing new.
    expect(await runSlaCheck({ db: database.db, now: new Date(now.getTime() + 5 * 60_000), publicUrl: 'http://dimora.test' })).toBe(0);
    expect(await database.db.select().from(notification)).toHaveLength(notes.length);
    expect(await database.db.select().from(outbox).where(eq(outbox.topic, SLA_BREACH_MAIL_TOPIC))).toHaveLength(1);
    const [still] = await database.db.select().from(maintenanceRequest).where(eq(maintenanceRequest.id, late.id));
    expect(still?.slaBreachedAt?.getTime()).toBe(now.getTime());

    // The queue shows it under "breached".
    const breached = await findMaintenanceQueue({ db: database.db, actor: managerA, filters: filters({ breached: true }) });
    expect(ids(breached)).toEqual([late.id]);
  });

  it('several breaches at once make one summary notification per person and one e-mail per manager', async () => {
    const now = new Date();
    for (let i = 0; i < 3; i += 1) await makeRequest({ title: `Late ${i}`, slaDueAt: new Date(now.getTime() - (i + 1) * 60_000) });
    await makeRequest({ buildingId: buildingB, title: 'Late B', slaDueAt: new Date(now.getTime() - 60_000) });
    expect(await runSlaCheck({ db: database.db, now, publicUrl: 'http://dimora.test' })).toBe(4);
    const notes = await database.db.select().from(notification);
    const byUser = Object.fromEntries(notes.map((note) => [note.userId, note]));
    expect(notes).toHaveLength(3);
    expect(byUser[admin.id]).toMatchObject({
      title: 'Response targets missed',
      message: '4 maintenance requests have had no response within their target.',
      actionUrl: '/admin/maintenance?breached=1&sort=sla',
    });
    expect(byUser[managerA.id]).toMatchObject({ actionUrl: '/dashboard/maintenance?breached=1&sort=sla' });
    expect(byUser[managerB.id]).toMatchObject({ title: 'Response target missed', message: expect.stringContaining('Late B') });
    const mails = await database.db.select().from(outbox).where(eq(outbox.topic, SLA_BREACH_MAIL_TOPIC));
    expect(mails.map((mail) => (mail.payload as { to: string; requests: unknown[] }).requests.length).sort()).toEqual([1, 3]);
    expect(
      slaBreachMail(
        mails.find((mail) => (mail.payload as { to: string }).to === managerB.email)!.payload as Parameters<typeof slaBreachMail>[0],
      ).subject,
    ).toBe('A maintenance request is past its response target');
  });
});
