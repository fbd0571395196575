/**
 * The upload stores, the names kept from clients and what `/media` serves. One contract for both
 * stores — the local folder and an S3-compatible bucket (s3rver in this process): keys never
 * leave the root, a write is all or nothing (streamed too), a missing key is null, listing by
 * prefix, `/media` URLs both ways. Client names are labels (paths refused), and only image paths
 * are served, with `nosniff`, a sandboxing policy and the right caching.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../tests/setup/s3';
import { displayFileName, sanitizeFileName } from './file-names.server';
import { isServableMedia, mediaHeaders, PHOTO_UPLOAD_PATH } from './media.server';
import { createS3Storage } from './s3-storage.server';
import { contentTypeOfKey, createLocalStorage, isValidStorageKey, type UploadStorage } from './storage.server';

let root: string;
let s3: TestS3Server;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'dimora-storage-'));
  s3 = await startS3Server();
});

afterAll(async () => {
  await s3?.stop();
  await fs.rm(root, { recursive: true, force: true });
});

const INVALID_KEYS = [
  '../escape.webp',
  'photos/../../escape.webp',
  '/etc/passwd',
  'photos\\x.webp',
  '.hidden.webp',
  'photos/.tmp/x.webp',
  'Photos/X.webp',
  'noextension',
  '',
];

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

describe.each([
  { name: 'the local store', open: async () => createLocalStorage(await fs.mkdtemp(path.join(root, 'uploads-'))) },
  { name: 'the S3 store', open: async () => createS3Storage(await s3.newBucket()) },
])('$name', ({ open }) => {
  let storage: UploadStorage;

  beforeAll(async () => {
    storage = await open();
  });

  it('puts, gets, lists and deletes by key, leaving no temporary file behind', async () => {
    await storage.put('photos/ab/abc-400.webp', Buffer.from('four hundred'));
    await storage.put('photos/ab/abc-1200.webp', Buffer.from('twelve hundred'));
    const got = await storage.get('photos/ab/abc-400.webp');
    expect(got?.size).toBe(12);
    expect(await text(got!.body)).toBe('four hundred');
    expect((await storage.list()).sort()).toEqual(['photos/ab/abc-1200.webp', 'photos/ab/abc-400.webp']);
    expect(await storage.list('photos/cd/')).toEqual([]);
    await storage.delete('photos/ab/abc-400.webp');
    await storage.delete('photos/ab/abc-400.webp');
    expect(await storage.get('photos/ab/abc-400.webp')).toBeNull();
    expect(await storage.list()).toEqual(['photos/ab/abc-1200.webp']);
    await storage.delete('photos/ab/abc-1200.webp');
  });

  it('replaces a key whole, and tells a reader the size, a validator and the time it was written', async () => {
    const before = Date.now();
    await storage.put('demo/room-01-400.webp', Buffer.from('first version, longer'));
    await storage.put('demo/room-01-400.webp', Buffer.from('second'));
    const got = await storage.get('demo/room-01-400.webp');
    expect(await text(got!.body)).toBe('second');
    expect(got!.size).toBe(6);
    expect(got!.etag).toMatch(/^(W\/)?"[^"]+"$/);
    // Whole seconds on S3 (Last-Modified), so allow the second the test began in.
    expect(got!.lastModified!.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    await storage.delete('demo/room-01-400.webp');
  });

  it('lists by prefix only what is under it', async () => {
    await storage.put('photos/aa/one-400.webp', Buffer.from('1'));
    await storage.put('photos/ab/two-400.webp', Buffer.from('2'));
    await storage.put('private/leases/three.pdf', Buffer.from('3'));
    expect((await storage.list('photos/')).sort()).toEqual(['photos/aa/one-400.webp', 'photos/ab/two-400.webp']);
    expect(await storage.list('private/')).toEqual(['private/leases/three.pdf']);
    for (const key of await storage.list()) await storage.delete(key);
    expect(await storage.list()).toEqual([]);
  });

  it('stores a stream without a size known in advance, byte for byte', async () => {
    const data = Buffer.alloc(300_000, 7);
    data.write('a streamed document');
    const stored = await storage.putStream(
      'private/leases/streamed.pdf',
      Readable.from([data.subarray(0, 100_000), data.subarray(100_000)]),
    );
    expect(stored).toEqual({ size: 300_000 });
    const got = await storage.get('private/leases/streamed.pdf');
    expect(got!.size).toBe(300_000);
    expect(sha256(await buffer(got!.body))).toBe(sha256(data));
    await storage.delete('private/leases/streamed.pdf');
  });

  it('stores nothing when the stream fails half-way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(64_000, 1));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(storage.putStream('private/leases/broken.pdf', failing)).rejects.toThrow();
    expect(await storage.get('private/leases/broken.pdf')).toBeNull();
    expect(await storage.list()).toEqual([]);
  });

  it('refuses any key that could leave its root or hide', async () => {
    for (const key of INVALID_KEYS) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.putStream(key, Readable.from([Buffer.from('x')])), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/invalid storage key/);
    }
    await expect(fs.access(path.join(root, 'escape.webp'))).rejects.toThrow();
    expect(await storage.list()).toEqual([]);
  });

  it('maps keys to /media URLs and back, and knows no other URL', () => {
    expect(storage.urlOf('photos/ab/abc-1200.webp')).toBe('/media/photos/ab/abc-1200.webp');
    expect(storage.keyOf('/media/photos/ab/abc-1200.webp')).toBe('photos/ab/abc-1200.webp');
    expect(storage.keyOf('/media/../secret.webp')).toBeNull();
    expect(storage.keyOf('https://example.com/x.webp')).toBeNull();
    expect(() => storage.urlOf('../x.webp')).toThrow(/invalid storage key/);
  });
});

describe('content types', () => {
  it('come from the extension, and an unknown one is plain bytes', () => {
    expect(['photos/a-1.webp', 'b.avif', 'c.png', 'd.jpg', 'e.jpeg', 'f.pdf', 'g.zz9'].map(contentTypeOfKey)).toEqual([
      'image/webp',
      'image/avif',
      'image/png',
      'image/jpeg',
      'image/jpeg',
      'application/pdf',
      'application/octet-stream',
    ]);
  });
});

describe('client file names', () => {
  it('are kept as labels without invisible characters, and refused when they carry a path', () => {
    expect(sanitizeFileName('  Living room.JPG ')).toBe('Living room.JPG');
    expect(sanitizeFileName('photo\u202egpj.exe')).toBe('photogpj.exe');
    expect(sanitizeFileName('e\u0301te.png')).toBe('\u00e9te.png');
    for (const bad of ['../../etc/passwd.jpg', 'a/b.jpg', 'C:\\x\\y.jpg', '..', '.', '   ', 'tab\there.jpg', 'x'.repeat(256)]) {
      expect(sanitizeFileName(bad), bad).toBeNull();
    }
    expect(displayFileName('../../etc/passwd.jpg')).toBe('passwd.jpg');
  });
});

describe('/media', () => {
  it('serves image paths only', () => {
    for (const ok of ['/photos/ab/0123abcd-1200.webp', '/demo/exterior-01-400.webp', '/x.avif', '/y.png', '/z.jpeg'])
      expect(isServableMedia(ok), ok).toBe(true);
    for (const bad of [
      '/photos/x.svg',
      '/x.html',
      '/.env',
      '/photos/../x.webp',
      '/photos/%2e%2e/x.webp',
      '/X.WEBP',
      '/photos/x.webp.part',
      '/photos/x.webp/',
    ]) {
      expect(isServableMedia(bad), bad).toBe(false);
    }
  });

  it('answers nosniff, a sandboxing policy, and a year of immutable caching for uploaded photos (a week for demo pictures)', () => {
    expect(mediaHeaders('photos/ab/abc-1200.webp')).toEqual({
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'public, max-age=31536000, immutable',
    });
    expect(mediaHeaders('demo/exterior-01-1200.webp')['Cache-Control']).toBe('public, max-age=604800');
  });

  it('gives the upload endpoint, and only it, its own body cap', () => {
    expect(PHOTO_UPLOAD_PATH.test('/api/photos/unit/12/upload')).toBe(true);
    expect(PHOTO_UPLOAD_PATH.test('/api/photos/building/3/upload')).toBe(true);
    expect(PHOTO_UPLOAD_PATH.test('/api/photos/unit/12')).toBe(false);
    expect(PHOTO_UPLOAD_PATH.test('/api/photos/lease/12/upload')).toBe(false);
  });
});
