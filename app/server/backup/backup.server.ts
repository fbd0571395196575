/**
 * Backups and restores of a whole Dimora installation (decision 019): the database
 * and the uploads folder in one archive (decision 019).
 *
 * The archive is an uncompressed tar (its parts are compressed already) holding, in order:
 * - `manifest.json`: format and version, database kind and engine version, app version,
 *   migration level, creation time, and the size and SHA-256 of every other file;
 * - the database: `database/pglite-data.tar.gz` (PGlite's `dumpDataDir`, a copy of its data
 *   directory) or `database/postgres.dump` (`pg_dump --format=custom`);
 * - `uploads/…`: every file of `DATA_DIR/uploads`, or, when the uploads live in a bucket
 *   (`S3_*`, decision 057), every object of the bucket under its key: the same layout either
 *   way, so an archive restores into a folder or a bucket, whichever the restoring side uses.
 *
 * A restore verifies the manifest and every checksum before it touches anything, refuses a
 * running server (the PGlite lock; other connections to the PostgreSQL database), refuses a
 * target that holds data unless forced, and keeps what it replaces on disk
 * (`pglite.replaced-<time>`, `uploads.replaced-<time>`). A PGlite backup restores into PGlite
 * and a PostgreSQL one into PostgreSQL: the dumps are of different kinds.
 *
 * This module writes and verifies archives; `restore.server.ts` restores them.
 * Importable by plain tsx (scripts/backup.ts, scripts/restore.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { z } from 'zod';
import { APP_VERSION } from '../app-info.server';
import type { Db } from '../db/client.server';
import { readMigrationStatus } from '../db/migrations-info.server';
import { isValidStorageKey, type UploadStorage } from '../uploads/storage.server';
import { PgToolError, runPgTool } from './pg-tools.server';

export const BACKUP_FORMAT = 'dimora-backup';
/** Bumped when the archive's layout changes; a restore refuses versions it does not know. */
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
const PGLITE_DUMP = 'database/pglite-data.tar.gz';
const POSTGRES_DUMP = 'database/postgres.dump';

/** The manifest's shape (a restore checks it before anything else). */
export const manifestSchema = z
  .object({
    format: z.literal(BACKUP_FORMAT),
    formatVersion: z.number().int().min(1),
    createdAt: z.iso.datetime(),
    app: z.object({ version: z.string().max(50) }),
    database: z.object({
      kind: z.enum(['pglite', 'postgres']),
      engineVersion: z.string().max(200),
      file: z.enum([PGLITE_DUMP, POSTGRES_DUMP]),
    }),
    migrations: z.object({ applied: z.number().int().min(0), last: z.string().max(200).nullable() }),
    parts: z.array(
      z.object({ path: z.string().min(1).max(1_000), bytes: z.number().int().min(0), sha256: z.string().regex(/^[a-f0-9]{64}$/) }),
    ),
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
export type BackupSource = { db: Db } & (
  { kind: 'pglite'; client: DumpablePglite } | { kind: 'postgres'; url: string; pgBinDir?: string | undefined }
);

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
  return sha256OfStream(fs.createReadStream(file));
}

/** The SHA-256 (lowercase hex) of everything `body` streams, read to its end. */
export async function sha256OfStream(body: Readable): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(body, hash);
  return hash.digest('hex');
}

/** A compact UTC timestamp for file names: `20270115T093000Z`. */
export function stamp(date = new Date()): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
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
 * Hard-links (or, across file systems, copies) every file under `uploadsDir` into `target`,
 * reporting `collect` per file: a snapshot that later uploads cannot change. Answers the relative
 * paths, sorted.
 */
function collectFolder(uploadsDir: string, target: string, onProgress: BackupProgress | undefined): string[] {
  const files = listFiles(uploadsDir);
  for (const [index, relative] of files.entries()) {
    const file = path.join(target, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.linkSync(path.join(uploadsDir, relative), file);
    } catch {
      fs.copyFileSync(path.join(uploadsDir, relative), file);
    }
    onProgress?.('collect', index + 1, files.length);
  }
  return files;
}

