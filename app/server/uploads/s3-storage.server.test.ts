/**
 * The S3 store beyond the shared contract (storage.server.test.ts), against s3rver in this
 * process: a streamed file over one part goes up as a multipart upload and comes back byte for
 * byte; a missing key is null; a listing reads every page; a bad key never becomes a request;
 * wrong keys are refused by the server; `createStorage` picks the bucket only when one is named;
 * demo pictures are copied into a bucket once. (A photo through the whole upload pipeline into a
 * bucket, on both databases: tests/integration/photos-in-bucket.test.ts.)
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startS3Server, type TestS3Server } from '../../../tests/setup/s3';
import { DEMO_IMAGE_COUNTS, ensureDemoImages } from '~/server/db/seed/images.server';
import { DEMO_IMAGE_WIDTHS } from '~/lib/images';
import { parseEnv } from '~/server/env.server';
import { createStorage } from './create-storage.server';
import { createS3Storage, S3_MIN_PART_BYTES } from './s3-storage.server';

let s3: TestS3Server;

beforeAll(async () => {
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3?.stop();
});

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

/** The requests s3rver received while `run` ran. */
async function requestsDuring(run: () => Promise<unknown>): Promise<string[]> {
  const from = s3.requests.length;
  await run();
  return s3.requests.slice(from);
}

describe('the S3 store', () => {
  it('streams a file of more than one part as a multipart upload, and reads back the same bytes', async () => {
    const storage = createS3Storage(await s3.newBucket());
    const data = randomBytes(2 * S3_MIN_PART_BYTES + 123_456);
    // Chunks of 64 KiB, as a request body or a file stream delivers them.
    const chunks = Array.from({ length: Math.ceil(data.length / 65_536) }, (_, i) => data.subarray(i * 65_536, (i + 1) * 65_536));
    let stored: { size: number } | undefined;
    const requests = await requestsDuring(async () => {
      stored = await storage.putStream('private/backups/archive.pdf', Readable.from(chunks));
    });
    expect(stored).toEqual({ size: data.length });
    // Started, three parts (5 MiB, 5 MiB, the rest), completed; no single PUT of the whole.
    expect(requests.filter((line) => /^POST .*\?uploads/.test(line))).toHaveLength(1);
    expect(requests.filter((line) => /^PUT .*partNumber=/.test(line))).toHaveLength(3);
    expect(requests.filter((line) => /^POST .*uploadId=/.test(line))).toHaveLength(1);
    const got = await storage.get('private/backups/archive.pdf');
    expect(got!.size).toBe(data.length);
    expect(sha256(await buffer(got!.body))).toBe(sha256(data));
  });

  it('answers null for a key it does not have, and deleting it is no error', async () => {
    const storage = createS3Storage(await s3.newBucket());
    expect(await storage.get('photos/00/00000000000000000000000000000000-1200.webp')).toBeNull();
    await expect(storage.delete('photos/00/00000000000000000000000000000000-1200.webp')).resolves.toBeUndefined();
  });

  it('reads every page of a listing', async () => {
    const storage = createS3Storage({ ...(await s3.newBucket()), listPageSize: 2 });
    const keys = ['a', 'b', 'c', 'd', 'e'].map((name) => `photos/0${name}/${name}-400.webp`);
    for (const key of keys) await storage.put(key, Buffer.from(key));
    await storage.put('demo/room-01-400.webp', Buffer.from('demo'));
    let listed: string[] = [];
    const requests = await requestsDuring(async () => {
      listed = await storage.list('photos/');
    });
    expect(listed.sort()).toEqual(keys);
    // Two keys a page: three pages for five keys.
    expect(requests.filter((line) => line.includes('list-type=2'))).toHaveLength(3);
    expect((await storage.list()).length).toBe(6);
  });

  it('refuses a bad key before sending any request', async () => {
    const storage = createS3Storage(s3.config);
    const requests = await requestsDuring(async () => {
      for (const key of ['../escape.webp', 'photos/../../x.webp', '.hidden.webp', 'Photos/X.webp', 'a'.repeat(201) + '.webp']) {
        await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/invalid storage key/);
        await expect(storage.putStream(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow(/invalid storage key/);
        await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
        await expect(storage.delete(key), key).rejects.toThrow(/invalid storage key/);
      }
    });
    expect(requests).toEqual([]);
  });

  it('is refused by the server with a wrong secret', async () => {
    const config = await s3.newBucket();
    const storage = createS3Storage({ ...config, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'not-the-secret' } });
    await expect(storage.put('photos/ab/abc-400.webp', Buffer.from('x'))).rejects.toThrow(/signature/i);
    expect(await createS3Storage(config).list()).toEqual([]);
  });

  it('refuses a part size S3 would refuse and a page size it does not know', () => {
    expect(() => createS3Storage({ ...s3.config, partSize: S3_MIN_PART_BYTES - 1 })).toThrow(/part size/);
    expect(() => createS3Storage({ ...s3.config, listPageSize: 1001 })).toThrow(/page size/);
  });
});

