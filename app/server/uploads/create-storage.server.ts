/**
 * Which upload store the server uses (DESIGN §4 "Files", §6): the S3-compatible bucket when the
 * environment names one (`S3_BUCKET`, parsed in env.server.ts), otherwise the local folder — the
 * default for a single machine.
 */
import type { S3StorageConfig } from './s3-storage.server';
import { createS3Storage } from './s3-storage.server';
import { createLocalStorage, type UploadStorage } from './storage.server';

/**
 * The store for `env.s3` (a bucket) or, when that is null, the local folder `uploadsDir`
 * (`DATA_DIR/uploads`). Creates no bucket and makes no request; throws only on an invalid S3
 * config (see `createS3Storage`).
 */
export function createStorage(env: { readonly s3: Readonly<S3StorageConfig> | null }, uploadsDir: string): UploadStorage {
  return env.s3 ? createS3Storage(env.s3) : createLocalStorage(uploadsDir);
}
