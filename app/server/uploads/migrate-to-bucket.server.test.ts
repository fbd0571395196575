/**
 * Copying the uploads folder into a bucket (decision 057) against s3rver in this process: every
 * file arrives with its bytes, a rerun copies nothing, a half-done copy (some objects there, one
 * broken) is completed, a dry run writes nothing, and no local file is touched.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../tests/setup/s3';
import { migrateUploadsToBucket } from './migrate-to-bucket.server';
import { createS3Storage } from './s3-storage.server';
import type { UploadStorage } from './storage.server';

let s3: TestS3Server;
let root: string;

const FILES: Record<string, number> = {
  'photos/ab/0123456789abcdef0123456789abcdef-400.webp': 3_000,
  'photos/ab/0123456789abcdef0123456789abcdef-1200.webp': 40_000,
  'private/photos/cd/fedcba9876543210fedcba9876543210-800.webp': 12_000,
  'documents/lease.pdf': 2_345,
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A fresh uploads folder holding `FILES` (random bytes), a stray temporary file and nothing else. */
function uploadsFolder(label: string): { dir: string; digests: Record<string, string> } {
  const dir = path.join(root, label, 'uploads');
  const digests: Record<string, string> = {};
  for (const [key, size] of Object.entries(FILES)) {
    const bytes = randomBytes(size);
    fs.mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
    fs.writeFileSync(path.join(dir, key), bytes);
    digests[key] = sha256(bytes);
  }
  fs.writeFileSync(path.join(dir, 'documents', 'lease.pdf.a1b2c3.part'), 'half');
  return { dir, digests };
}

async function bucketDigest(bucket: UploadStorage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const key of (await bucket.list()).sort()) out[key] = sha256(await buffer((await bucket.get(key))!.body));
  return out;
}

function folderState(dir: string): Record<string, number> {
  return Object.fromEntries(
    (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(dir, file), fs.statSync(file).mtimeMs];
      }),
  );
}

beforeAll(async () => {
  s3 = await startS3Server();
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dimora-migrate-'));
});

afterAll(async () => {
  await s3?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('migrateUploadsToBucket', () => {
  it('copies every file with its bytes, leaves the local files alone, and a rerun copies nothing', async () => {
    const { dir, digests } = uploadsFolder('copy');
    const local = folderState(dir);
    const bucket = createS3Storage(await s3.newBucket());
    const steps: string[] = [];
    const first = await migrateUploadsToBucket({
      uploadsDir: dir,
      bucket,
      onProgress: (step, done, total) => steps.push(`${step} ${done}/${total}`),
    });
    expect(first.copied).toEqual(Object.keys(FILES).sort());
    expect(first).toMatchObject({ skipped: [], replaced: [], ignored: ['documents/lease.pdf.a1b2c3.part'] });
    expect(first.bytes).toBe(Object.values(FILES).reduce((a, b) => a + b, 0));
    expect(steps.at(-1)).toBe('copy 4/4');
    expect(await bucketDigest(bucket)).toEqual(digests);
    expect(folderState(dir)).toEqual(local);

    const second = await migrateUploadsToBucket({ uploadsDir: dir, bucket });
    expect(second).toMatchObject({ copied: [], replaced: [], bytes: 0 });
    expect(second.skipped).toEqual(Object.keys(FILES).sort());
  }, 60_000);

  it('completes a half-done copy: objects already there are skipped, a broken one is written over', async () => {
    const { dir, digests } = uploadsFolder('resume');
    const bucket = createS3Storage(await s3.newBucket());
    const [done, broken] = ['documents/lease.pdf', 'photos/ab/0123456789abcdef0123456789abcdef-1200.webp'];
    await bucket.put(done!, fs.readFileSync(path.join(dir, done!)));
    await bucket.put(broken!, randomBytes(FILES[broken!]!));

    const result = await migrateUploadsToBucket({ uploadsDir: dir, bucket });
    expect(result.skipped).toEqual([done]);
    expect(result.replaced).toEqual([broken]);
    expect(result.copied).toHaveLength(3);
    expect(await bucketDigest(bucket)).toEqual(digests);
  }, 60_000);

  it('a dry run names what it would copy and writes nothing', async () => {
    const { dir } = uploadsFolder('dry');
    const bucket = createS3Storage(await s3.newBucket());
    await bucket.put('documents/lease.pdf', fs.readFileSync(path.join(dir, 'documents/lease.pdf')));
    const result = await migrateUploadsToBucket({ uploadsDir: dir, bucket, dryRun: true });
    expect(result.copied).toEqual(
      Object.keys(FILES)
        .filter((key) => key !== 'documents/lease.pdf')
        .sort(),
    );
    expect(result.skipped).toEqual(['documents/lease.pdf']);
    expect(await bucket.list()).toEqual(['documents/lease.pdf']);
  }, 60_000);

  it('an empty or missing uploads folder copies nothing', async () => {
    const bucket = createS3Storage(await s3.newBucket());
    const result = await migrateUploadsToBucket({ uploadsDir: path.join(root, 'nothing', 'uploads'), bucket });
    expect(result).toEqual({ copied: [], skipped: [], replaced: [], ignored: [], bytes: 0 });
  });
});
