/**
 * For the query-plan tests (decision 024: "fast" is proven by EXPLAIN for every path): the
 * statements a service sends are captured with `createTestDatabase({ onQuery })` and explained
 * with their parameters written in.
 */
import { sql, type SQL } from 'drizzle-orm';

/** One statement as the ORM sent it: SQL with `$n` placeholders and their values. */
export type Captured = { sql: string; params: unknown[] };

/**
 * The statement with its parameters written in as SQL literals: numbers and booleans as they are,
 * null as `null`, dates as quoted ISO timestamps, arrays as `ARRAY[…]`, anything else as a quoted string.
 */
export function inlineParams({ sql: text, params }: Captured): string {
  const literal = (value: unknown): string => {
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    if (value === null || value === undefined) return 'null';
    if (value instanceof Date) return `'${value.toISOString()}'`;
    if (Array.isArray(value)) return `ARRAY[${value.map(literal).join(',')}]`;
    return `'${String(value).replace(/'/g, "''")}'`;
  };
  return text.replace(/\$(\d+)/g, (_all, n: string) => literal(params[Number(n) - 1]));
}

/** The plain-text plan PostgreSQL would run `statement` with (`EXPLAIN`), one line per row. */
export async function explainText(db: { execute(query: SQL): Promise<unknown> }, statement: Captured): Promise<string> {
  const result = (await db.execute(sql.raw(`EXPLAIN ${inlineParams(statement)}`))) as { rows: Record<string, string>[] };
  return result.rows.map((row) => Object.values(row)[0]).join('\n');
}

/** What `createStatementRecorder` answers: its `onQuery` hook and the `capture` that uses it. */
export type StatementRecorder = {
  /** Give this to `createTestDatabase({ onQuery })`: it keeps statements only while `capture` runs. */
  onQuery: (text: string, params: unknown[]) => void;
  /** Runs `run` and answers the statements it sent, in order (and nothing sent before or after). */
  capture: (run: () => unknown) => Promise<Captured[]>;
};

/**
 * Records what a service sends, for the plan tests: set-up statements (bulk inserts, ANALYZE)
 * are not kept, only those sent while `capture(run)` runs.
 */
export function createStatementRecorder(): StatementRecorder {
  const captured: Captured[] = [];
  let recording = false;
  return {
    onQuery: (text, params) => {
      if (recording) captured.push({ sql: text, params });
    },
    async capture(run) {
      captured.length = 0;
      recording = true;
      try {
        await run();
      } finally {
        recording = false;
      }
      return [...captured];
    },
  };
}
