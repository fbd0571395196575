/**
 * Work orders at their core (decision 044), shared by the staff queue (assign), the assignments
 * page (reassign), projects (award), vendors (eligibility) and the vendor portal: the life cycle,
 * the rule that only an approved vendor with verified, unexpired insurance gets new work
 * (enforced here, in the service, whatever screen asks), and the one function that creates a
 * work order. The request's own life cycle is `maintenance-request-core.server.ts` beside it.
 */
import { utcToday } from '~/lib/dates';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { building, maintenanceRequest, project, vendor, workOrder, workOrderEvent } from '~/server/db/schema';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import { publishEvents, type Audience } from '~/server/realtime/events.server';

export const WORK_ORDER_STATUSES = workOrder.status.enumValues;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** Work orders still open: at most one per maintenance request (unique index `work_order_open_request_idx`). */
export const OPEN_WORK_ORDER_STATUSES = ['offered', 'accepted', 'scheduled', 'in_progress'] as const satisfies readonly WorkOrderStatus[];

/**
 * The allowed moves (DESIGN §4): offered → accepted | declined (vendor); accepted → scheduled
 * (vendor sets the visit); scheduled → scheduled (rescheduled) | in_progress; in_progress →
 * completed; staff may cancel any open work order.
 */
export const WORK_ORDER_TRANSITIONS: Readonly<Record<WorkOrderStatus, readonly WorkOrderStatus[]>> = {
  offered: ['accepted', 'declined', 'cancelled'],
  accepted: ['scheduled', 'in_progress', 'cancelled'],
  scheduled: ['scheduled', 'in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  declined: [],
  cancelled: [],
};

/**
 * The columns every work-order command reads first (spread into its `select`): the status, and
 * the vendor, building and request that `publishWorkOrderUpdate` needs.
 */
export const workOrderFacts = {
  id: workOrder.id,
  status: workOrder.status,
  vendorId: workOrder.vendorId,
  buildingId: workOrder.buildingId,
  maintenanceRequestId: workOrder.maintenanceRequestId,
};

/** Whether a work order may move from `from` to `to`. */
export function canMoveWorkOrder(from: WorkOrderStatus, to: WorkOrderStatus): boolean {
  return WORK_ORDER_TRANSITIONS[from].includes(to);
}

/** Why a vendor may not be given new work. */
export type VendorIneligibility = 'vendor_not_found' | 'vendor_not_approved' | 'insurance_unverified' | 'insurance_expired';

/** Translation keys (`workOrders.errors.*`) of the refusals, for the screens. */
export const VENDOR_INELIGIBILITY_KEYS: Readonly<Record<VendorIneligibility, string>> = {
  vendor_not_found: 'workOrders.errors.vendorNotFound',
  vendor_not_approved: 'workOrders.errors.vendorNotApproved',
  insurance_unverified: 'workOrders.errors.insuranceUnverified',
  insurance_expired: 'workOrders.errors.insuranceExpired',
};

/** The `vendor` columns `vendorIneligibility` reads (spread into a `select`). */
export const vendorEligibilityColumns = {
  status: vendor.status,
  insuranceExpiry: vendor.insuranceExpiry,
  insuranceVerifiedAt: vendor.insuranceVerifiedAt,
};

/**
 * Whether `vendorRow` may get new work on `today` (YYYY-MM-DD): approved, with a certificate of
 * insurance verified by staff whose expiry (`insurance_expiry`, inclusive) is today or later.
 */
export function vendorIneligibility(
  vendorRow: { status: string; insuranceExpiry: string | null; insuranceVerifiedAt: Date | null } | undefined,
  today: string,
): VendorIneligibility | null {
  if (!vendorRow) return 'vendor_not_found';
  if (vendorRow.status !== 'approved') return 'vendor_not_approved';
  if (!vendorRow.insuranceVerifiedAt || !vendorRow.insuranceExpiry) return 'insurance_unverified';
  if (vendorRow.insuranceExpiry < today) return 'insurance_expired';
  return null;
}

/** Audiences of a work order's live events: its vendor's user (when linked), the admins, the building's manager. */
export async function workOrderAudiences(
  db: Db,
  { vendorUserId, managerId }: { vendorUserId: string | null; managerId: string | null },
): Promise<Audience[]> {
  const audiences: Audience[] = ['role:admin'];
  if (vendorUserId) audiences.push(`user:${vendorUserId}`);
  if (managerId) audiences.push(`user:${managerId}`);
  return audiences;
}

/** The outbox topic of the vendor's "new work order" e-mail; its handler lives with the vendor portal's work orders. */
export const WORK_ORDER_OFFERED_MAIL_TOPIC = 'mail.work_order_offered';
export type WorkOrderOfferedMailPayload = { workOrderId: number; vendorId: number };

export type CreateWorkOrderOutcome =
  | { ok: true; workOrderId: number }
  | { ok: false; status: 404 | 409 | 422; reason: VendorIneligibility | 'target_not_found' | 'already_assigned' };

/**
 * Offers a new work order to `vendorId` for a maintenance request or a project, inside the
 * caller's transaction `tx`. The vendor row is locked (`FOR SHARE`) and checked with
 * `vendorIneligibility` on `today` (default: UTC today): a suspended, unapproved, uninsured or
 * expired vendor is refused with 422 and nothing is written. A request that already has an open
 * work order answers 409 `already_assigned` (the unique index backs this under races). Writes the
 * work order (`building_id` copied from the request or project), an `offered` history entry, the
 * vendor's in-app notification (English and Italian texts come from `notification`), a
 * `work_order.updated` event and the vendor's e-mail job (WORK_ORDER_OFFERED_MAIL_TOPIC).
 * `dueAt` (a Date) makes it overdue when passed unfinished. Scope and the request's own status
 * change (e.g. → scheduled) are the caller's job.
 */
export async function createWorkOrder(
  tx: Db,
  {
    actorId,
    vendorId,
    maintenanceRequestId = null,
    projectId = null,
    instructions = null,
    dueAt = null,
    today = utcToday(),
    notification,
  }: {
    actorId: string | null;
    vendorId: number;
    maintenanceRequestId?: number | null;
    projectId?: number | null;
    instructions?: string | null;
    dueAt?: Date | null;
    today?: string;
    /** The vendor's in-app notification (already in the vendor user's language). */
    notification: { title: string; message: string };
  },
): Promise<CreateWorkOrderOutcome> {
  const [vendorRow] = await tx
    .select({ id: vendor.id, userId: vendor.userId, ...vendorEligibilityColumns })
    .from(vendor)
    .where(eq(vendor.id, vendorId))
    .for('share');
  const refusal = vendorIneligibility(vendorRow, today);
  if (refusal) return { ok: false, status: refusal === 'vendor_not_found' ? 404 : 422, reason: refusal };

  let buildingId: number | null = null;
  if (maintenanceRequestId !== null) {
    const [request] = await tx
      .select({ buildingId: maintenanceRequest.buildingId })
      .from(maintenanceRequest)
      .where(eq(maintenanceRequest.id, maintenanceRequestId));
    if (!request) return { ok: false, status: 404, reason: 'target_not_found' };
    const [open] = await tx
      .select({ id: workOrder.id })
      .from(workOrder)
      .where(and(eq(workOrder.maintenanceRequestId, maintenanceRequestId), inArray(workOrder.status, [...OPEN_WORK_ORDER_STATUSES])))
      .limit(1);
    if (open) return { ok: false, status: 409, reason: 'already_assigned' };
    buildingId = request.buildingId;
  } else if (projectId !== null) {
    const [row] = await tx.select({ buildingId: project.buildingId }).from(project).where(eq(project.id, projectId));
    if (!row) return { ok: false, status: 404, reason: 'target_not_found' };
    buildingId = row.buildingId;
  } else {
    return { ok: false, status: 404, reason: 'target_not_found' };
  }

  const [created] = await tx
    .insert(workOrder)
    .values({ vendorId, maintenanceRequestId, projectId, buildingId, instructions, dueAt, assignedBy: actorId })
    .returning({ id: workOrder.id });
  const workOrderId = created!.id;
  await tx.insert(workOrderEvent).values({ workOrderId, actorId, kind: 'offered', toStatus: 'offered', note: instructions });
  if (vendorRow!.userId) {
    await insertNotifications(tx, [
      {
        userId: vendorRow!.userId,
        title: notification.title,
        message: notification.message,
        type: 'info',
        actionUrl: `/vendor-portal/work-orders/${workOrderId}`,
      },
    ]);
  }
  const managerId = buildingId === null ? null : await buildingManager(tx, buildingId);
  const audiences = await workOrderAudiences(tx, { vendorUserId: vendorRow!.userId, managerId });
  await publishEvents(
    tx,
    audiences.map((audience) => ({
      audience,
      type: 'work_order.updated' as const,
      payload: { workOrderId, status: 'offered', maintenanceRequestId },
    })),
  );
  const payload: WorkOrderOfferedMailPayload = { workOrderId, vendorId };
  await enqueueOutbox(tx, [{ topic: WORK_ORDER_OFFERED_MAIL_TOPIC, payload, dedupeKey: `work-order-offered:${workOrderId}` }]);
  return { ok: true, workOrderId };
}

/** The property manager of building `buildingId`, or null. */
export async function buildingManager(db: Db, buildingId: number): Promise<string | null> {
  const [row] = await db.select({ managerId: building.managerId }).from(building).where(eq(building.id, buildingId));
  return row?.managerId ?? null;
}

/** Publishes `work_order.updated` for `order` (now `status`) to its vendor, the admins and the building's manager. */
export async function publishWorkOrderUpdate(
  tx: Db,
  order: { id: number; vendorId: number; buildingId: number | null; maintenanceRequestId: number | null },
  status: WorkOrderStatus,
): Promise<void> {
  const [row] = await tx.select({ userId: vendor.userId }).from(vendor).where(eq(vendor.id, order.vendorId));
  const managerId = order.buildingId === null ? null : await buildingManager(tx, order.buildingId);
  const audiences = await workOrderAudiences(tx, { vendorUserId: row?.userId ?? null, managerId });
  await publishEvents(
    tx,
    audiences.map((audience) => ({
      audience,
      type: 'work_order.updated' as const,
      payload: { workOrderId: order.id, status, maintenanceRequestId: order.maintenanceRequestId },
    })),
  );
}
