/**
 * /admin/database's read models and its one command (decision 019): rows per table,
 * applied migrations, the job runner's outbox (pending, failing, given up — decision 014) and
 * retrying a failed job. Every function takes the acting admin and refuses anyone else.
 */
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { assertAdmin, loadDatabaseFacts, type DatabaseFacts } from '~/features/admin/admin.server';
import { rowsOf } from '~/server/db/rows.server';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { readMigrationStatus, type MigrationStatus } from '~/server/db/migrations-info.server';
import { jobSchedule, outbox } from '~/server/db/schema';
import { OUTBOX_MAX_ATTEMPTS } from '~/server/outbox/outbox.server';

/** Tables whose planner estimate is at least this many rows are shown as estimates (no full scan). */
export const EXACT_COUNT_LIMIT = 50_000;
/** The failed jobs the page lists (newest first). */
export const FAILED_JOBS_SHOWN = 50;

/** `bytes` is null on PGlite (see `countTableRows`). */
export type TableRows = { name: string; rows: number; estimated: boolean; bytes: number | null };

/**
 * Every table of the `public` schema with its row count and, on PostgreSQL, its size on disk
 * (table, indexes and TOAST). Counts are exact (one `UNION ALL` of `count(*)`), except for
 * tables the planner already estimates at EXACT_COUNT_LIMIT rows or more, which show that
 * estimate. PGlite answers the size of each table slowly (≈ 100 ms for all, measured at 75,000
 * units: every size is a walk of its emulated files), so there the page shows the database's
 * size only.
 */
export async function countTableRows({ db, actor }: { db: Db; actor: Viewer }): Promise<TableRows[]> {
  assertAdmin(actor);
  const tables = rowsOf<{ name: string; estimate: string | number; bytes: string | number | null }>(
    await db.execute(sql`
      select c.relname as name, c.reltuples::bigint as estimate,
             case when version() like '%PGlite%' then null else pg_total_relation_size(c.oid) end as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p')
      order by c.relname`),
  );
  const exact = tables.filter((table) => Number(table.estimate) < EXACT_COUNT_LIMIT);
  const counts = new Map<string, number>();
  if (exact.length > 0) {
    const union = sql.join(
      exact.map(
        (table) =>
          sql`select ${table.name}::text as name, count(*)::bigint as n from ${sql.identifier('public')}.${sql.identifier(table.name)}`,
      ),
      sql` union all `,
    );
    for (const row of rowsOf<{ name: string; n: string | number }>(await db.execute(union))) counts.set(row.name, Number(row.n));
  }
  return tables.map((table) => ({
    name: table.name,
    rows: counts.get(table.name) ?? Math.max(0, Number(table.estimate)),
    estimated: !counts.has(table.name),
    bytes: table.bytes === null ? null : Number(table.bytes),
  }));
}

/** The applied migrations (oldest first) and the ones this build has not applied yet. */
export async function listMigrations({ db, actor }: { db: Db; actor: Viewer }): Promise<MigrationStatus> {
  assertAdmin(actor);
  return readMigrationStatus(db);
}

export type OutboxJob = {
  id: number;
  topic: string;
  attempts: number;
  lastError: string | null;
  /** ISO instants. */
  availableAt: string;
  createdAt: string;
  givenUp: boolean;
};

export type OutboxSummary = {
  /** Waiting for their first run (or a retry that has not failed yet). */
  pending: number;
  /** Failed at least once, will be retried with backoff. */
  failing: number;
  /** Failed OUTBOX_MAX_ATTEMPTS times: retried only by hand. */
  givenUp: number;
  /** Done and kept for the retention period. */
  processed: number;
  maxAttempts: number;
  /** Failing and given-up jobs, newest first (at most FAILED_JOBS_SHOWN). Payloads are never shown. */
  failed: OutboxJob[];
};

