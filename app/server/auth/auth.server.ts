/**
 * The better-auth instance (DESIGN §2 "auth"): e-mail + password with database sessions,
 * e-mail verification, password reset and the admin plugin (roles, bans), on our Drizzle schema.
 *
 * - Public sign-up cannot choose a role: the admin plugin declares `role` with `input: false`,
 *   and a hook derives it from `userType`, which may only be tenant or vendor (DESIGN §5).
 * - The client IP comes from `x-dimora-client-ip`, a header our server sets from the socket (or
 *   the configured trusted proxy) after deleting whatever the client sent.
 * - better-auth's own rate limiter is off: `rate-limit.server.ts` counts in the database.
 * - Cookies are httpOnly and SameSite=Lax; on https (`secureCookies`) they are Secure and named
 *   with the `__Host-` prefix (Path=/, no Domain: only this host can set or read them).
 * - Sessions are bounded (decision 023): an absolute lifetime and an idle timeout, shorter for staff,
 *   enforced by `sessionBoundsPlugin`; better-auth's own sliding refresh is off, and a new
 *   session's `expiresAt` is its absolute end.
 * - Passwords (decision 023): argon2id through a bounded queue (password-hash.server.ts; 503 with
 *   `Retry-After` when saturated); the policy (password-policy.server.ts) is enforced by a
 *   `hooks.before` on every endpoint that sets a password, so the HTTP API cannot bypass it; a
 *   successful sign-in rehashes an old scrypt hash and flags a password that fails the policy.
 * - Two-factor sign-in (decision 023): better-auth's `twoFactor` plugin, TOTP with issuer
 *   "Dimora" and ten one-time backup codes. The TOTP secret is stored encrypted with the auth
 *   secret (the plugin's XChaCha20-Poly1305); backup codes are stored **hashed**, not encrypted:
 *   the plugin's `storeBackupCodes` hook keeps only HMAC-SHA-256 digests (keyed with the auth
 *   secret), so `auth.backupCodeDigest(code)` is what the sign-in step hands to
 *   `verifyBackupCode`. None of the plugin's endpoints is reachable over HTTP (server/app.ts
 *   allows a list of auth endpoints); our route actions call them, rate-limited and audited.
 *   A TOTP code is accepted once per account: `totpReplayPlugin` (totp-replay.server.ts) refuses
 *   a code whose time step is not newer than the last one accepted.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { admin, twoFactor as twoFactorPlugin } from 'better-auth/plugins';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { and, eq } from 'drizzle-orm';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '~/lib/constants';
import { parseCookies } from '~/lib/cookies';
import type { Db } from '../db/client.server';
import { account, session, setting, twoFactor, user, verification } from '../db/schema';
import type { Logger } from '../logger.server';
import type { Mailer } from '../mail/mailer.server';
import { passwordResetMail, verificationMail } from '../mail/templates.server';
import { boundsForRole, DEFAULT_SESSION_BOUNDS, longestLifetimeMs, sessionBoundsPlugin, type SessionBounds } from './session-bounds.server';
import { PasswordHasherBusyError, needsRehash, passwordHasher, type PasswordHasher } from './password-hash.server';
import { PASSWORD_PROBLEM_CODES, checkPasswordPolicy, type PasswordProblem } from './password-policy.server';
import { totpReplayPlugin } from './totp-replay.server';

/** The header our server fills with the client address; any incoming value is discarded. */
export const CLIENT_IP_HEADER = 'x-dimora-client-ip';
/** Session cookies are named `dimora.session_token` (`__Host-dimora.session_token` on https). */
export const COOKIE_PREFIX = 'dimora';
/** The prefix of every cookie on https (RFC 6265bis): Secure, Path=/, no Domain. */
export const HOST_COOKIE_PREFIX = '__Host-';
/** The session cookie's name over http and over https. */
export const SESSION_COOKIE_NAMES = [`${COOKIE_PREFIX}.session_token`, `${HOST_COOKIE_PREFIX}${COOKIE_PREFIX}.session_token`] as const;
const SESSION_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*(?:${HOST_COOKIE_PREFIX})?${COOKIE_PREFIX}\\.session_token=`);

/** True when a `Cookie` header carries a session cookie under either name (cheap; no database). */
export function hasSessionCookieHeader(cookieHeader: string | null | undefined): boolean {
  return cookieHeader ? SESSION_COOKIE_PATTERN.test(cookieHeader) : false;
}
/**
 * True when a `Cookie` header carries a session cookie (either name) whose value is signed with
 * `secret` the way better-auth signs it (`token.base64(HMAC-SHA-256(token))`, URI-encoded):
 * proof the cookie was issued by this site, in memory and in microseconds, but not that its
 * session still exists (only the database knows). Decision 053 uses it to tell a real visitor's
 * session from a made-up cookie before any database work. Never throws.
 */
export function hasSignedSessionCookie(cookieHeader: string | null | undefined, secret: string): boolean {
  if (!cookieHeader || !hasSessionCookieHeader(cookieHeader)) return false;
  const cookies = parseCookies(cookieHeader);
  return SESSION_COOKIE_NAMES.some((name) => {
    const value = cookies[name];
    const dot = value ? value.lastIndexOf('.') : -1;
    if (!value || dot < 1) return false;
    const signature = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(value.slice(0, dot)).digest();
    return signature.length === expected.length && timingSafeEqual(signature, expected);
  });
}
/** E-mail verification links are valid for 24 hours; reset links for 1 hour (mail.json says so). */
const VERIFICATION_EXPIRES_S = 24 * 60 * 60;
const RESET_EXPIRES_S = 60 * 60;
export { MAX_PASSWORD_LENGTH };
/** The issuer shown by authenticator apps next to the account (decision 023). */
export const TWO_FACTOR_ISSUER = 'Dimora';
/** A backup code stored as its digest starts with this marker (never a plain code's shape). */
const BACKUP_DIGEST_PREFIX = 'hmac:';

/**
 * The stored form of one backup code: `hmac:` + base64url HMAC-SHA-256 of the trimmed code,
 * keyed with the auth secret. A value already in that form is returned unchanged.
 */
export function backupCodeDigest(secret: string, code: string): string {
  const trimmed = code.trim();
  if (trimmed.startsWith(BACKUP_DIGEST_PREFIX)) return trimmed;
  return BACKUP_DIGEST_PREFIX + createHmac('sha256', secret).update(trimmed).digest('base64url');
}

type AuthOptions = {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  secret: string;
  /** Origin used in e-mail links and as better-auth's base URL, e.g. `https://dimora.example`. */
  publicUrl: string;
  secureCookies: boolean;
  /** Absolute lifetimes and idle timeouts (env SESSION_* variables); default: decision 023's. */
  sessionBounds?: SessionBounds;
  /** The password hasher; the process's shared one unless a test needs its own queue. */
  hasher?: PasswordHasher;
};

