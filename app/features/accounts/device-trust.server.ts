/**
 * Sign-in from trusted devices (decision 054): the two hooks the sign-in steps call around the
 * account lock of decision 023.
 *
 * - `trustedDeviceOf` before the password check: the request's device cookie, when it was issued
 *   to this account and its own counter is not locked. Such an attempt skips the account's lock
 *   and a wrong password counts against the device (`countDeviceFailure`), not the account. Any
 *   other attempt (no cookie, forged, another account's, a locked device) is an unknown device.
 * - `recordSignInSuccess` once a session exists (after the second factor when there is one):
 *   ends the episode of the counter the attempt was counted in, and sets a new device cookie.
 */
import { eq, sql } from 'drizzle-orm';
import { recordAuditEvent, type RequestOrigin } from '~/server/audit.server';
import {
  accountThrottleKey,
  clearThrottle,
  deviceThrottleKey,
  recordThrottleFailure,
  throttleLockRemaining,
} from '~/server/account-lockout.server';
import { issueDeviceCookie, readDeviceCookie, type DeviceClaim } from '~/server/auth/device-cookie.server';
import { user } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';

type Ctx = Pick<DimoraLoadContext, 'db' | 'auth' | 'logger'>;

/** The account of the attempt: its id when known, else the e-mail typed (any case, blanks). */
export type SignInAccount = { userId: string } | { email: string };

async function userIdOf(context: Ctx, account: SignInAccount): Promise<string | null> {
  if ('userId' in account) return account.userId;
  const [row] = await context.db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, account.email.trim().toLowerCase()));
  return row?.id ?? null;
}

/**
 * The request's device cookie when it vouches for `account` and is not locked itself, else null
 * (the attempt comes from an unknown device). Database errors propagate.
 */
export async function trustedDeviceOf(context: Ctx, request: Request, account: SignInAccount): Promise<DeviceClaim | null> {
  const claim = await readDeviceCookie({ secret: context.auth.options.secret, cookieHeader: request.headers.get('cookie') });
  if (!claim) return null;
  if (claim.userId !== (await userIdOf(context, account))) return null;
  if ((await throttleLockRemaining(context.db, deviceThrottleKey(claim.nonce))) !== null) return null;
  return claim;
}

/**
 * Counts a wrong password from the trusted `device` against the device only. When that starts a
 * lock, audits `device_locked`: the device is then an unknown device until the lock ends (no
 * e-mail: the account itself is not locked).
 */
export async function countDeviceFailure(context: Ctx, origin: RequestOrigin, device: DeviceClaim): Promise<void> {
  const failure = await recordThrottleFailure(context.db, deviceThrottleKey(device.nonce));
  if (failure.lockedForS === null) return;
  await recordAuditEvent({
    db: context.db,
    userId: device.userId,
    action: 'device_locked',
    origin,
    values: { lock_seconds: failure.lockedForS, failures: failure.failures },
  });
  context.logger.warn({ userId: device.userId, lockSeconds: failure.lockedForS }, 'trusted device locked after repeated failed sign-ins');
}

/**
 * A sign-in succeeded (a session was made for `userId`): a trusted `device` forgets its own
 * failures and leaves the account's count alone (failures from unknown devices keep their
 * episode); from an unknown device the account's episode ends (decision 023). Then appends a
 * new device cookie for `userId` to `headers` (Secure on https).
 */
export async function recordSignInSuccess(
  context: Ctx,
  options: { userId: string; device: DeviceClaim | null; headers: Headers },
): Promise<void> {
  const { userId, device, headers } = options;
  if (device) {
    await clearThrottle(context.db, deviceThrottleKey(device.nonce));
  } else {
    const [account] = await context.db.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (account) await clearThrottle(context.db, accountThrottleKey(account.email));
  }
  const cookie = await issueDeviceCookie({ secret: context.auth.options.secret, secure: context.auth.secureCookies, userId });
  headers.append('Set-Cookie', cookie);
}
