/**
 * Two machines on one database and one bucket (DESIGN §6, decision 057): two app instances, each
 * with its own DATA_DIR and its own client of the bucket (s3rver on loopback), on PGlite or, with
 * TEST_DATABASE_URL, PostgreSQL. A photo uploaded through instance A is served by instance B; a
 * private maintenance photo is refused to a signed-out visitor by both and shown to its tenant by
 * both; a maintenance request's photo and a vendor's PDF, through their real upload paths, land in
 * the bucket and neither instance writes under its DATA_DIR/uploads; and a backup of the database and the bucket,
 * restored onto a fresh database and a fresh bucket, gives the same rows and the same objects.
 * `/media` goes through the real Express app of each instance; upload and `/files` (React Router
 * routes, which these instances do not build) through the route modules with each instance's
 * context.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as photoUpload from '~/routes/api/photos.$owner.$ownerId.upload';
import { uploadVendorDocument } from '~/features/vendors/vendor-documents.server';
import * as maintenanceApi from '~/routes/api/maintenance-requests';
import * as filesRoute from '~/routes/files.$';
import { backupSourceOf, writeBackupFile } from '~/server/backup/backup.server';
import { restoreBackup, type RestoreTarget } from '~/server/backup/restore.server';
import { openDatabase } from '~/server/db/client.server';
import { document, maintenanceRequest } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { createS3Storage, type S3StorageConfig } from '~/server/uploads/s3-storage.server';
import type { UploadStorage } from '~/server/uploads/storage.server';
import { createUploadScan } from '~/server/uploads/upload-scan.server';
import { answerOf, settle } from '../setup/action-result';
import { createBuilding, createProperty, viewerOf } from '../setup/factories';
import { tableFingerprints } from '../setup/fingerprints';
import { jpegWithGps } from '../setup/images';
import { createLeaseFixture } from '../setup/leases';
import { startInstance, type TestInstance } from '../setup/realtime';
import { startS3Server, type TestS3Server } from '../setup/s3';
import { createSignedInUser } from '../setup/sign-in';
import { createTestDatabase, testContext, type TestDatabase } from '../setup/test-db';
import { makeScene } from '../setup/work-orders';

const serverUrl = process.env.TEST_DATABASE_URL;

type Machine = { dataDir: string; instance: TestInstance; context: DimoraLoadContext };

let s3: TestS3Server;
let bucketConfig: S3StorageConfig;
let database: TestDatabase;
let root: string;
let machineA: Machine;
let machineB: Machine;
const createdDatabases: string[] = [];

/** One machine: its own DATA_DIR, its own client of the one bucket, the shared database. */
async function machine(label: string): Promise<Machine> {
  const dataDir = path.join(root, label);
  fs.mkdirSync(dataDir, { recursive: true });
  const uploadsDir = path.join(dataDir, 'uploads');
  const instance = await startInstance(database, { uploadsDir, storage: createS3Storage(bucketConfig) });
  return { dataDir, instance, context: testContext(database, { uploadsDir, storage: createS3Storage(bucketConfig) }) };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function bucketDigest(bucket: UploadStorage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const key of (await bucket.list()).sort()) out[key] = sha256(await buffer((await bucket.get(key))!.body));
  return out;
}

type Loader = (args: { request: Request; params: Record<string, string>; context: DimoraLoadContext }) => unknown;
type Answer = Response | { init?: { status?: number } | null };
const statusOf = (answer: Answer) => (answer instanceof Response ? answer.status : (answer.init?.status ?? 0));
function privateFile(context: DimoraLoadContext, key: string, cookie?: string): Promise<Answer> {
  return settle(() =>
    (filesRoute.loader as Loader)({
      request: new Request(`http://dimora.test/files/${key}`, { headers: cookie ? { cookie } : {} }),
      params: { '*': key },
      context,
    }),
  ) as Promise<Answer>;
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dimora-two-instances-'));
  s3 = await startS3Server();
  bucketConfig = await s3.newBucket();
  database = await createTestDatabase();
  machineA = await machine('machine-a');
  machineB = await machine('machine-b');
}, 120_000);

