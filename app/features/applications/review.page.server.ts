/**
 * The loader and action halves shared by the two review pages (decision 010):
 * /admin/applications (admins) and /dashboard (a property manager's review, an applicant's
 * withdrawal). The routes guard first (`requireRole`), then call these; the service functions
 * authorise again, so a property manager's post about another property's application answers
 * 404 exactly like an unknown id.
 *
 * Action answers, through the page protocol (decision 037): data and a toast, or — for a plain
 * browser post (JavaScript off) — a 303 back to the page with the application's panel open and
 * `done=<intent>`; refusals answer 404, 409 or 422 with a translated message; an intent the page
 * does not take 400; a staff intent from someone who does not review applications 403.
 */
import { data } from 'react-router';
import { isPropertyManager } from '~/lib/access';
import type { Language } from '~/lib/constants';
import { auditRefusalIfExists, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { handleFormAction, reasonTable, type FormCall, type Refusal } from '~/server/http/form-action.server';
import type { DimoraLoadContext } from '~/server/load-context';
import {
  isApplicationIntent,
  isStaffIntent,
  REVIEW_NOTE_MAX,
  STAFF_INTENTS,
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
  type TransitionRefusal,
} from './review.server';
import { parseId } from '~/lib/ids';

/**
 * The review list for `actor` as the URL `url` asks for it (filters, page, open panel, done
 * notice). Throws `ApplicationsForbiddenError` unless the actor reviews applications.
 *
 * A panel `?id=` that names no application the actor may see — unknown, another manager's, or
 * not an id at all (`parseId`) — throws a 404 (`data(null, { status: 404 })`) like every other
 * record page (decision 023 and 037); another manager's is audited first when `origin` is
 * given. An empty `?id=` opens no panel.
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
  if (params.get('id') && !selected) {
    if (selectedId && origin) await auditForeignApplication(db, actor, selectedId, origin);
    throw data(null, { status: 404 });
  }
  const done = params.get('done');
  return {
    filters: { ...filters, page: list.page },
    list,
    properties,
    selected,
    done: isApplicationIntent(done) ? done : null,
  };
}

/**
 * Decision 023: a property manager reached for application `id` that exists but is not on
 * their properties (the page answers 404 as for a missing one): recorded through `auditRefusalIfExists`.
 * Unknown ids and admins (who see every application) record nothing.
 */
async function auditForeignApplication(db: Db, actor: Viewer, id: number, origin: RequestOrigin): Promise<void> {
  if (!isPropertyManager(actor.role)) return;
  await auditRefusalIfExists(db, actor, { table: 'application', id, reason: 'not_managed', origin, values: { application_id: id } });
}

/** How the review pages answer each reason code of the transitions (decision 037); `{{status}}` is the current status in words. */
const REFUSALS = reasonTable<TransitionRefusal>('applications.errors', {
  not_found: 404,
  invalid_transition: 409,
  unit_taken: 409,
  unit_unavailable: 409,
  unpaid: 409,
  note_too_long: { status: 422, field: 'note' },
});

/** A staff command from someone who does not review applications. */
const FORBIDDEN: Refusal = { status: 403, message: 'applications.errors.forbidden' };

/**
 * Handles one posted review command for `actor`: `intent` (review | approve | reject |
 * withdraw), `applicationId`, optional `note`. `allowed` lists the intents this page accepts
 * (any other answers 400). Refusals carry the application's id as their `key`, so only its
 * panel shows them; a success answers the application's id and new status.
 */
export function handleApplicationAction({
  request,
  context,
  actor,
  allowed,
}: {
  request: Request;
  context: DimoraLoadContext;
  actor: Viewer;
  allowed: readonly ApplicationIntent[];
}) {
  return handleFormAction({ request, context }, { intents: allowed }, async (call: FormCall<ApplicationIntent>) => {
    const { intent, origin } = call;
    const id = parseId(call.fields.applicationId);
    if (id === null) call.refuse(REFUSALS.not_found);
    const key = String(id);
    let outcome: TransitionOutcome;
    try {
      outcome = isStaffIntent(intent)
        ? await transitionApplication({ db: context.db, actor, id, to: STAFF_INTENTS[intent], note: call.fields.note ?? '', origin })
        : await withdrawApplication({ db: context.db, actor, id, origin });
    } catch (error) {
      if (error instanceof ApplicationsForbiddenError) call.refuse(FORBIDDEN, { key });
      throw error;
    }
    if (!outcome.ok) {
      if (outcome.reason === 'not_found' && isStaffIntent(intent)) await auditForeignApplication(context.db, actor, id, origin);
      const status = outcome.current ? call.t(`applications.status.${outcome.current}`).toLowerCase() : '';
      call.refuse(REFUSALS[outcome.reason], { key, params: { status, max: REVIEW_NOTE_MAX } });
    }
    context.logger.info(
      { intent, actor: actor.id, application: outcome.applicationId, from: outcome.from, to: outcome.to },
      'application status changed',
    );
    // A plain browser post: back to the page (post/redirect/get) with the panel open.
    const url = new URL(request.url);
    const params = new URLSearchParams(url.searchParams);
    params.delete('index');
    if (isStaffIntent(intent)) params.set('id', String(outcome.applicationId));
    params.set('done', intent);
    return call.done({
      message: `applications.done.${intent}`,
      key: String(outcome.applicationId),
      redirectTo: `${url.pathname}?${params.toString()}`,
      extra: { applicationId: outcome.applicationId, status: outcome.to },
    });
  });
}
