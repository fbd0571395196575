/**
 * The multipart posts of the vendor portal (decision 029), through the upload
 * pipeline (`~/server/uploads`): a status note or a completion with before/after photos (each
 * checked by its magic bytes and re-encoded to WebP without metadata, stored under a random
 * name), and an invoice form with an optional PDF (checked by content and size by the shared
 * document reader, `storeUploadedDocument`, and by the malware-scan hook (decision 052), stored
 * under a random `.pdf` name that `/media` never serves: it is sent only by a guarded route, as
 * an attachment). Bodies stream with limits; files are kept in an `UploadBatch` the caller
 * discards when its transaction does not commit.
 */
import { PHOTO_MAX_FILE_BYTES, PHOTO_MAX_REQUEST_BYTES } from '~/lib/uploads';
import { readMultipart } from '~/server/uploads/multipart.server';
import { randomStorageKey, storeUploadedDocument } from '~/server/uploads/receive-document.server';
import { storePhoto, type StoredPhoto, type UploadBatch } from '~/server/uploads/receive-photos.server';
import type { UploadStorage } from '~/server/uploads/storage.server';
import type { UploadScan } from '~/server/uploads/upload-scan.server';
import { WORK_ORDER_PHOTOS_PER_POST } from './completion.schemas';
import { INVOICE_LINES_MAX, INVOICE_PDF_MAX_BYTES } from './invoices.schemas';

type Body = {
  storage: UploadStorage;
  batch: UploadBatch;
  body: ReadableStream<Uint8Array> | null;
  contentType: string | null;
  signal?: AbortSignal;
};

/**
 * Reads a work order post: its text fields and up to WORK_ORDER_PHOTOS_PER_POST photos (any file
 * field), each stored through `batch`. Throws `UploadError` for the first refused file or limit
 * (the caller discards `batch` and answers with the code).
 */
export async function receiveWorkOrderPost({
  storage,
  batch,
  body,
  contentType,
  signal,
}: Body): Promise<{ fields: Record<string, string>; photos: StoredPhoto[] }> {
  const photos: StoredPhoto[] = [];
  const { fields } = await readMultipart({
    body,
    contentType,
    signal,
    limits: {
      maxFileBytes: PHOTO_MAX_FILE_BYTES,
      maxFiles: WORK_ORDER_PHOTOS_PER_POST,
      maxRequestBytes: PHOTO_MAX_REQUEST_BYTES,
      maxFields: 10,
      maxFieldBytes: 16_000,
    },
    onFile: async (file) => {
      photos.push(await storePhoto({ file, batch, storage, access: 'private' }));
    },
  });
  return { fields, photos };
}

/** A stored invoice PDF (`documents/ab/<32 hex>.pdf`): the facts a `document` row keeps. */
export type StoredPdf = { key: string; mime: 'application/pdf'; sizeBytes: number; sha256: string; originalName: string | null };

/**
 * Reads the new-invoice post: its text fields and at most one PDF (≤ INVOICE_PDF_MAX_BYTES,
 * checked by content whatever its name or type says, and by `scan`, the malware-scan hook; an
 * empty file input is no file). Throws `UploadError` (`unsupported_type` for anything but a PDF,
 * `file_too_large`, `infected`, `scan_unavailable`, …).
 */
export async function receiveInvoicePost({
  batch,
  body,
  contentType,
  signal,
  scan,
}: Body & { scan: UploadScan }): Promise<{ fields: Record<string, string>; pdf: StoredPdf | null }> {
  let pdf: StoredPdf | null = null;
  const { fields } = await readMultipart({
    body,
    contentType,
    signal,
    limits: {
      maxFileBytes: INVOICE_PDF_MAX_BYTES,
      maxFiles: 1,
      maxRequestBytes: INVOICE_PDF_MAX_BYTES + 1_000_000,
      maxFields: INVOICE_LINES_MAX * 4 + 20,
      maxFieldBytes: 16_000,
    },
    onFile: async (file) => {
      // The shared document reader, PDFs only: anything else is `unsupported_type`.
      const stored = await storeUploadedDocument({ file, batch, scan, keyFor: () => randomStorageKey('documents', 'pdf') });
      pdf = {
        key: stored.key,
        mime: 'application/pdf',
        sizeBytes: stored.sizeBytes,
        sha256: stored.sha256,
        originalName: stored.originalName,
      };
    },
  });
  return { fields, pdf };
}
