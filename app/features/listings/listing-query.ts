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
  /** Only units of this building (the map's popup of a building with several units). */
  building?: number | undefined;
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
  if (query.building) params.set('building', String(query.building));
  if (query.sort && query.sort !== 'newest') params.set('sort', query.sort);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  return params;
}

/** How /properties shows its results: the list (cards, pages) or the map (`?view=map`). */
export type ListingView = 'list' | 'map';

/** The view a URL asks for; anything but `map` is the list. */
export function listingViewOf(params: URLSearchParams): ListingView {
  return params.get('view') === 'map' ? 'map' : 'list';
}

/**
 * The URL of a search in one view: the same filters and sort, `view=map` for the map (which has
 * no pages, so `page` is dropped there), e.g. `/properties?capacity=2&view=map`.
 */
export function listingHref(action: string, query: Partial<ListingQuery>, view: ListingView = 'list'): string {
  const params = listingQueryToParams(view === 'map' ? { ...query, page: 1 } : query);
  if (view === 'map') params.set('view', 'map');
  const search = params.toString();
  return search ? `${action}?${search}` : action;
}
