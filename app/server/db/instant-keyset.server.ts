/**
 * The keyset of the staff lists read newest first, `created_at desc, id desc` (decision 020 and
 * 037): the instant as text exact to the microsecond (a cursor that lost precision would skip or
 * repeat rows), the condition "after this cursor" in that order, and the midnight of a UTC day
 * for date-range filters. Used by the payments back office and the audit log.
 */
import { and, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** A keyset position: a row's exact instant (ISO, UTC, microseconds) and its id. */
export type InstantKey = { createdAt: string; id: number };

/** `column` (a `timestamptz`) as PostgreSQL prints it in UTC with microseconds: `2026-11-22T12:00:00.123456Z`. */
export function instantText(column: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * Rows after `cursor` in `instant desc, id desc` order (undefined: from the start). The plain
 * `<=` on the instant lets every index led by it bound the scan; the row comparison breaks ties.
 */
export function afterInstantKey(instant: AnyPgColumn, id: AnyPgColumn, cursor: InstantKey | null): SQL | undefined {
  if (!cursor) return undefined;
  const at = sql`${cursor.createdAt}::timestamptz`;
  return and(lte(instant, at), sql`(${instant}, ${id}) < (${at}, ${cursor.id})`);
}

/** The midnight that starts `iso` (a UTC day, `YYYY-MM-DD`) as a `timestamptz`, to compare instants with. */
export function utcDayStart(iso: string): SQL {
  return sql`${`${iso}T00:00:00Z`}::timestamptz`;
}
