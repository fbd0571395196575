/**
 * The page adapter of the vendor's side (decision 030; its form on the page protocol of
 * decision 037): the profile page
 * /vendor-portal/profile (profile form), the document upload `POST /api/vendor-documents/upload`
 * and the guarded download `GET /api/vendor-documents/:documentId`. Routes check the session and
 * role first; the services find the viewer's own vendor again, so nobody reaches another
 * vendor's record: another vendor's document is a 404 exactly like an unknown one, recorded in
 * the audit log (`auditRefusal`).
 *
 * The upload is a plain multipart form post: the browser is sent back to the profile page with
 * `?uploaded=<kind>` or `?uploadError=<code>` (works without JavaScript); a script that asks for
 * JSON gets `{ ok, code, message }` with the status (413 sizes, 415 types, 422 fields, 404).
 */
import { utcToday } from '~/lib/dates';
import { Readable } from 'node:stream';
import { data, redirect } from 'react-router';
import { translations } from '~/i18n/resources.server';
import { getT, pageMeta } from '~/i18n/translate.server';
import type { UploadErrorCode } from '~/lib/uploads';
import { UPLOAD_ERROR_CODES } from '~/lib/uploads';
import { requestLanguage } from '~/lib/route-helpers.server';
import { auditRefusal, requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { handleFormAction, type FormCall, type ReasonTable } from '~/server/http/form-action.server';
import { fieldErrors, isDocumentPost, translateIssues } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { documentDownloadHeaders } from '~/server/uploads/receive-document.server';
import { uploadErrorStatus } from '~/server/uploads/upload-error.server';
import { uploadScanFor } from '~/server/uploads/upload-scan.server';
import { DOCUMENT_DONE_PARAM, DOCUMENT_ERROR_PARAM, VENDOR_DOCUMENT_KINDS, type VendorProfileIntent } from './vendor-admin.types';
import { documentErrorCode, documentErrorMessage, type DocumentErrorCode } from './vendor-document-messages';
import { findVendorDocumentFile, uploadVendorDocument } from './vendor-documents.server';
import { findMyVendorProfile, updateMyVendorProfile } from './vendor-profile.server';
import { readVendorProfileForm } from './vendors.schemas';
import { parseId } from '~/lib/ids';

type PageArgs = { request: Request; context: DimoraLoadContext; viewer: Viewer };

export const VENDOR_PROFILE_PATH = '/vendor-portal/profile';

/** The profile page: the viewer's own vendor (null: no vendor linked yet), and the upload's outcome from the URL. */
export async function loadVendorProfilePage({ request, context, viewer }: PageArgs) {
  const lang = requestLanguage(request);
  const params = new URL(request.url).searchParams;
  const profile = await findMyVendorProfile({ db: context.db, viewer });
  const uploaded = params.get(DOCUMENT_DONE_PARAM);
  const failed = params.get(DOCUMENT_ERROR_PARAM);
  return {
    profile,
    today: utcToday(),
    uploaded: (VENDOR_DOCUMENT_KINDS as readonly string[]).includes(uploaded ?? '') ? uploaded : null,
    uploadError: failed ? documentErrorCode(failed) : null,
    i18n: translations(lang, ['account', 'vendors', 'forms', 'workOrders', 'photos']),
    meta: pageMeta(lang, 'vendors.profile.meta.title', 'vendors.profile.meta.description'),
  };
}

/** How the profile form answers the profile service's reason codes (decision 037); `invalid` answers its field messages. */
const PROFILE_REFUSALS: ReasonTable<'not_found'> = {
  not_found: { status: 404, message: 'vendors.errors.noVendor' },
};

/**
 * The profile form of /vendor-portal/profile (`intent=profile`, decision 030): contact name,
 * phone, website, trades, countries and US states of the viewer's own vendor. Answers per
 * decision 037: 404 without a linked vendor, 422 with a translated message per field (nothing
 * written; the typed values, lists included, come back), 400 for an unknown intent; after a
 * success a 303 to `/vendor-portal/profile?done=profile` for a plain post, data and a toast
 * otherwise.
 */
export function handleVendorProfileAction({ request, context, viewer }: PageArgs) {
  return handleFormAction({ request, context }, { intents: ['profile'] }, async (call: FormCall<VendorProfileIntent>) => {
    const values = readVendorProfileForm(call.form);
    Object.assign(call.values, values);
    const outcome = await updateMyVendorProfile({ db: context.db, viewer, input: values, origin: call.origin });
    if (!outcome.ok) {
      if (outcome.reason === 'invalid') call.invalid(fieldErrors(outcome.issues, call.lang));
      call.refuse(PROFILE_REFUSALS[outcome.reason]);
    }
    return call.done({ message: 'vendors.done.profile', redirectTo: `${VENDOR_PROFILE_PATH}?done=profile` });
  });
}

/** True when the client is a script that wants JSON rather than a page. */
function wantsJson(request: Request): boolean {
  return !isDocumentPost(request) && (request.headers.get('accept') ?? '').includes('application/json');
}

function statusOfCode(code: DocumentErrorCode): number {
  if (code === 'not_found') return 404;
  if ((UPLOAD_ERROR_CODES as readonly string[]).includes(code)) return uploadErrorStatus(code as UploadErrorCode);
  return 422;
}

/**
 * `POST /api/vendor-documents/upload`: one certificate of insurance (with `expiresOn`) or W-9
 * (`kind`) for the viewer's own vendor, streamed through the upload pipeline.
 */
export async function handleVendorDocumentUpload({ request, context, viewer }: PageArgs) {
  const lang = requestLanguage(request);
  const t = getT(lang);
  const outcome = await uploadVendorDocument({
    db: context.db,
    storage: context.storage,
    viewer,
    origin: requestOrigin(request, context.clientIp),
    body: request.body,
    contentType: request.headers.get('content-type'),
    signal: request.signal,
    onCleanupError: (error, key) => context.logger.error({ err: error, key }, 'could not delete an uploaded document'),
    scan: uploadScanFor(context, request, viewer.id, 'vendor_document'),
  });
  if (outcome.ok) {
    context.logger.info({ vendor: outcome.vendorId, document: outcome.documentId, kind: outcome.kind }, 'vendor document uploaded');
    if (wantsJson(request))
      return data({ ok: true as const, documentId: outcome.documentId, message: t(`vendors.documents.done.${outcome.kind}`) });
    return redirect(`${VENDOR_PROFILE_PATH}?${DOCUMENT_DONE_PARAM}=${outcome.kind}#documents`, 303);
  }
  const code: DocumentErrorCode =
    outcome.reason === 'invalid' ? documentErrorCode(outcome.issues.issues[0]?.message ?? 'invalid') : outcome.reason;
  context.logger.info({ viewer: viewer.id, code }, 'vendor document refused');
  if (wantsJson(request)) {
    const fields = outcome.reason === 'invalid' ? (translateIssues<string>(outcome.issues, lang) as Record<string, string>) : {};
    return data({ ok: false as const, code, message: documentErrorMessage(t, code), fields }, { status: statusOfCode(code) });
  }
  return redirect(`${VENDOR_PROFILE_PATH}?${DOCUMENT_ERROR_PARAM}=${code}#documents`, 303);
}

/**
 * `GET /api/vendor-documents/:documentId`: the file as an attachment for its vendor or an admin.
 * Anyone else, and unknown ids, get a 404; a refused access to an existing document is audited.
 */
export async function handleVendorDocumentDownload({
  request,
  context,
  viewer,
  documentId,
}: PageArgs & { documentId: string | undefined }) {
  const id = parseId(documentId);
  if (!id) throw data(null, { status: 404 });
  const found = await findVendorDocumentFile({ db: context.db, storage: context.storage, viewer, documentId: id });
  if (!found.ok) {
    if (found.exists) {
      await auditRefusal(context.db, viewer, {
        table: 'document',
        id,
        reason: 'not_owner',
        origin: requestOrigin(request, context.clientIp),
        values: { document_id: id },
      });
    }
    throw data(null, { status: 404 });
  }
  const { file } = found;
  return new Response(Readable.toWeb(file.body) as unknown as ReadableStream<Uint8Array>, {
    headers: documentDownloadHeaders({ mime: file.mime, fileName: file.fileName, size: file.size }),
  });
}
