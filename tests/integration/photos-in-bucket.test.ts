/**
 * A photo through the real upload pipeline into an S3 bucket (DESIGN §6, decision 017): the
 * upload endpoint with a signed-in manager, a real database (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set) and s3rver in this process — the three WebP variants land in the
 * bucket without metadata, the row and the unit's URL name the key, and deleting the photo
 * removes its objects.
 */
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as photoCommands from '~/routes/api/photos.$owner.$ownerId';
import * as photoUpload from '~/routes/api/photos.$owner.$ownerId.upload';
import { document, property } from '~/server/db/schema';
import { createS3Storage } from '~/server/uploads/s3-storage.server';
import { answerOf, settle } from '../setup/action-result';
import { createBuilding, createProperty } from '../setup/factories';
import { jpegWithGps } from '../setup/images';
import { startS3Server, type TestS3Server } from '../setup/s3';
import { createSignedInUser } from '../setup/sign-in';
import { createTestDatabase, testContext, type TestDatabase } from '../setup/test-db';

let s3: TestS3Server;
let database: TestDatabase;

beforeAll(async () => {
  s3 = await startS3Server();
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
  await s3?.stop();
});

describe('photos through the upload pipeline into a bucket', () => {
  it('stores the three WebP variants in the bucket, records the key, and deleting the photo empties the bucket', async () => {
    const storage = createS3Storage(await s3.newBucket());
    const context = testContext(database, { storage });
    const manager = await createSignedInUser(context, { email: 'manager@s3.test', role: 'property_manager', name: 'S3 Manager' });
    const buildingId = (await createBuilding(database.db, { managerId: manager.id, name: 'Bucket Court', imageUrls: [] })).id;
    const unit = (await createProperty(database.db, { buildingId, unitNumber: '2B', imageUrls: [] })).id;

    const form = new FormData();
    form.append('photos', new File([new Uint8Array(await jpegWithGps(1280))], 'Kitchen.jpg', { type: 'image/jpeg' }));
    const request = new Request(`http://dimora.test/api/photos/unit/${unit}/upload`, {
      method: 'POST',
      body: form,
      headers: { cookie: manager.cookie },
    });
    const uploaded = answerOf(
      await settle(() => photoUpload.action({ request, params: { owner: 'unit', ownerId: String(unit) }, context } as never)),
    );
    expect(uploaded.status).toBe(200);

    const [row] = await database.db
      .select()
      .from(document)
      .where(eq(document.ownerId, String(unit)));
    const key = row!.storageKey;
    expect(key).toMatch(/^photos\/[0-9a-f]{2}\/[0-9a-f]{32}-1200\.webp$/);
    expect((await storage.list()).sort()).toEqual([400, 800, 1200].map((width) => key.replace('-1200.webp', `-${width}.webp`)).sort());
    const [unitRow] = await database.db.select({ imageUrls: property.imageUrls }).from(property).where(eq(property.id, unit));
    expect(unitRow!.imageUrls).toEqual([`/media/${key}`]);
    const stored = await storage.get(key);
    const bytes = await buffer(stored!.body);
    expect(stored!.size).toBe(bytes.length);
    const meta = await sharp(bytes).metadata();
    expect({ format: meta.format, width: meta.width, exif: meta.exif }).toEqual({ format: 'webp', width: 1200, exif: undefined });

    const removal = new Request(`http://dimora.test/api/photos/unit/${unit}`, {
      method: 'POST',
      body: new URLSearchParams({ intent: 'delete', photo: `/media/${key}` }),
      headers: { cookie: manager.cookie },
    });
    const removed = answerOf(
      await settle(() => photoCommands.action({ request: removal, params: { owner: 'unit', ownerId: String(unit) }, context } as never)),
    );
    expect(removed.status).toBe(200);
    expect(await storage.list()).toEqual([]);
  });
});
