/**
 * The deterministic demo-data seed (DESIGN §6: "75,000 units in 23 states"): five demo property
 * managers and N units with bilingual copy, real ZIP codes and locally generated pictures.
 * Used by `npm run seed` (scripts/seed.ts) and by the server's first start on an empty database.
 */
import { count, like, sql } from 'drizzle-orm';
import type { Db } from '../client.server';
import { building, property, user } from '../schema';
import { bulkInsertSql } from './bulk-insert.server';
import { seedDemoAlerts } from './demo-alerts.server';
import { seedDemoApplications } from './demo-applications.server';
import { seedDemoLeases } from './demo-leases.server';
import { seedDemoLeads } from './demo-leads.server';
import { seedDemoMaintenance } from './demo-maintenance.server';
import { planPortfolio, type DemoManager } from './generate-buildings.server';
import { SEED_EPOCH_MS, createUnitGenerator, type PropertyInsert } from './generate-units.server';
import type { UploadStorage } from '../../uploads/storage.server';
import { ensureDemoImages } from './images.server';
import { seedDemoAudit } from './demo-audit.server';

/** Rows per INSERT statement (one array parameter per column, see bulk-insert.server.ts). */
const BATCH_ROWS = 1_000;
/** INSERT statements per transaction. */
const BATCHES_PER_TRANSACTION = 5;
/** Upper bound on `units`, matching env SEED_UNITS. */
export const MAX_SEED_UNITS = 200_000;

export class SeedTargetNotEmptyError extends Error {
  constructor(existing: number) {
    super(`The database already holds ${existing} properties; seed again with reset to replace them.`);
    this.name = 'SeedTargetNotEmptyError';
  }
}

export type SeedOptions = {
  db: Db;
  /** Number of units (property rows) to create, 0–200,000. */
  units: number;
  /** Data seed: the same seed always produces the same rows. */
  seed: number;
  /** The upload store `/media` serves (folder or bucket, decision 057): demo pictures go under `demo/`. */
  storage: UploadStorage;
  /**
   * Empty the property and building tables first (`TRUNCATE … RESTART IDENTITY CASCADE`: this
   * also empties every table that references them — applications, leases, payments, maintenance
   * requests, threads…; leases take their signers, charges, allocations, payments and autopay
   * with them), empty the general ledger (`gl_reset_books`, decision 058) and remove the demo
   * managers (the demo tenants go in seedDemoLeases).
   */
  reset?: boolean;
  /** Called after each inserted batch with units done so far and the total. */
  onProgress?: (done: number, total: number) => void;
};

/** True when the database holds no property rows. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: property.id }).from(property).limit(1);
  return rows.length === 0;
}

async function insertDemoManagers(db: Db, managers: readonly DemoManager[]): Promise<void> {
  const createdAt = new Date(SEED_EPOCH_MS - 400 * 86_400_000);
  await db
    .insert(user)
    .values(
      managers.map((manager) => ({
        id: manager.id,
        name: `${manager.firstName} ${manager.lastName}`,
        email: manager.email,
        emailVerified: true,
        role: 'property_manager' as const,
        firstName: manager.firstName,
        lastName: manager.lastName,
        phone: manager.phone,
        companyName: 'Dimora Property Management',
        userType: 'property_manager',
        locale: manager.locale,
        createdAt,
        updatedAt: createdAt,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Seeds `units` demo properties (ids 1…units; ids 1–6 are the hand-written samples) in buildings
 * of 10–200 units (see generate-buildings.server.ts), the demo property managers who run the
 * buildings (five, or one per 25 buildings), the demo pictures (rendered once, kept when
 * already present), demo applications, contact inquiries, listing alerts, and demo tenants with
 * active leases and their ledgers (demo-leases.server.ts). Rows are built in memory and inserted 1,000 per statement (as column arrays,
 * see bulk-insert.server.ts), 5,000 per transaction; 75,000 units take well under a minute on
 * PGlite.
 *
 * Returns the number of properties and buildings inserted and of demo picture files present.
 * Throws `RangeError` for a bad `units`, `SeedTargetNotEmptyError` when properties exist and
 * `reset` is not set, and whatever the database or file system throws.
 */
