/**
 * "Download a backup" on /admin/database (decision 019): the live database (PGlite:
 * `dumpDataDir` on the open instance; PostgreSQL: `pg_dump`) and the uploads as one archive,
 * streamed as an attachment, never cached, audited. Admins only. On PGlite the dump holds the
 * database for its duration (seconds for a small office; see docs/OPERATIONS.md).
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
  /** Where the work folder goes (DATA_DIR: the uploads' file system). */
  workDir: string;
  pgBinDir?: string | undefined;
};

/**
 * The backup as a download (`application/x-tar`, `Content-Disposition: attachment`,
 * `Cache-Control: no-store, no-transform`), audited as `backup_downloaded` (file name, kind,
 * number of parts) before the first byte. When it cannot be made (pg_dump missing or failing),
 * a 303 back to /admin/database?backup=failed, logged. The work folder is removed when the
 * download ends or is abandoned, and when the audit row cannot be written (which then throws).
 */
export async function backupDownloadResponse({ request, context, actor, uploadsDir, workDir, pgBinDir }: DownloadArgs): Promise<Response> {
  assertAdmin(actor);
  let prepared;
  try {
    prepared = await prepareBackup({ source: backupSourceOf(context.db, { pgBinDir }), uploadsDir, workDir });
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
