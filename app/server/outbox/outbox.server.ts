/**
 * The transactional outbox (issue "nothing lost"; schema `outbox`): business changes write the
 * e-mails and notifications they cause as outbox rows in the same transaction; this worker
 * delivers them afterwards. A crash can therefore never leave an application without its
 * confirmation e-mail or staff notification, nor send one for a change that rolled back.
 *
 * Delivery is at least once: rows are claimed with `FOR UPDATE SKIP LOCKED` (several instances
 * share the work; PGlite accepts it too) by pushing `available_at` ahead by a lease; a handler
 * that succeeds marks the row processed, one that fails records `last_error` and retries with
 * exponential backoff, up to OUTBOX_MAX_ATTEMPTS. Notification rows are written in the same
 * transaction that marks the message processed (exactly once); an e-mail whose sending succeeded
 * but whose row could not be marked (crash) is sent again.
 *
 * Importable by plain tsx (server/index.ts): no Vite-only imports; mail texts come from
 * templates.server.ts.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.server';
import { type notification, outbox, property, user } from '../db/schema';
import { insertNotifications } from '../notifications/notify.server';
import type { Logger } from '../logger.server';
import type { Mailer } from '../mail/mailer.server';
import { applicationConfirmationMail, applicationNotificationTexts, type ApplicationConfirmationMailInput } from '../mail/templates.server';
import { applicationStatusMail, type ApplicationStatusMailPayload } from '../mail/application-status-mail.server';

/** `mail.application_confirmation`: the applicant's confirmation e-mail, in their language. */
export type ApplicationConfirmationPayload = ApplicationConfirmationMailInput;

/** `notification.application_submitted`: in-app notifications for staff (and the applicant). */
export type ApplicationSubmittedPayload = {
  applicationId: number;
  reference: string;
  propertyId: number;
  /** The property's title in each language (staff read it in their own). */
  propertyTitles: { en: string; it: string };
  applicantName: string;
  /** ISO date. */
  moveIn: string;
  /** The signed-in applicant, who gets an "application received" notification too. */
  applicantUserId: string | null;
};

export type OutboxMessage =
  | { topic: 'mail.application_confirmation'; payload: ApplicationConfirmationPayload }
  | { topic: 'notification.application_submitted'; payload: ApplicationSubmittedPayload }
  | { topic: 'mail.application_status'; payload: ApplicationStatusMailPayload };
export type OutboxTopic = OutboxMessage['topic'];

/** Attempts before a message is given up (it stays in the table with its last error). */
export const OUTBOX_MAX_ATTEMPTS = 8;
/** How long a claimed row is reserved for the worker that claimed it. */
const CLAIM_LEASE_S = 120;
/** Processed rows are deleted after this many days (they hold personal data). */
const RETENTION_DAYS = 30;

/**
 * Writes outbox messages. Call it with the transaction that makes the business change, so the
 * messages exist exactly when the change does. Payloads must hold no card data.
 */
export async function enqueueOutbox(db: Db, messages: readonly OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await db.insert(outbox).values(messages.map((message) => ({ topic: message.topic, payload: message.payload })));
}

/** Seconds to wait before attempt `attempts + 1`: 5 s, 10 s, 20 s … capped at one hour. */
export function outboxBackoffS(attempts: number): number {
  return Math.min(3_600, 5 * 2 ** Math.max(0, attempts - 1));
}

type Deps = { db: Db; mailer: Mailer; logger: Pick<Logger, 'info' | 'warn' | 'error'> };
type ClaimedRow = { id: number; topic: string; payload: unknown; attempts: number };

