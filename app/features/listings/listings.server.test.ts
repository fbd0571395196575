import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty } from '../../../tests/setup/factories';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { loader as propertiesLoader } from '~/routes/public/properties';
import { loader as propertyLoader } from '~/routes/public/property.$id';
import { loader as apartmentsLoader } from '~/routes/public/apartments';
import { LISTING_COUNT_CAP } from '~/lib/constants';
import { parseListingQuery } from './listings.schemas';
import { findListings, findPublicProperty } from './listings.server';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  // 30 homes: prices 1000..3900 in steps of 100, capacity cycling 1..4, three cities.
  const cities = [
    { city: 'Austin', state: 'TX', zipCode: '78701' },
    { city: 'Denver', state: 'CO', zipCode: '80202' },
    { city: 'Dallas', state: 'TX', zipCode: '75201' },
  ];
  for (let i = 0; i < 30; i += 1) {
    const place = cities[i % 3]!;
    await createProperty(db, {
      ...place,
      title: `Home ${i}`,
      titleIt: `Casa ${i}`,
      price: 1000 + i * 100,
      maxOccupants: (i % 4) + 1,
      status: i % 10 === 9 ? 'leased' : i % 10 === 8 ? 'maintenance' : 'available',
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      address: `${i} Secret Lane`,
    });
  }
});

afterAll(async () => {
  await database.close();
});

const query = (search: string) => parseListingQuery(new URLSearchParams(search));

