/**
 * Record ids as they arrive in URLs and forms. Every serial id is a PostgreSQL `integer` (int4):
 * anything outside 1…INT4_MAX, or not plain digits, names no record and is treated as unknown
 * (a 404 for a route, a field message for a form), never a database error. Client-safe.
 */

/** The largest PostgreSQL `integer` (int4), the ceiling of every serial id. */
export const INT4_MAX = 2 ** 31 - 1; // 2,147,483,647

/** `raw` as a record id (1…INT4_MAX, digits only), or null. */
export function parseId(raw: string | null | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= INT4_MAX ? id : null;
}

/** True for a whole number that fits a record id. */
export function isId(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= INT4_MAX;
}
