/**
 * The staff side of work orders (decision 029): `/admin/assignments` and a property
 * manager's `/dashboard/assignments` — every work order across vendors with filters (status,
 * vendor, building, overdue), one work order's page, and the commands cancel and reassign.
 *
 * Scope (DESIGN §4 "Who works where"): admins see every work order; a property manager only
 * those of the buildings they manage (`building.manager_id`); anyone else none. Another
 * manager's work order is "not found", like an unknown id, and the refusal is audited.
 *
 * Reassigning is one transaction: the open work order is cancelled (with the reason, a
 * `reassigned` history entry) and `createWorkOrder` offers the job to the other vendor — which
 * refuses an unapproved, uninsured or expired vendor (422), and then nothing at all is written.
 *
 * Speed (issue "Numbers", 50,000 work orders): keyset pages in `created_at desc, id desc`, each
 * filter read along an index led by its column (`work_order_status_idx`, `work_order_vendor_idx`,
 * `work_order_building_idx`; the overdue filter along `work_order_open_created_idx` of migration
 * 0018, which holds the open work orders only); the page's names are joined by primary key.
 */
import { isStaff } from '~/lib/access';
import { utcToday } from '~/lib/dates';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Db } from '~/server/db/client.server';
import { building, maintenanceRequest, project, property, user, vendor, workOrder, workOrderEvent } from '~/server/db/schema';
import { findWorkOrderInvoices, staffWorkOrderScope, type StaffActor } from './invoices.server';
import { followRequest } from './vendor-work-orders.server';
import {
  createWorkOrder,
  publishWorkOrderUpdate,
  OPEN_WORK_ORDER_STATUSES,
  vendorIneligibility,
  VENDOR_INELIGIBILITY_KEYS,
  vendorEligibilityColumns,
  workOrderFacts,
  type VendorIneligibility,
  type WorkOrderStatus,
} from './work-order-core.server';
import { offeredNotification, tellVendor } from './work-order-mail.server';
import {
  isOverdue,
  overdueCondition,
  readOrderRequest,
  readWorkOrderDetail,
  selectWorkOrderJobs,
  workOrderAfter,
  workOrderCreatedAtText,
  type WorkOrderListQuery,
} from './work-order-read.server';
import { auditWorkOrderRefusal } from './work-order-refusals.server';
import { ASSIGNMENTS_PAGE_SIZE, formatWorkOrderCursor, type AssignmentFilters } from './work-order-lists.schemas';
import type { AssignmentDetail, AssignmentList, RequestPriority, VendorChoice } from './work-orders.types';
import { isId } from '~/lib/ids';

/**
 * One page of work orders for `actor` (newest first, `limit` after `cursor`), filtered by status,
 * vendor, building and overdue (due time passed unfinished, or visit time passed unstarted, at
 * the database's clock). Answers the rows with vendor, building and unit, and the next cursor.
 */
