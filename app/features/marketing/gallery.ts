/**
 * The /gallery filter (spec §2: all, exterior, rooms, amenities), read from `?category=`.
 * Client-safe, so the filter links and the loader agree on the values.
 */
import type { GalleryCategory } from '~/lib/images';

/** The filter buttons, in order; `all` is the absence of the parameter. */
export const GALLERY_FILTERS = ['all', 'exterior', 'rooms', 'amenities'] as const;
export type GalleryFilter = (typeof GALLERY_FILTERS)[number];

/** Maps the `category` query value to a filter; unknown or missing values mean `all`. */
export function parseGalleryFilter(value: string | null | undefined): GalleryFilter {
  const normalized = value?.trim().toLowerCase();
  return GALLERY_FILTERS.find((filter) => filter !== 'all' && filter === normalized) ?? 'all';
}

/** The link of a filter button: `/gallery` for all, `/gallery?category=…` otherwise. */
export function galleryFilterHref(filter: GalleryFilter): string {
  return filter === 'all' ? '/gallery' : `/gallery?category=${filter}`;
}

/** One photo of the gallery. `kind` says what it shows (`pages.gallery.alt.<kind>`). */
export type GalleryImage = {
  url: string;
  category: GalleryCategory;
  kind: string;
};
