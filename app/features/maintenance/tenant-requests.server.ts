/**
 * Maintenance requests from the tenant's side (decision 027): report a problem in a
 * home one rents (with up to five photos already through the upload pipeline). Following a request
 * is in `tenant-request-queries.server.ts`; commenting, cancelling and rating in
 * `tenant-request-commands.server.ts`; this module also holds what the three share (the home's
 * label, the staff who answer for a building).
 *
 * Every function takes the acting tenant (`viewer`) and scopes itself: a tenant reaches only their
 * own requests (someone else's is `not_found`, like an unknown id, and the refusal is audited when
 * the id exists) and may report only for a unit on which they are a party to an active or signed
 * lease. Answers data or a reason code; routes map reasons to statuses and translated messages.
 * Status changes go through `moveMaintenanceRequest` (timeline, live event, tenant's job).
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
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
  type notification,
} from '~/server/db/schema';
import { insertNotifications } from '~/server/notifications/notify.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import type { StoredPhoto } from '~/server/uploads/receive-photos.server';
import { photoDocumentValues } from '~/server/uploads/photo-documents.server';
import { publishMaintenanceUpdated, type MaintenancePriority } from '~/features/work-orders/maintenance-request-core.server';
import { computeSlaDueAt } from './sla.server';
import type { EntryWindow } from '~/features/work-orders/entry-windows';
import { MAINTENANCE_MAX_PHOTOS, maintenanceRequestSchema } from './tenant-requests.schemas';
import {
  MAINTENANCE_MAIL_TOPIC,
  newRequestMailValues,
  newRequestNotification,
  type MaintenanceMailPayload,
} from './tenant-requests-mail.server';

import { buildingStaffCondition } from '~/server/auth/building-scope.server';
/** The acting tenant as these functions need them. */
export type TenantActor = Pick<Viewer, 'id' | 'name'>;

/** A home the tenant may report a problem in. */
export type TenantUnit = { unitId: number; leaseId: number; buildingId: number | null; label: string; address: string };

const LEASE_STATUSES_FOR_REQUESTS = ['active', 'signed'] as const;

/** How a tenant's home is named to them: "Building · unit number", or the listing's title. */
export function unitLabelOf(row: { buildingName: string | null; unitNumber: string | null; title: string }): string {
  return row.buildingName && row.unitNumber ? `${row.buildingName} · ${row.unitNumber}` : row.title;
}

/**
 * Records that `viewer` was refused request `requestId` because it is someone else's (answered
 * like an unknown id): an audited `access_denied`, reason `not_own`, only when the request exists.
 */
export async function recordForeignRequestAccess(
  db: Db,
  viewer: Pick<Viewer, 'id'>,
  requestId: number,
  origin: RequestOrigin,
): Promise<void> {
  await auditRefusalIfExists(db, viewer, {
    table: 'maintenance_request',
    id: requestId,
    reason: 'not_own',
    origin,
    values: { request_id: requestId },
  });
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
export async function staffOf(
  db: Db,
  buildingId: number | null,
): Promise<{ id: string; email: string; name: string; firstName: string | null; locale: string; isManager: boolean }[]> {
  const [home] =
    buildingId === null ? [] : await db.select({ managerId: building.managerId }).from(building).where(eq(building.id, buildingId));
  const managerId = home?.managerId ?? null;
  const rows = await db
    .select({ id: user.id, email: user.email, name: user.name, firstName: user.firstName, locale: user.locale })
    .from(user)
    .where(and(eq(user.banned, false), buildingStaffCondition(managerId)));
  return rows.map((row) => ({ ...row, isManager: row.id === managerId }));
}

/** Where a staff member opens request `id`: the admin queue, or a manager's dashboard. */
export function staffRequestPath(isManager: boolean, requestId: number): string {
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
      await tx
        .insert(document)
        .values(photoDocumentValues(photos, { ownerType: 'maintenance_request', ownerId: requestId, createdBy: viewer.id }));
    }
    await tx
      .insert(maintenanceEvent)
      .values({ requestId, actorId: viewer.id, kind: 'submitted', toStatus: 'submitted', photoUrls, createdAt: now });
    await publishMaintenanceUpdated(tx, { id: requestId, status: 'submitted', tenantId: viewer.id, buildingId: unit.buildingId });
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
