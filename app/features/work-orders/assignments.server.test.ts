/**
 * The staff assignments (decision 029): every work order with filters, scoped to a
 * manager's buildings; cancel; reassign in one transaction — to an uninsured vendor it is refused
 * and nothing changes. Plus the vendor's "new work order" e-mail (the `mail.work_order_offered`
 * job) in the vendor's language.
 */
import { and, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, maintenanceRequest, notification, outbox, workOrder, workOrderEvent } from '~/server/db/schema';
import { createTestVendor, ORIGIN, useWorkOrderScene, type Scene } from '../../../tests/setup/work-orders';
import {
  cancelWorkOrder,
  findAssignmentDetail,
  findAssignments,
  findVendorChoices,
  reassignWorkOrder,
  staffRefusalKey,
} from './assignments.server';
import { acceptWorkOrder, scheduleWorkOrder } from './vendor-work-orders.server';
import { workOrderJobHandlers, workOrderOfferedMail } from './work-order-mail.server';
import { NO_ASSIGNMENT_FILTERS } from './work-order-lists.schemas';

const { database, scene } = useWorkOrderScene();

/** `staff` (admin or manager of the scene) gives `workOrderId` to `vendorId`, saying `reason`. */
function reassignAs(staff: Scene['admin'], workOrderId: number, vendorId: number, reason: string) {
  return reassignWorkOrder({ db: database.db, actor: staff.viewer, origin: ORIGIN, workOrderId, vendorId, reason });
}

async function snapshot() {
  const [orders] = await database.db.select({ n: count() }).from(workOrder);
  const [jobs] = await database.db.select({ n: count() }).from(outbox);
  const [notes] = await database.db.select({ n: count() }).from(notification);
  const [events] = await database.db.select({ n: count() }).from(workOrderEvent);
  return { orders: orders!.n, jobs: jobs!.n, notes: notes!.n, events: events!.n };
}

describe('the assignments list', () => {
  it('shows an admin every work order and a manager only those of their buildings, with each filter', async () => {
    const mine = await scene.offer({ title: 'Mine, overdue', dueAt: new Date(Date.now() - 3_600_000) });
    const elsewhere = await scene.offer({ title: 'Elsewhere', managerId: scene.otherManager.id, vendor: scene.vendorB });
    const accepted = await scene.offer({ title: 'Accepted one' });
    await acceptWorkOrder({ db: database.db, viewer: scene.vendorA.viewer, origin: ORIGIN, workOrderId: accepted.workOrderId });

    const all = await findAssignments({ db: database.db, actor: scene.admin.viewer, filters: NO_ASSIGNMENT_FILTERS });
    expect(all.items.map((item) => item.id)).toEqual(
      expect.arrayContaining([mine.workOrderId, elsewhere.workOrderId, accepted.workOrderId]),
    );
    const managed = await findAssignments({ db: database.db, actor: scene.manager.viewer, filters: NO_ASSIGNMENT_FILTERS });
    expect(managed.items.map((item) => item.id)).not.toContain(elsewhere.workOrderId);
    expect(managed.items.map((item) => item.id)).toContain(mine.workOrderId);
    expect(await findAssignments({ db: database.db, actor: scene.vendorA.viewer, filters: NO_ASSIGNMENT_FILTERS })).toEqual({
      items: [],
      nextCursor: null,
    });

    const byStatus = await findAssignments({
      db: database.db,
      actor: scene.admin.viewer,
      filters: { ...NO_ASSIGNMENT_FILTERS, status: 'accepted' },
    });
    expect(byStatus.items.map((item) => item.id)).toEqual([accepted.workOrderId]);
    const byVendor = await findAssignments({
      db: database.db,
      actor: scene.admin.viewer,
      filters: { ...NO_ASSIGNMENT_FILTERS, vendorId: scene.vendorB.vendorId },
    });
    expect(byVendor.items.map((item) => item.id)).toEqual([elsewhere.workOrderId]);
    const byBuilding = await findAssignments({
      db: database.db,
      actor: scene.admin.viewer,
      filters: { ...NO_ASSIGNMENT_FILTERS, buildingId: mine.buildingId },
    });
    expect(byBuilding.items.map((item) => item.id)).toEqual([mine.workOrderId]);
    const overdue = await findAssignments({
      db: database.db,
      actor: scene.admin.viewer,
      filters: { ...NO_ASSIGNMENT_FILTERS, overdue: true },
    });
    expect(overdue.items.map((item) => item.id)).toEqual([mine.workOrderId]);
    expect(overdue.items[0]).toMatchObject({ overdue: true, title: 'Mine, overdue', vendorName: expect.any(String), priority: 'urgent' });

    // A visit whose time has passed without a start is overdue too.
    await scheduleWorkOrder({
      db: database.db,
      viewer: scene.vendorA.viewer,
      origin: ORIGIN,
      workOrderId: accepted.workOrderId,
      scheduledFor: new Date(Date.now() + 60_000).toISOString(),
    });
    await database.db
      .update(workOrder)
      .set({ scheduledFor: sql`now() - interval '1 hour'` })
      .where(eq(workOrder.id, accepted.workOrderId));
    const late = await findAssignments({
      db: database.db,
      actor: scene.manager.viewer,
      filters: { ...NO_ASSIGNMENT_FILTERS, overdue: true },
    });
    expect(late.items.map((item) => item.id)).toEqual([accepted.workOrderId, mine.workOrderId]);

    const page = await findAssignments({ db: database.db, actor: scene.admin.viewer, filters: NO_ASSIGNMENT_FILTERS, limit: 2 });
    expect(page.items).toHaveLength(2);
    expect(page.nextCursor).toMatch(/Z_\d+$/);
  });

  it('a work order outside the manager’s buildings is not found', async () => {
    const elsewhere = await scene.offer({ managerId: scene.otherManager.id });
    expect(await findAssignmentDetail({ db: database.db, actor: scene.manager.viewer, workOrderId: elsewhere.workOrderId })).toBeNull();
    const detail = await findAssignmentDetail({ db: database.db, actor: scene.otherManager.viewer, workOrderId: elsewhere.workOrderId });
    expect(detail).toMatchObject({
      id: elsewhere.workOrderId,
      open: true,
      vendor: { id: scene.vendorA.vendorId },
      requestId: elsewhere.requestId,
    });
  });

  it('offers the vendors with whether each may get new work', async () => {
    const expired = await createTestVendor(database.db, { companyName: 'Aaa Expired Co', insuranceExpiry: '2020-01-01' });
    const choices = await findVendorChoices({ db: database.db, actor: scene.admin.viewer });
    expect(choices.find((choice) => choice.id === expired.vendorId)).toEqual({
      id: expired.vendorId,
      companyName: 'Aaa Expired Co',
      eligible: false,
    });
    expect(choices.find((choice) => choice.id === scene.vendorB.vendorId)?.eligible).toBe(true);
  });
});

