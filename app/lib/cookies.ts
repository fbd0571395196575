/**
 * Tiny cookie helpers shared by server and client: parse a `Cookie` header and serialise a
 * preference cookie. Values are URI-encoded; nothing here is httpOnly (preferences only).
 */
export function parseCookies(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    const name = part.slice(0, index).trim();
    if (!name || name in out) continue;
    try {
      out[name] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      // A malformed value is ignored rather than breaking the request.
    }
  }
  return out;
}

/** Serialises a first-party preference cookie (path /, SameSite=Lax). `maxAgeS` in seconds. */
export function serializeCookie(name: string, value: string, maxAgeS: number): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeS}; SameSite=Lax`;
}

/** Writes a preference cookie from the browser. */
export function setClientCookie(name: string, value: string, maxAgeS: number): void {
  document.cookie = serializeCookie(name, value, maxAgeS);
}