/** The outbox at a glance (decision 014): counts by state and the failed jobs with their last error. */
export async function loadOutboxSummary({ db, actor }: { db: Db; actor: Viewer }): Promise<OutboxSummary> {
  assertAdmin(actor);
  const [counts] = await db
    .select({
      pending:
        sql<number>`count(*) filter (where ${outbox.processedAt} is null and ${outbox.attempts} < ${OUTBOX_MAX_ATTEMPTS} and ${outbox.lastError} is null)`.mapWith(
          Number,
        ),
      failing:
        sql<number>`count(*) filter (where ${outbox.processedAt} is null and ${outbox.attempts} < ${OUTBOX_MAX_ATTEMPTS} and ${outbox.lastError} is not null)`.mapWith(
          Number,
        ),
      givenUp: sql<number>`count(*) filter (where ${outbox.processedAt} is null and ${outbox.attempts} >= ${OUTBOX_MAX_ATTEMPTS})`.mapWith(
        Number,
      ),
      processed: sql<number>`count(*) filter (where ${outbox.processedAt} is not null)`.mapWith(Number),
    })
    .from(outbox);
  const failed = await db
    .select({
      id: outbox.id,
      topic: outbox.topic,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      availableAt: outbox.availableAt,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(and(isNull(outbox.processedAt), isNotNull(outbox.lastError)))
    .orderBy(desc(outbox.id))
    .limit(FAILED_JOBS_SHOWN);
  return {
    pending: counts?.pending ?? 0,
    failing: counts?.failing ?? 0,
    givenUp: counts?.givenUp ?? 0,
    processed: counts?.processed ?? 0,
    maxAttempts: OUTBOX_MAX_ATTEMPTS,
    failed: failed.map((row) => ({
      ...row,
      availableAt: row.availableAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      givenUp: row.attempts >= OUTBOX_MAX_ATTEMPTS,
    })),
  };
}

export type RetryOutcome = { ok: true; topic: string } | { ok: false; reason: 'not_found' | 'not_failed' };

/**
 * Retries a failed job now: its attempts start again from 0 and it is due at once (the worker of
 * any instance picks it up within a second). Only a job that is not done and has failed (a last
 * error, or given up) can be retried; an unknown id is `not_found`. Audited as `outbox_retried`
 * with the topic, the attempts so far and the last error — never the payload.
 */
export async function retryOutboxJob({
  db,
  actor,
  origin,
  jobId,
}: {
  db: Db;
  actor: Viewer;
  origin: RequestOrigin;
  jobId: number;
}): Promise<RetryOutcome> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({
        id: outbox.id,
        topic: outbox.topic,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        processedAt: outbox.processedAt,
      })
      .from(outbox)
      .where(eq(outbox.id, jobId))
      .for('update');
    if (!job) return { ok: false, reason: 'not_found' } as const;
    if (job.processedAt || (job.lastError === null && job.attempts < OUTBOX_MAX_ATTEMPTS))
      return { ok: false, reason: 'not_failed' } as const;
    await tx
      .update(outbox)
      .set({ attempts: 0, availableAt: sql`now()` })
      .where(eq(outbox.id, jobId));
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'outbox_retried',
      origin,
      tableName: 'outbox',
      values: { outbox_id: job.id, topic: job.topic, attempts_before: job.attempts, last_error: job.lastError },
    });
    return { ok: true, topic: job.topic } as const;
  });
}

export type DatabaseHealth = DatabaseFacts & {
  /** PostgreSQL: open connections to this database and the server's limit; null on PGlite. */
  connections: { open: number; max: number } | null;
};

/** Engine, version, size, round-trip time and (PostgreSQL) connections. */
export async function loadDatabaseHealth({ db, actor }: { db: Db; actor: Viewer }): Promise<DatabaseHealth> {
  const facts = await loadDatabaseFacts({ db, actor });
  if (facts.kind !== 'postgres') return { ...facts, connections: null };
  const [row] = rowsOf<{ open: string | number; max: string | number }>(
    await db.execute(
      sql`select (select count(*) from pg_stat_activity where datname = current_database()) as open, current_setting('max_connections') as max`,
    ),
  );
  return { ...facts, connections: { open: Number(row?.open ?? 0), max: Number(row?.max ?? 0) } };
}

export type ScheduleRow = { name: string; cron: string; nextRunAt: string; lastRunAt: string | null };

/** The job runner's schedules (decision 014): name, cron (UTC), next and last run. */
export async function listSchedules({ db, actor }: { db: Db; actor: Viewer }): Promise<ScheduleRow[]> {
  assertAdmin(actor);
  const rows = await db.select().from(jobSchedule).orderBy(jobSchedule.name);
  return rows.map((row) => ({
    name: row.name,
    cron: row.cron,
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
  }));
}

/**
 * Makes schedule `name` due now: the worker of any instance enqueues its job at its next check
 * (within 15 s), exactly as for a run missed while the servers were down, and the schedule then
 * moves on to its next time. The jobs are idempotent (rent posts once per period, autopay charges
 * once per month), so an extra run is harmless. Audited as `schedule_run_requested`.
 */
export async function runScheduleNow({
  db,
  actor,
  origin,
  name,
}: {
  db: Db;
  actor: Viewer;
  origin: RequestOrigin;
  name: string;
}): Promise<{ ok: true } | { ok: false; reason: 'not_found' }> {
  assertAdmin(actor);
  return db.transaction(async (tx) => {
    const moved = await tx
      .update(jobSchedule)
      .set({ nextRunAt: sql`now()` })
      .where(eq(jobSchedule.name, name))
      .returning({ name: jobSchedule.name });
    if (moved.length === 0) return { ok: false, reason: 'not_found' } as const;
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: 'schedule_run_requested',
      origin,
      tableName: 'job_schedule',
      values: { schedule: name },
    });
    return { ok: true } as const;
  });
}