/** The better-auth error code of a saturated hasher (HTTP 503 with `Retry-After`). */
export const HASHER_BUSY_CODE = 'PASSWORD_HASHER_BUSY';

/** English texts of the API's policy refusals (our pages show the translated ones). */
const POLICY_API_MESSAGES: Record<PasswordProblem, string> = {
  too_short: `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`,
  too_long: `Password must be at most ${MAX_PASSWORD_LENGTH} characters long`,
  too_common: 'This password is too common',
  contains_email: 'The password must not contain your e-mail address',
};

/** Runs a hasher call; a saturated hasher becomes an APIError 503 with `Retry-After`. */
async function orBusy<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof PasswordHasherBusyError) {
      throw new APIError(
        'SERVICE_UNAVAILABLE',
        { code: HASHER_BUSY_CODE, message: 'Too many sign-ins at the moment, please try again shortly' },
        { 'Retry-After': String(error.retryAfterS) },
      );
    }
    throw error;
  }
}

/** Builds the auth instance once per server (or per test database). */
export function createAuth({
  db,
  mailer,
  logger,
  secret,
  publicUrl,
  secureCookies,
  sessionBounds = DEFAULT_SESSION_BOUNDS,
  hasher = passwordHasher,
}: AuthOptions) {
  // On https every cookie gets the `__Host-` prefix (better-auth would add `__Secure-`, which
  // still lets a sibling subdomain plant one): so better-auth adds none, and we name them.
  const hostCookie = (name: string) => ({ name: `${HOST_COOKIE_PREFIX}${COOKIE_PREFIX}.${name}`, attributes: { secure: true, path: '/' } });
  const cookies = secureCookies
    ? {
        session_token: hostCookie('session_token'),
        session_data: hostCookie('session_data'),
        dont_remember: hostCookie('dont_remember'),
        account_data: hostCookie('account_data'),
        two_factor: hostCookie('two_factor'),
      }
    : undefined;
  const deliver = async (mail: Parameters<Mailer['send']>[0]) => {
    // A mail server outage must not reveal which addresses exist, nor fail the request.
    try {
      await mailer.send(mail);
    } catch (error) {
      logger.error({ err: error, to: mail.to, subject: mail.subject }, 'mail delivery failed');
    }
  };
  const afterSignIn = (signedIn: { id: string; email: string }, password: string) =>
    rehashAndFlag({ db, hasher, logger }, signedIn, password);
  const emailOfUser = async (id: unknown): Promise<string | null> => {
    if (typeof id !== 'string' || !id) return null;
    const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, id));
    return row?.email ?? null;
  };
  const emailOfResetToken = async (token: unknown): Promise<string | null> => {
    if (typeof token !== 'string' || !token) return null;
    const [row] = await db
      .select({ userId: verification.value })
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${token}`));
    return emailOfUser(row?.userId);
  };
  const auth = betterAuth({
    appName: 'Dimora',
    baseURL: `${publicUrl}/api/auth`,
    secret,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification, twoFactor } }),
    // Our server already refuses foreign origins (server/app.ts); accept the site's own origin,
    // whatever host name it was reached by.
    trustedOrigins: (request) => {
      const host = request?.headers.get('host');
      return host ? [publicUrl, `http://${host}`, `https://${host}`] : [publicUrl];
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: RESET_EXPIRES_S,
      password: {
        hash: (password) => orBusy(hasher.hash(password)),
        verify: (input) => orBusy(hasher.verify(input)),
      },
      // A reset sets a new password that passed the policy: the change is no longer required.
      onPasswordReset: async ({ user: target }) => {
        await db.update(user).set({ passwordChangeRequired: false }).where(eq(user.id, target.id));
      },
      sendResetPassword: async ({ user: target, token }) => {
        const url = `${publicUrl}/auth?mode=reset&token=${encodeURIComponent(token)}`;
        await deliver(passwordResetMail({ to: target.email, locale: localeOf(target), name: target.name, url }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFICATION_EXPIRES_S,
      sendVerificationEmail: async ({ user: target, token }) => {
        const url = `${publicUrl}/auth/verify?token=${encodeURIComponent(token)}`;
        await deliver(verificationMail({ to: target.email, locale: localeOf(target), name: target.name, url }));
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false, input: true },
        lastName: { type: 'string', required: false, input: true },
        phone: { type: 'string', required: false, input: true },
        companyName: { type: 'string', required: false, input: true },
        address: { type: 'string', required: false, input: true },
        userType: { type: 'string', required: false, input: true },
        locale: { type: 'string', required: false, input: true, defaultValue: 'en' },
        passwordChangeRequired: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
    },
    // The cookie lives as long as the longest session may; each session's own end is enforced by
    // sessionBoundsPlugin. No sliding refresh: the absolute lifetime must not move.
    session: { expiresIn: Math.ceil(longestLifetimeMs(sessionBounds) / 1_000), disableSessionRefresh: true },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: false,
      cookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: secureCookies, path: '/' },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    // better-auth's messages go to our structured log. A wrong password is routine (the audit log
    // has it), so it is logged at debug level.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => {
        const routine = message === 'Invalid password' || message.startsWith('User not found');
        logger[routine ? 'debug' : level]({ args: args.length ? args : undefined }, `better-auth: ${message}`);
      },
    },
    // A request better-auth refuses (a 4xx: the password policy, a wrong code) is routine; its
    // default would print it to the console. Both go to our structured log instead.
    onAPIError: {
      onError: (error) => {
        const status = error instanceof APIError ? error.statusCode : 500;
        if (status < 500) logger.debug({ status, reason: (error as Error).message }, 'better-auth: request refused');
        else logger.error({ err: error }, 'better-auth: request failed');
      },
    },
    hooks: {
      // The password policy on every endpoint that sets a password (decision 023).
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        let password: unknown;
        let email: string | null = null;
        switch (ctx.path) {
          case '/sign-up/email':
          case '/admin/create-user':
            password = body.password;
            email = typeof body.email === 'string' ? body.email : null;
            break;
          case '/reset-password':
            password = body.newPassword;
            email = await emailOfResetToken(body.token ?? ctx.query?.token);
            break;
          case '/change-password':
          case '/set-password':
            password = body.newPassword;
            email = (await getSessionFromCtx(ctx).catch(() => null))?.user.email ?? null;
            break;
          case '/admin/set-user-password':
            password = body.newPassword;
            email = await emailOfUser(body.userId);
            break;
          default:
            return;
        }
        if (typeof password !== 'string') return;
        const problem = checkPasswordPolicy(password, email);
        if (problem) throw APIError.from('BAD_REQUEST', { code: PASSWORD_PROBLEM_CODES[problem], message: POLICY_API_MESSAGES[problem] });
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/sign-in/email') {
          const signedIn = ctx.context.newSession?.user;
          const password = (ctx.body as { password?: unknown } | undefined)?.password;
          if (signedIn && typeof password === 'string') await afterSignIn(signedIn, password);
        } else if (ctx.path === '/change-password' && !(ctx.context.returned instanceof Error)) {
          const changed = (ctx.context.returned as { user?: { id?: string } } | undefined)?.user?.id;
          if (changed) await db.update(user).set({ passwordChangeRequired: false }).where(eq(user.id, changed));
        }
      }),
    },
    databaseHooks: {
      session: {
        create: {
          // A new session's expiresAt is its absolute end for the user's role, so better-auth's
          // own reads (inside its endpoints) refuse it after that too.
          before: async (data) => {
            const [owner] = await db.select({ role: user.role }).from(user).where(eq(user.id, data.userId));
            const end = Date.now() + boundsForRole(sessionBounds, owner?.role).maxAgeMs;
            const expiresAt = new Date(Math.min(new Date(data.expiresAt).getTime(), end));
            return { data: { ...data, expiresAt } };
          },
        },
      },
      user: {
        create: {
          before: async (data, context) => {
            // Public sign-up: the role follows the chosen user type, tenant or vendor only.
            if (context?.path === '/sign-up/email') {
              const userType = data.userType === 'vendor' ? 'vendor' : 'tenant';
              return { data: { ...data, userType, role: userType } };
            }
            return { data };
          },
        },
      },
    },
    plugins: [
      sessionBoundsPlugin({ db, bounds: sessionBounds }),
      admin({
        defaultRole: 'tenant',
        adminRoles: ['admin'],
        roles: { admin: adminAc, tenant: userAc, vendor: userAc, property_manager: userAc },
      }),
      // Before the twoFactor plugin's own verification: each TOTP step once per account (decision 023).
      totpReplayPlugin({ db }),
      twoFactorPlugin({
        issuer: TWO_FACTOR_ISSUER,
        // The sign-in challenge (the `two_factor` cookie) lasts 10 minutes; no "trust this device".
        twoFactorCookieMaxAge: 10 * 60,
        backupCodeOptions: {
          amount: 10,
          length: 10,
          // Hashed storage: the plugin hands us the JSON list to "encrypt" (plain codes when it
          // makes them, remaining digests after one is used) and compares what `decrypt` gives
          // back with the submitted code, which our sign-in step digests first.
          storeBackupCodes: {
            encrypt: async (json: string) => JSON.stringify((JSON.parse(json) as string[]).map((code) => backupCodeDigest(secret, code))),
            decrypt: async (stored: string) => stored,
          },
        },
      }),
    ],
  });
  return Object.assign(auth, {
    /** The stored (hashed) form of a backup code, to pass to `auth.api.verifyBackupCode`. */
    backupCodeDigest: (code: string) => backupCodeDigest(secret, code),
    /** Cookies are Secure and `__Host-` prefixed (https). */
    secureCookies,
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * After a successful sign-in, when the plain password is known (decision 023): an old (scrypt or
 * weaker argon2) hash is replaced by an argon2id one, and a password failing today's policy
 * flags the account so the pages ask for a change. A saturated hasher skips the rehash (the
 * next sign-in does it); nothing here fails the sign-in.
 */
async function rehashAndFlag(
  { db, hasher, logger }: { db: Db; hasher: PasswordHasher; logger: Logger },
  signedIn: { id: string; email: string },
  password: string,
): Promise<void> {
  const where = and(eq(account.userId, signedIn.id), eq(account.providerId, 'credential'));
  const [credential] = await db.select({ id: account.id, password: account.password }).from(account).where(where);
  if (credential?.password && needsRehash(credential.password)) {
    try {
      const fresh = await hasher.hash(password);
      await db
        .update(account)
        .set({ password: fresh, updatedAt: new Date() })
        .where(and(eq(account.id, credential.id), eq(account.password, credential.password)));
    } catch (error) {
      if (!(error instanceof PasswordHasherBusyError)) throw error;
      logger.info({ userId: signedIn.id }, 'password rehash postponed: hasher busy');
    }
  }
  if (checkPasswordPolicy(password, signedIn.email)) {
    await db.update(user).set({ passwordChangeRequired: true }).where(eq(user.id, signedIn.id));
  }
}

function localeOf(target: object): string | undefined {
  return 'locale' in target && typeof target.locale === 'string' ? target.locale : undefined;
}

/**
 * The secret that signs cookies: AUTH_SECRET when given, else one generated on first start and
 * kept in the `setting` table (so restarts keep sessions and instances agree).
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(setting)
    .values({ key: 'auth.secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: setting.value }).from(setting).where(eq(setting.key, 'auth.secret'));
  if (typeof row?.value !== 'string') throw new Error('auth.secret setting is missing or not a string');
  return row.value;
}
