/**
 * A text download read from the database in keyset batches as the client reads it (the CSV
 * exports, the sitemaps): `head` first, then `readBatch` pages rendered by `render` until a page
 * reports no more or `maxRows` rows were sent, then `tail`. Database errors end the stream with
 * that error. Nothing is held in memory beyond one batch.
 */

/** One page of a keyset read: its rows, the cursor after the last one, and whether more follow. */
export type KeysetBatch<Row, Cursor> = { rows: Row[]; last: Cursor | null; more: boolean };

/**
 * Streams `head`, every row `readBatch` returns as text from `render`, then `tail`, UTF-8 encoded.
 * `readBatch(cursor, limit)` reads at most `limit` rows after `cursor` (null: from the start);
 * `render(rows)` turns one batch into text (called once per non-empty batch).
 */
export function keysetTextStream<Row, Cursor>({
  head,
  tail = '',
  batchSize,
  maxRows = Number.POSITIVE_INFINITY,
  readBatch,
  render,
}: {
  head: string;
  tail?: string;
  batchSize: number;
  maxRows?: number;
  readBatch: (cursor: Cursor | null, limit: number) => Promise<KeysetBatch<Row, Cursor>>;
  render: (rows: Row[]) => string;
}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let sent = 0;
  let headSent = false;
  let done = false;
  const finish = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    if (tail) controller.enqueue(encoder.encode(tail));
    controller.close();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headSent) {
        headSent = true;
        controller.enqueue(encoder.encode(head));
        return;
      }
      if (done) {
        finish(controller);
        return;
      }
      try {
        const batch = await readBatch(cursor, Math.min(batchSize, maxRows - sent));
        sent += batch.rows.length;
        cursor = batch.last;
        done = !batch.more || sent >= maxRows;
        if (batch.rows.length > 0) controller.enqueue(encoder.encode(render(batch.rows)));
        if (done) finish(controller);
      } catch (error) {
        controller.error(error);
      }
    },
  });
}
