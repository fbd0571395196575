/**
 * The tenant's maintenance requests as route work (decision 027), behind
 * `/tenant-portal/maintenance/new` (the plain multipart form, no JavaScript needed),
 * `POST /api/maintenance-requests` (the scripted form and the offline queue; JSON) and the
 * commands of `/tenant-portal/maintenance/:requestId` (the page protocol, decision 037). Routes
 * check the session, the role and, for a new request, the rate limit first (before a byte of the
 * body is read); this module reads the multipart body through the upload pipeline
 * (each photo checked by its magic bytes and re-encoded as it arrives), calls the service, and
 * maps its reasons to statuses and translated messages. Every stored photo of a refused (or
 * replayed) request is deleted again.
 */
import { data } from 'react-router';
import { z } from 'zod';
import { photoErrorMessage } from '~/features/photos/photo-messages';
import { getT } from '~/i18n/translate.server';
import type { Language } from '~/lib/constants';
import { PHOTO_MAX_FILE_BYTES, PHOTO_MAX_REQUEST_BYTES } from '~/lib/uploads';
import { requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { ActionResult } from '~/lib/action-result';
import { handleFormAction, type FormCall, type ReasonTable } from '~/server/http/form-action.server';
import { fieldErrors } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { readMultipart } from '~/server/uploads/multipart.server';
import { createUploadBatch, storePhoto, type StoredPhoto } from '~/server/uploads/receive-photos.server';
import { UploadError, uploadErrorStatus } from '~/server/uploads/upload-error.server';
import {
  MAINTENANCE_MAX_PHOTOS,
  MAINTENANCE_LIMITS,
  maintenanceFormErrorsPath,
  maintenanceFormValues,
  tenantRequestPath,
} from './tenant-requests.schemas';
import { cancelMaintenanceRequest, commentOnMaintenanceRequest, rateMaintenanceRequest } from './tenant-request-commands.server';
import { createMaintenanceRequest } from './tenant-requests.server';
import type { CreateRequestAnswer } from './tenant-requests.types';

type Args = { request: Request; context: DimoraLoadContext; viewer: Viewer; lang: Language };

/** Text fields a form may carry: the request's, the windows', the client id. */
const MAX_FIELDS = 30;
/** Bytes per text field: the description's 5,000 characters in any script. */
const MAX_FIELD_BYTES = MAINTENANCE_LIMITS.description * 4;

/** The text fields sent back to fill the form again (never files). */
function echo(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (
      /^(unitId|category|priority|title|description|location|permissionToEnter|entryNotes|clientId|window(Date|From|To)[0-9])$/.test(name)
    )
      out[name] = value.slice(0, MAINTENANCE_LIMITS.description);
  }
  return out;
}

/** The zod issues of a request form as translated messages on the form's own field names. */
function requestFieldErrors(error: z.ZodError, rows: readonly number[], lang: Language): Record<string, string> {
  const remapped = new z.ZodError(error.issues.map((issue) => ({ ...issue, path: [maintenanceFormErrorsPath(issue.path, rows)] })));
  return fieldErrors(remapped, lang);
}

type PhotoRefusal = { code: string; fileName?: string; limit?: number };

/** A refusal of the photos: its status and message (the sixth photo is the request's limit, 422). */
function photoRefusal(refusal: PhotoRefusal, lang: Language): { status: number; message: string } {
  const t = getT(lang);
  if (refusal.code === 'too_many_photos')
    return { status: 422, message: t('maintenance.errors.tooManyPhotos', { count: MAINTENANCE_MAX_PHOTOS }) };
  const message = photoErrorMessage(t, { code: refusal.code, ownerType: 'unit', limit: refusal.limit });
  return {
    status: uploadErrorStatus(refusal.code as UploadError['code']),
    message: refusal.fileName ? `${refusal.fileName}: ${message}` : message,
  };
}

/**
 * Reads a new request's multipart form (fields and up to MAINTENANCE_MAX_PHOTOS photos, streamed
 * through the upload pipeline) and creates it for `viewer`. Answers the status and the
 * CreateRequestAnswer: 200 with the request (also for a replayed client id), 422 for field
 * errors, a sixth photo or a unit the viewer does not rent, 413/415/422/400 for refused files
 * and broken bodies. A refused photo does not stop the reading, so the typed values come back.
 */
