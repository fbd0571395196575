/**
 * Photos of buildings and units through their endpoints (decision 017), with real
 * sessions, a real database and a real folder of uploads: a good JPEG with GPS in its EXIF comes
 * out as three WebP variants without metadata, and HEIC too; each bad file (SVG or HTML renamed
 * `.jpg`, a PDF, random bytes, over 10 MB, a pixel bomb, a `../` name) answers its 4xx and message
 * and leaves no file and no row; the 21st photo is refused; reorder, cover and delete are applied
 * and audited (files removed); another manager's building is a 404, audited; signed out is a 401.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as photoCommands from '~/routes/api/photos.$owner.$ownerId';
import * as photoUpload from '~/routes/api/photos.$owner.$ownerId.upload';
import { consumeRateLimit } from '~/server/rate-limit.server';
import { auditLog, building, document, property } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { answerOf, settle } from '../../../tests/setup/action-result';
import { createBuilding, createProperty } from '../../../tests/setup/factories';
import {
  HTML_PAGE,
  PDF_DOCUMENT,
  SVG_WITH_SCRIPT,
  heicSample,
  jpegWithGps,
  pixelBombPng,
  png,
  randomBytes,
} from '../../../tests/setup/images';
import { createTestDatabase, testContext, type TestDatabase, raceTest } from '../../../tests/setup/test-db';
import { createSignedInUser } from '../../../tests/setup/sign-in';

let database: TestDatabase;
let context: DimoraLoadContext;
let uploadsDir: string;
const cookies = new Map<string, string>();
const ids = new Map<string, string>();
let mine: number;
let theirs: number;
let myUnit: number;
let goodJpeg: Buffer;

type Answer = { ok: boolean; code?: string; message?: string; fileName?: string; photos?: string[]; added?: string[] };

async function signedIn(key: string, role: 'admin' | 'property_manager' | 'tenant') {
  const user = await createSignedInUser(context, { email: `${key}@photos.test`, role, name: key });
  cookies.set(key, user.cookie);
  ids.set(key, user.id);
}

type Upload = { name: string; data: Buffer; type?: string };

function uploadRequest(who: string | null, owner: string, files: Upload[], headers: Record<string, string> = {}): Request {
  const form = new FormData();
  for (const file of files) form.append('photos', new File([new Uint8Array(file.data)], file.name, { type: file.type ?? 'image/jpeg' }));
  const all = new Headers(headers);
  if (who) all.set('cookie', `${cookies.get(who)!}${headers.cookie ? `; ${headers.cookie}` : ''}`);
  return new Request(`http://dimora.test/api/photos/${owner}/upload`, { method: 'POST', body: form, headers: all });
}

async function upload(who: string | null, owner: string, files: Upload[], headers: Record<string, string> = {}) {
  const [type, id] = owner.split('/');
  const result = await settle(() =>
    photoUpload.action({ request: uploadRequest(who, owner, files, headers), params: { owner: type, ownerId: id }, context } as never),
  );
  const { status, body, location } = answerOf(result);
  return { status, body: body as unknown as Answer, location };
}

async function command(who: string, owner: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const [type, id] = owner.split('/');
  const request = new Request(`http://dimora.test/api/photos/${owner}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { cookie: cookies.get(who)!, ...headers },
  });
  const result = await settle(() => photoCommands.action({ request, params: { owner: type, ownerId: id }, context } as never));
  const { status, body, location } = answerOf(result);
  return { status, body: body as unknown as Answer, location };
}

/** Every file under the uploads folder, relative, sorted. */
async function filesOnDisk(): Promise<string[]> {
  const entries = await fs.readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploadsDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function unitUrls(id: number): Promise<string[]> {
  const [row] = await database.db.select({ imageUrls: property.imageUrls }).from(property).where(eq(property.id, id));
  return row!.imageUrls;
}

async function photoRows(ownerType: 'property' | 'building', id: number) {
  return database.db
    .select()
    .from(document)
    .where(and(eq(document.ownerType, ownerType), eq(document.ownerId, String(id))));
}

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dimora-photos-test-'));
  context = testContext(database, { uploadsDir });
  await signedIn('admin', 'admin');
  await signedIn('manager', 'property_manager');
  await signedIn('other', 'property_manager');
  await signedIn('tenant', 'tenant');
  mine = (await createBuilding(database.db, { managerId: ids.get('manager')!, name: 'Photo Court', imageUrls: [] })).id;
  theirs = (await createBuilding(database.db, { managerId: ids.get('other')!, name: 'Other Court', imageUrls: [] })).id;
  myUnit = (await createProperty(database.db, { buildingId: mine, unitNumber: '1A', imageUrls: [] })).id;
  goodJpeg = await jpegWithGps(1280);
});

