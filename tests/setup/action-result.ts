/**
 * Reads what a route action answered in a test: a redirect Response, `data(…, { status })`, or
 * plain data (200), as `{ status, body, location }`.
 */

/** The JSON a public form's action answers: success flags, or field errors and the values typed. */
export type ActionBody = { ok?: boolean; state?: string; errors: Record<string, string>; values: Record<string, unknown> };

export function answerOf(result: unknown): { status: number; body: ActionBody; location?: string | null } {
  if (result instanceof Response) {
    return { status: result.status, body: { errors: {}, values: {} }, location: result.headers.get('location') };
  }
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
    const wrapped = result as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data as ActionBody };
  }
  return { status: 200, body: result as ActionBody };
}
