/**
 * `npm run backup` and `npm run restore` as an operator runs them (decision 019):
 * real processes on a throwaway DATA_DIR (and, with TEST_DATABASE_URL, throwaway PostgreSQL
 * databases through DATABASE_URL): exit codes, refusals while a server holds the database or
 * when the target holds data, and a round trip whose rows come back — also with S3_* set, where
 * the uploads travel from one bucket to a fresh one (decision 057).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockDataDir, openDatabase } from '~/server/db/client.server';
import { KNOWN_MIGRATIONS } from '~/server/db/migrations-info.server';
import { property } from '~/server/db/schema';
import { createProperty } from '../setup/factories';
import { createS3Storage, type S3StorageConfig } from '~/server/uploads/s3-storage.server';
import { runTsx, type Run } from '../setup/run-tsx';
import { envWithBucket, startS3Server } from '../setup/s3';

const serverUrl = process.env.TEST_DATABASE_URL;
let work: string;
const databases: string[] = [];

/** A target: a DATA_DIR, plus (PostgreSQL) a fresh database named by DATABASE_URL. */
type Place = { dataDir: string; url?: string };

function runScript(script: string, args: string[], place: Place, bucket: S3StorageConfig | null = null): Promise<Run> {
  const base = { ...process.env, DATA_DIR: place.dataDir, LOG_LEVEL: 'silent' } as Record<string, string>;
  delete base.DATABASE_URL;
  if (place.url) base.DATABASE_URL = place.url;
  const env = envWithBucket(base, bucket);
  return runTsx(path.join('scripts', script), args, env);
}

async function place(label: string): Promise<Place> {
  const dataDir = path.join(work, label);
  fs.mkdirSync(dataDir, { recursive: true });
  if (!serverUrl) return { dataDir };
  const name = `dimora_cli_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { dataDir, url: url.toString() };
}

const open = (at: Place) => openDatabase(at.url ? { databaseUrl: at.url, poolSize: 1 } : { dataDir: at.dataDir });

let source: Place;

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'dimora-backup-cli-'));
  source = await place('source');
  const database = await open(source);
  await database.migrate();
  await createProperty(database.db, { title: 'CLI home' });
  await createProperty(database.db, { title: 'CLI home 2' });
  await database.close();
  fs.mkdirSync(path.join(source.dataDir, 'uploads', 'photos'), { recursive: true });
  fs.writeFileSync(path.join(source.dataDir, 'uploads', 'photos', 'front.webp'), randomBytes(5_000));
}, 120_000);

afterAll(async () => {
  if (serverUrl && databases.length) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of databases) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
  fs.rmSync(work, { recursive: true, force: true });
});

describe(`npm run backup / restore (${serverUrl ? 'postgres' : 'pglite'})`, () => {
  const archive = () => path.join(work, 'cli.tar');

  it('bad arguments fail fast with exit code 2', { timeout: 60_000 }, async () => {
    const [noOut, noIn, missing] = await Promise.all([
      runScript('backup.ts', [], source),
      runScript('restore.ts', [], source),
      runScript('restore.ts', ['--in', path.join(work, 'nope.tar')], source),
    ]);
    expect(noOut).toMatchObject({ code: 2, stdout: '' });
    expect(noOut.stderr.trim()).toBe('backup: missing --out FILE (see --help)');
    expect(noIn.code).toBe(2);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('does not exist');
  });

  it('backs up (refused while a server holds the embedded database), then restores into a fresh place', { timeout: 120_000 }, async () => {
    if (!source.url) {
      const release = await lockDataDir(source.dataDir);
      try {
        const locked = await runScript('backup.ts', ['--out', archive()], source);
        expect(locked.code).toBe(1);
        expect(locked.stderr).toContain('is in use by another process');
        expect(locked.stderr).toContain('download a backup from /admin/database');
        expect(fs.existsSync(archive())).toBe(false);
      } finally {
        await release();
      }
    }
    const made = await runScript('backup.ts', ['--out', archive()], source);
    expect(made.stderr).toContain('Backing up');
    expect(made.code).toBe(0);
    const latest = KNOWN_MIGRATIONS.at(-1)!.tag;
    expect(made.stdout).toMatch(
      new RegExp(
        `^Wrote .*cli\\.tar \\([\\d.]+ [KM]?B\\): (pglite|postgres) database at migration ${latest} \\(${KNOWN_MIGRATIONS.length} applied\\), 1 uploaded file, in [\\d.]+ s\\.\\n$`,
      ),
    );
    expect((await runScript('backup.ts', ['--out', archive()], source)).stderr).toContain('exists already');

    const target = await place('target');
    const restored = await runScript('restore.ts', ['--in', archive()], target);
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('Restored the backup of');
    expect(restored.stderr).toContain('Verifying checksums');
    expect(fs.readFileSync(path.join(target.dataDir, 'uploads', 'photos', 'front.webp'))).toEqual(
      fs.readFileSync(path.join(source.dataDir, 'uploads', 'photos', 'front.webp')),
    );
    const database = await open(target);
    try {
      const [row] = await database.db.select({ n: count() }).from(property);
      expect(row?.n).toBe(2);
    } finally {
      await database.close();
    }

    const again = await runScript('restore.ts', ['--in', archive()], target);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds (a database|tables)/);
    const forced = await runScript('restore.ts', ['--in', archive(), '--force'], target);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('Kept what it replaced as');
  });

  it('restore refuses a running server', { timeout: 60_000 }, async () => {
    const target = await place('busy');
    if (target.url) {
      const client = new pg.Client({ connectionString: target.url });
      await client.connect();
      try {
        const refused = await runScript('restore.ts', ['--in', archive()], target);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('other session(s)');
      } finally {
        await client.end();
      }
    } else {
      const release = await lockDataDir(target.dataDir);
      try {
        const refused = await runScript('restore.ts', ['--in', archive()], target);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('is in use by another process');
      } finally {
        await release();
      }
    }
    expect(fs.existsSync(path.join(target.dataDir, 'uploads'))).toBe(false);
  });

  it('with S3_* set, backs up the bucket and restores it into a fresh bucket', { timeout: 120_000 }, async () => {
    const s3 = await startS3Server();
    try {
      const from = await s3.newBucket();
      const key = 'photos/ab/0123456789abcdef0123456789abcdef-400.webp';
      const bytes = randomBytes(3_000);
      await createS3Storage(from).put(key, bytes);
      const out = path.join(work, 'bucket.tar');
      const made = await runScript('backup.ts', ['--out', out], source, from);
      expect(made.code).toBe(0);
      expect(made.stderr).toContain(`the bucket ${from.bucket}`);
      expect(made.stdout).toContain('1 uploaded file from the bucket');

      const to = await s3.newBucket();
      const target = await place('bucket-target');
      const restored = await runScript('restore.ts', ['--in', out], target, to);
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain('1 uploaded file into the bucket');
      const object = await createS3Storage(to).get(key);
      expect(Buffer.from(await new Response(object!.body as never).arrayBuffer())).toEqual(bytes);
      expect(fs.existsSync(path.join(target.dataDir, 'uploads'))).toBe(false);
      const again = await runScript('restore.ts', ['--in', out, '--force'], await place('bucket-again'), to);
      expect(again.code).toBe(0);
      const refused = await runScript('restore.ts', ['--in', out], await place('bucket-busy'), to);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('The bucket already holds objects');
    } finally {
      await s3.stop();
    }
  });
});
