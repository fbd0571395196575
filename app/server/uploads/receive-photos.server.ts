/**
 * The photo upload pipeline in one call (decision 017; maintenance photos and vendor
 * documents reuse its parts): read a multipart body as it streams, check and re-encode each photo
 * as it arrives, store its variants under random names, and keep the list of what was written in
 * an `UploadBatch`, so the caller can undo every file when anything later fails (a refused file,
 * a full owner, a database error). The caller writes its own rows (owner, order) in one
 * transaction after this resolves, and discards the batch if that transaction does not commit.
 */
import { randomBytes } from 'node:crypto';
import {
  PHOTO_MAX_FILE_BYTES,
  PHOTO_MAX_FILES_PER_REQUEST,
  PHOTO_MAX_REQUEST_BYTES,
  PHOTO_WIDTHS,
  type PhotoMimeType,
} from '~/lib/uploads';
import { readMultipart, type ReceivedFile } from './multipart.server';
import { processPhoto, type ProcessedPhoto } from './photo-variants.server';
import { PRIVATE_KEY_PREFIX, type UploadStorage } from './storage.server';
import { UploadError } from './upload-error.server';

/** One stored photo: the facts a `document` row keeps. */
export type StoredPhoto = {
  /** Storage key of the largest variant (`photos/ab/<random>-1200.webp`, `private/photos/…` for a private photo). */
  key: string;
  /** Its URL (what `image_urls` and `photo_urls` hold): `/media/…`, or `/files/…` for a private photo. */
  url: string;
  /** Every variant's key, largest last. */
  keys: string[];
  /** The type the upload really was (the stored files are WebP). */
  mime: PhotoMimeType;
  /** Bytes stored, all variants together. */
  sizeBytes: number;
  /** SHA-256 (hex) of the upload as received. */
  sha256: string;
  /** Size of the largest variant (px). */
  width: number;
  height: number;
  /** The client's file name, sanitised (a label only), or null. */
  originalName: string | null;
};

/** The files written for one request, so they can all be removed again. */
export type UploadBatch = {
  readonly keys: readonly string[];
  put(key: string, data: Uint8Array): Promise<void>;
  /** Deletes every file written so far (never throws; failures are reported to `onError`). */
  discard(): Promise<void>;
};

export function createUploadBatch(storage: UploadStorage, onError: (error: unknown, key: string) => void = () => undefined): UploadBatch {
  const keys: string[] = [];
  return {
    keys,
    async put(key, data) {
      // Recorded first: a write that fails half-way is cleaned up too.
      keys.push(key);
      await storage.put(key, data);
    },
    async discard() {
      const pending = keys.splice(0);
      await Promise.all(pending.map((key) => storage.delete(key).catch((error: unknown) => onError(error, key))));
    },
  };
}

/**
 * Who may see a photo: `public` (listing and building photos, served by `/media` to anyone) or
 * `private` (maintenance and work-order photos: stored under `private/`, served only by the
 * guarded `/files/` route to those who may see their request or work order).
 */
export type PhotoAccess = 'public' | 'private';

/** A fresh random base name: 128 bits, hex, in a folder named by its first two characters (`private/photos/…` for private photos). */
export function randomPhotoBase(access: PhotoAccess = 'public'): string {
  const id = randomBytes(16).toString('hex');
  return `${access === 'private' ? PRIVATE_KEY_PREFIX : ''}photos/${id.slice(0, 2)}/${id}`;
}

/** The key of one width of a photo whose largest variant is `key` (`…-1200.webp` → `…-400.webp`). */
export function variantKey(key: string, width: number): string {
  return key.replace(/-\d+\.webp$/, `-${width}.webp`);
}

/** Processes one received file and stores its variants through `batch`, public unless `access` says `private`. */
export async function storePhoto({
  file,
  batch,
  storage,
  access = 'public',
}: {
  file: ReceivedFile;
  batch: UploadBatch;
  storage: UploadStorage;
  access?: PhotoAccess;
}): Promise<StoredPhoto> {
  const fileName = file.fileName || undefined;
  if (file.size === 0) throw new UploadError('empty_file', { fileName });
  const processed = await processPhoto(file.data, { fileName, widths: PHOTO_WIDTHS });
  return storeProcessedPhoto({ processed, batch, storage, access, sha256: file.sha256, originalName: file.fileName || null });
}

/**
 * Stores the variants of a photo already processed (`processPhoto` with `PHOTO_WIDTHS`) under a
 * fresh random key through `batch`: what `storePhoto` does after processing, also used by the
 * demo seed to store one processed picture many times. `sha256` is the original's (hex).
 */
export async function storeProcessedPhoto({
  processed,
  batch,
  storage,
  access,
  sha256,
  originalName,
}: {
  processed: ProcessedPhoto;
  batch: UploadBatch;
  storage: UploadStorage;
  access: PhotoAccess;
  sha256: string;
  originalName: string | null;
}): Promise<StoredPhoto> {
  const base = randomPhotoBase(access);
  const keys: string[] = [];
  let sizeBytes = 0;
  for (const [index, variant] of processed.variants.entries()) {
    const key = `${base}-${PHOTO_WIDTHS[index]}.webp`;
    await batch.put(key, variant.data);
    keys.push(key);
    sizeBytes += variant.data.length;
  }
  const largest = processed.variants[processed.variants.length - 1]!;
  const key = keys[keys.length - 1]!;
  return {
    key,
    url: storage.urlOf(key),
    keys,
    mime: processed.mime,
    sizeBytes,
    sha256,
    width: largest.width,
    height: largest.height,
    originalName,
  };
}

/**
 * Reads the multipart `body` and stores every photo in it (any file field), at most `maxFiles`.
 * Resolves with the stored photos in the order sent. Throws `UploadError` for the first refused
 * file or limit (`not_multipart`, `malformed`, `bad_field`, `no_file`, `bad_file_name`,
 * `too_many_files`, `file_too_large`, `request_too_large`, `empty_file`, `unsupported_type`,
 * `too_many_pixels`, `unreadable_image`); what was stored before stays in `batch` for the caller
 * to discard (it always must, on any failure).
 */
export async function receivePhotos({
  storage,
  batch,
  body,
  contentType,
  signal,
  maxFiles = PHOTO_MAX_FILES_PER_REQUEST,
}: {
  storage: UploadStorage;
  batch: UploadBatch;
  body: ReadableStream<Uint8Array> | null;
  contentType: string | null;
  signal?: AbortSignal;
  maxFiles?: number;
}): Promise<StoredPhoto[]> {
  const stored: StoredPhoto[] = [];
  await readMultipart({
    body,
    contentType,
    signal,
    limits: { maxFileBytes: PHOTO_MAX_FILE_BYTES, maxFiles, maxRequestBytes: PHOTO_MAX_REQUEST_BYTES, maxFields: 10, maxFieldBytes: 1_000 },
    onFile: async (file) => {
      stored.push(await storePhoto({ file, batch, storage }));
    },
  });
  if (stored.length === 0) throw new UploadError('no_file');
  return stored;
}
