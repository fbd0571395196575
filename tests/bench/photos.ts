/**
 * `npm run bench` (photo part; decision 015 "Numbers": five 5 MB photos processed ≤ 5 s): the
 * built server on a small seeded scratch database (PGlite), signed in as an admin, receives five
 * 12-megapixel JPEGs of about 5 MB each (made locally with sharp, kept between runs) for a new
 * unit over HTTP — once as five requests one after the other (what the photo manager does), once
 * as one multipart request of five files (the form without JavaScript) — and prints the wall
 * time of each, from the first byte sent to the last answer, and the CPU time the server spent
 * (which does not depend on what else the machine runs). Every photo is checked, decoded,
 * resized to 400/800/1200 px WebP and stored. The photos are deleted again through the API.
 * Not a test: it prints figures, never fails on them.
 *
 * Options: --rounds N (default 3; the best and the median are printed).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { heavyJpeg } from '../setup/images';
import { ensureBenchAdmin, prepare, scratch, signInBenchAdmin, startServer, stopServer } from './lib';

const { values: args } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const rounds = Math.max(1, Number(args.rounds));
const PHOTOS = 5;
const UNITS = 240;

/** The five benchmark photos (≈ 5 MB, 4032 × 3024), generated once into the scratch folder. */
async function benchPhotos(): Promise<Buffer[]> {
  const dir = path.join(scratch, 'photos');
  fs.mkdirSync(dir, { recursive: true });
  const out: Buffer[] = [];
  for (let i = 1; i <= PHOTOS; i += 1) {
    const file = path.join(dir, `photo-${i}.jpg`);
    if (!fs.existsSync(file)) fs.writeFileSync(file, await heavyJpeg(i));
    out.push(fs.readFileSync(file));
  }
  return out;
}

/** CPU seconds the process `pid` has used so far (all its threads; Linux `/proc`), or NaN elsewhere. */
function cpuSeconds(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are the 12th and 13th fields after the command name, in clock ticks (100 Hz).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/** A fresh building and unit through the admin forms; answers the unit's id. */
async function newUnit(base: string, cookie: string): Promise<number> {
  const building = await fetch(`${base}/admin/properties/new`, {
    method: 'POST',
    headers: { cookie },
    body: new URLSearchParams({
      intent: 'create-building',
      name: `Bench Photos ${Date.now()}`,
      streetAddress: '5 Lens Lane',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
    }),
    redirect: 'manual',
  });
  const buildingId = /\/admin\/properties\/(\d+)/.exec(building.headers.get('location') ?? '')?.[1];
  if (!buildingId) throw new Error(`building not created (${building.status})`);
  const unit = await fetch(`${base}/admin/properties/${buildingId}/units/new`, {
    method: 'POST',
    headers: { cookie },
    body: new URLSearchParams({
      intent: 'create-unit',
      unitNumber: '1',
      title: 'Bench unit',
      description: 'For the photo benchmark.',
      price: '1500',
      bedrooms: '1',
      bathrooms: '1',
      squareFeet: '700',
      maxOccupants: '2',
      propertyType: 'apartment',
      status: 'available',
    }),
    redirect: 'manual',
  });
  const unitId = /\/units\/(\d+)/.exec(unit.headers.get('location') ?? '')?.[1];
  if (!unitId) throw new Error(`unit not created (${unit.status})`);
  return Number(unitId);
}

async function upload(base: string, cookie: string, unitId: number, photos: Buffer[]): Promise<string[]> {
  const form = new FormData();
  photos.forEach((photo, index) =>
    form.append('photos', new File([new Uint8Array(photo)], `bench-${index + 1}.jpg`, { type: 'image/jpeg' })),
  );
  const response = await fetch(`${base}/api/photos/unit/${unitId}/upload`, {
    method: 'POST',
    headers: { cookie, accept: 'application/json' },
    body: form,
  });
  const answer = (await response.json()) as { ok: boolean; added?: string[]; message?: string };
  if (!answer.ok || !answer.added) throw new Error(`upload refused (${response.status}): ${answer.message}`);
  return answer.added;
}

async function removeAll(base: string, cookie: string, unitId: number, urls: string[]) {
  for (const photo of urls) {
    const response = await fetch(`${base}/api/photos/unit/${unitId}`, {
      method: 'POST',
      headers: { cookie, accept: 'application/json' },
      body: new URLSearchParams({ intent: 'delete', photo }),
    });
    if (!response.ok) throw new Error(`delete failed (${response.status})`);
  }
}

async function main() {
  const photos = await benchPhotos();
  const sizes = photos.map((photo) => (photo.length / 1024 / 1024).toFixed(2));
  console.log(`\nphotos: ${PHOTOS} JPEGs of 4032 × 3024 px, ${sizes.join(' / ')} MB`);
  const env = await prepare('pglite', UNITS);
  const port = 3470;
  await ensureBenchAdmin(env);
  const server = await startServer(env, port);
  const base = `http://127.0.0.1:${port}`;
  const sequential: number[] = [];
  const together: number[] = [];
  const cpu: number[] = [];
  try {
    const cookie = await signInBenchAdmin(base);
    const unitId = await newUnit(base, cookie);
    // Warm-up: sharp's and the server's first use.
    await removeAll(base, cookie, unitId, await upload(base, cookie, unitId, photos.slice(0, 1)));
    for (let round = 0; round < rounds; round += 1) {
      let started = performance.now();
      const cpuBefore = cpuSeconds(server.pid!);
      const added: string[] = [];
      for (const photo of photos) added.push(...(await upload(base, cookie, unitId, [photo])));
      sequential.push(performance.now() - started);
      cpu.push(cpuSeconds(server.pid!) - cpuBefore);
      await removeAll(base, cookie, unitId, added);

      started = performance.now();
      const batch = await upload(base, cookie, unitId, photos);
      together.push(performance.now() - started);
      await removeAll(base, cookie, unitId, batch);
    }
  } finally {
    await stopServer(server);
  }
  const describe = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return `best ${(sorted[0]! / 1000).toFixed(2)} s, median ${(sorted[Math.floor(sorted.length / 2)]! / 1000).toFixed(2)} s`;
  };
  console.log(`\nFive 5 MB photos over HTTP, each checked, resized to 400/800/1200 px WebP and stored (target ≤ 5 s; ${rounds} rounds):`);
  console.log(`  five requests, one after the other (the photo manager): ${describe(sequential)}`);
  console.log(`  one request of five files (the plain form):              ${describe(together)}`);
  console.log(`  server CPU time for the five requests (independent of other load): ${describe(cpu.map((seconds) => seconds * 1000))}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
