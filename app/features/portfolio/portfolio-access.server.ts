/**
 * Who may manage which building (DESIGN §4 "Who works where", decision 015): an admin
 * manages every building; a property manager only the buildings whose `manager_id` is theirs;
 * nobody else any. Every portfolio service (buildings, units, photos, imports) asks here first,
 * so a manager of building Q can never read or change building P: they get "not found", exactly
 * as for an id that does not exist, and the refusal is audited by the caller.
 */
import { isAdmin, isPropertyManager, isStaffActor } from '~/lib/access';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { building, property } from '~/server/db/schema';
import { isId } from '~/lib/ids';

/** The acting user as portfolio services need it. */
export type PortfolioActor = Pick<Viewer, 'id' | 'role'>;

/** The WHERE condition limiting `building` rows to those `actor` manages (undefined: all). */
export function managedBuildingsFilter(actor: PortfolioActor): SQL | undefined {
  if (isAdmin(actor.role)) return undefined;
  if (isPropertyManager(actor.role)) return eq(building.managerId, actor.id);
  return eq(building.id, -1);
}

/**
 * The building `buildingId` if `actor` may manage it, else null (unknown id, someone else's
 * building, or a role that manages none). `forUpdate` locks the row in the caller's transaction.
 */
export async function findManagedBuilding({
  db,
  actor,
  buildingId,
  forUpdate = false,
}: {
  db: Db;
  actor: PortfolioActor;
  buildingId: number;
  forUpdate?: boolean;
}): Promise<typeof building.$inferSelect | null> {
  if (!isStaffActor(actor) || !isId(buildingId)) return null;
  const query = db
    .select()
    .from(building)
    .where(and(eq(building.id, buildingId), managedBuildingsFilter(actor)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The unit `propertyId` (with its building id) if `actor` may manage its building, else null.
 * `forUpdate` locks the unit row in the caller's transaction.
 */
export async function findManagedUnit({
  db,
  actor,
  propertyId,
  forUpdate = false,
}: {
  db: Db;
  actor: PortfolioActor;
  propertyId: number;
  forUpdate?: boolean;
}): Promise<typeof property.$inferSelect | null> {
  if (!isStaffActor(actor) || !isId(propertyId)) return null;
  const query = db
    .select({ unit: property })
    .from(property)
    .innerJoin(building, eq(building.id, property.buildingId))
    .where(and(eq(property.id, propertyId), managedBuildingsFilter(actor)))
    .limit(1);
  const [row] = forUpdate ? await query.for('update', { of: property }) : await query;
  return row?.unit ?? null;
}
