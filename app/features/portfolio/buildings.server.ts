/**
 * Buildings in the back office (decision 015; DESIGN §4): the searchable list,
 * one building with its units, creating and editing a building and assigning its property
 * manager. Admins manage every building; property managers only theirs (portfolio-access);
 * anyone else nothing. Every change is audited in the transaction that makes it. Answers data or
 * a `PortfolioFailure` reason; routes map reasons to statuses and translation keys.
 */
import { isAdmin, isPropertyManager, isStaffActor } from '~/lib/access';
import { and, asc, count, desc, eq, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AmenityKey } from '~/lib/amenities';
import type { UnitStatus } from '~/lib/property-types';
import { auditRefusalIfExists, recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Db } from '~/server/db/client.server';
import { building, property, user } from '~/server/db/schema';
import { lookupZip } from '~/server/db/seed/zip-codes.server';
import { findManagedBuilding, managedBuildingsFilter, type PortfolioActor } from './portfolio-access.server';
import {
  BUILDINGS_PAGE_SIZE,
  BUILDING_UNITS_PAGE_SIZE,
  OCCUPANCY_HIGH,
  OCCUPANCY_LOW,
  buildingInputSchema,
  buildingLateFeeRule,
  type BuildingListQuery,
} from './portfolio.schemas';
import type { BuildingDetail, BuildingListPage, BuildingUnitRow, ManagerOption, PortfolioFailure } from './portfolio.types';
import { containsPattern } from '~/lib/like-pattern';
import { canonicalLateFeeRule } from '~/lib/late-fees';
import { timeZoneForState } from '~/lib/time-zones';

type CommandOptions = { db: Db; actor: PortfolioActor; origin: RequestOrigin };

const occupancyExpr = sql<number>`CASE WHEN ${building.unitsTotal} = 0 THEN 0 ELSE ${building.unitsLeased}::float8 / ${building.unitsTotal} END`;

function occupancyFilter(band: BuildingListQuery['occupancy']): SQL | undefined {
  switch (band) {
    case 'empty':
      return eq(building.unitsTotal, 0);
    case 'low':
      return sql`${building.unitsTotal} > 0 AND ${building.unitsLeased} < ${building.unitsTotal} * ${OCCUPANCY_LOW}::float8`;
    case 'medium':
      return sql`${building.unitsTotal} > 0 AND ${building.unitsLeased} >= ${building.unitsTotal} * ${OCCUPANCY_LOW}::float8 AND ${building.unitsLeased} < ${building.unitsTotal} * ${OCCUPANCY_HIGH}::float8`;
    case 'high':
      return sql`${building.unitsTotal} > 0 AND ${building.unitsLeased} >= ${building.unitsTotal} * ${OCCUPANCY_HIGH}::float8`;
    default:
      return undefined;
  }
}

function orderFor(sort: BuildingListQuery['sort']) {
  switch (sort) {
    case 'occupancy_asc':
      return [asc(occupancyExpr), asc(building.name), asc(building.id)];
    case 'occupancy_desc':
      return [desc(occupancyExpr), asc(building.name), asc(building.id)];
    case 'units_desc':
      return [desc(building.unitsTotal), asc(building.name), asc(building.id)];
    case 'newest':
      return [desc(building.createdAt), desc(building.id)];
    default:
      return [asc(building.name), asc(building.id)];
  }
}

/**
 * One page (25) of the buildings `actor` manages, filtered by a search over name, street and
 * city (any letter case), state, manager (`none` = unassigned; ignored for property managers)
 * and occupancy band, in the chosen order; the page is clamped to the pages that exist.
 * Anyone but staff gets an empty page.
 */
