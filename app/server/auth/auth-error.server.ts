/**
 * Reading the errors better-auth throws from its server API (decision 023): an `APIError` carries
 * a code (`INVALID_PASSWORD`, …) in its body, or at least an HTTP status.
 */
import { APIError } from 'better-auth/api';

/**
 * The code of a better-auth `APIError` (its body's `code`, else its HTTP status as text). Any
 * other error is not a refusal but a fault: it is thrown again.
 */
export function authErrorCode(error: unknown): string {
  if (error instanceof APIError) {
    const body = error.body as { code?: string } | undefined;
    return body?.code ?? String(error.status);
  }
  throw error;
}
