/**
 * The portfolio migration (0004) on data written before it: flat units whose unit number sat in
 * the address become units of buildings, and the counters and manager copies the triggers keep
 * start out right.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { migrationsFolder } from './client.server';

type Journal = { entries: { idx: number; tag: string }[] };

/** Applies the migration files `firstIdx`…`lastIdx`, statement by statement. */
async function applyMigrations(database: TestDatabase, firstIdx: number, lastIdx: number) {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as Journal;
  for (const entry of journal.entries.filter((e) => e.idx >= firstIdx && e.idx <= lastIdx)) {
    const text = fs.readFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), 'utf8');
    for (const statement of text.split('--> statement-breakpoint')) {
      if (statement.trim()) await database.db.execute(sql.raw(statement));
    }
  }
}

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  await applyMigrations(database, 0, 3);
  // Units as the seed wrote them before buildings existed.
  await database.db.execute(
    sql`INSERT INTO "user" (id, name, email, role) VALUES ('m1', 'Manager One', 'm1@example.test', 'property_manager')`,
  );
  await database.db.execute(sql`
    INSERT INTO property (title, description, price, address, city, state, zip_code, bedrooms, bathrooms, square_feet, property_type, status, manager_id) VALUES
      ('A', 'd', 1000, '12 Oak Street, Apt 4B', 'Austin', 'TX', '78701', 1, 1, 600, 'apartment', 'available', 'm1'),
      ('B', 'd', 1100, '12 Oak Street, Apt 5C', 'Austin', 'TX', '78701', 1, 1, 600, 'apartment', 'leased', 'm1'),
      ('C', 'd', 1200, '12 Oak Street, Apt 5C', 'Austin', 'TX', '78701', 2, 1, 800, 'apartment', 'maintenance', 'm1'),
      ('D', 'd', 2000, '900 Elm Road', 'Denver', 'CO', '80202', 3, 2, 1500, 'townhouse', 'available', NULL),
      ('E', 'd', 3000, '12 Oak Street, PH A', 'Dallas', 'TX', '75201', 3, 2, 1500, 'penthouse', 'available', NULL)
  `);
  await applyMigrations(database, 4, 4);
});

afterAll(async () => {
  await database?.close();
});

describe(`the portfolio migration (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('puts every existing unit in a building made of its street address, city, state and ZIP', async () => {
    const buildings = rows<{
      id: number;
      name: string;
      street_address: string;
      city: string;
      manager_id: string | null;
      units_total: number;
      units_available: number;
      units_leased: number;
      units_maintenance: number;
      units_listed: number;
    }>(
      await database.db.execute(
        sql`SELECT id, name, street_address, city, manager_id, units_total, units_available, units_leased, units_maintenance, units_listed FROM building ORDER BY city, id`,
      ),
    );
    expect(buildings.map((b) => [b.city, b.street_address, b.units_total])).toEqual([
      ['Austin', '12 Oak Street', 3],
      ['Dallas', '12 Oak Street', 1],
      ['Denver', '900 Elm Road', 1],
    ]);
    const austin = buildings[0]!;
    expect(austin.name).toBe('12 Oak Street');
    expect(austin.manager_id).toBe('m1');
    expect([austin.units_available, austin.units_leased, austin.units_maintenance, austin.units_listed]).toEqual([1, 1, 1, 3]);
  });

  it('takes the unit number from the address and keeps unit numbers unique within a building', async () => {
    const units = rows<{ title: string; unit_number: string; listed: boolean; building_id: number }>(
      await database.db.execute(sql`SELECT title, unit_number, listed, building_id FROM property ORDER BY title`),
    );
    const byTitle = Object.fromEntries(units.map((u) => [u.title, u.unit_number]));
    expect(byTitle.A).toBe('4B');
    expect(byTitle.B).toBe('5C');
    expect(byTitle.C).toMatch(/^5C-\d+$/);
    expect(byTitle.E).toBe('PH A');
    expect(byTitle.D).toMatch(/^\d+$/);
    expect(units.every((u) => u.listed && u.building_id > 0)).toBe(true);
  });

  it('keeps the counters and the manager copy right as units and buildings change', async () => {
    const [denver] = rows<{ id: number }>(await database.db.execute(sql`SELECT id FROM building WHERE city = 'Denver'`));
    await database.db.execute(sql`UPDATE building SET manager_id = 'm1' WHERE id = ${denver!.id}`);
    await database.db.execute(sql`
      INSERT INTO property (title, description, price, address, city, state, zip_code, bedrooms, bathrooms, square_feet, property_type, status, building_id, unit_number, listed, manager_id)
      VALUES ('F', 'd', 2100, '900 Elm Road, Unit 2', 'Denver', 'CO', '80202', 2, 1, 900, 'apartment', 'leased', ${denver!.id}, '2', false, NULL)`);
    await database.db.execute(sql`UPDATE property SET status = 'maintenance' WHERE title = 'D'`);
    const [counts] = rows<{
      units_total: number;
      units_available: number;
      units_leased: number;
      units_maintenance: number;
      units_listed: number;
    }>(
      await database.db.execute(
        sql`SELECT units_total, units_available, units_leased, units_maintenance, units_listed FROM building WHERE id = ${denver!.id}`,
      ),
    );
    expect(counts).toEqual({ units_total: 2, units_available: 0, units_leased: 1, units_maintenance: 1, units_listed: 1 });
    const managers = rows<{ manager_id: string | null }>(
      await database.db.execute(sql`SELECT manager_id FROM property WHERE building_id = ${denver!.id}`),
    );
    expect(managers.map((m) => m.manager_id)).toEqual(['m1', 'm1']);
    await database.db.execute(sql`DELETE FROM property WHERE title = 'F'`);
    const [after] = rows<{ units_total: number; units_leased: number }>(
      await database.db.execute(sql`SELECT units_total, units_leased FROM building WHERE id = ${denver!.id}`),
    );
    expect(after).toEqual({ units_total: 1, units_leased: 0 });
  });
});
