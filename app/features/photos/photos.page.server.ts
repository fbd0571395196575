/**
 * The photo endpoints' work (decision 017), behind the resource routes
 * `POST /api/photos/:owner/:ownerId/upload` (multipart, streamed) and
 * `POST /api/photos/:owner/:ownerId` (`intent` = move | cover | delete). Routes check the session,
 * the role and the rate limit first; this module finds the owner (another manager's building or
 * unit is a 404, audited, exactly like the portfolio pages), calls the photo service and maps its
 * reasons to statuses and translated messages: 413 (sizes), 415 (types), 422 (images, a full
 * owner), 400 (malformed requests), 409 (a photo no longer there). A script (the photo manager)
 * gets JSON; a plain form post (no JavaScript) is redirected back to its page with the outcome.
 * A JSON API, not a page form: it keeps its `PhotoAnswer` (the photo manager and the dropzone
 * word refusals with `photoErrorMessage`), and takes the form kit's readers (decision 037).
 */
import { isAdmin } from '~/lib/access';
import { data, redirect } from 'react-router';
import { getT } from '~/i18n/translate.server';
import { PHOTO_OWNER_TYPES, type PhotoOwnerType } from '~/lib/uploads';
import { requestLanguage } from '~/lib/route-helpers.server';
import { requestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import { formFields, isDocumentPost } from '~/server/http/form.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { UPLOAD_ERROR_CODES, type UploadErrorCode } from '~/lib/uploads';
import { uploadErrorStatus } from '~/server/uploads/upload-error.server';
import { recordDeniedPortfolioAccess } from '../portfolio/buildings.server';
import { photoErrorMessage } from './photo-messages';
import {
  PHOTO_DONE_PARAM,
  PHOTO_ERROR_PARAM,
  PHOTO_FILE_PARAM,
  PHOTO_REMAINING_PARAM,
  photoCommandSchema,
  type PhotoAnswer,
  type PhotoIntent,
} from './photos.schemas';
import {
  deletePhoto,
  findPhotoOwner,
  movePhoto,
  setCoverPhoto,
  uploadPhotos,
  type PhotoFailure,
  type PhotoOwner,
  type PhotosOutcome,
  type ResolvedPhotoOwner,
} from './photos.server';
import { INT4_MAX } from '~/lib/ids';

type Args = { request: Request; context: DimoraLoadContext; actor: Viewer; params: { owner?: string; ownerId?: string } };

/** The owner named by the URL, or a thrown 404 for anything malformed. */
export function parsePhotoOwner(params: Args['params']): PhotoOwner {
  const type = params.owner as PhotoOwnerType;
  const raw = params.ownerId ?? '';
  if (!(PHOTO_OWNER_TYPES as readonly string[]).includes(type) || !/^\d{1,10}$/.test(raw)) throw data(null, { status: 404 });
  const id = Number(raw);
  if (id < 1 || id > INT4_MAX) throw data(null, { status: 404 });
  return { type, id };
}

/** The back-office page showing the owner's photos, for the actor (admin area or dashboard). */
function pageOf(actor: Viewer, target: ResolvedPhotoOwner): string {
  const base = isAdmin(actor.role) ? '/admin/properties' : '/dashboard/buildings';
  return target.owner.type === 'building' ? `${base}/${target.buildingId}` : `${base}/${target.buildingId}/units/${target.owner.id}`;
}

function statusOf(failure: PhotoFailure): number {
  switch (failure.reason) {
    case 'not_found':
      return 404;
    case 'photo_not_found':
      return 409;
    case 'owner_full':
      return 422;
    default:
      return (UPLOAD_ERROR_CODES as readonly string[]).includes(failure.reason)
        ? uploadErrorStatus(failure.reason as UploadErrorCode)
        : 400;
  }
}

/** The owner the actor may manage, or a thrown 404 — audited when it exists but is not theirs. */
async function ownerOrNotFound({ request, context, actor }: Args, owner: PhotoOwner, intent: PhotoIntent): Promise<ResolvedPhotoOwner> {
  const target = await findPhotoOwner({ db: context.db, actor, owner });
  if (target) return target;
  await recordDeniedPortfolioAccess({
    db: context.db,
    actor,
    origin: requestOrigin(request, context.clientIp),
    ...(owner.type === 'building' ? { buildingId: owner.id } : { propertyId: owner.id }),
  });
  const t = getT(requestLanguage(request));
  throw data<PhotoAnswer>({ ok: false, intent, code: 'not_found', message: t('photos.errors.not_found') }, { status: 404 });
}

function answer(args: Args, target: ResolvedPhotoOwner, intent: PhotoIntent, outcome: PhotosOutcome) {
  const t = getT(requestLanguage(args.request));
  const page = pageOf(args.actor, target);
  if (outcome.ok) {
    const message = intent === 'upload' ? t('photos.done.upload', { count: outcome.added.length }) : t(`photos.done.${intent}`);
    if (isDocumentPost(args.request)) return redirect(`${page}?${PHOTO_DONE_PARAM}=${intent}#photos`, 303);
    return data<PhotoAnswer>({ ok: true, intent, photos: outcome.photos, added: outcome.added, message });
  }
  if (outcome.reason === 'not_found')
    throw data<PhotoAnswer>({ ok: false, intent, code: 'not_found', message: t('photos.errors.not_found') }, { status: 404 });
  if (isDocumentPost(args.request)) {
    const query = new URLSearchParams({ [PHOTO_ERROR_PARAM]: outcome.reason });
    if (outcome.fileName) query.set(PHOTO_FILE_PARAM, outcome.fileName);
    if (outcome.remaining) query.set(PHOTO_REMAINING_PARAM, String(outcome.remaining));
    return redirect(`${page}?${query.toString()}#photos`, 303);
  }
  const message = photoErrorMessage(t, {
    code: outcome.reason,
    ownerType: target.owner.type,
    limit: outcome.limit,
    remaining: outcome.remaining,
  });
  return data<PhotoAnswer>(
    { ok: false, intent, code: outcome.reason, message, ...(outcome.fileName ? { fileName: outcome.fileName } : {}) },
    { status: statusOf(outcome) },
  );
}

/**
 * `POST /api/photos/:owner/:ownerId/upload`: the multipart body (any number of files, 20 at most
 * per owner) is streamed through the upload pipeline; all are added or none.
 */
export async function handlePhotoUpload(args: Args) {
  const { request, context, actor } = args;
  const owner = parsePhotoOwner(args.params);
  const target = await ownerOrNotFound(args, owner, 'upload');
  const outcome = await uploadPhotos({
    db: context.db,
    storage: context.storage,
    actor,
    origin: requestOrigin(request, context.clientIp),
    owner,
    body: request.body,
    contentType: request.headers.get('content-type'),
    signal: request.signal,
    onCleanupError: (error, key) => context.logger.error({ err: error, key }, 'could not delete an uploaded file'),
  });
  if (!outcome.ok && outcome.reason !== 'not_found')
    context.logger.info({ owner, reason: outcome.reason, file: outcome.fileName }, 'photo upload refused');
  return answer(args, target, 'upload', outcome);
}

/** `POST /api/photos/:owner/:ownerId`: `intent` = move (`photo`, `to`) | cover (`photo`) | delete (`photo`). */
export async function handlePhotoCommand(args: Args) {
  const { request, context, actor } = args;
  const owner = parsePhotoOwner(args.params);
  // A body that is not a form reads as an empty one: the owner is checked first (404), then 400.
  const fields = formFields(await request.formData().catch(() => new FormData()));
  const parsed = photoCommandSchema.safeParse(fields);
  const intent: PhotoIntent = parsed.success
    ? parsed.data.intent
    : ((['move', 'cover', 'delete'] as const).find((name) => name === fields.intent) ?? 'move');
  const target = await ownerOrNotFound(args, owner, intent);
  if (!parsed.success) {
    const t = getT(requestLanguage(request));
    return data<PhotoAnswer>({ ok: false, intent, code: 'invalid', message: t('photos.errors.invalid') }, { status: 400 });
  }
  const command = parsed.data;
  const common = { db: context.db, actor, origin: requestOrigin(request, context.clientIp), owner, url: command.photo };
  const outcome =
    command.intent === 'move'
      ? await movePhoto({ ...common, to: command.to })
      : command.intent === 'cover'
        ? await setCoverPhoto(common)
        : await deletePhoto({
            ...common,
            storage: context.storage,
            onCleanupError: (error, key) => context.logger.error({ err: error, key }, 'could not delete a photo file'),
          });
  return answer(args, target, command.intent, outcome);
}
