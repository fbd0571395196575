/**
 * Moving an installation's uploads from the local folder into a bucket (decision 057,
 * `npm run storage:migrate`): every file of `DATA_DIR/uploads` is copied to the object of the
 * same key. The copy is idempotent and resumable without a journal: each object is written
 * all-or-nothing (see `UploadStorage.put`), and an object that already holds the file's bytes
 * (same size, same checksum) is skipped, so a rerun after an interruption copies only what is
 * missing. Local files are never deleted or changed. Importable by plain tsx.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';
import { createLocalStorage, isValidStorageKey, type UploadStorage } from './storage.server';

/** The long step of a migration, reported with `done` of `total` files. */
export type MigrateStep = 'copy';
export type MigrateProgress = (step: MigrateStep, done: number, total: number) => void;

/** What happened to the files of the folder. */
export type MigrateResult = {
  /** Keys copied into the bucket (with `dryRun`: that would be), sorted. */
  copied: string[];
  /** Keys the bucket already held with the same bytes, left alone. */
  skipped: string[];
  /** Keys the bucket held with other bytes (a broken earlier copy), written over; also in `copied`. */
  replaced: string[];
  /** Files whose names are no storage key (temporary `.part` files, strays): not copied. */
  ignored: string[];
  /** Bytes copied (with `dryRun`: that would be). */
  bytes: number;
};

const optionsSchema = z.object({ uploadsDir: z.string().min(1), dryRun: z.boolean() });

/** MD5 (hex, as a single-part S3 ETag is) and SHA-256 (hex) of a stream, read to its end. */
async function digestsOf(body: Readable): Promise<{ md5: string; sha256: string }> {
  const md5 = createHash('md5');
  const sha256 = createHash('sha256');
  await pipeline(body, async function (source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      md5.update(chunk);
      sha256.update(chunk);
    }
  });
  return { md5: md5.digest('hex'), sha256: sha256.digest('hex') };
}

/**
 * Whether `bucket` holds `key` with exactly `size` bytes hashing to `local` (null: no such object
 * at all; false: an object with other bytes), decided from a plain-MD5 entity tag when the store
 * gives one (a single-part S3 upload), else by reading the object through SHA-256. An object of
 * another size is never read.
 */
async function holdsSameBytes(
  bucket: UploadStorage,
  key: string,
  size: number,
  local: { md5: string; sha256: string },
): Promise<boolean | null> {
  const stored = await bucket.get(key);
  if (!stored) return null;
  const tag = stored.etag?.match(/^"?([0-9a-f]{32})"?$/)?.[1];
  if (stored.size !== size || tag) {
    stored.body.destroy();
    return stored.size === size && tag === local.md5;
  }
  return (await digestsOf(stored.body)).sha256 === local.sha256;
}

/**
 * Copies every file under `uploadsDir` into `bucket` under its relative path as key, one file at
 * a time and streamed (never a whole file in memory), skipping objects that already hold the same
 * bytes, and reporting `copy` per file. With `dryRun` nothing is written: the result names what
 * would be copied. Never deletes or changes a local file. Throws what the bucket throws (an
 * unreachable endpoint, missing bucket or credentials), and `Error` when an object does not read
 * back with the size just written; whatever was copied before stays copied (rerun to finish).
 */
export async function migrateUploadsToBucket({
  uploadsDir,
  bucket,
  dryRun = false,
  onProgress,
}: {
  uploadsDir: string;
  bucket: UploadStorage;
  dryRun?: boolean;
  onProgress?: MigrateProgress | undefined;
}): Promise<MigrateResult> {
  optionsSchema.parse({ uploadsDir, dryRun });
  const root = path.resolve(uploadsDir);
  const all = (await createLocalStorage(root).list()).sort();
  const keys = all.filter(isValidStorageKey);
  const result: MigrateResult = { copied: [], skipped: [], replaced: [], ignored: all.filter((key) => !isValidStorageKey(key)), bytes: 0 };
  onProgress?.('copy', 0, keys.length);
  for (const [index, key] of keys.entries()) {
    const file = path.join(root, key);
    const size = (await fs.promises.stat(file)).size;
    const same = await holdsSameBytes(bucket, key, size, await digestsOf(fs.createReadStream(file)));
    if (same) {
      result.skipped.push(key);
    } else {
      if (!dryRun) {
        const written = await bucket.putStream(key, fs.createReadStream(file));
        if (written.size !== size) throw new Error(`${key}: ${written.size} bytes stored for a file of ${size}`);
      }
      result.copied.push(key);
      if (same === false) result.replaced.push(key);
      result.bytes += size;
    }
    onProgress?.('copy', index + 1, keys.length);
  }
  return result;
}
