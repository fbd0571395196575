/**
 * Answers shared by actions: redirects that carry better-auth's cookies and a flash message,
 * and the 429 answer of a rate-limited form (spec §8 "Rate Limit Exceeded").
 */
import { data, redirect } from 'react-router';
import { flashCookie, type Flash } from '~/lib/flash';
import type { RateLimitAction } from './rate-limit.server';

/** A 303 redirect to `to` that sets every cookie in `cookies` (and a flash, when given). */
export function redirectWithCookies(to: string, cookies: Headers, flash?: Flash): Response {
  const headers = new Headers();
  for (const cookie of cookies.getSetCookie()) headers.append('Set-Cookie', cookie);
  if (flash) headers.append('Set-Cookie', flashCookie(flash));
  return redirect(to, { status: 303, headers });
}

/** What the browser gets when a form was refused by the rate limiter. */
export type RateLimitedAnswer = { ok: false; rateLimited: { action: RateLimitAction; retryAfterS: number }; errors: Record<string, string> };

/** HTTP 429 with `Retry-After`; the page shows the spec's toast from `rateLimited`. */
export function rateLimitedAnswer(limited: { action: RateLimitAction; retryAfterS: number }, errors: Record<string, string> = {}) {
  return data<RateLimitedAnswer>(
    { ok: false, rateLimited: { action: limited.action, retryAfterS: limited.retryAfterS }, errors },
    { status: 429, headers: { 'Retry-After': String(limited.retryAfterS) } },
  );
}

/**
 * HTTP 503 with `Retry-After` (issue 14): the password hasher's queue is full. `body` is the
 * form's usual failure answer, carrying the translated "try again shortly" message.
 */
export function busyAnswer<Body>(body: Body, retryAfterS: number) {
  return data(body, { status: 503, headers: { 'Retry-After': String(retryAfterS) } });
}
