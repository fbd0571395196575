/**
 * "Download a backup" on /admin/database (decision 019), the page adapter of POST
 * /admin/database/backup (named as decision 037 says): the live database (PGlite:
 * `dumpDataDir` on the open instance; PostgreSQL: `pg_dump`) and the uploads as one archive,
 * streamed as an attachment, never cached, audited. Admins only. On PGlite the dump holds the
 * database for its duration (seconds for a small office; see docs/OPERATIONS.md).
 *
 * The form is a plain document post with no fields (the browser saves the answer), so there is
 * no `handleFormAction` here: its answers are a file or a redirect, never an `ActionResult`.
 * Not `fileResponse` (`~/server/http/download.server`) either: the archive keeps its own headers,
 * `Cache-Control: no-store, no-transform` (no proxy may re-encode the archive) and the plain
 * `filename="dimora-backup-….tar"`, which is ASCII by construction (the route tests match
 * that header exactly).
 */
import { Readable } from 'node:stream';
import { redirect } from 'react-router';
import { assertAdmin } from '~/features/admin/admin.server';
import { recordAuditEvent, requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { backupSourceOf, prepareBackup } from '~/server/backup/backup.server';
import type { DimoraLoadContext } from '~/server/load-context';

type DownloadArgs = {
  request: Request;
  context: DimoraLoadContext;
  actor: Viewer;
  /** DATA_DIR/uploads. */
  uploadsDir: string;
  /** True when the uploads live in a bucket (`S3_*`, decision 057): `context.storage` is then backed up instead of `uploadsDir`. */
  inBucket?: boolean;
  /** Where the work folder goes (DATA_DIR: the uploads' file system). */
  workDir: string;
  pgBinDir?: string | undefined;
};

/**
 * The backup as a download (`application/x-tar`, `Content-Disposition: attachment`,
 * `Cache-Control: no-store, no-transform`), audited as `backup_downloaded` (file name, kind,
 * number of parts) before the first byte. `uploadsDir` is DATA_DIR/uploads (or, with `inBucket`,
 * the bucket of `context.storage` is read object by object), `workDir` where the
 * work folder goes, `pgBinDir` where pg_dump is (PostgreSQL). When it cannot be made (pg_dump
 * missing or failing), a 303 back to /admin/database?backup=failed#backups, logged. The work
 * folder is removed when the download ends or is abandoned, and when the audit row cannot be
 * written (which then throws: a 500). Throws for a non-admin `actor` (`assertAdmin`).
 */
export async function backupDownloadResponse({
  request,
  context,
  actor,
  uploadsDir,
  inBucket = false,
  workDir,
  pgBinDir,
}: DownloadArgs): Promise<Response> {
  assertAdmin(actor);
  let prepared;
  try {
    prepared = await prepareBackup({
      source: backupSourceOf(context.db, { pgBinDir }),
      uploadsDir,
      bucket: inBucket ? context.storage : null,
      workDir,
    });
  } catch (error) {
    context.logger.error({ err: error }, 'backup could not be made');
    return redirect('/admin/database?backup=failed#backups', 303);
  }
  try {
    await recordAuditEvent({
      db: context.db,
      userId: actor.id,
      action: 'backup_downloaded',
      origin: requestOrigin(request, context.clientIp),
      tableName: 'backup',
      values: { file: prepared.fileName, kind: prepared.manifest.database.kind, parts: prepared.manifest.parts.length },
    });
  } catch (error) {
    // No audit row, no download; and the prepared dump (a copy of every row) is not left behind.
    await prepared.cleanup();
    throw error;
  }
  const stream = prepared.stream();
  let cleaned = false;
  const cleanup = () => {
    if (cleaned) return;
    cleaned = true;
    void prepared.cleanup();
  };
  stream.once('end', cleanup);
  stream.once('error', (error) => {
    context.logger.error({ err: error }, 'backup download failed');
    cleanup();
  });
  stream.once('close', cleanup);
  request.signal.addEventListener('abort', () => stream.destroy(), { once: true });
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': 'application/x-tar',
      'Content-Disposition': `attachment; filename="${prepared.fileName}"`,
      'Cache-Control': 'no-store, no-transform',
    },
  });
}
