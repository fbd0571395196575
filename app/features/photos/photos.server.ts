/**
 * Photos of buildings and units (decision 017): upload (through the upload pipeline,
 * `~/server/uploads`), reorder, choose the cover, delete. The order lives in the owner's
 * `image_urls` (cover first; the URL of the 1200 px variant, as the public site expects); each
 * uploaded photo also has a `document` row (kind `photo`) with its storage key, checksum and
 * size. Demo pictures in `image_urls` have no row and no file of their own: they are reordered
 * and removed like the others, but their shared files are never deleted.
 *
 * Who may: admins for every building, property managers for theirs (portfolio-access); anyone
 * else gets `not_found`, as for an unknown id. Every change is audited in its transaction.
 * Answers data or a reason code; the route maps reasons to statuses and messages.
 */
import { and, eq } from 'drizzle-orm';
import { PHOTOS_PER_OWNER, PHOTO_MAX_FILES_PER_REQUEST, PHOTO_WIDTHS, type PhotoOwnerType } from '~/lib/uploads';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Db } from '~/server/db/client.server';
import { building, document, property } from '~/server/db/schema';
import { createUploadBatch, receivePhotos, variantKey, type StoredPhoto } from '~/server/uploads/receive-photos.server';
import { photoDocumentValues } from '~/server/uploads/photo-documents.server';
import type { UploadStorage } from '~/server/uploads/storage.server';
import type { UploadErrorCode } from '~/lib/uploads';
import { UploadError } from '~/server/uploads/upload-error.server';
import { findManagedBuilding, findManagedUnit, type PortfolioActor } from '../portfolio/portfolio-access.server';

/** A building or a unit, by id. */
export type PhotoOwner = { type: PhotoOwnerType; id: number };

/** Why a photo command was refused. */
export type PhotoRefusal = 'not_found' | 'photo_not_found' | 'owner_full' | UploadErrorCode;

export type PhotoFailure = {
  ok: false;
  reason: PhotoRefusal;
  /** The file concerned (sanitised name), for upload refusals. */
  fileName?: string;
  /** The limit passed (bytes, files, pixels or photos). */
  limit?: number;
  /** `owner_full`: how many more photos the owner can take (0 when full). */
  remaining?: number;
};

export type PhotosOutcome = { ok: true; photos: string[]; added: string[]; changed: boolean } | PhotoFailure;

/** An owner as the commands see it: where its photos are kept and which building it belongs to. */
export type ResolvedPhotoOwner = {
  owner: PhotoOwner;
  /** `document.owner_type`. */
  ownerType: 'building' | 'property';
  buildingId: number;
  imageUrls: string[];
};

type CommandOptions = { db: Db; actor: PortfolioActor; origin: RequestOrigin; owner: PhotoOwner };

/**
 * The owner if `actor` manages it, else null. `forUpdate` locks its row in the caller's
 * transaction, so concurrent commands on the same owner apply one after the other.
 */
export async function findPhotoOwner({
  db,
  actor,
  owner,
  forUpdate = false,
}: {
  db: Db;
  actor: PortfolioActor;
  owner: PhotoOwner;
  forUpdate?: boolean;
}): Promise<ResolvedPhotoOwner | null> {
  if (owner.type === 'building') {
    const row = await findManagedBuilding({ db, actor, buildingId: owner.id, forUpdate });
    return row ? { owner, ownerType: 'building', buildingId: row.id, imageUrls: row.imageUrls } : null;
  }
  const row = await findManagedUnit({ db, actor, propertyId: owner.id, forUpdate });
  return row ? { owner, ownerType: 'property', buildingId: row.buildingId, imageUrls: row.imageUrls } : null;
}

async function writeImageUrls(db: Db, target: ResolvedPhotoOwner, imageUrls: string[]): Promise<void> {
  if (target.ownerType === 'building') await db.update(building).set({ imageUrls }).where(eq(building.id, target.owner.id));
  else await db.update(property).set({ imageUrls }).where(eq(property.id, target.owner.id));
}

