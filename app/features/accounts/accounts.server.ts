/**
 * Account commands behind /auth, /auth/forgot, /auth/verify and sign-out (spec §4 "Session",
 * "Password reset"; §8). Each one rate-limits on the server (spec §9), calls better-auth, and
 * writes the audit log (spec §3) with the client's IP and user agent. Callers pass the request
 * and the load context; nothing here trusts the browser.
 */
import { APIError } from 'better-auth/api';
import { authErrorCode } from '~/server/auth/auth-error.server';
import { and, eq, ne, sql } from 'drizzle-orm';
import { recordAuditEvent, requestOrigin, type RequestOrigin } from '~/server/audit.server';
import { session, user, verification } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { checkRateLimit, type RateLimited } from '~/server/rate-limit.server';
import { getViewer, type Viewer } from '~/server/auth/session.server';
import { HASHER_BUSY_CODE } from '~/server/auth/auth.server';
import { passwordProblemOfCode, type PasswordProblem } from '~/server/auth/password-policy.server';
import { accountLockRemaining, recordSignInFailure } from '~/server/account-lockout.server';
import { enqueueOutbox } from '~/server/outbox/outbox.server';
import { ACCOUNT_LOCKED_MAIL_TOPIC, type AccountLockedMailPayload } from './account-jobs.server';
import { countDeviceFailure, recordSignInSuccess, trustedDeviceOf } from './device-trust.server';
import type { Language } from '~/lib/constants';
import { mustEnrolTwoFactor, type Role } from '~/lib/access';
import type { SignInInput, SignUpInput } from './accounts.schemas';

type Ctx = Pick<DimoraLoadContext, 'db' | 'auth' | 'clientIp' | 'logger'>;
type Call = { context: Ctx; request: Request };

/** The password hasher is saturated (decision 023): the route answers 503 with `Retry-After`. */
export type HasherBusy = { ok: false; reason: 'busy'; retryAfterS: number };
/** The new password fails the policy (decision 023); `problem` picks the translated message. */
export type PasswordRefused = { ok: false; reason: 'password'; problem: PasswordProblem };

/** The `Retry-After` of a busy-hasher APIError, or null for any other error. */
function busyOf(error: unknown): HasherBusy | null {
  if (!(error instanceof APIError) || (error.body as { code?: string } | undefined)?.code !== HASHER_BUSY_CODE) return null;
  const retry = Number(new Headers(error.headers as HeadersInit).get('Retry-After'));
  return { ok: false, reason: 'busy', retryAfterS: Number.isFinite(retry) && retry > 0 ? retry : 5 };
}

/** The policy refusal carried by a better-auth error, or null. */
function policyOf(error: unknown): PasswordRefused | null {
  if (!(error instanceof APIError)) return null;
  const problem = passwordProblemOfCode((error.body as { code?: string } | undefined)?.code);
  return problem ? { ok: false, reason: 'password', problem } : null;
}

async function userIdByEmail(context: Ctx, email: string): Promise<string | null> {
  const [row] = await context.db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row?.id ?? null;
}

function audit(
  context: Ctx,
  origin: RequestOrigin,
  action: Parameters<typeof recordAuditEvent>[0]['action'],
  userId: string | null,
  values: Record<string, unknown> = {},
) {
  return recordAuditEvent({ db: context.db, userId, action, origin, values });
}

export type SignInOutcome =
  | {
      ok: true;
      userId: string;
      headers: Headers;
      passwordChangeRequired: boolean;
      /** Staff (admin, property manager) without a second factor: enrolment comes first (decision 023). */
      mustEnrolTwoFactor: boolean;
    }
  /** The password was right and the account has two-factor sign-in: the second step follows (decision 023). */
  | { ok: 'two_factor'; userId: string | null; headers: Headers }
  | { ok: false; reason: 'invalid_credentials' | 'email_not_verified' | 'banned' }
  | HasherBusy
  | RateLimited;

/**
 * Signs in with e-mail and password (spec §4: on success, every session of the user this
 * browser was signed in as is ended, global scope). Success returns the Set-Cookie headers to send
 * with the redirect, and whether the account must first change its password or, as staff without
 * a second factor, enrol one (decision 023). An unverified
 * address gets a new verification e-mail. An account with two-factor sign-in answers
 * `ok: 'two_factor'` with the challenge cookie; `verifySecondFactor` (two-factor.server.ts)
 * completes the session. A locked account answers `rate_limited` except to a trusted device
 * (decision 054), whose wrong passwords count against that device; success sets a new device cookie.
 */
