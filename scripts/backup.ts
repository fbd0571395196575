/**
 * `npm run backup -- --out FILE [--force]`: writes one archive with the database and the uploads
 * folder — or, with S3_* set, every object of the bucket, under the same layout (decision 057) —
 * (decision 019): PGlite under DATA_DIR (refused while a server
 * holds it: use "Download a backup" in /admin/database then, or stop the server), or the
 * PostgreSQL database of DATABASE_URL (`pg_dump`; fine while servers run).
 * Exit codes: 0 done, 1 refused or failed, 2 bad arguments, 130 interrupted.
 */
import path from 'node:path';
import { BackupError, backupSourceOf, writeBackupFile } from '../app/server/backup/backup.server';
import { createS3Storage } from '../app/server/uploads/s3-storage.server';
import { DataDirLockedError, openDatabase, type Database } from '../app/server/db/client.server';
import { failWith, loadEnv, oneLine, parseCommandLine, type Fail } from './lib/cli';
import { formatSize, terminalProgress } from './lib/progress';

const COMMAND = 'backup';
const USAGE = `Usage: npm run backup -- --out FILE [--force]

Writes one archive (.tar) with the database and the uploads folder (or, with S3_BUCKET set, every
object of the bucket), and a manifest of checksums.
  --out FILE   where to write the archive (refused if it exists, unless --force)
  --force      overwrite FILE
  --help       show this help

The database is the one the server uses: PostgreSQL when DATABASE_URL is set, else the embedded
PGlite under DATA_DIR (stop the server first, or use "Download a backup" in /admin/database).`;

async function main(): Promise<void> {
  const fail: Fail = failWith(COMMAND);
  const args = parseCommandLine(COMMAND, { out: { type: 'string' }, force: { type: 'boolean', default: false } }, USAGE);
  if (!args) return;
  if (typeof args.out !== 'string' || args.out.trim() === '') fail('missing --out FILE (see --help)', 2);
  const out = path.resolve(args.out);
  const env = await loadEnv(COMMAND);

  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.dataDir, poolSize: 2 });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(`${error.message} While it runs, download a backup from /admin/database instead.`);
    }
    fail(oneLine(error));
  }
  const progress = terminalProgress();
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    process.stderr.write('\nInterrupted: cleaning up…\n');
  };
  process.once('SIGINT', onSignal);
  try {
    const where = env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${path.join(env.dataDir, 'pglite')}`;
    const uploadsFrom = env.s3 ? `the bucket ${env.s3.bucket}` : env.uploadsDir;
    process.stderr.write(`Backing up ${where} and ${uploadsFrom}\n`);
    const started = performance.now();
    const { manifest, bytes } = await writeBackupFile({
      source: backupSourceOf(database.db, { pgBinDir: env.PG_BIN_DIR }),
      uploadsDir: env.uploadsDir,
      bucket: env.s3 ? createS3Storage(env.s3) : null,
      workDir: env.dataDir,
      out,
      overwrite: args.force === true,
      onProgress: (step, done, total) => {
        if (interrupted) throw new Error('interrupted');
        progress.report(step, done, total);
      },
    });
    progress.stop();
    const uploads = manifest.parts.length - 1;
    process.stdout.write(
      `Wrote ${out} (${formatSize(bytes)}): ${manifest.database.kind} database at migration ${manifest.migrations.last ?? 'none'} ` +
        `(${manifest.migrations.applied} applied), ${uploads} uploaded file${uploads === 1 ? '' : 's'}${env.s3 ? ' from the bucket' : ''}, ` +
        `in ${((performance.now() - started) / 1000).toFixed(1)} s.\n`,
    );
  } catch (error) {
    progress.stop();
    process.stderr.write(`${COMMAND}: ${error instanceof BackupError ? error.message : oneLine(error)}\n`);
    process.exitCode = interrupted ? 130 : 1;
  } finally {
    process.off('SIGINT', onSignal);
    await database.close();
  }
}

await main();
