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
 * - Sessions are bounded (issue 14): an absolute lifetime and an idle timeout, shorter for staff,
 *   enforced by `sessionBoundsPlugin`; better-auth's own sliding refresh is off, and a new
 *   session's `expiresAt` is its absolute end.
 */
import { randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { eq } from 'drizzle-orm';
import { MIN_PASSWORD_LENGTH } from '~/lib/constants';
import type { Db } from '../db/client.server';
import { account, session, setting, user, verification } from '../db/schema';
import type { Logger } from '../logger.server';
import type { Mailer } from '../mail/mailer.server';
import { passwordResetMail, verificationMail } from '../mail/templates.server';
import { boundsForRole, DEFAULT_SESSION_BOUNDS, longestLifetimeMs, sessionBoundsPlugin, type SessionBounds } from './session-bounds.server';

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
/** E-mail verification links are valid for 24 hours; reset links for 1 hour (mail.json says so). */
const VERIFICATION_EXPIRES_S = 24 * 60 * 60;
const RESET_EXPIRES_S = 60 * 60;
export const MAX_PASSWORD_LENGTH = 128;

type AuthOptions = {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  secret: string;
  /** Origin used in e-mail links and as better-auth's base URL, e.g. `https://dimora.example`. */
  publicUrl: string;
  secureCookies: boolean;
  /** Absolute lifetimes and idle timeouts (env SESSION_* variables); default: issue 14's. */
  sessionBounds?: SessionBounds;
};

/** Builds the auth instance once per server (or per test database). */
export function createAuth({ db, mailer, logger, secret, publicUrl, secureCookies, sessionBounds = DEFAULT_SESSION_BOUNDS }: AuthOptions) {
  // On https every cookie gets the `__Host-` prefix (better-auth would add `__Secure-`, which
  // still lets a sibling subdomain plant one): so better-auth adds none, and we name them.
  const hostCookie = (name: string) => ({ name: `${HOST_COOKIE_PREFIX}${COOKIE_PREFIX}.${name}`, attributes: { secure: true, path: '/' } });
  const cookies = secureCookies
    ? { session_token: hostCookie('session_token'), session_data: hostCookie('session_data'), dont_remember: hostCookie('dont_remember'), account_data: hostCookie('account_data') }
    : undefined;
  const deliver = async (mail: Parameters<Mailer['send']>[0]) => {
    // A mail server outage must not reveal which addresses exist, nor fail the request.
    try {
      await mailer.send(mail);
    } catch (error) {
      logger.error({ err: error, to: mail.to, subject: mail.subject }, 'mail delivery failed');
    }
  };
  return betterAuth({
    appName: 'Dimora',
    baseURL: `${publicUrl}/api/auth`,
    secret,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
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
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

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
