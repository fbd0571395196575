import { describe, expect, it } from 'vitest';
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
