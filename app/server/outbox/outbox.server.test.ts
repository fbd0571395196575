/**
 * The job runner (decision 014) with toy handlers: retries and backoff, unknown topics, dedupe
 * keys, handlers that mark their row in their own transaction, and schedules that run once
 * across instances and catch up after downtime.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '~/server/db/client.server';
import { jobSchedule, outbox, setting } from '~/server/db/schema';
import { logger } from '~/server/logger.server';
import type { Mailer } from '~/server/mail/mailer.server';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import {
  OUTBOX_MAX_ATTEMPTS,
  enqueueDueSchedules,
  enqueueOutbox,
  nextRunOf,
  outboxBackoffS,
  processOutboxBatch,
  startOutboxWorker,
  syncSchedules,
  type JobHandlers,
} from './outbox.server';

let database: TestDatabase;
let db: Db;
let mailer: Mailer;
const quiet = logger.child({}, { level: 'silent' });
const publicUrl = 'http://dimora.test';
let ran: string[] = [];

/** `test.echo` records its payload; `test.fail` always throws; `test.write` writes a setting and marks itself done in one transaction. */
const handlers: JobHandlers = {
  'test.echo': async (job) => {
    ran.push(String((job.payload as { text: string }).text));
  },
  'test.fail': async () => {
    throw new Error('SMTP 451 try later');
  },
  'test.write': async (job, { db: jobDb, markDone }) => {
    await jobDb.transaction(async (tx) => {
      await tx
        .insert(setting)
        .values({ key: `test.${job.id}`, value: job.payload })
        .onConflictDoNothing();
      await markDone(tx);
    });
  },
};

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  mailer = testContext(database).mailer;
});

beforeEach(async () => {
  ran = [];
  await db.delete(outbox);
  await db.delete(jobSchedule);
});

afterAll(async () => {
  await database.close();
});

const batch = () => processOutboxBatch({ db, mailer, logger: quiet, handlers, publicUrl });

describe('the job runner', () => {
  it('runs each job once, in order, and marks it processed', async () => {
    await enqueueOutbox(db, [
      { topic: 'test.echo', payload: { text: 'one' } },
      { topic: 'test.echo', payload: { text: 'two' } },
    ]);
    expect(await batch()).toEqual({ processed: 2, failed: 0 });
    expect(ran).toEqual(['one', 'two']);
    expect(await batch()).toEqual({ processed: 0, failed: 0 });
    const rows = await db.select().from(outbox);
    expect(rows.every((row) => row.processedAt !== null && row.attempts === 1)).toBe(true);
  });

  it('ignores a second job with the same dedupe key', async () => {
    await enqueueOutbox(db, [{ topic: 'test.echo', payload: { text: 'first' }, dedupeKey: 'alert:1:unit:7' }]);
    await enqueueOutbox(db, [
      { topic: 'test.echo', payload: { text: 'again' }, dedupeKey: 'alert:1:unit:7' },
      { topic: 'test.echo', payload: { text: 'other' }, dedupeKey: 'alert:1:unit:8' },
    ]);
    await batch();
    expect(ran.sort()).toEqual(['first', 'other']);
  });

  it('waits until availableAt before running a job', async () => {
    await enqueueOutbox(db, [{ topic: 'test.echo', payload: { text: 'later' }, availableAt: new Date(Date.now() + 60_000) }]);
    expect(await batch()).toEqual({ processed: 0, failed: 0 });
    await db.update(outbox).set({ availableAt: sql`now()` });
    expect(await batch()).toEqual({ processed: 1, failed: 0 });
  });

  it('a failing job records the error and waits with growing backoff; it is given up after the last attempt', async () => {
    await enqueueOutbox(db, [{ topic: 'test.fail', payload: {} }]);
    expect(await batch()).toEqual({ processed: 0, failed: 1 });
    const [row] = await db.select().from(outbox);
    expect(row).toMatchObject({ attempts: 1, lastError: 'SMTP 451 try later', processedAt: null });
    expect(row!.availableAt.getTime()).toBeGreaterThan(Date.now() + 3_000);
    // Not due yet: the next batch leaves it alone.
    expect(await batch()).toEqual({ processed: 0, failed: 0 });
    expect([1, 2, 3, 20].map(outboxBackoffS)).toEqual([5, 10, 20, 3600]);

    await db
      .update(outbox)
      .set({ attempts: OUTBOX_MAX_ATTEMPTS - 1, availableAt: sql`now()` })
      .where(eq(outbox.id, row!.id));
    expect(await batch()).toEqual({ processed: 0, failed: 1 });
    await db
      .update(outbox)
      .set({ availableAt: sql`now()` })
      .where(eq(outbox.id, row!.id));
    expect(await batch()).toEqual({ processed: 0, failed: 0 });
  });

  it('an unknown topic is an error, not a silent success', async () => {
    await db.insert(outbox).values({ topic: 'mail.nobody_knows', payload: {} });
    expect(await batch()).toEqual({ processed: 0, failed: 1 });
    const [row] = await db.select().from(outbox).where(eq(outbox.topic, 'mail.nobody_knows'));
    expect(row!.lastError).toMatch(/unknown outbox topic/);
  });

  it('a handler commits its write and its completion together', async () => {
    await enqueueOutbox(db, [{ topic: 'test.write', payload: { written: true } }]);
    expect(await batch()).toEqual({ processed: 1, failed: 0 });
    const [job] = await db.select().from(outbox);
    const [written] = await db
      .select()
      .from(setting)
      .where(eq(setting.key, `test.${job!.id}`));
    expect(written?.value).toEqual({ written: true });
    expect(job!.processedAt).not.toBeNull();
  });

  it('the worker runs jobs in the background and stops cleanly', async () => {
    const stop = startOutboxWorker({ db, mailer, logger: quiet, handlers, publicUrl, intervalMs: 20 });
    try {
      await enqueueOutbox(db, [{ topic: 'test.echo', payload: { text: 'background' } }]);
      await expect.poll(() => ran, { timeout: 5_000, interval: 25 }).toEqual(['background']);
    } finally {
      await stop();
    }
  });
});

