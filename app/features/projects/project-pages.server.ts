/**
 * The loader and action halves of the staff projects pages, shared by the admin's
 * `/admin/projects*` and a property manager's `/dashboard/projects*` (decision 028).
 * Routes check the role first and pass the actor and their base path; this module parses input
 * with the zod schemas, calls the project services (which authorise again and audit every
 * change) and maps their reason codes to answers:
 *
 * - 404 for an unknown project or one outside the manager's buildings (audited when it exists);
 * - 409 when the project's status does not allow the step (award while bidding is open…);
 * - 422 with translated field messages for bad input, an ineligible vendor, a past deadline;
 * - 413/415/422 for a refused file (the upload pipeline's codes); 400 for an unknown intent;
 * - success: a 303 back to the page (`?done=<intent>`) for a plain browser post (JavaScript
 *   off), data with a translated toast message for an enhanced one.
 */
import { data, redirect } from 'react-router';
import type { z } from 'zod';
import { findBuildingOption } from '~/features/portfolio/building-options.server';
import { VENDOR_INELIGIBILITY_KEYS, type VendorIneligibility } from '~/features/work-orders/work-order-core.server';
import { staffPageTranslations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import { formText } from '~/lib/form-fields';
import { megabytes, UPLOAD_ERROR_CODES, type UploadErrorCode } from '~/lib/uploads';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { auditRefusalIfExists, requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { isDocumentPost, readFormData, translateIssues } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { isMultipart } from '~/server/uploads/multipart.server';
import { createUploadBatch } from '~/server/uploads/receive-photos.server';
import { UploadError, uploadErrorStatus } from '~/server/uploads/upload-error.server';
import {
  addProjectDocument,
  deleteProjectDocument,
  findStaffProjectFile,
  projectFileResponse,
  receiveProjectForm,
  type DocumentRefusal,
} from './project-files.server';
import { awardBid, closeBidding, openBidding } from './project-bidding.server';
import { changeProjectStatus, createProject, updateProject } from './project-commands.server';
import { findProjectDetail, findProjects, findVendorChoices } from './project-queries.server';
import { findStaffProject, type ProjectOutcome, type ProjectRefusal } from './projects.server';
import {
  BID_DEADLINE_MAX_DAYS,
  INVITE_MAX_VENDORS,
  PROJECT_DOCUMENT_TYPES,
  PROJECT_DOCUMENTS_MAX,
  PROJECT_FILE_MAX_BYTES,
  PROJECT_STATUS_MOVES,
  inviteSchema,
  parseProjectFilters,
  parseProjectTab,
  projectFormSchema,
  toUtcDateTimeInput,
  type ProjectStatusMove,
  type ProjectTab,
} from './projects.schemas';
import { isProjectIntent, type ProjectActionResult, type ProjectIntent, type ProjectsBase } from './projects.types';
import { INT4_MAX } from '~/lib/ids';

type PageArgs = { request: Request; context: DimoraLoadContext; actor: Viewer; base: ProjectsBase };

const PAGE_TRANSLATIONS = ['projects'] as const;

/** The list (`?status=&building=&after=`) scoped to `actor`. */
export async function loadProjectsList({ request, context, actor, base }: PageArgs) {
  const lang = requestLanguage(request);
  const filters = parseProjectFilters(new URL(request.url).searchParams);
  const [list, building] = await Promise.all([
    findProjects({ db: context.db, actor, filters }),
    findBuildingOption({ db: context.db, actor, id: filters.buildingId }),
  ]);
  return { list, filters, building, base, i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS) };
}

/** The "new project" page: the building chosen in the link (`?building=`), if the actor manages it. */
export async function loadNewProjectPage({ request, context, actor, base }: PageArgs) {
  const lang = requestLanguage(request);
  const raw = new URL(request.url).searchParams.get('building');
  const id = raw && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const building = await findBuildingOption({ db: context.db, actor, id: id && id <= INT4_MAX ? id : null });
  return { building, base, i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS) };
}

/** A project outside the actor's scope (or unknown) → 404, recorded when the project exists. */
async function notFound({ request, context, actor }: Pick<PageArgs, 'request' | 'context' | 'actor'>, projectId: number): Promise<never> {
  await auditRefusalIfExists(context.db, actor, {
    table: 'project',
    id: projectId,
    reason: 'not_managed',
    origin: requestOrigin(request, context.clientIp),
    values: { project_id: projectId },
  });
  throw data(null, { status: 404 });
}

