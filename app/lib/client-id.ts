/**
 * A message's client id: a random UUID (v4) made in the browser, so the server stores a message
 * once however often it is sent (offline queue, lost answers). `crypto.randomUUID` exists only in
 * secure contexts (https, localhost); elsewhere the same UUID is built from `getRandomValues`.
 * Client-safe.
 */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
