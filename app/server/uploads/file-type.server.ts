/**
 * The real type of an upload, from its magic bytes (`file-type`), never from the client's file
 * name or Content-Type (DESIGN §4 "Files"). Text formats have no magic bytes, so an SVG or an HTML
 * page renamed `.jpg` has no detectable type and is refused like random bytes.
 */
import { fileTypeFromBuffer } from 'file-type';

/** Types `file-type` reports under another name than the one we accept them as. */
const ALIASES: Record<string, string> = {
  // An animated PNG is a PNG; its first frame is used.
  'image/apng': 'image/png',
};

/**
 * The detected MIME type of `data` if it is one of `allowed`, else null (unknown content, or a
 * known type that is not allowed, e.g. a PDF or a GIF offered as a photo). Reads only the first
 * few kilobytes.
 */
export async function detectAllowedType<T extends string>(data: Uint8Array, allowed: readonly T[]): Promise<T | null> {
  const found = await fileTypeFromBuffer(data);
  if (!found) return null;
  const mime = ALIASES[found.mime] ?? found.mime;
  return (allowed as readonly string[]).includes(mime) ? (mime as T) : null;
}
