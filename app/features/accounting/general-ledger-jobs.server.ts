/**
 * The general ledger's background job (decision 014, decision 059): `accounting.compact_month_totals`
 * (hourly, at 40 minutes past) folds the month totals that postings added since the last run
 * (`compactMonthTotals`), so the reports over whole months read a row per month, account and
 * building.
 */
import type { JobHandlers, JobSchedule } from '~/server/outbox/outbox.server';
import { compactMonthTotals } from './general-ledger.server';

export const GL_COMPACT_TOPIC = 'accounting.compact_month_totals';

export const GL_COMPACT_SCHEDULE: JobSchedule = { name: GL_COMPACT_TOPIC, cron: '40 * * * *', topic: GL_COMPACT_TOPIC };

export const generalLedgerJobHandlers: JobHandlers = {
  [GL_COMPACT_TOPIC]: async (_job, { db, logger }) => {
    const folded = await compactMonthTotals(db);
    logger.info({ folded }, 'general ledger month totals compacted');
  },
};
