/**
 * The vendor portal's work orders (decision 029): a vendor's list (filters, keyset
 * pages), one work order (the unit's address, the tenant's entry permission and windows, the
 * request's photos, the history), and the vendor's commands — accept, decline with a reason,
 * schedule the visit, start, add a status note with before/after photos, complete.
 *
 * Who: the vendor whose record is linked to the signed-in account (`vendor.user_id`), for its
 * own work orders only; another vendor's work order is "not found", exactly like an unknown id,
 * and the refusal is audited (`auditRefusalIfExists`). Admins have no vendor record here.
 *
 * Every command locks the work order, checks the move with `canMoveWorkOrder`, and in one
 * transaction writes the status and its timestamps, a history entry, the request's own move
 * (`moveMaintenanceRequest`: the tenant hears of the visit, the start and the completion), a live
 * `work_order.updated` event to the vendor, the admins and the building's manager, the audit
 * entry and, for a decline, the staff's notifications. Services answer reason codes; the pages
 * map them to statuses (404, 409, 422).
 *
 * Speed (issue "Numbers": the vendor's list p95 ≤ 50 ms at 50,000 work orders): the list walks
 * `work_order_vendor_idx` / `work_order_vendor_status_idx` / `work_order_vendor_building_idx`
 * (vendor, [status | building,] created_at, id; migration 0018) backwards from the cursor and
 * stops after one page; the joins are by primary key; "#42" is a lookup by key. Proven by
 * EXPLAIN in work-orders-plans.server.test.ts and timed by tests/bench/work-orders.ts.
 */
import { and, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  canMoveMaintenance,
  moveMaintenanceRequest,
  MAINTENANCE_STATUS_MAIL_TOPIC,
  publishMaintenanceUpdated,
  type MaintenanceStatus,
  type MaintenanceStatusMailPayload,
} from './maintenance-request-core.server';
import { containsPattern } from '~/lib/like-pattern';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import {
  building,
  document,
  invoice,
  maintenanceEvent,
  maintenanceRequest,
  project,
  property,
  vendor,
  workOrder,
  workOrderEvent,
} from '~/server/db/schema';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import type { StoredPhoto } from '~/server/uploads/receive-photos.server';
import { photoDocumentValues } from '~/server/uploads/photo-documents.server';
import { canMoveWorkOrder, publishWorkOrderUpdate, workOrderFacts, type WorkOrderStatus } from './work-order-core.server';
import { auditWorkOrderRefusal } from './work-order-refusals.server';
import { tellStaff } from './work-order-mail.server';
import {
  readInvoiceSummaries,
  readOrderRequest,
  readWorkOrderDetail,
  selectWorkOrderJobs,
  workOrderAfter,
  workOrderCreatedAtText,
  type WorkOrderListQuery,
} from './work-order-read.server';
import { type PhotoPhase } from './completion.schemas';
import {
  formatWorkOrderCursor,
  VENDOR_OVERVIEW_STATUSES,
  VENDOR_WORK_ORDERS_PAGE_SIZE,
  type VendorWorkOrderFilters,
} from './work-order-lists.schemas';
import type { BuildingChoice, RequestPriority, VendorSummary, VendorWorkOrderDetail, VendorWorkOrderList } from './work-orders.types';
import { INT4_MAX } from '~/lib/ids';

/** The acting user as these services need it. */
export type VendorViewer = Pick<Viewer, 'id' | 'role'>;

/** Statuses from which a vendor may send an invoice. */
export const INVOICEABLE_STATUSES = ['in_progress', 'completed'] as const satisfies readonly WorkOrderStatus[];
/** Statuses in which a vendor may add a status note. */
const NOTE_STATUSES: readonly WorkOrderStatus[] = ['accepted', 'scheduled', 'in_progress'];
/** Request statuses after which the vendor can no longer act on its work order. */
const FINISHED_REQUEST_STATUSES: readonly MaintenanceStatus[] = ['closed', 'cancelled'];

/** The vendor record linked to the account `userId` (`vendor.user_id`), or null. */
export async function findAccountVendor(db: Db, userId: string): Promise<VendorSummary | null> {
  const [row] = await db
    .select({ id: vendor.id, companyName: vendor.companyName, status: vendor.status })
    .from(vendor)
    .where(eq(vendor.userId, userId))
    .limit(1);
  return row ?? null;
}

