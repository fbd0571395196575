/**
 * The paste guard's patterns (spec §5 "Pasted text is blocked if it matches script tags,
 * javascript: URLs, inline event-handler attributes, eval calls, or references to cookies, local
 * storage or session storage"). Client-safe and dependency-free. A courtesy check only: the
 * server never relies on it, since every page escapes what it renders.
 */

/** What a pasted text is checked against, in the spec's order. */
export const HARMFUL_PASTE_PATTERNS: readonly RegExp[] = [
  // <script …>, </script>, < script
  /<\s*\/?\s*script\b/i,
  // javascript: URLs, also with blanks or control characters inside the scheme ("java\tscript:")
  /\bj[\s\0]*a[\s\0]*v[\s\0]*a[\s\0]*s[\s\0]*c[\s\0]*r[\s\0]*i[\s\0]*p[\s\0]*t[\s\0]*:/i,
  // inline event-handler attributes: onerror=, onload =, onclick="…"
  /(?:^|[\s"'/<;])on[a-z]+\s*=/i,
  // eval( calls
  /\beval\s*\(/i,
  // document.cookie, document['cookie'], and the browser's storages
  /\bdocument\s*(?:\.\s*cookie\b|\[\s*["'`]cookie["'`]\s*\])/i,
  /\b(?:local|session)Storage\b/i,
];

/** Entities and percent-escapes commonly used to slip `<`, `:` or `(` past a filter. */
const ESCAPES: Record<string, string> = { lt: '<', gt: '>', colon: ':', lpar: '(', quot: '"', apos: "'", sol: '/' };

/** The text with HTML entities and percent-escapes of ASCII characters decoded, invisible characters removed. */
function decoded(text: string): string {
  return text
    .replace(/[\u200B-\u200D\uFEFF]/g, '')
    .replace(/&#x([0-9a-f]{1,6});?/gi, (_, hex: string) => String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff)))
    .replace(/&#(\d{1,7});?/g, (_, dec: string) => String.fromCodePoint(Math.min(Number(dec), 0x10ffff)))
    .replace(/&(lt|gt|colon|lpar|quot|apos|sol);/gi, (_, name: string) => ESCAPES[name.toLowerCase()] ?? '')
    .replace(/%([0-7][0-9a-f])/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * True when `text` looks like an attempt to inject script (spec §5): script tags, `javascript:`
 * URLs, inline event handlers (`on…=`), `eval(` calls, or references to `document.cookie`,
 * `localStorage` or `sessionStorage`, also when written with HTML entities or percent-escapes.
 * Ordinary prose ("I baked cookies", "done = ready") passes. Never throws.
 */
export function isHarmfulPaste(text: string): boolean {
  if (!text) return false;
  const candidates = [text, decoded(text)];
  return candidates.some((candidate) => HARMFUL_PASTE_PATTERNS.some((pattern) => pattern.test(candidate)));
}

/** spec §5: the audit event keeps the first 100 characters of the blocked text. */
export const PASTE_SAMPLE_LENGTH = 100;

/** Blocked-paste audit entries one signed-in user may cause per minute (decision 023); more answer 429. */
export const PASTE_EVENTS_PER_MINUTE = 10;
