/**
 * `/media` through the real Express app (DESIGN §4 "Files"): stored photos are served as images
 * with `nosniff`, a sandboxing Content-Security-Policy and a year of immutable caching (even to a
 * signed-in visitor, whose pages are `no-store`), their size and a validator (HEAD, 304); demo
 * pictures keep a week; an SVG, an HTML page, a dotfile, a private document or an encoded `..` is
 * never served — from the local folder and from an S3 bucket alike (DESIGN §6: two instances with
 * different data folders serve the same bucket); and the upload endpoints alone get the larger
 * body cap, refused with 413 before a byte of the body is read.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_MAX_REQUEST_BYTES } from '~/lib/uploads';
import { DOCUMENT_MAX_REQUEST_BYTES } from '~/lib/document-uploads';
import { createS3Storage } from '~/server/uploads/s3-storage.server';
import { bodyLimitFor } from '../../server/app';
import { startInstance, type TestInstance } from '../setup/realtime';
import { startS3Server, type TestS3Server } from '../setup/s3';
import { createTestDatabase, type TestDatabase } from '../setup/test-db';

let database: TestDatabase;
let instance: TestInstance;
let base: string;
let uploadsDir: string;
const KEY = 'photos/3f/3f0c9a61b2d84e7fa1c05d2b9e6a7c11-1200.webp';
/** A maintenance photo (decision 056): only `/files/` may serve it, after a scope check. */
const PRIVATE_PHOTO = 'private/photos/5a/5a0c9a61b2d84e7fa1c05d2b9e6a7c11-400.webp';
const WEBP = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');
/** Paths that must answer 404 whatever the store holds under them (sent as written). */
const NEVER_SERVED = [
  '/media/photos/3f/evil.svg',
  '/media/page.html',
  '/media/.secret.webp',
  '/media/private/vendor-documents/ab/ab0c9a61b2d84e7fa1c05d2b9e6a7c11.webp',
  '/media/photos/3f/missing-1200.webp',
  '/media/photos/%2e%2e/%2e%2e/page.html',
  '/media/..%2fpage.html',
  // A private photo, however its path is spelled.
  `/media/${PRIVATE_PHOTO}`,
  `/media/%70rivate/${PRIVATE_PHOTO.slice('private/'.length)}`,
  `/media/private%2f${PRIVATE_PHOTO.slice('private/'.length)}`,
  `/media/PRIVATE/${PRIVATE_PHOTO.slice('private/'.length)}`,
  `/media//${PRIVATE_PHOTO}`,
  `/media/./${PRIVATE_PHOTO}`,
  `/media/photos/..%2f..%2f${PRIVATE_PHOTO}`,
];

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dimora-media-'));
  const write = async (key: string, data: string | Buffer) => {
    await fs.mkdir(path.dirname(path.join(uploadsDir, key)), { recursive: true });
    await fs.writeFile(path.join(uploadsDir, key), data);
  };
  await write(KEY, WEBP);
  await write('demo/room-01-400.webp', Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '));
  await write('photos/3f/evil.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  await write('page.html', '<script>alert(1)</script>');
  await write('.secret.webp', 'hidden');
  await write('private/vendor-documents/ab/ab0c9a61b2d84e7fa1c05d2b9e6a7c11.webp', Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '));
  await write(PRIVATE_PHOTO, Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '));
  instance = await startInstance(database, { uploadsDir });
  base = instance.url;
});

afterAll(async () => {
  await instance?.close();
  await database?.close();
  if (uploadsDir) await fs.rm(uploadsDir, { recursive: true, force: true });
});

function rawGet(target: string, origin = base): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: Number(new URL(origin).port), path: target, method: 'GET' }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

describe('/media', () => {
  it('serves an uploaded photo as an image that can never run, cached for a year even when signed in', async () => {
    const response = await fetch(`${base}/media/${KEY}`, { headers: { cookie: 'dimora.session_token=whatever' } });
    expect(response.status).toBe(200);
    expect({
      type: response.headers.get('content-type'),
      nosniff: response.headers.get('x-content-type-options'),
      csp: response.headers.get('content-security-policy'),
      cache: response.headers.get('cache-control'),
    }).toEqual({
      type: 'image/webp',
      nosniff: 'nosniff',
      csp: "default-src 'none'; sandbox",
      cache: 'public, max-age=31536000, immutable',
    });
  });

  it('keeps a week of caching for the demo pictures', async () => {
    const response = await fetch(`${base}/media/demo/room-01-400.webp`);
    expect([response.status, response.headers.get('cache-control')]).toEqual([200, 'public, max-age=604800']);
  });

  it('answers the size and a validator: HEAD without the bytes, a matching If-None-Match with 304', async () => {
    await expectSizeAndValidator(base);
  });

  it('never serves an SVG, an HTML page, a dotfile, a private file, a missing file or a path out of the folder', async () => {
    for (const target of NEVER_SERVED) {
      // Sent as written: fetch would resolve the dots before sending.
      const { status, body } = await rawGet(target);
      expect(status, target).toBe(404);
      expect(body, target).not.toContain('<script>');
    }
  });
});

/** GET, HEAD and a conditional GET of KEY (WEBP's bytes) at `origin`. */
async function expectSizeAndValidator(origin: string) {
  const response = await fetch(`${origin}/media/${KEY}`);
  expect(response.status).toBe(200);
  expect(Buffer.from(await response.arrayBuffer())).toEqual(WEBP);
  const etag = response.headers.get('etag');
  expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
  expect([response.headers.get('content-length'), new Date(response.headers.get('last-modified')!).getTime() > 0]).toEqual([
    String(WEBP.length),
    true,
  ]);

  const head = await fetch(`${origin}/media/${KEY}`, { method: 'HEAD' });
  expect([head.status, head.headers.get('content-length'), head.headers.get('etag'), await head.text()]).toEqual([
    200,
    String(WEBP.length),
    etag,
    '',
  ]);

  // As a browser revalidates (fetch would add `no-cache` to a conditional request, asking for the bytes).
  const again = await fetch(`${origin}/media/${KEY}`, { headers: { 'if-none-match': etag!, 'cache-control': 'max-age=0' } });
  expect([again.status, again.headers.get('cache-control'), await again.text()]).toEqual([304, 'public, max-age=31536000, immutable', '']);
  const changed = await fetch(`${origin}/media/${KEY}`, { headers: { 'if-none-match': '"something-else"', 'cache-control': 'max-age=0' } });
  expect(changed.status).toBe(200);

  const post = await fetch(`${origin}/media/${KEY}`, { method: 'POST' });
  expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
}

describe('/media from an S3 bucket (S3_BUCKET)', () => {
  let s3: TestS3Server;
  let instanceA: TestInstance;
  let instanceB: TestInstance;

  beforeAll(async () => {
    s3 = await startS3Server();
    const config = await s3.newBucket();
    const storage = createS3Storage(config);
    await storage.put(KEY, WEBP);
    await storage.put('demo/room-01-400.webp', WEBP);
    await storage.put('photos/3f/evil.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    await storage.put('page.html', Buffer.from('<script>alert(1)</script>'));
    await storage.put('private/vendor-documents/ab/ab0c9a61b2d84e7fa1c05d2b9e6a7c11.webp', WEBP);
    await storage.put(PRIVATE_PHOTO, WEBP);
    // Two instances, each with its own (empty) data folder and its own client of the one bucket.
    instanceA = await startInstance(database, { uploadsDir: path.join(uploadsDir, 'instance-a'), storage: createS3Storage(config) });
    instanceB = await startInstance(database, { uploadsDir: path.join(uploadsDir, 'instance-b'), storage: createS3Storage(config) });
  });

  afterAll(async () => {
    await instanceA?.close();
    await instanceB?.close();
    await s3?.stop();
  });

  it('serves an uploaded photo from the bucket with the same headers as from disk, on every instance', async () => {
    for (const origin of [instanceA.url, instanceB.url]) {
      const response = await fetch(`${origin}/media/${KEY}`, { headers: { cookie: 'dimora.session_token=whatever' } });
      expect({
        status: response.status,
        type: response.headers.get('content-type'),
        nosniff: response.headers.get('x-content-type-options'),
        csp: response.headers.get('content-security-policy'),
        cache: response.headers.get('cache-control'),
      }).toEqual({
        status: 200,
        type: 'image/webp',
        nosniff: 'nosniff',
        csp: "default-src 'none'; sandbox",
        cache: 'public, max-age=31536000, immutable',
      });
    }
    const demo = await fetch(`${instanceB.url}/media/demo/room-01-400.webp`);
    expect([demo.status, demo.headers.get('cache-control')]).toEqual([200, 'public, max-age=604800']);
  });

  it('answers the size and the ETag of the object: HEAD without the bytes, a matching If-None-Match with 304', async () => {
    await expectSizeAndValidator(instanceA.url);
  });

  it('never serves a private document, an SVG, an HTML page, a missing key or a path out of the bucket', async () => {
    for (const target of NEVER_SERVED) {
      const { status, body } = await rawGet(target, instanceA.url);
      expect(status, target).toBe(404);
      expect(body, target).toBe('Not found');
    }
  });
});

describe('request bodies', () => {
  it('the upload endpoint alone takes up to its own cap; everything else 1 MB', () => {
    expect(bodyLimitFor('/api/photos/unit/12/upload')).toBe(PHOTO_MAX_REQUEST_BYTES);
    expect(bodyLimitFor('/api/photos/building/3/upload')).toBe(PHOTO_MAX_REQUEST_BYTES);
    expect(bodyLimitFor('/api/photos/unit/12')).toBe(1_000_000);
    // A vendor's certificate of insurance or W-9 (decision 030): one file of 10 MB.
    expect(bodyLimitFor('/api/vendor-documents/upload')).toBe(DOCUMENT_MAX_REQUEST_BYTES);
    expect(bodyLimitFor('/api/vendor-documents/12')).toBe(1_000_000);
    expect(bodyLimitFor('/contact')).toBe(1_000_000);
  });

  it('an upload declaring more than the cap is refused with 413 before its body is sent', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(`${base}/api/photos/unit/1/upload`, {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(PHOTO_MAX_REQUEST_BYTES + 1) },
      });
      request.on('response', (response) => {
        resolve(response.statusCode ?? 0);
        request.destroy();
      });
      request.on('error', reject);
      request.flushHeaders();
    });
    expect(status).toBe(413);
  });
});
