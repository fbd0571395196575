/**
 * The job runner (decision 014), grown from the transactional outbox (decision 009): business
 * changes write the jobs they cause (e-mails, notifications, alert matching…) as `outbox` rows in
 * the same transaction; this worker runs them afterwards. A crash can therefore never lose a job
 * whose change committed, nor run one for a change that rolled back.
 *
 * - **Handlers** belong to the features (STYLE: the runner knows no domain): each feature exports
 *   a `JobHandlers` map (topic → handler); `server/jobs.ts` joins them and hands them to
 *   `startOutboxWorker`. A topic without a handler is an error, retried like any other.
 * - **Exactly-once effects**: `dedupeKey` makes a second enqueue of the same job a no-op, and a
 *   handler that writes to the database marks its row done in its own transaction (`markDone`).
 *   An e-mail whose sending succeeded but whose row could not be marked (crash) is sent again.
 * - **Retries**: a failing handler records `last_error` and waits 5 s, 10 s, 20 s… (≤ 1 h), up to
 *   OUTBOX_MAX_ATTEMPTS; then the row stays with its error (retried by hand in /admin/database).
 * - **Several instances**: rows are claimed with `FOR UPDATE SKIP LOCKED` by pushing
 *   `available_at` ahead by a lease; schedules advance with one conditional UPDATE (below).
 * - **Schedules**: `JobSchedule`s (cron, UTC, evaluated by croner) live in `job_schedule`. The
 *   instance whose UPDATE moves `next_run_at` forward enqueues that run (dedupe key
 *   `schedule:<name>:<due time>`), so a run happens once however many instances tick. A run missed
 *   while every instance was down is enqueued once at the next start (its job catches up).
 *
 * Importable by plain tsx (server/index.ts): no Vite-only imports.
 */
import { Cron } from 'croner';
import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.server';
import { jobSchedule, outbox } from '../db/schema';
import type { Logger } from '../logger.server';
import type { Mailer } from '../mail/mailer.server';

/** One job to enqueue. `payload` must be JSON and hold no secret or card data. */
export type OutboxMessage = {
  topic: string;
  payload: unknown;
  /** A second message with the same key is ignored (for as long as the first row is kept). */
  dedupeKey?: string;
  /** Run no earlier than this (default: now). */
  availableAt?: Date;
};

/** What every handler may use. `publicUrl` is the site's origin for links in e-mails. */
export type JobContext = {
  db: Db;
  mailer: Mailer;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  publicUrl: string;
};

/** A claimed job as its handler receives it. `attempts` counts this one. */
export type ClaimedJob<P = unknown> = { id: number; topic: string; payload: P; attempts: number };

/**
 * Runs one job. Throwing means "failed, retry later". A handler whose effect is a database write
 * should make it in a transaction that also calls `markDone(tx)`, so the effect and the job's
 * completion commit together (exactly once).
 */
export type JobHandler = (job: ClaimedJob, context: JobContext & { markDone(tx: Db): Promise<void> }) => Promise<void>;

/** The handlers of one feature (or all of them), by topic. */
export type JobHandlers = Readonly<Record<string, JobHandler>>;

/** A recurring job: enqueue `topic` with payload `{ scheduledFor: ISO time }` on `cron` (UTC). */
export type JobSchedule = { name: string; cron: string; topic: string };

/** Attempts before a message is given up (it stays in the table with its last error). */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** How long a claimed row is reserved for the worker that claimed it. */
const CLAIM_LEASE_S = 120;
/** Processed rows are deleted after this many days (they hold personal data). */
const RETENTION_DAYS = 30;
/** How often the worker looks for due schedules. */
const SCHEDULE_CHECK_MS = 15_000;

/**
 * Writes jobs. Call it with the transaction that makes the business change, so the jobs exist
 * exactly when the change does. Messages whose `dedupeKey` already exists are skipped.
 */
export async function enqueueOutbox(db: Db, messages: readonly OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db
    .insert(outbox)
    .values(
      messages.map((message) => ({
        topic: message.topic,
        payload: message.payload,
        dedupeKey: message.dedupeKey ?? null,
        ...(message.availableAt ? { availableAt: message.availableAt } : {}),
      })),
    )
    .onConflictDoNothing({ target: outbox.dedupeKey });
}

