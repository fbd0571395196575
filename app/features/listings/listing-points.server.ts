/**
 * The map view of /properties (decision 016): every listed unit matching the list's
 * filters, grouped by building into one point per building location, with the number of
 * matching units and their rent range. Public data only: the building's name, city, state and
 * coordinates — never a street address (DESIGN §5).
 */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { building, property } from '~/server/db/schema';
import { encodeListingPoints, type ListingPoint } from './listing-points-codec';
import type { ListingQuery } from './listing-query';
import { listingFilters } from './listings.server';

/**
 * At most this many units are read for one map (DESIGN §6: the portfolio's 75,000 units), so a
 * map costs at most one pass over 75,000 entries of `property_map_idx` however large the
 * portfolio grows; beyond it the page says the map is capped.
 */
export const MAP_UNIT_CAP = 75_000;

export type { ListingPoint };

export type ListingPoints = {
  points: ListingPoint[];
  /** Matching units read (placed or not), at most `cap`. */
  units: number;
  /** True when more than `cap` units match: the map shows `cap` of them. */
  capped: boolean;
  cap: number;
  /** Matching units whose building has no coordinates (not on the map). */
  unplaced: number;
};

/** The map's points as the page receives them: the figures, and the points packed in one string. */
export type PackedListingPoints = Omit<ListingPoints, 'points'> & { buildings: number; encoded: string };

/** Packs `findListingPoints`'s answer for the page (see listing-points-codec.ts). */
export function packListingPoints({ points, ...figures }: ListingPoints): PackedListingPoints {
  return { ...figures, buildings: points.length, encoded: encodeListingPoints(points) };
}

const round5 = (value: number) => Math.round(value * 1e5) / 1e5;

type PointsOptions = { db: Db; query: Omit<ListingQuery, 'page' | 'sort'>; cap?: number };

/**
 * The grouping query behind `findListingPoints` (exported so a test can `EXPLAIN` exactly it):
 * at most `cap` matching units, grouped by building, joined to the building, in building-id order.
 */
export function listingPointsQuery({ db, query, cap = MAP_UNIT_CAP }: PointsOptions) {
  const matching = db
    .select({ buildingId: property.buildingId, price: property.price, id: property.id })
    .from(property)
    .where(listingFilters(query, false))
    .limit(cap)
    .as('matching');
  const grouped = db
    .select({
      buildingId: matching.buildingId,
      units: sql<number>`count(*)::int`.as('units'),
      minPrice: sql<number>`min(${matching.price})::int`.as('min_price'),
      maxPrice: sql<number>`max(${matching.price})::int`.as('max_price'),
      unitId: sql<number>`min(${matching.id})::int`.as('unit_id'),
    })
    .from(matching)
    .groupBy(matching.buildingId)
    .as('grouped');
  return db
    .select({
      id: building.id,
      name: building.name,
      city: building.city,
      state: building.state,
      latitude: building.latitude,
      longitude: building.longitude,
      units: grouped.units,
      minPrice: grouped.minPrice,
      maxPrice: grouped.maxPrice,
      unitId: grouped.unitId,
    })
    .from(grouped)
    .innerJoin(building, eq(building.id, grouped.buildingId))
    .orderBy(asc(building.id));
}

/**
 * The map points for a listing query: the same WHERE clause as `findListings` (listed units,
 * capacity, location, price range, building; sort and page do not apply), at most `cap` units
 * read (default MAP_UNIT_CAP), grouped by building. Points come in building-id order; buildings
 * without coordinates are counted in `unplaced` instead. The grouping reads only
 * `property_map_idx` (index-only) for broad filters and the location indexes for a city or a
 * state (listing-points.server.test.ts checks the plans). Public: no actor, listed units only.
 */
export async function findListingPoints({ db, query, cap = MAP_UNIT_CAP }: PointsOptions): Promise<ListingPoints> {
  const rows = await listingPointsQuery({ db, query, cap });
  const units = rows.reduce((sum, row) => sum + row.units, 0);
  // Exactly `cap` read: look one row further to tell "exactly cap" from "more than cap".
  const capped =
    units >= cap &&
    (
      await db
        .select({ one: sql`1` })
        .from(property)
        .where(listingFilters(query, false))
        .offset(cap)
        .limit(1)
    ).length > 0;
  const points: ListingPoint[] = [];
  let unplaced = 0;
  for (const row of rows) {
    if (row.latitude === null || row.longitude === null) {
      unplaced += row.units;
      continue;
    }
    points.push({
      id: row.id,
      name: row.name,
      city: row.city,
      state: row.state,
      lat: round5(row.latitude),
      lng: round5(row.longitude),
      units: row.units,
      minPrice: row.minPrice,
      maxPrice: row.maxPrice,
      unitId: row.units === 1 ? row.unitId : null,
    });
  }
  return { points, units, capped, cap, unplaced };
}
