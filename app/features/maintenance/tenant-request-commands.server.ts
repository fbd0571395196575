/**
 * A tenant's commands on their own maintenance request (decision 027): comment, cancel while no
 * vendor has been sent, rate the finished work. Each locks the request, checks it is the
 * viewer's (someone else's is `not_found`, audited when it exists), and changes status only
 * through `moveMaintenanceRequest` (timeline, live event, the tenant's job). Answers a reason
 * code; the page maps it to a status and a translated message.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { building, maintenanceEvent, maintenanceRequest, property, user, vendor, workOrder, workOrderEvent } from '~/server/db/schema';
import { insertNotifications } from '~/server/notifications/notify.server';
import { OPEN_WORK_ORDER_STATUSES, publishWorkOrderUpdate } from '~/features/work-orders/work-order-core.server';
import {
  moveMaintenanceRequest,
  publishMaintenanceUpdated,
  type MaintenanceStatus,
} from '~/features/work-orders/maintenance-request-core.server';
import {
  FINISHED_MAINTENANCE_STATUSES,
  TENANT_CANCELLABLE_STATUSES,
  TENANT_RATABLE_STATUSES,
  maintenanceCancelSchema,
  maintenanceCommentSchema,
  maintenanceRatingSchema,
} from './tenant-requests.schemas';
import { commentNotification, workOrderCancelledNotification } from './tenant-requests-mail.server';
import { isId } from '~/lib/ids';

import { recordForeignRequestAccess, staffOf, staffRequestPath, unitLabelOf, type TenantActor } from './tenant-requests.server';

type OwnRequest = {
  id: number;
  status: MaintenanceStatus;
  title: string;
  buildingId: number | null;
  rating: number | null;
  unitLabel: string;
};

/** The viewer's request `requestId`, locked for the rest of `tx`; null when it is not theirs. */
async function lockOwnRequest(tx: Db, viewer: Pick<Viewer, 'id'>, requestId: number): Promise<OwnRequest | null> {
  if (!isId(requestId)) return null;
  const [row] = await tx
    .select({
      id: maintenanceRequest.id,
      tenantId: maintenanceRequest.tenantId,
      status: maintenanceRequest.status,
      title: maintenanceRequest.title,
      buildingId: maintenanceRequest.buildingId,
      rating: maintenanceRequest.rating,
      propertyId: maintenanceRequest.propertyId,
    })
    .from(maintenanceRequest)
    .where(eq(maintenanceRequest.id, requestId))
    .for('update');
  if (!row || row.tenantId !== viewer.id) return null;
  const [unit] = await tx
    .select({ title: property.title, unitNumber: property.unitNumber, buildingName: building.name })
    .from(property)
    .leftJoin(building, eq(building.id, property.buildingId))
    .where(eq(property.id, row.propertyId));
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    buildingId: row.buildingId,
    rating: row.rating,
    unitLabel: unit ? unitLabelOf(unit) : `#${row.propertyId}`,
  };
}

export type TenantCommandOutcome =
  | { ok: true }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'invalid'; error: z.ZodError }
  | { ok: false; reason: 'finished' | 'not_cancellable' | 'not_ratable' | 'already_rated'; current: MaintenanceStatus };

/** What every tenant command takes: the acting tenant, their request's id, the form input and where it came from. */
export type TenantCommandOptions = { db: Db; viewer: TenantActor; requestId: number; input: unknown; origin: RequestOrigin };

/**
 * Validates `input` with `schema`, then runs `command` on the viewer's locked request with the
 * parsed data. A request that is not theirs is audited and `not_found` (checked before `invalid`,
 * so a stranger learns nothing from a malformed form).
 */
async function onOwnRequest<Data>(
  { db, viewer, requestId, input, origin }: TenantCommandOptions,
  schema: z.ZodType<Data>,
  command: (tx: Db, request: OwnRequest, data: Data) => Promise<TenantCommandOutcome>,
): Promise<TenantCommandOutcome> {
  const parsed = schema.safeParse(input);
  const outcome = await db.transaction(async (tx) => {
    const own = await lockOwnRequest(tx, viewer, requestId);
    if (!own) return { ok: false, reason: 'not_found' } as const;
    if (!parsed.success) return { ok: false, reason: 'invalid', error: parsed.error } as const;
    return command(tx, own, parsed.data);
  });
  if (!outcome.ok && outcome.reason === 'not_found') await recordForeignRequestAccess(db, viewer, requestId, origin);
  return outcome;
}

/**
 * Adds the viewer's comment (`input.body`, validated) to their request's timeline (`comment`),
 * tells the request's audiences live and notifies the building's manager in-app (the admins when
 * the building has none). Refused (nothing written): `not_found`, `invalid`, `finished` (closed
 * or cancelled).
 */
export async function commentOnMaintenanceRequest(options: TenantCommandOptions): Promise<TenantCommandOutcome> {
  const { viewer } = options;
  return onOwnRequest(options, maintenanceCommentSchema, async (tx, own, data) => {
    if ((FINISHED_MAINTENANCE_STATUSES as readonly string[]).includes(own.status))
      return { ok: false, reason: 'finished', current: own.status };
    await tx.insert(maintenanceEvent).values({ requestId: own.id, actorId: viewer.id, kind: 'comment', body: data.body });
    await tx.update(maintenanceRequest).set({ updatedAt: new Date() }).where(eq(maintenanceRequest.id, own.id));
    await publishMaintenanceUpdated(tx, { id: own.id, status: own.status, tenantId: viewer.id, buildingId: own.buildingId });
    const staff = await staffOf(tx, own.buildingId);
    const recipients = staff.some((member) => member.isManager) ? staff.filter((member) => member.isManager) : staff;
    await insertNotifications(
      tx,
      recipients.map((member) => ({
        userId: member.id,
        ...commentNotification(member.locale, { unit: own.unitLabel, title: own.title, body: data.body }),
        type: 'info' as const,
        actionUrl: staffRequestPath(member.isManager, own.id),
      })),
    );
    return { ok: true };
  });
}

