/**
 * The photos of /gallery (spec §2): the demo pictures the listings actually use, collected from
 * the first properties by id, so the gallery only shows pictures that exist. Filtering by
 * category runs here, on the server, so the filter works without JavaScript.
 */
import { asc } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { property } from '~/server/db/schema';
import { AMENITY_IMAGE_KINDS, EXTERIOR_KINDS, ROOM_KINDS } from '~/server/db/seed/images.server';
import { normalizeImageUrls } from '~/lib/image-urls';
import { galleryCategoryOf, type GalleryCategory } from '~/lib/images';
import type { GalleryFilter, GalleryImage } from './gallery';

/** How many properties (lowest ids) are sampled for pictures; the demo pool is 32 pictures. */
const SAMPLE_PROPERTIES = 200;
/** spec §9: data stays fresh for 5 minutes. */
const GALLERY_CACHE_MS = 300_000;

const CATEGORY_ORDER: readonly GalleryCategory[] = ['exterior', 'rooms', 'amenities'];
const KINDS: Record<GalleryCategory, readonly string[]> = {
  exterior: EXTERIOR_KINDS,
  rooms: ROOM_KINDS,
  amenities: AMENITY_IMAGE_KINDS,
};
const PICTURE_NUMBER = /-(\d+)-\d+\.webp$/;

/**
 * Turns image URLs into gallery photos: demo pictures only (other URLs have no category),
 * one per picture, grouped by category and numbered, then interleaved (exterior, room,
 * amenity, exterior, …) so the unfiltered grid mixes the three.
 */
export function toGalleryImages(urls: Iterable<string>): GalleryImage[] {
  const seen = new Set<string>();
  const byCategory: Record<GalleryCategory, Array<GalleryImage & { n: number }>> = { exterior: [], rooms: [], amenities: [] };
  for (const url of urls) {
    const category = galleryCategoryOf(url);
    const n = Number(PICTURE_NUMBER.exec(url)?.[1]);
    if (!category || !Number.isInteger(n)) continue;
    const id = `${category}-${n}`;
    if (seen.has(id)) continue;
    seen.add(id);
    byCategory[category].push({ url, category, kind: KINDS[category][n - 1] ?? category, n });
  }
  const lists = CATEGORY_ORDER.map((category) => byCategory[category].sort((a, b) => a.n - b.n));
  const out: GalleryImage[] = [];
  for (let i = 0; out.length < seen.size; i++) {
    for (const list of lists) {
      const item = list[i];
      if (item) out.push({ url: item.url, category: item.category, kind: item.kind });
    }
  }
  return out;
}

const cache = new WeakMap<Db, { at: number; value: GalleryImage[] }>();

async function loadGalleryImages(db: Db): Promise<GalleryImage[]> {
  const cached = cache.get(db);
  if (cached && Date.now() - cached.at < GALLERY_CACHE_MS) return cached.value;
  const rows = await db.select({ imageUrls: property.imageUrls }).from(property).orderBy(asc(property.id)).limit(SAMPLE_PROPERTIES);
  const value = toGalleryImages(rows.flatMap((row) => normalizeImageUrls(row.imageUrls)));
  cache.set(db, { at: Date.now(), value });
  return value;
}

/**
 * The gallery photos for one filter, plus how many photos each category has (for the filter
 * labels). Cached per database for 5 minutes.
 */
export async function findGalleryImages({ db, filter }: { db: Db; filter: GalleryFilter }) {
  const all = await loadGalleryImages(db);
  const counts: Record<GalleryFilter, number> = { all: all.length, exterior: 0, rooms: 0, amenities: 0 };
  for (const image of all) counts[image.category] += 1;
  const images = filter === 'all' ? all : all.filter((image) => image.category === filter);
  return { images, counts };
}
