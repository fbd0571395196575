/**
 * /admin/database's loader and action (decision 019). The route checks the role
 * first; this module reads health, rows per table, migrations and the outbox, and retries a
 * failed job (`intent=retry`, `jobId`). Answers: data and a toast after an enhanced post, a 303
 * back after a plain one, 404 for an unknown job, 409 for a job that has not failed, 400 for a
 * malformed command.
 */
import { data, redirect } from 'react-router';
import { translations } from '~/i18n/resources.server';
import { getT, pageMeta } from '~/i18n/translate.server';
import { formText } from '~/lib/form-fields';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { isDocumentPost, readFormData } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import {
  countTableRows,
  listMigrations,
  listSchedules,
  loadDatabaseHealth,
  loadOutboxSummary,
  retryOutboxJob,
  runScheduleNow,
} from './database.server';

type PageArgs = { request: Request; context: DimoraLoadContext; actor: Viewer };

export type DatabaseActionResult =
  | { ok: true; intent: 'retry'; jobId: number; topic: string }
  | { ok: true; intent: 'run-schedule'; schedule: string }
  | { ok: false; intent: string; errors: Record<string, string> };

/** Everything the page shows; `backupFailed` after a download that could not be made. */
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

/** The page's commands: `retry` a failed job of the outbox (`jobId`); `run-schedule` (`schedule`) now. */
export async function handleDatabaseAction({ request, context, actor }: PageArgs) {
  const t = getT(requestLanguage(request));
  const form = await readFormData(request);
  const intent = formText(form, 'intent');
  if (intent === 'run-schedule') {
    const name = formText(form, 'schedule');
    const outcome = await runScheduleNow({ db: context.db, actor, origin: requestOrigin(request, context.clientIp), name });
    if (!outcome.ok)
      return data<DatabaseActionResult>({ ok: false, intent, errors: { form: t('ops.database.schedules.notFound') } }, { status: 404 });
    if (isDocumentPost(request)) return redirect('/admin/database?done=run-schedule#schedules', 303);
    return data<DatabaseActionResult>({ ok: true, intent, schedule: name });
  }
  const rawId = formText(form, 'jobId');
  if (intent !== 'retry' || !/^\d{1,15}$/.test(rawId)) {
    return data<DatabaseActionResult>({ ok: false, intent, errors: { form: t('ops.errors.unknownIntent') } }, { status: 400 });
  }
  const jobId = Number(rawId);
  const outcome = await retryOutboxJob({ db: context.db, actor, origin: requestOrigin(request, context.clientIp), jobId });
  if (!outcome.ok) {
    const status = outcome.reason === 'not_found' ? 404 : 409;
    return data<DatabaseActionResult>(
      { ok: false, intent, errors: { form: t(`ops.database.outbox.${outcome.reason === 'not_found' ? 'notFound' : 'notFailed'}`) } },
      { status },
    );
  }
  if (isDocumentPost(request)) return redirect('/admin/database?done=retry#outbox', 303);
  return data<DatabaseActionResult>({ ok: true, intent: 'retry', jobId, topic: outcome.topic });
}
