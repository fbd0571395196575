/**
 * The loader and action halves of the staff projects pages, shared by the admin's
 * `/admin/projects*` and a property manager's `/dashboard/projects*` (decision 028).
 * Routes check the role first and pass the actor and their base path; this module parses input
 * with the zod schemas, calls the project services (which authorise again and audit every
 * change) and maps their reason codes to answers through the page protocol (decision 037):
 *
 * - 404 for an unknown project or one outside the manager's buildings (audited when it exists);
 * - 409 when the project's status does not allow the step (award while bidding is open…);
 * - 422 with translated field messages for bad input, an ineligible vendor, a past deadline;
 * - 413/415/422 for a refused file (the upload pipeline's codes); 400 for an unknown intent;
 * - success: a 303 back to the page (`?tab=<tab>&done=<intent>`) for a plain browser post
 *   (JavaScript off), data with a translated toast message for an enhanced one.
 *
 * The document upload streams its multipart body through the upload pipeline, so it reads the
 * request itself rather than through `handleFormAction` (which buffers the form), and answers the
 * same `ActionResult` shape.
 */
import { data, redirect } from 'react-router';
import { findBuildingOption } from '~/features/portfolio/building-options.server';
import { VENDOR_INELIGIBILITY_KEYS, type VendorIneligibility } from '~/features/work-orders/work-order-core.server';
import { staffPageTranslations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import type { ActionFailure } from '~/lib/action-result';
import type { Language } from '~/lib/constants';
import { INT4_MAX } from '~/lib/ids';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { megabytes, UPLOAD_ERROR_CODES, type UploadErrorCode } from '~/lib/uploads';
import { requestOrigin } from '~/server/audit.server';
import { auditedNotFound } from '~/server/http/audited-not-found.server';
import type { Viewer } from '~/server/auth/session.server';
import { handleFormAction, type FormCall, type ReasonTable } from '~/server/http/form-action.server';
import { isDocumentPost } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { isMultipart } from '~/server/uploads/multipart.server';
import { createUploadBatch } from '~/server/uploads/receive-photos.server';
import { UploadError, uploadErrorStatus } from '~/server/uploads/upload-error.server';
import { uploadScanFor } from '~/server/uploads/upload-scan.server';
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
  PROJECT_DESCRIPTION_MAX,
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
import { isProjectIntent, PROJECT_INTENTS, type ProjectActionResult, type ProjectIntent, type ProjectsBase } from './projects.types';

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
  throw await auditedNotFound(request, context, actor, {
    table: 'project',
    id: projectId,
    reason: 'not_managed',
    values: { project_id: projectId },
  });
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

/** How the pages answer each reason of the project services (an ineligible vendor: see `refuseProject`). */
const REFUSALS: ReasonTable<Exclude<ProjectRefusal | DocumentRefusal, VendorIneligibility>> = {
  not_found: { status: 404, message: 'projects.errors.not_found' },
  bid_not_found: { status: 404, message: 'projects.errors.bid_not_found' },
  document_not_found: { status: 404, message: 'projects.errors.document_not_found' },
  building_not_found: { status: 422, message: 'projects.errors.building_not_found', field: 'buildingId' },
  building_locked: { status: 409, message: 'projects.errors.building_locked', field: 'buildingId' },
  invalid_status: { status: 409, message: 'projects.errors.invalid_status' },
  deadline_past: { status: 422, message: 'projects.errors.deadline_past', field: 'deadline' },
  deadline_too_far: { status: 422, message: 'projects.errors.deadline_too_far', field: 'deadline' },
  no_vendors: { status: 422, message: 'projects.errors.no_vendors', field: 'vendorIds' },
  vendor_out_of_state: { status: 422, message: 'projects.errors.vendor_out_of_state', field: 'vendorIds' },
  bid_not_submitted: { status: 409, message: 'projects.errors.bid_not_submitted' },
  bidding_open: { status: 409, message: 'projects.errors.bidding_open' },
  already_closed: { status: 409, message: 'projects.errors.already_closed' },
  open_work_orders: { status: 409, message: 'projects.errors.open_work_orders' },
  too_many_documents: { status: 422, message: 'projects.errors.too_many_documents', field: 'file' },
};

const INELIGIBLE = new Set<string>(Object.keys(VENDOR_INELIGIBILITY_KEYS));

function isIneligible(reason: ProjectRefusal | DocumentRefusal): reason is VendorIneligibility {
  return INELIGIBLE.has(reason);
}

/**
 * Answers a service's refusal. An ineligible vendor is a 422 whose message names the vendor
 * ("Acme: … not approved"), on the vendor field of the invite form and on the form otherwise.
 */
function refuseProject<Intent extends string>(
  call: FormCall<Intent>,
  outcome: Extract<ProjectOutcome, { ok: false }> | { ok: false; reason: DocumentRefusal },
): never {
  const vendorName = 'vendorName' in outcome ? outcome.vendorName : undefined;
  const status = 'status' in outcome ? outcome.status : undefined;
  if (isIneligible(outcome.reason)) {
    const text = call.t(VENDOR_INELIGIBILITY_KEYS[outcome.reason]);
    call.invalid({ [call.intent === 'invite' ? 'vendorIds' : 'form']: vendorName ? `${vendorName}: ${text}` : text });
  }
  call.refuse(REFUSALS[outcome.reason], {
    params: {
      vendor: vendorName ?? '',
      status: status ? call.t(`projects.status.${status}`) : '',
      days: BID_DEADLINE_MAX_DAYS,
      max: PROJECT_DOCUMENTS_MAX,
    },
  });
}

/** An upload refusal's translated message. */
export function uploadRefusalMessage(lang: Language, error: UploadError): string {
  const t = getT(lang);
  const code = (UPLOAD_ERROR_CODES as readonly string[]).includes(error.code) ? error.code : 'malformed';
  return t(`projects.errors.upload.${code}`, { max: megabytes(PROJECT_FILE_MAX_BYTES), name: error.fileName ?? '' });
}

/** The tab a command's page opens on after its success. */
const DONE_TAB: Record<ProjectIntent, ProjectTab> = {
  update: 'overview',
  invite: 'overview',
  'close-bidding': 'bids',
  award: 'bids',
  status: 'overview',
  'upload-document': 'documents',
  'delete-document': 'documents',
};

/** Where a plain post of `intent` goes back to: the project on the command's tab. */
function doneLocation(request: Request, intent: ProjectIntent): string {
  return `${new URL(request.url).pathname.replace(/\.data$/, '')}?tab=${DONE_TAB[intent]}&done=${intent}`;
}

/** The project form's fields, echoed after a refusal (the description whole, up to its limit). */
const PROJECT_FORM_FIELDS = ['buildingId', 'name', 'kind', 'description', 'budget', 'startDate', 'endDate'] as const;

function echoDescription<Intent extends string>(call: FormCall<Intent>) {
  if (call.fields.description !== undefined) call.values.description = call.fields.description.slice(0, PROJECT_DESCRIPTION_MAX + 1_000);
}

/** `POST` of the "new project" page: creates it, then goes to its page (303). */
export async function handleCreateProject({ request, context, actor, base }: PageArgs) {
  return handleFormAction(
    { request, context },
    { intents: ['create'], defaultIntent: true, echo: PROJECT_FORM_FIELDS },
    async (call: FormCall<'create'>) => {
      echoDescription(call);
      const input = call.parse(projectFormSchema);
      const outcome = await createProject({ db: context.db, actor, origin: call.origin, input });
      if (!outcome.ok) refuseProject(call, outcome);
      context.logger.info({ actor: actor.id, project: outcome.projectId }, 'project created');
      return redirect(`${base}/${outcome.projectId}?done=update`, 303);
    },
  );
}

/** A refused upload, in the protocol's shape (the upload reads its multipart body itself). */
function uploadRefused(status: number, errors: Record<string, string>, intent: ProjectIntent | null = 'upload-document') {
  return data<ActionFailure<ProjectIntent>>({ ok: false, intent, errors }, { status });
}

/** A multipart post: the document upload (the only command that carries a file). */
async function handleUpload(args: PageArgs, projectId: number) {
  const { request, context, actor } = args;
  const lang = requestLanguage(request);
  // The project first: nothing is read or stored for a project the actor may not manage.
  if (!(await findStaffProject(context.db, actor, projectId))) return notFound(args, projectId);
  const batch = createUploadBatch(context.storage, (error, key) =>
    context.logger.error({ err: error, key }, 'could not delete an uploaded file'),
  );
  let received: Awaited<ReturnType<typeof receiveProjectForm>>;
  try {
    received = await receiveProjectForm({
      request,
      batch,
      allowed: PROJECT_DOCUMENT_TYPES,
      scan: uploadScanFor(context, request, actor.id, 'project_document'),
    });
  } catch (error) {
    await batch.discard();
    if (!(error instanceof UploadError)) throw error;
    context.logger.info({ project: projectId, code: error.code }, 'project document refused');
    return uploadRefused(uploadErrorStatus(error.code as UploadErrorCode), { file: uploadRefusalMessage(lang, error) });
  }
  if (received.fields.intent !== 'upload-document') {
    await batch.discard();
    return uploadRefused(400, { form: getT(lang)('projects.errors.unknownIntent') }, null);
  }
  if (!received.file) return uploadRefused(400, { file: uploadRefusalMessage(lang, new UploadError('no_file')) });
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
      const refusal = REFUSALS[outcome.reason];
      return uploadRefused(refusal.status, {
        [refusal.field ?? 'form']: getT(lang)(refusal.message, { max: PROJECT_DOCUMENTS_MAX }),
      });
    }
  } catch (error) {
    await batch.discard();
    throw error;
  }
  if (isDocumentPost(request)) return redirect(doneLocation(request, 'upload-document'), 303);
  return data<ProjectActionResult>({
    ok: true,
    intent: 'upload-document',
    tab: DONE_TAB['upload-document'],
    message: getT(lang)('projects.done.upload-document'),
  });
}

