/**
 * Restoring a backup archive (decision 019; the format is described in
 * `backup.server.ts`): into a PGlite data directory or a PostgreSQL database, with the uploads
 * folder or the bucket (decision 057) — verified first, never over a running server, never over data unless forced, and
 * keeping what it replaces. Importable by plain tsx (scripts/restore.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
import { lockDataDir, pgliteExtensions } from '../db/client.server';
import { KNOWN_MIGRATIONS } from '../db/migrations-info.server';
import type { UploadStorage } from '../uploads/storage.server';
import {
  BackupError,
  MANIFEST_FILE,
  manifestSchema,
  sha256OfStream,
  stamp,
  unpackBackup,
  type BackupManifest,
  type BackupProgress,
} from './backup.server';
import { PgToolError, runPgTool } from './pg-tools.server';

/** Where to restore: a PGlite data directory, or a PostgreSQL database. */
export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; pgBinDir?: string | undefined };

export type RestoreResult = {
  manifest: BackupManifest;
  /** What was in the way and was kept, renamed (data directory, uploads). */
  keptAside: string[];
};

const UPLOADS_PREFIX = 'uploads/';

/**
 * Puts every `uploads/…` part of a verified archive (unpacked in `staging`) into `bucket` under
 * its key, streamed one object at a time, and reads each back to check its size and SHA-256
 * against the manifest, reporting `uploads` per object. Throws `BackupError('restore_failed')` for
 * a key the store refuses or an object that does not read back as written.
 */
async function restoreIntoBucket(
  bucket: UploadStorage,
  staging: string,
  manifest: BackupManifest,
  onProgress: BackupProgress | undefined,
): Promise<void> {
  const parts = manifest.parts.filter((part) => part.path.startsWith(UPLOADS_PREFIX));
  onProgress?.('uploads', 0, parts.length);
  for (const [index, part] of parts.entries()) {
    const key = part.path.slice(UPLOADS_PREFIX.length);
    try {
      await bucket.putStream(key, fs.createReadStream(path.join(staging, part.path)));
    } catch (error) {
      throw new BackupError('restore_failed', `${key} could not be stored in the bucket: ${(error as Error).message}`);
    }
    const stored = await bucket.get(key);
    const sha256 = stored ? await sha256OfStream(stored.body) : null;
    if (!stored || stored.size !== part.bytes || sha256 !== part.sha256) {
      throw new BackupError('restore_failed', `${key} does not read back from the bucket as it was written: the restore is incomplete.`);
    }
    onProgress?.('uploads', index + 1, parts.length);
  }
}