describe('cancel and reassign', () => {
  it('reassigning to an uninsured vendor is refused with a translated reason, and nothing changes', async () => {
    const { workOrderId } = await scene.offer();
    const uninsured = await createTestVendor(database.db, { insuranceExpiry: '2021-12-31' });
    const unverified = await createTestVendor(database.db, { insuranceVerifiedAt: null });
    const before = await snapshot();
    const refused = await reassignAs(scene.admin, workOrderId, uninsured.vendorId, 'Faster vendor');
    expect(refused).toEqual({ ok: false, reason: 'insurance_expired' });
    expect(staffRefusalKey('insurance_expired')).toBe('workOrders.errors.insuranceExpired');
    expect(await reassignAs(scene.admin, workOrderId, unverified.vendorId, 'x')).toEqual({ ok: false, reason: 'insurance_unverified' });
    expect(await reassignAs(scene.admin, workOrderId, scene.vendorA.vendorId, 'x')).toEqual({ ok: false, reason: 'same_vendor' });
    expect(await snapshot()).toEqual(before);
    const [row] = await database.db
      .select({ status: workOrder.status, cancelReason: workOrder.cancelReason })
      .from(workOrder)
      .where(eq(workOrder.id, workOrderId));
    expect(row).toEqual({ status: 'offered', cancelReason: null });
  });

  it('reassigns in one go: the old order cancelled (its vendor told), a new one offered to the other vendor', async () => {
    const { workOrderId, requestId } = await scene.offer({ dueAt: new Date(Date.now() + 86_400_000) });
    await acceptWorkOrder({ db: database.db, viewer: scene.vendorA.viewer, origin: ORIGIN, workOrderId });
    await scheduleWorkOrder({
      db: database.db,
      viewer: scene.vendorA.viewer,
      origin: ORIGIN,
      workOrderId,
      scheduledFor: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    const outcome = await reassignAs(scene.manager, workOrderId, scene.vendorB.vendorId, 'Vendor A is ill');
    expect(outcome.ok).toBe(true);
    const newId = outcome.ok ? outcome.workOrderId : 0;
    const [old] = await database.db.select().from(workOrder).where(eq(workOrder.id, workOrderId));
    expect(old).toMatchObject({ status: 'cancelled', cancelReason: 'Vendor A is ill' });
    const [fresh] = await database.db.select().from(workOrder).where(eq(workOrder.id, newId));
    expect(fresh).toMatchObject({
      status: 'offered',
      vendorId: scene.vendorB.vendorId,
      maintenanceRequestId: requestId,
      dueAt: old!.dueAt,
    });
    // The visit planned with A is off: the request steps back to triaged.
    const [request] = await database.db
      .select({ status: maintenanceRequest.status })
      .from(maintenanceRequest)
      .where(eq(maintenanceRequest.id, requestId));
    expect(request!.status).toBe('triaged');
    const toA = await database.db
      .select({ title: notification.title })
      .from(notification)
      .where(eq(notification.userId, scene.vendorA.userId));
    expect(toA.map((note) => note.title)).toContain(`Work order #${workOrderId} cancelled`);
    const toB = await database.db
      .select({ title: notification.title, actionUrl: notification.actionUrl })
      .from(notification)
      .where(eq(notification.userId, scene.vendorB.userId));
    expect(toB).toContainEqual({ title: 'New work order', actionUrl: `/vendor-portal/work-orders/${newId}` });
    expect(
      await database.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `work-order-offered:${newId}`)),
    ).toHaveLength(1);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'work_order_reassigned'));
    expect(audit!.newValues).toMatchObject({ work_order_id: workOrderId, new_work_order_id: newId, to_vendor_id: scene.vendorB.vendorId });
  });

  it('cancels an open work order; a finished one is refused; another manager gets a 404 (audited)', async () => {
    const { workOrderId } = await scene.offer();
    const outsider = scene.otherManager.viewer;
    expect(await cancelWorkOrder({ db: database.db, actor: outsider, origin: ORIGIN, workOrderId, reason: 'Not mine' })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    const refusals = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, outsider.id), eq(auditLog.action, 'access_denied'), eq(auditLog.tableName, 'work_order')));
    expect(refusals.map((row) => (row.newValues as { object_id: string }).object_id)).toContain(String(workOrderId));
    expect(
      await cancelWorkOrder({ db: database.db, actor: scene.admin.viewer, origin: ORIGIN, workOrderId, reason: 'Tenant fixed it' }),
    ).toEqual({ ok: true, workOrderId });
    const [row] = await database.db.select().from(workOrder).where(eq(workOrder.id, workOrderId));
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'Tenant fixed it' });
    expect(await cancelWorkOrder({ db: database.db, actor: scene.admin.viewer, origin: ORIGIN, workOrderId, reason: 'again' })).toEqual({
      ok: false,
      reason: 'invalid_transition',
      current: 'cancelled',
    });
  });
});

