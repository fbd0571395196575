/**
 * Listing queries for the public site (spec §2 /properties, /property/{id}, /apartments, home
 * featured listings; spec §7 "Select from property (public)"). Filtering, sorting and paging run
 * in the database; the public shape never includes `address`.
 */
import { and, asc, desc, eq, gte, lte, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { building, property } from '~/server/db/schema';
import { LISTING_COUNT_CAP, LISTING_PAGE_SIZE, type Language } from '~/lib/constants';
import { normalizeImageUrls } from '~/lib/image-urls';
import { stateCodeOf } from '~/lib/us-states';
import type { ListingQuery } from './listings.schemas';

export type PropertyStatus = (typeof property.status.enumValues)[number];

/** A listing as the public sees it: no street address. Price is monthly rent in whole USD. */
export type PublicListing = {
  id: number;
  title: string;
  price: number;
  city: string;
  state: string;
  zipCode: string;
  bedrooms: number;
  bathrooms: number;
  squareFeet: number;
  propertyType: string;
  status: PropertyStatus;
  imageUrls: string[];
  maxOccupants: number;
  availableDate: string | null;
  /** The building the unit is in (decision 015: the card names it). */
  buildingName: string;
  unitNumber: string;
};

/** The building as a unit's public page shows it (no street address). */
export type PublicBuilding = {
  id: number;
  name: string;
  yearBuilt: number | null;
  amenities: string[];
  description: string;
  imageUrls: string[];
  unitsTotal: number;
};

export type PublicPropertyDetail = PublicListing & {
  description: string;
  amenities: string[];
  latitude: number | null;
  longitude: number | null;
  building: PublicBuilding;
  /** Other available, listed units of the same building, cheapest first (at most 6). */
  otherUnits: PublicListing[];
};

export type ListingPage = {
  items: PublicListing[];
  /** Matching rows, counted up to LISTING_COUNT_CAP. */
  total: number;
  /** True when more than LISTING_COUNT_CAP rows match ("1,000+"). */
  totalCapped: boolean;
  /** The page actually shown, after clamping to [1, pageCount]. */
  page: number;
  pageCount: number;
  pageSize: number;
};

function listingColumns(lang: Language) {
  return {
    id: property.id,
    title: lang === 'it' ? sql<string>`coalesce(${property.titleIt}, ${property.title})` : property.title,
    price: property.price,
    city: property.city,
    state: property.state,
    zipCode: property.zipCode,
    bedrooms: property.bedrooms,
    bathrooms: property.bathrooms,
    squareFeet: property.squareFeet,
    propertyType: property.propertyType,
    status: property.status,
    imageUrls: property.imageUrls,
    maxOccupants: property.maxOccupants,
    availableDate: property.availableDate,
    buildingName: building.name,
    unitNumber: property.unitNumber,
  };
}

/**
 * Only units published on the site (`listed`); a literal, so partial indexes could match it.
 * The public visibility predicate: the lists, the detail page and the sitemaps (features/seo) use
 * exactly this, so a unit is in the sitemap exactly when its page answers.
 */
export const LISTED = sql`${property.listed}`;

/**
 * Builds the WHERE clause for a listing query: listed units only, then the filters. `location`
 * matches a state ("TX", "Texas"), a city ("Austin"), or "City, ST"; `building` one building.
 * The map's points (listing-points.server.ts) use the same clause, so both count the same units.
 */
export function listingFilters(query: Omit<ListingQuery, 'page' | 'sort'>, availableOnly: boolean): SQL | undefined {
  const conditions: SQL[] = [LISTED];
  if (availableOnly) conditions.push(eq(property.status, 'available'));
  if (query.building) conditions.push(eq(property.buildingId, query.building));
  if (query.capacity) conditions.push(gte(property.maxOccupants, query.capacity));
  if (query.minPrice !== undefined) conditions.push(gte(property.price, query.minPrice));
  if (query.maxPrice !== undefined) conditions.push(lte(property.price, query.maxPrice));
  if (query.location) {
    const [cityPart = '', statePart] = query.location.split(',').map((part) => part.trim());
    const stateFromWhole = statePart === undefined ? stateCodeOf(cityPart) : null;
    if (stateFromWhole) {
      conditions.push(eq(property.state, stateFromWhole));
    } else {
      conditions.push(sql`lower(${property.city}) = ${cityPart.toLowerCase()}`);
      const state = statePart ? stateCodeOf(statePart) : null;
      if (statePart !== undefined) conditions.push(state ? eq(property.state, state) : sql`false`);
    }
  }
  return and(...conditions);
}

/**
 * The sort key of each order (then the id, so that equal keys keep a stable order). Every
 * listing index (schema.ts, decision 024) is in one of these orders: newest = created_at DESC,
 * id DESC; price ↑ = price, id; price ↓ = the same index read backwards.
 */
function sortKeyOf(sort: ListingQuery['sort']) {
  return sort === 'newest' ? property.createdAt : property.price;
}

function orderFor(sort: ListingQuery['sort'], key: AnyColumn | SQLWrapper, id: AnyColumn | SQLWrapper) {
  return sort === 'price_asc' ? [asc(key), asc(id)] : [desc(key), desc(id)];
}

type FindListingsOptions = {
  db: Db;
  query: ListingQuery;
  lang: Language;
  /** The "available-only listing" of spec §4 (/apartments, featured); the public list has no status filter. */
  availableOnly?: boolean;
  pageSize?: number;
};

/**
 * Finds one page of listings. The count stops at LISTING_COUNT_CAP so a broad search costs the
 * same at 200 or 75,000 units; the requested page is clamped to the pages that exist. Both
 * statements read one listing index (decision 024; proven by tests/integration/listing-plans.test.ts).
 */
export async function findListings({
  db,
  query,
  lang,
  availableOnly = false,
  pageSize = LISTING_PAGE_SIZE,
}: FindListingsOptions): Promise<ListingPage> {
  const where = listingFilters(query, availableOnly);
  const counted = db
    .select({ one: sql`1` })
    .from(property)
    .where(where)
    .limit(LISTING_COUNT_CAP + 1)
    .as('counted');
  const [countRow] = await db.select({ n: sql<number>`count(*)::int` }).from(counted);
  const matching = countRow?.n ?? 0;
  const totalCapped = matching > LISTING_COUNT_CAP;
  const total = Math.min(matching, LISTING_COUNT_CAP);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, query.page), pageCount);
  // The page's ids first, in order, from the index of the sort (an Index Only Scan: the index
  // carries the filter columns), then only those rows from the table. A deep page thus skips
  // index entries, not table rows (decision 024).
  const pageIds = db
    .select({ id: property.id, key: sortKeyOf(query.sort) })
    .from(property)
    .where(where)
    .orderBy(...orderFor(query.sort, sortKeyOf(query.sort), property.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .as('page_ids');
  const rows =
    total === 0
      ? []
      : await db
          .select(listingColumns(lang))
          .from(pageIds)
          .innerJoin(property, eq(property.id, pageIds.id))
          .innerJoin(building, eq(building.id, property.buildingId))
          .orderBy(...orderFor(query.sort, pageIds.key, pageIds.id));
  return { items: rows.map(toListing), total, totalCapped, page, pageCount, pageSize };
}

/** The newest available listings for the home page. `limit` ≤ 24. */
export async function findFeaturedListings({ db, lang, limit = 6 }: { db: Db; lang: Language; limit?: number }) {
  const rows = await db
    .select(listingColumns(lang))
    .from(property)
    .innerJoin(building, eq(building.id, property.buildingId))
    .where(and(LISTED, eq(property.status, 'available')))
    .orderBy(desc(property.createdAt), desc(property.id))
    .limit(Math.min(limit, 24));
  return rows.map(toListing);
}

/** At most this many other units of the building are suggested on a unit's page. */
const OTHER_UNITS_LIMIT = 6;

/**
 * One listed property for its public detail page, with its building (no street address) and the
 * building's other available listed units; null when the id is unknown or the unit unlisted.
 */
export async function findPublicProperty({ db, id, lang }: { db: Db; id: number; lang: Language }): Promise<PublicPropertyDetail | null> {
  const [row] = await db
    .select({
      ...listingColumns(lang),
      description: lang === 'it' ? sql<string>`coalesce(${property.descriptionIt}, ${property.description})` : property.description,
      amenities: property.amenities,
      latitude: property.latitude,
      longitude: property.longitude,
      buildingId: building.id,
      buildingYearBuilt: building.yearBuilt,
      buildingAmenities: building.amenities,
      buildingDescription: lang === 'it' ? sql<string>`coalesce(${building.descriptionIt}, ${building.description})` : building.description,
      buildingImageUrls: building.imageUrls,
      buildingUnitsTotal: building.unitsTotal,
    })
    .from(property)
    .innerJoin(building, eq(building.id, property.buildingId))
    .where(and(eq(property.id, id), LISTED))
    .limit(1);
  if (!row) return null;
  const others = await db
    .select(listingColumns(lang))
    .from(property)
    .innerJoin(building, eq(building.id, property.buildingId))
    .where(and(eq(property.buildingId, row.buildingId), LISTED, eq(property.status, 'available'), sql`${property.id} <> ${id}`))
    .orderBy(asc(property.price), asc(property.id))
    .limit(OTHER_UNITS_LIMIT);
  return {
    ...toListing(row),
    description: row.description,
    amenities: row.amenities,
    latitude: row.latitude,
    longitude: row.longitude,
    building: {
      id: row.buildingId,
      name: row.buildingName,
      yearBuilt: row.buildingYearBuilt,
      amenities: row.buildingAmenities,
      description: row.buildingDescription,
      imageUrls: normalizeImageUrls(row.buildingImageUrls),
      unitsTotal: row.buildingUnitsTotal,
    },
    otherUnits: others.map(toListing),
  };
}

export type LocationOption = { city: string; state: string };

const locationCache = new WeakMap<Db, { at: number; value: LocationOption[] }>();
/** spec §9: data stays fresh for 5 minutes. */
const LOCATION_CACHE_MS = 300_000;

/** Distinct city/state pairs for the location filter's suggestions, cached for 5 minutes. */
export async function listLocations({ db }: { db: Db }): Promise<LocationOption[]> {
  const cached = locationCache.get(db);
  if (cached && Date.now() - cached.at < LOCATION_CACHE_MS) return cached.value;
  const value = await db
    .selectDistinct({ city: building.city, state: building.state })
    .from(building)
    .orderBy(asc(building.state), asc(building.city));
  locationCache.set(db, { at: Date.now(), value });
  return value;
}

type ListingRow = Omit<PublicListing, 'imageUrls' | 'bathrooms'> & { imageUrls: unknown; bathrooms: number | string };

function toListing(row: ListingRow): PublicListing {
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    city: row.city,
    state: row.state,
    zipCode: String(row.zipCode),
    bedrooms: row.bedrooms,
    bathrooms: Number(row.bathrooms),
    squareFeet: Math.round(Number(row.squareFeet)),
    propertyType: row.propertyType,
    status: row.status,
    imageUrls: normalizeImageUrls(row.imageUrls),
    maxOccupants: row.maxOccupants,
    availableDate: row.availableDate,
    buildingName: row.buildingName,
    unitNumber: row.unitNumber,
  };
}
