/**
 * Maintenance requests from the tenant's side (decision 027): report a problem in a
 * home one rents (with up to five photos already through the upload pipeline), follow it, comment,
 * cancel it while nobody has been sent, and rate the finished work.
 *
 * Every function takes the acting tenant (`viewer`) and scopes itself: a tenant reaches only their
 * own requests (someone else's is `not_found`, like an unknown id, and the refusal is audited when
 * the id exists) and may report only for a unit on which they are a party to an active or signed
 * lease. Answers data or a reason code; routes map reasons to statuses and translated messages.
 * Status changes go through `moveMaintenanceRequest` (timeline, live event, tenant's job).
 */
import { and, count, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { auditRefusalIfExists, recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import {
  building,
  document,
  lease,
  leaseTenant,
  maintenanceEvent,
  maintenanceRequest,
  property,
  user,
  vendor,
  workOrder,
  workOrderEvent,
  type notification,
} from '~/server/db/schema';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import { publishEvents } from '~/server/realtime/events.server';
import type { StoredPhoto } from '~/server/uploads/receive-photos.server';
import { OPEN_WORK_ORDER_STATUSES, workOrderAudiences } from '~/features/work-orders/work-order-core.server';
import {
  OPEN_MAINTENANCE_STATUSES,
  maintenanceAudiences,
  moveMaintenanceRequest,
  type MaintenanceCategory,
  type MaintenancePriority,
  type MaintenanceStatus,
} from '~/features/work-orders/maintenance-request-core.server';
import { computeSlaDueAt } from './sla.server';
import {
  FINISHED_MAINTENANCE_STATUSES,
  MAINTENANCE_MAX_PHOTOS,
  TENANT_CANCELLABLE_STATUSES,
  TENANT_RATABLE_STATUSES,
  TENANT_REQUESTS_PAGE_SIZE,
  maintenanceCancelSchema,
  maintenanceCommentSchema,
  maintenanceRatingSchema,
  maintenanceRequestSchema,
  type EntryWindow,
} from './tenant-requests.schemas';
import {
  MAINTENANCE_MAIL_TOPIC,
  commentNotification,
  newRequestMailValues,
  newRequestNotification,
  workOrderCancelledNotification,
  type MaintenanceMailPayload,
} from './tenant-requests-mail.server';
import { isId } from '~/lib/ids';

/** The acting tenant as these functions need them. */
export type TenantActor = Pick<Viewer, 'id' | 'name'>;

/** A home the tenant may report a problem in. */
export type TenantUnit = { unitId: number; leaseId: number; buildingId: number | null; label: string; address: string };

const LEASE_STATUSES_FOR_REQUESTS = ['active', 'signed'] as const;

function unitLabelOf(row: { buildingName: string | null; unitNumber: string | null; title: string }): string {
  return row.buildingName && row.unitNumber ? `${row.buildingName} · ${row.unitNumber}` : row.title;
}

function validId(id: number): boolean {
  return isId(id);
}

/**
 * The homes `viewer` may report problems in: units of leases with status active or signed on
 * which they are the primary tenant or a linked signer (`lease_tenant.user_id`). One entry per
 * unit (its newest such lease), active leases first.
 */
export async function findTenantUnits(db: Db, viewer: Pick<Viewer, 'id'>): Promise<TenantUnit[]> {
  const rows = await db
    .select({
      leaseId: lease.id,
      status: lease.status,
      startDate: lease.startDate,
      unitId: property.id,
      buildingId: property.buildingId,
      title: property.title,
      unitNumber: property.unitNumber,
      address: property.address,
      city: property.city,
      state: property.state,
      buildingName: building.name,
    })
    .from(lease)
    .innerJoin(property, eq(property.id, lease.propertyId))
    .leftJoin(building, eq(building.id, property.buildingId))
    .where(
      and(
        inArray(lease.status, [...LEASE_STATUSES_FOR_REQUESTS]),
        or(
          eq(lease.tenantId, viewer.id),
          sql`exists (select 1 from ${leaseTenant} where ${leaseTenant.leaseId} = ${lease.id} and ${leaseTenant.userId} = ${viewer.id})`,
        ),
      ),
    )
    .orderBy(sql`case when ${lease.status} = 'active' then 0 else 1 end`, desc(lease.startDate), desc(lease.id));
  const seen = new Set<number>();
  const units: TenantUnit[] = [];
  for (const row of rows) {
    if (seen.has(row.unitId)) continue;
    seen.add(row.unitId);
    units.push({
      unitId: row.unitId,
      leaseId: row.leaseId,
      buildingId: row.buildingId,
      label: unitLabelOf(row),
      address: `${row.address}, ${row.city}, ${row.state}`,
    });
  }
  return units;
}

export type CreateMaintenanceOutcome =
  | { ok: true; requestId: number; replayed: boolean; priority: MaintenancePriority }
  | { ok: false; reason: 'invalid'; error: z.ZodError }
  | { ok: false; reason: 'unit_not_leased' }
  | { ok: false; reason: 'too_many_photos'; limit: number };

/** The request `viewer` already sent with `clientId`, if any. */
async function requestByClientId(
  db: Db,
  tenantId: string,
  clientId: string,
): Promise<{ id: number; priority: MaintenancePriority } | null> {
  const [row] = await db
    .select({ id: maintenanceRequest.id, priority: maintenanceRequest.priority })
    .from(maintenanceRequest)
    .where(and(eq(maintenanceRequest.tenantId, tenantId), eq(maintenanceRequest.clientId, clientId)));
  return row ?? null;
}

/** Admins (not banned) and the building's manager, with what a notification or e-mail needs. */
async function staffOf(
  db: Db,
  buildingId: number | null,
): Promise<{ id: string; email: string; name: string; firstName: string | null; locale: string; isManager: boolean }[]> {
  const [home] =
    buildingId === null ? [] : await db.select({ managerId: building.managerId }).from(building).where(eq(building.id, buildingId));
  const managerId = home?.managerId ?? null;
  const rows = await db
    .select({ id: user.id, email: user.email, name: user.name, firstName: user.firstName, locale: user.locale })
    .from(user)
    .where(and(eq(user.banned, false), managerId ? or(eq(user.role, 'admin'), eq(user.id, managerId)) : eq(user.role, 'admin')));
  return rows.map((row) => ({ ...row, isManager: row.id === managerId }));
}

/** Where a staff member opens request `id`: the admin queue, or a manager's dashboard. */
function staffRequestPath(isManager: boolean, requestId: number): string {
  return isManager ? `/dashboard/maintenance/${requestId}` : `/admin/maintenance/${requestId}`;
}

/**
 * Creates a maintenance request for `viewer` from `input` (the schema's input: form fields with
 * `entryWindows` as an array; validated here with `maintenanceRequestSchema`) and `photos`
 * (stored by the upload pipeline; at most MAINTENANCE_MAX_PHOTOS). Replays are harmless: with a
 * `clientId` the tenant used before, the existing request is answered (`replayed: true`) and
 * nothing is written — the offline queue's "delivered exactly once"; the caller then discards the
 * photos it stored for the replay.
 *
 * In one transaction: the request (`building_id` and `lease_id` from the unit, `sla_due_at` from
 * `computeSlaDueAt`), a `document` row per photo (owner `maintenance_request`), the `submitted`
 * timeline entry, a `maintenance.updated` event to the tenant, the admins and the building's
 * manager, in-app notifications to the admins and the manager (in their language), the manager's
 * e-mail job (MAINTENANCE_MAIL_TOPIC) and the audit entry `maintenance_request_created`.
 *
 * Refusals write nothing: `invalid` (the zod error, for the field messages), `unit_not_leased`
 * (no active or signed lease of the viewer on that unit; audited when the unit exists),
 * `too_many_photos`. `now` is the creation time (tests).
 */
export async function createMaintenanceRequest({
  db,
  viewer,
  origin,
  input,
  photos = [],
  now = new Date(),
}: {
  db: Db;
  viewer: TenantActor;
  origin: RequestOrigin;
  input: unknown;
  photos?: readonly StoredPhoto[];
  now?: Date;
}): Promise<CreateMaintenanceOutcome> {
  const parsed = maintenanceRequestSchema(now.toISOString().slice(0, 10)).safeParse(input);
  if (!parsed.success) return { ok: false, reason: 'invalid', error: parsed.error };
  const values = parsed.data;
  if (photos.length > MAINTENANCE_MAX_PHOTOS) return { ok: false, reason: 'too_many_photos', limit: MAINTENANCE_MAX_PHOTOS };
  if (values.clientId) {
    const earlier = await requestByClientId(db, viewer.id, values.clientId);
    if (earlier) return { ok: true, requestId: earlier.id, replayed: true, priority: earlier.priority };
  }
  const unit = (await findTenantUnits(db, viewer)).find((candidate) => candidate.unitId === values.unitId);
  if (!unit) {
    await auditRefusalIfExists(db, viewer, {
      table: 'property',
      id: values.unitId,
      reason: 'not_leased',
      origin,
      values: { property_id: values.unitId, attempted: 'maintenance_request' },
    });
    return { ok: false, reason: 'unit_not_leased' };
  }
  const slaDueAt = await computeSlaDueAt(db, values.priority, now);
  const entryWindows: EntryWindow[] = values.entryWindows.map(({ date, from, to }) => ({ date, from, to }));
  const photoUrls = photos.map((photo) => photo.url);

  const outcome = await db.transaction(async (tx): Promise<CreateMaintenanceOutcome> => {
    const [created] = await tx
      .insert(maintenanceRequest)
      .values({
        propertyId: unit.unitId,
        buildingId: unit.buildingId,
        leaseId: unit.leaseId,
        tenantId: viewer.id,
        clientId: values.clientId ?? null,
        category: values.category,
        priority: values.priority,
        title: values.title,
        description: values.description,
        location: values.location || null,
        permissionToEnter: values.permissionToEnter,
        entryWindows,
        entryNotes: values.entryNotes || null,
        photoUrls,
        slaDueAt,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({
        target: [maintenanceRequest.tenantId, maintenanceRequest.clientId],
        where: sql`${maintenanceRequest.clientId} IS NOT NULL`,
      })
      .returning({ id: maintenanceRequest.id });
    if (!created) {
      // The same client id won a race with this one: the other delivery stands.
      const earlier = await requestByClientId(tx, viewer.id, values.clientId!);
      return { ok: true, requestId: earlier!.id, replayed: true, priority: earlier!.priority };
    }
    const requestId = created.id;
    if (photos.length > 0) {
      await tx.insert(document).values(
        photos.map((photo) => ({
          ownerType: 'maintenance_request',
          ownerId: String(requestId),
          kind: 'photo' as const,
          storageKey: photo.key,
          url: photo.url,
          mime: photo.mime,
          sizeBytes: photo.sizeBytes,
          sha256: photo.sha256,
          width: photo.width,
          height: photo.height,
          originalName: photo.originalName,
          createdBy: viewer.id,
        })),
      );
    }
    await tx
      .insert(maintenanceEvent)
      .values({ requestId, actorId: viewer.id, kind: 'submitted', toStatus: 'submitted', photoUrls, createdAt: now });
    const audiences = await maintenanceAudiences(tx, { tenantId: viewer.id, buildingId: unit.buildingId });
    await publishEvents(
      tx,
      audiences.map((audience) => ({ audience, type: 'maintenance.updated' as const, payload: { requestId, status: 'submitted' } })),
    );
    const staff = await staffOf(tx, unit.buildingId);
    const facts = { unit: unit.label, title: values.title, category: values.category, priority: values.priority };
    await insertNotifications(
      tx,
      staff.map((member): typeof notification.$inferInsert => ({
        userId: member.id,
        ...newRequestNotification(member.locale, facts),
        actionUrl: staffRequestPath(member.isManager, requestId),
      })),
    );
    const manager = staff.find((member) => member.isManager);
    if (manager) {
      const payload: MaintenanceMailPayload = {
        template: 'newRequest',
        to: manager.email,
        locale: manager.locale,
        name: manager.firstName || manager.name,
        path: staffRequestPath(true, requestId),
        values: newRequestMailValues(manager.locale, {
          ...facts,
          tenant: viewer.name,
          location: values.location,
          description: values.description,
          permissionToEnter: values.permissionToEnter,
          slaDueAt,
        }),
      };
      await enqueueOutbox(tx, [{ topic: MAINTENANCE_MAIL_TOPIC, payload, dedupeKey: `maintenance-new:${requestId}` }]);
    }
    await recordAuditEvent({
      db: tx,
      userId: viewer.id,
      action: 'maintenance_request_created',
      origin,
      tableName: 'maintenance_request',
      values: {
        request_id: requestId,
        property_id: unit.unitId,
        category: values.category,
        priority: values.priority,
        photos: photos.length,
        client_id: values.clientId ?? null,
      },
    });
    return { ok: true, requestId, replayed: false, priority: values.priority };
  });
  return outcome;
}

/** One request in the tenant's list. Dates are ISO instants. */
export type TenantRequestSummary = {
  id: number;
  title: string;
  category: MaintenanceCategory;
  priority: MaintenancePriority;
  status: MaintenanceStatus;
  unitLabel: string;
  createdAt: string;
  updatedAt: string;
  photoUrl: string | null;
  photoCount: number;
  clientId: string | null;
  rating: number | null;
};

export type TenantRequestFilter = 'open' | 'closed' | 'all';

export type TenantRequestList = {
  items: TenantRequestSummary[];
  total: number;
  page: number;
  pageSize: number;
  filter: TenantRequestFilter;
};

const requestColumns = {
  id: maintenanceRequest.id,
  title: maintenanceRequest.title,
  category: maintenanceRequest.category,
  priority: maintenanceRequest.priority,
  status: maintenanceRequest.status,
  createdAt: maintenanceRequest.createdAt,
  updatedAt: maintenanceRequest.updatedAt,
  photoUrls: maintenanceRequest.photoUrls,
  clientId: maintenanceRequest.clientId,
  rating: maintenanceRequest.rating,
  unitTitle: property.title,
  unitNumber: property.unitNumber,
  buildingName: building.name,
};

/**
 * The viewer's own requests, newest first, `TENANT_REQUESTS_PAGE_SIZE` a page (1-based `page`):
 * `open` (submitted … in progress), `closed` (completed, closed, cancelled) or `all`.
 */
export async function listTenantRequests({
  db,
  viewer,
  filter = 'all',
  page = 1,
}: {
  db: Db;
  viewer: Pick<Viewer, 'id'>;
  filter?: TenantRequestFilter;
  page?: number;
}): Promise<TenantRequestList> {
  const pageNumber = Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
  const scope = and(
    eq(maintenanceRequest.tenantId, viewer.id),
    filter === 'open'
      ? inArray(maintenanceRequest.status, [...OPEN_MAINTENANCE_STATUSES])
      : filter === 'closed'
        ? notInArray(maintenanceRequest.status, [...OPEN_MAINTENANCE_STATUSES])
        : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(requestColumns)
      .from(maintenanceRequest)
      .innerJoin(property, eq(property.id, maintenanceRequest.propertyId))
      .leftJoin(building, eq(building.id, maintenanceRequest.buildingId))
      .where(scope)
      .orderBy(desc(maintenanceRequest.createdAt), desc(maintenanceRequest.id))
      .limit(TENANT_REQUESTS_PAGE_SIZE)
      .offset((pageNumber - 1) * TENANT_REQUESTS_PAGE_SIZE),
    db.select({ n: count() }).from(maintenanceRequest).where(scope),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      category: row.category,
      priority: row.priority,
      status: row.status,
      unitLabel: unitLabelOf({ buildingName: row.buildingName, unitNumber: row.unitNumber, title: row.unitTitle }),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      photoUrl: row.photoUrls[0] ?? null,
      photoCount: row.photoUrls.length,
      clientId: row.clientId,
      rating: row.rating,
    })),
    total: total?.n ?? 0,
    page: pageNumber,
    pageSize: TENANT_REQUESTS_PAGE_SIZE,
    filter,
  };
}

/** Who wrote a timeline entry, as the tenant sees it (staff and vendors are not named). */
export type TimelineAuthor = 'you' | 'staff' | 'vendor' | 'system';

export type TenantTimelineEntry = {
  id: number;
  kind: string;
  fromStatus: MaintenanceStatus | null;
  toStatus: MaintenanceStatus | null;
  body: string | null;
  photoUrls: string[];
  author: TimelineAuthor;
  createdAt: string;
};

/** One of the viewer's requests with its public timeline. Dates are ISO. */
export type TenantRequestView = TenantRequestSummary & {
  description: string;
  location: string | null;
  permissionToEnter: boolean;
  entryWindows: EntryWindow[];
  entryNotes: string | null;
  photoUrls: string[];
  ratingComment: string | null;
  cancelReason: string | null;
  unitAddress: string;
  /** The visit of the request's current (or finished) work order, when one is scheduled. */
  visit: { scheduledFor: string; vendorName: string } | null;
  timeline: TenantTimelineEntry[];
  canCancel: boolean;
  canRate: boolean;
  canComment: boolean;
};

/** Timeline kinds a tenant sees (`sla_breached` and internal notes are staff matters). */
const TENANT_VISIBLE_KINDS = ['submitted', 'status', 'comment', 'triaged', 'assigned', 'scheduled', 'rated'];

function parseWindows(value: unknown): EntryWindow[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is EntryWindow =>
      Boolean(item) &&
      typeof item === 'object' &&
      typeof item.date === 'string' &&
      typeof item.from === 'string' &&
      typeof item.to === 'string',
  );
}

