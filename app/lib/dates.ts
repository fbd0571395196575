/**
 * Calendar dates as the ledger and the jobs use them: ISO `YYYY-MM-DD` strings in UTC. (Building
 * time zones are a separate decision; until then "today" is the UTC date.) Client-safe.
 */

/** Today's date in UTC as ISO `YYYY-MM-DD` (`now` for tests). */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
