/**
 * Device cookies (decision 054, after OWASP's "Slow down online guessing attacks with device
 * cookies"): a browser that has signed in to an account carries a signed cookie naming that
 * account, so its later sign-in attempts are not refused by, nor counted in, the account's
 * lock against unknown devices (account-lockout.server.ts).
 *
 * - The value is `{ v: 1, u: user id, n: random nonce, t: issue time in Unix seconds }`, signed
 *   with HMAC-SHA-256 by React Router's `createCookie`. The key is derived from the auth secret
 *   with a purpose label, so the signature can never stand for any other signed value of ours.
 * - `dimora.device`: HttpOnly, SameSite=Lax, Path=/, Secure on https, one year; a new cookie
 *   (new nonce) at every successful sign-in. One account per browser: the last one signed in.
 * - A cookie with a bad signature, a malformed value, an issue time over a year old or in the
 *   future reads as no cookie at all (an unknown device).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { createCookie } from 'react-router';
import { z } from 'zod';

/** The cookie's name (like the other first-party cookies, `dimora.…`). */
export const DEVICE_COOKIE = 'dimora.device';
/** A device cookie lasts a year (seconds), in the browser and when checked here. */
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** How far in the future an issue time may be (clock differences between instances), in seconds. */
const CLOCK_SKEW_S = 5 * 60;

const claimSchema = z.object({
  v: z.literal(1),
  u: z.string().min(1).max(200),
  n: z.string().regex(/^[A-Za-z0-9_-]{22}$/),
  t: z.number().int().positive(),
});

/** What a valid device cookie says: the account it was issued to, its nonce, and when. */
export type DeviceClaim = { userId: string; nonce: string; issuedAt: Date };

/** The signed cookie, keyed with a subkey of the auth secret. Throws when the secret is empty. */
function deviceCookie(secret: string | undefined, secure: boolean) {
  if (!secret) throw new Error('device cookies need the auth secret');
  const key = createHmac('sha256', secret).update('dimora.device-cookie.v1').digest('base64url');
  return createCookie(DEVICE_COOKIE, {
    secrets: [key],
    httpOnly: true,
    secure,
    sameSite: 'lax',
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

/**
 * A `Set-Cookie` value with a new device cookie for `userId` (a fresh 128-bit nonce, issued
 * `now`). `secret` is the auth secret; `secure` on https. Throws when the secret is empty.
 */
export function issueDeviceCookie(options: { secret: string | undefined; secure: boolean; userId: string; now?: Date }): Promise<string> {
  const issuedS = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const value = { v: 1, u: options.userId, n: randomBytes(16).toString('base64url'), t: issuedS };
  return deviceCookie(options.secret, options.secure).serialize(value);
}

/**
 * The claim of the request's device cookie (`cookieHeader` is the `Cookie` header), or null
 * when there is none or it is not valid: bad signature, malformed, expired or issued in the
 * future relative to `now`. Throws only when the secret is empty.
 */
export async function readDeviceCookie(options: {
  secret: string | undefined;
  cookieHeader: string | null;
  now?: Date;
}): Promise<DeviceClaim | null> {
  const cookie = deviceCookie(options.secret, false);
  if (!options.cookieHeader?.includes(`${DEVICE_COOKIE}=`)) return null;
  const parsed = claimSchema.safeParse(await cookie.parse(options.cookieHeader));
  if (!parsed.success) return null;
  const nowS = (options.now ?? new Date()).getTime() / 1000;
  const { u, n, t } = parsed.data;
  if (t > nowS + CLOCK_SKEW_S || t <= nowS - DEVICE_COOKIE_MAX_AGE_S) return null;
  return { userId: u, nonce: n, issuedAt: new Date(t * 1000) };
}
