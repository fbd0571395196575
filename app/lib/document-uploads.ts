/**
 * Limits and accepted types of private documents (decision 030: a vendor's
 * certificate of insurance and W-9, "PDF or image through the upload pipeline, PDFs checked by
 * magic bytes and size, never rendered inline"), for the server that enforces them and the form
 * that warns early. Client-safe.
 */
import { PHOTO_ACCEPT } from './uploads';

const MB = 1024 * 1024;

/** One document may be at most 10 MB (bytes). */
export const DOCUMENT_MAX_FILE_BYTES = 10 * MB;
/** The whole multipart request (one file, a few fields, framing): refused with 413 before it is read beyond. */
export const DOCUMENT_MAX_REQUEST_BYTES = DOCUMENT_MAX_FILE_BYTES + MB;

/** The file input's `accept`: what a document may really be (the server checks the magic bytes), a PDF or a photo or scan of the paper. */
export const DOCUMENT_ACCEPT = [
  'application/pdf',
  '.pdf',
  ...Object.entries(PHOTO_ACCEPT).flatMap(([mime, extensions]) => [mime, ...extensions]),
].join(',');

/** The upload endpoint of a vendor's documents (multipart POST; its own body cap in server/app.ts). */
export const VENDOR_DOCUMENT_UPLOAD_URL = '/api/vendor-documents/upload';
/** Paths whose body may reach DOCUMENT_MAX_REQUEST_BYTES (server/app.ts). */
export const DOCUMENT_UPLOAD_PATH = /^\/api\/vendor-documents\/upload$/;
