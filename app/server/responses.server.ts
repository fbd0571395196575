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
export type RateLimitedAnswer = {
  ok: false;
  rateLimited: { action: RateLimitAction; retryAfterS: number };
  errors: Record<string, string>;
};

/** The `Retry-After` value (whole seconds, at least 1) of a wait of `seconds`. */
export function retryAfterValue(seconds: number): string {
  return String(Math.max(1, Math.ceil(Number.isFinite(seconds) ? seconds : 60)));
}

/**
 * Every HTTP 429 a loader or action answers (decision 023: each carries `Retry-After`, whole
 * seconds). Express-level 429s use `sendTooManyRequests` (rate-limit.server.ts); server/app.ts
 * adds a default `Retry-After` to any 429 that would still lack one.
 */
export function tooManyRequests<T>(body: T, retryAfterS: number) {
  return data<T>(body, { status: 429, headers: { 'Retry-After': retryAfterValue(retryAfterS) } });
}

/** HTTP 429 with `Retry-After`; the page shows the spec's toast from `rateLimited`. */
export function rateLimitedAnswer(limited: { action: RateLimitAction; retryAfterS: number }, errors: Record<string, string> = {}) {
  return tooManyRequests<RateLimitedAnswer>(
    { ok: false, rateLimited: { action: limited.action, retryAfterS: limited.retryAfterS }, errors },
    limited.retryAfterS,
  );
}

/**
 * HTTP 503 with `Retry-After` (decision 023): the password hasher's queue is full. `body` is the
 * form's usual failure answer, carrying the translated "try again shortly" message.
 */
export function busyAnswer<Body>(body: Body, retryAfterS: number) {
  return data(body, { status: 503, headers: { 'Retry-After': String(retryAfterS) } });
}
