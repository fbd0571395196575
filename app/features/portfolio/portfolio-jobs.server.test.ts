/**
 * The portfolio's daily job (decision 014): CSV import previews, which hold the uploaded file,
 * are deleted after UNIT_IMPORT_RETENTION_DAYS days — committed or not — and newer ones stay.
 * Run through the job runner with the server's own handlers and schedules.
 */
import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { unitImport } from '~/server/db/schema';
import { logger } from '~/server/logger.server';
import { createMailer } from '~/server/mail/mailer.server';
import { enqueueOutbox, nextRunOf, processOutboxBatch } from '~/server/outbox/outbox.server';
import { jobHandlers, jobSchedules } from '../../../server/jobs';
import { createBuilding } from '../../../tests/setup/factories';
import { TEST_PUBLIC_URL, useTestDatabase } from '../../../tests/setup/test-db';
import { PORTFOLIO_JOB_TOPICS, UNIT_IMPORT_PRUNE_SCHEDULE, UNIT_IMPORT_RETENTION_DAYS } from './portfolio-jobs.server';

const quiet = logger.child({}, { level: 'silent' });
const database = useTestDatabase();

const DAY_MS = 86_400_000;

describe('pruning unit import previews', () => {
  it('runs daily; deletes previews older than the retention, committed or not, and keeps newer ones', async () => {
    expect(jobSchedules).toContainEqual(UNIT_IMPORT_PRUNE_SCHEDULE);
    expect(nextRunOf(UNIT_IMPORT_PRUNE_SCHEDULE.cron, new Date('2031-05-02T04:00:00Z')).toISOString()).toBe('2031-05-03T03:30:00.000Z');

    const { db } = database;
    const home = await createBuilding(db);
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
    const rows = [
      { age: UNIT_IMPORT_RETENTION_DAYS + 1, committed: false, kept: false },
      { age: UNIT_IMPORT_RETENTION_DAYS + 30, committed: true, kept: false },
      { age: UNIT_IMPORT_RETENTION_DAYS - 1, committed: true, kept: true },
      { age: 0, committed: false, kept: true },
    ].map((row) => ({ ...row, id: randomUUID() }));
    await db.insert(unitImport).values(
      rows.map((row) => ({
        id: row.id,
        buildingId: home.id,
        csv: 'unit_number,title\n1A,Loft\n',
        rowCount: 1,
        createdAt: ago(row.age),
        ...(row.committed ? { committedAt: ago(row.age), result: { created: 1, updated: 0 } } : {}),
      })),
    );

    await enqueueOutbox(db, [{ topic: PORTFOLIO_JOB_TOPICS.pruneImports, payload: { scheduledFor: new Date().toISOString() } }]);
    const mailer = createMailer({ db, logger: quiet, from: 'Dimora <no-reply@dimora.test>', smtpUrl: 'smtp://127.0.0.1:9' });
    expect(await processOutboxBatch({ db, mailer, logger: quiet, publicUrl: TEST_PUBLIC_URL, handlers: jobHandlers })).toEqual({
      processed: 1,
      failed: 0,
    });

    const left = await db
      .select({ id: unitImport.id })
      .from(unitImport)
      .where(
        inArray(
          unitImport.id,
          rows.map((row) => row.id),
        ),
      );
    expect(left.map((row) => row.id).sort()).toEqual(
      rows
        .filter((row) => row.kept)
        .map((row) => row.id)
        .sort(),
    );
    expect(await db.select().from(unitImport).where(eq(unitImport.buildingId, home.id))).toHaveLength(2);
  });
});
