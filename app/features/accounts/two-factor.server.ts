/**
 * Two-factor sign-in (decision 023), on better-auth's `twoFactor` plugin: the second step of
 * sign-in (a code from an authenticator app, or a one-time backup code) and the commands of the
 * security section of /dashboard (enrol, disable, new backup codes). Each command calls the
 * plugin through `auth.api` (none of its endpoints is reachable over HTTP), writes the audit log,
 * and the second step is rate-limited per client (`two_factor`, 5 a minute).
 *
 * Passkeys (the `passkey` plugin) are not offered: TOTP plus backup codes only.
 */
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { authErrorCode } from '~/server/auth/auth-error.server';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { TWO_FACTOR_REQUIRED_ROLES } from '~/lib/access';
import { recordAuditEvent, requestOrigin, type AuditAction } from '~/server/audit.server';
import { COOKIE_PREFIX } from '~/server/auth/auth.server';
import type { Viewer } from '~/server/auth/session.server';
import { verification } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { checkRateLimit, type RateLimited } from '~/server/rate-limit.server';
import { recordSignInSuccess, trustedDeviceOf } from './device-trust.server';

type Ctx = Pick<DimoraLoadContext, 'db' | 'auth' | 'clientIp' | 'logger'>;
type Call = { context: Ctx; request: Request };

/** The two kinds of second factor the sign-in step takes. */
export type SecondFactorMethod = 'totp' | 'backup_code';

/** The name of better-auth's sign-in challenge cookie (`dimora.two_factor`, `__Host-` on https). */
const CHALLENGE_COOKIE = `${COOKIE_PREFIX}.two_factor`;

/** True when the request carries a pending two-factor challenge (the cookie set by the password step). */
export function hasTwoFactorChallenge(request: Request): boolean {
  return request.headers.get('cookie')?.includes(`${CHALLENGE_COOKIE}=`) ?? false;
}

