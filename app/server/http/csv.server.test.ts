/**
 * The one CSV writer (decision 037): text that a spreadsheet would run as a formula comes out
 * with a leading `'`, numbers and our own decimals do not, quoting follows RFC 4180, and the
 * unit import's `readCsvCell` gives back exactly what was written.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvDecimal, CsvDecimal, csvText, keysetCsvStream, readCsvCell } from './csv.server';

/** The single data cell of a one-column file, as written (quotes included). */
const written = (value: unknown) => csvText(['c'], [[value]]).slice('c\n'.length, -1);

/** The cells of a file as a CSV parser reads them, with the import's neutralisation undone. */
const readBack = (csv: string) => (parse(csv, { relax_column_count: true }) as string[][]).map((row) => row.map(readCsvCell));

const DANGEROUS = ['=HYPERLINK("http://evil.example","x")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(1,2)', '\t=1+1', '\r=1+1'];

describe('csvText', () => {
  it.each(DANGEROUS)('a text cell starting %j gets a leading quote', (value) => {
    const rows = parse(csvText(['c'], [[value]])) as string[][];
    expect(rows).toEqual([['c'], [`'${value}`]]);
  });

  it('neutralises the full-width formula characters too', () => {
    expect(written('＝1+1')).toBe("'＝1+1");
    expect(written('＠SUM(1)')).toBe("'＠SUM(1)");
  });

  it('a number is data: written as is, negative ones included; a string that looks like one is still text', () => {
    expect(written(-12.5)).toBe('-12.5');
    expect(written(1500)).toBe('1500');
    expect(written(0)).toBe('0');
    expect(written('-5')).toBe("'-5");
  });

  it('csvDecimal writes money our code formats without a quote, and refuses anything but a plain decimal', () => {
    expect(written(csvDecimal(-1250))).toBe('-12.50');
    expect(written(csvDecimal(6000))).toBe('60.00');
    expect(written(new CsvDecimal('-0.01'))).toBe('-0.01');
    expect(() => new CsvDecimal('-1+2')).toThrow(TypeError);
    expect(() => new CsvDecimal('=1')).toThrow(TypeError);
  });

  it('quotes per RFC 4180 (comma, quote, line break) and doubles inner quotes; null and undefined are empty', () => {
    expect(written('a,b')).toBe('"a,b"');
    expect(written('say "hi"')).toBe('"say ""hi"""');
    expect(written('two\nlines')).toBe('"two\nlines"');
    expect(written('=A1,"x"')).toBe(`"'=A1,""x"""`);
    expect(csvText(['a', 'b', 'c'], [[null, undefined, 'z']])).toBe('a,b,c\n,,z\n');
  });

  it('leaves ordinary text, booleans and dates readable', () => {
    expect(written('Sunny loft')).toBe('Sunny loft');
    expect(written("'Tis the season")).toBe("'Tis the season");
    expect(written(true)).toBe('true');
    expect(written(new Date('2026-04-02T08:00:00Z'))).toBe('2026-04-02T08:00:00.000Z');
  });

  it('every text cell reads back unchanged, including ones that already start with a quote', () => {
    const values = [...DANGEROUS, '＝1', '-5', "'=already", "''+twice", "'plain", 'plain', '', 'a,b "c"'];
    const csv = csvText(
      ['value'],
      values.map((value) => [value]),
    );
    expect(
      readBack(csv)
        .slice(1)
        .map(([cell]) => cell ?? ''),
    ).toEqual(values);
    expect(written("'=already")).toBe("''=already");
  });
});

describe('readCsvCell', () => {
  it('removes only the quote the writer added', () => {
    expect(readCsvCell("'=1+1")).toBe('=1+1');
    expect(readCsvCell("'-5")).toBe('-5');
    expect(readCsvCell("''=x")).toBe("'=x");
    expect(readCsvCell("'plain")).toBe("'plain");
    expect(readCsvCell('=1+1')).toBe('=1+1');
  });
});

describe('keysetCsvStream', () => {
  it('writes the header and each batch through the same writer', async () => {
    const stream = keysetCsvStream<string, number>({
      columns: ['note', 'amount'],
      batchSize: 1,
      maxRows: 10,
      readBatch: async (cursor) => {
        const rows = ['=cmd|1', '@evil'];
        const next = cursor === null ? 0 : cursor + 1;
        return { rows: rows.slice(next, next + 1), last: next, more: next + 1 < rows.length };
      },
      toLine: (note) => [note, csvDecimal(-500)],
    });
    const text = await new Response(stream).text();
    expect(text).toBe("note,amount\n'=cmd|1,-5.00\n'@evil,-5.00\n");
  });
});
