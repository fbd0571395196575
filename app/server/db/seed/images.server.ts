/**
 * Demo listing photos, rendered offline with sharp (no network, DESIGN §2) from the 32 SVG
 * drawings in `./demo-images/` (data files: building exteriors, rooms and shared amenities, 1200 ×
 * 900), each in 400/800/1200 px wide 4:3 WebP at `${uploadsDir}/demo/{category}-{NN}-{width}.webp`,
 * served as `/media/demo/…`. The pictures do not depend on the data seed, so one set serves every
 * seeded database.
 */
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { AmenityKey } from '~/lib/amenities';
import { DEMO_IMAGE_WIDTHS, type DemoImageCategory } from '~/lib/images';
import type { UploadStorage } from '~/server/uploads/storage.server';

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

/** The folder of the SVG drawings (data files beside this module). */
const DRAWINGS_DIR = path.resolve(import.meta.dirname, 'demo-images');

/** The SVG source of demo picture `n` (1-based) of `category`. Throws when there is no such drawing. */
export function demoImageSvg(category: DemoImageCategory, n: number): Promise<Buffer> {
  return fs.readFile(path.join(DRAWINGS_DIR, `${category}-${String(n).padStart(2, '0')}.svg`));
}

function demoImageFile(uploadsDir: string, category: DemoImageCategory, n: number, width: number): string {
  return path.join(uploadsDir, 'demo', `${category}-${String(n).padStart(2, '0')}-${width}.webp`);
}

async function exists(file: string): Promise<boolean> {
  try {
    await fs.access(file);
    return true;
  } catch {
    return false;
  }
}

/**
 * Renders every demo picture that is missing under `${uploadsDir}/demo/` (12 exterior, 12 room,
 * 8 amenity, each 400/800/1200 px wide WebP, 4:3). Files already there are left alone, so a
 * second call costs only a few `stat`s. Writes go through a temporary file and a rename, so an
 * interrupted run never leaves a half-written picture. Returns how many files exist afterwards
 * and how many were written now. Throws on file-system or rendering errors.
 */
export async function ensureDemoImages(uploadsDir: string): Promise<{ files: number; written: number }> {
  const dir = path.join(uploadsDir, 'demo');
  await fs.mkdir(dir, { recursive: true });
  let files = 0;
  let written = 0;
  const jobs: { category: DemoImageCategory; n: number }[] = [];
  for (const category of Object.keys(DEMO_IMAGE_COUNTS) as DemoImageCategory[]) {
    for (let n = 1; n <= DEMO_IMAGE_COUNTS[category]; n++) jobs.push({ category, n });
  }
  const run = async ({ category, n }: { category: DemoImageCategory; n: number }) => {
    const targets = DEMO_IMAGE_WIDTHS.map((width) => ({ width, file: demoImageFile(uploadsDir, category, n, width) }));
    const missing = [];
    for (const target of targets) if (!(await exists(target.file))) missing.push(target);
    files += targets.length - missing.length;
    if (missing.length === 0) return;
    // Rasterise the SVG once at full size, then downscale for the smaller widths.
    const raster = await sharp(await demoImageSvg(category, n))
      .raw()
      .toBuffer({ resolveWithObject: true });
    for (const { width, file } of missing) {
      const tmp = `${file}.${process.pid}.tmp`;
      await sharp(raster.data, { raw: raster.info })
        .resize(width, Math.round((width * 3) / 4))
        .webp({ quality: 80, effort: 2 })
        .toFile(tmp);
      await fs.rename(tmp, file);
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

/**
 * Copies the demo pictures rendered under `${uploadsDir}/demo/` (see `ensureDemoImages`) into
 * `storage` under `demo/…` when it is another store than that folder — an S3 bucket (DESIGN §6),
 * from which `/media` serves. Pictures the store already has are skipped, so a second call costs
 * one listing. Returns how many were copied; throws on file-system or store errors.
 */
export async function publishDemoImages(uploadsDir: string, storage: UploadStorage): Promise<{ copied: number }> {
  const dir = path.join(uploadsDir, 'demo');
  const present = new Set(await storage.list('demo/'));
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  let copied = 0;
  for (const name of names.filter((entry) => entry.endsWith('.webp')).sort()) {
    const key = `demo/${name}`;
    if (present.has(key)) continue;
    await storage.putStream(key, createReadStream(path.join(dir, name)));
    copied++;
  }
  return { copied };
}
