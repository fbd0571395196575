/**
 * What every form action answers (decision 037, the page protocol): one shape for the staff
 * pages, the portals and the public forms, read by one client hook (`useActionResult`).
 * Client-safe: the server builds it in `app/server/http/form-action.server.ts`.
 *
 * - `intent` tells apart the forms of a page that post to one action (`null` when the post named
 *   no known intent); `key` tells apart several forms with the same intent (an invoice id).
 * - A success carries the translated `message` its toast shows, plus whatever the page needs
 *   (`Extra`: a preview, counts).
 * - A refusal carries one translated message per field (`errors.form` for the form as a whole),
 *   the values to put back in the fields (never passwords or card data), and, when the rate
 *   limiter refused it, what to tell the person (spec §8).
 */

/** A successful command: its toast text and the page's extra data. */
export type ActionSuccess<Intent extends string = string> = {
  ok: true;
  intent: Intent;
  /** The toast text, already translated; absent when the page says nothing. */
  message?: string;
  key?: string;
};

/** A refused command: translated messages by field, the echoed values. */
export type ActionFailure<Intent extends string = string> = {
  ok: false;
  intent: Intent | null;
  /** One translated message per field; `form` for the whole form. */
  errors: Record<string, string>;
  /** What the person typed, to put back (secrets are never echoed); repeated fields as lists. */
  values?: Record<string, string | string[]>;
  key?: string;
  /** Set when the rate limiter refused the post (spec §8 "Rate Limit Exceeded"). */
  rateLimited?: { action: string; retryAfterS: number };
  /**
   * A fresh idempotency key for the next attempt of a payment form: the refused attempt's key is
   * spent, and React Router does not reload the page's loader after a 4xx answer.
   */
  nextKey?: string;
};

/** The answer of a form action: `Extra` is what a success adds for its page. */
export type ActionResult<Intent extends string = string, Extra extends object = object> =
  (ActionSuccess<Intent> & Extra) | ActionFailure<Intent>;

/** Field names whose values are never echoed back after a refusal. */
export const NEVER_ECHOED = /password|^cardNumber$|^cvc$|^cvv$|^expiry$|secret|token|^code$|dsn$/i;
