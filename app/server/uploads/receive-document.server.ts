/**
 * Private documents through the upload pipeline (decision 030; DESIGN §4 "Files"):
 * one file per multipart request, read as it streams with the pipeline's limits, typed by its
 * magic bytes — a PDF must start with `%PDF-`; an image (a photo or scan of the paper) is checked
 * and re-encoded by sharp like the photos, metadata left behind — and stored under a random key
 * below `private/`, which `/media` never serves (media.server.ts). The file is only ever handed
 * out by a route that checks who asks, as an attachment (`documentDownloadHeaders`), so a PDF is
 * never rendered inline by the site. A PDF, kept as sent, passes the malware-scan hook first
 * (upload-scan.server.ts, decision 052); a re-encoded image keeps none of the bytes sent.
 */
import { randomBytes } from 'node:crypto';
import { DOCUMENT_MAX_FILE_BYTES, DOCUMENT_MAX_REQUEST_BYTES } from '~/lib/document-uploads';
import { PHOTO_MAX_PIXELS } from '~/lib/uploads';
import { detectAllowedType } from './file-type.server';
import { readMultipart, type ReceivedFile } from './multipart.server';
import { processPhoto } from './photo-variants.server';
import type { UploadBatch } from './receive-photos.server';
import { PRIVATE_KEY_PREFIX } from './storage.server';
import { UploadError } from './upload-error.server';
import type { UploadScan } from './upload-scan.server';

/** Keys of private files start with this; `/media` refuses them (isServableMedia). */
export { PRIVATE_KEY_PREFIX };

/** An image document is kept at most this wide (px): a scanned page stays legible. */
export const DOCUMENT_IMAGE_WIDTH = 2000;

/** The magic bytes every PDF file starts with. */
const PDF_MAGIC = Buffer.from('%PDF-', 'latin1');

/**
 * True when `data` is a PDF by its content, whatever its name or declared type says: it starts
 * with the signature `%PDF-` and the file-type sniffer also calls it a PDF.
 */
export async function isPdf(data: Uint8Array): Promise<boolean> {
  if (data.length < PDF_MAGIC.length || !Buffer.from(data.subarray(0, PDF_MAGIC.length)).equals(PDF_MAGIC)) return false;
  return (await detectAllowedType(data, ['application/pdf'] as const)) === 'application/pdf';
}

/** One stored document: the facts a `document` row keeps. */
export type StoredDocument = {
  /** Storage key (`private/<folder>/ab/<random>.pdf|webp`). */
  key: string;
  /** The stored file's type: `application/pdf`, or `image/webp` for a re-encoded image. */
  mime: 'application/pdf' | 'image/webp';
  sizeBytes: number;
  /** SHA-256 (hex) of the upload as received. */
  sha256: string;
  width: number | null;
  height: number | null;
  /** The client's file name, sanitised (a label only), or null. */
  originalName: string | null;
};

/** A fresh random storage key `<prefix>/ab/<32 hex>.<extension>` (a sub-folder named by its first two characters). */
export function randomStorageKey(prefix: string, extension: string): string {
  const id = randomBytes(16).toString('hex');
  return `${prefix}/${id.slice(0, 2)}/${id}.${extension}`;
}

/** A fresh random key under `private/<folder>/`, in a sub-folder named by its first two characters. */
export function randomDocumentKey(folder: string, extension: 'pdf' | 'webp'): string {
  return randomStorageKey(`${PRIVATE_KEY_PREFIX}${folder}`, extension);
}

/** How an uploaded document that is an image is kept; without it only PDFs are accepted. */
export type DocumentImageOptions = {
  /** Image types accepted (by content); omitted: every type `processPhoto` takes. */
  accept?: readonly string[];
  /** The width the image is kept at, at most (px). */
  width: number;
  /** WebP quality, 1–100 (processPhoto's default when omitted). */
  quality?: number;
  /** Pixel limit (processPhoto's default when omitted). */
  maxPixels?: number;
};

/**
 * The one reader of an uploaded document (vendor documents, invoice PDFs, project files): checks
 * received file `file` and stores it through `batch` under `keyFor('pdf' | 'image')`. A PDF
 * (`isPdf`) is kept byte for byte, once `scan` (the malware-scan hook, decision 052) has passed
 * it; with `images`, an image is re-encoded as WebP (at most `images.width` px wide, no
 * metadata). Throws `UploadError` `empty_file`, `unsupported_type` (anything else, whatever its
 * name or declared type says), `too_many_pixels`, `unreadable_image`, or the hook's `infected`
 * and `scan_unavailable` (nothing is stored then).
 */
