/**
 * ISO calendar dates as the URL filters and forms carry them. Client-safe.
 */

/** True for a real calendar date written `YYYY-MM-DD` (2026-02-30 is not one). */
export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
