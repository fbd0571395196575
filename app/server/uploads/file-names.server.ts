/**
 * Client file names (DESIGN §4 "Files"): kept only as a label (`document.original_name`), never
 * used as a path — stored files get random names. A name that carries a path (`../../etc/passwd`,
 * `C:\…`), control characters or is absurdly long is refused outright: browsers send the bare
 * name, so anything else is a crafted request.
 */

/** Longest name accepted (characters). */
export const MAX_FILE_NAME_LENGTH = 255;
/** Names are shortened to this many characters for storage and messages. */
const KEPT_LENGTH = 200;

// Separators of any platform, C0/C1 controls and DEL.
const FORBIDDEN = /[/\\\u0000-\u001f\u007f-\u009f]/;
// Bidirectional overrides and zero-width characters that make a label lie about its extension.
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * The name to keep for `raw` (NFC, trimmed, invisible characters removed, ≤ 200 characters), or
 * null when the name must be refused (a path, `.`/`..`, control characters, over 255 characters,
 * or nothing left).
 */
export function sanitizeFileName(raw: string): string | null {
  if (raw.length > MAX_FILE_NAME_LENGTH || FORBIDDEN.test(raw)) return null;
  const name = raw.normalize('NFC').replace(INVISIBLE, '').trim();
  if (name === '' || name === '.' || name === '..') return null;
  return name.length > KEPT_LENGTH ? name.slice(0, KEPT_LENGTH) : name;
}

/** A name safe to show in a message for a file whose name was refused (its last segment, sanitised). */
export function displayFileName(raw: string): string {
  const last = raw.split(/[/\\]/).pop() ?? '';
  const shown = last
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(INVISIBLE, '')
    .trim()
    .slice(0, 80);
  return shown || 'file';
}
