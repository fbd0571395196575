/**
 * The loader and action halves of the maintenance queue pages, shared by the admin's
 * `/admin/maintenance*` and a property manager's `/dashboard/maintenance*` (decision 026).
 * Routes check the role first and pass the actor and their base path; this module parses input
 * (the query string leniently, forms with the zod schemas), calls the services (which scope and
 * authorise again) and maps their reason codes to answers: 404 for an unknown request or one
 * outside the actor's buildings (audited), 409 when the request's status does not allow the
 * command, 422 with a translated field message (a vendor who may not be given work gets the
 * `workOrders.errors.*` text; nothing is written), 400 for an unknown intent; after a success a
 * 303 back to the page for a plain form post (`?done=<intent>`), data and a toast otherwise.
 */
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { VENDOR_INELIGIBILITY_KEYS, type VendorIneligibility } from '~/features/work-orders/work-order-core.server';
import { findBuildingOption } from '~/features/portfolio/building-options.server';
import { staffPageTranslations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import { formText } from '~/lib/form-fields';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { isDocumentPost, readFormData, translateIssues } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import {
  addRequestNote,
  assignMaintenanceRequest,
  cancelMaintenanceRequest,
  closeMaintenanceRequest,
  triageMaintenanceRequest,
  type QueueCommandOutcome,
  type QueueRefusal,
} from './queue-commands.server';
import { assignSchema, cancelSchema, closeSchema, noteSchema, triageSchema } from './queue.schemas';
import {
  findMaintenanceBoard,
  findMaintenanceQueue,
  findRequestDetail,
  findVendorChoices,
  parseRequestId,
  recordDeniedRequestAccess,
} from './queue.server';
import {
  isRequestIntent,
  parseQueueFilters,
  QUEUE_OPEN_STATUSES,
  type QueueBase,
  type RequestActionResult,
  type RequestIntent,
} from './queue.types';

type PageArgs = { request: Request; context: DimoraLoadContext; actor: Viewer; base: QueueBase };

const PAGE_TRANSLATIONS = ['maintenanceQueue', 'workOrders'] as const;

/** The queue (`?building=&priority=&status=&category=&age=&breached=1&sort=&view=&after=`) scoped to `actor`: a list page, or the board. */
export async function loadQueuePage({ request, context, actor, base }: PageArgs) {
  const lang = requestLanguage(request);
  const filters = parseQueueFilters(new URL(request.url).searchParams);
  const [result, building] = await Promise.all([
    filters.view === 'board'
      ? findMaintenanceBoard({ db: context.db, actor, filters }).then((board) => ({ view: 'board' as const, board }))
      : findMaintenanceQueue({ db: context.db, actor, filters }).then((list) => ({ view: 'list' as const, list })),
    findBuildingOption({ db: context.db, actor, id: filters.buildingId }),
  ]);
  return { base, filters, building, ...result, i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS) };
}

/** One request's page with the vendors it may be assigned to, or a 404 (audited when it exists outside the actor's scope). */
export async function loadRequestPage({ request, context, actor, base, requestParam }: PageArgs & { requestParam: string | undefined }) {
  const lang = requestLanguage(request);
  const requestId = parseRequestId(requestParam);
  const detail = requestId === null ? null : await findRequestDetail({ db: context.db, actor, requestId });
  if (!detail) {
    await recordDeniedRequestAccess({ db: context.db, actor, requestId, origin: requestOrigin(request, context.clientIp) });
    throw data(null, { status: 404 });
  }
  const assignable = (QUEUE_OPEN_STATUSES as readonly string[]).includes(detail.status) && detail.openWorkOrderId === null;
  const vendors = assignable ? await findVendorChoices({ db: context.db, category: detail.category, state: detail.state }) : [];
  const done = new URL(request.url).searchParams.get('done');
  return {
    base,
    detail,
    vendors,
    done: isRequestIntent(done) ? done : null,
    i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS),
  };
}

function answer(body: RequestActionResult, status = 200) {
  return data<RequestActionResult>(body, { status });
}

function fieldErrors(error: z.ZodError, lang: Language): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(translateIssues(error, lang))) if (message) errors[field] = message;
  return errors;
}

const INELIGIBLE = new Set<QueueRefusal>(['vendor_not_found', 'vendor_not_approved', 'insurance_unverified', 'insurance_expired']);

