/**
 * Units (spec §3 "Property" rows) in the back office (decision 015): one unit for its
 * edit page, creating and editing a unit, and the bulk commands of a building's units table
 * (publish, unpublish, set status). A unit takes its building's address, city, state, ZIP and
 * coordinates (the public listing reads them from the unit). Admins and the building's own
 * property manager only; every change is audited; a unit that becomes listed and available is
 * announced to the listing alerts (in the same transaction, through the job runner).
 */
import { isUniqueViolation } from '~/server/db/rows.server';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AmenityKey } from '~/lib/amenities';
import type { PropertyType, UnitStatus } from '~/lib/property-types';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Db } from '~/server/db/client.server';
import { property, type building } from '~/server/db/schema';
import { findManagedBuilding, findManagedUnit, type PortfolioActor } from './portfolio-access.server';
import { unitInputSchema, type UnitInput } from './portfolio.schemas';
import type { PortfolioFailure, UnitDetail } from './portfolio.types';
import { announceListableUnits } from './unit-events.server';
import { isId } from '~/lib/ids';

type CommandOptions = { db: Db; actor: PortfolioActor; origin: RequestOrigin };

/** True when a unit is seen by the public and open to applications. */
export function isListable(unit: { listed: boolean; status: string }): boolean {
  return unit.listed && unit.status === 'available';
}

/** The unit's address: its building's street address and its unit number. */
export function unitAddress(streetAddress: string, unitNumber: string): string {
  return `${streetAddress}, Unit ${unitNumber}`;
}

/** The columns a unit form writes. */
export function unitColumns(values: UnitInput) {
  return {
    unitNumber: values.unitNumber,
    title: values.title,
    titleIt: values.titleIt || null,
    description: values.description,
    descriptionIt: values.descriptionIt || null,
    price: values.price,
    bedrooms: values.bedrooms,
    bathrooms: values.bathrooms,
    squareFeet: values.squareFeet,
    maxOccupants: values.maxOccupants,
    propertyType: values.propertyType,
    status: values.status,
    availableDate: values.availableDate,
    listed: values.listed,
    amenities: values.amenities as string[],
  };
}

/** The insert row of a new unit of building `home`: the form's columns, with the building's address, city, state, ZIP and position. */
export function newUnitRow(
  home: Pick<typeof building.$inferSelect, 'id' | 'streetAddress' | 'city' | 'state' | 'zipCode' | 'latitude' | 'longitude'>,
  values: UnitInput,
): typeof property.$inferInsert {
  return {
    ...unitColumns(values),
    buildingId: home.id,
    address: unitAddress(home.streetAddress, values.unitNumber),
    city: home.city,
    state: home.state,
    zipCode: home.zipCode,
    latitude: home.latitude,
    longitude: home.longitude,
  };
}

