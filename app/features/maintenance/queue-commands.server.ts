/**
 * What staff do to a maintenance request from the queue (decision 026): triage (priority and
 * category, → triaged), an internal note or a comment to the tenant, assignment to a vendor (a
 * work order through `createWorkOrder`, which enforces the insurance rule), cancel and close.
 * Each command takes the acting user, checks their scope itself (admin: any request; property
 * manager: their buildings' — anything else is `not_found`, like an unknown id), runs in one
 * transaction with the request locked, and writes its timeline entry, its audit entry and a live
 * `maintenance.updated` event. The first triage or assignment is the staff's first response
 * (`first_response_at`, which stops the SLA clock). Refusals change nothing and come back as
 * reason codes; the page maps them to statuses and translated messages.
 */
import { isStaffActor } from '~/lib/access';
import { utcToday } from '~/lib/dates';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  canMoveMaintenance,
  moveMaintenanceRequest,
  OPEN_MAINTENANCE_STATUSES,
  type MaintenanceCategory,
  type MaintenancePriority,
  publishMaintenanceUpdated,
  type MaintenanceStatus,
} from '~/features/work-orders/maintenance-request-core.server';
import {
  createWorkOrder,
  OPEN_WORK_ORDER_STATUSES,
  publishWorkOrderUpdate,
  type VendorIneligibility,
} from '~/features/work-orders/work-order-core.server';
import { recordAuditEvent, type AuditAction, type RequestOrigin } from '~/server/audit.server';
import type { Db } from '~/server/db/client.server';
import { building, maintenanceEvent, maintenanceRequest, property, user, vendor, workOrder, workOrderEvent } from '~/server/db/schema';
import { insertNotifications } from '~/server/notifications/notify.server';
import { queueScope, type QueueActor } from './queue.server';
import { excerpt, queueNotification } from './queue-texts.server';
import { readSlaTargets, slaDueAt } from './sla.server';

export type QueueRefusal = 'not_found' | 'not_open' | 'invalid_transition' | 'already_assigned' | 'target_not_found' | VendorIneligibility;

export type QueueCommandOutcome = { ok: true } | { ok: false; reason: QueueRefusal; current?: MaintenanceStatus };

type CommandArgs = { db: Db; actor: QueueActor; requestId: number; origin: RequestOrigin };

const r = maintenanceRequest;

/** A refusal that rolls the transaction back (nothing written), carried out of it. */
class Refused extends Error {
  constructor(readonly outcome: Extract<QueueCommandOutcome, { ok: false }>) {
    super(outcome.reason);
  }
}

/** Runs `work` in a transaction; a `Refused` thrown inside answers its outcome with everything rolled back. */
async function inTransaction(db: Db, work: (tx: Db) => Promise<void>): Promise<QueueCommandOutcome> {
  try {
    await db.transaction(async (tx) => work(tx));
    return { ok: true };
  } catch (error) {
    if (error instanceof Refused) return error.outcome;
    throw error;
  }
}

/** The request `requestId` locked for update, if `actor` may work it; else a `not_found` refusal. */
async function lockScopedRequest(tx: Db, actor: QueueActor, requestId: number) {
  if (!isStaffActor(actor)) throw new Refused({ ok: false, reason: 'not_found' });
  const scope = await queueScope(tx, actor);
  if (scope === null) throw new Refused({ ok: false, reason: 'not_found' });
  const [row] = await tx
    .select({
      id: r.id,
      status: r.status,
      priority: r.priority,
      category: r.category,
      title: r.title,
      createdAt: r.createdAt,
      firstResponseAt: r.firstResponseAt,
      tenantId: r.tenantId,
      buildingId: r.buildingId,
      propertyId: r.propertyId,
    })
    .from(r)
    .where(and(eq(r.id, requestId), scope))
    .for('update');
  if (!row) throw new Refused({ ok: false, reason: 'not_found' });
  return row;
}

type ScopedRequest = Awaited<ReturnType<typeof lockScopedRequest>>;

/** The audit entry a command answers for `onScopedRequest` to record. */
type CommandAudit = { action: AuditAction; tableName: 'maintenance_request' | 'work_order'; values: Record<string, unknown> };

/**
 * Runs `work` in one transaction on request `requestId`, locked if `actor` may work it, then
 * records the audit entry `work` answers. A refusal (`Refused`) rolls everything back and answers
 * its outcome; a request outside the actor's scope is `not_found`.
 */
function onScopedRequest(
  { db, actor, requestId, origin }: CommandArgs,
  work: (tx: Db, request: ScopedRequest) => Promise<CommandAudit>,
): Promise<QueueCommandOutcome> {
  return inTransaction(db, async (tx) => {
    const request = await lockScopedRequest(tx, actor, requestId);
    const audit = await work(tx, request);
    await recordAuditEvent({ db: tx, userId: actor.id, origin, ...audit });
  });
}

function isOpen(status: MaintenanceStatus): boolean {
  return (OPEN_MAINTENANCE_STATUSES as readonly MaintenanceStatus[]).includes(status);
}

