/**
 * The demo generator's portfolio (seed 42: buildings of 10–200 units in real cities) for the tests
 * that need a realistic size (query plans, sitemaps): the same rows the seed writes, inserted
 * 1,000 per statement as the seed does, with no leases or applications.
 */
import type { Db } from '../../app/server/db/client.server';
import { building, property, user } from '../../app/server/db/schema';
import { bulkInsertSql } from '../../app/server/db/seed/bulk-insert.server';
import { planPortfolio, type PortfolioPlan } from '../../app/server/db/seed/generate-buildings.server';
import { createUnitGenerator } from '../../app/server/db/seed/generate-units.server';

/**
 * Plans a portfolio of `units` units and inserts its buildings: with `managers` (the default)
 * the demo managers too (as verified property-manager accounts) and each building theirs;
 * without, the buildings are nobody's. Answers the plan for `insertDemoUnits`.
 */
export async function insertDemoBuildings(db: Db, units: number, { managers = true } = {}): Promise<PortfolioPlan> {
  const plan = planPortfolio(42, units);
  if (managers) {
    await db.insert(user).values(
      plan.managers.map((row) => ({
        id: row.id,
        name: `${row.firstName} ${row.lastName}`,
        email: row.email,
        emailVerified: true,
        role: 'property_manager' as const,
      })),
    );
  }
  await db.execute(
    bulkInsertSql(
      building,
      plan.buildings.map((planned) => (managers ? planned.row : { ...planned.row, managerId: null })),
    ),
  );
  return plan;
}

/** Inserts the `units` units `plan` was made for (as `createUnitGenerator` makes them), 1,000 rows per statement. */
export async function insertDemoUnits(db: Db, plan: PortfolioPlan, units: number): Promise<void> {
  const generate = createUnitGenerator(42, plan);
  for (let from = 0; from < units; from += 1_000) {
    await db.execute(
      bulkInsertSql(
        property,
        Array.from({ length: Math.min(1_000, units - from) }, (_, i) => generate(from + i)),
      ),
    );
  }
}

/** Both at once: the buildings (with or without `managers`, as `insertDemoBuildings`) and their `units` units. */
export async function insertDemoPortfolio(db: Db, units: number, options: { managers?: boolean } = {}): Promise<PortfolioPlan> {
  const plan = await insertDemoBuildings(db, units, options);
  await insertDemoUnits(db, plan, units);
  return plan;
}
