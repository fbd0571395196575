/**
 * /admin/database's loader and action, the page adapter of decision 037 (decision 019 for the
 * page). The route checks the role first; this module reads health, rows per table, migrations,
 * the outbox and the schedules, retries a failed job (`intent=retry`, `jobId`) and runs a
 * schedule now (`intent=run-schedule`, `schedule`). Answers: data and a toast after an enhanced
 * post, a 303 back after a plain one, 404 for an unknown job or schedule, 409 for a job that has
 * not failed, 400 for a malformed command.
 */
import { translations } from '~/i18n/resources.server';
import { pageMeta } from '~/i18n/translate.server';
import { formText } from '~/lib/form-fields';
import { requestLanguage } from '~/lib/route-helpers.server';
import type { Viewer } from '~/server/auth/session.server';
import { handleFormAction, type FormCall, type ReasonTable } from '~/server/http/form-action.server';
import type { DimoraLoadContext } from '~/server/load-context';
import {
  countTableRows,
  listMigrations,
  listSchedules,
  loadDatabaseHealth,
  loadOutboxSummary,
  retryOutboxJob,
  runScheduleNow,
  type RetryOutcome,
} from './database.server';
import { DATABASE_INTENTS, type DatabaseDone, type DatabaseIntent } from './database.types';

type PageArgs = { request: Request; context: DimoraLoadContext; actor: Viewer };

/**
 * Everything /admin/database shows (decision 019): health, rows per table, migrations, the
 * outbox and the schedules, read by the admin-only services; `done` after a plain post's
 * redirect (`?done=retry|run-schedule`), `backupFailed` after a download that could not be made
 * (`?backup=failed`).
 */
export async function loadDatabasePage({ request, context, actor }: PageArgs) {
  const lang = requestLanguage(request);
  const db = context.db;
  // PGlite answers one query at a time anyway; on PostgreSQL these run side by side.
  const [health, tables, migrations, outbox, schedules] = await Promise.all([
    loadDatabaseHealth({ db, actor }),
    countTableRows({ db, actor }),
    listMigrations({ db, actor }),
    loadOutboxSummary({ db, actor }),
    listSchedules({ db, actor }),
  ]);
  const params = new URL(request.url).searchParams;
  return {
    health,
    tables,
    migrations,
    outbox,
    schedules,
    done: params.get('done') === 'retry' ? ('retry' as const) : params.get('done') === 'run-schedule' ? ('run-schedule' as const) : null,
    backupFailed: params.get('backup') === 'failed',
    generatedAt: new Date().toISOString(),
    i18n: translations(lang, ['account', 'admin', 'ops']),
    meta: pageMeta(lang, 'ops.database.meta.title', 'ops.database.meta.description'),
  };
}

/**
 * How the page answers each reason code of its commands (decision 037): the outbox's
 * `retryOutboxJob`, the schedules' `runScheduleNow` (its `not_found` is `schedule_not_found`
 * here), and a `jobId` that is not a job id (`bad_job`, a malformed command).
 */
const REFUSALS: ReasonTable<RetryRefusal | 'schedule_not_found' | 'bad_job'> = {
  not_found: { status: 404, message: 'ops.database.outbox.notFound' },
  not_failed: { status: 409, message: 'ops.database.outbox.notFailed' },
  schedule_not_found: { status: 404, message: 'ops.database.schedules.notFound' },
  bad_job: { status: 400, message: 'ops.errors.unknownIntent' },
};

type RetryRefusal = Extract<RetryOutcome, { ok: false }>['reason'];

/**
 * The page's commands (decision 019), answered per decision 037: `retry` (`jobId`, digits) a
 * failed job of the outbox now — 404 for an unknown job, 409 for one that has not failed, 400
 * for a malformed id; `run-schedule` (`schedule`, its name) now — 404 for an unknown name; 400
 * for an unknown intent. After a success a plain post is redirected (303) to
 * `/admin/database?done=<intent>#outbox` or `#schedules`; an enhanced one gets the toast's text
 * with the job (`jobId`, `topic`) or the `schedule`. Both commands are audited by the services.
 */
export function handleDatabaseAction({ request, context, actor }: PageArgs) {
  return handleFormAction({ request, context }, { intents: DATABASE_INTENTS }, async (call: FormCall<DatabaseIntent>) => {
    const db = context.db;
    if (call.intent === 'run-schedule') {
      const name = formText(call.form, 'schedule');
      const outcome = await runScheduleNow({ db, actor, origin: call.origin, name });
      if (!outcome.ok) call.refuse(REFUSALS.schedule_not_found);
      return call.done<DatabaseDone>({
        message: 'ops.database.schedules.ran',
        params: { name },
        redirectTo: '/admin/database?done=run-schedule#schedules',
        extra: { schedule: name },
      });
    }
    const rawId = formText(call.form, 'jobId');
    if (!/^\d{1,15}$/.test(rawId)) call.refuse(REFUSALS.bad_job);
    const jobId = Number(rawId);
    const outcome = await retryOutboxJob({ db, actor, origin: call.origin, jobId });
    if (!outcome.ok) call.refuse(REFUSALS[outcome.reason]);
    return call.done<DatabaseDone>({
      message: 'ops.database.outbox.retried',
      params: { id: jobId, topic: outcome.topic },
      redirectTo: '/admin/database?done=retry#outbox',
      extra: { jobId, topic: outcome.topic },
    });
  });
}
