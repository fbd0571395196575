/**
 * Limits and accepted types of the upload pipeline (decision 017, DESIGN §4 "Files"),
 * in one place for the server that enforces them and the dropzone that warns early. Client-safe.
 */
import { DEMO_IMAGE_WIDTHS } from './images';

const MB = 1024 * 1024;

/** One file may be at most 10 MB (bytes). */
export const PHOTO_MAX_FILE_BYTES = 10 * MB;
/** A building and a unit each hold at most 20 photos. */
export const PHOTOS_PER_OWNER = 20;
/** At most this many files in one request (the dropzone sends one file per request). */
export const PHOTO_MAX_FILES_PER_REQUEST = PHOTOS_PER_OWNER;
/**
 * The whole multipart request may be at most this many bytes (several files from the plain
 * form without JavaScript, plus the multipart framing). Refused with 413 before it is read.
 */
export const PHOTO_MAX_REQUEST_BYTES = 64 * MB;
/** A photo may have at most 40 megapixels (width × height), checked before it is decoded. */
export const PHOTO_MAX_PIXELS = 40_000_000;

/**
 * The widths (px) every uploaded photo is stored in, as WebP, named `…-{width}.webp` like the
 * demo pictures, so `imageSrcSet` (app/lib/images.ts) gives it a responsive `srcset`. The URL
 * kept in `image_urls` is the largest; nothing is enlarged beyond the original's width.
 */
export const PHOTO_WIDTHS = DEMO_IMAGE_WIDTHS;

/** The image types accepted, by their real content (magic bytes), not by name or header. */
export const PHOTO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif', 'image/avif'] as const;
export type PhotoMimeType = (typeof PHOTO_MIME_TYPES)[number];

/**
 * The dropzone's `accept`: types with their file extensions, so a HEIC photo whose type the
 * browser does not know (an empty `File.type`) is still offered to the server, which decides.
 */
export const PHOTO_ACCEPT: Record<PhotoMimeType, string[]> = {
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/png': ['.png'],
  'image/webp': ['.webp'],
  'image/heic': ['.heic'],
  'image/heif': ['.heif'],
  'image/avif': ['.avif'],
};

/** What owns photos: a building, or a unit (`property`). */
export const PHOTO_OWNER_TYPES = ['building', 'unit'] as const;
export type PhotoOwnerType = (typeof PHOTO_OWNER_TYPES)[number];

/** The upload endpoint of an owner (multipart POST, one or more `photos` files). */
export function photoUploadUrl(owner: { type: PhotoOwnerType; id: number }): string {
  return `/api/photos/${owner.type}/${owner.id}/upload`;
}

/** The commands endpoint of an owner (`intent` = move | cover | delete). */
export function photoCommandsUrl(owner: { type: PhotoOwnerType; id: number }): string {
  return `/api/photos/${owner.type}/${owner.id}`;
}

/** Bytes as whole megabytes for messages ("10 MB"). */
export function megabytes(bytes: number): number {
  return Math.round(bytes / MB);
}

/** Every refusal of the upload pipeline (app/server/uploads), shared with the messages shown for them. */
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
  /** The malware scan found something in the file (decision 052). */
  'infected',
  /** The malware scan could not be done (clamd unreachable, too slow, failing): try again later (decision 052). */
  'scan_unavailable',
] as const;
export type UploadErrorCode = (typeof UPLOAD_ERROR_CODES)[number];
