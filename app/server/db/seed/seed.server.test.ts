import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, count, eq, isNull, like, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMENITY_KEYS } from '~/lib/amenities';
import { galleryCategoryOf, imageSrcSet } from '~/lib/images';
import { openDatabase, type Database } from '../client.server';
import { building, listingAlert, listingAlertDelivery, property, thread, user } from '../schema';
import { MAX_BUILDING_UNITS, MIN_BUILDING_UNITS, planPortfolio } from './generate-buildings.server';
import { createUnitGenerator } from './generate-units.server';
import { ensureDemoImages } from './images.server';
import { SAMPLE_LISTINGS } from './samples';
import { SeedTargetNotEmptyError, isDatabaseEmpty, seedDatabase } from './seed.server';
import { lookupZip } from './zip-codes.server';
import { createLocalStorage } from '~/server/uploads/storage.server';

// Rendering the pictures takes a few seconds, so they are shared between runs in one temp folder
// (writes are atomic renames, so concurrent runs cannot see half-written files).
const uploadsDir = path.join(os.tmpdir(), 'dimora-seed-test-uploads');

let database: Database;
type Row = typeof property.$inferSelect;

async function allRows(): Promise<Row[]> {
  return database.db.select().from(property).orderBy(asc(property.id));
}

function digest(rows: Row[]): string {
  const hash = createHash('sha256');
  for (const row of rows) {
    hash.update(JSON.stringify([row.id, row.title, row.titleIt, row.price, row.city, row.state, row.zipCode, row.description]));
  }
  return hash.digest('hex');
}

