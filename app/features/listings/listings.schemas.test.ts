import { describe, expect, it } from 'vitest';
import { listingHref, listingViewOf } from './listing-query';
import { listingQueryToParams, parseListingQuery } from './listings.schemas';

describe('listing query parsing', () => {
  it('keeps valid values with the spec names', () => {
    const query = parseListingQuery(new URLSearchParams('capacity=3&location=Austin&minPrice=900&maxPrice=2500&sort=price_asc&page=2'));
    expect(query).toEqual({ capacity: 3, location: 'Austin', minPrice: 900, maxPrice: 2500, sort: 'price_asc', page: 2 });
    expect(listingQueryToParams(query).toString()).toBe('capacity=3&location=Austin&minPrice=900&maxPrice=2500&sort=price_asc&page=2');
  });
  it('ignores or clamps garbage', () => {
    const query = parseListingQuery(new URLSearchParams('capacity=-1&minPrice=abc&maxPrice=1e99&sort=x&page=-4&location=%20%20'));
    expect(query).toEqual({ capacity: undefined, location: undefined, minPrice: undefined, maxPrice: undefined, sort: 'newest', page: 1 });
  });
  it('rejects capacities above 4+ and fractional values', () => {
    expect(parseListingQuery(new URLSearchParams('capacity=5')).capacity).toBeUndefined();
    expect(parseListingQuery(new URLSearchParams('capacity=2.5')).capacity).toBeUndefined();
  });
});

describe('building filter and views (decision 016)', () => {
  it('keeps a positive building id and drops anything else', () => {
    expect(parseListingQuery(new URLSearchParams('building=42')).building).toBe(42);
    for (const bad of ['0', '-3', 'abc', '1.5', '99999999999'])
      expect(parseListingQuery(new URLSearchParams(`building=${bad}`)).building, bad).toBeUndefined();
    expect(listingQueryToParams({ building: 42, sort: 'newest', page: 1 }).toString()).toBe('building=42');
  });

  it('reads the view from the URL: map, or the list for anything else', () => {
    expect(listingViewOf(new URLSearchParams('view=map'))).toBe('map');
    expect(listingViewOf(new URLSearchParams('view=MAP'))).toBe('list');
    expect(listingViewOf(new URLSearchParams(''))).toBe('list');
  });

  it('links a search in either view with the same filters; the map has no pages', () => {
    const query = parseListingQuery(new URLSearchParams('capacity=2&location=Austin%2C%20TX&minPrice=900&sort=price_asc&page=3'));
    expect(listingHref('/properties', query, 'map')).toBe(
      '/properties?capacity=2&location=Austin%2C+TX&minPrice=900&sort=price_asc&view=map',
    );
    expect(listingHref('/properties', query, 'list')).toBe(
      '/properties?capacity=2&location=Austin%2C+TX&minPrice=900&sort=price_asc&page=3',
    );
    expect(listingHref('/properties', {}, 'list')).toBe('/properties');
    expect(listingHref('/properties', {}, 'map')).toBe('/properties?view=map');
  });
});
