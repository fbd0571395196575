/**
 * The listing search's query shape and its URL form (spec §2 /properties). Kept free of zod so
 * the browser bundle stays small; parsing untrusted params lives in listings.schemas.ts.
 */
import type { ListingSort } from '~/lib/constants';

export type ListingQuery = {
  capacity?: number | undefined;
  location?: string | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  sort: ListingSort;
  page: number;
};

/** Serialises a query back to URL params with exactly the spec's names, omitting defaults. */
export function listingQueryToParams(query: Partial<ListingQuery>): URLSearchParams {
  const params = new URLSearchParams();
  if (query.capacity) params.set('capacity', String(query.capacity));
  if (query.location) params.set('location', query.location);
  if (query.minPrice !== undefined) params.set('minPrice', String(query.minPrice));
  if (query.maxPrice !== undefined) params.set('maxPrice', String(query.maxPrice));
  if (query.sort && query.sort !== 'newest') params.set('sort', query.sort);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return params;
}
