/**
 * A CSV download read from the database in keyset batches as the client reads it (the payments
 * and audit-log exports): the header first, then `readBatch` pages until it reports no more or
 * `maxRows` rows were sent. Database errors end the stream with that error. Nothing is held in
 * memory beyond one batch.
 */
import { stringify } from 'csv-stringify/sync';

/** One page of an export: its rows, the cursor after the last one, and whether more follow. */
export type CsvBatch<Row, Cursor> = { rows: Row[]; last: Cursor | null; more: boolean };

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
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let sent = 0;
  let headerSent = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(stringify([[...columns]])));
        return;
      }
      if (done) {
        controller.close();
        return;
      }
      try {
        const batch = await readBatch(cursor, Math.min(batchSize, maxRows - sent));
        sent += batch.rows.length;
        cursor = batch.last;
        done = !batch.more || sent >= maxRows;
        if (batch.rows.length > 0) controller.enqueue(encoder.encode(stringify(batch.rows.map(toLine))));
        if (done) controller.close();
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