export async function receiveMaintenanceRequest({
  request,
  context,
  viewer,
  lang,
}: Args): Promise<{ status: number; answer: CreateRequestAnswer }> {
  const t = getT(lang);
  const storage = context.storage;
  const batch = createUploadBatch(storage, (error, key) =>
    context.logger.error({ err: error, key }, 'could not delete an uploaded maintenance photo'),
  );
  const photos: StoredPhoto[] = [];
  let refusal: PhotoRefusal | null = null;
  let fields: Record<string, string>;
  try {
    ({ fields } = await readMultipart({
      body: request.body,
      contentType: request.headers.get('content-type'),
      signal: request.signal,
      // One more file than allowed is read (and dropped) so the sixth photo gets its own message.
      limits: {
        maxFileBytes: PHOTO_MAX_FILE_BYTES,
        maxFiles: MAINTENANCE_MAX_PHOTOS + 1,
        maxRequestBytes: PHOTO_MAX_REQUEST_BYTES,
        maxFields: MAX_FIELDS,
        maxFieldBytes: MAX_FIELD_BYTES,
      },
      onFile: async (file) => {
        if (refusal) return;
        if (photos.length >= MAINTENANCE_MAX_PHOTOS) {
          refusal = { code: 'too_many_photos' };
          return;
        }
        try {
          photos.push(await storePhoto({ file, batch, storage, access: 'private' }));
        } catch (error) {
          if (!(error instanceof UploadError)) throw error;
          refusal = { code: error.code, fileName: error.fileName, limit: error.limit };
        }
      },
    }));
  } catch (error) {
    await batch.discard();
    if (!(error instanceof UploadError)) throw error;
    const code = error.code === 'too_many_files' ? 'too_many_photos' : error.code;
    const { status, message } = photoRefusal({ code, fileName: error.fileName, limit: error.limit }, lang);
    return { status, answer: { ok: false, code, error: message, errors: { photos: message } } };
  }
  const values = echo(fields);
  const finalRefusal = refusal as PhotoRefusal | null;
  if (finalRefusal) {
    await batch.discard();
    const { status, message } = photoRefusal(finalRefusal, lang);
    context.logger.info({ reason: finalRefusal.code, file: finalRefusal.fileName }, 'maintenance photo refused');
    return { status, answer: { ok: false, code: finalRefusal.code, error: message, errors: { photos: message }, values } };
  }
  const form = maintenanceFormValues(fields);
  try {
    const outcome = await createMaintenanceRequest({
      db: context.db,
      viewer,
      origin: requestOrigin(request, context.clientIp),
      input: form.values,
      photos,
    });
    if (!outcome.ok || outcome.replayed) await batch.discard();
    if (outcome.ok) {
      return {
        status: 200,
        answer: {
          ok: true,
          requestId: outcome.requestId,
          url: tenantRequestPath(outcome.requestId),
          replayed: outcome.replayed,
          priority: outcome.priority,
        },
      };
    }
    if (outcome.reason === 'invalid') {
      return {
        status: 422,
        answer: {
          ok: false,
          code: 'invalid',
          error: t('maintenance.errors.form'),
          errors: requestFieldErrors(outcome.error, form.rows, lang),
          values,
        },
      };
    }
    if (outcome.reason === 'too_many_photos') {
      const { status, message } = photoRefusal({ code: 'too_many_photos' }, lang);
      return { status, answer: { ok: false, code: 'too_many_photos', error: message, errors: { photos: message }, values } };
    }
    const message = t('maintenance.errors.unitNotLeased');
    return { status: 422, answer: { ok: false, code: 'unit_not_leased', error: message, errors: { unitId: message }, values } };
  } catch (error) {
    await batch.discard();
    throw error;
  }
}

/** The commands of a request's page (`intent`). */
export const COMMAND_INTENTS = ['comment', 'cancel', 'rate'] as const;

/** One of `COMMAND_INTENTS`. */
export type CommandIntent = (typeof COMMAND_INTENTS)[number];

/** What a command answers (decision 037's `ActionResult`). */
export type CommandResult = ActionResult<CommandIntent>;

/** How the page answers a command the request's status does not allow (`{{status}}`: its status). */
const COMMAND_REFUSALS: ReasonTable<'finished' | 'not_cancellable' | 'not_ratable' | 'already_rated'> = {
  finished: { status: 409, message: 'maintenance.errors.finished' },
  not_cancellable: { status: 409, message: 'maintenance.errors.not_cancellable' },
  not_ratable: { status: 409, message: 'maintenance.errors.not_ratable' },
  already_rated: { status: 409, message: 'maintenance.errors.already_rated' },
};

/**
 * `/tenant-portal/maintenance/:requestId` actions, through the page protocol (decision 037):
 * `comment` (`body`), `cancel` (`reason`), `rate` (`rating` 1–5, `comment`), rate-limited as
 * `maintenance_request` (spec §9; 429). Someone else's request is a thrown 404 (audited by the
 * service; the page's error screen); field errors 422 (with `errors.form`); a command the
 * request's status does not allow 409; an unknown intent 400. A plain form post is redirected
 * (303) to the request's page with `?done=<intent>`.
 */
export function handleTenantRequestCommand({ request, context, viewer, requestId }: Omit<Args, 'lang'> & { requestId: number }) {
  return handleFormAction(
    { request, context },
    {
      intents: COMMAND_INTENTS,
      rateLimit: { action: 'maintenance_request', userId: viewer.id },
      echo: ['body', 'reason', 'comment', 'rating'],
    },
    async (call: FormCall<CommandIntent>) => {
      const { intent, fields } = call;
      const common = { db: context.db, viewer, requestId, origin: call.origin };
      const outcome =
        intent === 'comment'
          ? await commentOnMaintenanceRequest({ ...common, input: { body: fields.body ?? '' } })
          : intent === 'cancel'
            ? await cancelMaintenanceRequest({ ...common, input: { reason: fields.reason ?? '' } })
            : await rateMaintenanceRequest({ ...common, input: { rating: fields.rating ?? '', comment: fields.comment ?? '' } });
      if (!outcome.ok) {
        if (outcome.reason === 'not_found') throw data(null, { status: 404 });
        if (outcome.reason === 'invalid')
          call.invalid({ form: call.t('maintenance.errors.form'), ...fieldErrors(outcome.error, call.lang) });
        const status = call.t(`maintenance.status.${outcome.current}`).toLocaleLowerCase(call.lang);
        call.refuse(COMMAND_REFUSALS[outcome.reason], { params: { status } });
      }
      return call.done({ message: `maintenance.done.${intent}`, redirectTo: `${tenantRequestPath(requestId)}?done=${intent}` });
    },
  );
}