export async function seedDatabase(opts: SeedOptions): Promise<{ properties: number; buildings: number; images: number }> {
  const { db, units, seed, storage, reset = false, onProgress } = opts;
  if (!Number.isInteger(units) || units < 0 || units > MAX_SEED_UNITS) {
    throw new RangeError(`units must be an integer between 0 and ${MAX_SEED_UNITS}, got ${units}`);
  }
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);

  if (reset) {
    // The journal is append-only; a reset of the demo empties it through its one door (decision 058).
    await db.execute(sql`SELECT gl_reset_books()`);
    await db.execute(sql`TRUNCATE ${property}, ${building} RESTART IDENTITY CASCADE`);
    await db.delete(user).where(like(user.id, 'demo-manager-%'));
  } else {
    const [row] = await db.select({ n: count() }).from(property);
    if (row && row.n > 0) throw new SeedTargetNotEmptyError(row.n);
  }

  const { files } = await ensureDemoImages(storage);
  const plan = planPortfolio(seed, units);
  await insertDemoManagers(db, plan.managers);
  for (let from = 0; from < plan.buildings.length; from += BATCH_ROWS) {
    await db.execute(
      bulkInsertSql(
        building,
        plan.buildings.slice(from, from + BATCH_ROWS).map((planned) => planned.row),
      ),
    );
  }
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('building', 'id'), GREATEST((SELECT max(id) FROM ${building}), 1), (SELECT count(*) > 0 FROM ${building}))`,
  );

  const generate = createUnitGenerator(seed, plan);
  onProgress?.(0, units);
  let done = 0;
  while (done < units) {
    const end = Math.min(units, done + BATCH_ROWS * BATCHES_PER_TRANSACTION);
    const start = done;
    await db.transaction(async (tx) => {
      for (let from = start; from < end; from += BATCH_ROWS) {
        const batch: PropertyInsert[] = [];
        for (let i = from; i < Math.min(end, from + BATCH_ROWS); i++) batch.push(generate(i));
        await tx.execute(bulkInsertSql(property, batch));
      }
    });
    done = end;
    onProgress?.(done, units);
    // PGlite answers through microtasks only: yield to the event loop so that timers (progress
    // bars) and signal handlers (Ctrl-C) get a turn during a long seed.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  // Ids were given explicitly: move the sequence past them so new listings get the next id.
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('property', 'id'), GREATEST((SELECT max(id) FROM ${property}), 1), (SELECT count(*) > 0 FROM ${property}))`,
  );
  // Fresh statistics and visibility map right away instead of waiting for autovacuum: the
  // planner then picks the listing indexes, and the capped count becomes an index-only scan
  // (25 ms → 0.6 ms on PostgreSQL at 75,000 units). VACUUM cannot run inside a transaction.
  await db.execute(sql`VACUUM ANALYZE ${property}`);
  await db.execute(sql`VACUUM ANALYZE ${building}`);
  const candidates = await db
    .select({
      id: property.id,
      price: property.price,
      maxOccupants: property.maxOccupants,
      availableDate: property.availableDate,
      city: property.city,
      state: property.state,
      zipCode: property.zipCode,
      title: property.title,
      managerId: property.managerId,
    })
    .from(property)
    .where(sql`${property.status} = 'available' AND ${property.listed} AND ${property.id} > 6`)
    .orderBy(property.id)
    .limit(480);
  await seedDemoApplications({ db, units: candidates, seed });
  // Contact inquiries for the staff inbox and listing alerts with a waiting digest (decision 018).
  await seedDemoLeads({ db, units: candidates });
  await seedDemoAlerts({ db, units: candidates, seed });
  // Active leases with 12 months of ledger on 60 % of the leased units (decision 022).
  await seedDemoLeases({ db, seed });
  // Vendors, maintenance requests, work orders, invoices and capital projects (decision 026).
  await seedDemoMaintenance({ db, seed });
  // A month of audit entries for /admin/audit (decision 023).
  await seedDemoAudit({ db });
  // The month totals the seed's postings added, folded as the hourly job would (decision 059).
  await db.execute(sql`SELECT gl_compact_month_totals()`);
  // Statistics of the journal the seed wrote (PGlite has no autovacuum to gather them): without
  // them the planner guesses a handful of lines per account and sorts a year's instead of reading
  // the first page in the index's order (decision 060).
  await db.execute(sql`ANALYZE journal_line`);
  await db.execute(sql`ANALYZE journal_entry`);
  return { properties: units, buildings: plan.buildings.length, images: files };
}
