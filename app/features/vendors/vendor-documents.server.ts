/**
 * A vendor's documents (decision 030): the certificate of insurance (COI, with its
 * expiry date) and the W-9, uploaded by the vendor from /vendor-portal/profile through the upload
 * pipeline (receive-document.server.ts: a PDF checked by its magic bytes and size, or an image
 * re-encoded), kept as `document` rows (`owner_type` 'vendor', `owner_id` the vendor's id) with
 * the file under `private/`. A new upload is unverified (`verified_at` null) until staff check it
 * (vendor-admin.server.ts `verifyVendorDocument`); the vendor's insurance stays what staff last
 * verified meanwhile.
 *
 * Who sees a document: the vendor whose account is linked to its vendor, and admins. Anyone else
 * asking for it gets `not_found`, exactly as for an unknown id (the route records the refusal).
 * Files are handed out as attachments only (`documentDownloadHeaders`).
 */
import { isAdmin } from '~/lib/access';
import { utcToday } from '~/lib/dates';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { FIELD_MESSAGES } from '~/lib/form-fields';
import type { UploadErrorCode } from '~/lib/uploads';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { document, user, vendor } from '~/server/db/schema';
import { insertNotifications } from '~/server/notifications/notify.server';
import { countOwnerDocuments, insertFileDocument } from '~/server/uploads/file-documents.server';
import { receiveDocument } from '~/server/uploads/receive-document.server';
import { createUploadBatch } from '~/server/uploads/receive-photos.server';
import type { UploadStorage } from '~/server/uploads/storage.server';
import { UploadError } from '~/server/uploads/upload-error.server';
import type { UploadScan } from '~/server/uploads/upload-scan.server';

import { VENDOR_DOCUMENT_KINDS, VENDOR_DOCUMENTS_MAX, type VendorDocumentKind, type VendorDocumentView } from './vendor-admin.types';
import { documentKindLabel, vendorNotification } from './vendor-mail.server';
import { isIsoDate } from '~/lib/iso-date';
import { INSURANCE_MAX_YEARS } from './vendors.schemas';

/** `document.owner_type` of a vendor's documents. */
export const VENDOR_DOCUMENT_OWNER = 'vendor';
/** The storage folder (under `private/`) of vendors' documents. */
const STORAGE_FOLDER = 'vendor-documents';

/** The guarded download of document `id` (an attachment; see the route `/api/vendor-documents/:documentId`). */
export function vendorDocumentUrl(id: number): string {
  return `/api/vendor-documents/${id}`;
}

const verifier = alias(user, 'verifier');

/** Vendor `vendorId`'s documents, newest first (at most VENDOR_DOCUMENTS_MAX). No access check: callers have done it. */
export async function listVendorDocuments(db: Db, vendorId: number): Promise<VendorDocumentView[]> {
  const rows = await db
    .select({
      id: document.id,
      kind: document.kind,
      mime: document.mime,
      sizeBytes: document.sizeBytes,
      originalName: document.originalName,
      expiresOn: document.expiresOn,
      verifiedAt: document.verifiedAt,
      verifiedByName: verifier.name,
      createdAt: document.createdAt,
    })
    .from(document)
    .leftJoin(verifier, eq(verifier.id, document.verifiedBy))
    .where(and(eq(document.ownerType, VENDOR_DOCUMENT_OWNER), eq(document.ownerId, String(vendorId))))
    .orderBy(desc(document.createdAt), desc(document.id))
    .limit(VENDOR_DOCUMENTS_MAX);
  return rows
    .filter((row): row is typeof row & { kind: VendorDocumentKind } => (VENDOR_DOCUMENT_KINDS as readonly string[]).includes(row.kind))
    .map((row) => ({
      ...row,
      verifiedAt: row.verifiedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      downloadUrl: vendorDocumentUrl(row.id),
    }));
}