/** A Set-Cookie that drops the challenge (both cookie names), to start sign-in over. */
export function clearedChallengeCookies(secure: boolean): string[] {
  const attributes = `Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  return [`${CHALLENGE_COOKIE}=; ${attributes}`, ...(secure ? [`__Host-${CHALLENGE_COOKIE}=; ${attributes}`] : [])];
}

/** Records `action` (with `values`) in the audit log as done by the signed-in `viewer`, from the request's origin. */
function recordViewerEvent({ context, request }: Call, viewer: Viewer, action: AuditAction, values?: Record<string, unknown>) {
  return recordAuditEvent({ db: context.db, userId: viewer.id, action, origin: requestOrigin(request, context.clientIp), values });
}

/**
 * The user a pending challenge belongs to, for the audit log only (better-auth checks the
 * cookie's signature itself). The cookie value is `<identifier>.<signature>`.
 */
async function challengedUserId(context: Ctx, request: Request): Promise<string | null> {
  const cookie = request.headers.get('cookie') ?? '';
  const match = new RegExp(`(?:^|;\\s*)(?:__Host-)?${CHALLENGE_COOKIE.replace('.', '\\.')}=([^;]+)`).exec(cookie);
  if (!match?.[1]) return null;
  const identifier = decodeURIComponent(match[1]).split('.')[0] ?? '';
  if (!identifier.startsWith('2fa-')) return null;
  const [row] = await context.db.select({ value: verification.value }).from(verification).where(eq(verification.identifier, identifier));
  return row?.value ?? null;
}

export type SecondFactorOutcome =
  | { ok: true; userId: string; headers: Headers }
  | { ok: false; reason: 'invalid_code' | 'expired' | 'locked'; headers: Headers }
  | RateLimited;

/**
 * The second sign-in step: checks `code` (six digits from the authenticator app, or a backup
 * code, which is then used up) against the pending challenge. Success returns the session
 * cookie headers and a new device cookie (decision 054); every attempt is audited
 * (`sign_in_succeeded` with the method, or `two_factor_failed`). `expired`: no valid challenge (start again); `locked`: too many wrong
 * codes for the account (better-auth locks it for 15 minutes after 10).
 */
export async function verifySecondFactor(call: Call, input: { method: SecondFactorMethod; code: string }): Promise<SecondFactorOutcome> {
  const { context, request } = call;
  const userId = await challengedUserId(context, request);
  const limited = await checkRateLimit(call, 'two_factor', userId);
  if (limited) return limited;
  const origin = requestOrigin(request, context.clientIp);
  const code = input.code.replace(/\s+/g, '');
  try {
    const result =
      input.method === 'totp'
        ? await context.auth.api.verifyTOTP({ body: { code }, headers: request.headers, returnHeaders: true })
        : await context.auth.api.verifyBackupCode({
            body: { code: context.auth.backupCodeDigest(code) },
            headers: request.headers,
            returnHeaders: true,
          });
    const signedIn = result.response.user.id;
    // Decision 054: the sign-in is complete only now, so this is where the device cookie is set.
    const device = await trustedDeviceOf(context, request, { userId: signedIn });
    await recordSignInSuccess(context, { userId: signedIn, device, headers: result.headers });
    await recordAuditEvent({
      db: context.db,
      userId: signedIn,
      action: 'sign_in_succeeded',
      origin,
      values: { second_factor: input.method },
    });
    return { ok: true, userId: signedIn, headers: result.headers };
  } catch (error) {
    const failure = authErrorCode(error);
    const reason =
      failure === 'ACCOUNT_TEMPORARILY_LOCKED'
        ? 'locked'
        : failure === 'INVALID_CODE' || failure === 'INVALID_BACKUP_CODE'
          ? 'invalid_code'
          : 'expired';
    await recordAuditEvent({ db: context.db, userId, action: 'two_factor_failed', origin, values: { method: input.method, reason } });
    const headers = new Headers();
    // A challenge that can no longer succeed is dropped, so the page offers the password step again.
    if (reason === 'expired')
      for (const cookie of clearedChallengeCookies(context.auth.secureCookies)) headers.append('Set-Cookie', cookie);
    return { ok: false, reason, headers };
  }
}

/** The enrolment in progress: what the QR step shows, plus the sealed backup codes to show after the first code. */
export type EnrolmentStart = { ok: true; qrSvg: string; secret: string; uri: string; sealedBackupCodes: string };

/** The secret of an `otpauth://` URI (base32, as authenticator apps take it by hand). */
function secretOf(uri: string): string {
  return new URL(uri).searchParams.get('secret') ?? '';
}

/** Seals the freshly made backup codes for the next form post, so they are shown only after the first good code. */
async function seal(context: Ctx, viewer: Viewer, codes: string[]): Promise<string> {
  return symmetricEncrypt({ key: context.auth.options.secret ?? '', data: JSON.stringify({ u: viewer.id, c: codes }) });
}

async function unseal(context: Ctx, viewer: Viewer, sealed: string): Promise<string[]> {
  try {
    const parsed = JSON.parse(await symmetricDecrypt({ key: context.auth.options.secret ?? '', data: sealed })) as {
      u?: string;
      c?: unknown;
    };
    return parsed.u === viewer.id && Array.isArray(parsed.c) ? parsed.c.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Enrolment, step 1 (password confirmed): makes a new TOTP secret (not active until the first
 * code) and answers its QR code as SVG markup (rendered here, `qrcode`), the secret for manual
 * entry, and the backup codes sealed with the auth secret. A wrong password answers
 * `invalid_password`; an account already enrolled `already_enabled`.
 */
export async function startEnrolment(
  call: Call,
  viewer: Viewer,
  password: string,
): Promise<EnrolmentStart | { ok: false; reason: 'invalid_password' | 'already_enabled' }> {
  const { context, request } = call;
  if (viewer.twoFactorEnabled) return { ok: false, reason: 'already_enabled' };
  try {
    const result = await context.auth.api.enableTwoFactor({ body: { password }, headers: request.headers });
    if (!('totpURI' in result) || !result.totpURI) return { ok: false, reason: 'invalid_password' };
    const qrSvg = await QRCode.toString(result.totpURI, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return {
      ok: true,
      qrSvg,
      secret: secretOf(result.totpURI),
      uri: result.totpURI,
      sealedBackupCodes: await seal(context, viewer, result.backupCodes ?? []),
    };
  } catch (error) {
    const failure = authErrorCode(error);
    return { ok: false, reason: failure === 'TOTP_ALREADY_ENABLED' ? 'already_enabled' : 'invalid_password' };
  }
}

/**
 * Enrolment, step 2: the first code from the app turns two-factor sign-in on (better-auth
 * replaces the session, whose new cookie is in `headers`) and releases the backup codes, to be
 * shown once. Audited as `two_factor_enabled`.
 */
export async function confirmEnrolment(
  call: Call,
  viewer: Viewer,
  input: { code: string; sealedBackupCodes: string },
): Promise<{ ok: true; backupCodes: string[]; headers: Headers } | { ok: false; reason: 'invalid_code' }> {
  const { context, request } = call;
  try {
    const result = await context.auth.api.verifyTOTP({
      body: { code: input.code.replace(/\s+/g, '') },
      headers: request.headers,
      returnHeaders: true,
    });
    await recordViewerEvent(call, viewer, 'two_factor_enabled');
    return { ok: true, backupCodes: await unseal(context, viewer, input.sealedBackupCodes), headers: result.headers };
  } catch (error) {
    authErrorCode(error);
    await recordViewerEvent(call, viewer, 'two_factor_failed', { method: 'totp', reason: 'enrolment' });
    return { ok: false, reason: 'invalid_code' };
  }
}

/** New backup codes (the old ones stop working), shown once; needs the password. Audited. */
export async function regenerateBackupCodes(
  call: Call,
  viewer: Viewer,
  password: string,
): Promise<{ ok: true; backupCodes: string[] } | { ok: false; reason: 'invalid_password' }> {
  const { context, request } = call;
  try {
    const result = await context.auth.api.generateBackupCodes({ body: { password }, headers: request.headers });
    await recordViewerEvent(call, viewer, 'backup_codes_regenerated');
    return { ok: true, backupCodes: result.backupCodes };
  } catch (error) {
    authErrorCode(error);
    return { ok: false, reason: 'invalid_password' };
  }
}

/**
 * Turns two-factor sign-in off (password needed). Refused for admins and property managers,
 * who must keep it (`required`). Audited as `two_factor_disabled`.
 */
export async function disableTwoFactor(
  call: Call,
  viewer: Viewer,
  password: string,
): Promise<{ ok: true; headers: Headers } | { ok: false; reason: 'invalid_password' | 'required' }> {
  const { context, request } = call;
  if (TWO_FACTOR_REQUIRED_ROLES.includes(viewer.role)) return { ok: false, reason: 'required' };
  try {
    const result = await context.auth.api.disableTwoFactor({ body: { password }, headers: request.headers, returnHeaders: true });
    await recordViewerEvent(call, viewer, 'two_factor_disabled');
    return { ok: true, headers: result.headers };
  } catch (error) {
    authErrorCode(error);
    return { ok: false, reason: 'invalid_password' };
  }
}
