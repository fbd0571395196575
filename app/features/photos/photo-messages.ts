/**
 * The text of a photo refusal (decision 017: "a 4xx with a clear message"), the same
 * whether the server answers a script, a plain form post is redirected with the code, or the
 * dropzone refuses a file before sending it. Client-safe.
 */
import type { TFunction } from '~/lib/i18n';
import {
  PHOTOS_PER_OWNER,
  PHOTO_MAX_FILES_PER_REQUEST,
  PHOTO_MAX_FILE_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_MAX_REQUEST_BYTES,
  megabytes,
  UPLOAD_ERROR_CODES,
  type PhotoOwnerType,
} from '~/lib/uploads';

/** Refusal codes with a message of their own; anything else reads as a server error. */
const KNOWN = new Set<string>([
  ...UPLOAD_ERROR_CODES,
  'not_found',
  'photo_not_found',
  'invalid',
  'network',
  'rate_limited',
  'signed_out',
  'server',
]);

/**
 * The message for refusal `code` on a photo of a `ownerType`. `limit` is the limit the server
 * reports (bytes, files or pixels; the constants otherwise); `remaining` is how many more photos
 * the owner takes (`owner_full`).
 */
export function photoErrorMessage(
  t: TFunction,
  { code, ownerType, limit, remaining = 0 }: { code: string; ownerType: PhotoOwnerType; limit?: number; remaining?: number },
): string {
  switch (code) {
    case 'owner_full':
      return remaining > 0
        ? t(`photos.errors.ownerRoom.${ownerType}`, { count: remaining })
        : t(`photos.errors.ownerFull.${ownerType}`, { max: PHOTOS_PER_OWNER });
    case 'file_too_large':
      return t('photos.errors.file_too_large', { max: megabytes(limit ?? PHOTO_MAX_FILE_BYTES) });
    case 'request_too_large':
      return t('photos.errors.request_too_large', { max: megabytes(limit ?? PHOTO_MAX_REQUEST_BYTES) });
    case 'too_many_pixels':
      return t('photos.errors.too_many_pixels', { max: Math.round((limit ?? PHOTO_MAX_PIXELS) / 1_000_000) });
    case 'too_many_files':
      return t('photos.errors.too_many_files', { count: limit ?? PHOTO_MAX_FILES_PER_REQUEST });
    default:
      return t(`photos.errors.${KNOWN.has(code) ? code : 'server'}`);
  }
}

/**
 * The file name a redirect's `?photoFile=` may show beside a refusal, or null. Anyone can craft
 * that link, so only something shaped like a file name is shown (one line, ≤ 80 characters,
 * ending in a short extension): a sentence put in the URL is never displayed as our message.
 */
export function shownFileName(raw: string | null): string | null {
  if (!raw || raw.length > 80) return null;
  return /^[^\p{Cc}\p{Cf}/\\<>]+\.[A-Za-z0-9]{1,5}$/u.test(raw) && !/\s{2,}|https?:|www\./i.test(raw) ? raw : null;
}