export async function signIn(call: Call, input: SignInInput): Promise<SignInOutcome> {
  const { context, request } = call;
  const limited = await checkRateLimit(call, 'login');
  if (limited) return limited;
  // Decision 054: the owner's browser (a valid device cookie) is not held by the account's lock.
  const device = await trustedDeviceOf(context, request, { email: input.email });
  // Decision 023: a locked account answers 429 from every unknown device, before any password check.
  const lockedForS = device ? null : await accountLockRemaining(context.db, input.email);
  if (lockedForS !== null) {
    context.logger.warn({ client: context.clientIp }, 'sign-in refused: account locked');
    return { ok: false, reason: 'rate_limited', action: 'login', retryAfterS: lockedForS };
  }
  const origin = requestOrigin(request, context.clientIp);
  const previous = await getViewer(request, context);
  try {
    const result = await context.auth.api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    if ('twoFactorRedirect' in result.response && result.response.twoFactorRedirect) {
      // No session yet: better-auth set the short-lived `two_factor` challenge cookie instead.
      const userId = await userIdByEmail(context, input.email);
      await audit(context, origin, 'two_factor_challenged', userId);
      return { ok: 'two_factor', userId, headers: result.headers };
    }
    // Only a successful sign-in ends what this browser had before (a wrong password must not).
    if (previous) {
      await context.db.delete(session).where(and(eq(session.userId, previous.id), ne(session.token, result.response.token)));
    }
    await recordSignInSuccess(context, { userId: result.response.user.id, device, headers: result.headers });
    await audit(context, origin, 'sign_in_succeeded', result.response.user.id);
    // Set by the sign-in hook when this password fails today's policy (decision 023).
    const [flags] = await context.db
      .select({ passwordChangeRequired: user.passwordChangeRequired, role: user.role, twoFactorEnabled: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.id, result.response.user.id));
    return {
      ok: true,
      userId: result.response.user.id,
      headers: result.headers,
      passwordChangeRequired: flags?.passwordChangeRequired ?? false,
      mustEnrolTwoFactor: flags ? mustEnrolTwoFactor(flags.role as Role, flags.twoFactorEnabled) : false,
    };
  } catch (error) {
    const busy = busyOf(error);
    if (busy) return busy;
    const code = authErrorCode(error);
    const reason = code === 'EMAIL_NOT_VERIFIED' ? 'email_not_verified' : code === 'BANNED_USER' ? 'banned' : 'invalid_credentials';
    const userId = await userIdByEmail(context, input.email);
    await audit(context, origin, 'sign_in_failed', userId, { email: input.email, reason });
    if (reason === 'invalid_credentials') {
      await (device ? countDeviceFailure(context, origin, device) : countFailure(context, origin, input.email, userId));
    }
    return { ok: false, reason };
  }
}

/**
 * Counts a wrong password against the account (decision 023). When it starts a lock: audits
 * `account_locked`, and on the episode's first lock e-mails the owner (if the account exists)
 * through the outbox, once (dedupe key per lock).
 */
async function countFailure(context: Ctx, origin: RequestOrigin, email: string, userId: string | null): Promise<void> {
  const failure = await recordSignInFailure(context.db, email);
  if (failure.lockedForS === null) return;
  await audit(context, origin, 'account_locked', userId, { email, lock_seconds: failure.lockedForS, failures: failure.failures });
  context.logger.warn({ userId, lockSeconds: failure.lockedForS }, 'account locked after repeated failed sign-ins');
  if (!failure.firstLock || !userId) return;
  const [owner] = await context.db
    .select({ email: user.email, locale: user.locale, name: user.name, firstName: user.firstName })
    .from(user)
    .where(eq(user.id, userId));
  if (!owner) return;
  const payload: AccountLockedMailPayload = {
    to: owner.email,
    locale: owner.locale ?? 'en',
    name: owner.firstName || owner.name,
    seconds: failure.lockedForS,
  };
  await enqueueOutbox(context.db, [
    { topic: ACCOUNT_LOCKED_MAIL_TOPIC, payload, dedupeKey: `account_locked:${userId}:${failure.lockedUntil?.toISOString() ?? ''}` },
  ]);
}

export type SignUpOutcome = { ok: true } | { ok: false; reason: 'invalid' } | PasswordRefused | HasherBusy | RateLimited;

/**
 * Registers a tenant or vendor and e-mails the verification link. An address that already has
 * an account gets the same answer (no account enumeration); better-auth creates nothing then.
 */
export async function signUp(call: Call, input: SignUpInput, locale: Language): Promise<SignUpOutcome> {
  const { context, request } = call;
  const limited = await checkRateLimit(call, 'signup');
  if (limited) return limited;
  const [firstName = input.fullName, ...rest] = input.fullName.split(' ');
  try {
    const result = await context.auth.api.signUpEmail({
      body: {
        email: input.email,
        password: input.password,
        name: input.fullName,
        firstName,
        lastName: rest.join(' '),
        phone: input.phone || undefined,
        companyName: input.companyName || undefined,
        address: input.address || undefined,
        userType: input.role,
        locale,
      },
      headers: request.headers,
    });
    const [created] = await context.db.select({ id: user.id }).from(user).where(eq(user.id, result.user.id));
    await audit(context, requestOrigin(request, context.clientIp), 'sign_up', created?.id ?? null, {
      email: input.email,
      user_type: input.role,
      existing_account: !created,
    });
    return { ok: true };
  } catch (error) {
    const refused = policyOf(error) ?? busyOf(error);
    if (refused) return refused;
    context.logger.warn({ code: authErrorCode(error) }, 'sign-up refused');
    return { ok: false, reason: 'invalid' };
  }
}