/** Moves `requestId` with `moveMaintenanceRequest`; a refusal becomes a `Refused`. */
async function move(tx: Db, args: Parameters<typeof moveMaintenanceRequest>[1]) {
  const moved = await moveMaintenanceRequest(tx, args);
  if (!moved.ok)
    throw new Refused({ ok: false, reason: moved.reason === 'not_found' ? 'not_found' : 'invalid_transition', current: moved.current });
}

/**
 * The staff's response to `request` (its first one stops the SLA clock): a `submitted` request
 * moves to `triaged` (the tenant is told); any other gets `first_response_at` (kept once set) and
 * the live event.
 */
async function respond(tx: Db, actor: QueueActor, request: ScopedRequest) {
  if (request.status === 'submitted') {
    await move(tx, { requestId: request.id, to: 'triaged', actorId: actor.id, staffResponse: true });
    return;
  }
  await tx
    .update(r)
    .set({ firstResponseAt: sql`coalesce(${r.firstResponseAt}, now())` })
    .where(eq(r.id, request.id));
  await publishMaintenanceUpdated(tx, request);
}

/**
 * Triage (decision 026): sets `priority` and `category` of an open request. While nobody has
 * responded yet, a new priority moves `sla_due_at` to that priority's target (counted from
 * creation, settings in force). A `submitted` request moves to `triaged` (the tenant is told, see
 * `moveMaintenanceRequest`); either way this is a staff response. Writes a staff-only `triaged`
 * timeline entry whose body is JSON `{ priority, category, previous: { priority, category } }`,
 * and a `maintenance_request_triaged` audit entry. Refusals: `not_found`, `not_open`.
 */
export async function triageMaintenanceRequest({
  priority,
  category,
  ...args
}: CommandArgs & { priority: MaintenancePriority; category: MaintenanceCategory }): Promise<QueueCommandOutcome> {
  const { actor, requestId } = args;
  return onScopedRequest(args, async (tx, request) => {
    if (!isOpen(request.status)) throw new Refused({ ok: false, reason: 'not_open', current: request.status });
    const changes: Partial<typeof r.$inferInsert> = { priority, category };
    if (priority !== request.priority && request.firstResponseAt === null) {
      changes.slaDueAt = slaDueAt(priority, request.createdAt, await readSlaTargets(tx));
    }
    await tx.update(r).set(changes).where(eq(r.id, requestId));
    await tx.insert(maintenanceEvent).values({
      requestId,
      actorId: actor.id,
      kind: 'triaged',
      internal: true,
      body: JSON.stringify({ priority, category, previous: { priority: request.priority, category: request.category } }),
    });
    await respond(tx, actor, request);
    return {
      action: 'maintenance_request_triaged',
      tableName: 'maintenance_request',
      values: { request_id: requestId, priority, category, previous_priority: request.priority, previous_category: request.category },
    };
  });
}

/**
 * A timeline entry by staff (`kind` `comment`): `internal` — a note only staff see; otherwise a
 * comment to the tenant, who gets an in-app notification in their language (linking to their
 * request). Allowed on any request in scope; the timeline names its author (no audit entry).
 * Refusals: `not_found`.
 */
export async function addRequestNote({
  db,
  actor,
  requestId,
  body,
  internal,
}: Omit<CommandArgs, 'origin'> & { body: string; internal: boolean }): Promise<QueueCommandOutcome> {
  return inTransaction(db, async (tx) => {
    const request = await lockScopedRequest(tx, actor, requestId);
    await tx.insert(maintenanceEvent).values({ requestId, actorId: actor.id, kind: 'comment', body, internal });
    if (!internal && request.tenantId) {
      const [tenant] = await tx.select({ locale: user.locale }).from(user).where(eq(user.id, request.tenantId));
      if (tenant) {
        const text = queueNotification(tenant.locale, 'comment', { title: request.title, body: excerpt(body) });
        await insertNotifications(tx, [
          { userId: request.tenantId, ...text, type: 'info', actionUrl: `/tenant-portal/maintenance/${requestId}` },
        ]);
      }
    }
    await publishMaintenanceUpdated(tx, request);
  });
}

/**
 * Assigns an open request to vendor `vendorId`: a work order through `createWorkOrder` (which
 * refuses a vendor that is unknown, not approved, or without verified unexpired insurance on
 * `today`, and a request that already has an open work order), the vendor's notification in
 * their language, an `assigned` timeline entry (the vendor's company, shown to the tenant), the
 * staff's first response, and — for a `submitted` request — the move to `triaged` (it becomes
 * `scheduled` when the vendor sets the visit). `instructions` travel with the work order;
 * `dueAt` makes it overdue when passed. Audited `work_order_created`. Refusals: `not_found`,
 * `not_open`, `already_assigned`, and the vendor's `VendorIneligibility` — nothing is written.
 */