export async function listBuildings({
  db,
  actor,
  query,
}: {
  db: Db;
  actor: PortfolioActor;
  query: BuildingListQuery;
}): Promise<BuildingListPage> {
  if (!isStaffActor(actor)) return { items: [], total: 0, page: 1, pageCount: 1 };
  const conditions: (SQL | undefined)[] = [managedBuildingsFilter(actor)];
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(or(ilike(building.name, pattern), ilike(building.streetAddress, pattern), ilike(building.city, pattern)));
  }
  if (query.state) conditions.push(eq(building.state, query.state));
  if (query.manager && isAdmin(actor.role)) {
    conditions.push(query.manager === 'none' ? isNull(building.managerId) : eq(building.managerId, query.manager));
  }
  conditions.push(occupancyFilter(query.occupancy));
  const where = and(...conditions);
  const [totalRow] = await db.select({ n: count() }).from(building).where(where);
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / BUILDINGS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await db
    .select({
      id: building.id,
      name: building.name,
      streetAddress: building.streetAddress,
      city: building.city,
      state: building.state,
      zipCode: building.zipCode,
      managerId: building.managerId,
      managerName: user.name,
      unitsTotal: building.unitsTotal,
      unitsAvailable: building.unitsAvailable,
      unitsLeased: building.unitsLeased,
      unitsMaintenance: building.unitsMaintenance,
      unitsListed: building.unitsListed,
      imageUrls: building.imageUrls,
    })
    .from(building)
    .leftJoin(user, eq(user.id, building.managerId))
    .where(where)
    .orderBy(...orderFor(query.sort))
    .limit(BUILDINGS_PAGE_SIZE)
    .offset((page - 1) * BUILDINGS_PAGE_SIZE);
  return {
    items: rows.map(({ imageUrls, ...row }) => ({
      ...row,
      occupancy: row.unitsTotal === 0 ? 0 : row.unitsLeased / row.unitsTotal,
      coverUrl: imageUrls[0] ?? null,
    })),
    total,
    page,
    pageCount,
  };
}

/** Property managers who may be given a building (verified, not banned), by name. Admins only. */
export async function listManagerOptions({ db, actor }: { db: Db; actor: PortfolioActor }): Promise<ManagerOption[]> {
  if (!isAdmin(actor.role)) return [];
  return db
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(and(eq(user.role, 'property_manager'), eq(user.banned, false)))
    .orderBy(asc(user.name), asc(user.id))
    .limit(500);
}

/**
 * Records that a staff member asked for a building or unit that exists but is not theirs
 * (DESIGN §4: a manager of building Q never reads building P — 404, audited). Unknown ids are
 * not recorded (they reveal nothing).
 */
export async function recordDeniedPortfolioAccess({
  db,
  actor,
  origin,
  buildingId,
  propertyId,
}: CommandOptions & { buildingId?: number; propertyId?: number }): Promise<void> {
  if (!isPropertyManager(actor.role)) return;
  const table = buildingId !== undefined ? 'building' : 'property';
  const id = buildingId ?? propertyId;
  if (id === undefined) return;
  await auditRefusalIfExists(db, actor, {
    action: 'portfolio_access_denied',
    origin,
    table,
    id,
    reason: 'not_managed',
    values: buildingId !== undefined ? { building_id: buildingId } : { property_id: propertyId },
  });
}

