/**
 * A fast multi-row INSERT for seeding: one array parameter per column, expanded server-side by
 * `unnest(…)`, instead of Drizzle's `insert().values(rows)` with one parameter per cell.
 * Measured on 20,000 demo units with PGlite: 5.6 s of CPU instead of 12 s (Drizzle's per-cell
 * SQL building and the 24,000 parameters per statement dominate). Column names, SQL types and
 * value encoding still come from the Drizzle table, so the schema stays the single source.
 */
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.server';

/** Rows per statement of `insertInBatches` (1,000 rows keep a statement's parameters few and its SQL short). */
export const BULK_INSERT_BATCH_ROWS = 1_000;

/** SQL type usable in a cast: serial types are only column-definition shorthands. */
function castType(column: PgColumn): string {
  const type = column.getSQLType();
  if (type === 'serial') return 'integer';
  if (type === 'bigserial') return 'bigint';
  if (type === 'smallserial') return 'smallint';
  return type;
}

/**
 * Builds `INSERT INTO table (…) SELECT u.col::type, … FROM unnest($1::text[], …) AS u(…)` for
 * `rows`, which must all have the same keys (Drizzle insert-model keys, as produced by one
 * generator). Every column travels as a text array of Drizzle's driver values and is cast in the
 * SELECT: drivers serialise text arrays alike, enum arrays are not understood by every driver,
 * and array columns (text[]) must travel as literals because unnest would flatten them.
 * Throws when `rows` is empty or a key is not a column of `table`.
 */
export function bulkInsertSql<T extends PgTable>(table: T, rows: readonly T['$inferInsert'][]): SQL {
  const first = rows[0];
  if (!first) throw new Error('bulkInsertSql needs at least one row');
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const parts = Object.keys(first).map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    const values = rows.map((row) => {
      const value = (row as Record<string, unknown>)[key];
      return value === null || value === undefined ? null : String(column.mapToDriverValue(value));
    });
    return { name: sql.identifier(column.name), type: castType(column), values };
  });
  const names = sql.join(
    parts.map((part) => part.name),
    sql`, `,
  );
  const selected = sql.join(
    parts.map((part) => sql`u.${part.name}::${sql.raw(part.type)}`),
    sql`, `,
  );
  const arrays = sql.join(
    parts.map((part) => sql`${sql.param(part.values)}::text[]`),
    sql`, `,
  );
  return sql`INSERT INTO ${table} (${names}) SELECT ${selected} FROM unnest(${arrays}) AS u(${names})`;
}

/** Inserts `rows` into `table` with `bulkInsertSql`, `BULK_INSERT_BATCH_ROWS` rows per statement, through `tx`. */
export async function insertInBatches<T extends PgTable>(
  tx: Pick<Db, 'execute'>,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<void> {
  for (let from = 0; from < rows.length; from += BULK_INSERT_BATCH_ROWS)
    await tx.execute(bulkInsertSql(table, rows.slice(from, from + BULK_INSERT_BATCH_ROWS)));
}
