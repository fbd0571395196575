/**
 * Returns `target` when it is a path on this site ("/…"), else `fallback`. Guards every
 * `redirectTo` against open redirects: "//host", "/\\host", and control characters or
 * backslashes that browsers strip or rewrite ("/\t/host" becomes "//host") are refused, and the
 * path must resolve to this origin.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.length > 2048) return fallback;
  if (/[\u0000-\u001f\u007f\\]/.test(target) || target.startsWith('//')) return fallback;
  try {
    const base = 'http://dimora.invalid';
    const resolved = new URL(target, base);
    if (resolved.origin !== base) return fallback;
    return resolved.pathname + resolved.search + resolved.hash;
  } catch {
    return fallback;
  }
}