afterAll(async () => {
  await database?.close();
  if (uploadsDir) await fs.rm(uploadsDir, { recursive: true, force: true });
});

describe('uploading photos', () => {
  beforeEach(async () => {
    await database.db.update(property).set({ imageUrls: [] }).where(eq(property.id, myUnit));
  });

  it('turns a JPEG with GPS in its EXIF into three WebP variants (400/800/1200 px) without any metadata, with its row and audit entry', async () => {
    const before = await sharp(goodJpeg).metadata();
    expect(before.exif?.includes(Buffer.from('Dimora Test Camera'))).toBe(true);

    const answer = await upload('manager', `unit/${myUnit}`, [{ name: 'Living room.jpg', data: goodJpeg }]);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, message: 'Photo added.' });
    const [url] = answer.body.added!;
    expect(url).toMatch(/^\/media\/photos\/([0-9a-f]{2})\/\1[0-9a-f]{30}-1200\.webp$/);
    expect(await unitUrls(myUnit)).toEqual([url]);

    const key = url!.slice('/media/'.length);
    const widths: number[] = [];
    for (const width of [400, 800, 1200]) {
      const file = path.join(uploadsDir, key.replace('-1200.webp', `-${width}.webp`));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.exif, meta.xmp, meta.iptc, meta.icc]).toEqual([undefined, undefined, undefined, undefined]);
      const bytes = await fs.readFile(file);
      expect(bytes.includes(Buffer.from('Dimora Test Camera'))).toBe(false);
      widths.push(meta.width!);
    }
    expect(widths).toEqual([400, 800, 1200]);

    const [row] = await photoRows('property', myUnit);
    expect(row).toMatchObject({
      kind: 'photo',
      storageKey: key,
      url,
      mime: 'image/jpeg',
      width: 1200,
      height: 900,
      originalName: 'Living room.jpg',
      createdBy: ids.get('manager'),
    });
    expect(row!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'photos_uploaded'));
    expect(audit?.userId).toBe(ids.get('manager'));
    expect(audit?.newValues).toMatchObject({ owner_type: 'property', owner_id: myUnit, building_id: mine, urls: [url], count: 1 });
  });

  it('reads HEIC (decoded outside sharp) and never enlarges a small photo', async () => {
    const answer = await upload('admin', `unit/${myUnit}`, [{ name: 'IMG_0001.HEIC', data: heicSample(), type: '' }]);
    expect(answer.status).toBe(200);
    const key = answer.body.added![0]!.slice('/media/'.length);
    for (const width of [400, 800, 1200]) {
      const meta = await sharp(path.join(uploadsDir, key.replace('-1200.webp', `-${width}.webp`))).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 320, 240]);
    }
    const rows = await photoRows('property', myUnit);
    expect(rows.find((row) => row.url === answer.body.added![0])?.mime).toBe('image/heic');
  });

  it('adds several photos of one request in order, all or nothing', async () => {
    const red = await png(800, 600, '#aa0000');
    const ok = await upload('admin', `unit/${myUnit}`, [
      { name: 'a.jpg', data: goodJpeg },
      { name: 'b.png', data: red, type: 'image/png' },
    ]);
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('2 photos added.');
    expect(await unitUrls(myUnit)).toEqual(ok.body.added);

    const files = await filesOnDisk();
    const rows = (await photoRows('property', myUnit)).length;
    // The second file is bad: the first one's variants are removed again.
    const refused = await upload('admin', `unit/${myUnit}`, [
      { name: 'c.jpg', data: goodJpeg },
      { name: 'd.jpg', data: SVG_WITH_SCRIPT },
    ]);
    expect([refused.status, refused.body.code, refused.body.fileName]).toEqual([415, 'unsupported_type', 'd.jpg']);
    expect(await filesOnDisk()).toEqual(files);
    expect((await photoRows('property', myUnit)).length).toBe(rows);
    expect(await unitUrls(myUnit)).toEqual(ok.body.added);
  });

  describe('refuses each bad file with its status and message, leaving no file and no row', () => {
    const cases: Array<[string, () => Promise<Upload>, number, string, string]> = [
      [
        'an SVG renamed .jpg',
        async () => ({ name: 'cute.jpg', data: SVG_WITH_SCRIPT }),
        415,
        'unsupported_type',
        'Only JPEG, PNG, WebP, HEIC and AVIF images.',
      ],
      [
        'an HTML page renamed .jpg',
        async () => ({ name: 'page.jpg', data: HTML_PAGE }),
        415,
        'unsupported_type',
        'Only JPEG, PNG, WebP, HEIC and AVIF images.',
      ],
      [
        'a PDF (wrong magic bytes)',
        async () => ({ name: 'lease.jpg', data: PDF_DOCUMENT }),
        415,
        'unsupported_type',
        'Only JPEG, PNG, WebP, HEIC and AVIF images.',
      ],
      [
        'random bytes',
        async () => ({ name: 'noise.png', data: randomBytes(), type: 'image/png' }),
        415,
        'unsupported_type',
        'Only JPEG, PNG, WebP, HEIC and AVIF images.',
      ],
      [
        'a file over 10 MB',
        async () => ({ name: 'huge.jpg', data: Buffer.concat([goodJpeg, Buffer.alloc(10 * 1024 * 1024 + 1 - goodJpeg.length)]) }),
        413,
        'file_too_large',
        'A file may be at most 10 MB.',
      ],
      [
        'a pixel bomb (a PNG declaring 30,000 × 30,000)',
        async () => ({ name: 'bomb.png', data: pixelBombPng(), type: 'image/png' }),
        422,
        'too_many_pixels',
        'The image is too large (over 40 megapixels).',
      ],
      [
        'a truncated JPEG',
        async () => ({ name: 'cut.jpg', data: goodJpeg.subarray(0, Math.floor(goodJpeg.length / 2)) }),
        422,
        'unreadable_image',
        'This image cannot be read. It may be damaged.',
      ],
      [
        'a name with ../',
        async () => ({ name: '../../etc/passwd.jpg', data: goodJpeg }),
        400,
        'bad_file_name',
        'This file name is not allowed. Rename the file and try again.',
      ],
      ['an empty file', async () => ({ name: 'empty.jpg', data: Buffer.alloc(0) }), 422, 'empty_file', 'This file is empty.'],
    ];
    for (const [label, make, status, code, message] of cases) {
      it(label, async () => {
        const before = await filesOnDisk();
        const rows = await photoRows('property', myUnit);
        const answer = await upload('manager', `unit/${myUnit}`, [await make()]);
        expect([answer.status, answer.body.ok, answer.body.code, answer.body.message]).toEqual([status, false, code, message]);
        expect(await filesOnDisk()).toEqual(before);
        expect(await photoRows('property', myUnit)).toEqual(rows);
        expect(await unitUrls(myUnit)).toEqual([]);
      });
    }

    it('and says so in Italian', async () => {
      const answer = await upload('manager', `unit/${myUnit}`, [{ name: 'bomb.png', data: pixelBombPng() }], { cookie: 'language=it' });
      expect(answer.body.message).toBe("L'immagine è troppo grande (oltre 40 megapixel).");
    });

    it('and nothing is written outside the uploads folder for a ../ name', async () => {
      await upload('manager', `unit/${myUnit}`, [{ name: '../../escape.jpg', data: goodJpeg }]);
      await expect(fs.access(path.join(uploadsDir, '..', 'escape.jpg'))).rejects.toThrow();
    });
  });

  it('refuses the 21st photo of a unit, and more files than the room left', async () => {
    const demo = Array.from({ length: 19 }, (_, i) => `/media/demo/room-${String((i % 12) + 1).padStart(2, '0')}-1200.webp`);
    await database.db.update(property).set({ imageUrls: demo }).where(eq(property.id, myUnit));
    const files = await filesOnDisk();
    const two = await upload('manager', `unit/${myUnit}`, [
      { name: 'a.jpg', data: goodJpeg },
      { name: 'b.jpg', data: goodJpeg },
    ]);
    expect([two.status, two.body.code, two.body.message]).toEqual([422, 'owner_full', 'This unit can take only 1 more photo.']);
    expect(await filesOnDisk()).toEqual(files);

    const twentieth = await upload('manager', `unit/${myUnit}`, [{ name: 'a.jpg', data: goodJpeg }]);
    expect(twentieth.status).toBe(200);
    expect(await unitUrls(myUnit)).toHaveLength(20);
    const after = await filesOnDisk();
    const twentyFirst = await upload('manager', `unit/${myUnit}`, [{ name: 'b.jpg', data: goodJpeg }]);
    expect([twentyFirst.status, twentyFirst.body.code, twentyFirst.body.message]).toEqual([
      422,
      'owner_full',
      'This unit already has 20 photos.',
    ]);
    expect(await filesOnDisk()).toEqual(after);
    expect(await unitUrls(myUnit)).toHaveLength(20);
  });

  raceTest('lets only one of two concurrent uploads take the last place', async () => {
    const demo = Array.from({ length: 19 }, () => '/media/demo/room-01-1200.webp');
    await database.db.update(property).set({ imageUrls: demo }).where(eq(property.id, myUnit));
    const files = await filesOnDisk();
    const answers = await Promise.all([
      upload('admin', `unit/${myUnit}`, [{ name: 'a.jpg', data: goodJpeg }]),
      upload('manager', `unit/${myUnit}`, [{ name: 'b.jpg', data: goodJpeg }]),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    expect(await unitUrls(myUnit)).toHaveLength(20);
    // Exactly the winner's three variants were added.
    expect((await filesOnDisk()).length - files.length).toBe(3);
  });

  it('answers a plain form post with a redirect back to the page, with the outcome', async () => {
    const navigate = { 'sec-fetch-mode': 'navigate' };
    const ok = await upload('manager', `unit/${myUnit}`, [{ name: 'a.jpg', data: goodJpeg }], navigate);
    expect([ok.status, ok.location]).toEqual([303, `/dashboard/buildings/${mine}/units/${myUnit}?photos=upload#photos`]);
    const refused = await upload('admin', `building/${mine}`, [{ name: 'x.jpg', data: HTML_PAGE }], navigate);
    expect([refused.status, refused.location]).toEqual([
      303,
      `/admin/properties/${mine}?photoError=unsupported_type&photoFile=x.jpg#photos`,
    ]);
  });
});

