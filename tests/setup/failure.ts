/**
 * The error a statement fails with: its message and its cause's (where Drizzle wraps the
 * driver's error, the database's own words are in the cause), or null when it succeeds.
 */
export async function failureOf(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ''}`;
  }
}
