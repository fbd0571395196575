/**
 * The multipart posts of the vendor portal (maintenance issue item 4), through the upload
 * pipeline (`~/server/uploads`): a status note or a completion with before/after photos (each
 * checked by its magic bytes and re-encoded to WebP without metadata, stored under a random
 * name), and an invoice form with an optional PDF (checked by its magic bytes `%PDF-` and size,
 * stored under a random `.pdf` name that `/media` never serves: it is sent only by a guarded
 * route, as an attachment). Bodies stream with limits; files are kept in an `UploadBatch` the
 * caller discards when its transaction does not commit.
 */
import { randomBytes } from 'node:crypto';
import { PHOTO_MAX_FILE_BYTES, PHOTO_MAX_REQUEST_BYTES } from '~/lib/uploads';
import { detectAllowedType } from '~/server/uploads/file-type.server';
import { readMultipart } from '~/server/uploads/multipart.server';
import { storePhoto, type StoredPhoto, type UploadBatch } from '~/server/uploads/receive-photos.server';
import type { UploadStorage } from '~/server/uploads/storage.server';
import { UploadError } from '~/server/uploads/upload-error.server';
import { INVOICE_LINES_MAX, INVOICE_PDF_MAX_BYTES, WORK_ORDER_PHOTOS_PER_POST } from './work-orders.schemas';

/** True when `request` is a multipart post (files may come with it). */
export function isMultipart(request: Request): boolean {
  return /^multipart\/form-data\s*;/i.test(request.headers.get('content-type') ?? '');
}

type Body = { storage: UploadStorage; batch: UploadBatch; body: ReadableStream<Uint8Array> | null; contentType: string | null; signal?: AbortSignal };

/**
 * Reads a work order post: its text fields and up to WORK_ORDER_PHOTOS_PER_POST photos (any file
 * field), each stored through `batch`. Throws `UploadError` for the first refused file or limit
 * (the caller discards `batch` and answers with the code).
 */
export async function receiveWorkOrderPost({ storage, batch, body, contentType, signal }: Body): Promise<{ fields: Record<string, string>; photos: StoredPhoto[] }> {
  const photos: StoredPhoto[] = [];
  const { fields } = await readMultipart({
    body,
    contentType,
    signal,
    limits: { maxFileBytes: PHOTO_MAX_FILE_BYTES, maxFiles: WORK_ORDER_PHOTOS_PER_POST, maxRequestBytes: PHOTO_MAX_REQUEST_BYTES, maxFields: 10, maxFieldBytes: 16_000 },
    onFile: async (file) => {
      photos.push(await storePhoto({ file, batch, storage }));
    },
  });
  return { fields, photos };
}

/** A stored PDF: the facts a `document` row keeps. */
export type StoredPdf = { key: string; mime: 'application/pdf'; sizeBytes: number; sha256: string; originalName: string | null };

/** A fresh random key for a PDF (`documents/ab/<32 hex>.pdf`). */
function randomPdfKey(): string {
  const id = randomBytes(16).toString('hex');
  return `documents/${id.slice(0, 2)}/${id}.pdf`;
}

/** True when `data` is a PDF by its content: it starts with `%PDF-` and its magic bytes say PDF. */
export async function isPdf(data: Uint8Array): Promise<boolean> {
  if (data.length < 5 || Buffer.from(data.subarray(0, 5)).toString('latin1') !== '%PDF-') return false;
  return (await detectAllowedType(data, ['application/pdf'] as const)) === 'application/pdf';
}

/**
 * Reads the new-invoice post: its text fields and at most one PDF (≤ INVOICE_PDF_MAX_BYTES,
 * checked by content whatever its name or type says; an empty file input is no file). Throws
 * `UploadError` (`unsupported_type` for anything but a PDF, `file_too_large`, …).
 */
export async function receiveInvoicePost({ batch, body, contentType, signal }: Body): Promise<{ fields: Record<string, string>; pdf: StoredPdf | null }> {
  let pdf: StoredPdf | null = null;
  const { fields } = await readMultipart({
    body,
    contentType,
    signal,
    limits: { maxFileBytes: INVOICE_PDF_MAX_BYTES, maxFiles: 1, maxRequestBytes: INVOICE_PDF_MAX_BYTES + 1_000_000, maxFields: INVOICE_LINES_MAX * 4 + 20, maxFieldBytes: 16_000 },
    onFile: async (file) => {
      if (file.size === 0) throw new UploadError('empty_file', { fileName: file.fileName || undefined });
      if (!(await isPdf(file.data))) throw new UploadError('unsupported_type', { fileName: file.fileName || undefined });
      const key = randomPdfKey();
      await batch.put(key, file.data);
      pdf = { key, mime: 'application/pdf', sizeBytes: file.size, sha256: file.sha256, originalName: file.fileName || null };
    },
  });
  return { fields, pdf };
}