/** The vendor record linked to `viewer`'s account (vendor.user_id = viewer.id), or null (not a vendor, or no record linked). */
export async function findViewerVendor(db: Db, viewer: VendorViewer): Promise<VendorSummary | null> {
  return viewer.role === 'vendor' ? findAccountVendor(db, viewer.id) : null;
}

export type VendorOverview = {
  vendor: VendorSummary | null;
  /** Work orders by status (every overview status present, 0 when none). */
  counts: Record<(typeof VENDOR_OVERVIEW_STATUSES)[number], number>;
  /** Invoices waiting for a decision, and approved ones waiting for payment. */
  invoices: { submitted: number; approved: number };
};

/** The vendor portal overview's counts: the viewer's work orders by status and their open invoices (one grouped query each). */
export async function countVendorWorkOrders({ db, viewer }: { db: Db; viewer: VendorViewer }): Promise<VendorOverview> {
  const counts = Object.fromEntries(VENDOR_OVERVIEW_STATUSES.map((status) => [status, 0])) as VendorOverview['counts'];
  const record = await findViewerVendor(db, viewer);
  if (!record) return { vendor: null, counts, invoices: { submitted: 0, approved: 0 } };
  const [byStatus, byInvoice] = await Promise.all([
    db.select({ status: workOrder.status, n: count() }).from(workOrder).where(eq(workOrder.vendorId, record.id)).groupBy(workOrder.status),
    db
      .select({ status: invoice.status, n: count() })
      .from(invoice)
      .where(and(eq(invoice.vendorId, record.id), inArray(invoice.status, ['submitted', 'approved'])))
      .groupBy(invoice.status),
  ]);
  for (const row of byStatus) if (row.status in counts) counts[row.status as keyof typeof counts] = Number(row.n);
  return {
    vendor: record,
    counts,
    invoices: {
      submitted: Number(byInvoice.find((row) => row.status === 'submitted')?.n ?? 0),
      approved: Number(byInvoice.find((row) => row.status === 'approved')?.n ?? 0),
    },
  };
}

/** A search that is a work order number ("42", "#42"), or null. */
function searchedId(q: string): number | null {
  const match = /^#?(\d{1,10})$/.exec(q);
  if (!match) return null;
  const id = Number(match[1]);
  return id >= 1 && id <= INT4_MAX ? id : null;
}

/**
 * The text search of the vendor's list: "#42" is work order 42 (a lookup by key); otherwise part
 * of the job's title (the request's title or the project's name), or a work order number typed
 * without "#". From three characters on, the matching requests and projects are found through
 * their trigram indexes (migration 0018) and the list keeps its work orders among them — cheap
 * whether the words are rare or common; a shorter search is tested row by row as the list walks.
 */
function searchCondition(db: Db, q: string): SQL | undefined {
  const id = searchedId(q);
  if (id && q.startsWith('#')) return eq(workOrder.id, id);
  const pattern = containsPattern(q);
  const byNumber = id ? eq(workOrder.id, id) : undefined;
  if (q.length < 3) return or(ilike(maintenanceRequest.title, pattern), ilike(project.name, pattern), byNumber);
  return or(
    inArray(
      workOrder.maintenanceRequestId,
      db.select({ id: maintenanceRequest.id }).from(maintenanceRequest).where(ilike(maintenanceRequest.title, pattern)),
    ),
    inArray(workOrder.projectId, db.select({ id: project.id }).from(project).where(ilike(project.name, pattern))),
    byNumber,
  );
}

/**
 * One page of the viewer's work orders, newest first (`limit` after `cursor`), filtered by
 * status, building, city (whole, any case) and a text (`q`: part of the job's title, or a work
 * order number; see `searchCondition`). Answers the rows with the
 * unit's address and the next page's cursor. Someone without a vendor record gets an empty page.
 */
