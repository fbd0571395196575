/**
 * `npm run storage:migrate [-- --dry-run]`: copies the uploads folder (DATA_DIR/uploads) into the
 * bucket of S3_* (decision 057), before switching an installation to the bucket or while it
 * still runs on the folder. Idempotent and resumable: objects that already hold a file's bytes are
 * skipped, so an interrupted run is finished by running it again. Local files are never deleted.
 * Exit codes: 0 done, 1 failed, 2 bad arguments or no bucket configured, 130 interrupted.
 */
import { migrateUploadsToBucket, type MigrateResult, type MigrateStep } from '../app/server/uploads/migrate-to-bucket.server';
import { createS3Storage } from '../app/server/uploads/s3-storage.server';
import { failWith, loadEnv, oneLine, parseCommandLine, type Fail } from './lib/cli';
import { formatSize, terminalProgress } from './lib/progress';

const COMMAND = 'storage:migrate';
const USAGE = `Usage: npm run storage:migrate [-- --dry-run]

Copies every file of DATA_DIR/uploads into the bucket named by S3_BUCKET (with S3_REGION,
S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE). Files the bucket
already holds with the same bytes are skipped, so running it again finishes an interrupted copy.
Local files are never deleted: remove DATA_DIR/uploads yourself once the servers use the bucket.
  --dry-run   list what would be copied, copy nothing
  --help      show this help`;

const LABELS: Record<MigrateStep, string> = { copy: 'Copying uploads into the bucket' };

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function summary(result: MigrateResult, dryRun: boolean, bucket: string, seconds: number): string {
  const lines: string[] = [];
  if (dryRun) {
    for (const key of result.copied) lines.push(`would copy ${key}${result.replaced.includes(key) ? ' (differs in the bucket)' : ''}`);
    lines.push(
      `Dry run: would copy ${plural(result.copied.length, 'file')} (${formatSize(result.bytes)}) into ${bucket}; ` +
        `${plural(result.skipped.length, 'file')} already there. Nothing was written.`,
    );
  } else {
    lines.push(
      `Copied ${plural(result.copied.length, 'file')} (${formatSize(result.bytes)}) into ${bucket}` +
        (result.replaced.length ? `, ${result.replaced.length} of them over a differing object` : '') +
        `; ${plural(result.skipped.length, 'file')} already there; in ${seconds.toFixed(1)} s.`,
    );
  }
  if (result.ignored.length)
    lines.push(`Left out ${plural(result.ignored.length, 'file')} whose names are no upload key (e.g. ${result.ignored[0]}).`);
  lines.push('Local files were not deleted.');
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const fail: Fail = failWith(COMMAND);
  const args = parseCommandLine(COMMAND, { 'dry-run': { type: 'boolean', default: false } }, USAGE);
  if (!args) return;
  const dryRun = args['dry-run'] === true;
  const env = await loadEnv(COMMAND);
  if (!env.s3) fail('no bucket is configured: set S3_BUCKET (and the other S3_* variables) to the bucket to copy the uploads into.', 2);

  const progress = terminalProgress(LABELS);
  let interrupted = false;
  const onSignal = () => {
    interrupted = true;
    process.stderr.write('\nInterrupted: stopping after the current file (run again to finish)…\n');
  };
  process.once('SIGINT', onSignal);
  try {
    process.stderr.write(`${dryRun ? 'Checking' : 'Copying'} ${env.uploadsDir} into the bucket ${env.s3.bucket}\n`);
    const started = performance.now();
    const result = await migrateUploadsToBucket({
      uploadsDir: env.uploadsDir,
      bucket: createS3Storage(env.s3),
      dryRun,
      onProgress: (step, done, total) => {
        if (interrupted) throw new Error('interrupted');
        progress.report(step, done, total);
      },
    });
    progress.stop();
    process.stdout.write(summary(result, dryRun, env.s3.bucket, (performance.now() - started) / 1000));
  } catch (error) {
    progress.stop();
    process.stderr.write(`${COMMAND}: ${oneLine(error)}${interrupted ? '' : ' Run it again to finish; local files were not deleted.'}\n`);
    process.exitCode = interrupted ? 130 : 1;
  } finally {
    process.off('SIGINT', onSignal);
  }
}

await main();