/** The vendor record linked to `viewer`'s account, or null. */
export async function findLinkedVendor(db: Db, viewer: Pick<Viewer, 'id'>) {
  const [row] = await db.select().from(vendor).where(eq(vendor.userId, viewer.id)).limit(1);
  return row ?? null;
}

/**
 * The upload form's fields for `today` (YYYY-MM-DD): `kind` (coi | w9) and, for a certificate of
 * insurance, `expiresOn` — a real date, today or later, at most 20 years away. A W-9 has no
 * expiry (any value is ignored).
 */
export function documentFieldsSchema(today: string) {
  const latest = `${Number(today.slice(0, 4)) + INSURANCE_MAX_YEARS}${today.slice(4)}`;
  return z
    .object({
      kind: z.enum(VENDOR_DOCUMENT_KINDS, 'vendors.documents.errors.kind'),
      expiresOn: z.string().trim().default(''),
    })
    .superRefine((value, ctx) => {
      if (value.kind !== 'coi') return;
      const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['expiresOn'], message });
      if (value.expiresOn === '') issue(FIELD_MESSAGES.required);
      else if (!isIsoDate(value.expiresOn)) issue('forms.vendor.errors.insuranceDate');
      else if (value.expiresOn < today) issue('vendors.documents.errors.expired');
      else if (value.expiresOn > latest) issue('forms.vendor.errors.insuranceFar');
    })
    .transform((value) => ({ kind: value.kind, expiresOn: value.kind === 'coi' ? value.expiresOn : null }));
}

export type DocumentUploadOutcome =
  | { ok: true; documentId: number; vendorId: number; kind: VendorDocumentKind }
  /** No vendor linked to this account (404); or the vendor holds VENDOR_DOCUMENTS_MAX documents (422). */
  | { ok: false; reason: 'not_found' | 'too_many_documents' }
  /** The form's fields are invalid (422): `issues` carries translation keys, for `translateIssues`. */
  | { ok: false; reason: 'invalid'; issues: z.ZodError }
  /** The file was refused by the upload pipeline (its status: 400, 413, 415, 422). */
  | { ok: false; reason: UploadErrorCode; fileName?: string; limit?: number };

/**
 * Receives one document for the vendor linked to `viewer` from a multipart `body` (the file plus
 * `kind` and `expiresOn` fields, see `documentFieldsSchema`), all or nothing: the file is checked
 * and stored first, then in one transaction the vendor row is locked, the count checked, the
 * `document` row written (unverified), the upload audited (`vendor_document_uploaded`) and the
 * admins notified in-app. A PDF passes `scan`, the malware-scan hook (decision 052), before it
 * is stored. On any refusal or error the stored file is deleted again.
 */
