/**
 * Backups (decision 019), on the database the suite runs on (PGlite, or PostgreSQL
 * with TEST_DATABASE_URL): a database with data and an uploads folder is backed up, restored
 * into a fresh directory and database, and compared table by table (rows and checksums) and
 * file by file (SHA-256). A tampered archive, a running server and a target holding data are
 * refused without touching anything. With a bucket (decision 057: s3rver in this process) the
 * objects travel the same way: read from one bucket into the archive, put back into a fresh one.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { lockDataDir, openDatabase, DataDirLockedError, type Database } from '~/server/db/client.server';
import { KNOWN_MIGRATIONS } from '~/server/db/migrations-info.server';
import { outbox } from '~/server/db/schema';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import { updateSettings } from '~/server/settings/settings.server';
import { createS3Storage } from '~/server/uploads/s3-storage.server';
import type { UploadStorage } from '~/server/uploads/storage.server';
import { createApplication, createProperty } from '../../../tests/setup/factories';
import { tableFingerprints, type Fingerprints } from '../../../tests/setup/fingerprints';
import { startS3Server, type TestS3Server } from '../../../tests/setup/s3';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { APP_VERSION } from '../app-info.server';
import { BackupError, backupSourceOf, MANIFEST_FILE, sha256OfStream, writeBackupFile, type BackupManifest } from './backup.server';
import { restoreBackup, type RestoreTarget } from './restore.server';

const serverUrl = process.env.TEST_DATABASE_URL;
const kind = serverUrl ? 'postgres' : 'pglite';

let source: TestDatabase;
let root: string;
let uploadsDir: string;
let archive: string;
let manifest: BackupManifest;
let before: Fingerprints;
let s3: TestS3Server | undefined;
const createdDatabases: string[] = [];

function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

function uploadsDigest(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (folder: string, prefix: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(folder, entry.name), relative);
      else out[relative] = sha256(path.join(folder, entry.name));
    }
  };
  if (fs.existsSync(dir)) walk(dir, '');
  return out;
}

/** A fresh, empty PostgreSQL database on the test server (no connection left open). */
async function freshPostgresDatabase(): Promise<string> {
  const name = `dimora_restore_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  createdDatabases.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A fresh target of the suite's kind, with its own uploads folder. */
async function freshTarget(label: string): Promise<{ target: RestoreTarget; dataDir: string; uploads: string }> {
  const dataDir = path.join(root, label);
  fs.mkdirSync(dataDir, { recursive: true });
  const target: RestoreTarget = serverUrl ? { kind: 'postgres', url: await freshPostgresDatabase() } : { kind: 'pglite', dataDir };
  return { target, dataDir, uploads: path.join(dataDir, 'uploads') };
}

async function openTarget(target: RestoreTarget): Promise<Database> {
  return target.kind === 'postgres' ? openDatabase({ databaseUrl: target.url, poolSize: 1 }) : openDatabase({ dataDir: target.dataDir });
}

async function refusal(run: Promise<unknown>): Promise<unknown> {
  return run.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => error,
  );
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'dimora-backup-'));
  uploadsDir = path.join(root, 'source', 'uploads');
  fs.mkdirSync(path.join(uploadsDir, 'photos', '2027'), { recursive: true });
  fs.writeFileSync(path.join(uploadsDir, 'photos', '2027', 'kitchen.webp'), randomBytes(40_000));
  fs.writeFileSync(path.join(uploadsDir, 'lease.pdf'), randomBytes(1_234));

  source = await createTestDatabase();
  const admin = await createVerifiedUser(source.db, { email: 'admin@backup.test', password: 'backup-keeper-pass', role: 'admin' });
  const home = await createProperty(source.db, { title: 'Backed-up home', price: 2_100 });
  await createProperty(source.db, { title: 'Second home', city: 'Dallas' });
  await createApplication(source.db, { propertyId: home.id, paid: true });
  await enqueueOutbox(source.db, [{ topic: 'mail.test', payload: { to: 'someone@example.test' }, dedupeKey: 'backup-test' }]);
  await updateSettings({
    db: source.db,
    actor: { id: admin.id, role: 'admin' },
    origin: { ip: '127.0.0.1', userAgent: 'vitest' },
    input: { applicationFeeCents: 6_500 },
  });
  before = await tableFingerprints(source.db);

  archive = path.join(root, 'backup.tar');
  ({ manifest } = await writeBackupFile({
    source: backupSourceOf(source.db),
    uploadsDir,
    workDir: path.join(root, 'source'),
    out: archive,
  }));
}, 180_000);

afterAll(async () => {
  await s3?.stop();
  await source?.close();
  if (serverUrl && createdDatabases.length) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of createdDatabases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  fs.rmSync(root, { recursive: true, force: true });
}, 60_000);

describe(`backup and restore (${kind})`, () => {
  it('the archive starts with a manifest naming the kind, version, migration level and each part’s checksum', async () => {
    const entries: string[] = [];
    await tar.t({ file: archive, onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries[0]).toBe(MANIFEST_FILE);
    expect(entries.slice(1).sort()).toEqual([manifest.database.file, 'uploads/lease.pdf', 'uploads/photos/2027/kitchen.webp'].sort());
    expect(manifest).toMatchObject({
      format: 'dimora-backup',
      formatVersion: 1,
      app: { version: APP_VERSION },
      database: { kind, file: kind === 'pglite' ? 'database/pglite-data.tar.gz' : 'database/postgres.dump' },
      migrations: { applied: KNOWN_MIGRATIONS.length, last: KNOWN_MIGRATIONS.at(-1)!.tag },
    });
    const upload = manifest.parts.find((part) => part.path === 'uploads/lease.pdf');
    expect(upload).toEqual({ path: 'uploads/lease.pdf', bytes: 1_234, sha256: sha256(path.join(uploadsDir, 'lease.pdf')) });
    // No work folder is left behind.
    expect(fs.readdirSync(path.join(root, 'source')).filter((name) => name.startsWith('.backup'))).toEqual([]);
  });

  it('restores into a fresh directory and database: every table’s rows and checksum, and every upload, are the same', async () => {
    const { target, dataDir, uploads } = await freshTarget('restored');
    const result = await restoreBackup({ archive, target, uploadsDir: uploads });
    expect(result.keptAside).toEqual([]);
    expect(uploadsDigest(uploads)).toEqual(uploadsDigest(uploadsDir));
    const restored = await openTarget(target);
    try {
      const after = await tableFingerprints(restored.db);
      expect(Object.keys(after).length).toBeGreaterThan(20);
      expect(after['public.property']?.rows).toBe(2);
      expect(after['public.application']?.rows).toBe(1);
      expect(after).toEqual(before);
    } finally {
      await restored.close();
    }
    // No work folder is left behind.
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith('.restore') || name.includes('restoring'))).toEqual([]);
  });

  it('refuses a tampered archive before touching anything', async () => {
    const unpacked = path.join(root, 'tamper');
    fs.mkdirSync(unpacked);
    await tar.x({ file: archive, cwd: unpacked });
    const photo = path.join(unpacked, 'uploads', 'photos', '2027', 'kitchen.webp');
    const bytes = fs.readFileSync(photo);
    bytes[100] = (bytes[100]! + 1) % 256;
    fs.writeFileSync(photo, bytes);
    const tampered = path.join(root, 'tampered.tar');
    await tar.c({ file: tampered, cwd: unpacked }, [MANIFEST_FILE, manifest.database.file, 'uploads']);

    const { target, dataDir, uploads } = await freshTarget('tampered-target');
    const error = await refusal(restoreBackup({ archive: tampered, target, uploadsDir: uploads }));
    expect(error).toBeInstanceOf(BackupError);
    expect(error).toMatchObject({ code: 'checksum_mismatch' });
    expect((error as Error).message).toContain('uploads/photos/2027/kitchen.webp');
    expect(fs.existsSync(uploads)).toBe(false);
    if (target.kind === 'pglite') expect(fs.readdirSync(dataDir)).toEqual([]);
    else {
      const restored = await openTarget(target);
      expect(Object.keys(await tableFingerprints(restored.db))).toEqual([]);
      await restored.close();
    }

    // A file the manifest does not list is refused too.
    fs.writeFileSync(path.join(unpacked, 'uploads', 'extra.sh'), '#!/bin/sh\n');
    fs.writeFileSync(photo, fs.readFileSync(path.join(uploadsDir, 'photos', '2027', 'kitchen.webp')));
    const padded = path.join(root, 'padded.tar');
    await tar.c({ file: padded, cwd: unpacked }, [MANIFEST_FILE, manifest.database.file, 'uploads']);
    expect(await refusal(restoreBackup({ archive: padded, target, uploadsDir: uploads }))).toMatchObject({ code: 'unexpected_file' });
    // And so is a file that is not a backup at all.
    const junk = path.join(root, 'junk.tar');
    fs.writeFileSync(junk, randomBytes(2_000));
    expect(await refusal(restoreBackup({ archive: junk, target, uploadsDir: uploads }))).toBeInstanceOf(BackupError);
  });

  it('refuses while a server holds the target, and a target that holds data unless forced', async () => {
    const { target, dataDir, uploads } = await freshTarget('busy');
    if (target.kind === 'pglite') {
      // A running server holds the data directory's lock.
      const release = await lockDataDir(dataDir);
      try {
        expect(await refusal(restoreBackup({ archive, target, uploadsDir: uploads }))).toBeInstanceOf(DataDirLockedError);
      } finally {
        await release();
      }
    } else {
      // A running server holds connections to the database.
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        expect(await refusal(restoreBackup({ archive, target, uploadsDir: uploads }))).toMatchObject({ code: 'target_in_use' });
      } finally {
        await client.end();
      }
    }

    await restoreBackup({ archive, target, uploadsDir: uploads });
    expect(await refusal(restoreBackup({ archive, target, uploadsDir: uploads }))).toMatchObject({ code: 'target_not_empty' });
    const forced = await restoreBackup({ archive, target, uploadsDir: uploads, force: true });
    // What was replaced is kept on disk, renamed.
    expect(forced.keptAside.some((kept) => path.basename(kept).startsWith('uploads.replaced-'))).toBe(true);
    if (target.kind === 'pglite') expect(forced.keptAside.some((kept) => path.basename(kept).startsWith('pglite.replaced-'))).toBe(true);
    const restored = await openTarget(target);
    try {
      expect(await tableFingerprints(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
  });

  it('a checksummed dump that will not load leaves a forced target exactly as it was', async () => {
    const { target, uploads } = await freshTarget('broken-dump');
    await restoreBackup({ archive, target, uploadsDir: uploads });
    // An archive whose manifest matches its (broken) database dump.
    const folder = path.join(root, 'broken');
    fs.mkdirSync(path.join(folder, 'database'), { recursive: true });
    fs.writeFileSync(path.join(folder, manifest.database.file), randomBytes(4_096));
    const parts = [{ path: manifest.database.file, bytes: 4_096, sha256: sha256(path.join(folder, manifest.database.file)) }];
    fs.writeFileSync(path.join(folder, MANIFEST_FILE), JSON.stringify({ ...manifest, parts }));
    const broken = path.join(root, 'broken.tar');
    await tar.c({ file: broken, cwd: folder }, [MANIFEST_FILE, manifest.database.file]);

    const error = await refusal(restoreBackup({ archive: broken, target, uploadsDir: uploads, force: true }));
    expect(error).toMatchObject({ code: 'restore_failed' });
    expect(uploadsDigest(uploads)).toEqual(uploadsDigest(uploadsDir));
    const restored = await openTarget(target);
    try {
      expect(await tableFingerprints(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }
  });

  it('refuses to restore into the other kind of database', async () => {
    const target: RestoreTarget =
      kind === 'pglite'
        ? { kind: 'postgres', url: 'postgresql://nobody@127.0.0.1:1/none' }
        : { kind: 'pglite', dataDir: path.join(root, 'other-kind') };
    const error = await refusal(restoreBackup({ archive, target, uploadsDir: path.join(root, 'other-kind-uploads') }));
    expect(error).toMatchObject({ code: 'kind_mismatch' });
    expect(fs.existsSync(path.join(root, 'other-kind-uploads'))).toBe(false);
  });

  it('a job left in the outbox comes back as it was', async () => {
    const { target, uploads } = await freshTarget('outbox');
    await restoreBackup({ archive, target, uploadsDir: uploads });
    const restored = await openTarget(target);
    try {
      const rows = await restored.db.select({ topic: outbox.topic, payload: outbox.payload, dedupeKey: outbox.dedupeKey }).from(outbox);
      expect(rows).toEqual([{ topic: 'mail.test', payload: { to: 'someone@example.test' }, dedupeKey: 'backup-test' }]);
    } finally {
      await restored.close();
    }
  });
});

/** Every object of `bucket` as key → SHA-256. */
async function bucketDigest(bucket: UploadStorage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const key of (await bucket.list()).sort()) out[key] = await sha256OfStream((await bucket.get(key))!.body);
  return out;
}

describe(`backup and restore with the uploads in a bucket (${kind})`, () => {
  it('backs up every object of the bucket and restores them into a fresh bucket, checksums equal, no uploads folder written', async () => {
    s3 = await startS3Server();
    const bucket = createS3Storage(await s3.newBucket());
    await bucket.put('photos/ab/0123456789abcdef0123456789abcdef-1200.webp', randomBytes(30_000));
    await bucket.put('private/photos/cd/fedcba9876543210fedcba9876543210-800.webp', randomBytes(12_000));
    await bucket.put('documents/lease.pdf', randomBytes(2_345));
    const objects = await bucketDigest(bucket);

    const out = path.join(root, 'bucket-backup.tar');
    const steps: string[] = [];
    const { manifest: bucketManifest } = await writeBackupFile({
      source: backupSourceOf(source.db),
      uploadsDir: path.join(root, 'bucket-source', 'uploads'),
      bucket,
      workDir: path.join(root, 'bucket-source'),
      out,
      onProgress: (step, done, total) => steps.push(`${step} ${done}/${total}`),
    });
    expect(steps).toContain('collect 3/3');
    const uploaded = Object.fromEntries(
      bucketManifest.parts.filter((part) => part.path.startsWith('uploads/')).map((part) => [part.path.slice(8), part.sha256]),
    );
    expect(uploaded).toEqual(objects);
    expect(fs.existsSync(path.join(root, 'bucket-source', 'uploads'))).toBe(false);

    const fresh = createS3Storage(await s3.newBucket());
    const { target, uploads } = await freshTarget('bucket-restored');
    const restoredSteps: string[] = [];
    await restoreBackup({
      archive: out,
      target,
      uploadsDir: uploads,
      bucket: fresh,
      onProgress: (step, done, total) => restoredSteps.push(`${step} ${done}/${total}`),
    });
    expect(restoredSteps).toContain('uploads 3/3');
    expect(await bucketDigest(fresh)).toEqual(objects);
    expect(fs.existsSync(uploads)).toBe(false);
    const restored = await openTarget(target);
    try {
      expect(await tableFingerprints(restored.db)).toEqual(before);
    } finally {
      await restored.close();
    }

    // A bucket that holds objects is refused unless forced; forced, the backup's objects are
    // written over and nothing else is deleted.
    const second = await freshTarget('bucket-busy');
    expect(await refusal(restoreBackup({ archive: out, target: second.target, uploadsDir: second.uploads, bucket: fresh }))).toMatchObject({
      code: 'target_not_empty',
    });
    await fresh.put('photos/zz/extra.webp', randomBytes(10));
    await restoreBackup({ archive: out, target: second.target, uploadsDir: second.uploads, bucket: fresh, force: true });
    expect(Object.keys(await bucketDigest(fresh)).sort()).toEqual([...Object.keys(objects), 'photos/zz/extra.webp'].sort());

    // The layout is the folder's: the same archive restores into an uploads folder.
    const third = await freshTarget('bucket-to-folder');
    await restoreBackup({ archive: out, target: third.target, uploadsDir: third.uploads });
    expect(uploadsDigest(third.uploads)).toEqual(objects);
  }, 120_000);

  it('a folder backup restores into a bucket', async () => {
    s3 ??= await startS3Server();
    const fresh = createS3Storage(await s3.newBucket());
    const { target, uploads } = await freshTarget('folder-to-bucket');
    await restoreBackup({ archive, target, uploadsDir: uploads, bucket: fresh });
    expect(await bucketDigest(fresh)).toEqual(uploadsDigest(uploadsDir));
    expect(fs.existsSync(uploads)).toBe(false);
  }, 60_000);
});