/**
 * Request `requestId` if it is `viewer`'s, with its timeline (public entries only, oldest
 * first), the visit of its work order and what the tenant may do now; else null — and a
 * request that exists but is someone else's is audited (`access_denied`, reason `not_own`).
 */
export async function findTenantRequest({
  db,
  viewer,
  requestId,
  origin,
}: {
  db: Db;
  viewer: Pick<Viewer, 'id'>;
  requestId: number;
  origin: RequestOrigin;
}): Promise<TenantRequestView | null> {
  if (!validId(requestId)) return null;
  const [row] = await db
    .select({
      ...requestColumns,
      tenantId: maintenanceRequest.tenantId,
      description: maintenanceRequest.description,
      location: maintenanceRequest.location,
      permissionToEnter: maintenanceRequest.permissionToEnter,
      entryWindows: maintenanceRequest.entryWindows,
      entryNotes: maintenanceRequest.entryNotes,
      ratingComment: maintenanceRequest.ratingComment,
      cancelReason: maintenanceRequest.cancelReason,
      address: property.address,
      city: property.city,
      state: property.state,
    })
    .from(maintenanceRequest)
    .innerJoin(property, eq(property.id, maintenanceRequest.propertyId))
    .leftJoin(building, eq(building.id, maintenanceRequest.buildingId))
    .where(eq(maintenanceRequest.id, requestId));
  if (!row || row.tenantId !== viewer.id) {
    await auditRefusalIfExists(db, viewer, {
      table: 'maintenance_request',
      id: requestId,
      reason: 'not_own',
      origin,
      values: { request_id: requestId },
    });
    return null;
  }
  const [events, [visit]] = await Promise.all([
    db
      .select({
        id: maintenanceEvent.id,
        kind: maintenanceEvent.kind,
        fromStatus: maintenanceEvent.fromStatus,
        toStatus: maintenanceEvent.toStatus,
        body: maintenanceEvent.body,
        photoUrls: maintenanceEvent.photoUrls,
        actorId: maintenanceEvent.actorId,
        actorRole: user.role,
        createdAt: maintenanceEvent.createdAt,
      })
      .from(maintenanceEvent)
      .leftJoin(user, eq(user.id, maintenanceEvent.actorId))
      .where(
        and(
          eq(maintenanceEvent.requestId, requestId),
          eq(maintenanceEvent.internal, false),
          inArray(maintenanceEvent.kind, TENANT_VISIBLE_KINDS),
        ),
      )
      .orderBy(maintenanceEvent.id),
    db
      .select({ scheduledFor: workOrder.scheduledFor, vendorName: vendor.companyName })
      .from(workOrder)
      .innerJoin(vendor, eq(vendor.id, workOrder.vendorId))
      .where(
        and(
          eq(workOrder.maintenanceRequestId, requestId),
          inArray(workOrder.status, ['scheduled', 'in_progress', 'completed']),
          sql`${workOrder.scheduledFor} IS NOT NULL`,
        ),
      )
      .orderBy(desc(workOrder.id))
      .limit(1),
  ]);
  const status = row.status;
  return {
    id: row.id,
    title: row.title,
    category: row.category,
    priority: row.priority,
    status,
    unitLabel: unitLabelOf({ buildingName: row.buildingName, unitNumber: row.unitNumber, title: row.unitTitle }),
    unitAddress: `${row.address}, ${row.city}, ${row.state}`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    photoUrl: row.photoUrls[0] ?? null,
    photoCount: row.photoUrls.length,
    photoUrls: row.photoUrls,
    clientId: row.clientId,
    rating: row.rating,
    ratingComment: row.ratingComment,
    cancelReason: row.cancelReason,
    description: row.description,
    location: row.location,
    permissionToEnter: row.permissionToEnter,
    entryWindows: parseWindows(row.entryWindows),
    entryNotes: row.entryNotes,
    visit: visit?.scheduledFor ? { scheduledFor: visit.scheduledFor.toISOString(), vendorName: visit.vendorName } : null,
    timeline: events.map((event) => ({
      id: event.id,
      kind: event.kind,
      fromStatus: event.fromStatus,
      toStatus: event.toStatus,
      body: event.body,
      photoUrls: event.photoUrls,
      author: event.actorId === viewer.id ? 'you' : event.actorRole === 'vendor' ? 'vendor' : event.actorRole ? 'staff' : 'system',
      createdAt: event.createdAt.toISOString(),
    })),
    canCancel: (TENANT_CANCELLABLE_STATUSES as readonly string[]).includes(status),
    canRate: (TENANT_RATABLE_STATUSES as readonly string[]).includes(status) && row.rating === null,
    canComment: !(FINISHED_MAINTENANCE_STATUSES as readonly string[]).includes(status),
  };
}

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
  if (!validId(requestId)) return null;
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