export async function uploadVendorDocument({
  db,
  storage,
  viewer,
  origin,
  body,
  contentType,
  signal,
  today = utcToday(),
  onCleanupError,
  scan,
}: {
  db: Db;
  storage: UploadStorage;
  viewer: Viewer;
  origin: RequestOrigin;
  body: ReadableStream<Uint8Array> | null;
  contentType: string | null;
  signal?: AbortSignal;
  today?: string;
  onCleanupError?: (error: unknown, key: string) => void;
  scan: UploadScan;
}): Promise<DocumentUploadOutcome> {
  const linked = await findLinkedVendor(db, viewer);
  if (!linked) return { ok: false, reason: 'not_found' };
  const batch = createUploadBatch(storage, onCleanupError);
  try {
    let received: Awaited<ReturnType<typeof receiveDocument>>;
    try {
      received = await receiveDocument({ batch, body, contentType, signal, folder: STORAGE_FOLDER, scan });
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      await batch.discard();
      return { ok: false, reason: error.code, fileName: error.fileName, limit: error.limit };
    }
    const fields = documentFieldsSchema(today).safeParse(received.fields);
    if (!fields.success) {
      await batch.discard();
      return { ok: false, reason: 'invalid', issues: fields.error };
    }
    const stored = received.document;
    const outcome = await db.transaction(async (tx): Promise<DocumentUploadOutcome> => {
      const [row] = await tx
        .select({ id: vendor.id, companyName: vendor.companyName })
        .from(vendor)
        .where(eq(vendor.userId, viewer.id))
        .for('update');
      if (!row) return { ok: false, reason: 'not_found' };
      if ((await countOwnerDocuments(tx, VENDOR_DOCUMENT_OWNER, row.id)) >= VENDOR_DOCUMENTS_MAX)
        return { ok: false, reason: 'too_many_documents' };
      const documentId = await insertFileDocument(
        tx,
        stored,
        { ownerType: VENDOR_DOCUMENT_OWNER, ownerId: row.id, kind: fields.data.kind, createdBy: viewer.id, url: vendorDocumentUrl },
        { width: stored.width, height: stored.height, expiresOn: fields.data.expiresOn },
      );
      await recordAuditEvent({
        db: tx,
        userId: viewer.id,
        action: 'vendor_document_uploaded',
        origin,
        tableName: 'document',
        values: {
          vendor_id: row.id,
          document_id: documentId,
          kind: fields.data.kind,
          expires_on: fields.data.expiresOn,
          mime: stored.mime,
          size_bytes: stored.sizeBytes,
          sha256: stored.sha256,
        },
      });
      const admins = await tx.select({ id: user.id, locale: user.locale }).from(user).where(eq(user.role, 'admin'));
      await insertNotifications(
        tx,
        admins.map((admin) => ({
          userId: admin.id,
          ...vendorNotification(admin.locale, 'adminDocumentUploaded', {
            company: row.companyName,
            kind: documentKindLabel(admin.locale, fields.data.kind),
          }),
          type: 'info' as const,
          actionUrl: `/admin/vendors/${row.id}`,
        })),
      );
      return { ok: true, documentId, vendorId: row.id, kind: fields.data.kind };
    });
    if (!outcome.ok) await batch.discard();
    return outcome;
  } catch (error) {
    await batch.discard();
    throw error;
  }
}

/** A document ready to be sent: its bytes as a stream and what the headers need. */
export type VendorDocumentFile = { body: Readable; size: number; mime: string; fileName: string; vendorId: number };

/**
 * Document `documentId` for `viewer` to download: an admin gets any vendor's document, a vendor
 * only their own vendor's; anyone else, an unknown id, a document that is not a vendor's or a
 * missing file gets null (`exists` says whether a vendor document with that id exists, so the
 * route can record a refused access without recording probes of random ids).
 */
export async function findVendorDocumentFile({
  db,
  storage,
  viewer,
  documentId,
}: {
  db: Db;
  storage: UploadStorage;
  viewer: Viewer;
  documentId: number;
}): Promise<{ ok: true; file: VendorDocumentFile } | { ok: false; exists: boolean }> {
  const [row] = await db
    .select({
      id: document.id,
      ownerId: document.ownerId,
      kind: document.kind,
      mime: document.mime,
      storageKey: document.storageKey,
      createdAt: document.createdAt,
      vendorUserId: vendor.userId,
    })
    .from(document)
    .innerJoin(vendor, sql`${vendor.id}::text = ${document.ownerId}`)
    .where(and(eq(document.id, documentId), eq(document.ownerType, VENDOR_DOCUMENT_OWNER)));
  if (!row) return { ok: false, exists: false };
  const allowed = isAdmin(viewer.role) || (viewer.role === 'vendor' && row.vendorUserId === viewer.id);
  if (!allowed) return { ok: false, exists: true };
  const stored = await storage.get(row.storageKey);
  if (!stored) return { ok: false, exists: false };
  const extension = row.mime === 'application/pdf' ? 'pdf' : 'webp';
  const fileName = `${row.kind}-${row.ownerId}-${row.createdAt.toISOString().slice(0, 10)}-${row.id}.${extension}`;
  return { ok: true, file: { body: stored.body, size: stored.size, mime: row.mime, fileName, vendorId: Number(row.ownerId) } };
}
