/**
 * The vendor's work orders (decision 029): every transition, the request status it
 * causes and who is told; another vendor's work order is a 404, audited; moves the life cycle
 * forbids are 409s; the list is the vendor's own, filtered and paged.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  document,
  maintenanceEvent,
  maintenanceRequest,
  notification,
  outbox,
  realtimeEvent,
  workOrder,
  workOrderEvent,
  workOrderStatus,
} from '~/server/db/schema';
import type { StoredPhoto } from '~/server/uploads/receive-photos.server';
import {
  acceptWorkOrder,
  addWorkOrderNote,
  completeWorkOrder,
  countVendorWorkOrders,
  declineWorkOrder,
  findVendorBuildings,
  findVendorWorkOrderDetail,
  findVendorWorkOrders,
  scheduleWorkOrder,
  startWorkOrder,
} from './vendor-work-orders.server';
import { scheduleSchema } from './vendor-response.schemas';
import { NO_VENDOR_FILTERS, parseVendorWorkOrderQuery } from './work-order-lists.schemas';
import { WORK_ORDER_STATUS_VALUES } from './work-orders.schemas';
import { ORIGIN, useWorkOrderScene } from '../../../tests/setup/work-orders';

const { database, scene } = useWorkOrderScene();

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();

async function statusOf(id: number) {
  const [row] = await database.db.select({ status: workOrder.status }).from(workOrder).where(eq(workOrder.id, id));
  return row?.status;
}

async function requestStatusOf(id: number) {
  const [row] = await database.db
    .select({ status: maintenanceRequest.status })
    .from(maintenanceRequest)
    .where(eq(maintenanceRequest.id, id));
  return row?.status;
}

async function tenantJobs(requestId: number) {
  const rows = await database.db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.topic, 'mail.maintenance_status'));
  return rows
    .map((row) => row.payload as { requestId: number; status: string; scheduledFor?: string | null })
    .filter((payload) => payload.requestId === requestId);
}

function photo(name: string): StoredPhoto {
  return {
    key: `photos/ab/${name}-1200.webp`,
    url: `/media/photos/ab/${name}-1200.webp`,
    keys: [`photos/ab/${name}-1200.webp`],
    mime: 'image/jpeg',
    sizeBytes: 1234,
    sha256: 'a'.repeat(64),
    width: 1200,
    height: 900,
    originalName: `${name}.jpg`,
  };
}

describe('the schemas', () => {
  it('name the statuses of the database enum', () => {
    expect([...WORK_ORDER_STATUS_VALUES]).toEqual([...workOrderStatus.enumValues]);
  });

  it('read a visit time typed in UTC and refuse the past, the far future and non-dates', () => {
    const now = new Date('2026-11-26T10:00:00Z');
    const schema = scheduleSchema(now);
    expect(schema.parse({ scheduledFor: '2026-11-27T09:30' })).toEqual({ scheduledFor: '2026-11-27T09:30:00.000Z' });
    const messages = (value: string) => (schema.safeParse({ scheduledFor: value }).error?.issues ?? []).map((issue) => issue.message);
    expect(messages('2026-11-25T09:30')).toEqual(['workOrders.errors.schedulePast']);
    expect(messages('2028-01-01T09:30')).toEqual(['workOrders.errors.scheduleTooFar']);
    expect(messages('2026-02-30T09:30')).toEqual(['workOrders.errors.scheduleInvalid']);
    expect(messages('tomorrow')).toEqual(['workOrders.errors.scheduleInvalid']);
  });

  it('keep good filters and name the bad ones', () => {
    const parsed = parseVendorWorkOrderQuery(new URLSearchParams('status=nope&city=Austin&building=abc'));
    expect(parsed.ok).toBe(false);
    expect(parsed.filters).toEqual({ status: null, buildingId: null, city: 'Austin', q: '' });
  });
});

describe('a vendor moves its work order through its life cycle', () => {
  it('accepts, schedules (the tenant is told of the visit), reschedules, starts, notes with photos and completes', async () => {
    const { workOrderId, requestId } = await scene.offer({ requestStatus: 'triaged' });
    const vendorViewer = scene.vendorA.viewer;

    const accepted = await acceptWorkOrder({ db: database.db, viewer: vendorViewer, origin: ORIGIN, workOrderId });
    expect(accepted).toEqual({ ok: true, workOrderId, status: 'accepted' });
    expect(await requestStatusOf(requestId)).toBe('triaged');
    const [afterAccept] = await database.db.select().from(workOrder).where(eq(workOrder.id, workOrderId));
    expect(afterAccept!.acceptedAt).toBeInstanceOf(Date);

    const visit = inAWeek();
    const scheduled = await scheduleWorkOrder({ db: database.db, viewer: vendorViewer, origin: ORIGIN, workOrderId, scheduledFor: visit });
    expect(scheduled).toMatchObject({ ok: true, status: 'scheduled' });
    expect(await requestStatusOf(requestId)).toBe('scheduled');
    expect((await tenantJobs(requestId)).map((job) => [job.status, job.scheduledFor])).toEqual([['scheduled', visit]]);

    const later = new Date(Date.now() + 8 * 86_400_000).toISOString();
    expect(
      await scheduleWorkOrder({ db: database.db, viewer: vendorViewer, origin: ORIGIN, workOrderId, scheduledFor: later }),
    ).toMatchObject({ ok: true, status: 'scheduled' });
    expect((await tenantJobs(requestId)).map((job) => job.scheduledFor)).toEqual([visit, later]);
    const timeline = await database.db
      .select({ kind: maintenanceEvent.kind })
      .from(maintenanceEvent)
      .where(eq(maintenanceEvent.requestId, requestId));
    expect(timeline.map((row) => row.kind)).toEqual(['status', 'scheduled']);

    expect(await startWorkOrder({ db: database.db, viewer: vendorViewer, origin: ORIGIN, workOrderId })).toMatchObject({
      ok: true,
      status: 'in_progress',
    });
    expect(await requestStatusOf(requestId)).toBe('in_progress');

    const noted = await addWorkOrderNote({
      db: database.db,
      viewer: vendorViewer,
      origin: ORIGIN,
      workOrderId,
      note: 'Pipe corroded',
      phase: 'before',
      photos: [photo('before-1')],
    });
    expect(noted).toMatchObject({ ok: true, status: 'in_progress' });

    const completed = await completeWorkOrder({
      db: database.db,
      viewer: vendorViewer,
      origin: ORIGIN,
      workOrderId,
      notes: 'Replaced the trap',
      photos: [photo('after-1'), photo('after-2')],
    });
    expect(completed).toMatchObject({ ok: true, status: 'completed' });
    expect(await requestStatusOf(requestId)).toBe('completed');
    const [done] = await database.db.select().from(workOrder).where(eq(workOrder.id, workOrderId));
    expect(done).toMatchObject({ status: 'completed', completionNotes: 'Replaced the trap' });
    expect(done!.completedAt).toBeInstanceOf(Date);
    expect(done!.startedAt).toBeInstanceOf(Date);
    expect((await tenantJobs(requestId)).map((job) => job.status)).toEqual(['scheduled', 'scheduled', 'in_progress', 'completed']);

    const history = await database.db
      .select()
      .from(workOrderEvent)
      .where(eq(workOrderEvent.workOrderId, workOrderId))
      .orderBy(workOrderEvent.id);
    expect(history.map((row) => [row.kind, row.toStatus, row.photoPhase, row.photoUrls.length])).toEqual([
      ['offered', 'offered', null, 0],
      ['status', 'accepted', null, 0],
      ['status', 'scheduled', null, 0],
      ['status', 'scheduled', null, 0],
      ['status', 'in_progress', null, 0],
      ['note', null, 'before', 1],
      ['status', 'completed', 'after', 2],
    ]);
    const photos = await database.db
      .select()
      .from(document)
      .where(and(eq(document.ownerType, 'work_order'), eq(document.ownerId, String(workOrderId))));
    expect(photos.map((row) => row.kind)).toEqual(['photo', 'photo', 'photo']);

    // Live: every change reached the vendor, the admins and the building's manager.
    const live = await database.db
      .select({ audience: realtimeEvent.audience, payload: realtimeEvent.payload })
      .from(realtimeEvent)
      .where(eq(realtimeEvent.type, 'work_order.updated'));
    const mine = live.filter((row) => (row.payload as { workOrderId: number }).workOrderId === workOrderId);
    expect(new Set(mine.map((row) => row.audience))).toEqual(
      new Set(['role:admin', `user:${scene.vendorA.userId}`, `user:${scene.manager.id}`]),
    );
    expect(mine.filter((row) => row.audience === 'role:admin').map((row) => (row.payload as { status: string }).status)).toEqual([
      'offered',
      'accepted',
      'scheduled',
      'scheduled',
      'in_progress',
      'in_progress',
      'completed',
    ]);
    const audits = await database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'work_order_status_changed'), eq(auditLog.userId, scene.vendorA.userId)));
    expect(audits[0]!.n).toBeGreaterThanOrEqual(6);

    const detail = await findVendorWorkOrderDetail({ db: database.db, viewer: vendorViewer, workOrderId });
    expect(detail).toMatchObject({
      status: 'completed',
      invoiceable: true,
      place: { address: expect.stringContaining('Test Street'), city: 'Austin' },
    });
    expect(detail!.request).toMatchObject({
      permissionToEnter: true,
      entryWindows: [{ date: '2026-12-01', from: '09:00', to: '12:00' }],
      entryNotes: 'Dog in the bedroom',
      photoUrls: ['/media/photos/aa/leak-1200.webp'],
    });
  });

  it('declines with a reason: the request goes back to triaged and staff are told', async () => {
    const { workOrderId, requestId } = await scene.offer({ requestStatus: 'submitted' });
    const before = await database.db
      .select({ n: count() })
      .from(notification)
      .where(inArray(notification.userId, [scene.admin.id, scene.manager.id]));
    const declined = await declineWorkOrder({
      db: database.db,
      viewer: scene.vendorA.viewer,
      origin: ORIGIN,
      workOrderId,
      reason: 'No plumber free this week',
    });
    expect(declined).toMatchObject({ ok: true, status: 'declined' });
    const [row] = await database.db.select().from(workOrder).where(eq(workOrder.id, workOrderId));
    expect(row).toMatchObject({ status: 'declined', declineReason: 'No plumber free this week' });
    expect(await requestStatusOf(requestId)).toBe('triaged');
    // An internal step: the tenant is not told that a vendor said no.
    expect(await tenantJobs(requestId)).toEqual([]);
    const after = await database.db
      .select({ n: count() })
      .from(notification)
      .where(inArray(notification.userId, [scene.admin.id, scene.manager.id]));
    expect(after[0]!.n - before[0]!.n).toBe(2);
    const adminNotes = await database.db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, scene.admin.id), eq(notification.actionUrl, `/admin/assignments/${workOrderId}`)));
    expect(adminNotes.map((note) => note.message)).toEqual([expect.stringContaining('No plumber free this week')]);
    const staffNotes = await database.db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, scene.manager.id), eq(notification.actionUrl, `/dashboard/assignments/${workOrderId}`)));
    expect(staffNotes.map((note) => note.title)).toEqual([`Work order #${workOrderId} declined`]);
    const mails = await database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.dedupeKey, `work-order-mail:declined:${workOrderId}:staff:${scene.manager.id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.payload).toMatchObject({
      template: 'declined',
      to: scene.manager.email,
      values: { reason: 'No plumber free this week' },
    });
  });

  it('refuses moves the life cycle forbids with 409 and changes nothing', async () => {
    const { workOrderId } = await scene.offer({ requestStatus: 'triaged' });
    const viewer = scene.vendorA.viewer;
    expect(await startWorkOrder({ db: database.db, viewer, origin: ORIGIN, workOrderId })).toEqual({
      ok: false,
      reason: 'invalid_transition',
      current: 'offered',
    });
    expect(await completeWorkOrder({ db: database.db, viewer, origin: ORIGIN, workOrderId, notes: 'x' })).toEqual({
      ok: false,
      reason: 'invalid_transition',
      current: 'offered',
    });
    expect(await scheduleWorkOrder({ db: database.db, viewer, origin: ORIGIN, workOrderId, scheduledFor: inAWeek() })).toEqual({
      ok: false,
      reason: 'invalid_transition',
      current: 'offered',
    });
    expect(await addWorkOrderNote({ db: database.db, viewer, origin: ORIGIN, workOrderId, note: 'hello' })).toEqual({
      ok: false,
      reason: 'invalid_transition',
      current: 'offered',
    });
    await acceptWorkOrder({ db: database.db, viewer, origin: ORIGIN, workOrderId });
    expect(await acceptWorkOrder({ db: database.db, viewer, origin: ORIGIN, workOrderId })).toEqual({
      ok: false,
      reason: 'invalid_transition',
      current: 'accepted',
    });
    expect(await declineWorkOrder({ db: database.db, viewer, origin: ORIGIN, workOrderId, reason: 'late' })).toEqual({
      ok: false,
      reason: 'invalid_transition',
      current: 'accepted',
    });
    expect(await addWorkOrderNote({ db: database.db, viewer, origin: ORIGIN, workOrderId, note: '   ' })).toEqual({
      ok: false,
      reason: 'empty_note',
    });
    expect(await statusOf(workOrderId)).toBe('accepted');
    const history = await database.db.select({ n: count() }).from(workOrderEvent).where(eq(workOrderEvent.workOrderId, workOrderId));
    expect(history[0]!.n).toBe(2);
  });

  it('refuses to schedule work whose request was cancelled', async () => {
    const { workOrderId, requestId } = await scene.offer({ requestStatus: 'triaged' });
    await acceptWorkOrder({ db: database.db, viewer: scene.vendorA.viewer, origin: ORIGIN, workOrderId });
    await database.db.update(maintenanceRequest).set({ status: 'cancelled' }).where(eq(maintenanceRequest.id, requestId));
    expect(
      await scheduleWorkOrder({ db: database.db, viewer: scene.vendorA.viewer, origin: ORIGIN, workOrderId, scheduledFor: inAWeek() }),
    ).toEqual({ ok: false, reason: 'request_closed', current: 'accepted' });
    expect(await statusOf(workOrderId)).toBe('accepted');
  });
});

describe('a vendor sees only its own work orders', () => {
  it("another vendor's work order is not found, and the refusal is audited; an unknown id is not", async () => {
    const { workOrderId } = await scene.offer({ requestStatus: 'triaged' });
    const intruder = scene.vendorB.viewer;
    const auditsBefore = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, intruder.id), eq(auditLog.action, 'access_denied')));
    expect(await findVendorWorkOrderDetail({ db: database.db, viewer: intruder, workOrderId })).toBeNull();
    for (const attempt of [
      () => acceptWorkOrder({ db: database.db, viewer: intruder, origin: ORIGIN, workOrderId }),
      () => declineWorkOrder({ db: database.db, viewer: intruder, origin: ORIGIN, workOrderId, reason: 'mine now' }),
      () => addWorkOrderNote({ db: database.db, viewer: intruder, origin: ORIGIN, workOrderId, note: 'hi' }),
    ]) {
      expect(await attempt()).toEqual({ ok: false, reason: 'not_found' });
    }
    expect(await statusOf(workOrderId)).toBe('offered');
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, intruder.id), eq(auditLog.action, 'access_denied')));
    expect(audits.length - auditsBefore.length).toBe(3);
    expect(audits.at(-1)).toMatchObject({
      tableName: 'work_order',
      newValues: expect.objectContaining({ object_id: String(workOrderId), reason: 'not_your_work_order' }),
    });

    expect(await acceptWorkOrder({ db: database.db, viewer: intruder, origin: ORIGIN, workOrderId: 999_999 })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    const unchanged = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, intruder.id), eq(auditLog.action, 'access_denied')));
    expect(unchanged).toHaveLength(audits.length);
  });

  it('lists its own work orders only, with filters, pages and counts', async () => {
    const viewer = scene.vendorB.viewer;
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1)
      ids.push((await scene.offer({ requestStatus: 'triaged', vendor: scene.vendorB, title: `Broken heater ${i}` })).workOrderId);
    const other = await scene.offer({ requestStatus: 'triaged', vendor: scene.vendorB, title: 'Dripping tap', city: 'Denver' });
    await acceptWorkOrder({ db: database.db, viewer, origin: ORIGIN, workOrderId: other.workOrderId });

    const all = await findVendorWorkOrders({ db: database.db, viewer, filters: NO_VENDOR_FILTERS });
    expect(all.items.map((item) => item.id)).toEqual([other.workOrderId, ...[...ids].reverse()]);
    expect(all.items[0]).toMatchObject({
      title: 'Dripping tap',
      status: 'accepted',
      city: 'Denver',
      address: expect.stringContaining('Test Street'),
    });

    const firstPage = await findVendorWorkOrders({ db: database.db, viewer, filters: NO_VENDOR_FILTERS, limit: 2 });
    expect(firstPage.items).toHaveLength(2);
    const cursor = parseVendorWorkOrderQuery(new URLSearchParams({ cursor: firstPage.nextCursor! })).cursor;
    const secondPage = await findVendorWorkOrders({ db: database.db, viewer, filters: NO_VENDOR_FILTERS, cursor, limit: 2 });
    expect([...firstPage.items, ...secondPage.items].map((item) => item.id)).toEqual(all.items.map((item) => item.id));
    expect(secondPage.nextCursor).toBeNull();

    const byStatus = await findVendorWorkOrders({ db: database.db, viewer, filters: { ...NO_VENDOR_FILTERS, status: 'accepted' } });
    expect(byStatus.items.map((item) => item.id)).toEqual([other.workOrderId]);
    const byCity = await findVendorWorkOrders({ db: database.db, viewer, filters: { ...NO_VENDOR_FILTERS, city: 'denver' } });
    expect(byCity.items.map((item) => item.id)).toEqual([other.workOrderId]);
    const byText = await findVendorWorkOrders({ db: database.db, viewer, filters: { ...NO_VENDOR_FILTERS, q: 'heater 1' } });
    expect(byText.items.map((item) => item.id)).toEqual([ids[1]]);
    const byNumber = await findVendorWorkOrders({ db: database.db, viewer, filters: { ...NO_VENDOR_FILTERS, q: `#${ids[2]}` } });
    expect(byNumber.items.map((item) => item.id)).toEqual([ids[2]]);
    const buildings = await findVendorBuildings({ db: database.db, viewer });
    expect(buildings.map((row) => row.city).sort()).toEqual(['Austin', 'Austin', 'Austin', 'Denver']);
    const byBuilding = await findVendorWorkOrders({
      db: database.db,
      viewer,
      filters: { ...NO_VENDOR_FILTERS, buildingId: buildings.find((row) => row.city === 'Denver')!.id },
    });
    expect(byBuilding.items.map((item) => item.id)).toEqual([other.workOrderId]);

    const overview = await countVendorWorkOrders({ db: database.db, viewer });
    expect(overview.counts).toMatchObject({ offered: 3, accepted: 1, scheduled: 0, in_progress: 0, completed: 0 });
    // Vendor A's work orders never show in B's list.
    const aIds = (await database.db.select({ id: workOrder.id }).from(workOrder).where(eq(workOrder.vendorId, scene.vendorA.vendorId))).map(
      (row) => row.id,
    );
    expect(all.items.some((item) => aIds.includes(item.id))).toBe(false);
  });

  it('a signed-in user without a vendor record (an admin) sees nothing', async () => {
    expect(
      await findVendorWorkOrders({ db: database.db, viewer: { id: scene.admin.id, role: 'admin' }, filters: NO_VENDOR_FILTERS }),
    ).toEqual({ items: [], nextCursor: null });
  });
});
