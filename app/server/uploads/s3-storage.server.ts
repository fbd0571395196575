/**
 * The upload store in an S3-compatible bucket (DESIGN §4 "Files", §6: files live in a bucket, so
 * any instance serves any file). Same contract as the local store (`storage.server.ts`): the same
 * key check before any request, all-or-nothing writes (an S3 PUT, and a multipart upload that is
 * aborted on failure, never leave a partial object), `get` streams the object and answers null
 * for a missing key, `list` reads every page. Works with AWS S3 and self-hosted servers (MinIO,
 * Garage, R2, s3rver in tests): path-style addressing for a custom endpoint, and checksums only
 * where the API requires them — since 3.729 the SDK adds CRC32 to every PUT and checks it on every
 * GET, which several of those servers refuse or do not send.
 */
import { pipeline, Transform, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { checkedStorageKey, contentTypeOfKey, storageKeyOf, storageUrlOf, type UploadStorage } from './storage.server';

/** The smallest part S3 accepts in a multipart upload (all but the last): 5 MiB. */
export const S3_MIN_PART_BYTES = 5 * 1024 * 1024;

export type S3StorageConfig = {
  bucket: string;
  /** The bucket's region (`us-east-1` for most self-hosted servers). */
  region: string;
  /** A custom endpoint (`http://127.0.0.1:9000`, `https://<account>.r2.cloudflarestorage.com`); unset: AWS. */
  endpoint?: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (needed by most self-hosted servers). */
  forcePathStyle?: boolean;
  /** Static keys; unset: the SDK's default chain (environment, shared config, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Keys asked for per ListObjectsV2 page (1–1000, default 1000; tests use a small one). */
  listPageSize?: number;
  /** Bytes per part of a streamed multipart upload (≥ 5 MiB, the default). */
  partSize?: number;
};

/** True when `error` is S3's answer that the key (or the bucket) does not exist. */
function isNotFound(error: unknown): boolean {
  if (error instanceof NoSuchKey) return true;
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404);
}

/**
 * A store over `config.bucket` (which must exist). Every method checks its key with the local
 * store's rule before any request (`invalid storage key` errors); S3 errors other than a missing
 * key are thrown as the SDK's `S3ServiceException`s. Throws at once when `partSize` is below 5 MiB
 * or `listPageSize` outside 1–1000.
 */
export function createS3Storage(config: S3StorageConfig): UploadStorage {
  const partSize = config.partSize ?? S3_MIN_PART_BYTES;
  const listPageSize = config.listPageSize ?? 1000;
  if (partSize < S3_MIN_PART_BYTES) throw new Error(`S3 part size below 5 MiB: ${partSize}`);
  if (!Number.isInteger(listPageSize) || listPageSize < 1 || listPageSize > 1000)
    throw new Error(`S3 list page size outside 1–1000: ${listPageSize}`);
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
    // A copy: the SDK marks the credentials it is given (their `$source`), and the environment's
    // config is frozen.
    credentials: config.credentials ? { ...config.credentials } : undefined,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  return {
    async put(key, data) {
      const Key = checkedStorageKey(key);
      await client.send(
        new PutObjectCommand({ Bucket, Key, Body: data, ContentLength: data.byteLength, ContentType: contentTypeOfKey(Key) }),
      );
    },
    async putStream(key, body) {
      const Key = checkedStorageKey(key);
      let size = 0;
      const counted = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(null, chunk);
        },
      });
      // A failing source destroys `counted` with its error, so the upload fails (and aborts its
      // parts) instead of storing a short object; the upload's own failure is awaited below.
      pipeline(body, counted, () => undefined);
      // Under one part: a single PUT; over it: a multipart upload, one part in memory at a time.
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: counted, ContentType: contentTypeOfKey(Key) },
        partSize,
        queueSize: 1,
        leavePartsOnError: false,
      });
      await upload.done();
      return { size };
    },
    async get(key) {
      const Key = checkedStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key }));
        if (!object.Body) return null;
        return {
          // The SDK's body on Node is the response's IncomingMessage: a Readable.
          body: object.Body as Readable,
          size: object.ContentLength ?? 0,
          etag: object.ETag ?? null,
          lastModified: object.LastModified ?? null,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      const Key = checkedStorageKey(key);
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    async list(prefix = '') {
      const keys: string[] = [];
      const pages = paginateListObjectsV2({ client, pageSize: listPageSize }, { Bucket, Prefix: prefix || undefined });
      for await (const page of pages) for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      return keys;
    },
    urlOf: storageUrlOf,
    keyOf: storageKeyOf,
  };
}