/**
 * Signs the viewer out everywhere (spec §4: global scope): every session of the user is deleted,
 * and the returned headers clear this browser's cookie.
 */
export async function signOut(call: Call): Promise<{ headers: Headers; userId: string | null }> {
  const { context, request } = call;
  const viewer = await getViewer(request, context);
  let headers = new Headers();
  try {
    const result = await context.auth.api.signOut({ headers: request.headers, returnHeaders: true });
    headers = result.headers;
  } catch (error) {
    authErrorCode(error);
  }
  if (viewer) {
    await context.db.delete(session).where(eq(session.userId, viewer.id));
    await audit(context, requestOrigin(request, context.clientIp), 'sign_out', viewer.id);
  }
  return { headers, userId: viewer?.id ?? null };
}

/**
 * spec §4 request mode: e-mails a reset link to `/auth?mode=reset&token=…` when the address has
 * an account. Known and unknown addresses get the same answer.
 */
export async function requestPasswordReset(call: Call, email: string): Promise<{ ok: true } | RateLimited> {
  const { context, request } = call;
  const limited = await checkRateLimit(call, 'default');
  if (limited) return limited;
  await context.auth.api.requestPasswordReset({ body: { email, redirectTo: '/auth?mode=reset' }, headers: request.headers });
  await audit(context, requestOrigin(request, context.clientIp), 'password_reset_requested', await userIdByEmail(context, email), {
    email,
  });
  return { ok: true };
}

/**
 * spec §4 reset mode: sets the new password when the token is valid and unused, then ends
 * every session of that user. An expired, unknown or used token changes nothing.
 */
export async function resetPassword(
  call: Call,
  input: { token: string; password: string },
): Promise<{ ok: true } | { ok: false; reason: 'invalid_token' } | PasswordRefused | HasherBusy | RateLimited> {
  const { context, request } = call;
  const limited = await checkRateLimit(call, 'default');
  if (limited) return limited;
  const [pending] = await context.db
    .select({ userId: verification.value })
    .from(verification)
    .where(and(eq(verification.identifier, `reset-password:${input.token}`)));
  try {
    await context.auth.api.resetPassword({ body: { token: input.token, newPassword: input.password }, headers: request.headers });
  } catch (error) {
    const refused = policyOf(error) ?? busyOf(error);
    if (refused) return refused;
    context.logger.info({ code: authErrorCode(error) }, 'password reset refused');
    return { ok: false, reason: 'invalid_token' };
  }
  await audit(context, requestOrigin(request, context.clientIp), 'password_reset_completed', pending?.userId ?? null);
  return { ok: true };
}

/**
 * /account/password (decision 023): the signed-in viewer changes their password, giving the current
 * one. The new one must pass the policy (better-auth's hook says which rule failed); every other
 * session of the user ends and this browser gets a fresh session cookie (`headers`). Clears the
 * "change required" flag. A wrong current password answers `wrong_password`.
 */
export async function changePassword(
  call: Call,
  viewer: Viewer,
  input: { currentPassword: string; password: string },
): Promise<{ ok: true; headers: Headers } | { ok: false; reason: 'wrong_password' } | PasswordRefused | HasherBusy | RateLimited> {
  const { context, request } = call;
  const limited = await checkRateLimit(call, 'default', viewer.id);
  if (limited) return limited;
  const origin = requestOrigin(request, context.clientIp);
  try {
    const result = await context.auth.api.changePassword({
      body: { currentPassword: input.currentPassword, newPassword: input.password, revokeOtherSessions: true },
      headers: request.headers,
      returnHeaders: true,
    });
    await audit(context, origin, 'password_changed', viewer.id);
    return { ok: true, headers: result.headers };
  } catch (error) {
    const refused = policyOf(error) ?? busyOf(error);
    if (refused) return refused;
    const code = authErrorCode(error);
    context.logger.info({ code }, 'password change refused');
    await audit(context, origin, 'password_change_failed', viewer.id, { reason: code });
    return { ok: false, reason: 'wrong_password' };
  }
}

/** Confirms an e-mail address from the link in the verification e-mail. */
export async function verifyEmail(call: Call, token: string): Promise<{ ok: true } | { ok: false; reason: 'invalid_token' } | RateLimited> {
  const { context, request } = call;
  const limited = await checkRateLimit(call, 'default');
  if (limited) return limited;
  try {
    await context.auth.api.verifyEmail({ query: { token } });
    // better-auth answers `user: null`; the token it has just verified is a JWT naming the address.
    const userId = await userIdByEmail(
      context,
      String(JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')).email ?? ''),
    );
    await audit(context, requestOrigin(request, context.clientIp), 'email_verified', userId);
    return { ok: true };
  } catch (error) {
    context.logger.info({ code: authErrorCode(error) }, 'e-mail verification refused');
    return { ok: false, reason: 'invalid_token' };
  }
}
