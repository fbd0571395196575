/**
 * The local store, the names kept from clients and what `/media` serves: keys never leave the
 * root, a write is all or nothing, client names are labels (paths refused), and only image paths
 * are served, with `nosniff`, a sandboxing policy and the right caching.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayFileName, sanitizeFileName } from './file-names.server';
import { isServableMedia, mediaHeaders, PHOTO_UPLOAD_PATH } from './media.server';
import { createLocalStorage, isValidStorageKey, type UploadStorage } from './storage.server';

let root: string;
let storage: UploadStorage;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'dimora-storage-'));
  storage = createLocalStorage(path.join(root, 'uploads'));
});

afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

describe('the local store', () => {
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
  });

  it('refuses any key that could leave its root or hide', async () => {
    for (const key of [
      '../escape.webp',
      'photos/../../escape.webp',
      '/etc/passwd',
      'photos\\x.webp',
      '.hidden.webp',
      'photos/.tmp/x.webp',
      'Photos/X.webp',
      'noextension',
      '',
    ]) {
      expect(isValidStorageKey(key), key).toBe(false);
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/invalid storage key/);
    }
    await expect(fs.access(path.join(root, 'escape.webp'))).rejects.toThrow();
  });

  it('maps keys to /media URLs and back, and knows no other URL', () => {
    expect(storage.urlOf('photos/ab/abc-1200.webp')).toBe('/media/photos/ab/abc-1200.webp');
    expect(storage.keyOf('/media/photos/ab/abc-1200.webp')).toBe('photos/ab/abc-1200.webp');
    expect(storage.keyOf('/media/../secret.webp')).toBeNull();
    expect(storage.keyOf('https://example.com/x.webp')).toBeNull();
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
