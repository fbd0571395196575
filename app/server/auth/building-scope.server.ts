/**
 * The building scope of staff, in one place (DESIGN §4 "Who works where"): an admin sees every
 * building; a property manager sees the buildings whose `building.manager_id` is theirs (the
 * database keeps `property.manager_id` equal to its building's); any other role sees none. Every
 * service that lists or changes something that belongs to a building asks here, so the rule is
 * written once and a manager of building Q never reads anything of building P.
 */
import { eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isAdmin, isPropertyManager, type Role } from '~/lib/access';
import type { Db } from '../db/client.server';
import { building, user } from '../db/schema';

/** Who is asking: their user id and role. */
export type ScopeActor = { id: string; role: Role };

/** The ids of the buildings `managerId` runs, as a subquery. */
export function managedBuildingIds(managerId: string) {
  return sql`(select ${building.id} from ${building} where ${building.managerId} = ${managerId})`;
}

/**
 * The condition limiting rows to `actor`'s buildings, on the column holding a building id (e.g.
 * `payment.building_id`): undefined for an admin (no limit), `column in (their buildings)` for a
 * property manager, `false` for anyone else.
 */
export function buildingScope(actor: ScopeActor, buildingIdColumn: AnyPgColumn | SQL): SQL | undefined {
  if (isAdmin(actor.role)) return undefined;
  if (isPropertyManager(actor.role)) return sql`${buildingIdColumn} in ${managedBuildingIds(actor.id)}`;
  return sql`false`;
}

/** True when `actor` may work on building `buildingId` (admins: any existing id is checked by the caller). */
export async function managesBuilding(db: Db, actor: ScopeActor, buildingId: number): Promise<boolean> {
  if (isAdmin(actor.role)) return true;
  if (!isPropertyManager(actor.role)) return false;
  const [row] = await db.select({ managerId: building.managerId }).from(building).where(eq(building.id, buildingId));
  return row?.managerId === actor.id;
}

/**
 * The condition on `user` selecting the staff who answer for a building: every admin, and its
 * manager when it has one (who is told of a new request, inquiry or payment there).
 */
export function buildingStaffCondition(managerId: string | null | undefined): SQL {
  return managerId ? (or(eq(user.role, 'admin'), eq(user.id, managerId)) as SQL) : eq(user.role, 'admin');
}
