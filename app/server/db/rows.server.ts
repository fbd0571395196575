/**
 * The rows of a raw `db.execute(sql…)` result. Both drivers answer `{ rows }` (PGlite and
 * node-postgres), but Drizzle types the result per driver; this reads it the same way for both.
 */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** True when a database error is a unique-constraint violation (23505), through wrapped causes (both drivers). */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause: unknown = error; cause; cause = (cause as { cause?: unknown }).cause) {
    if ((cause as { code?: string }).code === '23505') return true;
  }
  return false;
}
