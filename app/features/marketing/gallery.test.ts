import { describe, expect, it } from 'vitest';
import { galleryFilterHref, parseGalleryFilter } from './gallery';

describe('gallery filter', () => {
  it('accepts the three categories of spec §2, whatever their case', () => {
    expect(parseGalleryFilter('exterior')).toBe('exterior');
    expect(parseGalleryFilter('rooms')).toBe('rooms');
    expect(parseGalleryFilter(' Amenities ')).toBe('amenities');
  });

  it('falls back to all for a missing or unknown category', () => {
    for (const value of [null, undefined, '', 'all', 'room', 'pool', '<script>', 'exterior,rooms']) {
      expect(parseGalleryFilter(value), String(value)).toBe('all');
    }
  });

  it('links every filter to a plain URL, so it works without JavaScript', () => {
    expect(galleryFilterHref('all')).toBe('/gallery');
    expect(galleryFilterHref('rooms')).toBe('/gallery?category=rooms');
  });
});