/** Unit `unitId` of building `buildingId` for its edit page, or null (unknown, elsewhere, or not `actor`'s). */
export async function findUnitDetail({
  db,
  actor,
  buildingId,
  unitId,
}: {
  db: Db;
  actor: PortfolioActor;
  buildingId: number;
  unitId: number;
}): Promise<UnitDetail | null> {
  const row = await findManagedUnit({ db, actor, propertyId: unitId });
  if (!row || row.buildingId !== buildingId) return null;
  return {
    id: row.id,
    buildingId: row.buildingId,
    unitNumber: row.unitNumber,
    title: row.title,
    titleIt: row.titleIt,
    description: row.description,
    descriptionIt: row.descriptionIt,
    price: row.price,
    bedrooms: row.bedrooms,
    bathrooms: Number(row.bathrooms),
    squareFeet: row.squareFeet,
    maxOccupants: row.maxOccupants,
    propertyType: row.propertyType as PropertyType,
    status: row.status as UnitStatus,
    listed: row.listed,
    availableDate: row.availableDate,
    amenities: row.amenities as AmenityKey[],
    imageUrls: row.imageUrls,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type UnitOutcome = { ok: true; unitId: number; changed: boolean } | PortfolioFailure;

const TAKEN: UnitOutcome = { ok: false, reason: 'invalid', fields: { unitNumber: 'portfolio.errors.unitNumberTaken' } };

/**
 * Creates a unit in building `buildingId` (admins, or the building's manager). New units are
 * unlisted unless `input.listed` says otherwise. Audited `unit_created`. Refusals: `not_found`,
 * `invalid` (incl. a unit number the building already has).
 */
export async function createUnit({
  db,
  actor,
  origin,
  buildingId,
  input,
}: CommandOptions & { buildingId: number; input: Record<string, unknown> }): Promise<UnitOutcome> {
  const parsed = unitInputSchema.safeParse(input);
  if (!parsed.success) {
    if (!(await findManagedBuilding({ db, actor, buildingId }))) return { ok: false, reason: 'not_found' };
    return { ok: false, reason: 'invalid', issues: parsed.error };
  }
  const values = parsed.data;
  try {
    return await db.transaction(async (tx): Promise<UnitOutcome> => {
      const home = await findManagedBuilding({ db: tx, actor, buildingId, forUpdate: true });
      if (!home) return { ok: false, reason: 'not_found' };
      const [created] = await tx.insert(property).values(newUnitRow(home, values)).returning({ id: property.id });
      if (!created) throw new Error('unit insert returned no row');
      await recordAuditEvent({
        db: tx,
        userId: actor.id,
        action: 'unit_created',
        origin,
        tableName: 'property',
        values: {
          property_id: created.id,
          building_id: home.id,
          unit_number: values.unitNumber,
          listed: values.listed,
          status: values.status,
        },
      });
      if (isListable(values)) await announceListableUnits(tx, [created.id]);
      return { ok: true, unitId: created.id, changed: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return TAKEN;
    throw error;
  }
}

/**
 * Edits unit `unitId` of building `buildingId` (admins, or the building's manager): every field
 * of the unit form. Audited `unit_updated` with the fields changed. Refusals: `not_found`,
 * `invalid` (incl. a unit number taken by another unit of the building).
 */
export async function updateUnit({
  db,
  actor,
  origin,
  buildingId,
  unitId,
  input,
}: CommandOptions & { buildingId: number; unitId: number; input: Record<string, unknown> }): Promise<UnitOutcome> {
  const parsed = unitInputSchema.safeParse(input);
  if (!parsed.success) {
    const unit = await findManagedUnit({ db, actor, propertyId: unitId });
    if (!unit || unit.buildingId !== buildingId) return { ok: false, reason: 'not_found' };
    return { ok: false, reason: 'invalid', issues: parsed.error };
  }
  const next = unitColumns(parsed.data);
  try {
    return await db.transaction(async (tx): Promise<UnitOutcome> => {
      // The building first, then the unit: the order every other unit write takes (bulk, create,
      // import), so two of them on one building wait instead of deadlocking on PostgreSQL (the
      // counter trigger updates the building row).
      const home = await findManagedBuilding({ db: tx, actor, buildingId, forUpdate: true });
      if (!home) return { ok: false, reason: 'not_found' };
      const current = await findManagedUnit({ db: tx, actor, propertyId: unitId, forUpdate: true });
      if (!current || current.buildingId !== buildingId) return { ok: false, reason: 'not_found' };
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((key) => {
        const before = key === 'bathrooms' ? Number(current.bathrooms) : current[key];
        return JSON.stringify(next[key]) !== JSON.stringify(before);
      });
      if (changed.length === 0) return { ok: true, unitId, changed: false };
      await tx
        .update(property)
        .set({ ...next, address: unitAddress(home.streetAddress, next.unitNumber), updatedAt: new Date() })
        .where(eq(property.id, unitId));
      await recordAuditEvent({
        db: tx,
        userId: actor.id,
        action: 'unit_updated',
        origin,
        tableName: 'property',
        values: { property_id: unitId, building_id: buildingId, fields: changed },
      });
      if (!isListable(current) && isListable(next)) await announceListableUnits(tx, [unitId]);
      return { ok: true, unitId, changed: true };
    });
  } catch (error) {
    if (isUniqueViolation(error)) return TAKEN;
    throw error;
  }
}

export type BulkUnitCommand = { intent: 'publish' } | { intent: 'unpublish' } | { intent: 'set-status'; status: UnitStatus };
export type BulkOutcome = { ok: true; changed: number } | PortfolioFailure;

/** The most units one bulk command may name. */
export const BULK_UNITS_MAX = 500;

/**
 * Applies a bulk command to units `unitIds` of building `buildingId` (admins, or the building's
 * manager): publish / unpublish (`listed`), or set one status. Ids of other buildings are
 * refused as a whole (`not_found`), as is an empty or oversized selection (`invalid`). One
 * transaction, one audit entry (`units_published`, `units_unpublished`, `unit_status_changed`)
 * naming the units that changed; units that become listed and available are announced to alerts.
 */
export async function bulkUpdateUnits({
  db,
  actor,
  origin,
  buildingId,
  unitIds,
  command,
}: CommandOptions & { buildingId: number; unitIds: readonly number[]; command: BulkUnitCommand }): Promise<BulkOutcome> {
  const ids = [...new Set(unitIds)].filter((id) => isId(id));
  if (ids.length === 0 || ids.length !== unitIds.length || ids.length > BULK_UNITS_MAX) {
    return { ok: false, reason: 'invalid', fields: { form: 'portfolio.errors.selection' } };
  }
  return db.transaction(async (tx): Promise<BulkOutcome> => {
    const home = await findManagedBuilding({ db: tx, actor, buildingId, forUpdate: true });
    if (!home) return { ok: false, reason: 'not_found' };
    const rows = await tx
      .select({ id: property.id, listed: property.listed, status: property.status })
      .from(property)
      .where(and(eq(property.buildingId, buildingId), inArray(property.id, ids)))
      .for('update');
    if (rows.length !== ids.length) return { ok: false, reason: 'not_found' };
    const set = command.intent === 'set-status' ? { status: command.status } : { listed: command.intent === 'publish' };
    const changing = rows.filter((row) =>
      command.intent === 'set-status' ? row.status !== command.status : row.listed !== (command.intent === 'publish'),
    );
    if (changing.length === 0) return { ok: true, changed: 0 };
    await tx
      .update(property)
      .set({ ...set, updatedAt: new Date() })
      .where(
        inArray(
          property.id,
          changing.map((row) => row.id),
        ),
      );
    const action =
      command.intent === 'publish' ? 'units_published' : command.intent === 'unpublish' ? 'units_unpublished' : 'unit_status_changed';
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action,
      origin,
      tableName: 'property',
      values: {
        building_id: buildingId,
        property_ids: changing.map((row) => row.id),
        ...(command.intent === 'set-status' ? { to: command.status } : {}),
      },
    });
    const listable = changing
      .filter((row) => !isListable(row) && isListable({ listed: row.listed, status: row.status, ...set }))
      .map((row) => row.id);
    if (listable.length > 0) await announceListableUnits(tx, listable);
    return { ok: true, changed: changing.length };
  });
}

/** The number of units of a building `actor` manages (for limits and summaries). */
export async function countBuildingUnits(db: Db, buildingId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(property)
    .where(eq(property.buildingId, buildingId));
  return row?.n ?? 0;
}
