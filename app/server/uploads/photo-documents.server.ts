/**
 * The `document` rows (kind `photo`) that record photos stored by the upload pipeline
 * (decision 017: the owner keeps the ordered URLs, the document row the facts needed to audit
 * and delete the files). One mapping for every owner — maintenance requests, work orders, units
 * and buildings — so a new column of `StoredPhoto` is recorded everywhere at once.
 */
import type { document } from '~/server/db/schema';
import type { StoredPhoto } from './receive-photos.server';

/** Who a photo belongs to: the owner's table name (`owner_type`), its id, and the uploader's user id (null: none, as for demo data). */
export type PhotoDocumentOwner = { ownerType: string; ownerId: number | string; createdBy: string | null };

/** The `document` insert values for `photos` (one row each, in order) belonging to `owner`. */
export function photoDocumentValues(photos: readonly StoredPhoto[], owner: PhotoDocumentOwner): Array<typeof document.$inferInsert> {
  return photos.map((photo) => ({
    ownerType: owner.ownerType,
    ownerId: String(owner.ownerId),
    kind: 'photo' as const,
    storageKey: photo.key,
    url: photo.url,
    mime: photo.mime,
    sizeBytes: photo.sizeBytes,
    sha256: photo.sha256,
    width: photo.width,
    height: photo.height,
    originalName: photo.originalName,
    createdBy: owner.createdBy,
  }));
}
