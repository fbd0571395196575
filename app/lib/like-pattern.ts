/**
 * Text typed into a search box, as a pattern for SQL `LIKE` / `ILIKE`: `%`, `_` and `\` match
 * themselves (PostgreSQL's default escape character is `\`). Pass the result as a bound
 * parameter, never spliced into SQL.
 */

/** `text` with the LIKE pattern characters escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `%text%`: matches values containing `text`. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