export async function findVendorWorkOrders({
  db,
  viewer,
  filters,
  cursor = null,
  limit = VENDOR_WORK_ORDERS_PAGE_SIZE,
}: WorkOrderListQuery<VendorWorkOrderFilters> & { viewer: VendorViewer }): Promise<VendorWorkOrderList> {
  const record = await findViewerVendor(db, viewer);
  if (!record) return { items: [], nextCursor: null };
  const conditions: (SQL | undefined)[] = [eq(workOrder.vendorId, record.id)];
  if (filters.status) conditions.push(eq(workOrder.status, filters.status));
  if (filters.buildingId) conditions.push(eq(workOrder.buildingId, filters.buildingId));
  if (filters.city) conditions.push(sql`lower(${building.city}) = lower(${filters.city})`);
  if (filters.q) conditions.push(searchCondition(db, filters.q));
  conditions.push(workOrderAfter(cursor));
  const rows = await selectWorkOrderJobs(db, {
    id: workOrder.id,
    createdAtText: workOrderCreatedAtText,
    status: workOrder.status,
    requestTitle: maintenanceRequest.title,
    projectName: project.name,
    category: maintenanceRequest.category,
    priority: maintenanceRequest.priority,
    buildingName: building.name,
    buildingStreet: building.streetAddress,
    buildingCity: building.city,
    buildingState: building.state,
    unitAddress: property.address,
    unitNumber: property.unitNumber,
    scheduledFor: workOrder.scheduledFor,
    dueAt: workOrder.dueAt,
  })
    .where(and(...conditions))
    .orderBy(desc(workOrder.createdAt), desc(workOrder.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.id,
      status: row.status,
      title: row.requestTitle ?? row.projectName ?? '',
      kind: row.requestTitle !== null ? 'maintenance' : 'project',
      category: row.category,
      priority: row.priority as RequestPriority | null,
      buildingName: row.buildingName,
      address: row.unitAddress ?? row.buildingStreet,
      city: row.buildingCity,
      state: row.buildingState,
      unitNumber: row.unitNumber,
      scheduledFor: row.scheduledFor?.toISOString() ?? null,
      dueAt: row.dueAt?.toISOString() ?? null,
      createdAt: row.createdAtText,
    })),
    nextCursor: rows.length > limit && last ? formatWorkOrderCursor({ createdAt: last.createdAtText, id: last.id }) : null,
  };
}

/** The buildings the viewer has work orders in (the list's building filter), by name, at most 200. */
export async function findVendorBuildings({ db, viewer }: { db: Db; viewer: VendorViewer }): Promise<BuildingChoice[]> {
  const record = await findViewerVendor(db, viewer);
  if (!record) return [];
  // The vendor's buildings from `work_order_vendor_building_idx` alone (an index-only scan), then their names.
  return db
    .select({ id: building.id, name: building.name, city: building.city })
    .from(building)
    .where(inArray(building.id, db.selectDistinct({ id: workOrder.buildingId }).from(workOrder).where(eq(workOrder.vendorId, record.id))))
    .orderBy(building.name, building.id)
    .limit(200);
}

/**
 * Work order `workOrderId` as its vendor sees it (the place, the request with the tenant's entry
 * permission, windows, notes and photos, the history, its invoices), or null when it is unknown
 * or not the viewer's vendor's (the caller records the refusal with `recordDeniedWorkOrderAccess`).
 */
export async function findVendorWorkOrderDetail({
  db,
  viewer,
  workOrderId,
}: {
  db: Db;
  viewer: VendorViewer;
  workOrderId: number;
}): Promise<VendorWorkOrderDetail | null> {
  const record = await findViewerVendor(db, viewer);
  if (!record || !Number.isSafeInteger(workOrderId)) return null;
  const detail = await readWorkOrderDetail(db, and(eq(workOrder.id, workOrderId), eq(workOrder.vendorId, record.id)));
  if (!detail) return null;
  const invoices = await readInvoiceSummaries(db, and(eq(invoice.workOrderId, workOrderId), eq(invoice.vendorId, record.id)), {
    limit: 20,
  });
  const { vendorId: _vendorId, buildingId: _buildingId, raw: _raw, ...rest } = detail;
  return { ...rest, invoices, invoiceable: (INVOICEABLE_STATUSES as readonly string[]).includes(detail.status) };
}

/** The viewer's request about one of its work orders (a command, or a refusal to record). */
type CommandOptions = { db: Db; viewer: VendorViewer; origin: RequestOrigin; workOrderId: number };

/**
 * Records that `viewer` was refused work order `workOrderId` (another vendor's): an audited
 * `access_denied` on `work_order`, only when that id exists (probing unknown ids writes nothing).
 */
export async function recordDeniedWorkOrderAccess({ db, viewer, workOrderId, origin }: CommandOptions): Promise<void> {
  await auditWorkOrderRefusal(db, viewer, { table: 'work_order', id: workOrderId, reason: 'not_your_work_order', origin });
}

/** Why a vendor's command was refused. */
export type VendorCommandRefusal = 'not_found' | 'invalid_transition' | 'request_closed' | 'empty_note';

