/**
 * Every CSV the product writes (decision 037): one writer over csv-stringify that neutralises
 * formula injection — a text cell a spreadsheet would run as a formula (it begins with `=`, `+`,
 * `-`, `@`, a tab or a carriage return) gets a leading `'`; plain numbers, negative ones
 * included, stay numbers. `csvText` writes a whole file (the unit export); `keysetCsvStream` a
 * download read from the database in keyset batches as the client reads it (the payments and
 * audit-log exports). `readCsvCell` undoes the neutralisation when such a file is imported again.
 */
import { stringify } from 'csv-stringify/sync';
import { keysetTextStream, type KeysetBatch } from '../keyset-stream.server';

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/** A cell as written: strings that would run as a formula get a leading `'`; null is empty. */
export function csvCell(value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return value;
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** A cell as read back from a file this module wrote: the neutralising `'` removed. */
export function readCsvCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) && !PLAIN_NUMBER.test(value.slice(1)) ? value.slice(1) : value;
}

function csvLines(rows: readonly (readonly unknown[])[]): string {
  return stringify(rows.map((row) => row.map(csvCell)));
}

/** A whole CSV file: the header line, then one line per row (cells neutralised). */
export function csvText(columns: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return csvLines([columns, ...rows]);
}

/** One page of an export: its rows, the cursor after the last one, and whether more follow. */
export type CsvBatch<Row, Cursor> = KeysetBatch<Row, Cursor>;

/**
 * Streams `columns` then every row `readBatch` returns, as CSV lines from `toLine` (cells neutralised).
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
    head: csvLines([columns]),
    batchSize,
    maxRows,
    readBatch,
    render: (rows) => csvLines(rows.map(toLine)),
  });
}
