/**
 * Backups and restores of a whole Dimora installation (portfolio issue item 6): the database
 * and the uploads folder in one archive (decision 016).
 *
 * The archive is an uncompressed tar (its parts are compressed already) holding, in order:
 * - `manifest.json`: format and version, database kind and engine version, app version,
 *   migration level, creation time, and the size and SHA-256 of every other file;
 * - the database: `database/pglite-data.tar.gz` (PGlite's `dumpDataDir`, a copy of its data
 *   directory) or `database/postgres.dump` (`pg_dump --format=custom`);
 * - `uploads/…`: every file of `DATA_DIR/uploads`.
 *
 * A restore verifies the manifest and every checksum before it touches anything, refuses a
 * running server (the PGlite lock; other connections to the PostgreSQL database), refuses a
 * target that holds data unless forced, and keeps what it replaces on disk
 * (`pglite.replaced-<time>`, `uploads.replaced-<time>`). A PGlite backup restores into PGlite
 * and a PostgreSQL one into PostgreSQL: the dumps are of different kinds.
 *
 * Importable by plain tsx (scripts/backup.ts, scripts/restore.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import { z } from 'zod';
import { APP_VERSION } from '../app-info.server';
import { lockDataDir, type Db } from '../db/client.server';
import { KNOWN_MIGRATIONS, readMigrationStatus } from '../db/migrations-info.server';
import { PgToolError, runPgTool } from './pg-tools.server';

export const BACKUP_FORMAT = 'dimora-backup';
/** Bumped when the archive's layout changes; a restore refuses versions it does not know. */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
const PGLITE_DUMP = 'database/pglite-data.tar.gz';
const POSTGRES_DUMP = 'database/postgres.dump';

const manifestSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT),
    formatVersion: z.number().int().min(1),
    createdAt: z.iso.datetime(),
    app: z.object({ version: z.string().max(50) }),
    database: z.object({ kind: z.enum(['pglite', 'postgres']), engineVersion: z.string().max(200), file: z.enum([PGLITE_DUMP, POSTGRES_DUMP]) }),
    migrations: z.object({ applied: z.number().int().min(0), last: z.string().max(200).nullable() }),
    parts: z.array(z.object({ path: z.string().min(1).max(1_000), bytes: z.number().int().min(0), sha256: z.string().regex(/^[a-f0-9]{64}$/) })),
  })
  .strict();

export type BackupManifest = z.infer<typeof manifestSchema>;

export type BackupErrorCode =
  | 'tool_failed'
  | 'not_an_archive'
  | 'bad_manifest'
  | 'unsupported_format'
  | 'checksum_mismatch'
  | 'unexpected_file'
  | 'missing_file'
  | 'kind_mismatch'
  | 'newer_backup'
  | 'target_in_use'
  | 'target_not_empty'
  | 'restore_failed';

/** A refusal or failure of a backup or restore, with a reason code and a sentence for people. */
export class BackupError extends Error {
  constructor(
    readonly code: BackupErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

/** The long steps, reported with `done` of `total` (files or bytes). */
export type BackupStep = 'dump' | 'collect' | 'hash' | 'extract' | 'verify' | 'database' | 'uploads';
export type BackupProgress = (step: BackupStep, done: number, total: number) => void;

/** The open PGlite instance's dump, as PGlite 0.5 provides it. */
type DumpablePglite = { dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<File | Blob> };

/** What to back up: the open PGlite instance, or a PostgreSQL database by connection string. */
export type BackupSource = { db: Db } & ({ kind: 'pglite'; client: DumpablePglite } | { kind: 'postgres'; url: string; pgBinDir?: string | undefined });

/**
 * The source behind an open database handle: its PGlite instance, or the PostgreSQL database its
 * pool connects to. Throws when neither applies.
 */
export function backupSourceOf(db: Db, { pgBinDir }: { pgBinDir?: string | undefined } = {}): BackupSource {
  const client = (db as unknown as { $client?: Partial<DumpablePglite> & { options?: { connectionString?: string } } }).$client;
  if (client && typeof client.dumpDataDir === 'function') return { kind: 'pglite', client: client as DumpablePglite, db };
  const url = client?.options?.connectionString;
  if (url) return { kind: 'postgres', url, pgBinDir, db };
  throw new Error('This database can be backed up neither as PGlite nor as PostgreSQL.');
}

/** Every regular file under `root` as a sorted list of `/`-separated relative paths (symlinks are skipped). */
function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), relative);
      else if (entry.isFile()) out.push(relative);
    }
  };
  walk(root, '');
  return out.sort();
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

