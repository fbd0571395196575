/**
 * The migration step of decision 056: photos of maintenance requests and work orders uploaded
 * before they became private were stored under `photos/` and linked as `/media/photos/…`, which
 * anyone could fetch. This moves each one under `private/photos/` (every width), points its
 * `document` row and the URLs its owner keeps (`maintenance_request.photo_urls`,
 * `maintenance_event.photo_urls`, `work_order_event.photo_urls`) at `/files/…` in one
 * transaction — so the old URLs answer 404.
 *
 * Idempotent and resumable, in this order per photo: copy every width to its private key, delete
 * the public copies, then rewrite the rows. A photo already moved is no longer selected; one
 * interrupted before its rows were rewritten is selected again, finds its private copies (a
 * public copy still there is copied again, same bytes, same key) and finishes. No public copy
 * outlives a finished move. The server runs it before it serves (server/index.ts), so no page
 * links to a photo half-way through.
 */
import { buffer } from 'node:stream/consumers';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { PHOTO_WIDTHS } from '~/lib/uploads';
import type { Db } from '~/server/db/client.server';
import { document, maintenanceEvent, maintenanceRequest, workOrderEvent } from '~/server/db/schema';
import { variantKey } from '~/server/uploads/receive-photos.server';
import { PRIVATE_KEY_PREFIX, storageUrlOf, type UploadStorage } from '~/server/uploads/storage.server';
import { PRIVATE_PHOTO_OWNERS } from './photo-access.server';

/** Photos moved per database round trip. */
const BATCH = 100;

export type PhotoMoveResult = { moved: number; missingFiles: number };

/** Reads a stored object whole (a photo variant: at most a few hundred KB). */
async function readAll(storage: UploadStorage, key: string): Promise<Uint8Array | null> {
  const object = await storage.get(key);
  return object ? buffer(object.body) : null;
}

/**
 * Moves every public photo of a maintenance request or work order to private storage (see the
 * module comment). `onProgress(done)` is called after each batch. Resolves with the photos moved
 * and the variants that were already missing from the store (their rows are moved anyway, so no
 * page keeps a public link). Throws when the store or the database fails; what was moved stays moved.
 */
export async function movePublicMaintenancePhotos({
  db,
  storage,
  onProgress,
}: {
  db: Db;
  storage: UploadStorage;
  onProgress?: (done: number) => void;
}): Promise<PhotoMoveResult> {
  const result: PhotoMoveResult = { moved: 0, missingFiles: 0 };
  for (;;) {
    const rows = await db
      .select({ id: document.id, ownerType: document.ownerType, ownerId: document.ownerId, key: document.storageKey, url: document.url })
      .from(document)
      .where(and(eq(document.kind, 'photo'), inArray(document.ownerType, [...PRIVATE_PHOTO_OWNERS]), like(document.storageKey, 'photos/%')))
      .orderBy(document.id)
      .limit(BATCH);
    if (rows.length === 0) return result;
    for (const row of rows) {
      const oldKeys = PHOTO_WIDTHS.map((width) => variantKey(row.key, width));
      for (const oldKey of oldKeys) {
        const bytes = await readAll(storage, oldKey);
        if (bytes) await storage.put(PRIVATE_KEY_PREFIX + oldKey, bytes);
        else {
          // Copied by an interrupted run? Only its existence matters: close the stream at once.
          const copied = await storage.get(PRIVATE_KEY_PREFIX + oldKey);
          if (copied) copied.body.destroy();
          else result.missingFiles += 1;
        }
      }
      await Promise.all(oldKeys.map((key) => storage.delete(key)));
      const newKey = PRIVATE_KEY_PREFIX + row.key;
      const newUrl = storageUrlOf(newKey);
      const ownerId = Number(row.ownerId);
      await db.transaction(async (tx) => {
        await tx.update(document).set({ storageKey: newKey, url: newUrl }).where(eq(document.id, row.id));
        if (!Number.isSafeInteger(ownerId)) return;
        const replaced = (column: AnyPgColumn) => sql<string[]>`array_replace(${column}, ${row.url}, ${newUrl})`;
        if (row.ownerType === 'maintenance_request') {
          await tx
            .update(maintenanceRequest)
            .set({ photoUrls: replaced(maintenanceRequest.photoUrls) })
            .where(eq(maintenanceRequest.id, ownerId));
          await tx
            .update(maintenanceEvent)
            .set({ photoUrls: replaced(maintenanceEvent.photoUrls) })
            .where(eq(maintenanceEvent.requestId, ownerId));
        } else {
          await tx
            .update(workOrderEvent)
            .set({ photoUrls: replaced(workOrderEvent.photoUrls) })
            .where(eq(workOrderEvent.workOrderId, ownerId));
        }
      });
      result.moved += 1;
    }
    onProgress?.(result.moved);
  }
}