export async function storeUploadedDocument({
  file,
  batch,
  keyFor,
  images,
  scan,
}: {
  file: ReceivedFile;
  batch: UploadBatch;
  keyFor: (kind: 'pdf' | 'image') => string;
  images?: DocumentImageOptions;
  scan: UploadScan;
}): Promise<StoredDocument> {
  const fileName = file.fileName || undefined;
  if (file.size === 0) throw new UploadError('empty_file', { fileName });
  const originalName = file.fileName || null;
  if (await isPdf(file.data)) {
    // Kept as sent: scanned before a byte is written.
    await scan(file);
    const key = keyFor('pdf');
    await batch.put(key, file.data);
    return { key, mime: 'application/pdf', sizeBytes: file.size, sha256: file.sha256, width: null, height: null, originalName };
  }
  if (!images || (images.accept && !(await detectAllowedType(file.data, images.accept))))
    throw new UploadError('unsupported_type', { fileName });
  // processPhoto types the bytes itself and refuses anything that is not an accepted image.
  const processed = await processPhoto(file.data, {
    fileName,
    widths: [images.width],
    maxPixels: images.maxPixels,
    quality: images.quality,
  });
  const variant = processed.variants[0]!;
  const key = keyFor('image');
  await batch.put(key, variant.data);
  return {
    key,
    mime: 'image/webp',
    sizeBytes: variant.data.length,
    sha256: file.sha256,
    width: variant.width,
    height: variant.height,
    originalName,
  };
}

/**
 * Checks one received file and stores it through `batch` under `private/<folder>/`: a PDF byte
 * for byte once `scan` passed it, an image re-encoded as WebP (≤ 2000 px wide, no metadata).
 * Throws as `storeUploadedDocument`.
 */
export function storeDocument({
  file,
  batch,
  folder,
  scan,
}: {
  file: ReceivedFile;
  batch: UploadBatch;
  folder: string;
  scan: UploadScan;
}): Promise<StoredDocument> {
  return storeUploadedDocument({
    file,
    batch,
    scan,
    keyFor: (kind) => randomDocumentKey(folder, kind === 'pdf' ? 'pdf' : 'webp'),
    images: { width: DOCUMENT_IMAGE_WIDTH, maxPixels: PHOTO_MAX_PIXELS, quality: 85 },
  });
}

/**
 * Reads a multipart `body` holding exactly one document (any file field) and the form's text
 * fields, storing the document under `private/<folder>/` as it arrives. Resolves with the stored
 * document and the fields; the caller validates the fields afterwards (they may come before or
 * after the file) and must `batch.discard()` on any failure. Throws `UploadError` (`no_file`,
 * `too_many_files`, `file_too_large`, `request_too_large`, the pipeline's and `storeDocument`'s,
 * `scan`'s included).
 */
export async function receiveDocument({
  batch,
  body,
  contentType,
  signal,
  folder,
  scan,
}: {
  batch: UploadBatch;
  body: ReadableStream<Uint8Array> | null;
  contentType: string | null;
  signal?: AbortSignal;
  folder: string;
  scan: UploadScan;
}): Promise<{ document: StoredDocument; fields: Record<string, string> }> {
  let stored: StoredDocument | null = null;
  const { fields } = await readMultipart({
    body,
    contentType,
    signal,
    limits: {
      maxFileBytes: DOCUMENT_MAX_FILE_BYTES,
      maxFiles: 1,
      maxRequestBytes: DOCUMENT_MAX_REQUEST_BYTES,
      maxFields: 10,
      maxFieldBytes: 1_000,
    },
    onFile: async (file) => {
      stored = await storeDocument({ file, batch, folder, scan });
    },
  });
  if (!stored) throw new UploadError('no_file');
  return { document: stored, fields };
}

/** `name` as a plain-ASCII file name for `Content-Disposition` (anything else becomes `_`). */
function asciiFileName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\;]/g, '_').slice(0, 150) || 'document';
}

/**
 * The response headers of a private document download: its type, `attachment` (never shown
 * inline, RFC 6266 with a UTF-8 `filename*`), `nosniff`, a policy that forbids everything and
 * sandboxes it should a browser open it anyway, and no caching anywhere.
 */
export function documentDownloadHeaders({
  mime,
  fileName,
  size,
}: {
  mime: string;
  fileName: string;
  size: number;
}): Record<string, string> {
  return {
    'Content-Type': mime,
    'Content-Length': String(size),
    'Content-Disposition': `attachment; filename="${asciiFileName(fileName)}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'private, no-store',
  };
}
