/**
 * Sign-in throttling per account, across client addresses (decision 023). The per-IP `login`
 * limit (rate-limit.server.ts) stops one address; this stops many addresses guessing one account.
 *
 * - An account is its normalized e-mail (trimmed, lower case), hashed: addresses without an
 *   account are counted exactly like real ones, so a lockout reveals nothing about existence.
 * - `SIGN_IN_LOCKOUT.failures` wrong passwords within `windowS` lock the account for
 *   `baseDelayS`; while the episode lasts, each further failure after a lock ends locks it again
 *   for twice as long, up to `maxDelayS`. An episode ends `windowS` after its last lock ran out
 *   with no new failure, or at a successful sign-in (`clearSignInFailures`).
 * - While locked, sign-in answers 429 with `Retry-After` before any password check.
 * - Counters live in the database (`sign_in_throttle`), shared by every instance; each step is
 *   one atomic statement, and only one request can start a given lock (conditional UPDATE).
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

/** Whole seconds the account of `email` stays locked, or null when it may try a password. */
export async function accountLockRemaining(db: Db, email: string): Promise<number | null> {
  const [row] = await db
    .select({ seconds: sql<number>`ceil(extract(epoch from (${signInThrottle.lockedUntil} - now())))::int` })
    .from(signInThrottle)
    .where(sql`${signInThrottle.key} = ${accountThrottleKey(email)} and ${signInThrottle.lockedUntil} > now()`);
  return row ? Math.max(1, Number(row.seconds)) : null;
}

/** What one counted failure did: `lockedForS` when it started a lock; `firstLock` on an episode's first. */
export type SignInFailureResult = { failures: number; lockedForS: number | null; firstLock: boolean; lockedUntil: Date | null };

/**
 * Counts one failed sign-in for `email` and locks the account when the policy says so. Call it
 * only for a wrong password (not for a refusal while locked). Database errors propagate.
 */
export async function recordSignInFailure(db: Db, email: string): Promise<SignInFailureResult> {
  const key = accountThrottleKey(email);
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

/** A successful sign-in: forgets the account's failures and ends its episode. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInThrottle).where(eq(signInThrottle.key, accountThrottleKey(email)));
}
