/**
 * The buildings a staff member may pick in a list's "Building" filter (tenants, payments,
 * reconciliation): found by name as they type (`/api/building-options`), 20 at a time, instead
 * of sending all 1,450 buildings of the portfolio with every page. Scoped like every portfolio
 * service (`managedBuildingsFilter`): a property manager finds only their buildings.
 */
import { isStaffActor } from '~/lib/access';
import { and, asc, eq, ilike } from 'drizzle-orm';
import type { BuildingOption } from '~/lib/building-option';
import { containsPattern } from '~/lib/like-pattern';
import type { Db } from '~/server/db/client.server';
import { building } from '~/server/db/schema';
import { managedBuildingsFilter, type PortfolioActor } from './portfolio-access.server';

export type { BuildingOption };

/** At most this many buildings answer one search. */
export const BUILDING_OPTIONS_LIMIT = 20;

/**
 * Up to BUILDING_OPTIONS_LIMIT buildings `actor` manages whose name contains `q` (trimmed, any
 * case; empty: the first by name), by name. Anyone but staff gets none.
 */
export async function searchBuildingOptions({ db, actor, q }: { db: Db; actor: PortfolioActor; q: string }): Promise<BuildingOption[]> {
  if (!isStaffActor(actor)) return [];
  const text = q.trim().slice(0, 100);
  return db
    .select({ id: building.id, name: building.name })
    .from(building)
    .where(and(managedBuildingsFilter(actor), text ? ilike(building.name, containsPattern(text)) : undefined))
    .orderBy(asc(building.name), asc(building.id))
    .limit(BUILDING_OPTIONS_LIMIT);
}

/** The building `id` as an option, if `actor` manages it (null: unknown, not theirs, or no id). */
export async function findBuildingOption({
  db,
  actor,
  id,
}: {
  db: Db;
  actor: PortfolioActor;
  id: number | null;
}): Promise<BuildingOption | null> {
  if (!id || !isStaffActor(actor)) return null;
  const [row] = await db
    .select({ id: building.id, name: building.name })
    .from(building)
    .where(and(eq(building.id, id), managedBuildingsFilter(actor)));
  return row ?? null;
}
