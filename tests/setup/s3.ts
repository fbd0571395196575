/**
 * A real S3-compatible server for tests (DESIGN §6: files in an S3-compatible bucket):
 * `@20minutes/s3rver` (the maintained fork of s3rver) in this process, on 127.0.0.1 and a free
 * port, keeping its objects in a temporary folder. It checks request signatures with its fixed
 * key pair `S3RVER`/`S3RVER` — except on bucket-level requests (list, create), which the SDK
 * sends and signs as `/<bucket>/` while s3rver recomputes the signature over `/<bucket>`: those
 * two can never agree, so only there a mismatch is let through. `config` names a bucket created at
 * start; `newBucket` makes another empty one (a store per test group).
 */
import crypto, { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from '@20minutes/s3rver';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '~/server/uploads/s3-storage.server';

/** `/<bucket>/`: a request on a bucket, not an object, as the SDK writes its path. */
const BUCKET_LEVEL = /^\/[a-z0-9][a-z0-9.-]*\/$/;

export type TestS3Server = {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  /** The store config of the bucket created at start (path-style, s3rver's keys). */
  config: S3StorageConfig;
  /** Every request received so far, as `METHOD /path?query`, in arrival order. */
  requests: string[];
  /** Creates an empty bucket (a random name unless given) and returns its store config. */
  newBucket(name?: string): Promise<S3StorageConfig>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
};

let desBridged = false;

/**
 * s3rver encrypts ListObjectsV2 continuation tokens with single DES, which OpenSSL 3 keeps in its
 * legacy provider (Node 17+ throws ERR_OSSL_EVP_UNSUPPORTED: a truncated listing is a 500).
 * Triple DES with the key repeated three times computes exactly single DES and is in the default
 * provider, so `des` is answered by it; nothing else in the process asks for `des`.
 */
function bridgeSingleDes(): void {
  if (desBridged) return;
  desBridged = true;
  const tripled = (key: crypto.CipherKey) => Buffer.concat([key as Buffer, key as Buffer, key as Buffer]);
  const { createCipheriv, createDecipheriv } = crypto;
  const cipher = ((algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null, options?: unknown) =>
    algorithm === 'des'
      ? createCipheriv('des-ede3-cbc', tripled(key), iv)
      : createCipheriv(algorithm, key, iv, options as never)) as typeof createCipheriv;
  const decipher = ((algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null, options?: unknown) =>
    algorithm === 'des'
      ? createDecipheriv('des-ede3-cbc', tripled(key), iv)
      : createDecipheriv(algorithm, key, iv, options as never)) as typeof createDecipheriv;
  crypto.createCipheriv = cipher;
  crypto.createDecipheriv = decipher;
}

/** Starts the server on `port` (default: a free one); call `stop()` when done. Rejects when it cannot listen. */
export async function startS3Server({ port: wanted = 0 }: { port?: number } = {}): Promise<TestS3Server> {
  bridgeSingleDes();
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'dimora-s3rver-'));
  const first = `dimora-test-${randomBytes(4).toString('hex')}`;
  const server = new S3rver({ address: '127.0.0.1', port: wanted, silent: true, directory, configureBuckets: [{ name: first }] });
  // Runs first (Koa composes its middleware when it starts listening): this one request's app
  // lets a mismatched signature pass; every object-level request is still checked.
  const requests: string[] = [];
  server.middleware.unshift((ctx, next) => {
    requests.push(`${ctx.method} ${ctx.url}`);
    if (BUCKET_LEVEL.test(ctx.path)) ctx.app = Object.create(ctx.app, { allowMismatchedSignatures: { value: true } }) as S3rver;
    return next();
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const configOf = (bucket: string): S3StorageConfig => ({
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  const admin = new S3Client({
    ...configOf(first),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    config: configOf(first),
    requests,
    async newBucket(name = `dimora-test-${randomBytes(4).toString('hex')}`) {
      await admin.send(new CreateBucketCommand({ Bucket: name }));
      return configOf(name);
    },
    async stop() {
      admin.destroy();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * A child process's environment: `base` without any `S3_*` setting, then the settings that name
 * `bucket` (what app/server/env.server.ts reads), when one is given.
 */
export function envWithBucket(base: Record<string, string>, bucket: S3StorageConfig | null): Record<string, string> {
  const env = Object.fromEntries(Object.entries(base).filter(([name]) => !name.startsWith('S3_')));
  if (!bucket) return env;
  return {
    ...env,
    S3_BUCKET: bucket.bucket,
    S3_REGION: bucket.region,
    ...(bucket.endpoint ? { S3_ENDPOINT: bucket.endpoint } : {}),
    S3_ACCESS_KEY_ID: bucket.credentials!.accessKeyId,
    S3_SECRET_ACCESS_KEY: bucket.credentials!.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}
