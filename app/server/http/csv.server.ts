/**
 * Every CSV the product writes (decision 037), over csv-stringify: the unit export, the payments
 * export and the audit-log export all go through here, so all of them defuse formula injection
 * (OWASP "CSV injection") the same way.
 *
 * The rule, applied by csv-stringify's `escape_formulas`:
 * - a **text** cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return (or the
 *   full-width `＝ ＋ － ＠` some spreadsheets fold to them) gets a leading `'`, so a spreadsheet
 *   shows it as text and never runs it;
 * - a cell given as a JavaScript **number** (rent, counts, cents) is data and is written as is,
 *   negative ones included: a number cannot carry a formula;
 * - a decimal our code formats itself (money in dollars, `-12.50`) is passed as
 *   `csvDecimal(cents)`, checked to be a plain decimal, and written as is too.
 *   So the choice is by type, never by the look of a string: user text such as `-5` or `-1+2`
 *   is always prefixed.
 * - cells are quoted as RFC 4180 requires (a comma, a quote or a line break inside), quotes
 *   doubled.
 *
 * A text cell that already begins with `'` and then one of those characters gets one more `'`,
 * so `readCsvCell` (the unit import) can take exactly one off and every exported file imports
 * back unchanged.
 */
import { stringify, type Options } from 'csv-stringify/sync';
import { keysetTextStream, type KeysetBatch } from '../keyset-stream.server';

/** The first characters `escape_formulas` defuses (csv-stringify 6.9: ASCII and full-width). */
const FORMULA_START = '=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20';
/** A text cell whose leading `'` (one or more) hides a formula start: one more `'` when written. */
const QUOTED_FORMULA = new RegExp(`^'+[${FORMULA_START}]`);
/** A read cell whose first `'` was added by this module. */
const NEUTRALISED = new RegExp(`^'(?='*[${FORMULA_START}])`);
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** A decimal number formatted by our code (not user text): written without a leading `'`. */
export class CsvDecimal {
  readonly text: string;
  /** `text` must be a plain decimal (`-12.50`); anything else throws a TypeError. */
  constructor(text: string) {
    if (!PLAIN_DECIMAL.test(text)) throw new TypeError(`not a plain decimal: ${JSON.stringify(text)}`);
    this.text = text;
  }
}

/** `cents` (an integer, may be negative) as dollars with two decimals, e.g. -1250 → `-12.50`. */
export function csvDecimal(cents: number): CsvDecimal {
  return new CsvDecimal((cents / 100).toFixed(2));
}

const OPTIONS: Options = {
  escape_formulas: true,
  cast: {
    string: (value) => (QUOTED_FORMULA.test(value) ? `'${value}` : value),
    boolean: (value) => (value ? 'true' : 'false'),
    date: (value) => value.toISOString(),
    // The per-field options of a cast answer may switch `escape_formulas` off (csv-stringify
    // merges them over the global ones); its type lists only the quoting options.
    object: (value) =>
      value instanceof CsvDecimal ? ({ value: value.text, escape_formulas: false } as unknown as { value: string }) : JSON.stringify(value),
  },
};

/** A cell as read back from a file this module wrote: the one `'` it added removed (see the module comment). */
export function readCsvCell(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

function csvLines(rows: readonly (readonly unknown[])[]): string {
  return stringify(
    rows.map((row) => [...row]),
    OPTIONS,
  );
}

/** A whole CSV file: the header line, then one line per row (null and undefined cells empty). */
export function csvText(columns: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return csvLines([columns, ...rows]);
}

/** One page of an export: its rows, the cursor after the last one, and whether more follow. */
export type CsvBatch<Row, Cursor> = KeysetBatch<Row, Cursor>;

/**
 * Streams `columns` then every row `readBatch` returns, as CSV lines from `toLine` (cells as in
 * the module comment). `readBatch(cursor, limit)` reads at most `limit` rows after `cursor`
 * (null: from the start).
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
