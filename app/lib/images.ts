/**
 * Client-safe helpers for property image URLs. Demo images are generated at seed time as
 * `/media/demo/{category}-{NN}-{width}.webp` in the widths below (4:3); a property's
 * `image_urls` holds the 1200 px variant.
 */

/** Widths (px) in which every demo image exists. */
export const DEMO_IMAGE_WIDTHS = [400, 800, 1200] as const;

/** The demo image categories as written in file names. */
export const DEMO_IMAGE_CATEGORIES = ['exterior', 'room', 'amenity'] as const;
export type DemoImageCategory = (typeof DEMO_IMAGE_CATEGORIES)[number];

/** The /gallery filters (spec §2: all, exterior, rooms, amenities) without "all". */
export type GalleryCategory = 'exterior' | 'rooms' | 'amenities';

const RESPONSIVE_URL = /^(.*)-1200\.webp$/;
const DEMO_URL = /\/media\/demo\/(exterior|room|amenity)-\d+-\d+\.webp$/;

/**
 * Maps an image URL ending in `-1200.webp` to an `<img>` `src` and a 400/800/1200 `srcSet`.
 * Any other URL is returned unchanged as `src` with an empty `srcSet`.
 */
export function imageSrcSet(url: string): { src: string; srcSet: string } {
  const match = RESPONSIVE_URL.exec(url);
  if (!match) return { src: url, srcSet: '' };
  const base = match[1];
  return {
    src: url,
    srcSet: DEMO_IMAGE_WIDTHS.map((width) => `${base}-${width}.webp ${width}w`).join(', '),
  };
}

/** The gallery filter a demo image URL belongs to, or null for any other URL. */
export function galleryCategoryOf(url: string): GalleryCategory | null {
  const match = DEMO_URL.exec(url);
  if (!match) return null;
  switch (match[1]) {
    case 'exterior':
      return 'exterior';
    case 'room':
      return 'rooms';
    case 'amenity':
      return 'amenities';
    default:
      return null;
  }
}