export type VendorCommandOutcome =
  { ok: true; workOrderId: number; status: WorkOrderStatus } | { ok: false; reason: VendorCommandRefusal; current?: WorkOrderStatus };

/** The locked work order of `vendorId`, with its request's status (null: not theirs or unknown). */
async function lockOwnWorkOrder(tx: Db, vendorId: number, workOrderId: number) {
  const [order] = await tx
    .select({ ...workOrderFacts, scheduledFor: workOrder.scheduledFor })
    .from(workOrder)
    .where(and(eq(workOrder.id, workOrderId), eq(workOrder.vendorId, vendorId)))
    .for('update');
  if (!order) return null;
  return { ...order, request: await readOrderRequest(tx, order.maintenanceRequestId) };
}

type LockedOrder = NonNullable<Awaited<ReturnType<typeof lockOwnWorkOrder>>>;

/**
 * Runs `work` in one transaction on the viewer's vendor's work order `workOrderId`, locked. An
 * unknown or foreign id (or a viewer without a vendor record) answers `not_found`, audited when
 * the work order exists.
 */
async function onOwnWorkOrder(
  options: CommandOptions,
  work: (tx: Db, order: LockedOrder) => Promise<VendorCommandOutcome>,
): Promise<VendorCommandOutcome> {
  const record = await findViewerVendor(options.db, options.viewer);
  const outcome = !record
    ? ({ ok: false, reason: 'not_found' } as const)
    : await options.db.transaction(async (tx): Promise<VendorCommandOutcome> => {
        const order = await lockOwnWorkOrder(tx, record.id, options.workOrderId);
        return order ? work(tx, order) : { ok: false, reason: 'not_found' };
      });
  if (!outcome.ok && outcome.reason === 'not_found') await recordDeniedWorkOrderAccess(options);
  return outcome;
}

/**
 * What closes every vendor command, in its transaction: the live event of `order` (now `status`)
 * and the `work_order_status_changed` audit entry with `values` (after the work order's id).
 */
async function announceVendorStep(
  tx: Db,
  { viewer, origin }: CommandOptions,
  order: LockedOrder,
  status: WorkOrderStatus,
  values: Record<string, unknown>,
): Promise<VendorCommandOutcome> {
  await publishWorkOrderUpdate(tx, order, status);
  await recordAuditEvent({
    db: tx,
    userId: viewer.id,
    action: 'work_order_status_changed',
    origin,
    tableName: 'work_order',
    values: { work_order_id: order.id, ...values },
  });
  return { ok: true, workOrderId: order.id, status };
}

/**
 * Moves the request of a work order to `to` when the request's life cycle allows it from where
 * it is (and it is not there already); otherwise leaves it. Throws on a refusal it did not expect.
 */
export async function followRequest(
  tx: Db,
  request: { id: number; status: MaintenanceStatus } | null,
  to: MaintenanceStatus,
  options: {
    actorId: string;
    body?: string | null;
    internal?: boolean;
    notifyTenant?: boolean;
    scheduledFor?: string | null;
    staffResponse?: boolean;
  },
): Promise<void> {
  if (!request || request.status === to || !canMoveMaintenance(request.status, to)) return;
  const moved = await moveMaintenanceRequest(tx, { requestId: request.id, to, ...options });
  if (!moved.ok) throw new Error(`maintenance request ${request.id} could not move to ${to}: ${moved.reason}`);
}

/**
 * A new visit time for a request that is already `scheduled` (its life cycle has no scheduled →
 * scheduled move): a `scheduled` timeline entry, the live event and the tenant's "visit
 * scheduled" notification and e-mail (the same job `moveMaintenanceRequest` enqueues).
 */
async function announceReschedule(
  tx: Db,
  request: { id: number },
  { actorId, scheduledFor }: { actorId: string; scheduledFor: string },
): Promise<void> {
  const [row] = await tx
    .select({ tenantId: maintenanceRequest.tenantId, buildingId: maintenanceRequest.buildingId })
    .from(maintenanceRequest)
    .where(eq(maintenanceRequest.id, request.id));
  if (!row) return;
  await tx.insert(maintenanceEvent).values({
    requestId: request.id,
    actorId,
    kind: 'scheduled',
    fromStatus: 'scheduled',
    toStatus: 'scheduled',
    body: null,
    internal: false,
  });
  await publishMaintenanceUpdated(tx, { id: request.id, status: 'scheduled', tenantId: row.tenantId, buildingId: row.buildingId });
  if (row.tenantId) {
    const payload: MaintenanceStatusMailPayload = {
      requestId: request.id,
      tenantId: row.tenantId,
      status: 'scheduled',
      scheduledFor,
      note: null,
    };
    await enqueueOutbox(tx, [
      {
        topic: MAINTENANCE_STATUS_MAIL_TOPIC,
        payload,
        dedupeKey: `maintenance-status:${request.id}:rescheduled:${scheduledFor}:${Date.now()}`,
      },
    ]);
  }
}

