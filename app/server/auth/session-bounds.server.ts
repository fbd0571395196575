/**
 * Bounded sessions (decision 023): every session has an absolute lifetime counted from
 * sign-in and an idle timeout counted from its last activity, both shorter for staff (admin,
 * property_manager). better-auth only knows one sliding `expiresAt`; these bounds are enforced
 * by the `sessionBounds` better-auth plugin (`session-bounds-plugin.server.ts`) wherever a
 * session is read, and an exceeded session is deleted (which ends its event streams, see the
 * `session_ended` trigger of migration 0011_session_bounds).
 *
 * Activity is `session.updated_at`, written at most once per ACTIVITY_TOUCH_MS so that a busy
 * user costs one UPDATE a minute, not one per request.
 */
import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { and, eq, lt } from 'drizzle-orm';
import { isStaff, type Role } from '~/lib/access';
import type { Db } from '../db/client.server';
import { session } from '../db/schema';

/** Lifetimes in milliseconds: for everybody, and for staff. */
export type SessionBounds = {
  /** Absolute lifetime from sign-in (tenants, vendors). */
  maxAgeMs: number;
  /** Longest time without a request before the session ends (tenants, vendors). */
  idleMs: number;
  /** Absolute lifetime of an admin's or property manager's session. */
  staffMaxAgeMs: number;
  /** Idle timeout of an admin's or property manager's session. */
  staffIdleMs: number;
};

const HOUR_MS = 60 * 60 * 1_000;

/** Decision 023 defaults: 30 days / 7 days idle; staff 12 hours / 1 hour idle. */
export const DEFAULT_SESSION_BOUNDS: Readonly<SessionBounds> = Object.freeze({
  maxAgeMs: 30 * 24 * HOUR_MS,
  idleMs: 7 * 24 * HOUR_MS,
  staffMaxAgeMs: 12 * HOUR_MS,
  staffIdleMs: HOUR_MS,
});

/** Activity is written at most this often per session (ms). */
export const ACTIVITY_TOUCH_MS = 60 * 1_000;

/** Builds the bounds from the env variables (hours, and minutes for the staff idle timeout). */
export function sessionBoundsFromEnv(env: {
  SESSION_MAX_AGE_HOURS: number;
  SESSION_IDLE_HOURS: number;
  STAFF_SESSION_MAX_AGE_HOURS: number;
  STAFF_SESSION_IDLE_MINUTES: number;
}): SessionBounds {
  return {
    maxAgeMs: env.SESSION_MAX_AGE_HOURS * HOUR_MS,
    idleMs: env.SESSION_IDLE_HOURS * HOUR_MS,
    staffMaxAgeMs: env.STAFF_SESSION_MAX_AGE_HOURS * HOUR_MS,
    staffIdleMs: env.STAFF_SESSION_IDLE_MINUTES * 60 * 1_000,
  };
}

/** The absolute lifetime and idle timeout (ms) that apply to a user of `role`. */
export function boundsForRole(bounds: SessionBounds, role: Role | string | null | undefined): { maxAgeMs: number; idleMs: number } {
  return isStaff(role)
    ? { maxAgeMs: bounds.staffMaxAgeMs, idleMs: bounds.staffIdleMs }
    : { maxAgeMs: bounds.maxAgeMs, idleMs: bounds.idleMs };
}

/** The longest any session may live (ms): the cookie's Max-Age and better-auth's `expiresIn`. */
export function longestLifetimeMs(bounds: SessionBounds): number {
  return Math.max(bounds.maxAgeMs, bounds.staffMaxAgeMs);
}

/**
 * When a session ends unless used again: the earlier of sign-in + absolute lifetime and last
 * activity + idle timeout (and never after better-auth's own `expiresAt`).
 */