/** A project's page: the detail, the tab, the vendors it may invite, and the building for the edit form. */
export async function loadProjectPage(args: PageArgs & { param: string | undefined }) {
  const { request, context, actor, base } = args;
  const lang = requestLanguage(request);
  const projectId = parseDigitsId(args.param);
  const now = new Date();
  const detail = await findProjectDetail({ db: context.db, actor, projectId, now });
  if (!detail) return notFound(args, projectId);
  const url = new URL(request.url);
  const [vendorChoices, building] = await Promise.all([
    detail.status === 'planned' || detail.status === 'bidding'
      ? findVendorChoices({ db: context.db, actor, projectId, today: now.toISOString().slice(0, 10) })
      : Promise.resolve([]),
    detail.buildingId ? findBuildingOption({ db: context.db, actor, id: detail.buildingId }) : Promise.resolve(null),
  ]);
  const done = url.searchParams.get('done');
  const t = getT(lang);
  return {
    detail,
    // Trades are stored as keys; the form shows them in the page's language.
    vendorChoices: vendorChoices.map((choice) => ({
      ...choice,
      trades: choice.trades.map((trade) => t(`forms.vendor.trade.${trade}`, { defaultValue: trade })),
    })),
    building,
    tab: parseProjectTab(url.searchParams.get('tab')),
    done: isProjectIntent(done) ? done : null,
    now: toUtcDateTimeInput(now),
    base,
    i18n: staffPageTranslations(request, lang, PAGE_TRANSLATIONS),
  };
}

function answer(body: ProjectActionResult, status = 200) {
  return data<ProjectActionResult>(body, { status });
}

function fieldErrors(error: z.ZodError, lang: Language): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(translateIssues(error, lang))) if (message) errors[field] = message;
  return errors;
}

const STATUS_OF: Record<ProjectRefusal | DocumentRefusal, number> = {
  not_found: 404,
  bid_not_found: 404,
  document_not_found: 404,
  building_not_found: 422,
  building_locked: 409,
  invalid_status: 409,
  deadline_past: 422,
  deadline_too_far: 422,
  no_vendors: 422,
  vendor_out_of_state: 422,
  vendor_not_found: 422,
  vendor_not_approved: 422,
  insurance_unverified: 422,
  insurance_expired: 422,
  bid_not_submitted: 409,
  bidding_open: 409,
  already_closed: 409,
  open_work_orders: 409,
  too_many_documents: 422,
};

const FIELD_OF: Partial<Record<ProjectRefusal | DocumentRefusal, string>> = {
  building_not_found: 'buildingId',
  building_locked: 'buildingId',
  deadline_past: 'deadline',
  deadline_too_far: 'deadline',
  no_vendors: 'vendorIds',
  vendor_out_of_state: 'vendorIds',
  too_many_documents: 'file',
};

const INELIGIBLE = new Set<string>(Object.keys(VENDOR_INELIGIBILITY_KEYS));

/** A refusal's translated message. */
export function projectRefusalMessage(
  lang: Language,
  reason: ProjectRefusal | DocumentRefusal,
  { vendorName, status }: { vendorName?: string; status?: string } = {},
): string {
  const t = getT(lang);
  if (INELIGIBLE.has(reason)) {
    const text = t(VENDOR_INELIGIBILITY_KEYS[reason as VendorIneligibility]);
    return vendorName ? `${vendorName}: ${text}` : text;
  }
  return t(`projects.errors.${reason}`, {
    vendor: vendorName ?? '',
    status: status ? t(`projects.status.${status}`) : '',
    days: BID_DEADLINE_MAX_DAYS,
    max: PROJECT_DOCUMENTS_MAX,
  });
}

/** An upload refusal's translated message. */
export function uploadRefusalMessage(lang: Language, error: UploadError): string {
  const t = getT(lang);
  const code = (UPLOAD_ERROR_CODES as readonly string[]).includes(error.code) ? error.code : 'malformed';
  return t(`projects.errors.upload.${code}`, { max: megabytes(PROJECT_FILE_MAX_BYTES), name: error.fileName ?? '' });
}