export async function assignMaintenanceRequest({
  vendorId,
  instructions = null,
  dueAt = null,
  today = utcToday(),
  ...args
}: CommandArgs & { vendorId: number; instructions?: string | null; dueAt?: Date | null; today?: string }): Promise<QueueCommandOutcome> {
  const { actor, requestId } = args;
  return onScopedRequest(args, async (tx, request) => {
    if (!isOpen(request.status)) throw new Refused({ ok: false, reason: 'not_open', current: request.status });
    const [vendorRow] = await tx
      .select({ companyName: vendor.companyName, locale: user.locale })
      .from(vendor)
      .leftJoin(user, eq(user.id, vendor.userId))
      .where(eq(vendor.id, vendorId));
    const [place] = await tx
      .select({ unitNumber: property.unitNumber, buildingName: building.name, city: property.city })
      .from(property)
      .leftJoin(building, eq(building.id, property.buildingId))
      .where(eq(property.id, request.propertyId));
    const placeText = [place?.buildingName, place?.unitNumber ? `#${place.unitNumber}` : null, place?.city].filter(Boolean).join(', ');
    const created = await createWorkOrder(tx, {
      actorId: actor.id,
      vendorId,
      maintenanceRequestId: requestId,
      instructions,
      dueAt,
      today,
      notification: queueNotification(vendorRow?.locale, 'workOrderOffered', { title: request.title, place: placeText }),
    });
    if (!created.ok) throw new Refused({ ok: false, reason: created.reason });
    await tx
      .insert(maintenanceEvent)
      .values({ requestId, actorId: actor.id, kind: 'assigned', body: vendorRow?.companyName ?? null, internal: false });
    await respond(tx, actor, request);
    return {
      action: 'work_order_created',
      tableName: 'work_order',
      values: { work_order_id: created.workOrderId, request_id: requestId, vendor_id: vendorId },
    };
  });
}

/**
 * Cancels an open request with `reason` (shown to the tenant, who is told through
 * `moveMaintenanceRequest`). Its open work order, if any, is cancelled with the same reason (a
 * history entry, the vendor's notification, a `work_order.updated` event). Audited. Refusals:
 * `not_found`, `invalid_transition` (not open).
 */
export async function cancelMaintenanceRequest({ reason, ...args }: CommandArgs & { reason: string }): Promise<QueueCommandOutcome> {
  const { actor, requestId } = args;
  return onScopedRequest(args, async (tx, request) => {
    if (!canMoveMaintenance(request.status, 'cancelled'))
      throw new Refused({ ok: false, reason: 'invalid_transition', current: request.status });
    const open = await tx
      .select({
        id: workOrder.id,
        status: workOrder.status,
        vendorId: workOrder.vendorId,
        vendorUserId: vendor.userId,
        locale: user.locale,
        buildingId: workOrder.buildingId,
      })
      .from(workOrder)
      .innerJoin(vendor, eq(vendor.id, workOrder.vendorId))
      .leftJoin(user, eq(user.id, vendor.userId))
      .where(and(eq(workOrder.maintenanceRequestId, requestId), inArray(workOrder.status, [...OPEN_WORK_ORDER_STATUSES])))
      .for('update', { of: workOrder });
    for (const order of open) {
      await tx.update(workOrder).set({ status: 'cancelled', cancelReason: reason }).where(eq(workOrder.id, order.id));
      await tx.insert(workOrderEvent).values({
        workOrderId: order.id,
        actorId: actor.id,
        kind: 'cancelled',
        fromStatus: order.status,
        toStatus: 'cancelled',
        note: reason,
      });
      if (order.vendorUserId) {
        const text = queueNotification(order.locale, 'workOrderCancelled', { title: request.title, reason: excerpt(reason) });
        await insertNotifications(tx, [
          { userId: order.vendorUserId, ...text, type: 'warning', actionUrl: `/vendor-portal/work-orders/${order.id}` },
        ]);
      }
      await publishWorkOrderUpdate(tx, { ...order, maintenanceRequestId: requestId }, 'cancelled');
    }
    await move(tx, { requestId, to: 'cancelled', actorId: actor.id, body: reason, staffResponse: true });
    return {
      action: 'maintenance_request_status_changed',
      tableName: 'maintenance_request',
      values: {
        request_id: requestId,
        from: request.status,
        to: 'cancelled',
        reason,
        cancelled_work_orders: open.map((order) => order.id),
      },
    };
  });
}

/**
 * Closes a `completed` request (the work is done and checked), with an optional `note` shown to
 * the tenant. Audited. Refusals: `not_found`, `invalid_transition` (not completed).
 */
export async function closeMaintenanceRequest({
  note = null,
  ...args
}: CommandArgs & { note?: string | null }): Promise<QueueCommandOutcome> {
  const { actor, requestId } = args;
  return onScopedRequest(args, async (tx, request) => {
    if (!canMoveMaintenance(request.status, 'closed'))
      throw new Refused({ ok: false, reason: 'invalid_transition', current: request.status });
    await move(tx, { requestId, to: 'closed', actorId: actor.id, body: note });
    return {
      action: 'maintenance_request_status_changed',
      tableName: 'maintenance_request',
      values: { request_id: requestId, from: request.status, to: 'closed' },
    };
  });
}