export function sessionEndsAt(
  bounds: SessionBounds,
  role: Role | string | null | undefined,
  value: { createdAt: Date | string; updatedAt: Date | string; expiresAt: Date | string },
): Date {
  const { maxAgeMs, idleMs } = boundsForRole(bounds, role);
  const absolute = new Date(value.createdAt).getTime() + maxAgeMs;
  const idle = new Date(value.updatedAt).getTime() + idleMs;
  return new Date(Math.min(absolute, idle, new Date(value.expiresAt).getTime()));
}

export type BoundsCheck = { ended: true } | { ended: false; endsAt: Date };

/**
 * Checks one session read by better-auth against the bounds at `now` (ms since epoch).
 * Exceeded: deletes the session (revoking it) and answers `ended`. Otherwise, with `touch`,
 * records the activity when the last one is older than ACTIVITY_TOUCH_MS, and answers when the
 * session will end if unused from now on.
 */
export async function enforceSessionBounds(
  db: Db,
  bounds: SessionBounds,
  value: { id: string; createdAt: Date | string; updatedAt: Date | string; expiresAt: Date | string },
  role: Role | string | null | undefined,
  { touch, now = Date.now() }: { touch: boolean; now?: number },
): Promise<BoundsCheck> {
  const endsAt = sessionEndsAt(bounds, role, value);
  if (endsAt.getTime() <= now) {
    await db.delete(session).where(eq(session.id, value.id));
    return { ended: true };
  }
  if (!touch || now - new Date(value.updatedAt).getTime() < ACTIVITY_TOUCH_MS) return { ended: false, endsAt };
  const at = new Date(now);
  // Guarded by the old value: concurrent requests of one session write it once.
  await db
    .update(session)
    .set({ updatedAt: at })
    .where(and(eq(session.id, value.id), lt(session.updatedAt, new Date(now - ACTIVITY_TOUCH_MS))));
  return { ended: false, endsAt: sessionEndsAt(bounds, role, { ...value, updatedAt: at }) };
}

type SessionResult = {
  session: {
    id: string;
    createdAt: Date | string;
    updatedAt: Date | string;
    expiresAt: Date | string;
    token?: string;
    ipAddress?: string | null;
    userAgent?: string | null;
  };
  user: { role?: string | null };
};

function isSessionResult(value: unknown): value is SessionResult {
  if (!value || typeof value !== 'object' || !('session' in value) || !('user' in value)) return false;
  const { session: found, user: owner } = value as { session: unknown; user: unknown };
  return Boolean(found && typeof found === 'object' && 'id' in found && owner && typeof owner === 'object');
}

/**
 * The better-auth plugin that bounds sessions (decision 023), as an after-hook of
 * `get-session` — the endpoint behind `auth.api.getSession` (our `getViewer`, hence every page,
 * API route and event stream) and the public `GET /api/auth/get-session`:
 * - a session past its absolute lifetime or idle timeout is deleted, its cookie cleared, and
 *   the answer is `null` (signed out);
 * - otherwise the activity is recorded (at most once a minute), unless the caller passed
 *   `disableRefresh` (a background check, such as an open event stream's, is no activity);
 * - the answer never carries the session token, IP address or user agent, and its `expiresAt`
 *   is when the session ends if unused (the earlier of both bounds).
 */
export function sessionBoundsPlugin({ db, bounds }: { db: Db; bounds: SessionBounds }) {
  return {
    id: 'dimora-session-bounds',
    hooks: {
      after: [
        {
          matcher: (context: { path?: string }) => context.path === '/get-session',
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned;
            if (!isSessionResult(returned)) return;
            const touch = !(ctx.query as { disableRefresh?: unknown } | undefined)?.disableRefresh;
            const check = await enforceSessionBounds(db, bounds, returned.session, returned.user.role, { touch });
            if (check.ended) {
              deleteSessionCookie(ctx);
              return ctx.json(null);
            }
            const { token: _token, ipAddress: _ip, userAgent: _agent, ...visible } = returned.session;
            return ctx.json({ ...returned, session: { ...visible, expiresAt: check.endsAt } });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}