describe('who may upload', () => {
  it('signed out is a 401, a tenant a 403, and nothing is read or written', async () => {
    const before = await filesOnDisk();
    expect((await upload(null, `unit/${myUnit}`, [{ name: 'a.jpg', data: goodJpeg }])).status).toBe(401);
    expect((await upload('tenant', `unit/${myUnit}`, [{ name: 'a.jpg', data: goodJpeg }])).status).toBe(403);
    expect(await filesOnDisk()).toEqual(before);
  });

  it('another manager’s building or unit is a 404, audited; unknown owners and ids are 404s', async () => {
    const theirUnit = (await createProperty(database.db, { buildingId: theirs, unitNumber: '9Z', imageUrls: [] })).id;
    const before = await filesOnDisk();
    for (const owner of [`building/${theirs}`, `unit/${theirUnit}`]) {
      const answer = await upload('manager', owner, [{ name: 'a.jpg', data: goodJpeg }]);
      expect([answer.status, answer.body.message], owner).toEqual([404, 'This building or unit was not found.']);
    }
    const moved = await command('manager', `building/${theirs}`, { intent: 'delete', photo: '/media/demo/room-01-1200.webp' });
    expect(moved.status).toBe(404);
    expect(await filesOnDisk()).toEqual(before);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'portfolio_access_denied'), eq(auditLog.userId, ids.get('manager')!)));
    expect(audits.map((row) => row.newValues)).toEqual([
      expect.objectContaining({ building_id: theirs }),
      expect.objectContaining({ property_id: theirUnit }),
      expect.objectContaining({ building_id: theirs }),
    ]);
    for (const [owner, id] of [
      ['lease', '1'],
      ['unit', 'abc'],
      ['unit', '0'],
      ['building', '99999999999'],
    ]) {
      const answer = await settle(() =>
        photoUpload.action({ request: uploadRequest('admin', `${owner}/${id}`, []), params: { owner, ownerId: id }, context } as never),
      );
      expect(answerOf(answer).status, `${owner}/${id}`).toBe(404);
    }
    expect((await upload('admin', 'unit/987654', [{ name: 'a.jpg', data: goodJpeg }])).status).toBe(404);
  });

  it('a client that goes away mid-upload leaves nothing behind, not even the photos it had finished sending', async () => {
    const before = await filesOnDisk();
    const rows = await photoRows('property', myUnit);
    const boundary = 'dimora-abort-test';
    let stored = 0;
    const part = (name: string) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(
          Buffer.concat([part('first.jpg'), goodJpeg, Buffer.from('\r\n'), part('second.jpg'), goodJpeg.subarray(0, 2_000)]),
        );
        // Once the first photo's files are stored, the connection drops.
        const deadline = Date.now() + 20_000;
        while ((await filesOnDisk()).length < before.length + 3 && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 25));
        stored = (await filesOnDisk()).length - before.length;
        controller.error(new Error('connection reset'));
      },
    });
    const request = new Request(`http://dimora.test/api/photos/unit/${myUnit}/upload`, {
      method: 'POST',
      body,
      headers: { cookie: cookies.get('manager')!, 'content-type': `multipart/form-data; boundary=${boundary}` },
      duplex: 'half',
    } as RequestInit);
    const answer = answerOf(
      await settle(() => photoUpload.action({ request, params: { owner: 'unit', ownerId: String(myUnit) }, context } as never)),
    );
    expect([answer.status, (answer.body as unknown as Answer).code]).toEqual([400, 'malformed']);
    expect(stored).toBe(3);
    expect(await filesOnDisk()).toEqual(before);
    expect(await photoRows('property', myUnit)).toEqual(rows);
  });

  it('is rate-limited with the other API calls of the same client (429)', async () => {
    const limited = testContext(database, { uploadsDir, clientIp: '198.51.100.7' });
    for (let i = 0; i < 100; i += 1) await consumeRateLimit({ db: database.db, action: 'api_call', client: '198.51.100.7' });
    const result = await settle(() =>
      photoUpload.action({
        request: uploadRequest('admin', `unit/${myUnit}`, [{ name: 'a.jpg', data: goodJpeg }]),
        params: { owner: 'unit', ownerId: String(myUnit) },
        context: limited,
      } as never),
    );
    const answer = answerOf(result);
    expect(answer.status).toBe(429);
  });

  it('a request that is not a multipart form, or has no photo, is a 400', async () => {
    const json = new Request(`http://dimora.test/api/photos/unit/${myUnit}/upload`, {
      method: 'POST',
      body: '{}',
      headers: { cookie: cookies.get('admin')!, 'content-type': 'application/json' },
    });
    const answer = answerOf(
      await settle(() => photoUpload.action({ request: json, params: { owner: 'unit', ownerId: String(myUnit) }, context } as never)),
    );
    expect([answer.status, (answer.body as unknown as Answer).code]).toEqual([400, 'not_multipart']);
    const empty = await upload('admin', `unit/${myUnit}`, []);
    expect([empty.status, empty.body.code, empty.body.message]).toEqual([400, 'no_file', 'Choose at least one photo.']);
  });
});

