/**
 * The rows of a raw `db.execute(sql…)` result. Both drivers answer `{ rows }` (PGlite and
 * node-postgres), but Drizzle types the result per driver; this reads it the same way for both.
 */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