afterAll(async () => {
  await machineA?.instance.close();
  await machineB?.instance.close();
  await database?.close();
  if (serverUrl && createdDatabases.length) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of createdDatabases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  await s3?.stop();
  fs.rmSync(root, { recursive: true, force: true });
}, 60_000);

describe(`two instances, one database and one bucket (${serverUrl ? 'postgres' : 'pglite'})`, () => {
  let publicKey: string;

  it('a photo uploaded on A is served by B from the bucket', async () => {
    const manager = await createSignedInUser(machineA.context, { email: 'manager@two.test', role: 'property_manager', name: 'Two Sites' });
    const buildingId = (await createBuilding(database.db, { managerId: manager.id, name: 'Twin Court', imageUrls: [] })).id;
    const unit = (await createProperty(database.db, { buildingId, unitNumber: '1A', imageUrls: [] })).id;
    const form = new FormData();
    form.append('photos', new File([new Uint8Array(await jpegWithGps(900))], 'Hall.jpg', { type: 'image/jpeg' }));
    const request = new Request(`http://dimora.test/api/photos/unit/${unit}/upload`, {
      method: 'POST',
      body: form,
      headers: { cookie: manager.cookie },
    });
    const uploaded = answerOf(
      await settle(() =>
        photoUpload.action({ request, params: { owner: 'unit', ownerId: String(unit) }, context: machineA.context } as never),
      ),
    );
    expect(uploaded.status).toBe(200);
    const [row] = await database.db
      .select({ key: document.storageKey })
      .from(document)
      .where(eq(document.ownerId, String(unit)));
    publicKey = row!.key;

    const stored = await buffer((await createS3Storage(bucketConfig).get(publicKey))!.body);
    for (const { instance } of [machineB, machineA]) {
      const response = await fetch(`${instance.url}/media/${publicKey}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(stored);
    }
  }, 60_000);

  it('a maintenance photo is refused to a signed-out visitor by both instances, and shown to its tenant by both', async () => {
    const scene = await makeScene(database.db);
    const tenant = await createSignedInUser(machineA.context, { email: 'tenant@two.test', role: 'tenant' });
    const { requestId } = await scene.offer({ title: 'Leaking tap' });
    await database.db.update(maintenanceRequest).set({ tenantId: tenant.id }).where(eq(maintenanceRequest.id, requestId));
    // The row names the largest variant; a page shows the smaller ones by the same name.
    const largest = 'private/photos/7e/7e0c9a61b2d84e7fa1c05d2b9e6a7c11-1200.webp';
    const key = largest.replace('-1200.webp', '-400.webp');
    const bytes = Buffer.concat([Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '), randomBytes(64)]);
    await machineA.context.storage.put(key, bytes);
    await database.db.insert(document).values({
      ownerType: 'maintenance_request',
      ownerId: String(requestId),
      kind: 'photo',
      storageKey: largest,
      url: `/files/${largest}`,
      mime: 'image/jpeg',
      sizeBytes: bytes.length,
      sha256: sha256(bytes),
      createdBy: tenant.id,
    });

    for (const { context, instance } of [machineA, machineB]) {
      expect(statusOf(await privateFile(context, key))).toBe(401);
      const shown = await privateFile(context, key, tenant.cookie);
      expect(statusOf(shown)).toBe(200);
      expect(Buffer.from(await (shown as Response).arrayBuffer())).toEqual(bytes);
      // Never through the public /media, on either machine.
      expect((await fetch(`${instance.url}/media/${key}`)).status).toBe(404);
    }
  }, 60_000);

  it('a maintenance request with a photo and a vendor PDF, uploaded through their real paths, land in the bucket only', async () => {
    const scene = await makeScene(database.db);
    const tenant = await createSignedInUser(machineA.context, { email: 'reporter@two.test', role: 'tenant', name: 'Reporter' });
    const lease = await createLeaseFixture(database.db, {
      manager: scene.manager.viewer,
      tenant: viewerOf({ id: tenant.id, email: 'reporter@two.test', role: 'tenant' }),
      startDate: '2026-01-01',
      endDate: '2028-12-31',
    });
    const form = new FormData();
    const fields = {
      unitId: String(lease.propertyId),
      category: 'plumbing',
      priority: 'urgent',
      title: 'Leak under the sink',
      description: 'Water drips from the trap.',
      location: 'Kitchen',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('photos', new File([new Uint8Array(await jpegWithGps(800))], 'leak.jpg', { type: 'image/jpeg' }));
    const reported = answerOf(
      await settle(() =>
        (maintenanceApi.action as Loader)({
          request: new Request('http://dimora.test/api/maintenance-requests', {
            method: 'POST',
            body: form,
            headers: { cookie: tenant.cookie },
          }),
          params: {},
          context: machineA.context,
        }),
      ),
    );
    expect(reported.status).toBe(200);

    const pdf = new FormData();
    pdf.append('kind', 'w9');
    pdf.append(
      'file',
      new Blob([Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1')], {
        type: 'application/pdf',
      }),
      'w9.pdf',
    );
    const request = new Request('http://dimora.test/api/vendor-documents/upload', { method: 'POST', body: pdf });
    const origin = { ip: '192.0.2.7', userAgent: 'vitest' };
    const outcome = await uploadVendorDocument({
      db: database.db,
      storage: machineB.context.storage,
      viewer: scene.vendorA.viewer,
      origin,
      body: request.body,
      contentType: request.headers.get('content-type'),
      scan: createUploadScan({
        scanner: machineB.context.malwareScanner,
        db: database.db,
        logger: { warn: () => undefined, error: () => undefined },
        userId: scene.vendorA.userId,
        origin,
        purpose: 'vendor_document',
      }),
    });
    expect(outcome.ok).toBe(true);

    const keys = await createS3Storage(bucketConfig).list('private/');
    expect(keys.filter((key) => key.startsWith('private/photos/'))).toHaveLength(3 + 1);
    expect(keys.some((key) => key.endsWith('.pdf'))).toBe(true);
  }, 60_000);

  it('neither instance wrote under its DATA_DIR/uploads', () => {
    for (const { dataDir } of [machineA, machineB]) expect(fs.existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('a backup restored onto a fresh database and a fresh bucket gives the same rows and the same objects', async () => {
    const bucket = createS3Storage(bucketConfig);
    const objects = await bucketDigest(bucket);
    expect(Object.keys(objects)).toContain(publicKey);
    const before = await tableFingerprints(database.db);
    const archive = path.join(root, 'two-instances.tar');
    await writeBackupFile({
      source: backupSourceOf(database.db),
      uploadsDir: path.join(machineA.dataDir, 'uploads'),
      bucket,
      workDir: machineA.dataDir,
      out: archive,
    });

    const freshDir = path.join(root, 'restored');
    fs.mkdirSync(freshDir);
    let target: RestoreTarget = { kind: 'pglite', dataDir: freshDir };
    if (serverUrl) {
      const name = `dimora_two_${process.pid}_${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      createdDatabases.push(name);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      target = { kind: 'postgres', url: url.toString() };
    }
    const freshBucket = createS3Storage(await s3.newBucket());
    await restoreBackup({ archive, target, uploadsDir: path.join(freshDir, 'uploads'), bucket: freshBucket });

    expect(await bucketDigest(freshBucket)).toEqual(objects);
    expect(fs.existsSync(path.join(freshDir, 'uploads'))).toBe(false);
    const restored = await openDatabase(target.kind === 'postgres' ? { databaseUrl: target.url, poolSize: 1 } : { dataDir: freshDir });
    try {
      const after = await tableFingerprints(restored.db);
      expect(after['public.document']?.rows).toBeGreaterThanOrEqual(2);
      expect(after).toEqual(before);
    } finally {
      await restored.close();
    }
  }, 180_000);
});