async function notifyApplicationSubmitted(db: Db, rowId: number, payload: ApplicationSubmittedPayload): Promise<void> {
  await db.transaction(async (tx) => {
    const [home] = await tx.select({ managerId: property.managerId }).from(property).where(eq(property.id, payload.propertyId));
    const staff = await tx
      .select({ id: user.id, locale: user.locale })
      .from(user)
      .where(
        and(
          eq(user.banned, false),
          home?.managerId ? or(eq(user.role, 'admin'), eq(user.id, home.managerId)) : eq(user.role, 'admin'),
        ),
      );
    const rows: (typeof notification.$inferInsert)[] = staff.map((recipient) => {
      const texts = applicationNotificationTexts(recipient.locale);
      const values = {
        name: payload.applicantName,
        property: recipient.locale === 'it' ? payload.propertyTitles.it : payload.propertyTitles.en,
        reference: payload.reference,
        moveIn: payload.moveIn,
      };
      return {
        userId: recipient.id,
        title: texts.staffTitle,
        message: texts.staffMessage(values),
        type: 'info' as const,
        actionUrl: recipient.id === home?.managerId ? '/dashboard' : '/admin/applications',
      };
    });
    if (payload.applicantUserId) {
      const [applicant] = await tx.select({ id: user.id, locale: user.locale }).from(user).where(eq(user.id, payload.applicantUserId));
      if (applicant && !staff.some((recipient) => recipient.id === applicant.id)) {
        const texts = applicationNotificationTexts(applicant.locale);
        const values = { reference: payload.reference, property: applicant.locale === 'it' ? payload.propertyTitles.it : payload.propertyTitles.en };
        rows.push({
          userId: applicant.id,
          title: texts.applicantTitle,
          message: texts.applicantMessage(values),
          type: 'success',
          actionUrl: `/payment-success?ref=${encodeURIComponent(payload.reference)}`,
        });
      }
    }
    await insertNotifications(tx, rows);
    await tx.update(outbox).set({ processedAt: new Date(), lastError: null }).where(eq(outbox.id, rowId));
  });
}

async function handle({ db, mailer }: Deps, row: ClaimedRow): Promise<void> {
  switch (row.topic as OutboxTopic) {
    case 'mail.application_confirmation': {
      await mailer.send(applicationConfirmationMail(row.payload as ApplicationConfirmationPayload));
      await db.update(outbox).set({ processedAt: new Date(), lastError: null }).where(eq(outbox.id, row.id));
      return;
    }
    case 'notification.application_submitted':
      await notifyApplicationSubmitted(db, row.id, row.payload as ApplicationSubmittedPayload);
      return;
    case 'mail.application_status': {
      await mailer.send(applicationStatusMail(row.payload as ApplicationStatusMailPayload));
      await db.update(outbox).set({ processedAt: new Date(), lastError: null }).where(eq(outbox.id, row.id));
      return;
    }
    default:
      throw new Error(`unknown outbox topic "${row.topic}"`);
  }
}

/**
 * Claims up to `limit` due messages and delivers them. Returns how many were delivered and how
 * many failed (and will be retried, or were given up after OUTBOX_MAX_ATTEMPTS). Never throws
 * for a failing handler; database errors while claiming propagate.
 */
export async function processOutboxBatch(deps: Deps & { limit?: number }): Promise<{ processed: number; failed: number }> {
  const { db, logger, limit = 20 } = deps;
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
      await handle(deps, row);
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

/** A periodic job the worker runs between batches (e.g. payment reconciliation). */
export type WorkerTask = { name: string; everyMs: number; run: () => Promise<unknown> };

/**
 * Starts delivering outbox messages: a batch every `intervalMs` (1 s by default; at once again
 * while batches come back full), plus `tasks` at their own pace and an hourly prune. The timer
 * is unref'd, so it never keeps the process alive. Returns `stop()`, which resolves after the
 * batch in progress (if any) has finished.
 */
export function startOutboxWorker({
  intervalMs = 1_000,
  tasks = [],
  ...deps
}: Deps & { intervalMs?: number; tasks?: WorkerTask[] }): () => Promise<void> {
  const all: WorkerTask[] = [...tasks, { name: 'outbox-prune', everyMs: 3_600_000, run: () => pruneOutbox(deps) }];
  const lastRun = new Map<string, number>(all.map((task) => [task.name, Date.now()]));
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();

  const tick = async () => {
    let again = false;
    try {
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
