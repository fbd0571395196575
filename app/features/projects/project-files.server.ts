/**
 * Files of capital projects (decision 028 "documents", item 4 bid "attachment")
 * through the upload pipeline (app/server/uploads): a multipart body read as it streams (one file,
 * PROJECT_FILE_MAX_BYTES), its type taken from its magic bytes — a PDF is stored as sent, a photo
 * (JPEG, PNG, WebP) re-encoded by sharp without its metadata — under a random key that /media
 * never serves (`.pdf`/`.bin`: not an image path), and a `document` row. Files are handed out
 * only by guarded routes, as downloads (`Content-Disposition: attachment`, `nosniff`, a sandboxing
 * CSP), never rendered inline.
 */
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { RequestOrigin } from '~/server/audit.server';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { bid, document, vendor } from '~/server/db/schema';
import { countOwnerDocuments, insertFileDocument } from '~/server/uploads/file-documents.server';
import { detectAllowedType } from '~/server/uploads/file-type.server';
import { readMultipart } from '~/server/uploads/multipart.server';
import { randomStorageKey, storeUploadedDocument } from '~/server/uploads/receive-document.server';
import type { UploadBatch } from '~/server/uploads/receive-photos.server';
import type { UploadStorage } from '~/server/uploads/storage.server';
import { UploadError } from '~/server/uploads/upload-error.server';
import type { UploadScan } from '~/server/uploads/upload-scan.server';
import { findStaffProject, recordProjectAudit, withLockedStaffProject, type ProjectActor } from './projects.server';
import { PROJECT_DOCUMENTS_MAX, PROJECT_FILE_MAX_BYTES } from './projects.schemas';

/** One stored file: what its `document` row keeps. */
export type StoredProjectFile = { key: string; mime: string; sizeBytes: number; sha256: string; originalName: string | null };

/** The widest a photo document is kept (px). */
const PHOTO_DOCUMENT_WIDTH = 2_400;
/** Room for the form's text fields and the multipart framing beside the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/** The body cap of a request carrying a project file (bytes; server/app.ts lets such bodies through). */
export const PROJECT_UPLOAD_MAX_REQUEST_BYTES = PROJECT_FILE_MAX_BYTES + FORM_OVERHEAD_BYTES;

/**
 * Reads a multipart form with at most one file (any field name) of an `allowed` type, storing the
 * file through `batch` (a PDF once `scan`, the malware-scan hook of decision 052, passed it).
 * Resolves with the text fields and the stored file (null when none was chosen). Throws
 * `UploadError` (`unsupported_type` for content that is none of `allowed`, `file_too_large`,
 * `empty_file`, `too_many_files`, `malformed`, `infected`, `scan_unavailable`…); what was stored
 * stays in `batch` for the caller to discard on any failure.
 */
export async function receiveProjectForm({
  request,
  batch,
  allowed,
  scan,
}: {
  request: Request;
  batch: UploadBatch;
  allowed: readonly string[];
  scan: UploadScan;
}): Promise<{ fields: Record<string, string>; file: StoredProjectFile | null }> {
  let file: StoredProjectFile | null = null;
  const { fields } = await readMultipart({
    body: request.body,
    contentType: request.headers.get('content-type'),
    signal: request.signal,
    limits: {
      maxFileBytes: PROJECT_FILE_MAX_BYTES,
      maxFiles: 1,
      maxRequestBytes: PROJECT_UPLOAD_MAX_REQUEST_BYTES,
      maxFields: 20,
      maxFieldBytes: 20_000,
    },
    onFile: async (received) => {
      // PDFs and photos (re-encoded without EXIF or GPS, at one width) through the shared document reader.
      const imageTypes = allowed.filter((type) => type !== 'application/pdf');
      // A list without PDF (none today) must refuse one: only its image types pass.
      if (!allowed.includes('application/pdf') && !(await detectAllowedType(received.data, imageTypes)))
        throw new UploadError('unsupported_type', { fileName: received.fileName || undefined });
      const stored = await storeUploadedDocument({
        file: received,
        batch,
        scan,
        keyFor: (kind) => randomStorageKey('documents', kind === 'pdf' ? 'pdf' : 'bin'),
        images: imageTypes.length > 0 ? { accept: imageTypes, width: PHOTO_DOCUMENT_WIDTH } : undefined,
      });
      const originalName =
        stored.mime === 'application/pdf' ? stored.originalName : `${(received.fileName || 'photo').replace(/\.[^.]*$/, '')}.webp`;
      file = { key: stored.key, mime: stored.mime, sizeBytes: stored.sizeBytes, sha256: stored.sha256, originalName };
    },
  });
  return { fields, file };
}

export type DocumentRefusal = 'not_found' | 'too_many_documents' | 'document_not_found';

/**
 * Adds stored file `file` as a document of project `projectId` (one `actor` manages), at most
 * PROJECT_DOCUMENTS_MAX. Audited (`project_updated`, `document_added`).
 */
