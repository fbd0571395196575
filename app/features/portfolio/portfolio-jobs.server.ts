/**
 * The portfolio's background jobs (decision 014): once a day, CSV import previews older than
 * `UNIT_IMPORT_RETENTION_DAYS` are deleted. A preview holds the whole uploaded file (tenants'
 * units, rents) only so that "Import" writes exactly what was checked; after a week it is of no
 * use (committing it again answers `not_found`, and the import itself is in the audit log).
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { unitImport } from '~/server/db/schema';
import type { JobHandlers, JobSchedule } from '~/server/outbox/outbox.server';

export const PORTFOLIO_JOB_TOPICS = { pruneImports: 'portfolio.prune_unit_imports' } as const;

/** Days a CSV import preview (committed or not) is kept. */
export const UNIT_IMPORT_RETENTION_DAYS = 7;

/** Every day at 03:30 UTC. */
export const UNIT_IMPORT_PRUNE_SCHEDULE: JobSchedule = {
  name: 'unit-import-prune',
  cron: '30 3 * * *',
  topic: PORTFOLIO_JOB_TOPICS.pruneImports,
};

/** Deletes CSV import previews created over `UNIT_IMPORT_RETENTION_DAYS` days ago. Returns how many went. */
export async function pruneUnitImports({ db }: { db: Db }): Promise<number> {
  const gone = await db
    .delete(unitImport)
    .where(lt(unitImport.createdAt, sql`now() - make_interval(days => ${UNIT_IMPORT_RETENTION_DAYS})`))
    .returning({ id: unitImport.id });
  return gone.length;
}

export const portfolioJobHandlers: JobHandlers = {
  [PORTFOLIO_JOB_TOPICS.pruneImports]: async (_job, { db, logger }) => {
    const deleted = await pruneUnitImports({ db });
    logger.info({ deleted }, 'old unit import previews deleted');
  },
};
