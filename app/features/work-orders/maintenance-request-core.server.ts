/**
 * The maintenance request's life cycle, shared by the tenant portal, the staff queue and the
 * vendor's work orders: which status may follow which, and the one function that moves a request
 * and writes what that causes (timeline entry, live event, the tenant's notification and e-mail).
 * Features call it inside their own transaction. Part of the work-order core (decision 044): a
 * vendor's work order moves its request, so the request's life cycle sits here and the
 * maintenance feature (tenant requests, staff queue) depends on this folder, never the reverse.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { building, maintenanceEvent, maintenanceRequest } from '~/server/db/schema';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import { publishEvents, type Audience } from '~/server/realtime/events.server';

export const MAINTENANCE_CATEGORIES = maintenanceRequest.category.enumValues;
export type MaintenanceCategory = (typeof MAINTENANCE_CATEGORIES)[number];
export const MAINTENANCE_PRIORITIES = maintenanceRequest.priority.enumValues;
export type MaintenancePriority = (typeof MAINTENANCE_PRIORITIES)[number];
export const MAINTENANCE_STATUSES = maintenanceRequest.status.enumValues;
export type MaintenanceStatus = (typeof MAINTENANCE_STATUSES)[number];

/** Statuses in which a request still needs work (the tenant portal's "open" count, the queue's default). */
export const OPEN_MAINTENANCE_STATUSES = [
  'submitted',
  'triaged',
  'scheduled',
  'in_progress',
] as const satisfies readonly MaintenanceStatus[];

/**
 * The allowed moves (DESIGN §4): submitted → triaged → scheduled → in_progress → completed →
 * closed, and cancelled from any open status. Staff may also step back from scheduled to triaged
 * (a vendor declined or the work order was cancelled) and reopen a completed request the tenant
 * reports as not fixed (completed → in_progress).
 */
export const MAINTENANCE_TRANSITIONS: Readonly<Record<MaintenanceStatus, readonly MaintenanceStatus[]>> = {
  submitted: ['triaged', 'scheduled', 'in_progress', 'cancelled'],
  triaged: ['scheduled', 'in_progress', 'cancelled'],
  scheduled: ['triaged', 'in_progress', 'completed', 'cancelled'],
  in_progress: ['triaged', 'completed', 'cancelled'],
  completed: ['closed', 'in_progress'],
  closed: [],
  cancelled: [],
};

/** The `maintenance_request` columns of a `RequestReport` (entry-windows.ts; map the row with `requestReportOf`). */
export const requestReportColumns = {
  description: maintenanceRequest.description,
  location: maintenanceRequest.location,
  permissionToEnter: maintenanceRequest.permissionToEnter,
  entryWindows: maintenanceRequest.entryWindows,
  entryNotes: maintenanceRequest.entryNotes,
  photoUrls: maintenanceRequest.photoUrls,
};

/** The `maintenance_event` columns every timeline shows (staff's and tenant's; each adds its own author columns). */
export const timelineEventColumns = {
  id: maintenanceEvent.id,
  kind: maintenanceEvent.kind,
  fromStatus: maintenanceEvent.fromStatus,
  toStatus: maintenanceEvent.toStatus,
  body: maintenanceEvent.body,
  photoUrls: maintenanceEvent.photoUrls,
  createdAt: maintenanceEvent.createdAt,
};

/** Whether a request may move from `from` to `to`. */
export function canMoveMaintenance(from: MaintenanceStatus, to: MaintenanceStatus): boolean {
  return MAINTENANCE_TRANSITIONS[from].includes(to);
}

/** The outbox topic that tells the tenant of a status change (in-app + e-mail); its handler lives with the tenant-side feature. */
export const MAINTENANCE_STATUS_MAIL_TOPIC = 'mail.maintenance_status';

/** Payload of MAINTENANCE_STATUS_MAIL_TOPIC (no personal data beyond what the e-mail needs). */
export type MaintenanceStatusMailPayload = {
  requestId: number;
  tenantId: string;
  status: MaintenanceStatus;
  /** A visit time (ISO instant) when the change schedules one. */
  scheduledFor?: string | null;
  note?: string | null;
};

/**
 * Who hears a request's live events: its tenant, the admins, and the manager of its building.
 * Never the whole `staff` audience: a manager of another building must not learn of it.
 */