/**
 * Copies every object of `bucket` into `target/<key>`, one object at a time, streamed to disk
 * (never more than a stream's buffer in memory), reporting `collect` per object. Keys the stores
 * would refuse (`isValidStorageKey`) are not Dimora's and are left out, and so is an object deleted
 * between the listing and its download. Answers the keys copied, sorted. Throws what the store
 * throws (an unreachable bucket, refused credentials).
 */
async function collectBucket(bucket: UploadStorage, target: string, onProgress: BackupProgress | undefined): Promise<string[]> {
  const keys = (await bucket.list()).filter(isValidStorageKey).sort();
  const copied: string[] = [];
  for (const [index, key] of keys.entries()) {
    const object = await bucket.get(key);
    if (object) {
      const file = path.join(target, key);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      await pipeline(object.body, fs.createWriteStream(file));
      copied.push(key);
    }
    onProgress?.('collect', index + 1, keys.length);
  }
  return copied;
}

/**
 * Dumps the database, gathers the uploads and writes the manifest in a work folder under
 * `workDir`. Uploads come from `uploadsDir` (on the work folder's file system, so hard-linked,
 * not copied: a snapshot that later uploads cannot change), or, when `bucket` is given (the
 * store of `S3_*`, decision 057), from every object of the bucket, downloaded one at a time into
 * the work folder under the same layout. Throws `BackupError('tool_failed')` when pg_dump is
 * missing or fails, and what the bucket throws; the work folder is then removed.
 */
export async function prepareBackup({
  source,
  uploadsDir,
  bucket,
  workDir,
  onProgress,
}: {
  source: BackupSource;
  uploadsDir: string;
  /** The bucket the uploads live in; unset: the folder `uploadsDir`. */
  bucket?: UploadStorage | null | undefined;
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

    const into = path.join(staging, 'uploads');
    const uploads = bucket ? await collectBucket(bucket, into, onProgress) : collectFolder(uploadsDir, into, onProgress);

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
  if (!overwrite && fs.existsSync(out))
    throw new BackupError('target_not_empty', `${out} exists already: choose another file or pass --force.`);
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
export async function unpackBackup({
  archive,
  workDir,
  onProgress,
}: {
  archive: string;
  workDir: string;
  onProgress?: BackupProgress | undefined;
}) {
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
    if (refused.length > 0)
      throw new BackupError('unexpected_file', `The archive holds links or special files (${refused.slice(0, 3).join(', ')}): refused.`);

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
      throw new BackupError(
        'unsupported_format',
        `This backup uses format ${format}; this version of Dimora reads format ${BACKUP_FORMAT_VERSION} or older.`,
      );
    }
    const parsed = manifestSchema.safeParse(raw);
    if (!parsed.success)
      throw new BackupError(
        'bad_manifest',
        `The manifest is not a Dimora backup manifest (${parsed.error.issues[0]?.path.join('.') ?? 'format'}).`,
      );
    const manifest = parsed.data;

    const listed = new Map(manifest.parts.map((part) => [part.path, part]));
    const present = listFiles(staging).filter((file) => file !== MANIFEST_FILE);
    const extra = present.filter((file) => !listed.has(file));
    if (extra.length > 0)
      throw new BackupError(
        'unexpected_file',
        `The archive holds files its manifest does not list (${extra.slice(0, 3).join(', ')}): refused.`,
      );
    const missing = manifest.parts.filter((part) => !present.includes(part.path));
    if (missing.length > 0)
      throw new BackupError(
        'missing_file',
        `Files listed in the manifest are missing (${missing
          .slice(0, 3)
          .map((part) => part.path)
          .join(', ')}).`,
      );
    if (!listed.has(manifest.database.file)) throw new BackupError('missing_file', 'The manifest lists no database dump.');
    for (const [index, part] of manifest.parts.entries()) {
      const full = path.join(staging, part.path);
      if (fs.statSync(full).size !== part.bytes || (await sha256Of(full)) !== part.sha256) {
        throw new BackupError(
          'checksum_mismatch',
          `${part.path} does not match its checksum: the archive was changed or damaged. Nothing was restored.`,
        );
      }
      onProgress?.('verify', index + 1, manifest.parts.length);
    }
    return { staging, manifest };
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}
