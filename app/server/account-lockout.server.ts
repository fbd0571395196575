/**
 * Sign-in throttling per account, across client addresses (decision 023). The per-IP `login`
 * limit (rate-limit.server.ts) stops one address; this stops many addresses guessing one account.
 *
 * - An account is its normalized e-mail (trimmed, lower case), hashed: addresses without an
 *   account are counted exactly like real ones, so a lockout reveals nothing about existence.
 * - `SIGN_IN_LOCKOUT.failures` wrong passwords within `windowS` lock the account for
 *   `baseDelayS`; while the episode lasts, each further failure after a lock ends locks it again
 *   for twice as long, up to `maxDelayS`. An episode ends `windowS` after its last lock ran out
 *   with no new failure, or at a successful sign-in (`clearThrottle`).
 * - While locked, sign-in answers 429 with `Retry-After` before any password check.
 * - Counters live in the database (`sign_in_throttle`), shared by every instance; each step is
 *   one atomic statement, and only one request can start a given lock (conditional UPDATE).
 * - A trusted device (decision 054: a browser with a valid device cookie for the account) is
 *   counted under its own key (`deviceThrottleKey`) with the same policy instead of the
 *   account's, so guessing from unknown devices cannot lock the owner's browser out.
 */
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './db/client.server';
import { signInThrottle } from './db/schema';

/** The policy: 10 failures in 15 minutes; locks of 30 s doubling up to 15 minutes. */
export const SIGN_IN_LOCKOUT = { failures: 10, windowS: 15 * 60, baseDelayS: 30, maxDelayS: 15 * 60 } as const;

/** The counter key of an e-mail address: SHA-256 of the trimmed, lower-cased address. */
export function accountThrottleKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

/**
 * The counter key of a device cookie (decision 054): `device:` + SHA-256 of its nonce, so a
 * leaked table holds no cookie material and never collides with an account's key.
 */
export function deviceThrottleKey(nonce: string): string {
  return `device:${createHash('sha256').update(nonce).digest('hex')}`;
}

/** Whole seconds the counter `key` stays locked, or null when it may try a password. */
export async function throttleLockRemaining(db: Db, key: string): Promise<number | null> {
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from (${signInThrottle.lockedUntil} - now())))::int` })
    .from(signInThrottle)
    .where(sql`${signInThrottle.key} = ${key} and ${signInThrottle.lockedUntil} > now()`);
  return row ? Math.max(1, Number(row.seconds)) : null;
}

/** Whole seconds the account of `email` stays locked, or null when it may try a password. */
export function accountLockRemaining(db: Db, email: string): Promise<number | null> {
  return throttleLockRemaining(db, accountThrottleKey(email));
}

/** What one counted failure did: `lockedForS` when it started a lock; `firstLock` on an episode's first. */
export type SignInFailureResult = { failures: number; lockedForS: number | null; firstLock: boolean; lockedUntil: Date | null };

/**
 * Counts one failed sign-in for `email` and locks the account when the policy says so. Call it
 * only for a wrong password (not for a refusal while locked). Database errors propagate.
 */
export function recordSignInFailure(db: Db, email: string): Promise<SignInFailureResult> {
  return recordThrottleFailure(db, accountThrottleKey(email));
}

/**
 * Counts one failed sign-in under the counter `key` (an account's or a device's) and locks it
 * when `SIGN_IN_LOCKOUT` says so. Database errors propagate.
 */
export async function recordThrottleFailure(db: Db, key: string): Promise<SignInFailureResult> {
  const { windowS, failures: threshold, baseDelayS, maxDelayS } = SIGN_IN_LOCKOUT;
  const expired = sql`"sign_in_throttle"."window_start" <= now() - make_interval(secs => ${windowS})`;
  const [counted] = await db
    .insert(signInThrottle)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: {
        failures: sql`CASE WHEN ${expired} THEN 1 ELSE "sign_in_throttle"."failures" + 1 END`,
        lockLevel: sql`CASE WHEN ${expired} THEN 0 ELSE "sign_in_throttle"."lock_level" END`,
        windowStart: sql`CASE WHEN ${expired} THEN now() ELSE "sign_in_throttle"."window_start" END`,
      },
    })
    .returning({ failures: signInThrottle.failures });
  const failures = counted?.failures ?? 1;
  if (failures < threshold) return { failures, lockedForS: null, firstLock: false, lockedUntil: null };
  // Start a lock unless one is running (a concurrent failure may have started it). The episode's
  // window then restarts when the lock ends, so the next failure doubles the delay.
  const delay = sql`least(${maxDelayS}, ${baseDelayS} * power(2, "sign_in_throttle"."lock_level"))::int`;
  const [locked] = await db
    .update(signInThrottle)
    .set({
      lockLevel: sql`"sign_in_throttle"."lock_level" + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${delay})`,
      windowStart: sql`now() + make_interval(secs => ${delay})`,
    })
    .where(sql`${signInThrottle.key} = ${key} and (${signInThrottle.lockedUntil} is null or ${signInThrottle.lockedUntil} <= now())`)
    .returning({ lockLevel: signInThrottle.lockLevel, lockedUntil: signInThrottle.lockedUntil });
  if (!locked) return { failures, lockedForS: null, firstLock: false, lockedUntil: null };
  const lockedForS = Math.min(maxDelayS, baseDelayS * 2 ** (locked.lockLevel - 1));
  return { failures, lockedForS, firstLock: locked.lockLevel === 1, lockedUntil: locked.lockedUntil };
}

/** A successful sign-in: forgets the failures and ends the episode of the counter `key`. */
export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.delete(signInThrottle).where(eq(signInThrottle.key, key));
}
