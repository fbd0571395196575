/**
 * Audit-log retention (decision 023): the one deleter of `audit_log`, which is otherwise
 * append-only (the trigger of migration 0012 refuses UPDATE, DELETE and TRUNCATE). The job runs
 * daily (decision 014: a `job_schedule` row, "Run now" in /admin/database); its transaction sets
 * `dimora.audit_retention = on` with SET LOCAL — the only value the trigger lets a DELETE
 * through with — deletes the entries older than the retention period, and records itself
 * (`audit_retention_run`, with the count and the cut-off) in the same transaction.
 *
 * Importable by plain tsx (server/jobs.ts): no Vite-only imports.
 */
import { sql } from 'drizzle-orm';
import type { Db } from './db/client.server';
import { recordAuditEvent } from './audit.server';
import type { JobHandlers, JobSchedule } from './outbox/outbox.server';

export const AUDIT_RETENTION_TOPIC = 'audit.retention';

/** Every day at 04:15 UTC. */
export const AUDIT_RETENTION_SCHEDULE: JobSchedule = { name: 'audit-retention', cron: '15 4 * * *', topic: AUDIT_RETENTION_TOPIC };

/**
 * Deletes audit entries created more than `retentionDays` days before `now` (default: the
 * database's clock) and audits the run. Returns how many were deleted. Throws on database errors
 * (the transaction rolls back: nothing deleted, nothing recorded).
 */
export async function pruneAuditLog({
  db,
  retentionDays,
  now,
}: {
  db: Db;
  retentionDays: number;
  now?: Date;
}): Promise<{ deleted: number; cutoff: string }> {
  if (!Number.isInteger(retentionDays) || retentionDays < 1)
    throw new Error(`retentionDays must be a positive whole number, got ${retentionDays}`);
  return db.transaction(async (tx) => {
    const reference = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
    const [cut] = rows<{ cutoff: string | Date }>(
      await tx.execute(sql`select (${reference} - make_interval(days => ${retentionDays})) as cutoff`),
    );
    const cutoff = new Date(cut?.cutoff ?? Date.now()).toISOString();
    await tx.execute(sql`select set_config('dimora.audit_retention', 'on', true)`);
    const result = await tx.execute(
      sql`with gone as (delete from "audit_log" where "created_at" < ${cutoff}::timestamptz returning 1) select count(*)::int as deleted from gone`,
    );
    await tx.execute(sql`select set_config('dimora.audit_retention', 'off', true)`);
    const deleted = Number(rows<{ deleted: number }>(result)[0]?.deleted ?? 0);
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
