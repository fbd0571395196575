/**
 * Private photos (decision 056), with a real database and a real folder of uploads:
 * - who may see a maintenance request's photos (its tenant, the building's staff, a vendor with a
 *   work order on it) and a work order's (the building's staff, its vendor), and that nobody else
 *   — another manager, another vendor, another tenant — may;
 * - `GET /files/<key>`: 401 signed out, the image with `private, no-store`, `nosniff`, a
 *   sandboxing policy and a generated inline file name for those who may, a 404 for others
 *   (audited) and for anything that is not a private photo (not audited);
 * - the migration step: photos stored publicly by an older build move under `private/`, their rows
 *   and their owners' URLs follow, the old files are gone, and a second or interrupted run finishes
 *   without moving anything twice.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as filesRoute from '~/routes/files.$';
import type { ScopeActor } from '~/server/auth/building-scope.server';
import { auditLog, document, maintenanceEvent, maintenanceRequest, workOrderEvent } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { variantKey } from '~/server/uploads/receive-photos.server';
import { storageUrlOf } from '~/server/uploads/storage.server';
import { PHOTO_WIDTHS } from '~/lib/uploads';
import { settle } from '../../../tests/setup/action-result';
import { createSignedInUser } from '../../../tests/setup/sign-in';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { createTestVendor, makeScene, type Scene } from '../../../tests/setup/work-orders';
import { findPrivatePhoto } from './photo-access.server';
import { movePublicMaintenancePhotos } from './private-photo-move.server';

let database: TestDatabase;
let scene: Scene;
let context: DimoraLoadContext;
let uploadsDir: string;
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  scene = await makeScene(database.db);
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dimora-private-photos-'));
  context = testContext(database, { uploadsDir, clientIp: '192.0.2.56' });
});
afterAll(async () => {
  await database?.close();
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

/** A fresh 32-hex photo name. */
function photoName(): string {
  counter += 1;
  return `${String(counter).padStart(2, '0')}${'c'.repeat(30)}`.slice(0, 32);
}

/** Bytes that differ per variant, so a test can tell which file was served. */
const bytesOf = (key: string) => Buffer.from(`RIFF....WEBPVP8 ${key}`);

/**
 * A stored photo of `owner` (every width written to the store, a `document` row for the largest),
 * under `private/` unless `publicly` (how an older build stored them). Returns its largest key and URL.
 */
async function storedPhoto(owner: { type: 'maintenance_request' | 'work_order'; id: number }, publicly = false) {
  const name = photoName();
  const largest = `${publicly ? '' : 'private/'}photos/${name.slice(0, 2)}/${name}-${Math.max(...PHOTO_WIDTHS)}.webp`;
  for (const width of PHOTO_WIDTHS) await context.storage.put(variantKey(largest, width), bytesOf(variantKey(largest, width)));
  const url = storageUrlOf(largest);
  const [row] = await database.db
    .insert(document)
    .values({
      ownerType: owner.type,
      ownerId: String(owner.id),
      kind: 'photo',
      storageKey: largest,
      url,
      mime: 'image/jpeg',
      sizeBytes: 300,
      sha256: 'f'.repeat(64),
      createdBy: scene.admin.id,
    })
    .returning({ id: document.id });
  return { key: largest, url, documentId: row!.id };
}

const may = async (viewer: ScopeActor, key: string) => (await findPrivatePhoto(database.db, viewer, key)).ok;