export async function findAssignments({
  db,
  actor,
  filters,
  cursor = null,
  limit = ASSIGNMENTS_PAGE_SIZE,
}: WorkOrderListQuery<AssignmentFilters> & { actor: StaffActor }): Promise<AssignmentList> {
  if (!isStaff(actor.role)) return { items: [], nextCursor: null };
  const where = and(
    staffWorkOrderScope(actor),
    filters.status ? eq(workOrder.status, filters.status) : undefined,
    filters.vendorId ? eq(workOrder.vendorId, filters.vendorId) : undefined,
    filters.buildingId ? eq(workOrder.buildingId, filters.buildingId) : undefined,
    // The open statuses spelled out as the partial index's predicate, so the planner may use it.
    filters.overdue ? and(inArray(workOrder.status, [...OPEN_WORK_ORDER_STATUSES]), overdueCondition) : undefined,
    workOrderAfter(cursor),
  );
  // The page from work_order alone (its plan never depends on the joins), then its names by key.
  const rows = await db
    .select({
      ...workOrderFacts,
      createdAtText: workOrderCreatedAtText,
      projectId: workOrder.projectId,
      scheduledFor: workOrder.scheduledFor,
      dueAt: workOrder.dueAt,
    })
    .from(workOrder)
    .where(where)
    .orderBy(desc(workOrder.createdAt), desc(workOrder.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (page.length === 0) return { items: [], nextCursor: null };
  const names = await selectWorkOrderJobs(db, {
    id: workOrder.id,
    vendorName: vendor.companyName,
    buildingName: building.name,
    unitNumber: property.unitNumber,
    requestTitle: maintenanceRequest.title,
    priority: maintenanceRequest.priority,
    projectName: project.name,
  })
    .innerJoin(vendor, eq(vendor.id, workOrder.vendorId))
    .where(
      inArray(
        workOrder.id,
        page.map((row) => row.id),
      ),
    );
  const byId = new Map(names.map((row) => [row.id, row]));
  const now = Date.now();
  return {
    items: page.map((row) => {
      const name = byId.get(row.id);
      return {
        id: row.id,
        status: row.status,
        title: name?.requestTitle ?? name?.projectName ?? '',
        kind: row.maintenanceRequestId !== null ? ('maintenance' as const) : ('project' as const),
        priority: (name?.priority ?? null) as RequestPriority | null,
        vendorId: row.vendorId,
        vendorName: name?.vendorName ?? '',
        buildingId: row.buildingId,
        buildingName: name?.buildingName ?? null,
        unitNumber: name?.unitNumber ?? null,
        scheduledFor: row.scheduledFor?.toISOString() ?? null,
        dueAt: row.dueAt?.toISOString() ?? null,
        overdue: isOverdue(row, now),
        createdAt: row.createdAtText,
      };
    }),
    nextCursor: rows.length > limit && last ? formatWorkOrderCursor({ createdAt: last.createdAtText, id: last.id }) : null,
  };
}

/**
 * The vendors staff may filter by or reassign to: approved and suspended ones, by name, with
 * whether each may get new work today (`vendorIneligibility`). At most 500.
 */
export async function findVendorChoices({
  db,
  actor,
  today = utcToday(),
}: {
  db: Db;
  actor: StaffActor;
  today?: string;
}): Promise<VendorChoice[]> {
  if (!isStaff(actor.role)) return [];
  const rows = await db
    .select({ id: vendor.id, companyName: vendor.companyName, ...vendorEligibilityColumns })
    .from(vendor)
    .where(inArray(vendor.status, ['approved', 'suspended']))
    .orderBy(asc(vendor.companyName), asc(vendor.id))
    .limit(500);
  return rows.map((row) => ({ id: row.id, companyName: row.companyName, eligible: vendorIneligibility(row, today) === null }));
}

/** Work order `workOrderId` for `actor` (facts, request, place, history, vendor, invoices with lines), or null when unknown or outside their scope. */
export async function findAssignmentDetail({
  db,
  actor,
  workOrderId,
}: {
  db: Db;
  actor: StaffActor;
  workOrderId: number;
}): Promise<AssignmentDetail | null> {
  if (!isStaff(actor.role) || !isId(workOrderId)) return null;
  const detail = await readWorkOrderDetail(db, and(eq(workOrder.id, workOrderId), staffWorkOrderScope(actor)));
  if (!detail) return null;
  const [vendorRow] = await db
    .select({ id: vendor.id, companyName: vendor.companyName, contactName: vendor.contactName, email: vendor.email, phone: vendor.phone })
    .from(vendor)
    .where(eq(vendor.id, detail.vendorId));
  const { raw, vendorId: _vendorId, ...rest } = detail;
  return {
    ...rest,
    vendor: vendorRow!,
    requestId: detail.request?.id ?? null,
    overdue: isOverdue(raw, Date.now()),
    open: (OPEN_WORK_ORDER_STATUSES as readonly string[]).includes(detail.status),
    invoices: await findWorkOrderInvoices(db, workOrderId),
  };
}

/** Staff's request about one work order (a command, or a refusal to record). */
type StaffCommandOptions = { db: Db; actor: StaffActor; origin: RequestOrigin; workOrderId: number };

/** Records that `actor` was refused work order `workOrderId` (audited only when it exists). */
export async function recordDeniedAssignmentAccess({ db, actor, workOrderId, origin }: StaffCommandOptions): Promise<void> {
  await auditWorkOrderRefusal(db, actor, { table: 'work_order', id: workOrderId, reason: 'not_in_scope', origin });
}

export type StaffCommandOutcome =
  | { ok: true; workOrderId: number }
  | {
      ok: false;
      reason: 'not_found' | 'invalid_transition' | 'same_vendor' | 'already_assigned' | VendorIneligibility;
      current?: WorkOrderStatus;
    };

/** The translation key (workOrders.errors.*) of a refused staff command. */
export function staffRefusalKey(reason: Exclude<StaffCommandOutcome, { ok: true }>['reason']): string {
  if (reason in VENDOR_INELIGIBILITY_KEYS) return VENDOR_INELIGIBILITY_KEYS[reason as VendorIneligibility];
  return `workOrders.errors.${reason === 'not_found' ? 'notFound' : reason === 'invalid_transition' ? 'notOpen' : reason === 'same_vendor' ? 'sameVendor' : 'alreadyAssigned'}`;
}

/** A refusal that rolls a transaction back. */
class Refused extends Error {
  constructor(readonly outcome: Exclude<StaffCommandOutcome, { ok: true }>) {
    super(outcome.reason);
  }
}

/** The open work order `workOrderId` in `actor`'s scope, locked, with its request and title. */
async function lockScopedOpenOrder(tx: Db, actor: StaffActor, workOrderId: number) {
  if (!isStaff(actor.role) || !isId(workOrderId)) throw new Refused({ ok: false, reason: 'not_found' });
  const [order] = await tx
    .select({ ...workOrderFacts, projectId: workOrder.projectId, instructions: workOrder.instructions, dueAt: workOrder.dueAt })
    .from(workOrder)
    .where(and(eq(workOrder.id, workOrderId), staffWorkOrderScope(actor)))
    .for('update');
  if (!order) throw new Refused({ ok: false, reason: 'not_found' });
  if (!(OPEN_WORK_ORDER_STATUSES as readonly string[]).includes(order.status))
    throw new Refused({ ok: false, reason: 'invalid_transition', current: order.status });
  const request = await readOrderRequest(tx, order.maintenanceRequestId);
  let title = request?.title ?? '';
  if (!request && order.projectId !== null) {
    const [row] = await tx.select({ name: project.name }).from(project).where(eq(project.id, order.projectId));
    title = row?.name ?? '';
  }
  return { ...order, request, title };
}

type ScopedOrder = Awaited<ReturnType<typeof lockScopedOpenOrder>>;

/**
 * Cancels `order` inside `tx` (→ cancelled, `cancel_reason`, a history entry of `kind`), steps its
 * request back to `triaged` when a visit was planned or under way (the tenant is told), and tells
 * the vendor (in-app + e-mail).
 */
async function cancelLocked(
  tx: Db,
  actor: StaffActor,
  order: ScopedOrder,
  reason: string,
  kind: 'cancelled' | 'reassigned',
): Promise<void> {
  await tx.update(workOrder).set({ status: 'cancelled', cancelReason: reason }).where(eq(workOrder.id, order.id));
  await tx
    .insert(workOrderEvent)
    .values({ workOrderId: order.id, actorId: actor.id, kind, fromStatus: order.status, toStatus: 'cancelled', note: reason });
  if (order.request && (order.request.status === 'scheduled' || order.request.status === 'in_progress')) {
    await followRequest(tx, order.request, 'triaged', {
      actorId: actor.id,
      body: null,
      internal: false,
      notifyTenant: true,
      staffResponse: true,
    });
  }
  await publishWorkOrderUpdate(tx, order, 'cancelled');
  await tellVendor(tx, {
    vendorId: order.vendorId,
    template: 'cancelled',
    values: () => ({ id: String(order.id), title: order.title, reason }),
    path: `/vendor-portal/work-orders/${order.id}`,
    key: `cancelled:${order.id}`,
    type: 'warning',
  });
}

/** What a staff command on an open work order leaves to audit, and the work order it answers. */
type StaffStep = { action: 'work_order_cancelled' | 'work_order_reassigned'; workOrderId: number; values: Record<string, unknown> };

/**
 * Runs `work` in one transaction on the open work order `options.workOrderId` of `actor`'s scope,
 * locked, then records the audit entry it answers (after the work order's id). A `Refused` thrown
 * inside rolls everything back and answers its outcome; `not_found` is audited when the work
 * order exists.
 */
async function onScopedOpenOrder(
  options: StaffCommandOptions,
  work: (tx: Db, order: ScopedOrder) => Promise<StaffStep>,
): Promise<StaffCommandOutcome> {
  const { db, actor, origin, workOrderId } = options;
  let outcome: StaffCommandOutcome;
  try {
    outcome = await db.transaction(async (tx) => {
      const order = await lockScopedOpenOrder(tx, actor, workOrderId);
      const step = await work(tx, order);
      await recordAuditEvent({
        db: tx,
        userId: actor.id,
        action: step.action,
        origin,
        tableName: 'work_order',
        values: { work_order_id: order.id, ...step.values },
      });
      return { ok: true as const, workOrderId: step.workOrderId };
    });
  } catch (error) {
    if (!(error instanceof Refused)) throw error;
    outcome = error.outcome;
  }
  if (!outcome.ok && outcome.reason === 'not_found') await recordDeniedAssignmentAccess(options);
  return outcome;
}

/**
 * Staff cancel an open work order with `reason` (decision 029): status `cancelled`,
 * a history entry, the request back to `triaged` when a visit was planned, the vendor told, the
 * live event and the audit entry (`work_order_cancelled`). `not_found` (audited) outside the
 * actor's scope; `invalid_transition` when it is no longer open.
 */
export function cancelWorkOrder({ reason, ...options }: StaffCommandOptions & { reason: string }): Promise<StaffCommandOutcome> {
  return onScopedOpenOrder(options, async (tx, order) => {
    await cancelLocked(tx, options.actor, order, reason, 'cancelled');
    return { action: 'work_order_cancelled', workOrderId: order.id, values: { from: order.status, reason } };
  });
}

/**
 * Staff reassign an open work order to vendor `vendorId` with `reason`, in one transaction: the
 * open order is cancelled (a `reassigned` entry; its vendor told), and `createWorkOrder` offers
 * the job to the new vendor with the same instructions and due time (the new vendor's in-app
 * notification in its language, its e-mail job, the live event). The new vendor must differ
 * (`same_vendor`) and be eligible on `today` — otherwise the refusal (`vendor_not_approved`,
 * `insurance_unverified`, `insurance_expired`, `vendor_not_found`) rolls everything back.
 * Answers the new work order's id.
 */
export function reassignWorkOrder({
  vendorId,
  reason,
  today = utcToday(),
  ...options
}: StaffCommandOptions & { vendorId: number; reason: string; today?: string }): Promise<StaffCommandOutcome> {
  const { actor } = options;
  return onScopedOpenOrder(options, async (tx, order) => {
    if (order.vendorId === vendorId) throw new Refused({ ok: false, reason: 'same_vendor' });
    await cancelLocked(tx, actor, order, reason, 'reassigned');
    const [target] = await tx
      .select({ locale: user.locale })
      .from(vendor)
      .leftJoin(user, eq(user.id, vendor.userId))
      .where(eq(vendor.id, vendorId));
    const created = await createWorkOrder(tx, {
      actorId: actor.id,
      vendorId,
      maintenanceRequestId: order.maintenanceRequestId,
      projectId: order.maintenanceRequestId === null ? order.projectId : null,
      instructions: order.instructions,
      dueAt: order.dueAt,
      today,
      notification: offeredNotification(target?.locale, order.title),
    });
    if (!created.ok) throw new Refused({ ok: false, reason: created.reason === 'target_not_found' ? 'not_found' : created.reason });
    await tx.insert(workOrderEvent).values({ workOrderId: created.workOrderId, actorId: actor.id, kind: 'reassigned', note: reason });
    return {
      action: 'work_order_reassigned',
      workOrderId: created.workOrderId,
      values: { new_work_order_id: created.workOrderId, from_vendor_id: order.vendorId, to_vendor_id: vendorId, reason },
    };
  });
}
