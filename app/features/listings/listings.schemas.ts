/**
 * The listing search's query (spec §2 /properties): `capacity`, `location`, `minPrice`,
 * `maxPrice`, `sort`, `page`, and `building` (one building's units, linked from the map). Garbage values are ignored or clamped, never an error: a shared
 * link with a typo still shows listings. Client-safe.
 */
import { z } from 'zod';
import { LISTING_MAX_PRICE, LISTING_SORTS } from '~/lib/constants';
import type { ListingQuery } from './listing-query';
import { INT4_MAX } from '~/lib/ids';

export { listingQueryToParams, type ListingQuery } from './listing-query';

const optionalInt = (min: number, max: number) => z.coerce.number().int().min(min).max(max).optional().catch(undefined);

const schema = z.object({
  capacity: optionalInt(1, 4),
  location: z
    .string()
    .transform((value) =>
      value
        .replace(/[\u0000-\u001f\u007f<>]/g, '')
        .trim()
        .slice(0, 80),
    )
    .optional()
    .catch(undefined),
  minPrice: optionalInt(0, LISTING_MAX_PRICE),
  maxPrice: optionalInt(0, LISTING_MAX_PRICE),
  building: optionalInt(1, INT4_MAX),
  sort: z.enum(LISTING_SORTS).catch('newest').default('newest'),
  page: z.coerce.number().int().min(1).catch(1).default(1),
});

/** Parses URL search params into a clean query (never throws). */
export function parseListingQuery(params: URLSearchParams): ListingQuery {
  const raw = Object.fromEntries(
    ['capacity', 'location', 'minPrice', 'maxPrice', 'building', 'sort', 'page']
      .map((key) => [key, params.get(key)] as const)
      .filter(([, value]) => value !== null && value !== ''),
  );
  const query = schema.parse(raw);
  if (!query.location) query.location = undefined;
  // A reversed range is most likely a slip: swap rather than show nothing.
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    [query.minPrice, query.maxPrice] = [query.maxPrice, query.minPrice];
  }
  return query;
}