describe('schedules', () => {
  const daily = { name: 'test-daily', cron: '0 8 * * *', topic: 'test.echo' };

  it('computes the next run of a cron expression in UTC', () => {
    expect(nextRunOf('0 8 * * *', new Date('2026-11-24T07:59:00Z')).toISOString()).toBe('2026-11-24T08:00:00.000Z');
    expect(nextRunOf('0 8 * * *', new Date('2026-11-24T08:00:00Z')).toISOString()).toBe('2026-11-25T08:00:00.000Z');
  });

  it('enqueues a due schedule once even when two instances tick at the same moment', async () => {
    await syncSchedules({ db, schedules: [daily], now: new Date('2026-11-24T07:00:00Z') });
    const at = new Date('2026-11-24T08:00:05Z');
    const results = await Promise.all([
      enqueueDueSchedules({ db, schedules: [daily], now: at }),
      enqueueDueSchedules({ db, schedules: [daily], now: at }),
    ]);
    expect(results.flat()).toEqual(['test-daily']);
    const jobs = await db.select().from(outbox);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({
      topic: 'test.echo',
      payload: { scheduledFor: '2026-11-24T08:00:00.000Z' },
      dedupeKey: 'schedule:test-daily:2026-11-24T08:00:00.000Z',
    });
    const [row] = await db.select().from(jobSchedule);
    expect(row!.nextRunAt.toISOString()).toBe('2026-11-25T08:00:00.000Z');
    // Not due again until tomorrow.
    expect(await enqueueDueSchedules({ db, schedules: [daily], now: new Date('2026-11-24T20:00:00Z') })).toEqual([]);
  });

  it('runs a schedule missed during downtime once at the next start, then keeps its rhythm', async () => {
    await syncSchedules({ db, schedules: [daily], now: new Date('2026-11-20T07:00:00Z') });
    // The server was down for four days; a restart re-registers the schedule without moving it.
    await syncSchedules({ db, schedules: [daily], now: new Date('2026-11-24T12:00:00Z') });
    expect(await enqueueDueSchedules({ db, schedules: [daily], now: new Date('2026-11-24T12:00:00Z') })).toEqual(['test-daily']);
    expect(await db.select().from(outbox)).toHaveLength(1);
    const [row] = await db.select().from(jobSchedule);
    expect(row!.nextRunAt.toISOString()).toBe('2026-11-25T08:00:00.000Z');
  });

  it('re-times a schedule whose cron changed', async () => {
    await syncSchedules({ db, schedules: [daily], now: new Date('2026-11-24T07:00:00Z') });
    await syncSchedules({ db, schedules: [{ ...daily, cron: '30 9 * * *' }], now: new Date('2026-11-24T07:00:00Z') });
    const [row] = await db.select().from(jobSchedule);
    expect(row).toMatchObject({ cron: '30 9 * * *' });
    expect(row!.nextRunAt.toISOString()).toBe('2026-11-24T09:30:00.000Z');
  });
});
