/**
 * `npm run restore -- --in FILE [--force]`: restores an archive written by `npm run backup` or
 * downloaded from /admin/database (decision 019) into the database the
 * server uses (PostgreSQL when DATABASE_URL is set, else PGlite under DATA_DIR) and DATA_DIR's
 * uploads folder — or, with S3_* set, the bucket, each object read back and checked (decision
 * 057); a bucket holding objects is refused unless --force. Every checksum is verified before anything is touched; a running server is
 * refused; a database that holds data is refused unless --force. What is replaced is kept,
 * renamed (`*.replaced-<time>`).
 * Exit codes: 0 done, 1 refused or failed, 2 bad arguments.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from '../app/server/backup/backup.server';
import { restoreBackup } from '../app/server/backup/restore.server';
import { createS3Storage } from '../app/server/uploads/s3-storage.server';
import { DataDirLockedError } from '../app/server/db/client.server';
import { failWith, loadEnv, oneLine, parseCommandLine, type Fail } from './lib/cli';
import { terminalProgress } from './lib/progress';

const COMMAND = 'restore';
const USAGE = `Usage: npm run restore -- --in FILE [--force]

Restores a backup archive into the database the server uses (PostgreSQL when DATABASE_URL is set,
else the embedded PGlite under DATA_DIR) and DATA_DIR/uploads, or the bucket when S3_BUCKET is set
(it may be a fresh, empty one). Stop every server first.
  --in FILE   the archive (.tar) written by "npm run backup" or downloaded from /admin/database
  --force     replace a database that already holds data (PGlite: kept as pglite.replaced-<time>;
              PostgreSQL: its public and drizzle schemas are dropped; a bucket: the backup's
              objects are written over, no other object is deleted)
  --help      show this help

Nothing is changed unless every checksum of the archive matches its manifest.`;

async function main(): Promise<void> {
  const fail: Fail = failWith(COMMAND);
  const args = parseCommandLine(COMMAND, { in: { type: 'string' }, force: { type: 'boolean', default: false } }, USAGE);
  if (!args) return;
  if (typeof args.in !== 'string' || args.in.trim() === '') fail('missing --in FILE (see --help)', 2);
  const archive = path.resolve(args.in);
  if (!fs.existsSync(archive)) fail(`${archive} does not exist.`, 2);
  const env = await loadEnv(COMMAND);
  // Decision 055: the restored tables belong to whoever restores them, so the owner role does;
  // the next server start grants the application role its privileges again.
  const target = env.DATABASE_URL
    ? ({ kind: 'postgres', url: env.DATABASE_OWNER_URL ?? env.DATABASE_URL, pgBinDir: env.PG_BIN_DIR } as const)
    : ({ kind: 'pglite', dataDir: env.dataDir } as const);
  const where = target.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${path.join(env.dataDir, 'pglite')}`;
  const uploadsTo = env.s3 ? `the bucket ${env.s3.bucket}` : env.uploadsDir;
  process.stderr.write(`Restoring ${archive} into ${where} and ${uploadsTo}\n`);

  const progress = terminalProgress();
  try {
    const started = performance.now();
    const { manifest, keptAside } = await restoreBackup({
      archive,
      target,
      uploadsDir: env.uploadsDir,
      bucket: env.s3 ? createS3Storage(env.s3) : null,
      force: args.force === true,
      onProgress: progress.report,
    });
    progress.stop();
    const uploads = manifest.parts.length - 1;
    process.stdout.write(
      `Restored the backup of ${manifest.createdAt} (Dimora ${manifest.app.version}, migration ${manifest.migrations.last ?? 'none'}): ` +
        `database and ${uploads} uploaded file${uploads === 1 ? '' : 's'}${env.s3 ? ' into the bucket' : ''} in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`,
    );
    for (const kept of keptAside) process.stdout.write(`Kept what it replaced as ${kept} (delete it when you no longer need it).\n`);
    process.stdout.write('Start the server: it applies any newer migrations on start.\n');
  } catch (error) {
    progress.stop();
    const message = error instanceof BackupError || error instanceof DataDirLockedError ? error.message : oneLine(error);
    process.stderr.write(`${COMMAND}: ${message}\n`);
    process.exitCode = 1;
  }
}

await main();
