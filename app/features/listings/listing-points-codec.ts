/**
 * The map's points on the wire (decision 016): one JSON string of rows instead of an
 * object per building, which React Router's data encoding would expand value by value. For the
 * whole 75,000-unit portfolio (≈1,400 buildings) the map view's data shrinks from 71 KB to about
 * 40 KB gzipped. Client-safe.
 */

/** One building on the map. Prices are monthly rent in whole USD. */
export type ListingPoint = {
  /** The building's id (the list filtered to it: `/properties?building=<id>`). */
  id: number;
  name: string;
  city: string;
  state: string;
  /** Degrees, rounded to 5 decimals (≈ 1 m). */
  lat: number;
  lng: number;
  /** Matching listed units in the building. */
  units: number;
  minPrice: number;
  maxPrice: number;
  /** The unit's id when exactly one unit matches (its popup links to /property/<id>), else null. */
  unitId: number | null;
};

type Row = [
  id: number,
  lat: number,
  lng: number,
  units: number,
  minPrice: number,
  maxPrice: number,
  unitId: number,
  name: string,
  city: string,
  state: string,
];

/** Packs points into one string (`unitId` null is written 0, which no unit id is). */
export function encodeListingPoints(points: readonly ListingPoint[]): string {
  return JSON.stringify(
    points.map((p): Row => [p.id, p.lat, p.lng, p.units, p.minPrice, p.maxPrice, p.unitId ?? 0, p.name, p.city, p.state]),
  );
}

/** The points `encodeListingPoints` packed; throws SyntaxError on a string it did not make. */
export function decodeListingPoints(encoded: string): ListingPoint[] {
  return (JSON.parse(encoded) as Row[]).map(([id, lat, lng, units, minPrice, maxPrice, unitId, name, city, state]) => ({
    id,
    name,
    city,
    state,
    lat,
    lng,
    units,
    minPrice,
    maxPrice,
    unitId: unitId === 0 ? null : unitId,
  }));
}