/** The commands posted as a plain form (the upload is multipart, see `handleUpload`). */
const FORM_INTENTS = PROJECT_INTENTS.filter((intent) => intent !== 'upload-document');

/**
 * The project page's commands (`intent`): `update` (the project form), `invite` (repeated
 * `vendorId`, `deadline`), `close-bidding`, `award` (`bidId`), `status` (`to` = in_progress |
 * completed | cancelled), `upload-document` (multipart, one `file`), `delete-document`
 * (`documentId`).
 */
export async function handleProjectAction(args: PageArgs & { param: string | undefined }) {
  const { request, context, actor } = args;
  const projectId = parseDigitsId(args.param);
  if (isMultipart(request)) return handleUpload(args, projectId);
  const db = context.db;
  return handleFormAction({ request, context }, { intents: FORM_INTENTS }, async (call: FormCall<ProjectIntent>) => {
    const { intent, fields, form, origin } = call;
    let outcome: ProjectOutcome | { ok: true; key?: string } | { ok: false; reason: DocumentRefusal };
    const params: Record<string, string> = {};
    switch (intent) {
      case 'update': {
        for (const name of Object.keys(call.values))
          if (!(PROJECT_FORM_FIELDS as readonly string[]).includes(name)) delete call.values[name];
        echoDescription(call);
        outcome = await updateProject({ db, actor, origin, projectId, input: call.parse(projectFormSchema) });
        break;
      }
      case 'invite': {
        const vendorIds = form
          .getAll('vendorId')
          .map(String)
          .slice(0, INVITE_MAX_VENDORS * 2);
        for (const name of Object.keys(call.values)) delete call.values[name];
        Object.assign(call.values, { vendorIds, deadline: fields.deadline ?? '' });
        const input = call.parse(inviteSchema, { vendorIds, deadline: fields.deadline ?? '' });
        outcome = await openBidding({ db, actor, origin, projectId, input });
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
          call.refuse({ status: 400, message: 'projects.errors.unknownIntent' });
        outcome = await changeProjectStatus({ db, actor, origin, projectId, to: to as ProjectStatusMove });
        params.status = call.t(`projects.status.${to}`);
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
      default:
        // `upload-document` is the multipart post (`handleUpload`).
        return call.refuse({ status: 400, message: 'projects.errors.unknownIntent' });
    }
    if (!outcome.ok) {
      if (outcome.reason === 'not_found') return notFound(args, projectId);
      refuseProject(call, outcome);
    }
    context.logger.info({ intent, actor: actor.id, project: projectId }, 'project command');
    return call.done({
      message: `projects.done.${intent}`,
      params,
      extra: { tab: DONE_TAB[intent] },
      redirectTo: doneLocation(request, intent),
    });
  });
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
