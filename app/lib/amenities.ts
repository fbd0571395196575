/**
 * The fixed set of amenity keys a property can carry (`property.amenities`). Stored as these
 * stable snake_case keys; the UI translates them (`amenities.<key>` in the locale files).
 * Client-safe.
 */
export const AMENITY_KEYS = [
  'in_unit_laundry',
  'parking',
  'gym',
  'pool',
  'pet_friendly',
  'balcony',
  'dishwasher',
  'air_conditioning',
  'elevator',
  'doorman',
  'rooftop_terrace',
  'ev_charging',
  'storage',
  'bike_storage',
  'coworking_space',
] as const;

export type AmenityKey = (typeof AMENITY_KEYS)[number];

/** True when `value` is one of the known amenity keys. */
export function isAmenityKey(value: string): value is AmenityKey {
  return (AMENITY_KEYS as readonly string[]).includes(value);
}