function isEmptyDir(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/** Moves `dir` aside as `<dir>.replaced-<time>` when it holds anything; removes it when empty. */
function moveAside(dir: string, keptAside: string[], when: string) {
  if (!fs.existsSync(dir)) return;
  if (isEmptyDir(dir)) {
    fs.rmSync(dir, { recursive: true, force: true });
    return;
  }
  const aside = `${dir}.replaced-${when}`;
  fs.renameSync(dir, aside);
  keptAside.push(aside);
}

/** Other sessions on the target database, and whether it holds Dimora's (or any) tables. */
async function inspectPostgres(url: string): Promise<{ otherSessions: number; tables: number }> {
  const client = new pg.Client({ connectionString: url, application_name: 'dimora-restore-check' });
  await client.connect();
  try {
    const sessions = await client.query<{ n: string }>(
      'select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    const tables = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p', 'v', 'm', 'S')`,
    );
    return { otherSessions: Number(sessions.rows[0]?.n ?? 0), tables: Number(tables.rows[0]?.n ?? 0) };
  } finally {
    await client.end();
  }
}

/**
 * Moves the database's `public` and `drizzle` schemas aside (renamed `<name>_replaced_<suffix>`)
 * and creates an empty `public`, in one transaction. Extensions installed in `public` (pg_trgm,
 * migration 0008) move back into the new `public`: the dump's `CREATE EXTENSION IF NOT EXISTS`
 * finds them there, and its indexes their operator classes. Answers `undo()` (the extensions go
 * back with the originals, then what was restored is dropped and the originals renamed back) and
 * `drop()` (drop the originals once the restore succeeded).
 */
async function setAsidePostgres(url: string, suffix: string): Promise<{ undo(): Promise<void>; drop(): Promise<void> }> {
  const run = async (statements: string[]) => {
    const client = new pg.Client({ connectionString: url, application_name: 'dimora-restore' });
    await client.connect();
    try {
      await client.query('begin');
      for (const statement of statements) await client.query(statement);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      await client.end();
    }
  };
  const client = new pg.Client({ connectionString: url, application_name: 'dimora-restore-check' });
  await client.connect();
  const [present, installed] = await Promise.all([
    client.query<{ name: string }>(`select nspname as name from pg_namespace where nspname in ('public', 'drizzle')`),
    client.query<{ name: string }>(
      `select e.extname as name from pg_extension e join pg_namespace n on n.oid = e.extnamespace where n.nspname = 'public' and e.extrelocatable`,
    ),
  ]).finally(() => client.end());
  const names = present.rows.map((row) => row.name);
  const extensions = installed.rows.map((row) => pg.escapeIdentifier(row.name));
  const aside = (name: string) => pg.escapeIdentifier(`${name}_replaced_${suffix}`);
  await run([
    ...names.map((name) => `alter schema ${pg.escapeIdentifier(name)} rename to ${aside(name)}`),
    'create schema public',
    ...extensions.map((extension) => `alter extension ${extension} set schema public`),
  ]);
  return {
    undo: () =>
      run([
        ...extensions.map((extension) => `alter extension ${extension} set schema ${aside('public')}`),
        'drop schema if exists drizzle cascade',
        'drop schema if exists public cascade',
        ...names.map((name) => `alter schema ${aside(name)} rename to ${pg.escapeIdentifier(name)}`),
      ]),
    drop: () => run(names.map((name) => `drop schema ${aside(name)} cascade`)),
  };
}

/**
 * Restores `archive` into `target` and `uploadsDir`. Refusals, each with nothing changed:
 * the backup's database kind must be the target's (`kind_mismatch`) and its migrations known to
 * this build (`newer_backup`); PGlite: the data directory's lock must be free
 * (`DataDirLockedError` while a server runs) and the directory hold no database unless `force`;
 * PostgreSQL: no other session may use the database (`target_in_use`, even with `force`) and it
 * may hold no tables unless `force`; the archive must unpack and verify (see `unpackBackup`).
 * These are checked from the manifest read first (fast), then again after verification. Then
 * the database is restored — PGlite into a new folder swapped in at the end; PostgreSQL by
 * `pg_restore` in one transaction, any existing `public` and `drizzle` schemas set aside and
 * dropped only once it succeeded (put back if it fails) — and the uploads folder replaced.
 * Replaced folders are kept on disk, renamed `<name>.replaced-<time>`. With `bucket` (decision
 * 057) the uploads go into the bucket instead, each object read back and checked against its
 * SHA-256; a bucket that holds objects is refused unless `force`, which writes over the objects
 * of the backup and deletes none (a bucket has nowhere to keep them aside).
 */
export async function restoreBackup({
  archive,
  target,
  uploadsDir,
  bucket,
  force = false,
  onProgress,
}: {
  archive: string;
  target: RestoreTarget;
  uploadsDir: string;
  /** The bucket the uploads go to (the store of `S3_*`); unset: the folder `uploadsDir`. */
  bucket?: UploadStorage | null | undefined;
  force?: boolean;
  onProgress?: BackupProgress | undefined;
}): Promise<RestoreResult> {
  const home = target.kind === 'pglite' ? path.resolve(target.dataDir) : path.dirname(path.resolve(uploadsDir));
  const live = target.kind === 'pglite' ? path.join(path.resolve(target.dataDir), 'pglite') : '';
  // Refusals that need no unpacking come first, so a wrong target fails in a second, not after
  // a long verification; all of them are checked again once the archive is verified.
  const checkManifest = (manifest: Pick<BackupManifest, 'database' | 'migrations' | 'app'>) => {
    if (manifest.database.kind !== target.kind) {
      const names = { pglite: 'an embedded PGlite database (DATABASE_URL unset)', postgres: 'a PostgreSQL database (DATABASE_URL set)' };
      throw new BackupError(
        'kind_mismatch',
        `This backup is of ${names[manifest.database.kind]}; restore it into the same kind, not into ${names[target.kind]}.`,
      );
    }
    if (manifest.migrations.applied > KNOWN_MIGRATIONS.length) {
      throw new BackupError(
        'newer_backup',
        `This backup has ${manifest.migrations.applied} migrations applied; this version of Dimora knows ${KNOWN_MIGRATIONS.length}. Restore it with Dimora ${manifest.app.version} or newer.`,
      );
    }
  };
  const checkTarget = async (): Promise<{ tables: number }> => {
    if (bucket && !force && (await bucket.list()).length > 0) {
      throw new BackupError(
        'target_not_empty',
        'The bucket already holds objects. Restore into an empty bucket, or pass --force to write over the objects the backup holds (others are left in place).',
      );
    }
    if (target.kind === 'pglite') {
      if (!isEmptyDir(live) && !force) {
        throw new BackupError(
          'target_not_empty',
          `${live} already holds a database. Restore into an empty DATA_DIR, or pass --force to replace it (it is kept as pglite.replaced-<time>).`,
        );
      }
      return { tables: 0 };
    }
    const state = await inspectPostgres(target.url);
    if (state.otherSessions > 0) {
      throw new BackupError(
        'target_in_use',
        `The database has ${state.otherSessions} other session(s) (is a Dimora server running?): stop every server using it first.`,
      );
    }
    if (state.tables > 0 && !force) {
      throw new BackupError(
        'target_not_empty',
        'The database already holds tables. Restore into an empty database, or pass --force to drop its public and drizzle schemas first.',
      );
    }
    return { tables: state.tables };
  };

  const peeked = await peekManifest(archive);
  if (peeked) checkManifest(peeked);
  // PGlite: the lock refuses a running server and keeps one from starting until we are done
  // (taking it creates an empty data folder, removed again if the restore does not happen).
  const liveExisted = target.kind === 'pglite' && fs.existsSync(live);
  const release = target.kind === 'pglite' ? await lockDataDir(target.dataDir) : undefined;
  let staging: string | undefined;
  const keptAside: string[] = [];
  const when = stamp();
  try {
    await checkTarget();
    const unpacked = await unpackBackup({ archive, workDir: home, onProgress });
    staging = unpacked.staging;
    const { manifest } = unpacked;
    checkManifest(manifest);
    const { tables } = await checkTarget();
    const dump = path.join(staging, manifest.database.file);

    if (target.kind === 'pglite') {
      onProgress?.('database', 0, 1);
      const restoring = path.join(path.resolve(target.dataDir), `pglite.restoring-${when}`);
      if (!(await isPgliteDump(dump)))
        throw new BackupError('restore_failed', 'The embedded database in this backup is not a readable PGlite data directory.');
      try {
        const client = new PGlite(restoring, { loadDataDir: await fs.openAsBlob(dump), extensions: pgliteExtensions });
        await client.waitReady;
        await client.query('select 1');
        await client.close();
      } catch (error) {
        fs.rmSync(restoring, { recursive: true, force: true });
        throw new BackupError('restore_failed', `The embedded database could not be restored: ${(error as Error).message}`);
      }
      moveAside(live, keptAside, when);
      fs.renameSync(restoring, live);
      onProgress?.('database', 1, 1);
    } else {
      onProgress?.('database', 0, 1);
      // Forced over existing tables: the old schemas wait aside until the restore has succeeded,
      // and come back if it fails.
      const replaced = tables > 0 ? await setAsidePostgres(target.url, when.toLowerCase()) : null;
      try {
        await runPgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', dump], {
          url: target.url,
          binDir: target.pgBinDir,
        });
      } catch (error) {
        await replaced?.undo();
        if (error instanceof PgToolError) throw new BackupError('restore_failed', error.message);
        throw error;
      }
      await replaced?.drop();
      onProgress?.('database', 1, 1);
    }

    if (bucket) {
      await restoreIntoBucket(bucket, staging, manifest, onProgress);
      return { manifest, keptAside };
    }
    const uploads = path.join(staging, 'uploads');
    onProgress?.('uploads', 0, 1);
    moveAside(path.resolve(uploadsDir), keptAside, when);
    fs.mkdirSync(path.dirname(path.resolve(uploadsDir)), { recursive: true });
    if (fs.existsSync(uploads)) fs.renameSync(uploads, path.resolve(uploadsDir));
    else fs.mkdirSync(path.resolve(uploadsDir), { recursive: true });
    onProgress?.('uploads', 1, 1);
    return { manifest, keptAside };
  } finally {
    if (staging) fs.rmSync(staging, { recursive: true, force: true });
    if (target.kind === 'pglite' && !liveExisted && isEmptyDir(live)) fs.rmSync(live, { recursive: true, force: true });
    await release?.();
  }
}

/** True when `file` is a (gzipped) tar of a PostgreSQL data directory, as `dumpDataDir` writes. */
async function isPgliteDump(file: string): Promise<boolean> {
  let version = false;
  try {
    await tar.t({
      file,
      onReadEntry: (entry) => {
        if (entry.path.replace(/^\/+/, '') === 'PG_VERSION') version = true;
        entry.resume();
      },
    });
  } catch {
    return false;
  }
  return version;
}

/**
 * The archive's manifest read without unpacking (it is the first entry), unverified: good for
 * refusing early, never for deciding what to restore. Null when there is none to read.
 */
async function peekManifest(archive: string): Promise<Pick<BackupManifest, 'database' | 'migrations' | 'app'> | null> {
  const chunks: Buffer[] = [];
  try {
    await tar.t({
      file: archive,
      maxReadSize: 64 * 1024,
      onReadEntry: (entry) => {
        if (entry.path === MANIFEST_FILE && entry.size < 1_000_000) entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        else entry.resume();
      },
    });
    const parsed = manifestSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