function refusal(
  lang: Language,
  intent: ProjectIntent | 'create',
  outcome: Extract<ProjectOutcome, { ok: false }> | { ok: false; reason: DocumentRefusal },
  values: Record<string, string | string[]>,
) {
  const message = projectRefusalMessage(lang, outcome.reason, {
    vendorName: 'vendorName' in outcome ? outcome.vendorName : undefined,
    status: 'status' in outcome ? outcome.status : undefined,
  });
  const field = FIELD_OF[outcome.reason] ?? (intent === 'invite' && INELIGIBLE.has(outcome.reason) ? 'vendorIds' : 'form');
  return answer({ ok: false, intent, errors: { [field]: message }, values }, STATUS_OF[outcome.reason]);
}

const DONE_TAB: Record<ProjectIntent, ProjectTab> = {
  update: 'overview',
  invite: 'overview',
  'close-bidding': 'bids',
  award: 'bids',
  status: 'overview',
  'upload-document': 'documents',
  'delete-document': 'documents',
};

function succeeded(request: Request, lang: Language, intent: ProjectIntent, extra: Record<string, string> = {}) {
  const tab = DONE_TAB[intent];
  if (isDocumentPost(request)) {
    const url = new URL(request.url);
    return redirect(`${url.pathname.replace(/\.data$/, '')}?tab=${tab}&done=${intent}`, 303);
  }
  return answer({ ok: true, intent, tab, message: getT(lang)(`projects.done.${intent}`, extra) });
}

/** The project form's values to echo after a refusal. */
function echoProject(fields: Record<string, string>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of ['buildingId', 'name', 'kind', 'description', 'budget', 'startDate', 'endDate'])
    values[name] = (fields[name] ?? '').slice(0, 5_000);
  return values;
}

function textFields(form: FormData): Record<string, string> {
  return Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string')) as Record<string, string>;
}

/** `POST` of the "new project" page: creates it, then goes to its page (303). */
export async function handleCreateProject({ request, context, actor, base }: PageArgs) {
  const lang = requestLanguage(request);
  const form = await readFormData(request);
  const fields = textFields(form);
  const values = echoProject(fields);
  const parsed = projectFormSchema.safeParse(fields);
  if (!parsed.success) return answer({ ok: false, intent: 'create', errors: fieldErrors(parsed.error, lang), values }, 422);
  const outcome = await createProject({ db: context.db, actor, origin: requestOrigin(request, context.clientIp), input: parsed.data });
  if (!outcome.ok) return refusal(lang, 'create', outcome, values);
  context.logger.info({ actor: actor.id, project: outcome.projectId }, 'project created');
  return redirect(`${base}/${outcome.projectId}?done=update`, 303);
}

/** A multipart post: the document upload (the only command that carries a file). */
async function handleUpload(args: PageArgs, projectId: number, lang: Language) {
  const { request, context, actor } = args;
  // The project first: nothing is read or stored for a project the actor may not manage.
  if (!(await findStaffProject(context.db, actor, projectId))) return notFound(args, projectId);
  const batch = createUploadBatch(context.storage, (error, key) =>
    context.logger.error({ err: error, key }, 'could not delete an uploaded file'),
  );
  let received: Awaited<ReturnType<typeof receiveProjectForm>>;
  try {
    received = await receiveProjectForm({ request, batch, allowed: PROJECT_DOCUMENT_TYPES });
  } catch (error) {
    await batch.discard();
    if (!(error instanceof UploadError)) throw error;
    context.logger.info({ project: projectId, code: error.code }, 'project document refused');
    return answer(
      { ok: false, intent: 'upload-document', errors: { file: uploadRefusalMessage(lang, error) } },
      uploadErrorStatus(error.code as UploadErrorCode),
    );
  }
  if (received.fields.intent !== 'upload-document') {
    await batch.discard();
    return answer({ ok: false, intent: null, errors: { form: getT(lang)('projects.errors.unknownIntent') } }, 400);
  }
  if (!received.file) {
    return answer({ ok: false, intent: 'upload-document', errors: { file: uploadRefusalMessage(lang, new UploadError('no_file')) } }, 400);
  }
  try {
    const outcome = await addProjectDocument({
      db: context.db,
      actor,
      origin: requestOrigin(request, context.clientIp),
      projectId,
      file: received.file,
    });
    if (!outcome.ok) {
      await batch.discard();
      if (outcome.reason === 'not_found') return notFound(args, projectId);
      return refusal(lang, 'upload-document', outcome, {});
    }
  } catch (error) {
    await batch.discard();
    throw error;
  }
  return succeeded(request, lang, 'upload-document');
}

