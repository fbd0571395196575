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

/**
 * Runs a loader or action and answers what it returned, or what it threw when that is an answer:
 * a Response (the guards' redirects) or a `data(…, { status })` (e.g. a thrown 404). Anything
 * else thrown is a failure and is thrown again.
 */
export async function settle(run: () => unknown): Promise<unknown> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response || (error !== null && typeof error === 'object' && 'init' in error)) return error;
    throw error;
  }
}

/** What a JSON endpoint or page answered: its status, its data (`{}` for a bare Response) and headers. */
export type JsonAnswer = { status: number; body: Record<string, unknown>; headers: Headers };

/**
 * Runs a loader or action and reads what it answered, returned or thrown (as `settle`): a
 * Response, a `data(…, { status, headers })`, or plain data (200). Other errors are thrown.
 */
export async function jsonAnswerOf(run: () => unknown): Promise<JsonAnswer> {
  const result = await settle(run);
  if (result instanceof Response) return { status: result.status, body: {}, headers: result.headers };
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
    const wrapped = result as { data: Record<string, unknown>; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data, headers: new Headers(wrapped.init?.headers) };
  }
  return { status: 200, body: result as Record<string, unknown>, headers: new Headers() };
}

/** What an API endpoint answered: its status, its JSON body (null when the body is not JSON) and headers. */
export type ApiAnswer = { status: number; body: unknown; headers: Headers };

/**
 * Runs an API loader or action and reads what it answered, returned or thrown (as `settle`): a
 * Response with its JSON body read, or a `data(…, { status, headers })` with its data.
 */
export async function apiAnswerOf(run: () => unknown): Promise<ApiAnswer> {
  const result = await settle(run);
  if (result instanceof Response) return { status: result.status, body: await result.json().catch(() => null), headers: result.headers };
  const wrapped = result as { data: unknown; init: ResponseInit | null };
  return { status: wrapped.init?.status ?? 200, body: wrapped.data, headers: new Headers(wrapped.init?.headers) };
}

/** The headers of an answer: a Response's own, or those given to `data(…, init)` (none: empty). */
export function headersOf(result: unknown): Headers {
  if (result instanceof Response) return result.headers;
  return new Headers((result as { init?: ResponseInit | null }).init?.headers);
}

/** The `name=value` of the session cookie an answer sets (`dimora.session_token`); throws when it sets none. */
export function sessionCookie(result: unknown): string {
  const cookie = headersOf(result)
    .getSetCookie()
    .find((value) => value.startsWith('dimora.session_token='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}
