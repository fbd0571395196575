/**
 * Two-factor sign-in for tests (decision 023): the ONE helper every test that signs a user in
 * uses. Staff accounts (admin, property manager) must have two-factor sign-in, so
 * `signInForTest` enrols them first with a known TOTP key (stored exactly as better-auth's
 * `twoFactor` plugin stores it: encrypted with the auth secret) and then completes sign-in as a
 * browser does: password step → `two_factor` challenge cookie → a code computed with `otplib`
 * from the key → session cookie. Also used by the e2e seed (tests/e2e/seed-users.ts).
 *
 * The server takes each TOTP step once per account (decision 023), so the helper answers with
 * the code of a step the account has not used yet (`freshTotpStep`).
 */
import { randomUUID } from 'node:crypto';
import { symmetricEncrypt } from 'better-auth/crypto';
import { eq, sql } from 'drizzle-orm';
import { TWO_FACTOR_REQUIRED_ROLES, type Role } from '../../app/lib/access';
import { backupCodeDigest } from '../../app/server/auth/auth.server';
import type { Db } from '../../app/server/db/client.server';
import { twoFactor, user } from '../../app/server/db/schema';
import type { DimoraLoadContext } from '../../app/server/load-context';
import { base32Of, TEST_TOTP_KEY, totpAt, totpNow, totpStepNow } from './totp';

export { base32Of, TEST_TOTP_KEY, totpAt, totpNow, totpStepNow };

/**
 * Turns two-factor sign-in on for `userId` with `rawKey` and the given backup codes (stored
 * hashed, like the plugin with our auth options). `authSecret` must be the server's auth secret.
 */
export async function enrolTwoFactor(
  db: Db,
  authSecret: string,
  userId: string,
  { rawKey = TEST_TOTP_KEY, backupCodes = [] as string[] } = {},
): Promise<void> {
  const secret = await symmetricEncrypt({ key: authSecret, data: rawKey });
  const stored = JSON.stringify(backupCodes.map((code) => backupCodeDigest(authSecret, code)));
  await db.transaction(async (tx) => {
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx.insert(twoFactor).values({ id: randomUUID(), secret, backupCodes: stored, userId, verified: true });
    await tx.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, userId));
  });
}

/** `name=value; …` of the cookies a response sets (expired ones left out), for a Cookie header. */
export function cookieHeaderOf(headers: Headers): string {
  return liveSetCookies(headers)
    .map((value) => value.split(';')[0])
    .join('; ');
}

function liveSetCookies(headers: Headers): string[] {
  return headers.getSetCookie().filter((value) => !/;\s*max-age=0\b/i.test(value));
}

type SignInContext = Pick<DimoraLoadContext, 'auth' | 'db'>;

/** The last TOTP step the server accepted for `userId` (`two_factor.last_totp_step`), or null. */
export async function lastTotpStep(db: Db, userId: string): Promise<number | null> {
  const [row] = await db.select({ step: twoFactor.lastTotpStep }).from(twoFactor).where(eq(twoFactor.userId, userId));
  return row?.step ?? null;
}

/**
 * A TOTP step the server will take for `userId` now: the current one, else the next (what the
 * app shows 30 seconds later), as a user would wait for a new code. Either stays within the
 * server's window if the clock reaches the next step before the code is checked. When both are
 * used (a third sign-in of one account within a step), the helper stands in for the wait:
 * it sets the account's record back to the previous step and answers the current one.
 */
export async function freshTotpStep(db: Db, userId: string): Promise<number> {
  const current = totpStepNow();
  const last = await lastTotpStep(db, userId);
  if (last === null || last < current + 1) return last === null || last < current ? current : current + 1;
  await db
    .update(twoFactor)
    .set({ lastTotpStep: current - 1 })
    .where(eq(twoFactor.userId, userId));
  return current;
}

/**
 * Signs `email` in through better-auth as the /auth page does and answers the session's
 * Set-Cookie `headers` (the shape `auth.api.signInEmail({ returnHeaders: true })` had), the
 * `cookie` header value and the user id. Staff accounts without two-factor sign-in are enrolled
 * with `TEST_TOTP_KEY` first (`enrol: false` leaves them unenrolled, to test the guards); an
 * enrolled account completes the second step with a code from `otplib` of a step it has not
 * used (`freshTotpStep`; `rawKey` when the account was enrolled with another key). Throws when a
 * step is refused.
 */
export async function signInForTest(
  context: SignInContext,
  credentials: { email: string; password: string },
  { enrol = true, rawKey = TEST_TOTP_KEY }: { enrol?: boolean; rawKey?: string } = {},
): Promise<{ headers: Headers; cookie: string; userId: string }> {
  const [account] = await context.db
    .select({ id: user.id, role: user.role, twoFactorEnabled: user.twoFactorEnabled })
    .from(user)
    .where(eq(sql`lower(${user.email})`, credentials.email.toLowerCase()));
  if (account && enrol && !account.twoFactorEnabled && TWO_FACTOR_REQUIRED_ROLES.includes(account.role as Role)) {
    await enrolTwoFactor(context.db, String(context.auth.options.secret), account.id, { rawKey });
  }
  const first = await context.auth.api.signInEmail({ body: credentials, returnHeaders: true });
  if (!('twoFactorRedirect' in first.response && first.response.twoFactorRedirect)) {
    const headers = new Headers();
    for (const value of liveSetCookies(first.headers)) headers.append('Set-Cookie', value);
    return { headers, cookie: cookieHeaderOf(first.headers), userId: first.response.user.id };
  }
  const step = await freshTotpStep(context.db, account?.id ?? '');
  const second = await context.auth.api.verifyTOTP({
    body: { code: totpAt(base32Of(rawKey), step) },
    headers: new Headers({ cookie: cookieHeaderOf(first.headers) }),
    returnHeaders: true,
  });
  const headers = new Headers();
  for (const value of liveSetCookies(second.headers)) headers.append('Set-Cookie', value);
  return { headers, cookie: cookieHeaderOf(second.headers), userId: second.response.user.id };
}