/**
 * The project page's commands (`intent`): `update` (the project form), `invite` (repeated
 * `vendorId`, `deadline`), `close-bidding`, `award` (`bidId`), `status` (`to` = in_progress |
 * completed | cancelled), `upload-document` (multipart, one `file`), `delete-document`
 * (`documentId`).
 */
export async function handleProjectAction(args: PageArgs & { param: string | undefined }) {
  const { request, context, actor } = args;
  const lang = requestLanguage(request);
  const t = getT(lang);
  const projectId = parseDigitsId(args.param);
  if (isMultipart(request)) return handleUpload(args, projectId, lang);
  const form = await readFormData(request);
  const intent = form.get('intent');
  if (!isProjectIntent(intent) || intent === 'upload-document')
    return answer({ ok: false, intent: null, errors: { form: t('projects.errors.unknownIntent') } }, 400);
  const db = context.db;
  const origin = requestOrigin(request, context.clientIp);
  const fields = textFields(form);
  let outcome: ProjectOutcome | { ok: true; key?: string } | { ok: false; reason: DocumentRefusal };
  let values: Record<string, string | string[]> = {};
  const extra: Record<string, string> = {};

  switch (intent) {
    case 'update': {
      values = echoProject(fields);
      const parsed = projectFormSchema.safeParse(fields);
      if (!parsed.success) return answer({ ok: false, intent, errors: fieldErrors(parsed.error, lang), values }, 422);
      outcome = await updateProject({ db, actor, origin, projectId, input: parsed.data });
      break;
    }
    case 'invite': {
      const vendorIds = form
        .getAll('vendorId')
        .map(String)
        .slice(0, INVITE_MAX_VENDORS * 2);
      values = { vendorIds, deadline: formText(form, 'deadline') };
      const parsed = inviteSchema.safeParse({ vendorIds, deadline: fields.deadline ?? '' });
      if (!parsed.success) return answer({ ok: false, intent, errors: fieldErrors(parsed.error, lang), values }, 422);
      outcome = await openBidding({ db, actor, origin, projectId, input: parsed.data });
      break;
    }
    case 'close-bidding':
      outcome = await closeBidding({ db, actor, origin, projectId });
      break;
    case 'award': {
      const raw = fields.bidId ?? '';
      const bidId = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
      outcome = await awardBid({ db, actor, origin, projectId, bidId });
      break;
    }
    case 'status': {
      const to = fields.to ?? '';
      if (!(PROJECT_STATUS_MOVES as readonly string[]).includes(to))
        return answer({ ok: false, intent, errors: { form: t('projects.errors.unknownIntent') } }, 400);
      outcome = await changeProjectStatus({ db, actor, origin, projectId, to: to as ProjectStatusMove });
      extra.status = t(`projects.status.${to}`);
      break;
    }
    case 'delete-document': {
      const raw = fields.documentId ?? '';
      const documentId = /^\d{1,10}$/.test(raw) && Number(raw) <= INT4_MAX ? Number(raw) : 0;
      const deleted = await deleteProjectDocument({ db, actor, origin, projectId, documentId });
      if (deleted.ok)
        await context.storage
          .delete(deleted.key)
          .catch((error: unknown) => context.logger.error({ err: error, key: deleted.key }, 'could not delete a project document'));
      outcome = deleted;
      break;
    }
  }
  if (!outcome.ok) {
    if (outcome.reason === 'not_found') return notFound(args, projectId);
    return refusal(lang, intent, outcome, values);
  }
  context.logger.info({ intent, actor: actor.id, project: projectId }, 'project command');
  return succeeded(request, lang, intent, extra);
}

/** A project document or bid attachment as a download, or a 404 (audited when the project exists). */
export async function projectFileDownload(
  args: Pick<PageArgs, 'request' | 'context' | 'actor'> & { projectParam: string | undefined; documentParam: string | undefined },
) {
  const { context, actor } = args;
  const projectId = parseDigitsId(args.projectParam);
  const documentId = parseDigitsId(args.documentParam);
  if (!(await findStaffProject(context.db, actor, projectId))) return notFound(args, projectId);
  const file = await findStaffProjectFile({ db: context.db, actor, projectId, documentId });
  if (!file) throw data(null, { status: 404 });
  const response = await projectFileResponse(context.storage, file);
  if (!response) throw data(null, { status: 404 });
  return response;
}