describe(`listing search (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('returns the newest homes first, twelve per page, with an exact total', async () => {
    const page = await findListings({ db: database.db, query: query(''), lang: 'en' });
    expect(page.total).toBe(30);
    expect(page.totalCapped).toBe(false);
    expect(page.pageCount).toBe(3);
    expect(page.items).toHaveLength(12);
    expect(page.items[0]?.title).toBe('Home 29');
    expect(page.items[11]?.title).toBe('Home 18');
  });

  it('filters by capacity as "at least N occupants"', async () => {
    const page = await findListings({ db: database.db, query: query('capacity=4'), lang: 'en' });
    expect(page.total).toBe(7); // i = 3, 7, 11, …, 27
    expect(page.items.every((item) => item.maxOccupants >= 4)).toBe(true);
  });

  it('filters by a price range, inclusive at both ends', async () => {
    const page = await findListings({ db: database.db, query: query('minPrice=1500&maxPrice=2000&sort=price_asc'), lang: 'en' });
    expect(page.items.map((item) => item.price)).toEqual([1500, 1600, 1700, 1800, 1900, 2000]);
  });

  it('swaps a reversed price range instead of returning nothing', async () => {
    const page = await findListings({ db: database.db, query: query('minPrice=2000&maxPrice=1500'), lang: 'en' });
    expect(page.total).toBe(6);
  });

  it('matches location by city, by state code, by state name and by "City, ST"', async () => {
    const byCity = await findListings({ db: database.db, query: query('location=denver'), lang: 'en' });
    expect(byCity.total).toBe(10);
    expect(byCity.items.every((item) => item.city === 'Denver')).toBe(true);
    const byCode = await findListings({ db: database.db, query: query('location=TX'), lang: 'en' });
    expect(byCode.total).toBe(20);
    const byName = await findListings({ db: database.db, query: query('location=Texas'), lang: 'en' });
    expect(byName.total).toBe(20);
    const byPair = await findListings({ db: database.db, query: query('location=Dallas%2C%20TX'), lang: 'en' });
    expect(byPair.total).toBe(10);
    const wrongPair = await findListings({ db: database.db, query: query('location=Dallas%2C%20CO'), lang: 'en' });
    expect(wrongPair.total).toBe(0);
  });

  it('combines every filter and sorts by price descending', async () => {
    const page = await findListings({
      db: database.db,
      query: query('capacity=2&location=Austin&minPrice=1000&maxPrice=3500&sort=price_desc'),
      lang: 'en',
    });
    const prices = page.items.map((item) => item.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(page.items.every((item) => item.city === 'Austin' && item.maxOccupants >= 2 && item.price <= 3500)).toBe(true);
    expect(page.total).toBe(page.items.length);
    expect(page.total).toBeGreaterThan(0);
  });

  it('clamps a page beyond the last one to the last page', async () => {
    const page = await findListings({ db: database.db, query: query('page=999999'), lang: 'en' });
    expect(page.page).toBe(3);
    expect(page.items).toHaveLength(6);
  });

  it('shows every status on the public list but only available homes on the available-only list', async () => {
    const all = await findListings({ db: database.db, query: query(''), lang: 'en', pageSize: 50 });
    expect(new Set(all.items.map((item) => item.status))).toEqual(new Set(['available', 'leased', 'maintenance']));
    const available = await findListings({ db: database.db, query: query(''), lang: 'en', availableOnly: true, pageSize: 50 });
    expect(available.total).toBe(24);
    expect(available.items.every((item) => item.status === 'available')).toBe(true);
  });

  it('never returns the street address', async () => {
    const page = await findListings({ db: database.db, query: query(''), lang: 'en' });
    expect(JSON.stringify(page)).not.toContain('Secret Lane');
    const detail = await findPublicProperty({ db: database.db, id: page.items[0]!.id, lang: 'en' });
    expect(detail).not.toBeNull();
    expect(JSON.stringify(detail)).not.toContain('Secret Lane');
  });

  it('uses the Italian title when the visitor reads Italian', async () => {
    const page = await findListings({ db: database.db, query: query(''), lang: 'it' });
    expect(page.items[0]?.title).toBe('Casa 29');
  });

  it('stops counting at the cap so broad searches stay cheap', async () => {
    expect(LISTING_COUNT_CAP).toBeGreaterThan(30);
    const page = await findListings({ db: database.db, query: query(''), lang: 'en' });
    expect(page.total).toBeLessThanOrEqual(LISTING_COUNT_CAP);
  });
});

describe('listing routes', () => {
  const ctx = () => testContext(database);
  const request = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers });
  const args = (path: string, params: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    ({ request: request(path, headers), params, context: ctx() }) as never;

  it('ignores garbage query values instead of failing', async () => {
    const result = await propertiesLoader(
      args('/properties?capacity=-1&minPrice=abc&maxPrice=%3Cscript%3E&sort=evil&page=999999&location=%3Cscript%3Ealert(1)%3C%2Fscript%3E'),
    );
    expect(result.query.capacity).toBeUndefined();
    expect(result.query.minPrice).toBeUndefined();
    expect(result.query.maxPrice).toBeUndefined();
    expect(result.query.sort).toBe('newest');
    expect(result.query.location).toBe('scriptalert(1)/script');
    expect(result.result?.total).toBe(0);
  });

  it('renders the page title in the visitor language', async () => {
    const it = await propertiesLoader(args('/properties', {}, { cookie: 'language=it' }));
    expect(it.meta.title).toBe('Appartamenti in affitto · Dimora');
    const en = await propertiesLoader(args('/properties', {}, { 'accept-language': 'en-US,en;q=0.9' }));
    expect(en.meta.title).toBe('Apartments for rent · Dimora');
  });

  it('answers 404 for non-digit and unknown property ids', async () => {
    for (const id of ['abc', '12a', '0', '99999999999', '424242']) {
      const thrown = await propertyLoader(args(`/property/${id}`, { id })).catch((error: unknown) => error);
      expect(thrown, id).toMatchObject({ init: { status: 404 } });
    }
  });

  it('returns a known property without its address', async () => {
    const page = await findListings({ db: database.db, query: query(''), lang: 'en' });
    const id = String(page.items[0]!.id);
    const result = await propertyLoader(args(`/property/${id}`, { id }));
    expect(result.property.title).toBe('Home 29');
    expect(result.property).not.toHaveProperty('address');
  });

  it('lists only available homes on /apartments', async () => {
    const result = await apartmentsLoader(args('/apartments?capacity=1'));
    expect(result.result.items.every((item) => item.status === 'available')).toBe(true);
    expect(result.result.total).toBe(24);
  });
});
