/**
 * The better-auth instance (DESIGN §2 "auth"): e-mail + password with database sessions,
 * e-mail verification, password reset and the admin plugin (roles, bans), on our Drizzle schema.
 *
 * - Public sign-up cannot choose a role: the admin plugin declares `role` with `input: false`,
 *   and a hook derives it from `userType`, which may only be tenant or vendor (DESIGN §5).
 * - The client IP comes from `x-dimora-client-ip`, a header our server sets from the socket (or
 *   the configured trusted proxy) after deleting whatever the client sent.
 * - better-auth's own rate limiter is off: `rate-limit.server.ts` counts in the database.
 * - Cookies are httpOnly and SameSite=Lax, Secure when `secureCookies` (production on https).
 * - Two-factor sign-in (issue 14 item 1): better-auth's `twoFactor` plugin, TOTP with issuer
 *   "Dimora" and ten one-time backup codes. The TOTP secret is stored encrypted with the auth
 *   secret (the plugin's XChaCha20-Poly1305); backup codes are stored **hashed**, not encrypted:
 *   the plugin's `storeBackupCodes` hook keeps only HMAC-SHA-256 digests (keyed with the auth
 *   secret), so `auth.backupCodeDigest(code)` is what the sign-in step hands to
 *   `verifyBackupCode`. None of the plugin's endpoints is reachable over HTTP (server/app.ts
 *   allows a list of auth endpoints); our route actions call them, rate-limited and audited.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, twoFactor as twoFactorPlugin } from 'better-auth/plugins';
import { adminAc, userAc } from 'better-auth/plugins/admin/access';
import { eq } from 'drizzle-orm';
import { MIN_PASSWORD_LENGTH } from '~/lib/constants';
import type { Db } from '../db/client.server';
import { account, session, setting, twoFactor, user, verification } from '../db/schema';
import type { Logger } from '../logger.server';
import type { Mailer } from '../mail/mailer.server';
import { passwordResetMail, verificationMail } from '../mail/templates.server';

/** The header our server fills with the client address; any incoming value is discarded. */
export const CLIENT_IP_HEADER = 'x-dimora-client-ip';
/** Session cookies are named `dimora.session_token` (with `__Secure-` on https). */
export const COOKIE_PREFIX = 'dimora';
/** Sessions last 7 days and are extended once a day while used. */
const SESSION_EXPIRES_S = 7 * 24 * 60 * 60;
/** E-mail verification links are valid for 24 hours; reset links for 1 hour (mail.json says so). */
const VERIFICATION_EXPIRES_S = 24 * 60 * 60;
const RESET_EXPIRES_S = 60 * 60;
export const MAX_PASSWORD_LENGTH = 128;
/** The issuer shown by authenticator apps next to the account (issue 14 item 1). */
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
};

/** Builds the auth instance once per server (or per test database). */
export function createAuth({ db, mailer, logger, secret, publicUrl, secureCookies }: AuthOptions) {
  const deliver = async (mail: Parameters<Mailer['send']>[0]) => {
    // A mail server outage must not reveal which addresses exist, nor fail the request.
    try {
      await mailer.send(mail);
    } catch (error) {
      logger.error({ err: error, to: mail.to, subject: mail.subject }, 'mail delivery failed');
    }
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
    session: { expiresIn: SESSION_EXPIRES_S, updateAge: 24 * 60 * 60 },
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: secureCookies,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: secureCookies },
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
      admin({
        defaultRole: 'tenant',
        adminRoles: ['admin'],
        roles: { admin: adminAc, tenant: userAc, vendor: userAc, property_manager: userAc },
      }),
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
            encrypt: async (json: string) =>
              JSON.stringify((JSON.parse(json) as string[]).map((code) => backupCodeDigest(secret, code))),
            decrypt: async (stored: string) => stored,
          },
        },
      }),
    ],
  });
  return Object.assign(auth, {
    /** The stored (hashed) form of a backup code, to pass to `auth.api.verifyBackupCode`. */
    backupCodeDigest: (code: string) => backupCodeDigest(secret, code),
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
