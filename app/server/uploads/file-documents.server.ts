/**
 * The `document` row of one file the upload pipeline stored (decision 017: the row keeps the facts
 * needed to audit, serve and delete the file) — an invoice's PDF, a project's or a bid's
 * attachment, a vendor's certificate. Photos have their own mapping (`photoDocumentValues`).
 * One insert for every owner, so a new column of the stored file is recorded everywhere at once.
 */
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '~/server/db/client.server';
import { document } from '~/server/db/schema';

/** A file as the upload pipeline stored it: its storage key, type, size in bytes, SHA-256 (hex) and the uploader's file name. */
export type StoredFile = { key: string; mime: string; sizeBytes: number; sha256: string; originalName: string | null };

/**
 * Who a file belongs to and how it is served: the owner's table name (`owner_type`) and id, the
 * document kind, the uploader's user id, and its URL — or, when the URL names the document's own
 * id, the function that builds it from that id.
 */
export type FileDocumentOwner = {
  ownerType: string;
  ownerId: number | string;
  kind: (typeof document.$inferInsert)['kind'];
  createdBy: string;
  url: string | ((documentId: number) => string);
};

/** How many `document` rows (any kind) owner `ownerId` of table `ownerType` holds: the uploads check it against their maximum. */
export async function countOwnerDocuments(db: Db, ownerType: string, ownerId: number | string): Promise<number> {
  const [held] = await db
    .select({ n: count() })
    .from(document)
    .where(and(eq(document.ownerType, ownerType), eq(document.ownerId, String(ownerId))));
  return held?.n ?? 0;
}

/**
 * Inserts the `document` row of `file` for `owner` inside the caller's transaction `tx`, with
 * `extra` columns (an expiry date, a picture's size in px); a URL built from the new id is set
 * right after the insert, in the same transaction. Answers the document's id.
 */
export async function insertFileDocument(
  tx: Db,
  file: StoredFile,
  { ownerType, ownerId, kind, createdBy, url }: FileDocumentOwner,
  extra: Partial<typeof document.$inferInsert> = {},
): Promise<number> {
  const [created] = await tx
    .insert(document)
    .values({
      ownerType,
      ownerId: String(ownerId),
      kind,
      storageKey: file.key,
      url: typeof url === 'string' ? url : '',
      mime: file.mime,
      sizeBytes: file.sizeBytes,
      sha256: file.sha256,
      originalName: file.originalName,
      createdBy,
      ...extra,
    })
    .returning({ id: document.id });
  const documentId = created!.id;
  if (typeof url !== 'string')
    await tx
      .update(document)
      .set({ url: url(documentId) })
      .where(eq(document.id, documentId));
  return documentId;
}
