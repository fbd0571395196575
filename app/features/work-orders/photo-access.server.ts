/**
 * Who may see a private photo (decision 056): the photos of a maintenance request and of a work
 * order are stored under `private/photos/` and reach a browser only through `/files/`, which asks
 * here on every request. The photo's `document` row (found by the key of its largest variant, a
 * unique index) names its owner; the viewer must be able to see that owner:
 *
 * - a maintenance request's photos: its tenant, the staff of its building (admins: every
 *   building), and a vendor holding a work order on it;
 * - a work order's photos (before/after, notes): the staff of its building and its vendor.
 *
 * Anyone else gets the same answer as for a photo that does not exist; the caller audits a
 * refusal of an existing photo.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { PHOTO_WIDTHS } from '~/lib/uploads';
import { buildingScope, type ScopeActor } from '~/server/auth/building-scope.server';
import type { Db } from '~/server/db/client.server';
import { document, maintenanceRequest, vendor, workOrder } from '~/server/db/schema';
import { variantKey } from '~/server/uploads/receive-photos.server';

/** The owners whose photos are private (`document.owner_type`). */
export const PRIVATE_PHOTO_OWNERS = ['maintenance_request', 'work_order'] as const;

/** A private photo variant's key: `private/photos/<2 hex>/<32 hex>-<width>.webp`. */
const PRIVATE_PHOTO_KEY = /^private\/photos\/[0-9a-f]{2}\/[0-9a-f]{32}-(\d{3,4})\.webp$/;

/** The largest width the pipeline stores: its key is the one the `document` row keeps. */
const LARGEST_WIDTH = Math.max(...PHOTO_WIDTHS);

export type PrivatePhotoLookup =
  /** The viewer may see it: the stored file's key and the document's id (for the file name). */
  | { ok: true; key: string; documentId: number }
  /** Not theirs (`documentId` set: it exists, audit the refusal) or no such photo. */
  | { ok: false; documentId: number | null };

/**
 * Whether `viewer` may see the private photo variant `key` (e.g. `private/photos/ab/…-400.webp`).
 * Any other key (a document, a public photo, a width the pipeline never makes, a malformed or
 * encoded path) is `{ ok: false, documentId: null }` without a database read.
 */
export async function findPrivatePhoto(db: Db, viewer: ScopeActor, key: string): Promise<PrivatePhotoLookup> {
  const match = PRIVATE_PHOTO_KEY.exec(key);
  // The pattern admits only `private/photos/…` keys, which are valid storage keys by construction.
  if (!match) return { ok: false, documentId: null };
  if (!(PHOTO_WIDTHS as readonly number[]).includes(Number(match[1]))) return { ok: false, documentId: null };
  const [row] = await db
    .select({ id: document.id, ownerType: document.ownerType, ownerId: document.ownerId })
    .from(document)
    .where(and(eq(document.storageKey, variantKey(key, LARGEST_WIDTH)), eq(document.kind, 'photo')));
  if (!row) return { ok: false, documentId: null };
  const ownerId = Number(row.ownerId);
  const allowed = Number.isSafeInteger(ownerId) && (await mayView(db, viewer, row.ownerType, ownerId));
  return allowed ? { ok: true, key, documentId: row.id } : { ok: false, documentId: row.id };
}

/** The work orders of the vendor whose account is `userId`, as a condition on `work_order`. */
function vendorsOwnOrder(userId: string): SQL {
  return sql`${workOrder.vendorId} in (select ${vendor.id} from ${vendor} where ${vendor.userId} = ${userId})`;
}

/** True when `table` has a row meeting `condition`. */
async function exists(db: Db, table: typeof maintenanceRequest | typeof workOrder, condition: SQL | undefined): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(table)
    .where(condition)
    .limit(1);
  return row !== undefined;
}

/** True when `viewer` may see owner `ownerType` #`ownerId` (see the module comment). */
async function mayView(db: Db, viewer: ScopeActor, ownerType: string, ownerId: number): Promise<boolean> {
  if (ownerType === 'maintenance_request') {
    const who =
      viewer.role === 'tenant'
        ? eq(maintenanceRequest.tenantId, viewer.id)
        : viewer.role === 'vendor'
          ? sql`exists (select 1 from ${workOrder} where ${workOrder.maintenanceRequestId} = ${maintenanceRequest.id} and ${vendorsOwnOrder(viewer.id)})`
          : buildingScope(viewer, maintenanceRequest.buildingId);
    return exists(db, maintenanceRequest, and(eq(maintenanceRequest.id, ownerId), who));
  }
  if (ownerType === 'work_order') {
    const who = viewer.role === 'vendor' ? vendorsOwnOrder(viewer.id) : buildingScope(viewer, workOrder.buildingId);
    return exists(db, workOrder, and(eq(workOrder.id, ownerId), who));
  }
  return false;
}