export async function addProjectDocument({
  db,
  actor,
  origin,
  projectId,
  file,
}: {
  db: Db;
  actor: ProjectActor;
  origin: RequestOrigin;
  projectId: number;
  file: StoredProjectFile;
}): Promise<{ ok: true; documentId: number } | { ok: false; reason: DocumentRefusal }> {
  return withLockedStaffProject(db, actor, projectId, async (tx) => {
    if ((await countOwnerDocuments(tx, 'project', projectId)) >= PROJECT_DOCUMENTS_MAX) return { ok: false, reason: 'too_many_documents' };
    const documentId = await insertFileDocument(tx, file, {
      ownerType: 'project',
      ownerId: projectId,
      kind: 'attachment',
      createdBy: actor.id,
      url: (id) => `/admin/projects/${projectId}/files/${id}`,
    });
    await recordProjectAudit(tx, { actor, origin }, 'project_updated', {
      project_id: projectId,
      document_added: documentId,
      mime: file.mime,
      size_bytes: file.sizeBytes,
    });
    return { ok: true, documentId };
  });
}

/**
 * Deletes document `documentId` of project `projectId`. Answers the storage key to delete once
 * this committed. Audited (`project_updated`, `document_deleted`).
 */
export async function deleteProjectDocument({
  db,
  actor,
  origin,
  projectId,
  documentId,
}: {
  db: Db;
  actor: ProjectActor;
  origin: RequestOrigin;
  projectId: number;
  documentId: number;
}): Promise<{ ok: true; key: string } | { ok: false; reason: DocumentRefusal }> {
  return withLockedStaffProject(db, actor, projectId, async (tx) => {
    const [gone] = await tx
      .delete(document)
      .where(and(eq(document.id, documentId), eq(document.ownerType, 'project'), eq(document.ownerId, String(projectId))))
      .returning({ key: document.storageKey });
    if (!gone) return { ok: false, reason: 'document_not_found' };
    await recordProjectAudit(tx, { actor, origin }, 'project_updated', { project_id: projectId, document_deleted: documentId });
    return { ok: true, key: gone.key };
  });
}

/** A file a guarded route may hand out. */
export type ProjectFile = { storageKey: string; mime: string; name: string };

function fileOf(row: { storageKey: string; mime: string; originalName: string | null; id: number }): ProjectFile {
  return { storageKey: row.storageKey, mime: row.mime, name: row.originalName ?? `document-${row.id}` };
}

/**
 * Document `documentId` if it belongs to project `projectId` (a project document or the
 * attachment of one of its bids) and `actor` manages the project; else null.
 */
export async function findStaffProjectFile({
  db,
  actor,
  projectId,
  documentId,
}: {
  db: Db;
  actor: ProjectActor;
  projectId: number;
  documentId: number;
}): Promise<ProjectFile | null> {
  if (!(await findStaffProject(db, actor, projectId))) return null;
  const [row] = await db.select().from(document).where(eq(document.id, documentId));
  if (!row) return null;
  if (row.ownerType === 'project' && row.ownerId === String(projectId)) return fileOf(row);
  if (row.ownerType === 'bid') {
    const [owner] = await db
      .select({ projectId: bid.projectId })
      .from(bid)
      .where(and(eq(bid.attachmentDocumentId, row.id), eq(bid.projectId, projectId)));
    if (owner) return fileOf(row);
  }
  return null;
}

/** The attachment `documentId` of the viewer's vendor's own bid on project `projectId`; else null. */
export async function findVendorBidFile({
  db,
  viewer,
  projectId,
  documentId,
}: {
  db: Db;
  viewer: Pick<Viewer, 'id'>;
  projectId: number;
  documentId: number;
}): Promise<ProjectFile | null> {
  const [row] = await db
    .select({ document })
    .from(bid)
    .innerJoin(vendor, eq(vendor.id, bid.vendorId))
    .innerJoin(document, eq(document.id, bid.attachmentDocumentId))
    .where(and(eq(bid.projectId, projectId), eq(vendor.userId, viewer.id), eq(document.id, documentId)));
  return row ? fileOf(row.document) : null;
}

/** A `filename*` value (RFC 5987) and a plain ASCII fallback for Content-Disposition. */
function dispositionOf(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_') || 'document';
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The download of `file` from `storage`: always an attachment, `nosniff`, a CSP that forbids
 * everything and sandboxes, never cached. Null when the stored bytes are gone.
 */
export async function projectFileResponse(storage: UploadStorage, file: ProjectFile): Promise<Response | null> {
  const stored = await storage.get(file.storageKey);
  if (!stored) return null;
  return new Response(Readable.toWeb(stored.body) as ReadableStream<Uint8Array>, {
    headers: {
      'Content-Type': file.mime,
      'Content-Length': String(stored.size),
      'Content-Disposition': dispositionOf(file.name),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, no-store',
    },
  });
}