describe('the "new work order" e-mail', () => {
  it('goes to the vendor account in its language, and not at all once the offer is gone', async () => {
    const italian = await createTestVendor(database.db, { companyName: 'Idraulica Rossi' }, 'it');
    const { workOrderId } = await scene.offer({ vendor: italian, title: 'Perdita in cucina' });
    const mail = await workOrderOfferedMail(database.db, { workOrderId, vendorId: italian.vendorId }, 'https://dimora.example');
    expect(mail).toMatchObject({ to: italian.email, subject: `Nuovo ordine di lavoro n. ${workOrderId}: Perdita in cucina` });
    expect(mail!.text).toContain('Priorità: urgente.');
    expect(mail!.text).toContain(`https://dimora.example/vendor-portal/work-orders/${workOrderId}`);

    const sent: { to: string; subject: string }[] = [];
    const mailer = { kind: 'mailbox' as const, send: async (message: { to: string; subject: string }) => void sent.push(message) };
    const context = { db: database.db, mailer, logger: console, publicUrl: 'http://x.test', markDone: async () => undefined } as never;
    await workOrderJobHandlers['mail.work_order_offered']!(
      { id: 1, topic: 'mail.work_order_offered', payload: { workOrderId, vendorId: italian.vendorId }, attempts: 1 },
      context,
    );
    expect(sent.map((message) => message.to)).toEqual([italian.email]);

    await cancelWorkOrder({ db: database.db, actor: scene.admin.viewer, origin: ORIGIN, workOrderId, reason: 'Duplicate' });
    expect(await workOrderOfferedMail(database.db, { workOrderId, vendorId: italian.vendorId }, 'https://dimora.example')).toBeNull();
    const [cancelled] = await database.db
      .select({ payload: outbox.payload })
      .from(outbox)
      .where(eq(outbox.dedupeKey, `work-order-mail:cancelled:${workOrderId}:vendor:${italian.vendorId}`));
    expect(cancelled?.payload).toMatchObject({ template: 'cancelled', locale: 'it' });
    await workOrderJobHandlers['mail.work_order']!({ id: 2, topic: 'mail.work_order', payload: cancelled!.payload, attempts: 1 }, context);
    expect(sent.at(-1)).toMatchObject({ to: italian.email, subject: `L'ordine di lavoro n. ${workOrderId} è stato annullato` });
  });
});