function toDetail(row: typeof building.$inferSelect, managerName: string | null): BuildingDetail {
  return {
    id: row.id,
    name: row.name,
    streetAddress: row.streetAddress,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    timeZone: row.timeZone,
    lateFeeRule: row.lateFeeRule ? canonicalLateFeeRule(row.lateFeeRule) : null,
    latitude: row.latitude,
    longitude: row.longitude,
    yearBuilt: row.yearBuilt,
    amenities: row.amenities as AmenityKey[],
    description: row.description,
    descriptionIt: row.descriptionIt,
    imageUrls: row.imageUrls,
    managerId: row.managerId,
    managerName,
    unitsTotal: row.unitsTotal,
    unitsAvailable: row.unitsAvailable,
    unitsLeased: row.unitsLeased,
    unitsMaintenance: row.unitsMaintenance,
    unitsListed: row.unitsListed,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Building `buildingId` with its units (by unit number, at most 200), each unit's current lease
 * end and open applications — or null when `actor` may not manage it or it does not exist.
 */
export async function findBuildingDetail({
  db,
  actor,
  buildingId,
}: {
  db: Db;
  actor: PortfolioActor;
  buildingId: number;
}): Promise<{ building: BuildingDetail; units: BuildingUnitRow[]; moreUnits: boolean } | null> {
  const row = await findManagedBuilding({ db, actor, buildingId });
  if (!row) return null;
  // Per unit, through lease_property_idx and application_property_idx: the cost follows the
  // building's units, not the number of leases and applications in the portfolio. Spelled out
  // with the table name: drizzle leaves columns unqualified in a one-table select.
  const leaseEnd = sql<
    string | null
  >`(select max(l.end_date) from "lease" l where l.property_id = "property"."id" and l.status in ('draft', 'sent', 'signed', 'active'))`;
  const openApplications = sql<number>`(select count(*)::int from "application" a where a.property_id = "property"."id" and a.status in ('submitted', 'under_review'))`;
  const [manager, units] = await Promise.all([
    row.managerId ? db.select({ name: user.name }).from(user).where(eq(user.id, row.managerId)) : Promise.resolve([]),
    db
      .select({
        id: property.id,
        unitNumber: property.unitNumber,
        title: property.title,
        status: property.status,
        listed: property.listed,
        price: property.price,
        bedrooms: property.bedrooms,
        bathrooms: property.bathrooms,
        squareFeet: property.squareFeet,
        photos: sql<number>`cardinality(${property.imageUrls})`,
        leaseEnd,
        openApplications,
      })
      .from(property)
      .where(eq(property.buildingId, row.id))
      // "2", "10", "101": shorter numbers first, then alphabetically.
      .orderBy(sql`length(${property.unitNumber})`, asc(property.unitNumber), asc(property.id))
      .limit(BUILDING_UNITS_PAGE_SIZE + 1),
  ]);
  return {
    building: toDetail(row, manager[0]?.name ?? null),
    units: units.slice(0, BUILDING_UNITS_PAGE_SIZE).map((unit) => ({
      ...unit,
      status: unit.status as UnitStatus,
      bathrooms: Number(unit.bathrooms),
      photos: Number(unit.photos),
      openApplications: Number(unit.openApplications),
      leaseEnd: unit.leaseEnd ? String(unit.leaseEnd).slice(0, 10) : null,
    })),
    moreUnits: units.length > BUILDING_UNITS_PAGE_SIZE,
  };
}

export type BuildingOutcome = { ok: true; buildingId: number; changed: boolean } | PortfolioFailure;

/** Coordinates as typed, or the ZIP code's (zipcodes database) when left blank; null when neither. */
function coordinatesFor(input: { latitude?: number; longitude?: number; zipCode: string }): { latitude: number; longitude: number } | null {
  if (input.latitude !== undefined && input.longitude !== undefined) return { latitude: input.latitude, longitude: input.longitude };
  const zip = lookupZip(input.zipCode);
  return zip ? { latitude: zip.latitude, longitude: zip.longitude } : null;
}

/** Checks a posted manager id: '' → null (unassigned); otherwise an active property manager. */
async function resolveManager(db: Db, raw: unknown): Promise<{ ok: true; managerId: string | null } | { ok: false }> {
  const id = typeof raw === 'string' ? raw.trim() : '';
  if (!id) return { ok: true, managerId: null };
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(and(eq(user.id, id), eq(user.role, 'property_manager'), eq(user.banned, false)))
    .limit(1);
  return row ? { ok: true, managerId: row.id } : { ok: false };
}

type BuildingCommand = CommandOptions & { input: Record<string, unknown> };

/**
 * Creates a building (admins only; property managers run the buildings an admin gives them).
 * Coordinates default to the ZIP code's. `input.managerId` ('' for none) assigns its manager.
 * Audited `building_created`. Refusals: `forbidden`, `invalid` (field keys).
 */
export async function createBuilding({ db, actor, origin, input }: BuildingCommand): Promise<BuildingOutcome> {
  if (!isAdmin(actor.role)) return { ok: false, reason: 'forbidden' };
  const parsed = buildingInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: 'invalid', issues: parsed.error };
  const values = parsed.data;
  const coordinates = coordinatesFor(values);
  if (!coordinates) return { ok: false, reason: 'invalid', fields: { latitude: 'portfolio.errors.coordinatesNeeded' } };
  const manager = await resolveManager(db, input.managerId);
  if (!manager.ok) return { ok: false, reason: 'invalid', fields: { managerId: 'portfolio.errors.manager' } };
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(building)
      .values({
        name: values.name,
        streetAddress: values.streetAddress,
        city: values.city,
        state: values.state,
        zipCode: values.zipCode,
        timeZone: values.timeZone || timeZoneForState(values.state),
        lateFeeRule: buildingLateFeeRule(values),
        ...coordinates,
        yearBuilt: values.yearBuilt ?? null,
        amenities: values.amenities,
        description: values.description,
        descriptionIt: values.descriptionIt || null,
        managerId: manager.managerId,
      })
      .returning({ id: building.id });
    if (!created) throw new Error('building insert returned no row');
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'building_created',
      origin,
      tableName: 'building',
      values: { building_id: created.id, name: values.name, city: values.city, state: values.state, manager_id: manager.managerId },
    });
    return { ok: true, buildingId: created.id, changed: true } as const;
  });
}