describe('createStorage', () => {
  let uploadsDir: string;

  beforeAll(async () => {
    uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dimora-create-storage-'));
  });

  afterAll(async () => {
    await fs.rm(uploadsDir, { recursive: true, force: true });
  });

  it('works with the frozen config the environment gives (S3_* variables)', async () => {
    const { bucket } = await s3.newBucket();
    const env = parseEnv({ S3_BUCKET: bucket, S3_ENDPOINT: s3.endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' });
    const storage = createStorage(env, uploadsDir);
    await storage.put('photos/ab/from-env-400.webp', Buffer.from('env'));
    expect(await storage.list()).toEqual(['photos/ab/from-env-400.webp']);
  });

  it('writes to the bucket when the environment names one, and to DATA_DIR/uploads otherwise', async () => {
    const config = await s3.newBucket();
    await createStorage({ s3: config }, uploadsDir).put('photos/ab/in-bucket-400.webp', Buffer.from('bucket'));
    await createStorage({ s3: null }, uploadsDir).put('photos/ab/on-disk-400.webp', Buffer.from('disk'));
    expect(await createS3Storage(config).list()).toEqual(['photos/ab/in-bucket-400.webp']);
    expect(await fs.readdir(path.join(uploadsDir, 'photos', 'ab'))).toEqual(['on-disk-400.webp']);
  });
});

describe('demo pictures with a bucket', () => {
  it('are rendered straight into the bucket, only those missing, and nothing is written under DATA_DIR/uploads', async () => {
    const uploadsDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'dimora-demo-bucket-')), 'uploads');
    try {
      const storage = createS3Storage(await s3.newBucket());
      // Every picture but two is there already (stand-in bytes), so only two are rendered.
      const keys = (Object.keys(DEMO_IMAGE_COUNTS) as (keyof typeof DEMO_IMAGE_COUNTS)[]).flatMap((category) =>
        Array.from({ length: DEMO_IMAGE_COUNTS[category] }, (_, index) =>
          DEMO_IMAGE_WIDTHS.map((width) => `demo/${category}-${String(index + 1).padStart(2, '0')}-${width}.webp`),
        ).flat(),
      );
      const rendered = ['demo/room-01-400.webp', 'demo/exterior-02-800.webp'];
      for (const key of keys.filter((key) => !rendered.includes(key))) await storage.put(key, Buffer.from('stand-in'));
      expect(await ensureDemoImages(storage)).toEqual({ files: keys.length, written: 2 });
      expect(await ensureDemoImages(storage)).toEqual({ files: keys.length, written: 0 });
      const meta = await sharp(await buffer((await storage.get('demo/room-01-400.webp'))!.body)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 300]);
      await expect(fs.access(uploadsDir)).rejects.toThrow();
    } finally {
      await fs.rm(path.dirname(uploadsDir), { recursive: true, force: true });
    }
  });
});
