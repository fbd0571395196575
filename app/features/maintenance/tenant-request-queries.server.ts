/**
 * A tenant follows their maintenance requests (decision 027): the list (open, closed or all, a
 * page at a time) and one request with its public timeline (staff-only notes and SLA entries are
 * left out; staff and vendors are not named). Scoped to the viewer: someone else's request is
 * null, like an unknown id, and the refusal is audited when the id exists.
 */
import { and, count, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { building, maintenanceEvent, maintenanceRequest, property, user, vendor, workOrder } from '~/server/db/schema';
import {
  OPEN_MAINTENANCE_STATUSES,
  requestReportColumns,
  timelineEventColumns,
  type MaintenanceCategory,
  type MaintenancePriority,
  type MaintenanceStatus,
} from '~/features/work-orders/maintenance-request-core.server';
import {
  FINISHED_MAINTENANCE_STATUSES,
  TENANT_CANCELLABLE_STATUSES,
  TENANT_RATABLE_STATUSES,
  TENANT_REQUESTS_PAGE_SIZE,
} from './tenant-requests.schemas';
import { requestReportOf, type RequestReport } from '~/features/work-orders/entry-windows';
import { isId } from '~/lib/ids';

import { recordForeignRequestAccess, unitLabelOf } from './tenant-requests.server';

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
export type TenantRequestView = TenantRequestSummary &
  RequestReport & {
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
  if (!isId(requestId)) return null;
  const [row] = await db
    .select({
      ...requestColumns,
      ...requestReportColumns,
      tenantId: maintenanceRequest.tenantId,
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
    await recordForeignRequestAccess(db, viewer, requestId, origin);
    return null;
  }
  const [events, [visit]] = await Promise.all([
    db
      .select({ ...timelineEventColumns, actorId: maintenanceEvent.actorId, actorRole: user.role })
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
    ...requestReportOf(row),
    clientId: row.clientId,
    rating: row.rating,
    ratingComment: row.ratingComment,
    cancelReason: row.cancelReason,
    visit: visit?.scheduledFor ? { scheduledFor: visit.scheduledFor.toISOString(), vendorName: visit.vendorName } : null,
    timeline: events.map(({ actorId, actorRole, ...event }) => ({
      ...event,
      author: actorId === viewer.id ? 'you' : actorRole === 'vendor' ? 'vendor' : actorRole ? 'staff' : 'system',
      createdAt: event.createdAt.toISOString(),
    })),
    canCancel: (TENANT_CANCELLABLE_STATUSES as readonly string[]).includes(status),
    canRate: (TENANT_RATABLE_STATUSES as readonly string[]).includes(status) && row.rating === null,
    canComment: !(FINISHED_MAINTENANCE_STATUSES as readonly string[]).includes(status),
  };
}
