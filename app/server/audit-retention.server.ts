/**
 * Audit-log retention (decision 023): deletes old entries of `audit_log`, which is otherwise
 * append-only. The job runs daily (decision 014: a `job_schedule` row, "Run now" in
 * /admin/database). It deletes through `audit_log_purge` (migration 0025, decision 055), a
 * function owned by the owner role that runs with its rights: the application role has no DELETE
 * on `audit_log`, and the append-only trigger lets through only the DELETE that function issues.
 * The run records itself (`audit_retention_run`, with the count and the cut-off) in the same
 * transaction.
 *
 * Importable by plain tsx (server/jobs.ts): no Vite-only imports.
 */
import { sql } from 'drizzle-orm';
import { MIN_AUDIT_RETENTION_DAYS } from '~/lib/constants';
import type { Db } from './db/client.server';
import { recordAuditEvent } from './audit.server';
import type { JobHandlers, JobSchedule } from './outbox/outbox.server';

export const AUDIT_RETENTION_TOPIC = 'audit.retention';

/** Every day at 04:15 UTC. */
export const AUDIT_RETENTION_SCHEDULE: JobSchedule = { name: 'audit-retention', cron: '15 4 * * *', topic: AUDIT_RETENTION_TOPIC };

/**
 * Deletes audit entries created more than `retentionDays` days before the database's clock (a
 * whole number, at least MIN_AUDIT_RETENTION_DAYS) and audits the run. Returns how many were
 * deleted and the cut-off (ISO). Throws a RangeError for a retention out of range (the database
 * function refuses one as well), and on database errors (the transaction rolls back: nothing
 * deleted, nothing recorded).
 */
export async function pruneAuditLog({
  db,
  retentionDays,
}: {
  db: Db;
  retentionDays: number;
}): Promise<{ deleted: number; cutoff: string }> {
  if (!Number.isInteger(retentionDays) || retentionDays < MIN_AUDIT_RETENTION_DAYS)
    throw new RangeError(`retentionDays must be a whole number of at least ${MIN_AUDIT_RETENTION_DAYS}, got ${retentionDays}`);
  return db.transaction(async (tx) => {
    const [purged] = rows<{ deleted: number; cutoff: string | Date }>(
      await tx.execute(sql`select deleted, cutoff from audit_log_purge(${retentionDays}::integer)`),
    );
    const deleted = Number(purged?.deleted ?? 0);
    const cutoff = new Date(purged?.cutoff ?? Date.now()).toISOString();
    await recordAuditEvent({
      db: tx as unknown as Db,
      userId: null,
      action: 'audit_retention_run',
      origin: { ip: 'server', userAgent: 'audit-retention-job' },
      tableName: 'audit_log',
      values: { deleted, retention_days: retentionDays, cutoff },
    });
    return { deleted, cutoff };
  });
}

function rows<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** The job's handler, for `retentionDays` (AUDIT_RETENTION_DAYS, read by server/jobs.ts). */
export function auditRetentionJobHandlers(retentionDays: number): JobHandlers {
  return {
    [AUDIT_RETENTION_TOPIC]: async (_job, { db, logger }) => {
      const { deleted, cutoff } = await pruneAuditLog({ db, retentionDays });
      logger.info({ deleted, cutoff, retentionDays }, 'old audit entries deleted');
    },
  };
}