describe('who may see a private photo', () => {
  it('a request’s: its tenant, the staff of its building and a vendor with a work order on it; a work order’s: the staff and its vendor', async () => {
    const { requestId, workOrderId } = await scene.offer({ title: 'Cracked tile' });
    const requestPhoto = await storedPhoto({ type: 'maintenance_request', id: requestId });
    const orderPhoto = await storedPhoto({ type: 'work_order', id: workOrderId });
    const otherTenant: ScopeActor = { id: 'another-tenant', role: 'tenant' };
    const small = variantKey(requestPhoto.key, 400);

    const answers = async (key: string) => ({
      tenant: await may(scene.tenant.viewer, key),
      admin: await may(scene.admin.viewer, key),
      manager: await may(scene.manager.viewer, key),
      otherManager: await may(scene.otherManager.viewer, key),
      vendorA: await may(scene.vendorA.viewer, key),
      vendorB: await may(scene.vendorB.viewer, key),
      otherTenant: await may(otherTenant, key),
    });
    expect(await answers(small)).toEqual({
      tenant: true,
      admin: true,
      manager: true,
      otherManager: false,
      vendorA: true,
      vendorB: false,
      otherTenant: false,
    });
    expect(await answers(variantKey(orderPhoto.key, 800))).toEqual({
      tenant: false,
      admin: true,
      manager: true,
      otherManager: false,
      vendorA: true,
      vendorB: false,
      otherTenant: false,
    });
  });

  it('anything that is not a private photo variant is no photo, without a document lookup', async () => {
    const { requestId } = await scene.offer({ title: 'Loose handle' });
    const photo = await storedPhoto({ type: 'maintenance_request', id: requestId });
    for (const key of [
      photo.key.replace(/^private\//, ''),
      photo.key.replace(/-1200\.webp$/, '-999.webp'),
      photo.key.replace(/\.webp$/, '.png'),
      `private/photos/../${photo.key}`,
      photo.key.toUpperCase(),
      'private/vendor-documents/ab/ab0c9a61b2d84e7fa1c05d2b9e6a7c11.pdf',
    ])
      expect(await findPrivatePhoto(database.db, scene.admin.viewer, key), key).toEqual({ ok: false, documentId: null });
  });
});

describe('GET /files/<key>', () => {
  type Loader = (args: { request: Request; params: Record<string, string>; context: DimoraLoadContext }) => unknown;
  const get = (key: string, cookie?: string) =>
    settle(() =>
      (filesRoute.loader as Loader)({
        request: new Request(`http://dimora.test/files/${key}`, { headers: cookie ? { cookie } : {} }),
        params: { '*': key },
        context,
      }),
    ) as Promise<Response | { init?: { status?: number } | null }>;
  const statusOf = (answer: Response | { init?: { status?: number } | null }) =>
    answer instanceof Response ? answer.status : (answer.init?.status ?? 0);

  it('sends the photo to its tenant as a private, sandboxed inline image; 401 signed out; 404 to a stranger, audited', async () => {
    const owner = await createSignedInUser(context, { email: 'photo-owner@files.test', role: 'tenant' });
    const stranger = await createSignedInUser(context, { email: 'photo-stranger@files.test', role: 'tenant' });
    const { requestId } = await scene.offer({ title: 'Broken window' });
    await database.db.update(maintenanceRequest).set({ tenantId: owner.id }).where(eq(maintenanceRequest.id, requestId));
    const photo = await storedPhoto({ type: 'maintenance_request', id: requestId });
    const small = variantKey(photo.key, 400);

    const answer = await get(small, owner.cookie);
    expect(answer).toBeInstanceOf(Response);
    const response = answer as Response;
    expect(response.status).toBe(200);
    expect(
      Object.fromEntries(
        ['content-type', 'cache-control', 'x-content-type-options', 'content-security-policy'].map((h) => [h, response.headers.get(h)]),
      ),
    ).toEqual({
      'content-type': 'image/webp',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(response.headers.get('content-disposition')).toMatch(new RegExp(`^inline; filename="photo-${photo.documentId}-400\\.webp"`));
    expect(Buffer.from(await response.arrayBuffer())).toEqual(bytesOf(small));

    expect(statusOf(await get(small))).toBe(401);
    expect(statusOf(await get(small, stranger.cookie))).toBe(404);
    const refusals = await database.db
      .select({ action: auditLog.action, values: auditLog.newValues })
      .from(auditLog)
      .where(and(eq(auditLog.tableName, 'document'), eq(auditLog.userId, stranger.id)));
    expect(refusals).toEqual([{ action: 'access_denied', values: expect.objectContaining({ document_id: photo.documentId }) }]);

    // No such photo, and a public key asked through /files: 404, nothing audited.
    expect(statusOf(await get(small.replace(/[0-9a-f]{30}-400/, 'd'.repeat(30) + '-400'), stranger.cookie))).toBe(404);
    expect(statusOf(await get(small.replace(/^private\//, ''), owner.cookie))).toBe(404);
    const after = await database.db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.userId, stranger.id));
    expect(after).toHaveLength(1);
  });

  it('sends a work order’s photo to its vendor and not to another vendor', async () => {
    const mine = await createSignedInUser(context, { email: 'vendor-mine@files.test', role: 'vendor' });
    const theirs = await createSignedInUser(context, { email: 'vendor-theirs@files.test', role: 'vendor' });
    const vendorMine = await createTestVendor(database.db, { userId: mine.id });
    await createTestVendor(database.db, { userId: theirs.id });
    const { workOrderId } = await scene.offer({ title: 'Fix the boiler', vendor: vendorMine });
    const photo = await storedPhoto({ type: 'work_order', id: workOrderId });
    expect(statusOf(await get(photo.key, mine.cookie))).toBe(200);
    expect(statusOf(await get(photo.key, theirs.cookie))).toBe(404);
  });
});

describe('moving the photos an older build stored publicly', () => {
  it('moves every width under private/, rewrites the rows, deletes the public files; a second run moves nothing', async () => {
    const { requestId, workOrderId } = await scene.offer({ title: 'Old photos' });
    const requestPhoto = await storedPhoto({ type: 'maintenance_request', id: requestId }, true);
    const orderPhoto = await storedPhoto({ type: 'work_order', id: workOrderId }, true);
    expect(requestPhoto.url).toMatch(/^\/media\/photos\//);
    await database.db
      .update(maintenanceRequest)
      .set({ photoUrls: ['/media/photos/aa/leak-1200.webp', requestPhoto.url] })
      .where(eq(maintenanceRequest.id, requestId));
    await database.db
      .insert(maintenanceEvent)
      .values({ requestId, actorId: scene.tenant.id, kind: 'submitted', toStatus: 'submitted', photoUrls: [requestPhoto.url] });
    await database.db
      .insert(workOrderEvent)
      .values({ workOrderId, actorId: scene.vendorA.userId, kind: 'note', photoUrls: [orderPhoto.url], photoPhase: 'after' });
    // Interrupted after its copies were made and the public files deleted: the next run finishes it.
    const interrupted = await storedPhoto({ type: 'work_order', id: workOrderId }, true);
    for (const width of PHOTO_WIDTHS) {
      const key = variantKey(interrupted.key, width);
      await context.storage.put(`private/${key}`, bytesOf(key));
      await context.storage.delete(key);
    }

    const progress: number[] = [];
    const result = await movePublicMaintenancePhotos({
      db: database.db,
      storage: context.storage,
      onProgress: (done) => progress.push(done),
    });
    expect(result).toEqual({ moved: 3, missingFiles: 0 });
    expect(progress.at(-1)).toBe(3);

    const newUrl = (url: string) => url.replace('/media/photos/', '/files/private/photos/');
    const [request] = await database.db
      .select({ photoUrls: maintenanceRequest.photoUrls })
      .from(maintenanceRequest)
      .where(eq(maintenanceRequest.id, requestId));
    expect(request!.photoUrls).toEqual(['/media/photos/aa/leak-1200.webp', newUrl(requestPhoto.url)]);
    const [submitted] = await database.db
      .select({ photoUrls: maintenanceEvent.photoUrls })
      .from(maintenanceEvent)
      .where(eq(maintenanceEvent.requestId, requestId));
    expect(submitted!.photoUrls).toEqual([newUrl(requestPhoto.url)]);
    const [note] = await database.db
      .select({ photoUrls: workOrderEvent.photoUrls })
      .from(workOrderEvent)
      .where(and(eq(workOrderEvent.workOrderId, workOrderId), eq(workOrderEvent.kind, 'note')));
    expect(note!.photoUrls).toEqual([newUrl(orderPhoto.url)]);
    const rows = await database.db
      .select({ id: document.id, key: document.storageKey, url: document.url })
      .from(document)
      .where(eq(document.id, requestPhoto.documentId));
    expect(rows).toEqual([{ id: requestPhoto.documentId, key: `private/${requestPhoto.key}`, url: newUrl(requestPhoto.url) }]);

    for (const photo of [requestPhoto, orderPhoto, interrupted])
      for (const width of PHOTO_WIDTHS) {
        const key = variantKey(photo.key, width);
        expect(await context.storage.get(key), key).toBeNull();
        const moved = await context.storage.get(`private/${key}`);
        expect(moved, key).not.toBeNull();
        moved!.body.destroy();
      }
    // The moved photo is served to its tenant through /files.
    expect((await findPrivatePhoto(database.db, scene.tenant.viewer, `private/${variantKey(requestPhoto.key, 400)}`)).ok).toBe(true);

    expect(await movePublicMaintenancePhotos({ db: database.db, storage: context.storage })).toEqual({ moved: 0, missingFiles: 0 });
  });
});
