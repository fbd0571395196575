/**
 * Demo photos of repairs (decision 026: every screen has content on a fresh start; decision 056:
 * these photos are private). After the demo maintenance exists, this attaches generated pictures
 * (a few drawings of a leak, a crack, a broken fixture, rendered here with sharp) to
 *
 * - up to `MAX_REQUESTS` maintenance requests — every fourth one with a tenant, by id — as the
 *   tenant's own photos (`maintenance_request.photo_urls`, owner `maintenance_request`), and
 * - up to `MAX_WORK_ORDERS` completed work orders, the busiest vendors' first (the demo vendor
 *   account takes the busiest), as the vendor's "after" photo on the completion step (`work_order_event.photo_urls`, owner `work_order`),
 *
 * stored through `storage` under `private/photos/…` exactly as an upload would be (three WebP
 * widths, a `document` row each), so `/files/…` serves them to those who may see the request or
 * work order and to nobody else. Rows that already have photos are left alone: a second run
 * adds nothing. Throws on storage or database errors; files written by a failed run are
 * removed.
 */
import { createHash } from 'node:crypto';
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { UploadStorage } from '~/server/uploads/storage.server';
import { photoDocumentValues } from '~/server/uploads/photo-documents.server';
import { processPhoto, type ProcessedPhoto } from '~/server/uploads/photo-variants.server';
import { createUploadBatch, storeProcessedPhoto, type StoredPhoto } from '~/server/uploads/receive-photos.server';
import type { Db } from '../client.server';
import { document, maintenanceRequest, vendor, workOrder, workOrderEvent } from '../schema';

/** At most this many requests get a photo. */
export const MAX_REQUESTS = 40;
/** At most this many completed work orders get an "after" photo. */
export const MAX_WORK_ORDERS = 20;

/** The drawings: a label (also the photo's original file name) and two colours. */
const DRAWINGS = [
  { name: 'leak-under-sink.jpg', background: '#d9e4ec', accent: '#2f6f9f', shape: 'drops' },
  { name: 'cracked-tile.jpg', background: '#ece6dc', accent: '#6b5b45', shape: 'crack' },
  { name: 'broken-outlet.jpg', background: '#efefe8', accent: '#8a2d2d', shape: 'outlet' },
  { name: 'ceiling-stain.jpg', background: '#f1ede4', accent: '#9b7b3a', shape: 'stain' },
  { name: 'repaired-fixture.jpg', background: '#e3efe3', accent: '#2f7d4f', shape: 'check' },
] as const;

type Drawing = (typeof DRAWINGS)[number];

/** The SVG of one drawing (800 × 600, no text: the pictures are the same in both languages). */
function drawingSvg({ background, accent, shape }: Drawing): string {
  const figure = {
    drops: `<path d="M400 170 C360 250 330 290 330 330 a70 70 0 0 0 140 0 C470 290 440 250 400 170Z" fill="${accent}"/><circle cx="300" cy="460" r="26" fill="${accent}" opacity=".6"/><circle cx="500" cy="470" r="18" fill="${accent}" opacity=".5"/>`,
    crack: `<rect x="180" y="140" width="440" height="320" fill="#fff" stroke="${accent}" stroke-width="6"/><path d="M260 150 L330 260 L300 300 L390 380 L370 450" fill="none" stroke="${accent}" stroke-width="8"/>`,
    outlet: `<rect x="300" y="160" width="200" height="280" rx="24" fill="#fff" stroke="${accent}" stroke-width="8"/><rect x="360" y="220" width="18" height="50" fill="${accent}"/><rect x="422" y="220" width="18" height="50" fill="${accent}"/><path d="M330 420 L470 180" stroke="${accent}" stroke-width="6"/>`,
    stain: `<ellipse cx="400" cy="300" rx="220" ry="140" fill="${accent}" opacity=".35"/><ellipse cx="420" cy="290" rx="120" ry="80" fill="${accent}" opacity=".45"/>`,
    check: `<circle cx="400" cy="300" r="170" fill="#fff" stroke="${accent}" stroke-width="10"/><path d="M320 300 L380 360 L490 240" fill="none" stroke="${accent}" stroke-width="22" stroke-linecap="round" stroke-linejoin="round"/>`,
  }[shape];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600"><rect width="800" height="600" fill="${background}"/>${figure}</svg>`;
}

/** One drawing as an upload would arrive (a JPEG), with its processed variants. */
type Rendered = { drawing: Drawing; processed: ProcessedPhoto; sha256: string };