function auditValues(target: ResolvedPhotoOwner, values: Record<string, unknown>): Record<string, unknown> {
  return { owner_type: target.ownerType, owner_id: target.owner.id, building_id: target.buildingId, ...values };
}

const NOT_FOUND: PhotoFailure = { ok: false, reason: 'not_found' };

function full(remaining: number): PhotoFailure {
  return { ok: false, reason: 'owner_full', remaining: Math.max(0, remaining), limit: PHOTOS_PER_OWNER };
}

/**
 * Receives the photos of a multipart request (`body` as it streams, `contentType` its header)
 * for `owner`, and appends them to its photos, all or nothing: every file is checked and stored
 * first; then, in one transaction, the owner is locked, its room checked again (20 photos at
 * most), the `document` rows inserted, `image_urls` extended and the upload audited
 * (`photos_uploaded`). On any refusal or error every stored file is deleted again. The access
 * check comes before a byte of the body is read.
 *
 * Answers the owner's photos and the URLs added, or `not_found`, `owner_full` (with
 * `remaining`), or the pipeline's refusal (`UploadErrorCode`, with the file's name and limit).
 * Database and storage errors propagate (after the cleanup).
 */
export async function uploadPhotos({
  db,
  storage,
  actor,
  origin,
  owner,
  body,
  contentType,
  signal,
  onCleanupError,
}: CommandOptions & {
  storage: UploadStorage;
  body: ReadableStream<Uint8Array> | null;
  contentType: string | null;
  signal?: AbortSignal;
  /** Told about a stored file that could not be deleted during a cleanup (logged by the caller). */
  onCleanupError?: (error: unknown, key: string) => void;
}): Promise<PhotosOutcome> {
  const target = await findPhotoOwner({ db, actor, owner });
  if (!target) return NOT_FOUND;
  const remaining = PHOTOS_PER_OWNER - target.imageUrls.length;
  if (remaining <= 0) return full(0);
  const maxFiles = Math.min(PHOTO_MAX_FILES_PER_REQUEST, remaining);
  const batch = createUploadBatch(storage, onCleanupError);
  try {
    let stored: StoredPhoto[];
    try {
      stored = await receivePhotos({ storage, batch, body, contentType, signal, maxFiles });
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      await batch.discard();
      // More files than the owner has room for is the owner's limit, not the request's.
      if (error.code === 'too_many_files' && maxFiles < PHOTO_MAX_FILES_PER_REQUEST) return full(remaining);
      return { ok: false, reason: error.code, fileName: error.fileName, limit: error.limit };
    }
    const outcome = await db.transaction(async (tx): Promise<PhotosOutcome> => {
      const locked = await findPhotoOwner({ db: tx, actor, owner, forUpdate: true });
      if (!locked) return NOT_FOUND;
      const room = PHOTOS_PER_OWNER - locked.imageUrls.length;
      if (stored.length > room) return full(room);
      const rows = await tx
        .insert(document)
        .values(photoDocumentValues(stored, { ownerType: locked.ownerType, ownerId: owner.id, createdBy: actor.id }))
        .returning({ id: document.id });
      const added = stored.map((photo) => photo.url);
      const photos = [...locked.imageUrls, ...added];
      await writeImageUrls(tx, locked, photos);
      await recordAuditEvent({
        db: tx,
        userId: actor.id,
        action: 'photos_uploaded',
        origin,
        tableName: 'document',
        values: auditValues(locked, { document_ids: rows.map((row) => row.id), urls: added, count: added.length }),
      });
      return { ok: true, photos, added, changed: true };
    });
    if (!outcome.ok) await batch.discard();
    return outcome;
  } catch (error) {
    await batch.discard();
    throw error;
  }
}

