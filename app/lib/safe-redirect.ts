/**
 * Returns `target` when it is a same-site path ("/…", not "//…" or a URL), else `fallback`.
 * Guards every `redirectTo` against open redirects.
 */
export function safeRedirectPath(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