beforeAll(async () => {
  database = await openDatabase({});
  await database.migrate();
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe('seedDatabase', () => {
  let rows: Row[];

  beforeAll(async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    const progress: number[] = [];
    const result = await seedDatabase({
      db: database.db,
      units: 240,
      seed: 42,
      storage: createLocalStorage(uploadsDir),
      onProgress: (done) => progress.push(done),
    });
    expect(result).toEqual({ properties: 240, buildings: 24, images: 96 });
    expect(progress.at(-1)).toBe(240);
    rows = await allRows();
  }, 60_000);

  it('creates exactly the requested number of units, with ids 1…N', async () => {
    expect(rows).toHaveLength(240);
    expect(rows[0]?.id).toBe(1);
    expect(rows.at(-1)?.id).toBe(240);
    expect(await isDatabaseEmpty(database.db)).toBe(false);
  });

  it('stores exactly what the generator produced (the bulk insert maps every column)', () => {
    const generate = createUnitGenerator(42, planPortfolio(42, 240));
    for (let i = 0; i < 240; i += 7) {
      const expected = generate(i);
      const row = rows[i] as Record<string, unknown>;
      for (const [key, value] of Object.entries(expected)) expect(row[key], `${key} of unit ${i + 1}`).toEqual(value);
    }
  });

  it('spreads 240 units over the 23 states and uses every status', () => {
    expect(new Set(rows.map((r) => r.state)).size).toBe(23);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['available', 'leased', 'maintenance']));
  });

  it('gives ids 1–6 the hand-written sample listings in both languages', () => {
    SAMPLE_LISTINGS.forEach((sample, i) => {
      const row = rows[i];
      expect(row?.id).toBe(i + 1);
      expect(row?.title).toBe(sample.title);
      expect(row?.titleIt).toBe(sample.titleIt);
      expect(row?.description).toBe(sample.description);
      expect(row?.descriptionIt).toBe(sample.descriptionIt);
      expect(row?.city).toBe(sample.city);
    });
  });

  it('uses real ZIP codes of each unit’s city and state, with nearby coordinates', () => {
    for (const row of rows) {
      expect(row.zipCode).toMatch(/^\d{5}$/);
      const zip = lookupZip(row.zipCode);
      expect(zip, row.zipCode).toBeDefined();
      expect(zip?.city).toBe(row.city);
      expect(zip?.state).toBe(row.state);
      expect(Math.abs((row.latitude ?? 0) - (zip?.latitude ?? 0))).toBeLessThan(0.05);
      expect(Math.abs((row.longitude ?? 0) - (zip?.longitude ?? 0))).toBeLessThan(0.05);
    }
  });

  it('fills every unit with consistent, bilingual content', () => {
    for (const row of rows) {
      expect(row.title.length).toBeGreaterThan(5);
      expect(row.titleIt?.length).toBeGreaterThan(5);
      expect(row.description.length).toBeGreaterThan(100);
      expect(row.descriptionIt?.length).toBeGreaterThan(100);
      expect(row.price).toBeGreaterThan(0);
      expect(row.bedrooms).toBeGreaterThanOrEqual(0);
      expect(row.bedrooms).toBeLessThanOrEqual(4);
      expect(row.maxOccupants).toBeGreaterThanOrEqual(1);
      expect(row.maxOccupants).toBeLessThanOrEqual(6);
      expect(row.maxOccupants).toBeGreaterThanOrEqual(row.bedrooms);
      expect(row.address).toMatch(/^\d+ \S/);
      expect(['apartment', 'studio', 'loft', 'townhouse', 'penthouse', 'duplex']).toContain(row.propertyType);
      for (const key of row.amenities) expect(AMENITY_KEYS).toContain(key);
      expect(row.availableDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(row.managerId).toMatch(/^demo-manager-[1-5]$/);
      expect(row.unitNumber).toMatch(/^\d+$/);
      expect(row.address).toContain(row.unitNumber);
    }
  });

  it('puts the units in buildings of their city whose counters and manager match their units', async () => {
    const buildings = await database.db.select().from(building).orderBy(asc(building.id));
    expect(buildings).toHaveLength(24);
    expect(new Set(buildings.map((b) => b.state)).size).toBe(23);
    for (const b of buildings) {
      const units = rows.filter((r) => r.buildingId === b.id);
      expect(units.length, b.name).toBe(b.unitsTotal);
      expect(b.unitsAvailable).toBe(units.filter((u) => u.status === 'available').length);
      expect(b.unitsLeased).toBe(units.filter((u) => u.status === 'leased').length);
      expect(b.unitsMaintenance).toBe(units.filter((u) => u.status === 'maintenance').length);
      expect(b.unitsListed).toBe(units.filter((u) => u.listed).length);
      expect(new Set(units.map((u) => u.unitNumber)).size).toBe(units.length);
      for (const unit of units) {
        expect([unit.city, unit.state, unit.zipCode, unit.managerId]).toEqual([b.city, b.state, b.zipCode, b.managerId]);
        expect(unit.address.startsWith(b.streetAddress)).toBe(true);
      }
      expect(b.name.length).toBeGreaterThan(3);
      expect(b.description.length).toBeGreaterThan(60);
      expect(b.descriptionIt?.length).toBeGreaterThan(60);
      expect(b.imageUrls[0]).toMatch(/^\/media\/demo\/exterior-\d{2}-1200\.webp$/);
      expect(b.yearBuilt).toBeGreaterThan(1900);
    }
    // The six sample listings open buildings 1–6.
    expect(rows.slice(0, 6).map((r) => r.buildingId)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('gives each unit 3–5 demo pictures, exterior first, whose files exist', () => {
    for (const row of rows) {
      expect(row.imageUrls.length).toBeGreaterThanOrEqual(3);
      expect(row.imageUrls.length).toBeLessThanOrEqual(5);
      expect(row.imageUrls[0]).toMatch(/^\/media\/demo\/exterior-\d{2}-1200\.webp$/);
      for (const url of row.imageUrls) {
        const { srcSet } = imageSrcSet(url);
        for (const candidate of srcSet.split(', ')) {
          const file = path.join(uploadsDir, candidate.split(' ')[0]!.replace(/^\/media\//, ''));
          expect(fs.existsSync(file), file).toBe(true);
        }
      }
    }
  });

  it('creates five verified demo property managers and assigns buildings round-robin', async () => {
    const managers = await database.db.select().from(user).where(like(user.id, 'demo-manager-%'));
    expect(managers).toHaveLength(5);
    for (const manager of managers) {
      expect(manager.role).toBe('property_manager');
      expect(manager.emailVerified).toBe(true);
      expect(manager.email).toMatch(/^manager[1-5]@demo\.dimora\.example$/);
    }
    expect(rows[0]?.managerId).toBe('demo-manager-1');
    expect(rows[5]?.managerId).toBe('demo-manager-1');
    const [assigned] = await database.db.select({ n: count() }).from(building).where(eq(building.managerId, 'demo-manager-3'));
    expect(assigned?.n).toBe(5);
  });

  it("writes demo contact inquiries (most about demo managers' units) and listing alerts with a waiting digest", async () => {
    const threads = await database.db
      .select({
        id: thread.id,
        kind: thread.kind,
        propertyId: thread.propertyId,
        managerId: property.managerId,
        locale: thread.locale,
        status: thread.status,
      })
      .from(thread)
      .leftJoin(property, eq(property.id, thread.propertyId))
      .orderBy(asc(thread.id));
    expect(threads).toHaveLength(6);
    expect(threads.every((row) => row.kind === 'contact')).toBe(true);
    expect(threads.filter((row) => row.propertyId === null)).toHaveLength(2);
    expect(new Set(threads.map((row) => row.managerId).filter(Boolean)).size).toBe(4);
    expect(new Set(threads.map((row) => row.locale))).toEqual(new Set(['en', 'it']));
    expect(threads.map((row) => row.status)).toContain('closed');
    const waiting = await database.db
      .select({
        email: listingAlert.email,
        status: listingAlert.status,
        frequency: listingAlert.frequency,
        location: sql<string>`${listingAlert.criteria} ->> 'location'`,
        city: property.city,
        state: property.state,
        sentAt: listingAlertDelivery.sentAt,
      })
      .from(listingAlertDelivery)
      .innerJoin(listingAlert, eq(listingAlert.id, listingAlertDelivery.alertId))
      .innerJoin(property, eq(property.id, listingAlertDelivery.propertyId))
      .where(isNull(listingAlertDelivery.sentAt));
    expect(waiting).toHaveLength(3);
    for (const row of waiting) {
      expect(row).toMatchObject({ status: 'confirmed', frequency: 'daily' });
      expect(row.location).toBe(`${row.city}, ${row.state}`);
    }
    const alerts = await database.db.select().from(listingAlert).orderBy(asc(listingAlert.id));
    expect(alerts.map((alert) => alert.status)).toEqual(['confirmed', 'confirmed', 'pending']);
  });

  it('refuses to seed a database that already has properties unless reset', async () => {
    await expect(seedDatabase({ db: database.db, units: 5, seed: 42, storage: createLocalStorage(uploadsDir) })).rejects.toBeInstanceOf(
      SeedTargetNotEmptyError,
    );
  });

  it('produces identical rows for the same seed and different rows for another seed', async () => {
    const first = digest(rows);
    await seedDatabase({ db: database.db, units: 240, seed: 42, storage: createLocalStorage(uploadsDir), reset: true });
    const again = await allRows();
    expect(again[0]?.id).toBe(1);
    expect(digest(again)).toBe(first);
    expect(again).toEqual(rows);

    await seedDatabase({ db: database.db, units: 240, seed: 7, storage: createLocalStorage(uploadsDir), reset: true });
    expect(digest(await allRows())).not.toBe(first);
  });

  it('resets to a smaller portfolio and lets new listings continue the id sequence', async () => {
    await seedDatabase({ db: database.db, units: 13, seed: 42, storage: createLocalStorage(uploadsDir), reset: true });
    const small = await allRows();
    expect(small).toHaveLength(13);
    // The sample listings always come first.
    expect(small.slice(0, 6).map((r) => r.title)).toEqual(rows.slice(0, 6).map((r) => r.title));
    const [created] = await database.db
      .insert(property)
      .values({
        buildingId: small[0]!.buildingId,
        unitNumber: 'T1',
        title: 'Test',
        description: 'Test unit',
        price: 1000,
        address: '1 Test Street',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 500,
        propertyType: 'apartment',
      })
      .returning({ id: property.id });
    expect(created?.id).toBe(14);
    const managers = await database.db.select({ n: count() }).from(user).where(like(user.id, 'demo-manager-%'));
    expect(managers[0]?.n).toBe(5);
  });
});

describe('planPortfolio', () => {
  it('makes 75,000 units into about 1,500 buildings of 10–200 units across the 23 states', () => {
    const plan = planPortfolio(42, 75_000);
    const sizes = plan.buildings.map((b) => b.size);
    expect(sizes.reduce((sum, n) => sum + n, 0)).toBe(75_000);
    expect(plan.buildings.length).toBeGreaterThan(1_200);
    expect(plan.buildings.length).toBeLessThan(1_800);
    expect(Math.min(...sizes.slice(0, -1))).toBeGreaterThanOrEqual(MIN_BUILDING_UNITS);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(MAX_BUILDING_UNITS);
    expect(new Set(plan.buildings.map((b) => b.row.state)).size).toBe(23);
    expect(plan.managers.length).toBeGreaterThanOrEqual(Math.ceil(plan.buildings.length / 25));
    // Every unit has one place, and no two units share a building slot.
    const places = new Set<string>();
    for (let i = 0; i < 75_000; i += 1) {
      const { building: b, slot } = plan.placement(i);
      expect(slot).toBeLessThan(b.size);
      places.add(`${b.row.id}:${slot}`);
    }
    expect(places.size).toBe(75_000);
  });
});

describe('createUnitGenerator', () => {
  it('mixes statuses about 70/20/10, keeps values in range and prices units by market', () => {
    // Units spread over a whole 75,000-unit portfolio, so every market shows up.
    const generate = createUnitGenerator(42, planPortfolio(42, 75_000));
    const n = 10_000;
    const tally = { available: 0, leased: 0, maintenance: 0 };
    const twoBedroomPrices: Record<string, number[]> = { Boston: [], Dayton: [] };
    for (let k = 0; k < n; k++) {
      const unit = generate(6 + k * 7);
      tally[unit.status ?? 'available']++;
      expect(unit.bathrooms).toBeGreaterThanOrEqual(1);
      expect(unit.squareFeet).toBeGreaterThan(300);
      if (unit.bedrooms === 2) twoBedroomPrices[unit.city]?.push(unit.price);
    }
    expect(tally.available / n).toBeGreaterThan(0.64);
    expect(tally.available / n).toBeLessThan(0.76);
    expect(tally.leased / n).toBeGreaterThan(0.15);
    expect(tally.leased / n).toBeLessThan(0.25);
    expect(tally.maintenance / n).toBeGreaterThan(0.06);
    expect(tally.maintenance / n).toBeLessThan(0.14);

    const median = (prices: number[]) => [...prices].sort((a, b) => a - b)[Math.floor(prices.length / 2)] ?? 0;
    expect(twoBedroomPrices.Dayton!.length).toBeGreaterThan(3);
    expect(median(twoBedroomPrices.Boston!)).toBeGreaterThan(median(twoBedroomPrices.Dayton!) * 2);
  });
});

describe('demo pictures', () => {
  it('renders 4:3 WebP files in three widths and skips existing ones', async () => {
    const again = await ensureDemoImages(createLocalStorage(uploadsDir));
    expect(again).toEqual({ files: 96, written: 0 });
    for (const [width, height] of [
      [400, 300],
      [800, 600],
      [1200, 900],
    ] as const) {
      const meta = await sharp(path.join(uploadsDir, 'demo', `room-01-${width}.webp`)).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([width, height]);
    }
  });

  it('maps a 1200 px URL to its srcset and gallery category', () => {
    expect(imageSrcSet('/media/demo/room-03-1200.webp')).toEqual({
      src: '/media/demo/room-03-1200.webp',
      srcSet: '/media/demo/room-03-400.webp 400w, /media/demo/room-03-800.webp 800w, /media/demo/room-03-1200.webp 1200w',
    });
    expect(imageSrcSet('https://example.com/photo.jpg')).toEqual({ src: 'https://example.com/photo.jpg', srcSet: '' });
    expect(galleryCategoryOf('/media/demo/exterior-01-1200.webp')).toBe('exterior');
    expect(galleryCategoryOf('/media/demo/room-12-800.webp')).toBe('rooms');
    expect(galleryCategoryOf('/media/demo/amenity-02-1200.webp')).toBe('amenities');
    expect(galleryCategoryOf('/media/uploads/abc.webp')).toBeNull();
  });
});
