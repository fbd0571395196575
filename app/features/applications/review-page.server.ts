/**
 * The loader and action halves shared by the two review pages (decision 010):
 * /admin/applications (admins) and /dashboard (a property manager's review, an applicant's
 * withdrawal). The routes guard first (`requireRole`), then call these; the service functions
 * authorise again, so a property manager's post about another property's application answers
 * 404 exactly like an unknown id.
 *
 * Action answers: `{ ok: true }` data (the page shows a toast), or — for a plain browser post
 * (JavaScript off) — a 303 back to the page with the application's panel open and `done=<intent>`;
 * refusals answer data with 404, 409 or 422 and a translated message; an unknown intent 400; a
 * staff intent from someone who does not review applications 403.
 */
import { isPropertyManager } from '~/lib/access';
import { data, redirect } from 'react-router';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import { formText } from '~/lib/form-fields';
import { eq } from 'drizzle-orm';
import { auditRefusal, requestOrigin, type RequestOrigin } from '~/server/audit.server';
import { application } from '~/server/db/schema';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { isDocumentPost, readFormData } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import {
  isApplicationIntent,
  isStaffIntent,
  REVIEW_NOTE_MAX,
  STAFF_INTENTS,
  type ApplicationActionResult,
  type ApplicationIntent,
  type ReviewPageData,
} from './applications.types';
import { parseReviewFilters, parseSelectedId } from './review-filters';
import {
  ApplicationsForbiddenError,
  findApplication,
  listApplications,
  listReviewProperties,
  transitionApplication,
  withdrawApplication,
  type TransitionOutcome,
} from './review.server';
import { INT4_MAX } from '~/lib/ids';

/**
 * The review list for `actor` as the URL `url` asks for it (filters, page, open panel, done
 * notice). Throws `ApplicationsForbiddenError` unless the actor reviews applications.
 */
export async function loadReviewPage({
  db,
  actor,
  url,
  lang,
  origin,
}: {
  db: Db;
  actor: Viewer;
  url: URL;
  lang: Language;
  origin?: RequestOrigin;
}): Promise<ReviewPageData> {
  const params = url.searchParams;
  const filters = parseReviewFilters(params);
  const selectedId = parseSelectedId(params);
  const [list, properties, selected] = await Promise.all([
    listApplications({ db, actor, filters, lang }),
    listReviewProperties({ db, actor, lang }),
    selectedId ? findApplication({ db, actor, id: selectedId, lang }) : Promise.resolve(null),
  ]);
  if (selectedId && !selected && origin) await auditForeignApplication(db, actor, selectedId, origin);
  const done = params.get('done');
  return {
    filters: { ...filters, page: list.page },
    list,
    properties,
    selected,
    selectedMissing: (selectedId !== null || params.has('id')) && !selected,
    done: isApplicationIntent(done) ? done : null,
  };
}

/**
 * Decision 023: a property manager reached for application `id` that exists but is not on
 * their properties (the page answers as for a missing one): recorded through `auditRefusal`.
 * Unknown ids and admins (who see every application) record nothing.
 */
async function auditForeignApplication(db: Db, actor: Viewer, id: number, origin: RequestOrigin): Promise<void> {
  if (!isPropertyManager(actor.role)) return;
  const [row] = await db.select({ id: application.id }).from(application).where(eq(application.id, id)).limit(1);
  if (!row) return;
  await auditRefusal(db, actor, { table: 'application', id, reason: 'not_managed', origin, values: { application_id: id } });
}

function refusalMessage(outcome: Extract<TransitionOutcome, { ok: false }>, lang: Language): string {
  const t = getT(lang);
  const current = outcome.current ? t(`applications.status.${outcome.current}`).toLowerCase() : '';
  return t(`applications.errors.${outcome.reason}`, { status: current, max: REVIEW_NOTE_MAX });
}

function answer(body: ApplicationActionResult, status: number) {
  return data<ApplicationActionResult>(body, { status });
}

/**
 * Handles one posted review command for `actor`: `intent` (review | approve | reject |
 * withdraw), `applicationId`, optional `note`. `allowed` lists the intents this page accepts.
 */
export async function handleApplicationAction({
  request,
  context,
  actor,
  lang,
  allowed,
}: {
  request: Request;
  context: Pick<DimoraLoadContext, 'db' | 'clientIp' | 'logger'>;
  actor: Viewer;
  lang: Language;
  allowed: readonly ApplicationIntent[];
}) {
  const t = getT(lang);
  const form = await readFormData(request);
  const rawIntent = form.get('intent');
  if (!isApplicationIntent(rawIntent) || !allowed.includes(rawIntent)) {
    return answer({ ok: false, intent: null, errors: { form: t('applications.errors.unknownIntent') } }, 400);
  }
  const intent = rawIntent;
  const rawId = formText(form, 'applicationId');
  const id = /^\d{1,10}$/.test(rawId) ? Number(rawId) : 0;
  if (id < 1 || id > INT4_MAX) {
    return answer({ ok: false, intent, errors: { form: t('applications.errors.not_found') } }, 404);
  }
  const origin = requestOrigin(request, context.clientIp);
  let outcome: TransitionOutcome;
  try {
    outcome = isStaffIntent(intent)
      ? await transitionApplication({ db: context.db, actor, id, to: STAFF_INTENTS[intent], note: formText(form, 'note'), origin })
      : await withdrawApplication({ db: context.db, actor, id, origin });
  } catch (error) {
    if (error instanceof ApplicationsForbiddenError) {
      return answer({ ok: false, intent, applicationId: id, errors: { form: t('applications.errors.forbidden') } }, 403);
    }
    throw error;
  }
  if (!outcome.ok) {
    if (outcome.reason === 'not_found' && isStaffIntent(intent)) await auditForeignApplication(context.db, actor, id, origin);
    const message = refusalMessage(outcome, lang);
    const errors = outcome.reason === 'note_too_long' ? { note: message } : { form: message };
    return answer({ ok: false, intent, applicationId: id, errors }, outcome.status);
  }
  context.logger.info(
    { intent, actor: actor.id, application: outcome.applicationId, from: outcome.from, to: outcome.to },
    'application status changed',
  );
  if (isDocumentPost(request)) {
    // A plain browser post: back to the page (post/redirect/get) with the panel open.
    const url = new URL(request.url);
    const params = new URLSearchParams(url.searchParams);
    params.delete('index');
    if (isStaffIntent(intent)) params.set('id', String(outcome.applicationId));
    params.set('done', intent);
    return redirect(`${url.pathname}?${params.toString()}`, 303);
  }
  return answer({ ok: true, intent, applicationId: outcome.applicationId, status: outcome.to }, 200);
}
