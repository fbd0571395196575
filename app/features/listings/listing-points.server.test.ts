import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBuilding, createProperty } from '../../../tests/setup/factories';
import { insertDemoPortfolio } from '../../../tests/setup/demo-portfolio';
import { explainText } from '../../../tests/setup/query-plans';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { loader as propertiesLoader } from '~/routes/public/properties';
import { DEFAULT_MAP_ATTRIBUTION, DEFAULT_MAP_TILE_URL } from '~/lib/map-tiles';
import type { Db } from '~/server/db/client.server';
import { decodeListingPoints, encodeListingPoints } from './listing-points-codec';
import { findListingPoints, listingPointsQuery, packListingPoints, type ListingPoints } from './listing-points.server';
import { parseListingQuery } from './listings.schemas';
import { findListings } from './listings.server';

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const query = (search: string) => parseListingQuery(new URLSearchParams(search));

describe(`map points (${kind})`, () => {
  let database: TestDatabase;
  const ids: Record<string, number> = {};
  const units: Record<string, number> = {};

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const place = {
      alpha: { name: 'Alpha Tower', city: 'Austin', state: 'TX', zipCode: '78701', latitude: 30.2672, longitude: -97.7431 },
      bravo: { name: 'Bravo Court', city: 'Dallas', state: 'TX', zipCode: '75201', latitude: 32.7767, longitude: -96.797 },
      charlie: { name: 'Charlie Lofts', city: 'Denver', state: 'CO', zipCode: '80202', latitude: 39.7392, longitude: -104.9903 },
      delta: { name: 'Delta House', city: 'Denver', state: 'CO', zipCode: '80203', latitude: 39.7312, longitude: -104.9826 },
      echo: { name: 'Echo Place', city: 'Boise', state: 'ID', zipCode: '83702', latitude: null, longitude: null },
    } as const;
    for (const [key, value] of Object.entries(place)) {
      ids[key] = (await createBuilding(db, { ...value, streetAddress: `${key} Secret Street` })).id;
    }
    const unit = async (
      key: keyof typeof place,
      label: string,
      values: { price: number; maxOccupants: number; listed?: boolean; status?: 'available' | 'leased' | 'maintenance' },
    ) => {
      const { name: _name, ...where } = place[key];
      const row = await createProperty(db, { ...where, ...values, buildingId: ids[key], address: `${key} Secret Street, Unit ${label}` });
      units[label] = row.id;
    };
    await unit('alpha', 'A1', { price: 1000, maxOccupants: 1 });
    await unit('alpha', 'A2', { price: 1500, maxOccupants: 2 });
    await unit('alpha', 'A3', { price: 2000, maxOccupants: 3, status: 'leased' });
    await unit('alpha', 'A4', { price: 900, maxOccupants: 4, listed: false });
    await unit('bravo', 'B1', { price: 2500, maxOccupants: 4 });
    await unit('charlie', 'C1', { price: 1200, maxOccupants: 2 });
    await unit('charlie', 'C2', { price: 3100, maxOccupants: 4, status: 'maintenance' });
    await unit('delta', 'D1', { price: 1300, maxOccupants: 2, listed: false });
    await unit('delta', 'D2', { price: 1400, maxOccupants: 3, listed: false });
    await unit('echo', 'E1', { price: 1100, maxOccupants: 2 });
    await unit('echo', 'E2', { price: 1150, maxOccupants: 3 });
  });

  afterAll(async () => {
    await database.close();
  });

  /** The list's answer (every page at once), grouped by building name. */
  async function listByBuilding(search: string) {
    const page = await findListings({ db: database.db, query: query(search), lang: 'en', pageSize: 1000 });
    const groups = new Map<string, { units: number; minPrice: number; maxPrice: number }>();
    for (const item of page.items) {
      const group = groups.get(item.buildingName) ?? { units: 0, minPrice: Infinity, maxPrice: -Infinity };
      groups.set(item.buildingName, {
        units: group.units + 1,
        minPrice: Math.min(group.minPrice, item.price),
        maxPrice: Math.max(group.maxPrice, item.price),
      });
    }
    return { total: page.total, groups };
  }

  it.each([
    ['no filter', ''],
    ['capacity 3+', 'capacity=3'],
    ['a state', 'location=TX'],
    ['a state by name', 'location=Colorado'],
    ['a city', 'location=denver'],
    ['"City, ST"', 'location=Dallas%2C%20TX'],
    ['a price range', 'minPrice=1100&maxPrice=2600'],
    ['capacity, state and price together', 'capacity=2&location=TX&maxPrice=2000'],
    ['sort and page (ignored by the map)', 'sort=price_desc&page=3'],
  ])('counts the same units as the list for %s', async (_label, search) => {
    const list = await listByBuilding(search);
    const map = await findListingPoints({ db: database.db, query: query(search) });
    const placed = new Map(
      map.points.map((point) => [point.name, { units: point.units, minPrice: point.minPrice, maxPrice: point.maxPrice }]),
    );
    const expectedPlaced = new Map([...list.groups].filter(([name]) => name !== 'Echo Place'));
    expect(placed).toEqual(expectedPlaced);
    expect(map.unplaced).toBe(list.groups.get('Echo Place')?.units ?? 0);
    expect(map.units).toBe(list.total);
    expect(map.capped).toBe(false);
  });

  it('answers one point per building with its count, rent range, coordinates and, for a lone unit, the unit', async () => {
    const map = await findListingPoints({ db: database.db, query: query('') });
    expect(map.points).toEqual([
      {
        id: ids.alpha,
        name: 'Alpha Tower',
        city: 'Austin',
        state: 'TX',
        lat: 30.2672,
        lng: -97.7431,
        units: 3,
        minPrice: 1000,
        maxPrice: 2000,
        unitId: null,
      },
      {
        id: ids.bravo,
        name: 'Bravo Court',
        city: 'Dallas',
        state: 'TX',
        lat: 32.7767,
        lng: -96.797,
        units: 1,
        minPrice: 2500,
        maxPrice: 2500,
        unitId: units.B1,
      },
      {
        id: ids.charlie,
        name: 'Charlie Lofts',
        city: 'Denver',
        state: 'CO',
        lat: 39.7392,
        lng: -104.9903,
        units: 2,
        minPrice: 1200,
        maxPrice: 3100,
        unitId: null,
      },
    ]);
    expect(map).toMatchObject({ units: 8, unplaced: 2, capped: false });
    const narrowed = await findListingPoints({ db: database.db, query: query('location=Austin&maxPrice=1200') });
    expect(narrowed.points).toEqual([expect.objectContaining({ name: 'Alpha Tower', units: 1, unitId: units.A1 })]);
  });

  it('leaves unlisted units and buildings with only unlisted units off the map', async () => {
    const map = await findListingPoints({ db: database.db, query: query('location=Denver') });
    expect(map.points.map((point) => point.name)).toEqual(['Charlie Lofts']);
    const alpha = (await findListingPoints({ db: database.db, query: query('') })).points.find((point) => point.name === 'Alpha Tower');
    expect(alpha).toMatchObject({ units: 3, minPrice: 1000 }); // A4 (unlisted, $900) is not counted
  });

  it('never returns a street address', async () => {
    const map = await findListingPoints({ db: database.db, query: query('') });
    expect(JSON.stringify(map)).not.toMatch(/Secret|address/i);
    for (const point of map.points)
      expect(Object.keys(point).sort()).toEqual(['city', 'id', 'lat', 'lng', 'maxPrice', 'minPrice', 'name', 'state', 'unitId', 'units']);
  });

  it('reads at most `cap` units and says when more match', async () => {
    const capped = await findListingPoints({ db: database.db, query: query(''), cap: 3 });
    expect(capped).toMatchObject({ units: 3, capped: true, cap: 3 });
    expect(capped.points.reduce((sum, point) => sum + point.units, 0) + capped.unplaced).toBe(3);
    const exact = await findListingPoints({ db: database.db, query: query(''), cap: 8 });
    expect(exact).toMatchObject({ units: 8, capped: false });
    const exactlyCap = await findListingPoints({ db: database.db, query: query('location=TX'), cap: 4 });
    expect(exactlyCap).toMatchObject({ units: 4, capped: false });
  });

  it('packs the points for the page into one string that unpacks to the same points', async () => {
    const map = await findListingPoints({ db: database.db, query: query('') });
    const packed = packListingPoints(map);
    expect(packed).toMatchObject({ units: 8, buildings: 3, capped: false, cap: 75_000, unplaced: 2 });
    expect(decodeListingPoints(packed.encoded)).toEqual(map.points);
    const tricky = [{ ...map.points[0]!, name: 'Quote " Tower, \\ Unit ~|', unitId: null }];
    expect(decodeListingPoints(encodeListingPoints(tricky))).toEqual(tricky);
  });

  it('answers no point for a search nothing matches', async () => {
    expect(await findListingPoints({ db: database.db, query: query('location=Nowhere') })).toEqual({
      points: [],
      units: 0,
      capped: false,
      cap: 75_000,
      unplaced: 0,
    });
  });

  it('the building filter narrows the list and the map to one building', async () => {
    const list = await findListings({ db: database.db, query: query(`building=${ids.alpha}&sort=price_asc`), lang: 'en' });
    expect(list.items.map((item) => item.price)).toEqual([1000, 1500, 2000]);
    const map = await findListingPoints({ db: database.db, query: query(`building=${ids.alpha}&capacity=2`) });
    expect(map.points).toEqual([expect.objectContaining({ name: 'Alpha Tower', units: 2, minPrice: 1500, maxPrice: 2000 })]);
    const other = await findListings({ db: database.db, query: query(`building=${ids.delta}`), lang: 'en' });
    expect(other.total).toBe(0); // only unlisted units there
  });

  describe('/properties loader', () => {
    const args = (path: string) =>
      ({ request: new Request(`http://localhost${path}`), params: {}, context: testContext(database) }) as never;

    it('with view=map answers the points for the filters and the tile configuration, no list', async () => {
      const data = await propertiesLoader(args('/properties?view=map&location=TX&page=4'));
      expect(data.view).toBe('map');
      expect(data.result).toBeNull();
      expect(data.query.page).toBe(1);
      expect(data.points).toMatchObject({ units: 4, buildings: 2, capped: false, unplaced: 0 });
      expect(decodeListingPoints(data.points!.encoded).map((point) => point.name)).toEqual(['Alpha Tower', 'Bravo Court']);
      expect(data.map).toEqual({ tileUrl: DEFAULT_MAP_TILE_URL, attribution: DEFAULT_MAP_ATTRIBUTION });
      expect(Object.keys(data.i18n)).toEqual(['listings', 'map']);
    });

    it('without view (or with an unknown one) answers the list', async () => {
      for (const path of ['/properties?location=TX', '/properties?location=TX&view=globe']) {
        const data = await propertiesLoader(args(path));
        expect(data.view).toBe('list');
        expect(data.points).toBeNull();
        expect(data.result?.total).toBe(4);
      }
    });
  });
});