function stamp(date = new Date()): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/** A fresh private folder under `parent` for work in progress. */
function workFolder(parent: string, prefix: string): string {
  fs.mkdirSync(parent, { recursive: true });
  const dir = path.join(parent, `${prefix}-${randomBytes(6).toString('hex')}`);
  fs.mkdirSync(dir, { mode: 0o700 });
  return dir;
}

/** A backup ready to stream: its manifest, a file name, the archive as a stream, and cleanup. */
export type PreparedBackup = {
  manifest: BackupManifest;
  /** `dimora-backup-pglite-20270115T093000Z.tar` */
  fileName: string;
  /** The archive; read it once. */
  stream(): Readable;
  /** Deletes the work folder (after the stream ended or was abandoned). */
  cleanup(): Promise<void>;
};

/**
 * Dumps the database, gathers the uploads and writes the manifest in a work folder under
 * `workDir` (on the uploads' file system, so uploads are hard-linked, not copied: a snapshot
 * that later uploads cannot change). Throws `BackupError('tool_failed')` when pg_dump is missing
 * or fails; the work folder is then removed.
 */
export async function prepareBackup({
  source,
  uploadsDir,
  workDir,
  onProgress,
}: {
  source: BackupSource;
  uploadsDir: string;
  workDir: string;
  onProgress?: BackupProgress | undefined;
}): Promise<PreparedBackup> {
  const staging = workFolder(workDir, '.backup');
  const cleanup = () => fs.promises.rm(staging, { recursive: true, force: true });
  try {
    fs.mkdirSync(path.join(staging, 'database'));
    const createdAt = new Date();
    const [engine, migrations] = await Promise.all([
      source.db.execute(sql`select current_setting('server_version') as version`) as Promise<unknown>,
      readMigrationStatus(source.db),
    ]);
    const engineVersion = String((engine as { rows?: { version?: string }[] }).rows?.[0]?.version ?? 'unknown');

    onProgress?.('dump', 0, 1);
    const databaseFile = source.kind === 'pglite' ? PGLITE_DUMP : POSTGRES_DUMP;
    if (source.kind === 'pglite') {
      const dump = await source.client.dumpDataDir('gzip');
      await pipeline(Readable.fromWeb(dump.stream() as never), fs.createWriteStream(path.join(staging, databaseFile)));
    } else {
      try {
        await runPgTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${path.join(staging, databaseFile)}`], {
          url: source.url,
          binDir: source.pgBinDir,
        });
      } catch (error) {
        if (error instanceof PgToolError) throw new BackupError('tool_failed', error.message);
        throw error;
      }
    }
    onProgress?.('dump', 1, 1);

    const uploads = listFiles(uploadsDir);
    for (const [index, relative] of uploads.entries()) {
      const target = path.join(staging, 'uploads', relative);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      try {
        fs.linkSync(path.join(uploadsDir, relative), target);
      } catch {
        fs.copyFileSync(path.join(uploadsDir, relative), target);
      }
      onProgress?.('collect', index + 1, uploads.length);
    }

    const files = [databaseFile, ...uploads.map((relative) => `uploads/${relative}`)];
    const parts: BackupManifest['parts'] = [];
    for (const [index, relative] of files.entries()) {
      const full = path.join(staging, relative);
      parts.push({ path: relative, bytes: fs.statSync(full).size, sha256: await sha256Of(full) });
      onProgress?.('hash', index + 1, files.length);
    }
    const last = migrations.applied.at(-1);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: createdAt.toISOString(),
      app: { version: APP_VERSION },
      database: { kind: source.kind, engineVersion, file: databaseFile },
      migrations: { applied: migrations.applied.length, last: last ? (last.tag ?? last.hash) : null },
      parts,
    };
    fs.writeFileSync(path.join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return {
      manifest,
      fileName: `dimora-backup-${source.kind}-${stamp(createdAt)}.tar`,
      // The manifest first, so a reader finds it without scanning the archive.
      stream: () => Readable.from(tar.c({ cwd: staging, portable: true }, [MANIFEST_FILE, ...files])),
      cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}

/**
 * Writes a backup to `out` (refusing to overwrite unless `overwrite`): through `out.partial`,
 * renamed when complete, so a failed run never leaves a file that looks whole. Answers the
 * manifest and the archive's size in bytes.
 */
export async function writeBackupFile({
  out,
  overwrite = false,
  ...options
}: Parameters<typeof prepareBackup>[0] & { out: string; overwrite?: boolean }): Promise<{ manifest: BackupManifest; bytes: number }> {
  if (!overwrite && fs.existsSync(out)) throw new BackupError('target_not_empty', `${out} exists already: choose another file or pass --force.`);
  const prepared = await prepareBackup(options);
  const partial = `${out}.partial`;
  try {
    await pipeline(prepared.stream(), fs.createWriteStream(partial));
    fs.renameSync(partial, out);
    return { manifest: prepared.manifest, bytes: fs.statSync(out).size };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await prepared.cleanup();
  }
}

/**
 * Unpacks `archive` into a work folder under `workDir` and checks it: a manifest of a known
 * format, exactly the files it lists (no link, no path outside the folder), each with its size
 * and SHA-256. Answers the folder and the manifest; the caller removes the folder. Throws
 * `BackupError` (`not_an_archive`, `bad_manifest`, `unsupported_format`, `unexpected_file`,
 * `missing_file`, `checksum_mismatch`) and then removes the folder itself.
 */
export async function unpackBackup({ archive, workDir, onProgress }: { archive: string; workDir: string; onProgress?: BackupProgress | undefined }) {
  const staging = workFolder(workDir, '.restore');
  try {
    const refused: string[] = [];
    onProgress?.('extract', 0, 1);
    try {
      await tar.x({
        file: archive,
        cwd: staging,
        strict: true,
        preservePaths: false,
        filter: (entryPath, entry) => {
          const type = 'type' in entry ? entry.type : 'File';
          if (type === 'File' || type === 'OldFile' || type === 'ContiguousFile' || type === 'Directory') return true;
          refused.push(entryPath);
          return false;
        },
      });
    } catch (error) {
      throw new BackupError('not_an_archive', `${archive} is not a readable backup archive (${(error as Error).message}).`);
    }
    onProgress?.('extract', 1, 1);
    if (refused.length > 0) throw new BackupError('unexpected_file', `The archive holds links or special files (${refused.slice(0, 3).join(', ')}): refused.`);

    const manifestPath = path.join(staging, MANIFEST_FILE);
    if (!fs.existsSync(manifestPath)) throw new BackupError('bad_manifest', 'The archive has no manifest.json: it is not a Dimora backup.');
    let raw: unknown;
    try {
      raw = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
    } catch {
      throw new BackupError('bad_manifest', 'The manifest is not valid JSON.');
    }
    const format = (raw as { formatVersion?: unknown } | null)?.formatVersion;
    if (typeof format === 'number' && format > BACKUP_FORMAT_VERSION) {
      throw new BackupError('unsupported_format', `This backup uses format ${format}; this version of Dimora reads format ${BACKUP_FORMAT_VERSION} or older.`);
    }
    const parsed = manifestSchema.safeParse(raw);
    if (!parsed.success) throw new BackupError('bad_manifest', `The manifest is not a Dimora backup manifest (${parsed.error.issues[0]?.path.join('.') ?? 'format'}).`);
    const manifest = parsed.data;

    const listed = new Map(manifest.parts.map((part) => [part.path, part]));
    const present = listFiles(staging).filter((file) => file !== MANIFEST_FILE);
    const extra = present.filter((file) => !listed.has(file));
    if (extra.length > 0) throw new BackupError('unexpected_file', `The archive holds files its manifest does not list (${extra.slice(0, 3).join(', ')}): refused.`);
    const missing = manifest.parts.filter((part) => !present.includes(part.path));
    if (missing.length > 0) throw new BackupError('missing_file', `Files listed in the manifest are missing (${missing.slice(0, 3).map((part) => part.path).join(', ')}).`);
    if (!listed.has(manifest.database.file)) throw new BackupError('missing_file', 'The manifest lists no database dump.');
    for (const [index, part] of manifest.parts.entries()) {
      const full = path.join(staging, part.path);
      if (fs.statSync(full).size !== part.bytes || (await sha256Of(full)) !== part.sha256) {
        throw new BackupError('checksum_mismatch', `${part.path} does not match its checksum: the archive was changed or damaged. Nothing was restored.`);
      }
      onProgress?.('verify', index + 1, manifest.parts.length);
    }
    return { staging, manifest };
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Where to restore: a PGlite data directory, or a PostgreSQL database. */
export type RestoreTarget = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; pgBinDir?: string | undefined };

export type RestoreResult = {
  manifest: BackupManifest;
  /** What was in the way and was kept, renamed (data directory, uploads). */
  keptAside: string[];
};

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
    const sessions = await client.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
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
 * and creates an empty `public`, in one transaction. Answers `undo()` (drop what was restored,
 * rename the originals back) and `drop()` (drop the originals once the restore succeeded).
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
  const present = await client
    .query<{ name: string }>(`select nspname as name from pg_namespace where nspname in ('public', 'drizzle')`)
    .finally(() => client.end());
  const names = present.rows.map((row) => row.name);
  const aside = (name: string) => pg.escapeIdentifier(`${name}_replaced_${suffix}`);
  await run([...names.map((name) => `alter schema ${pg.escapeIdentifier(name)} rename to ${aside(name)}`), 'create schema public']);
  return {
    undo: () => run(['drop schema if exists drizzle cascade', 'drop schema if exists public cascade', ...names.map((name) => `alter schema ${aside(name)} rename to ${pg.escapeIdentifier(name)}`)]),
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
 * Replaced folders are kept on disk, renamed `<name>.replaced-<time>`.
 */
export async function restoreBackup({
  archive,
  target,
  uploadsDir,
  force = false,
  onProgress,
}: {
  archive: string;
  target: RestoreTarget;
  uploadsDir: string;
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
      throw new BackupError('kind_mismatch', `This backup is of ${names[manifest.database.kind]}; restore it into the same kind, not into ${names[target.kind]}.`);
    }
    if (manifest.migrations.applied > KNOWN_MIGRATIONS.length) {
      throw new BackupError('newer_backup', `This backup has ${manifest.migrations.applied} migrations applied; this version of Dimora knows ${KNOWN_MIGRATIONS.length}. Restore it with Dimora ${manifest.app.version} or newer.`);
    }
  };
  const checkTarget = async (): Promise<{ tables: number }> => {
    if (target.kind === 'pglite') {
      if (!isEmptyDir(live) && !force) {
        throw new BackupError('target_not_empty', `${live} already holds a database. Restore into an empty DATA_DIR, or pass --force to replace it (it is kept as pglite.replaced-<time>).`);
      }
      return { tables: 0 };
    }
    const state = await inspectPostgres(target.url);
    if (state.otherSessions > 0) {
      throw new BackupError('target_in_use', `The database has ${state.otherSessions} other session(s) (is a Dimora server running?): stop every server using it first.`);
    }
    if (state.tables > 0 && !force) {
      throw new BackupError('target_not_empty', 'The database already holds tables. Restore into an empty database, or pass --force to drop its public and drizzle schemas first.');
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
      if (!(await isPgliteDump(dump))) throw new BackupError('restore_failed', 'The embedded database in this backup is not a readable PGlite data directory.');
      try {
        const client = new PGlite(restoring, { loadDataDir: await fs.openAsBlob(dump) });
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
        await runPgTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', dump], { url: target.url, binDir: target.pgBinDir });
      } catch (error) {
        await replaced?.undo();
        if (error instanceof PgToolError) throw new BackupError('restore_failed', error.message);
        throw error;
      }
      await replaced?.drop();
      onProgress?.('database', 1, 1);
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