/**
 * Edits building `buildingId` (admins, or its own property manager). The address, city, state,
 * ZIP and coordinates are copied to every unit of the building (the public listing reads them
 * from the unit) in the same transaction. Only admins may change the manager (`input.managerId`;
 * ignored for others), audited separately as `building_manager_assigned`; other changes are
 * audited `building_updated` with the fields changed. Refusals: `not_found`, `invalid`.
 */
export async function updateBuilding({
  db,
  actor,
  origin,
  input,
  buildingId,
}: BuildingCommand & { buildingId: number }): Promise<BuildingOutcome> {
  const parsed = buildingInputSchema.safeParse(input);
  if (!parsed.success) {
    if (!(await findManagedBuilding({ db, actor, buildingId }))) return { ok: false, reason: 'not_found' };
    return { ok: false, reason: 'invalid', issues: parsed.error };
  }
  const values = parsed.data;
  const manager = isAdmin(actor.role) ? await resolveManager(db, input.managerId) : null;
  if (manager && !manager.ok) return { ok: false, reason: 'invalid', fields: { managerId: 'portfolio.errors.manager' } };
  return db.transaction(async (tx): Promise<BuildingOutcome> => {
    const current = await findManagedBuilding({ db: tx, actor, buildingId, forUpdate: true });
    if (!current) return { ok: false, reason: 'not_found' };
    const addressChanged =
      values.streetAddress !== current.streetAddress ||
      values.city !== current.city ||
      values.state !== current.state ||
      values.zipCode !== current.zipCode;
    const coordinates =
      values.latitude !== undefined && values.longitude !== undefined
        ? { latitude: values.latitude, longitude: values.longitude }
        : addressChanged || current.latitude === null
          ? coordinatesFor(values)
          : { latitude: current.latitude, longitude: current.longitude as number };
    if (!coordinates) return { ok: false, reason: 'invalid', fields: { latitude: 'portfolio.errors.coordinatesNeeded' } };
    const next = {
      name: values.name,
      streetAddress: values.streetAddress,
      city: values.city,
      state: values.state,
      zipCode: values.zipCode,
      timeZone: values.timeZone || timeZoneForState(values.state),
      lateFeeRule: buildingLateFeeRule(values),
      latitude: coordinates.latitude,
      longitude: coordinates.longitude,
      yearBuilt: values.yearBuilt ?? null,
      amenities: values.amenities as string[],
      description: values.description,
      descriptionIt: values.descriptionIt || null,
    };
    // The stored rule's keys come back in jsonb's order: compare it in the form's.
    const was = { ...current, lateFeeRule: current.lateFeeRule ? canonicalLateFeeRule(current.lateFeeRule) : null };
    const changedFields = (Object.keys(next) as (keyof typeof next)[]).filter(
      (key) => JSON.stringify(next[key]) !== JSON.stringify(was[key]),
    );
    const managerChanged = manager?.ok === true && manager.managerId !== current.managerId;
    if (changedFields.length === 0 && !managerChanged) return { ok: true, buildingId, changed: false };
    await tx
      .update(building)
      .set({ ...next, ...(managerChanged && manager?.ok ? { managerId: manager.managerId } : {}), updatedAt: new Date() })
      .where(eq(building.id, buildingId));
    const locationChanged = changedFields.some((key) =>
      ['streetAddress', 'city', 'state', 'zipCode', 'latitude', 'longitude'].includes(key),
    );
    if (locationChanged) {
      await tx
        .update(property)
        .set({
          address: sql`${next.streetAddress} || ', Unit ' || ${property.unitNumber}`,
          city: next.city,
          state: next.state,
          zipCode: next.zipCode,
          latitude: next.latitude,
          longitude: next.longitude,
          updatedAt: new Date(),
        })
        .where(eq(property.buildingId, buildingId));
    }
    if (changedFields.length > 0) {
      await recordAuditEvent({
        db: tx,
        userId: actor.id,
        action: 'building_updated',
        origin,
        tableName: 'building',
        values: { building_id: buildingId, fields: changedFields },
      });
    }
    if (managerChanged && manager?.ok) {
      await recordAuditEvent({
        db: tx,
        userId: actor.id,
        action: 'building_manager_assigned',
        origin,
        tableName: 'building',
        values: { building_id: buildingId, from: current.managerId, to: manager.managerId },
      });
    }
    return { ok: true, buildingId, changed: true };
  });
}