type Transition = {
  to: WorkOrderStatus;
  /** Columns set with the status. */
  patch?: Partial<typeof workOrder.$inferInsert>;
  note?: string | null;
  photos?: StoredPhoto[];
  photoPhase?: PhotoPhase | null;
  /** The request's own move and anyone else to tell, in the transaction. */
  effects?: (tx: Db, order: LockedOrder, actorId: string) => Promise<void>;
};

/**
 * The skeleton of every vendor command: finds the viewer's vendor, locks its work order, refuses
 * a move `canMoveWorkOrder` forbids (409) or a work order whose request is closed or cancelled
 * (409), then writes the status, the history entry (with photos), the `document` rows of the
 * photos, the effects, the live event and the audit entry in one transaction. An unknown or
 * foreign id answers `not_found`, audited when the work order exists.
 */
async function runTransition(options: CommandOptions, transition: Transition): Promise<VendorCommandOutcome> {
  const { viewer } = options;
  return onOwnWorkOrder(options, async (tx, order) => {
    if (!canMoveWorkOrder(order.status, transition.to)) return { ok: false, reason: 'invalid_transition', current: order.status };
    if (order.request && FINISHED_REQUEST_STATUSES.includes(order.request.status))
      return { ok: false, reason: 'request_closed', current: order.status };
    await tx
      .update(workOrder)
      .set({ status: transition.to, ...transition.patch })
      .where(eq(workOrder.id, order.id));
    const photoUrls = (transition.photos ?? []).map((photo) => photo.url);
    await tx.insert(workOrderEvent).values({
      workOrderId: order.id,
      actorId: viewer.id,
      kind: 'status',
      fromStatus: order.status,
      toStatus: transition.to,
      note: transition.note ?? null,
      photoUrls,
      photoPhase: photoUrls.length > 0 ? (transition.photoPhase ?? null) : null,
    });
    await insertPhotoDocuments(tx, order.id, viewer.id, transition.photos ?? []);
    await transition.effects?.(tx, order, viewer.id);
    return announceVendorStep(tx, options, order, transition.to, { from: order.status, to: transition.to, photos: photoUrls.length });
  });
}

/** `document` rows (kind photo, owner `work_order`) for photos stored by the upload pipeline. */
async function insertPhotoDocuments(tx: Db, workOrderId: number, actorId: string, photos: StoredPhoto[]): Promise<void> {
  if (photos.length === 0) return;
  await tx.insert(document).values(photoDocumentValues(photos, { ownerType: 'work_order', ownerId: workOrderId, createdBy: actorId }));
}

/** The vendor accepts an offered work order (offered → accepted; `accepted_at`). The request does not move. */
export function acceptWorkOrder(options: CommandOptions): Promise<VendorCommandOutcome> {
  return runTransition(options, { to: 'accepted', patch: { acceptedAt: new Date() } });
}

/**
 * The vendor declines an offered work order with `reason` (offered → declined;
 * `decline_reason`). The request goes back to `triaged` (an internal timeline entry; the tenant
 * is told only when a visit had been scheduled), and staff are notified (in-app to the admins and
 * the building's manager, e-mail to the manager).
 */
export function declineWorkOrder(options: CommandOptions & { reason: string }): Promise<VendorCommandOutcome> {
  return runTransition(options, {
    to: 'declined',
    patch: { declineReason: options.reason },
    note: options.reason,
    effects: async (tx, order, actorId) => {
      const visitPlanned = order.request?.status === 'scheduled' || order.request?.status === 'in_progress';
      await followRequest(tx, order.request, 'triaged', { actorId, body: options.reason, internal: true, notifyTenant: visitPlanned });
      const [names] = await tx
        .select({ vendorName: vendor.companyName, projectName: project.name })
        .from(workOrder)
        .innerJoin(vendor, eq(vendor.id, workOrder.vendorId))
        .leftJoin(project, eq(project.id, workOrder.projectId))
        .where(eq(workOrder.id, order.id));
      const title = order.request?.title ?? names?.projectName ?? '';
      await tellStaff(tx, {
        workOrderId: order.id,
        buildingId: order.buildingId,
        template: 'declined',
        values: () => ({ id: String(order.id), title, vendor: names?.vendorName ?? '', reason: options.reason }),
        key: `declined:${order.id}`,
        type: 'warning',
      });
    },
  });
}

