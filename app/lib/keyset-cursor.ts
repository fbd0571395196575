/**
 * The one codec for keyset-pagination cursors in URLs (decision 037): the last row of a page as
 * its sort key and id, so the next page reads "rows after this one" from an index instead of an
 * offset. Two shapes cover every list:
 *
 * - an instant (`2026-11-22T12:00:00.123456Z_42`: a `timestamptz` as PostgreSQL prints it in UTC
 *   with microseconds, then the id) — payments, audit log, maintenance queue, work orders;
 * - a number (`1234.5678`: a whole sort key, then the id) — tenants (lease id, signer id),
 *   projects.
 *
 * A cursor that does not parse is null: the list shows its first page (never an error). Ids are
 * bounded by `idMax` (int4 by default; the audit log's bigint ids pass a larger bound).
 * Client-safe: pages build their "next" links with `format`.
 */
import { INT4_MAX } from './ids';

/** A position after the row with sort key `key` and id `id`. */
export type KeysetCursor<Key extends string | number> = { key: Key; id: number };

export type KeysetCursorCodec<Key extends string | number> = {
  /** The cursor in `raw` (a query parameter), or null when it is missing or malformed. */
  parse(raw: string | null | undefined): KeysetCursor<Key> | null;
  /** The cursor as the query parameter writes it. */
  format(cursor: KeysetCursor<Key>): string;
};

const INSTANT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_(\d{1,16})$/;
const NUMBER = /^(\d{1,16})\.(\d{1,16})$/;

function idWithin(raw: string, idMax: number): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id >= 1 && id <= idMax ? id : null;
}

/** Cursors whose sort key is an instant (`timestamptz`, UTC, microseconds). */
export function instantCursor({ idMax = INT4_MAX }: { idMax?: number } = {}): KeysetCursorCodec<string> {
  return {
    parse(raw) {
      const match = INSTANT.exec(raw ?? '');
      if (!match || Number.isNaN(Date.parse(match[1]!))) return null;
      const id = idWithin(match[2]!, idMax);
      return id === null ? null : { key: match[1]!, id };
    },
    format: (cursor) => `${cursor.key}_${cursor.id}`,
  };
}

/** Cursors whose sort key is a whole number (another id, a count) of at most `keyMax`. */
export function numberCursor({ idMax = INT4_MAX, keyMax = INT4_MAX }: { idMax?: number; keyMax?: number } = {}): KeysetCursorCodec<number> {
  return {
    parse(raw) {
      const match = NUMBER.exec(raw ?? '');
      if (!match) return null;
      const key = Number(match[1]);
      const id = idWithin(match[2]!, idMax);
      return id === null || !Number.isSafeInteger(key) || key > keyMax ? null : { key, id };
    },
    format: (cursor) => `${cursor.key}.${cursor.id}`,
  };
}
