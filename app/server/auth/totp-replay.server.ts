/**
 * A TOTP code is accepted at most once per account (decision 023, "Two-factor sign-in").
 *
 * better-auth's `twoFactor` plugin accepts the code of the current 30-second step and of the
 * steps either side, as often as it is sent: a code read over a shoulder or relayed by a
 * phishing page signs in a second time within the minute. This plugin runs before the plugin's
 * `/two-factor/verify-totp` (the second sign-in step and the enrolment's first code alike) and
 * remembers, per account, the last step a code was accepted for (`two_factor.last_totp_step`):
 *
 * - the step of the submitted code is found the way the plugin checks it (`@better-auth/utils`
 *   OTP, the same window of one step either side);
 * - that step is claimed with one conditional UPDATE (`… WHERE last_totp_step < step RETURNING`),
 *   so of two requests with one code, however close together, exactly one claims it;
 * - a code whose step is not newer than the last accepted one (or that matches no step) reaches
 *   the plugin replaced by a string that is never a code, so the plugin refuses it as a wrong
 *   code: same error (`INVALID_CODE`), same failure counters and lockout, same audit entry and
 *   rate limit in our sign-in step (two-factor.server.ts).
 *
 * A step claimed by a request the plugin then refuses for another reason (an expired challenge)
 * stays claimed: the next code works.
 */
import { createOTP } from '@better-auth/utils/otp';
import { base32 } from '@better-auth/utils/base32';
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt, type SecretConfig } from 'better-auth/crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.server';
import { twoFactor } from '../db/schema';

/** The length of a TOTP step in seconds, as the plugin and authenticator apps use it. */
export const TOTP_PERIOD_S = 30;
/** Digits of a code, as the plugin uses them. */
const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one, as the plugin's verification accepts them. */
const TOTP_WINDOW = 1;
/** What a refused code is replaced with: never six digits, so the plugin's check fails. */
const REFUSED_CODE = 'refused';
/** The plugin's sign-in challenge cookie (better-auth `two-factor/constant`). */
const CHALLENGE_COOKIE = 'two_factor';
/** The plugin keeps secrets imported from elsewhere as `base32:<secret>` (better-auth totp). */
const BASE32_PREFIX = 'base32:';

/** The TOTP step (whole `TOTP_PERIOD_S` periods since the Unix epoch) of the instant `ms` (milliseconds). */
export function totpStepAt(ms: number): number {
  return Math.floor(ms / 1_000 / TOTP_PERIOD_S);
}

/**
 * The newest step within the accepted window around `nowMs` (milliseconds) whose code is `code`,
 * or null when `code` matches none. `secret` is the raw TOTP key (text or bytes), as the plugin decrypts it.
 * Every step of the window is computed, whatever matched first.
 */
export async function matchingTotpStep(secret: string | Uint8Array, code: string, nowMs: number = Date.now()): Promise<number | null> {
  const otp = createOTP(secret, { period: TOTP_PERIOD_S, digits: TOTP_DIGITS });
  const current = totpStepAt(nowMs);
  let matched: number | null = null;
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step += 1) {
    if ((await otp.hotp(step)) === code) matched = step;
  }
  return matched;
}

/**
 * Records `step` as the last accepted TOTP step of `userId`, only when it is newer than the one
 * recorded; true when it was. One statement, so concurrent claims of one step cannot both win
 * (PostgreSQL re-checks the WHERE on the row the first claim updated).
 */
export async function claimTotpStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(twoFactor)
    .set({ lastTotpStep: step })
    .where(and(eq(twoFactor.userId, userId), or(isNull(twoFactor.lastTotpStep), lt(twoFactor.lastTotpStep, step))))
    .returning({ id: twoFactor.id });
  return claimed.length > 0;
}

/** The raw TOTP key from its stored (encrypted) form, as the plugin reads it. */
async function decryptTotpSecret(key: string | SecretConfig, data: string): Promise<string | Uint8Array> {
  const secret = await symmetricDecrypt({ key, data });
  if (!secret.startsWith(BASE32_PREFIX)) return secret;
  return base32.decode(secret.slice(BASE32_PREFIX.length).toUpperCase());
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The account a verify-totp request is for, as the plugin finds it: the signed-in session's user
 * (enrolment), else the user of the signed sign-in challenge cookie. Null when neither is valid
 * (the plugin then refuses the request itself).
 */
async function userOfRequest(ctx: HookContext): Promise<string | null> {
  const signedIn = await getSessionFromCtx(ctx).catch(() => null);
  if (signedIn) return signedIn.user.id;
  const cookie = ctx.context.createAuthCookie(CHALLENGE_COOKIE);
  const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!identifier) return null;
  const challenge = await ctx.context.internalAdapter.findVerificationValue(identifier);
  return challenge?.value ?? null;
}

/**
 * The better-auth plugin that makes each TOTP step usable once per account (see the module
 * comment). `db` is the database better-auth uses; `two_factor.last_totp_step` is migration 0026.
 */
export function totpReplayPlugin({ db }: { db: Db }) {
  return {
    id: 'dimora-totp-replay',
    hooks: {
      before: [
        {
          matcher: (context: { path?: string }) => context.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const body = (ctx.body ?? {}) as Record<string, unknown>;
            if (typeof body.code !== 'string') return;
            const userId = await userOfRequest(ctx);
            if (!userId) return;
            const [row] = await db.select({ secret: twoFactor.secret }).from(twoFactor).where(eq(twoFactor.userId, userId));
            if (!row) return;
            const secret = await decryptTotpSecret(ctx.context.secretConfig, row.secret);
            const step = await matchingTotpStep(secret, body.code);
            if (step !== null && (await claimTotpStep(db, userId, step))) return;
            // Used before, older than the last one used, or no code of the window at all.
            return { context: { body: { ...body, code: REFUSED_CODE } } };
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