/** A service refusal → status, field and translated message. */
function refusal(
  intent: RequestIntent,
  outcome: Extract<QueueCommandOutcome, { ok: false }>,
  lang: Language,
  values: Record<string, string>,
) {
  const t = getT(lang);
  if (INELIGIBLE.has(outcome.reason)) {
    return answer(
      { ok: false, intent, errors: { vendorId: t(VENDOR_INELIGIBILITY_KEYS[outcome.reason as VendorIneligibility]) }, values },
      422,
    );
  }
  if (outcome.reason === 'already_assigned')
    return answer({ ok: false, intent, errors: { form: t('workOrders.errors.alreadyAssigned') }, values }, 409);
  if (outcome.reason === 'not_found' || outcome.reason === 'target_not_found')
    return answer({ ok: false, intent, errors: { form: t('maintenanceQueue.errors.not_found') }, values }, 404);
  const status = outcome.current ? t(`maintenanceQueue.status.${outcome.current}`).toLocaleLowerCase(lang) : '';
  return answer({ ok: false, intent, errors: { form: t(`maintenanceQueue.errors.${outcome.reason}`, { status }) }, values }, 409);
}

/**
 * The request page's commands (`intent`): `triage` (priority, category), `note` / `comment`
 * (body: a staff-only note or a comment to the tenant), `assign` (vendorId, instructions,
 * dueDate), `cancel` (reason), `close` (note).
 */
export async function handleRequestAction({
  request,
  context,
  actor,
  base,
  requestParam,
}: PageArgs & { requestParam: string | undefined }) {
  const lang = requestLanguage(request);
  const t = getT(lang);
  const form = await readFormData(request);
  const rawIntent = form.get('intent');
  if (!isRequestIntent(rawIntent))
    return answer({ ok: false, intent: null, errors: { form: t('maintenanceQueue.errors.unknownIntent') } }, 400);
  const intent = rawIntent;
  const values: Record<string, string> = {};
  for (const name of ['priority', 'category', 'body', 'vendorId', 'instructions', 'dueDate', 'reason', 'note'])
    values[name] = formText(form, name).slice(0, 2_000);
  const requestId = parseRequestId(requestParam);
  const origin = requestOrigin(request, context.clientIp);
  if (requestId === null) return answer({ ok: false, intent, errors: { form: t('maintenanceQueue.errors.not_found') }, values }, 404);
  const fields = Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')) as Record<string, string>;
  const db = context.db;
  const common = { db, actor, requestId, origin };
  let outcome: QueueCommandOutcome;
  switch (intent) {
    case 'triage': {
      const parsed = triageSchema.safeParse(fields);
      if (!parsed.success) return answer({ ok: false, intent, errors: fieldErrors(parsed.error, lang), values }, 422);
      outcome = await triageMaintenanceRequest({ ...common, ...parsed.data });
      break;
    }
    case 'note':
    case 'comment': {
      const parsed = noteSchema.safeParse(fields);
      if (!parsed.success) return answer({ ok: false, intent, errors: fieldErrors(parsed.error, lang), values }, 422);
      outcome = await addRequestNote({ db, actor, requestId, body: parsed.data.body, internal: intent === 'note' });
      break;
    }
    case 'assign': {
      const parsed = assignSchema.safeParse(fields);
      if (!parsed.success) return answer({ ok: false, intent, errors: fieldErrors(parsed.error, lang), values }, 422);
      if (parsed.data.dueDate && parsed.data.dueDate.getTime() < Date.now()) {
        return answer({ ok: false, intent, errors: { dueDate: t('maintenanceQueue.errors.dueDatePast') }, values }, 422);
      }
      outcome = await assignMaintenanceRequest({
        ...common,
        vendorId: parsed.data.vendorId,
        instructions: parsed.data.instructions,
        dueAt: parsed.data.dueDate,
      });
      break;
    }
    case 'cancel': {
      const parsed = cancelSchema.safeParse(fields);
      if (!parsed.success) return answer({ ok: false, intent, errors: fieldErrors(parsed.error, lang), values }, 422);
      outcome = await cancelMaintenanceRequest({ ...common, reason: parsed.data.reason });
      break;
    }
    case 'close': {
      const parsed = closeSchema.safeParse(fields);
      if (!parsed.success) return answer({ ok: false, intent, errors: fieldErrors(parsed.error, lang), values }, 422);
      outcome = await closeMaintenanceRequest({ ...common, note: parsed.data.note });
      break;
    }
  }
  if (!outcome.ok) {
    if (outcome.reason === 'not_found') await recordDeniedRequestAccess({ db, actor, requestId, origin });
    return refusal(intent, outcome, lang, values);
  }
  context.logger.info({ intent, actor: actor.id, request: requestId }, 'maintenance request command');
  if (isDocumentPost(request)) return redirect(`${base}/${requestId}?done=${intent}`, 303);
  return answer({ ok: true, intent, message: `maintenanceQueue.done.${intent}` });
}