/** Runs `change` on the locked owner's photo list, with `url`'s position; saves and audits what it returns. */
async function changePhotos(
  { db, actor, origin, owner }: CommandOptions,
  url: string,
  change: (
    photos: string[],
    index: number,
  ) => { photos: string[]; audit: { action: 'photo_moved' | 'photo_cover_set' | 'photo_deleted'; values: Record<string, unknown> } | null },
  inTransaction?: (tx: Db, target: ResolvedPhotoOwner) => Promise<Record<string, unknown>>,
): Promise<PhotosOutcome> {
  return db.transaction(async (tx): Promise<PhotosOutcome> => {
    const target = await findPhotoOwner({ db: tx, actor, owner, forUpdate: true });
    if (!target) return NOT_FOUND;
    const index = target.imageUrls.indexOf(url);
    if (index < 0) return { ok: false, reason: 'photo_not_found' };
    const { photos, audit } = change(target.imageUrls, index);
    if (!audit) return { ok: true, photos, added: [], changed: false };
    const extra = inTransaction ? await inTransaction(tx, target) : {};
    await writeImageUrls(tx, target, photos);
    await recordAuditEvent({
      db: tx,
      userId: actor.id,
      action: audit.action,
      origin,
      tableName: target.ownerType,
      values: auditValues(target, { url, ...audit.values, ...extra }),
    });
    return { ok: true, photos, added: [], changed: true };
  });
}

function moved(photos: string[], from: number, to: number): string[] {
  const next = [...photos];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * Moves the photo `url` of `owner` to position `to` (0-based; 0 makes it the cover; clamped to
 * the list). Audited as `photo_moved` with both positions; a move to where it already is changes
 * nothing. Answers the new order, `not_found` or `photo_not_found`.
 */
export function movePhoto(options: CommandOptions & { url: string; to: number }): Promise<PhotosOutcome> {
  return changePhotos(options, options.url, (photos, index) => {
    const to = Math.max(0, Math.min(photos.length - 1, Math.trunc(options.to)));
    if (to === index) return { photos, audit: null };
    return { photos: moved(photos, index, to), audit: { action: 'photo_moved', values: { from: index, to } } };
  });
}

/** Makes the photo `url` the cover of `owner` (first in the list); audited as `photo_cover_set`. */
export function setCoverPhoto(options: CommandOptions & { url: string }): Promise<PhotosOutcome> {
  return changePhotos(options, options.url, (photos, index) => {
    if (index === 0) return { photos, audit: null };
    return { photos: moved(photos, index, 0), audit: { action: 'photo_cover_set', values: { from: index } } };
  });
}

/**
 * Removes the photo `url` from `owner`: from `image_urls` and, for an uploaded photo, its
 * `document` row, in one audited transaction (`photo_deleted`); then its files (every width). A
 * file that cannot be deleted is reported to `onCleanupError` and left as an orphan, never the
 * other way round (a row pointing to missing files). Demo pictures lose only their place.
 */
export async function deletePhoto(
  options: CommandOptions & { url: string; storage: UploadStorage; onCleanupError?: (error: unknown, key: string) => void },
): Promise<PhotosOutcome> {
  let storageKey: string | null = null;
  const outcome = await changePhotos(
    options,
    options.url,
    (photos, index) => ({ photos: photos.filter((_, i) => i !== index), audit: { action: 'photo_deleted', values: { position: index } } }),
    async (tx, target) => {
      const [row] = await tx
        .delete(document)
        .where(
          and(
            eq(document.ownerType, target.ownerType),
            eq(document.ownerId, String(target.owner.id)),
            eq(document.kind, 'photo'),
            eq(document.url, options.url),
          ),
        )
        .returning({ id: document.id, storageKey: document.storageKey });
      storageKey = row?.storageKey ?? null;
      return { document_id: row?.id ?? null };
    },
  );
  const key: string | null = storageKey;
  if (outcome.ok && key) {
    await Promise.all(
      PHOTO_WIDTHS.map((width) => {
        const file = variantKey(key, width);
        return options.storage.delete(file).catch((error: unknown) => options.onCleanupError?.(error, file));
      }),
    );
  }
  return outcome;
}