describe('ordering and deleting photos', () => {
  let urls: string[];

  beforeAll(async () => {
    await database.db
      .update(building)
      .set({ imageUrls: ['/media/demo/exterior-01-1200.webp'] })
      .where(eq(building.id, mine));
    const answer = await upload('manager', `building/${mine}`, [
      { name: 'one.jpg', data: goodJpeg },
      { name: 'two.png', data: await png(900, 600, '#00aa00'), type: 'image/png' },
    ]);
    expect(answer.status).toBe(200);
    urls = ['/media/demo/exterior-01-1200.webp', ...answer.body.added!];
  });

  async function buildingUrls() {
    const [row] = await database.db.select({ imageUrls: building.imageUrls }).from(building).where(eq(building.id, mine));
    return row!.imageUrls;
  }

  it('moves a photo later and earlier, audited with both positions', async () => {
    const [demo, one, two] = urls as [string, string, string];
    const later = await command('manager', `building/${mine}`, { intent: 'move', photo: demo, to: '1' });
    expect([later.status, later.body.message, later.body.photos]).toEqual([200, 'Order saved.', [one, demo, two]]);
    expect(await buildingUrls()).toEqual([one, demo, two]);
    const earlier = await command('manager', `building/${mine}`, { intent: 'move', photo: demo, to: '0' });
    expect(earlier.body.photos).toEqual([demo, one, two]);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, 'photo_moved'));
    expect(audits.map((row) => [row.tableName, row.newValues.from, row.newValues.to])).toEqual([
      ['building', 0, 1],
      ['building', 1, 0],
    ]);
  });

  it('makes another photo the cover', async () => {
    const [demo, one, two] = urls as [string, string, string];
    const answer = await command('admin', `building/${mine}`, { intent: 'cover', photo: two });
    expect([answer.status, answer.body.message]).toEqual([200, 'Cover changed.']);
    expect(await buildingUrls()).toEqual([two, demo, one]);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'photo_cover_set'));
    expect(audit?.newValues).toMatchObject({ url: two, from: 2, owner_type: 'building', owner_id: mine });
  });

  it('deletes an uploaded photo with its files and row, and a demo picture without touching its shared file', async () => {
    const [demo, one, two] = urls as [string, string, string];
    const key = one.slice('/media/'.length);
    const answer = await command('manager', `building/${mine}`, { intent: 'delete', photo: one });
    expect([answer.status, answer.body.message]).toEqual([200, 'Photo deleted.']);
    expect(await buildingUrls()).toEqual([two, demo]);
    const disk = await filesOnDisk();
    for (const width of [400, 800, 1200]) expect(disk).not.toContain(key.replace('-1200.webp', `-${width}.webp`));
    expect((await photoRows('building', mine)).map((row) => row.url)).toEqual([two]);

    const demoDelete = await command('manager', `building/${mine}`, { intent: 'delete', photo: demo });
    expect(demoDelete.status).toBe(200);
    expect(await buildingUrls()).toEqual([two]);
    const audits = await database.db.select().from(auditLog).where(eq(auditLog.action, 'photo_deleted'));
    expect(audits.map((row) => row.newValues.document_id === null)).toEqual([false, true]);
  });

  it('answers 409 for a photo no longer there, 400 for a malformed command, and 303 for a plain form post', async () => {
    const gone = await command('manager', `building/${mine}`, { intent: 'cover', photo: '/media/photos/00/gone-1200.webp' });
    expect([gone.status, gone.body.code, gone.body.message]).toEqual([
      409,
      'photo_not_found',
      'This photo is no longer there. The list has been refreshed.',
    ]);
    const bad = await command('manager', `building/${mine}`, { intent: 'move', photo: urls[2]!, to: 'first' });
    expect([bad.status, bad.body.code]).toEqual([400, 'invalid']);
    const unknown = await command('manager', `building/${mine}`, { intent: 'rotate', photo: urls[2]! });
    expect(unknown.status).toBe(400);
    const plain = await command('manager', `building/${mine}`, { intent: 'cover', photo: urls[2]! }, { 'sec-fetch-mode': 'navigate' });
    expect([plain.status, plain.location]).toEqual([303, `/dashboard/buildings/${mine}?photos=cover#photos`]);
  });
});