/**
 * The vendor schedules (or moves) the visit at `scheduledFor` (ISO instant): accepted → scheduled
 * or scheduled → scheduled, `scheduled_for` set. The request moves to `scheduled` with the time,
 * so the tenant is notified; a request already scheduled gets the new time announced instead.
 */
export function scheduleWorkOrder(options: CommandOptions & { scheduledFor: string }): Promise<VendorCommandOutcome> {
  return runTransition(options, {
    to: 'scheduled',
    patch: { scheduledFor: new Date(options.scheduledFor) },
    effects: async (tx, order, actorId) => {
      if (order.request?.status === 'scheduled')
        await announceReschedule(tx, order.request, { actorId, scheduledFor: options.scheduledFor });
      else await followRequest(tx, order.request, 'scheduled', { actorId, scheduledFor: options.scheduledFor });
    },
  });
}

/** The vendor starts the work (accepted or scheduled → in_progress; `started_at`); the request follows (the tenant is told). */
export function startWorkOrder(options: CommandOptions): Promise<VendorCommandOutcome> {
  return runTransition(options, {
    to: 'in_progress',
    patch: { startedAt: new Date() },
    effects: (tx, order, actorId) => followRequest(tx, order.request, 'in_progress', { actorId }),
  });
}

/**
 * The vendor completes the work with `notes` and optional after photos (in_progress →
 * completed; `completed_at`, `completion_notes`); the request moves to `completed` with the
 * notes on the tenant's timeline (the tenant is told and may rate the work).
 */
export function completeWorkOrder(options: CommandOptions & { notes: string; photos?: StoredPhoto[] }): Promise<VendorCommandOutcome> {
  return runTransition(options, {
    to: 'completed',
    patch: { completedAt: new Date(), completionNotes: options.notes },
    note: options.notes,
    photos: options.photos ?? [],
    photoPhase: 'after',
    effects: (tx, order, actorId) => followRequest(tx, order.request, 'completed', { actorId, body: options.notes }),
  });
}

/**
 * A status note with before/after photos on a work order in progress (accepted, scheduled or in
 * progress): a `note` history entry (`photo_phase` when photos come), the photos' `document`
 * rows, the live event and the audit entry; the status does not change. A note with neither text
 * nor photos is refused (`empty_note`); a finished work order answers `invalid_transition`.
 */
export async function addWorkOrderNote({
  note,
  phase = null,
  photos = [],
  ...options
}: CommandOptions & { note: string; phase?: PhotoPhase | null; photos?: StoredPhoto[] }): Promise<VendorCommandOutcome> {
  if (note.trim() === '' && photos.length === 0) return { ok: false, reason: 'empty_note' };
  const { viewer } = options;
  return onOwnWorkOrder(options, async (tx, order) => {
    if (!NOTE_STATUSES.includes(order.status)) return { ok: false, reason: 'invalid_transition', current: order.status };
    const photoUrls = photos.map((photo) => photo.url);
    await tx.insert(workOrderEvent).values({
      workOrderId: order.id,
      actorId: viewer.id,
      kind: 'note',
      note: note.trim() || null,
      photoUrls,
      photoPhase: photoUrls.length > 0 ? (phase ?? 'before') : null,
    });
    await insertPhotoDocuments(tx, order.id, viewer.id, photos);
    return announceVendorStep(tx, options, order, order.status, { note: true, photos: photoUrls.length });
  });
}

/**
 * Whether work order `workOrderId` is the viewer's vendor's (a cheap check made before an
 * upload's body is read, so a foreign id never gets a byte stored).
 */
export async function isOwnWorkOrder({ db, viewer, workOrderId }: { db: Db; viewer: VendorViewer; workOrderId: number }): Promise<boolean> {
  const record = await findViewerVendor(db, viewer);
  if (!record) return false;
  const [row] = await db
    .select({ id: workOrder.id })
    .from(workOrder)
    .where(and(eq(workOrder.id, workOrderId), eq(workOrder.vendorId, record.id)));
  return Boolean(row);
}