async function render(drawing: Drawing): Promise<Rendered> {
  const jpeg = await sharp(Buffer.from(drawingSvg(drawing)))
    .jpeg({ quality: 85 })
    .toBuffer();
  const processed = await processPhoto(jpeg, { fileName: drawing.name });
  return { drawing, processed, sha256: createHash('sha256').update(jpeg).digest('hex') };
}

export type DemoRepairPhotoCounts = { requests: number; workOrders: number; files: number };

/**
 * Attaches the demo repair photos (module comment) to the seeded maintenance in `db`, storing
 * the files in `storage`. Returns how many requests and work orders got a photo and how many
 * files were written.
 */
export async function seedDemoRepairPhotos({ db, storage }: { db: Db; storage: UploadStorage }): Promise<DemoRepairPhotoCounts> {
  // The same rows are picked on every run (by id, photos or not); those with photos are skipped.
  const requests = (
    await db
      .select({
        id: maintenanceRequest.id,
        tenantId: maintenanceRequest.tenantId,
        photos: sql<number>`cardinality(${maintenanceRequest.photoUrls})`,
      })
      .from(maintenanceRequest)
      .where(isNotNull(maintenanceRequest.tenantId))
      .orderBy(asc(maintenanceRequest.id))
  )
    .filter((_row, index) => index % 4 === 0)
    .slice(0, MAX_REQUESTS)
    .filter((row) => Number(row.photos) === 0);
  const completions = (
    await db
      .select({
        photos: sql<number>`cardinality(${workOrderEvent.photoUrls})`,
        eventId: workOrderEvent.id,
        workOrderId: workOrderEvent.workOrderId,
        uploader: sql<string | null>`coalesce(${workOrderEvent.actorId}, ${vendor.userId})`,
      })
      .from(workOrderEvent)
      .innerJoin(workOrder, eq(workOrder.id, workOrderEvent.workOrderId))
      .innerJoin(vendor, eq(vendor.id, workOrder.vendorId))
      .where(and(eq(workOrderEvent.toStatus, 'completed'), isNotNull(workOrder.maintenanceRequestId)))
      // The busiest vendors first: the demo vendor account takes the one with the most work orders.
      .orderBy(sql`(select count(*) from ${workOrder} busy where busy.vendor_id = ${vendor.id}) desc`, asc(workOrderEvent.id))
      .limit(MAX_WORK_ORDERS)
  ).filter((row) => Number(row.photos) === 0);
  if (requests.length === 0 && completions.length === 0) return { requests: 0, workOrders: 0, files: 0 };

  const rendered = await Promise.all(DRAWINGS.map(render));
  const batch = createUploadBatch(storage);
  /** Stores drawing `n`'s variants under a fresh private key, as an upload's are stored. */
  const store = (n: number): Promise<StoredPhoto> => {
    const { drawing, processed, sha256 } = rendered[n % rendered.length]!;
    return storeProcessedPhoto({ processed, batch, storage, access: 'private', sha256, originalName: drawing.name });
  };

  try {
    // The "repaired" drawing is for the vendors' after photos; the tenants show the damage.
    const damage = DRAWINGS.length - 1;
    const requestPhotos: { row: (typeof requests)[number]; photo: StoredPhoto }[] = [];
    for (const [index, row] of requests.entries()) requestPhotos.push({ row, photo: await store(index % damage) });
    const orderPhotos: { row: (typeof completions)[number]; photo: StoredPhoto }[] = [];
    for (const row of completions) orderPhotos.push({ row, photo: await store(damage) });
    await db.transaction(async (tx) => {
      for (const { row, photo } of requestPhotos) {
        await tx
          .update(maintenanceRequest)
          .set({ photoUrls: [photo.url] })
          .where(eq(maintenanceRequest.id, row.id));
        await tx
          .insert(document)
          .values(photoDocumentValues([photo], { ownerType: 'maintenance_request', ownerId: row.id, createdBy: row.tenantId! }));
      }
      for (const { row, photo } of orderPhotos) {
        await tx
          .update(workOrderEvent)
          .set({ photoUrls: [photo.url], photoPhase: 'after' })
          .where(eq(workOrderEvent.id, row.eventId));
        await tx
          .insert(document)
          .values(photoDocumentValues([photo], { ownerType: 'work_order', ownerId: row.workOrderId, createdBy: row.uploader }));
      }
    });
  } catch (error) {
    await batch.discard();
    throw error;
  }
  return { requests: requests.length, workOrders: completions.length, files: batch.keys.length };
}
