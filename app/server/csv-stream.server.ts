/**
 * A CSV download read from the database in keyset batches as the client reads it (the payments
 * and audit-log exports): the header first, then `readBatch` pages until it reports no more or
 * `maxRows` rows were sent. Database errors end the stream with that error. Nothing is held in
 * memory beyond one batch. The batching itself is `keysetTextStream` (also used by the sitemaps).
 */
import { stringify } from 'csv-stringify/sync';
import { keysetTextStream, type KeysetBatch } from './keyset-stream.server';

/** One page of an export: its rows, the cursor after the last one, and whether more follow. */
export type CsvBatch<Row, Cursor> = KeysetBatch<Row, Cursor>;

/**
 * Streams `columns` then every row `readBatch` returns, as CSV lines from `toLine`.
 * `readBatch(cursor, limit)` reads at most `limit` rows after `cursor` (null: from the start).
 */
export function keysetCsvStream<Row, Cursor>({
  columns,
  batchSize,
  maxRows,
  readBatch,
  toLine,
}: {
  columns: readonly string[];
  batchSize: number;
  maxRows: number;
  readBatch: (cursor: Cursor | null, limit: number) => Promise<CsvBatch<Row, Cursor>>;
  toLine: (row: Row) => unknown[];
}): ReadableStream<Uint8Array> {
  return keysetTextStream({
    head: stringify([[...columns]]),
    batchSize,
    maxRows,
    readBatch,
    render: (rows) => stringify(rows.map(toLine)),
  });
}
