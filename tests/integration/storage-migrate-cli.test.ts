/**
 * `npm run storage:migrate` as an operator runs it (decision 057): a real process on a throwaway
 * DATA_DIR, the bucket in s3rver on loopback. Without S3_BUCKET it refuses with exit code 2; a dry
 * run copies nothing; a run copies the folder and says local files stay; a rerun copies nothing.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Storage } from '~/server/uploads/s3-storage.server';
import type { S3StorageConfig } from '~/server/uploads/s3-storage.server';
import { runTsx, type Run } from '../setup/run-tsx';
import { envWithBucket, startS3Server, type TestS3Server } from '../setup/s3';

let s3: TestS3Server;
let dataDir: string;

function migrate(args: string[], bucket: S3StorageConfig | null): Promise<Run> {
  const env = envWithBucket({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } as Record<string, string>, bucket);
  return runTsx('scripts/storage-migrate.ts', args, env);
}

beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dimora-migrate-cli-'));
  fs.mkdirSync(path.join(dataDir, 'uploads', 'photos', 'ab'), { recursive: true });
  fs.writeFileSync(path.join(dataDir, 'uploads', 'photos', 'ab', '0123456789abcdef0123456789abcdef-400.webp'), randomBytes(4_000));
  fs.writeFileSync(path.join(dataDir, 'uploads', 'photos', 'ab', '0123456789abcdef0123456789abcdef-800.webp'), randomBytes(9_000));
});

afterAll(async () => {
  await s3?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run storage:migrate', () => {
  it('refuses with exit code 2 when no bucket is configured', { timeout: 60_000 }, async () => {
    const run = await migrate([], null);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('storage:migrate: no bucket is configured');
  });

  it('a dry run lists, a run copies and keeps the local files, a rerun copies nothing', { timeout: 90_000 }, async () => {
    const config = await s3.newBucket();
    const bucket = createS3Storage(config);

    const dry = await migrate(['--dry-run'], config);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('would copy photos/ab/0123456789abcdef0123456789abcdef-400.webp');
    expect(dry.stdout).toContain('Dry run: would copy 2 files');
    expect(await bucket.list()).toEqual([]);

    const run = await migrate([], config);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Copied 2 files \([\d.]+ KB\) into dimora-test-[0-9a-f]+; 0 files already there; in [\d.]+ s\.$/m);
    expect(run.stdout).toContain('Local files were not deleted.');
    expect((await bucket.list()).sort()).toHaveLength(2);
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'photos', 'ab'))).toHaveLength(2);

    const again = await migrate([], config);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^Copied 0 files \(0 B\) into .*; 2 files already there;/m);
  });
});