/** The plan's text for the points query of `search`, with its parameters written in. */
async function explainPoints(db: Db, search: string): Promise<string> {
  const compiled = listingPointsQuery({ db, query: query(search) }).toSQL();
  return explainText(db, { sql: compiled.sql, params: compiled.params });
}

describe(`map points query plan at a realistic size (${kind})`, () => {
  let database: TestDatabase;
  const UNITS = 4_000;

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    // The demo generator's portfolio (buildings of 10–200 units), without the demo managers.
    await insertDemoPortfolio(db, UNITS, { managers: false });
    await db.execute(sql`VACUUM ANALYZE property`);
    await db.execute(sql`VACUUM ANALYZE building`);
  }, 120_000);

  afterAll(async () => {
    await database.close();
  });

  it('groups every listed unit from an index alone when nothing is filtered', async () => {
    const plan = await explainPoints(database.db, '');
    // property_map_idx or the listing's (building, newest) index: both hold building_id for the
    // listed units only (migration 0014), so the table itself is never read.
    expect(plan).toMatch(/Index Only Scan using property_(map|building_created)_idx on property/);
    expect(plan).not.toMatch(/Seq Scan on property/);
  });

  it.each([
    ['capacity', 'capacity=3'],
    ['a price range', 'minPrice=1000&maxPrice=1500'],
    ['a state', 'location=TX'],
    ['a city', 'location=Austin'],
    ['"City, ST"', 'location=Austin%2C%20TX'],
    ['capacity, state and price', 'capacity=2&location=TX&minPrice=1000&maxPrice=3500'],
    ['a building', 'building=7'],
  ])('reads an index, never the whole property table, for %s', async (_label, search) => {
    const plan = await explainPoints(database.db, search);
    expect(plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    expect(plan).not.toMatch(/Seq Scan on property/);
  });

  it('at this size the map of the whole portfolio has one point per building with listed units', async () => {
    const map: ListingPoints = await findListingPoints({ db: database.db, query: query('') });
    const counted = (await database.db.execute(
      sql`SELECT count(DISTINCT building_id)::int AS n, count(*)::int AS units FROM property WHERE listed`,
    )) as unknown as {
      rows: Array<{ n: number; units: number }>;
    };
    expect(counted.rows[0]!.n).toBeGreaterThan(20);
    expect(map.points).toHaveLength(counted.rows[0]!.n);
    expect(map.units).toBe(counted.rows[0]!.units);
    expect(map.unplaced).toBe(0);
  });
});
