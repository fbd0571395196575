/**
 * Demo listing photos, rendered offline with sharp (no network, DESIGN §2) from the 32 SVG
 * drawings in `./demo-images/` (data files: building exteriors, rooms and shared amenities, 1200 ×
 * 900), each in 400/800/1200 px wide 4:3 WebP stored under the key
 * `demo/{category}-{NN}-{width}.webp` of the upload store (the folder or the bucket, decision 057),
 * served as `/media/demo/…`. The pictures do not depend on the data seed, so one set serves every
 * seeded database.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { AmenityKey } from '~/lib/amenities';
import { DEMO_IMAGE_WIDTHS, type DemoImageCategory } from '~/lib/images';
import type { UploadStorage } from '~/server/uploads/storage.server';
import { projectRoot } from '~/server/project-root.server';

/** How many pictures of each category exist (NN runs from 01 to the count). */
export const DEMO_IMAGE_COUNTS: Record<DemoImageCategory, number> = { exterior: 12, room: 12, amenity: 8 };

/** What each exterior picture shows; the seed picks pictures that fit the property type. */
export const EXTERIOR_KINDS = [
  'midrise',
  'midrise',
  'midrise',
  'tower',
  'midrise',
  'midrise',
  'townhouse',
  'townhouse',
  'townhouse',
  'warehouse',
  'tower',
  'warehouse',
] as const;
export type ExteriorKind = (typeof EXTERIOR_KINDS)[number];

/** What each room picture shows. */
export const ROOM_KINDS = [
  'living',
  'living',
  'living',
  'living',
  'bedroom',
  'bedroom',
  'bedroom',
  'bedroom',
  'kitchen',
  'kitchen',
  'kitchen',
  'kitchen',
] as const;
export type RoomKind = (typeof ROOM_KINDS)[number];

/** What each amenity picture shows (and so which amenity key it illustrates). */
export const AMENITY_IMAGE_KINDS = ['pool', 'pool', 'gym', 'gym', 'rooftop', 'rooftop', 'coworking', 'lobby'] as const;
export type AmenityImageKind = (typeof AMENITY_IMAGE_KINDS)[number];

/** The amenity photo kinds that can show `amenities` (pool, gym, rooftop, coworking, lobby: in that order). */
export function amenityImageKindsFor(amenities: readonly AmenityKey[]): AmenityImageKind[] {
  const kinds: AmenityImageKind[] = [];
  if (amenities.includes('pool')) kinds.push('pool');
  if (amenities.includes('gym')) kinds.push('gym');
  if (amenities.includes('rooftop_terrace')) kinds.push('rooftop');
  if (amenities.includes('coworking_space')) kinds.push('coworking');
  if (amenities.includes('doorman') || amenities.includes('elevator')) kinds.push('lobby');
  return kinds;
}

/** The URL stored in `property.image_urls` for picture `n` (1-based) of `category`. */
export function demoImageUrl(category: DemoImageCategory, n: number): string {
  return `/media/demo/${category}-${String(n).padStart(2, '0')}-1200.webp`;
}

/** The folder of the SVG drawings (data files beside this module, found from the project root). */
const DRAWINGS_DIR = path.join(projectRoot(), 'app/server/db/seed/demo-images');

/** The SVG source of demo picture `n` (1-based) of `category`. Throws when there is no such drawing. */
export function demoImageSvg(category: DemoImageCategory, n: number): Promise<Buffer> {
  return fs.readFile(path.join(DRAWINGS_DIR, `${category}-${String(n).padStart(2, '0')}.svg`));
}

function demoImageKey(category: DemoImageCategory, n: number, width: number): string {
  return `demo/${category}-${String(n).padStart(2, '0')}-${width}.webp`;
}

/**
 * Renders every demo picture that `storage` lacks under `demo/` (12 exterior, 12 room, 8 amenity,
 * each 400/800/1200 px wide WebP, 4:3) and stores it there — in the folder or the bucket, whichever
 * the server uses (decision 057: with a bucket nothing is written under DATA_DIR/uploads). Pictures
 * already there are left alone, so a second call costs one listing. Each picture is stored all or
 * nothing (`UploadStorage.put`), so an interrupted run never leaves a half-written one. Returns how
 * many pictures exist afterwards and how many were written now. Throws on store or rendering errors.
 */
export async function ensureDemoImages(storage: UploadStorage): Promise<{ files: number; written: number }> {
  const present = new Set(await storage.list('demo/'));
  let files = 0;
  let written = 0;
  const jobs: { category: DemoImageCategory; n: number }[] = [];
  for (const category of Object.keys(DEMO_IMAGE_COUNTS) as DemoImageCategory[]) {
    for (let n = 1; n <= DEMO_IMAGE_COUNTS[category]; n++) jobs.push({ category, n });
  }
  const run = async ({ category, n }: { category: DemoImageCategory; n: number }) => {
    const targets = DEMO_IMAGE_WIDTHS.map((width) => ({ width, key: demoImageKey(category, n, width) }));
    const missing = targets.filter((target) => !present.has(target.key));
    files += targets.length - missing.length;
    if (missing.length === 0) return;
    // Rasterise the SVG once at full size, then downscale for the smaller widths.
    const raster = await sharp(await demoImageSvg(category, n))
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const { width, key } of missing) {
      const webp = await sharp(raster.data, { raw: raster.info })
        .resize(width, Math.round((width * 3) / 4))
        .webp({ quality: 80, effort: 2 })
        .toBuffer();
      await storage.put(key, webp);
      files++;
      written++;
    }
  };
  // Two pictures at a time: sharp is already multi-threaded inside.
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      if (job) await run(job);
    }
  };
  await Promise.all([worker(), worker()]);
  return { files, written };
}
