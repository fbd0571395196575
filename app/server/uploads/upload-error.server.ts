/**
 * Why the upload pipeline refused a request or a file (DESIGN §4 "Files"): a code the caller maps
 * to an HTTP status and a translated message, the offending file's (sanitised) name when there is
 * one, and the limit that was passed, for the message.
 */

/** Every refusal of the pipeline. */
export const UPLOAD_ERROR_CODES = [
  /** The request is not `multipart/form-data`, or has no body. */
  'not_multipart',
  /** The multipart body is broken, or the client went away before it ended. */
  'malformed',
  /** A form field is too long, or there are too many fields. */
  'bad_field',
  /** No file in the request. */
  'no_file',
  /** A file name with a path, `..`, control characters, or too long. */
  'bad_file_name',
  /** More files than one request may carry. */
  'too_many_files',
  /** One file is over the size limit. */
  'file_too_large',
  /** The whole request is over its size limit. */
  'request_too_large',
  /** A file of 0 bytes. */
  'empty_file',
  /** The content (magic bytes) is not one of the accepted types, whatever the name says. */
  'unsupported_type',
  /** An image with more pixels than allowed (a "pixel bomb"), found in its header. */
  'too_many_pixels',
  /** An image of an accepted type that cannot be decoded (damaged, truncated). */
  'unreadable_image',
] as const;
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number];

export class UploadError extends Error {
  readonly code: UploadErrorCode;
  /** The sanitised name of the file concerned, when there is one. */
  readonly fileName: string | undefined;
  /** The limit passed (bytes, files or pixels), for the message. */
  readonly limit: number | undefined;

  constructor(code: UploadErrorCode, { fileName, limit }: { fileName?: string; limit?: number } = {}) {
    super(`upload refused: ${code}${fileName ? ` (${fileName})` : ''}`);
    this.name = 'UploadError';
    this.code = code;
    this.fileName = fileName;
    this.limit = limit;
  }
}

/** The HTTP status of a refusal: 413 for sizes and counts, 415 for types, 422 for bad images, 400 for the rest. */
export function uploadErrorStatus(code: UploadErrorCode): 400 | 413 | 415 | 422 {
  switch (code) {
    case 'file_too_large':
    case 'request_too_large':
    case 'too_many_files':
      return 413;
    case 'unsupported_type':
      return 415;
    case 'too_many_pixels':
    case 'unreadable_image':
    case 'empty_file':
      return 422;
    default:
      return 400;
  }
}
