/**
 * Why the upload pipeline refused a request or a file (DESIGN §4 "Files"): a code the caller maps
 * to an HTTP status and a translated message, the offending file's (sanitised) name when there is
 * one, and the limit that was passed, for the message.
 */

import type { UploadErrorCode } from '~/lib/uploads';

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

/**
 * The HTTP status of a refusal: 413 for sizes and counts, 415 for types, 422 for bad images and
 * malware, 503 when the malware scan could not be done (decision 052), 400 for the rest.
 */
export function uploadErrorStatus(code: UploadErrorCode): 400 | 413 | 415 | 422 | 503 {
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
    case 'infected':
      return 422;
    case 'scan_unavailable':
      return 503;
    default:
      return 400;
  }
}