/** Runs `command` on the viewer's locked request; a request that is not theirs is audited and `not_found`. */
async function onOwnRequest(
  { db, viewer, requestId, origin }: { db: Db; viewer: Pick<Viewer, 'id'>; requestId: number; origin: RequestOrigin },
  command: (tx: Db, request: OwnRequest) => Promise<TenantCommandOutcome>,
): Promise<TenantCommandOutcome> {
  const outcome = await db.transaction(async (tx) => {
    const own = await lockOwnRequest(tx, viewer, requestId);
    if (!own) return { ok: false, reason: 'not_found' } as const;
    return command(tx, own);
  });
  if (!outcome.ok && outcome.reason === 'not_found') {
    await auditRefusalIfExists(db, viewer, {
      table: 'maintenance_request',
      id: requestId,
      reason: 'not_own',
      origin,
      values: { request_id: requestId },
    });
  }
  return outcome;
}

/**
 * Adds the viewer's comment (`input.body`, validated) to their request's timeline (`comment`),
 * tells the request's audiences live and notifies the building's manager in-app (the admins when
 * the building has none). Refused (nothing written): `not_found`, `invalid`, `finished` (closed
 * or cancelled).
 */
export async function commentOnMaintenanceRequest({
  db,
  viewer,
  requestId,
  input,
  origin,
}: {
  db: Db;
  viewer: TenantActor;
  requestId: number;
  input: unknown;
  origin: RequestOrigin;
}): Promise<TenantCommandOutcome> {
  const parsed = maintenanceCommentSchema.safeParse(input);
  return onOwnRequest({ db, viewer, requestId, origin }, async (tx, own) => {
    if (!parsed.success) return { ok: false, reason: 'invalid', error: parsed.error };
    if ((FINISHED_MAINTENANCE_STATUSES as readonly string[]).includes(own.status))
      return { ok: false, reason: 'finished', current: own.status };
    await tx.insert(maintenanceEvent).values({ requestId: own.id, actorId: viewer.id, kind: 'comment', body: parsed.data.body });
    await tx.update(maintenanceRequest).set({ updatedAt: new Date() }).where(eq(maintenanceRequest.id, own.id));
    const audiences = await maintenanceAudiences(tx, { tenantId: viewer.id, buildingId: own.buildingId });
    await publishEvents(
      tx,
      audiences.map((audience) => ({ audience, type: 'maintenance.updated' as const, payload: { requestId: own.id, status: own.status } })),
    );
    const staff = await staffOf(tx, own.buildingId);
    const recipients = staff.some((member) => member.isManager) ? staff.filter((member) => member.isManager) : staff;
    await insertNotifications(
      tx,
      recipients.map((member) => ({
        userId: member.id,
        ...commentNotification(member.locale, { unit: own.unitLabel, title: own.title, body: parsed.data.body }),
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
export async function cancelMaintenanceRequest({
  db,
  viewer,
  requestId,
  input,
  origin,
}: {
  db: Db;
  viewer: TenantActor;
  requestId: number;
  input: unknown;
  origin: RequestOrigin;
}): Promise<TenantCommandOutcome> {
  const parsed = maintenanceCancelSchema.safeParse(input ?? {});
  return onOwnRequest({ db, viewer, requestId, origin }, async (tx, own) => {
    if (!parsed.success) return { ok: false, reason: 'invalid', error: parsed.error };
    if (!(TENANT_CANCELLABLE_STATUSES as readonly string[]).includes(own.status))
      return { ok: false, reason: 'not_cancellable', current: own.status };
    const moved = await moveMaintenanceRequest(tx, {
      requestId: own.id,
      to: 'cancelled',
      actorId: viewer.id,
      body: parsed.data.reason || null,
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
        .values({ workOrderId: order.id, actorId: viewer.id, kind: 'cancelled', toStatus: 'cancelled', note: parsed.data.reason || null });
      const [owner] = await tx
        .select({ userId: vendor.userId, locale: user.locale })
        .from(vendor)
        .leftJoin(user, eq(user.id, vendor.userId))
        .where(eq(vendor.id, order.vendorId));
      const [home] =
        order.buildingId === null
          ? []
          : await tx.select({ managerId: building.managerId }).from(building).where(eq(building.id, order.buildingId));
      const audiences = await workOrderAudiences(tx, { vendorUserId: owner?.userId ?? null, managerId: home?.managerId ?? null });
      await publishEvents(
        tx,
        audiences.map((audience) => ({
          audience,
          type: 'work_order.updated' as const,
          payload: { workOrderId: order.id, status: 'cancelled', maintenanceRequestId: own.id },
        })),
      );
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
export async function rateMaintenanceRequest({
  db,
  viewer,
  requestId,
  input,
  origin,
}: {
  db: Db;
  viewer: TenantActor;
  requestId: number;
  input: unknown;
  origin: RequestOrigin;
}): Promise<TenantCommandOutcome> {
  const parsed = maintenanceRatingSchema.safeParse(input);
  return onOwnRequest({ db, viewer, requestId, origin }, async (tx, own) => {
    if (!parsed.success) return { ok: false, reason: 'invalid', error: parsed.error };
    if (!(TENANT_RATABLE_STATUSES as readonly string[]).includes(own.status))
      return { ok: false, reason: 'not_ratable', current: own.status };
    if (own.rating !== null) return { ok: false, reason: 'already_rated', current: own.status };
    const { rating, comment } = parsed.data;
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
      const audiences = await maintenanceAudiences(tx, { tenantId: viewer.id, buildingId: own.buildingId });
      await publishEvents(
        tx,
        audiences.map((audience) => ({
          audience,
          type: 'maintenance.updated' as const,
          payload: { requestId: own.id, status: own.status },
        })),
      );
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
