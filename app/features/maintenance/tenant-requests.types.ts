/**
 * What the tenant's maintenance endpoints answer (decision 027), shared by the server
 * and the pages. Client-safe.
 */

/** The answer to a new request (the scripted form, the offline queue, and the plain form's errors). */
export type CreateRequestAnswer = {
  ok: boolean;
  requestId?: number;
  /** The request's page. */
  url?: string;
  /** The same client id was delivered before: nothing new was stored. */
  replayed?: boolean;
  priority?: string;
  /** Why it was refused: `invalid`, `unit_not_leased`, `too_many_photos`, an upload refusal code, `rate_limited`. */
  code?: string;
  /** A translated message for the whole form. */
  error?: string;
  /** Translated messages by field (`photos` for the files, `windowDate0`… for the time windows). */
  errors?: Record<string, string>;
  /** The text fields as sent, to fill the form again (no files). */
  values?: Record<string, string>;
  rateLimited?: { action: string; retryAfterS: number };
};