/** Seconds to wait before attempt `attempts + 1`: 5 s, 10 s, 20 s … capped at one hour. */
export function outboxBackoffS(attempts: number): number {
  return Math.min(3_600, 5 * 2 ** Math.max(0, attempts - 1));
}

type Deps = JobContext & { handlers: JobHandlers };

async function markDone(db: Db, id: number): Promise<void> {
  await db.update(outbox).set({ processedAt: new Date(), lastError: null }).where(eq(outbox.id, id));
}

/**
 * Claims up to `limit` due jobs and runs them with `handlers`. Returns how many succeeded and
 * how many failed (and will be retried, or were given up after OUTBOX_MAX_ATTEMPTS). Never
 * throws for a failing handler; database errors while claiming propagate.
 */
export async function processOutboxBatch(deps: Deps & { limit?: number }): Promise<{ processed: number; failed: number }> {
  const { db, logger, handlers, limit = 20 } = deps;
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNull(outbox.processedAt), lte(outbox.availableAt, sql`now()`), lt(outbox.attempts, OUTBOX_MAX_ATTEMPTS)))
    .orderBy(asc(outbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(outbox)
    .set({ attempts: sql`${outbox.attempts} + 1`, availableAt: sql`now() + make_interval(secs => ${CLAIM_LEASE_S})` })
    .where(inArray(outbox.id, due))
    .returning({ id: outbox.id, topic: outbox.topic, payload: outbox.payload, attempts: outbox.attempts });
  claimed.sort((a, b) => a.id - b.id);

  let processed = 0;
  let failed = 0;
  for (const row of claimed) {
    try {
      const handler = Object.hasOwn(handlers, row.topic) ? handlers[row.topic] : undefined;
      if (!handler) throw new Error(`unknown outbox topic "${row.topic}"`);
      await handler(row, { db, mailer: deps.mailer, logger, publicUrl: deps.publicUrl, markDone: (tx) => markDone(tx, row.id) });
      await markDone(db, row.id);
      processed += 1;
      logger.info({ outboxId: row.id, topic: row.topic }, 'outbox message delivered');
    } catch (error) {
      failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      const givenUp = row.attempts >= OUTBOX_MAX_ATTEMPTS;
      await db
        .update(outbox)
        .set({ lastError: message.slice(0, 1_000), availableAt: sql`now() + make_interval(secs => ${outboxBackoffS(row.attempts)})` })
        .where(eq(outbox.id, row.id));
      const details = { err: error, outboxId: row.id, topic: row.topic, attempts: row.attempts };
      if (givenUp) logger.error(details, 'outbox message given up');
      else logger.warn(details, 'outbox message failed; will retry');
    }
  }
  return { processed, failed };
}

/** Deletes processed messages older than RETENTION_DAYS. Returns how many went. */
export async function pruneOutbox({ db }: { db: Db }): Promise<number> {
  const gone = await db
    .delete(outbox)
    .where(sql`${outbox.processedAt} < now() - make_interval(days => ${RETENTION_DAYS})`)
    .returning({ id: outbox.id });
  return gone.length;
}

/** The first run of `cron` (UTC) strictly after `from`. Throws for an invalid expression. */
export function nextRunOf(cron: string, from: Date): Date {
  const next = new Cron(cron, { timezone: 'UTC', paused: true }).nextRun(from);
  if (!next) throw new Error(`cron "${cron}" has no next run`);
  return next;
}

/** The schedules' functions: the database, the app's schedules, and the instant taken as now (default: the clock). */
type ScheduleArgs = { db: Db; schedules: readonly JobSchedule[]; now?: Date };

/**
 * Registers `schedules` in `job_schedule`: new ones start at their next run from `now`; a
 * schedule whose cron changed is re-timed; others keep their `next_run_at` (so a run missed
 * while the server was down is still due).
 */
export async function syncSchedules({ db, schedules, now = new Date() }: ScheduleArgs): Promise<void> {
  for (const schedule of schedules) {
    const next = nextRunOf(schedule.cron, now);
    await db
      .insert(jobSchedule)
      .values({ name: schedule.name, cron: schedule.cron, nextRunAt: next })
      .onConflictDoUpdate({
        target: jobSchedule.name,
        set: {
          cron: schedule.cron,
          nextRunAt: sql`CASE WHEN ${jobSchedule.cron} = ${schedule.cron} THEN ${jobSchedule.nextRunAt} ELSE ${next} END`,
        },
      });
  }
}

/**
 * Enqueues every schedule that is due at `now`, once: a schedule is claimed by moving its
 * `next_run_at` from the value read to the next run after `now` (a conditional UPDATE, so two
 * instances cannot both claim it), and its job (dedupe key `schedule:<name>:<due ISO>`) is
 * written in the same transaction. Returns the names enqueued.
 */
export async function enqueueDueSchedules({ db, schedules, now = new Date() }: ScheduleArgs): Promise<string[]> {
  const byName = new Map(schedules.map((schedule) => [schedule.name, schedule]));
  if (byName.size === 0) return [];
  const due = await db
    .select()
    .from(jobSchedule)
    .where(and(inArray(jobSchedule.name, [...byName.keys()]), lte(jobSchedule.nextRunAt, now)));
  const enqueued: string[] = [];
  for (const row of due) {
    const schedule = byName.get(row.name);
    if (!schedule) continue;
    const claimed = await db.transaction(async (tx) => {
      const moved = await tx
        .update(jobSchedule)
        .set({ nextRunAt: nextRunOf(schedule.cron, now), lastRunAt: now })
        .where(and(eq(jobSchedule.name, row.name), eq(jobSchedule.nextRunAt, row.nextRunAt)))
        .returning({ name: jobSchedule.name });
      if (moved.length === 0) return false;
      const scheduledFor = row.nextRunAt.toISOString();
      await enqueueOutbox(tx, [{ topic: schedule.topic, payload: { scheduledFor }, dedupeKey: `schedule:${row.name}:${scheduledFor}` }]);
      return true;
    });
    if (claimed) enqueued.push(row.name);
  }
  return enqueued;
}

/** A periodic in-process task the worker runs between batches (e.g. payment reconciliation). */
export type WorkerTask = { name: string; everyMs: number; run: () => Promise<unknown> };

/**
 * Starts the job runner: a batch every `intervalMs` (1 s by default; at once again while batches
 * come back full), due `schedules` every 15 s (registered first with `syncSchedules`), `tasks` at
 * their own pace and an hourly prune. The timer is unref'd, so it never keeps the process alive.
 * Returns `stop()`, which resolves after the batch in progress (if any) has finished.
 */
export function startOutboxWorker({
  intervalMs = 1_000,
  tasks = [],
  schedules = [],
  ...deps
}: Deps & { intervalMs?: number; tasks?: WorkerTask[]; schedules?: readonly JobSchedule[] }): () => Promise<void> {
  const all: WorkerTask[] = [
    ...tasks,
    { name: 'outbox-prune', everyMs: 3_600_000, run: () => pruneOutbox(deps) },
    ...(schedules.length
      ? [{ name: 'job-schedules', everyMs: SCHEDULE_CHECK_MS, run: () => enqueueDueSchedules({ db: deps.db, schedules }) }]
      : []),
  ];
  const lastRun = new Map<string, number>(all.map((task) => [task.name, Date.now()]));
  // Schedules are registered, and any run missed while the server was down enqueued, at start.
  lastRun.set('job-schedules', 0);
  let ready: Promise<void> = schedules.length
    ? syncSchedules({ db: deps.db, schedules }).catch((error: unknown) =>
        deps.logger.error({ err: error }, 'job schedules could not be registered'),
      )
    : Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const tick = async () => {
    let again = false;
    try {
      await ready;
      ready = Promise.resolve();
      const { processed, failed } = await processOutboxBatch(deps);
      again = processed + failed >= 20;
      for (const task of all) {
        if (stopped || Date.now() - (lastRun.get(task.name) ?? 0) < task.everyMs) continue;
        lastRun.set(task.name, Date.now());
        await task.run().catch((error: unknown) => deps.logger.error({ err: error, task: task.name }, 'outbox worker task failed'));
      }
    } catch (error) {
      deps.logger.error({ err: error }, 'outbox batch failed');
    }
    schedule(again ? 0 : intervalMs);
  };
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = tick();
    }, delay);
    timer.unref();
  };
  schedule(intervalMs);

  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await current;
  };
}