/**
 * Cancels the viewer's request while it is `submitted` or `triaged` (with an optional reason),
 * through `moveMaintenanceRequest` (no e-mail to the tenant: they did it). A work order already
 * offered or accepted for it is cancelled too (history entry, live event, the vendor's in-app
 * notification). Audited (`maintenance_request_status_changed`). Refused (nothing written):
 * `not_found`, `invalid`, `not_cancellable` (with the current status).
 */
export async function cancelMaintenanceRequest(options: TenantCommandOptions): Promise<TenantCommandOutcome> {
  const { viewer, origin } = options;
  return onOwnRequest({ ...options, input: options.input ?? {} }, maintenanceCancelSchema, async (tx, own, data) => {
    if (!(TENANT_CANCELLABLE_STATUSES as readonly string[]).includes(own.status))
      return { ok: false, reason: 'not_cancellable', current: own.status };
    const moved = await moveMaintenanceRequest(tx, {
      requestId: own.id,
      to: 'cancelled',
      actorId: viewer.id,
      body: data.reason || null,
      notifyTenant: false,
    });
    if (!moved.ok) return { ok: false, reason: 'not_cancellable', current: moved.current ?? own.status };
    const cancelled = await tx
      .update(workOrder)
      .set({ status: 'cancelled', cancelReason: 'cancelled_by_tenant' })
      .where(and(eq(workOrder.maintenanceRequestId, own.id), inArray(workOrder.status, [...OPEN_WORK_ORDER_STATUSES])))
      .returning({ id: workOrder.id, vendorId: workOrder.vendorId, buildingId: workOrder.buildingId });
    for (const order of cancelled) {
      await tx
        .insert(workOrderEvent)
        .values({ workOrderId: order.id, actorId: viewer.id, kind: 'cancelled', toStatus: 'cancelled', note: data.reason || null });
      const [owner] = await tx
        .select({ userId: vendor.userId, locale: user.locale })
        .from(vendor)
        .leftJoin(user, eq(user.id, vendor.userId))
        .where(eq(vendor.id, order.vendorId));
      await publishWorkOrderUpdate(tx, { ...order, maintenanceRequestId: own.id }, 'cancelled');
      if (owner?.userId) {
        await insertNotifications(tx, [
          {
            userId: owner.userId,
            ...workOrderCancelledNotification(owner.locale, { unit: own.unitLabel, title: own.title }),
            type: 'warning',
            actionUrl: `/vendor-portal/work-orders/${order.id}`,
          },
        ]);
      }
    }
    await recordAuditEvent({
      db: tx,
      userId: viewer.id,
      action: 'maintenance_request_status_changed',
      origin,
      tableName: 'maintenance_request',
      values: {
        request_id: own.id,
        from: own.status,
        to: 'cancelled',
        by: 'tenant',
        work_orders_cancelled: cancelled.map((order) => order.id),
      },
    });
    return { ok: true };
  });
}

/**
 * Records the viewer's rating (1–5, with an optional comment) of their completed request, once:
 * the rating on the request, a `rated` timeline entry, the rating added to the vendor of its
 * completed work order (`rating_sum`, `rating_count`), and a completed request moves to `closed`
 * (the tenant's own act: no e-mail). Audited (`maintenance_request_rated`). Refused (nothing
 * written): `not_found`, `invalid`, `not_ratable` (not completed or closed), `already_rated`.
 */
export async function rateMaintenanceRequest(options: TenantCommandOptions): Promise<TenantCommandOutcome> {
  const { viewer, origin } = options;
  return onOwnRequest(options, maintenanceRatingSchema, async (tx, own, data) => {
    if (!(TENANT_RATABLE_STATUSES as readonly string[]).includes(own.status))
      return { ok: false, reason: 'not_ratable', current: own.status };
    if (own.rating !== null) return { ok: false, reason: 'already_rated', current: own.status };
    const { rating, comment } = data;
    await tx
      .update(maintenanceRequest)
      .set({ rating, ratingComment: comment || null, ratedAt: new Date() })
      .where(eq(maintenanceRequest.id, own.id));
    await tx.insert(maintenanceEvent).values({ requestId: own.id, actorId: viewer.id, kind: 'rated', body: comment || null });
    const [order] = await tx
      .select({ vendorId: workOrder.vendorId })
      .from(workOrder)
      .where(and(eq(workOrder.maintenanceRequestId, own.id), eq(workOrder.status, 'completed')))
      .orderBy(sql`${workOrder.completedAt} desc nulls last`, desc(workOrder.id))
      .limit(1);
    if (order) {
      await tx
        .update(vendor)
        .set({ ratingSum: sql`${vendor.ratingSum} + ${rating}`, ratingCount: sql`${vendor.ratingCount} + 1` })
        .where(eq(vendor.id, order.vendorId));
    }
    if (own.status === 'completed') {
      await moveMaintenanceRequest(tx, { requestId: own.id, to: 'closed', actorId: viewer.id, notifyTenant: false });
    } else {
      await publishMaintenanceUpdated(tx, { id: own.id, status: own.status, tenantId: viewer.id, buildingId: own.buildingId });
    }
    await recordAuditEvent({
      db: tx,
      userId: viewer.id,
      action: 'maintenance_request_rated',
      origin,
      tableName: 'maintenance_request',
      values: { request_id: own.id, rating, vendor_id: order?.vendorId ?? null },
    });
    return { ok: true };
  });
}
