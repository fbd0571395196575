/**
 * POST /admin/database/backup (admin only; decision 019): streams a backup of the live
 * database and the uploads (the folder, or the bucket with S3_*: decision 057) as a download. A GET answers 405: making a backup is an action.
 */
import { data } from 'react-router';
import { backupDownloadResponse } from '~/features/ops/backup-download.page.server';
import { requireRole } from '~/server/auth/session.server';
import { env } from '~/server/env.server';
import type { Route } from './+types/database.backup';

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireRole(request, context, 'admin');
  throw data(null, { status: 405, headers: { Allow: 'POST' } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireRole(request, context, 'admin');
  return backupDownloadResponse({
    request,
    context,
    actor,
    uploadsDir: env.uploadsDir,
    inBucket: env.s3 !== null,
    workDir: env.dataDir,
    pgBinDir: env.PG_BIN_DIR,
  });
}
