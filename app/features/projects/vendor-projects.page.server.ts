/**
 * The loader and action halves of the vendor portal's projects pages (decision 029
 * "Bids"): `/vendor-portal/projects` (the projects the vendor was invited to, open and closed),
 * `/vendor-portal/projects/:id` (one project and the vendor's own bid, with the bid form while
 * bidding is open) and the bid's PDF. A project the vendor was not invited to is a 404, recorded
 * in the audit log when it exists. The bid form posts multipart (its optional PDF streams through
 * the upload pipeline) or, without a file, a plain form; refusals answer 409 (bidding closed), 422
 * (bad input, translated per field), 413/415 (the file); nothing changes on any refusal.
 *
 * The answers are the page protocol's `ActionResult` (decision 037). The bid may stream a PDF
 * through the upload pipeline, so the action reads its body itself instead of through
 * `handleFormAction` (which buffers the whole form).
 */
import { data, redirect } from 'react-router';
import { translations } from '~/i18n/resources.server';
import { getT } from '~/i18n/translate.server';
import { megabytes, type UploadErrorCode } from '~/lib/uploads';
import { parseDigitsId, requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import { auditedNotFound } from '~/server/http/audited-not-found.server';
import type { Viewer } from '~/server/auth/session.server';
import { fieldErrors, formFields, isDocumentPost, readFormData } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { isMultipart } from '~/server/uploads/multipart.server';
import { createUploadBatch } from '~/server/uploads/receive-photos.server';
import { UploadError, uploadErrorStatus } from '~/server/uploads/upload-error.server';
import { uploadScanFor } from '~/server/uploads/upload-scan.server';
import { findVendorProject, findVendorProjects, submitBid, type BidRefusal } from './project-bids.server';
import { findVendorBidFile, projectFileResponse, receiveProjectForm, type StoredProjectFile } from './project-files.server';
import { uploadRefusalMessage } from './projects.page.server';
import { BID_ATTACHMENT_TYPES, bidSchema, PROJECT_FILE_MAX_BYTES } from './projects.schemas';
import type { ProjectActionResult } from './projects.types';
import type { ReasonTable } from '~/server/http/form-action.server';

type Args = { request: Request; context: DimoraLoadContext; viewer: Viewer };

const PAGE_TRANSLATIONS = ['account', 'projects'] as const;

/** The vendor's invitations, open and closed. */
export async function loadVendorProjects({ request, context, viewer }: Args) {
  const lang = requestLanguage(request);
  const projects = await findVendorProjects({ db: context.db, viewer });
  return { ...projects, i18n: translations(lang, PAGE_TRANSLATIONS) };
}

async function notInvited({ request, context, viewer }: Args, projectId: number): Promise<never> {
  throw await auditedNotFound(request, context, viewer, {
    table: 'project',
    id: projectId,
    reason: 'not_invited',
    values: { project_id: projectId },
  });
}

/** One project of the vendor's, or a 404 (audited) for any other. */
export async function loadVendorProjectPage(args: Args & { param: string | undefined }) {
  const { request, context, viewer } = args;
  const lang = requestLanguage(request);
  const projectId = parseDigitsId(args.param);
  const detail = await findVendorProject({ db: context.db, viewer, projectId });
  if (!detail) return notInvited(args, projectId);
  const done = new URL(request.url).searchParams.get('done');
  return { detail, done: done === 'bid', maxFileMb: megabytes(PROJECT_FILE_MAX_BYTES), i18n: translations(lang, PAGE_TRANSLATIONS) };
}

/** How the bid form answers each reason of `submitBid` (`not_found` is the audited 404 above). */
const BID_REFUSALS: ReasonTable<BidRefusal> = {
  not_found: { status: 404, message: 'projects.errors.bid.not_found' },
  bidding_closed: { status: 409, message: 'projects.errors.bid.bidding_closed' },
  vendor_not_approved: { status: 422, message: 'projects.errors.bid.vendor_not_approved' },
  attachment_not_found: { status: 404, message: 'projects.errors.bid.attachment_not_found' },
};

function answer(body: ProjectActionResult, status = 200) {
  return data<ProjectActionResult>(body, { status });
}

/**
 * `POST /vendor-portal/projects/:id` (`intent=bid`): `amount` (dollars), `timelineDays`, `notes`,
 * optional `attachment` (one PDF; multipart) and `removeAttachment=1`. Submits or changes the
 * vendor's bid while bidding is open.
 */
export async function handleBidAction(args: Args & { param: string | undefined }) {
  const { request, context, viewer } = args;
  const lang = requestLanguage(request);
  const t = getT(lang);
  const projectId = parseDigitsId(args.param);
  // Not invited: a 404 before anything is read or stored.
  if (!(await findVendorProject({ db: context.db, viewer, projectId }))) return notInvited(args, projectId);

  const batch = createUploadBatch(context.storage, (error, key) =>
    context.logger.error({ err: error, key }, 'could not delete an uploaded file'),
  );
  let fields: Record<string, string>;
  let file: StoredProjectFile | null = null;
  if (isMultipart(request)) {
    try {
      ({ fields, file } = await receiveProjectForm({
        request,
        batch,
        allowed: BID_ATTACHMENT_TYPES,
        scan: uploadScanFor(context, request, viewer.id, 'bid_attachment'),
      }));
    } catch (error) {
      await batch.discard();
      if (!(error instanceof UploadError)) throw error;
      return answer(
        { ok: false, intent: 'bid', errors: { attachment: uploadRefusalMessage(lang, error) } },
        uploadErrorStatus(error.code as UploadErrorCode),
      );
    }
  } else {
    const form = await readFormData(request);
    fields = formFields(form);
  }
  const values = {
    amount: (fields.amount ?? '').slice(0, 40),
    timelineDays: (fields.timelineDays ?? '').slice(0, 10),
    notes: (fields.notes ?? '').slice(0, 5_000),
  };
  if (fields.intent !== 'bid') {
    await batch.discard();
    return answer({ ok: false, intent: null, errors: { form: t('projects.errors.unknownIntent') } }, 400);
  }
  const parsed = bidSchema.safeParse(fields);
  if (!parsed.success) {
    await batch.discard();
    return answer({ ok: false, intent: 'bid', errors: fieldErrors(parsed.error, lang), values }, 422);
  }
  let outcome: Awaited<ReturnType<typeof submitBid>>;
  try {
    outcome = await submitBid({
      db: context.db,
      viewer,
      origin: requestOrigin(request, context.clientIp),
      projectId,
      input: parsed.data,
      attachment: file,
      removeAttachment: fields.removeAttachment === '1',
    });
  } catch (error) {
    await batch.discard();
    throw error;
  }
  if (!outcome.ok) {
    await batch.discard();
    if (outcome.reason === 'not_found') return notInvited(args, projectId);
    const refusal = BID_REFUSALS[outcome.reason];
    return answer({ ok: false, intent: 'bid', errors: { [refusal.field ?? 'form']: t(refusal.message) }, values }, refusal.status);
  }
  for (const key of outcome.removedKeys)
    await context.storage
      .delete(key)
      .catch((error: unknown) => context.logger.error({ err: error, key }, 'could not delete a replaced bid attachment'));
  context.logger.info({ actor: viewer.id, project: projectId, bid: outcome.bidId }, outcome.created ? 'bid submitted' : 'bid changed');
  if (isDocumentPost(request)) return redirect(`/vendor-portal/projects/${projectId}?done=bid`, 303);
  return answer({ ok: true, intent: 'bid', message: t(outcome.created ? 'projects.vendor.done.created' : 'projects.vendor.done.changed') });
}

/** The vendor's own bid PDF as a download, or a 404. */
export async function vendorBidFileDownload(args: Args & { projectParam: string | undefined; documentParam: string | undefined }) {
  const { context, viewer } = args;
  const projectId = parseDigitsId(args.projectParam);
  const documentId = parseDigitsId(args.documentParam);
  if (!(await findVendorProject({ db: context.db, viewer, projectId }))) return notInvited(args, projectId);
  const file = await findVendorBidFile({ db: context.db, viewer, projectId, documentId });
  const response = file ? await projectFileResponse(context.storage, file) : null;
  if (!response) throw data(null, { status: 404 });
  return response;
}