export async function maintenanceAudiences(db: Db, request: { tenantId: string | null; buildingId: number | null }): Promise<Audience[]> {
  const audiences: Audience[] = ['role:admin'];
  if (request.tenantId) audiences.push(`user:${request.tenantId}`);
  if (request.buildingId) {
    const [row] = await db.select({ managerId: building.managerId }).from(building).where(eq(building.id, request.buildingId));
    if (row?.managerId) audiences.push(`user:${row.managerId}`);
  }
  return audiences;
}

/**
 * Tells request `request.id`'s audiences (`maintenanceAudiences`) that it changed: one
 * `maintenance.updated` event each, carrying its status, inside the caller's transaction.
 */
export async function publishMaintenanceUpdated(
  tx: Db,
  request: { id: number; status: MaintenanceStatus; tenantId: string | null; buildingId: number | null },
): Promise<void> {
  const audiences = await maintenanceAudiences(tx, request);
  await publishEvents(
    tx,
    audiences.map((audience) => ({
      audience,
      type: 'maintenance.updated' as const,
      payload: { requestId: request.id, status: request.status },
    })),
  );
}

export type MoveMaintenanceOutcome =
  | { ok: true; requestId: number; from: MaintenanceStatus; to: MaintenanceStatus }
  | { ok: false; status: 404 | 409; reason: 'not_found' | 'invalid_transition'; current?: MaintenanceStatus };

/**
 * Moves request `requestId` to `to` inside the caller's transaction `tx`, after locking it.
 * Writes: the status and its timestamp (`completed_at`, `closed_at`, `cancelled_at` +
 * `cancel_reason`), `first_response_at` when `staffResponse` and not yet set, a `status`
 * timeline entry (`body` is shown to the tenant unless `internal`), a `maintenance.updated`
 * event, and — when `notifyTenant` (default true) — an outbox job
 * (MAINTENANCE_STATUS_MAIL_TOPIC) whose handler, in the tenant-side feature, writes the tenant's
 * in-app notification and sends the e-mail in their language. `scheduledFor` (ISO) travels with
 * it. Refusals change nothing: 404 unknown id, 409 a move the life cycle forbids (with the
 * current status). Scope (who may move which request) is the caller's job.
 */
export async function moveMaintenanceRequest(
  tx: Db,
  {
    requestId,
    to,
    actorId,
    body = null,
    internal = false,
    staffResponse = false,
    notifyTenant = true,
    scheduledFor = null,
  }: {
    requestId: number;
    to: MaintenanceStatus;
    actorId: string | null;
    body?: string | null;
    internal?: boolean;
    staffResponse?: boolean;
    notifyTenant?: boolean;
    scheduledFor?: string | null;
  },
): Promise<MoveMaintenanceOutcome> {
  const [row] = await tx
    .select({
      id: maintenanceRequest.id,
      status: maintenanceRequest.status,
      tenantId: maintenanceRequest.tenantId,
      buildingId: maintenanceRequest.buildingId,
    })
    .from(maintenanceRequest)
    .where(eq(maintenanceRequest.id, requestId))
    .for('update');
  if (!row) return { ok: false, status: 404, reason: 'not_found' };
  if (!canMoveMaintenance(row.status, to)) return { ok: false, status: 409, reason: 'invalid_transition', current: row.status };
  const now = new Date();
  await tx
    .update(maintenanceRequest)
    .set({
      status: to,
      ...(to === 'completed' ? { completedAt: now } : {}),
      ...(to === 'closed' ? { closedAt: now } : {}),
      ...(to === 'cancelled' ? { cancelledAt: now, cancelReason: body } : {}),
      ...(staffResponse ? { firstResponseAt: sql`coalesce(${maintenanceRequest.firstResponseAt}, now())` } : {}),
    })
    .where(eq(maintenanceRequest.id, requestId));
  await tx.insert(maintenanceEvent).values({ requestId, actorId, kind: 'status', fromStatus: row.status, toStatus: to, body, internal });
  await publishMaintenanceUpdated(tx, { id: requestId, status: to, tenantId: row.tenantId, buildingId: row.buildingId });
  if (notifyTenant && row.tenantId) {
    const payload: MaintenanceStatusMailPayload = {
      requestId,
      tenantId: row.tenantId,
      status: to,
      scheduledFor,
      note: internal ? null : body,
    };
    await enqueueOutbox(tx, [
      { topic: MAINTENANCE_STATUS_MAIL_TOPIC, payload, dedupeKey: `maintenance-status:${requestId}:${to}:${now.getTime()}` },
    ]);
  }
  return { ok: true, requestId, from: row.status, to };
}
