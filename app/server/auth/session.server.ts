/**
 * Sessions and guards for loaders and actions (spec §6, DESIGN §1.1). Every protected loader and
 * action calls `requireRole` (pages) or `requireApiRole` (API endpoints) before doing anything.
 *
 * - Signed out → HTTP redirect to `/auth?redirectTo=<the page>` (pages) or 401 (API).
 * - Wrong role → redirect to `/` (pages) or 403 (API). Admin passes every role check.
 * - A missing, expired, revoked or banned session counts as signed out (spec §4); so does one past
 *   its absolute lifetime or idle timeout (decision 023: `sessionBoundsPlugin` deletes it).
 * - A user whose password failed the policy at sign-in (decision 023) is sent to
 *   PASSWORD_CHANGE_PATH by every page guard until the password is changed.
 * - A wrong-role refusal is recorded in the audit log (decision 023, rate-limited per user).
 * - An admin or property manager without two-factor sign-in (decision 023) reaches only the
 *   enrolment page: every other guarded page redirects to `SECURITY_PATH`, every guarded API
 *   answers 403 `{ error: 'two_factor_required' }`. The enrolment page itself passes
 *   `{ allowUnenrolled: true }`.
 */
import { data, redirect } from 'react-router';
import { mustEnrolTwoFactor, satisfies, SECURITY_PATH, type Requirement, type Role } from '~/lib/access';
import { auditRefusal, requestOrigin } from '../audit.server';
import type { DimoraLoadContext } from '../load-context';
import { hasSessionCookieHeader } from './auth.server';

/** The signed-in user as pages see it: no password, no tokens. */
export type Viewer = {
  id: string;
  email: string;
  name: string;
  role: Role;
  firstName: string | null;
  lastName: string | null;
  locale: string;
  sessionId: string;
  sessionCreatedAt: Date;
  /** When the session ends unless used again (absolute lifetime or idle timeout, decision 023); always set by `getViewer`. */
  sessionExpiresAt?: Date;
  /** Decision 023: the password failed the policy at sign-in; pages lead to PASSWORD_CHANGE_PATH. */
  passwordChangeRequired?: boolean;
  /** Two-factor sign-in is on for this account (decision 023). */
  twoFactorEnabled: boolean;
};

/** The change-password page (decision 023); the only page a user with a flagged password may open. */
export const PASSWORD_CHANGE_PATH = '/account/password';

type AuthContext = Pick<DimoraLoadContext, 'auth'>;
/** What the guards need; with `db` (every route's load context) a wrong-role refusal is audited. */
type GuardContext = AuthContext & Partial<Pick<DimoraLoadContext, 'db' | 'clientIp'>>;

/**
 * Decision 023: records a signed-in viewer's wrong-role refusal (`access_denied`, table
 * `route`, the path as object id) through the rate-limited `auditRefusal`.
 */
async function auditRoleRefusal(request: Request, context: GuardContext, viewer: Viewer, requires: Requirement): Promise<void> {
  if (!context.db) return;
  const path = new URL(request.url).pathname.replace(/\.data$/, '').slice(0, 300) || '/';
  await auditRefusal(context.db, viewer, {
    table: 'route',
    id: path,
    reason: 'wrong_role',
    origin: requestOrigin(request, context.clientIp ?? 'unknown'),
    values: { method: request.method, requires, role: viewer.role },
  });
}

const viewers = new WeakMap<Request, Promise<Viewer | null>>();

/** True when the request carries a session cookie at all, http or `__Host-` name (cheap; no database). */
export function hasSessionCookie(request: Request): boolean {
  return hasSessionCookieHeader(request.headers.get('cookie'));
}

/** The signed-in user, or null. One database lookup per request, shared by all loaders. */
export function getViewer(request: Request, context: AuthContext): Promise<Viewer | null> {
  let pending = viewers.get(request);
  if (!pending) {
    pending = loadViewer(request, context);
    viewers.set(request, pending);
  }
  return pending;
}

/**
 * The signed-in user without counting the request as activity, and without the per-request
 * cache: for background re-checks (an open event stream's). An exceeded session still ends here.
 */
export function checkViewer(request: Request, context: AuthContext): Promise<Viewer | null> {
  return loadViewer(request, context, { activity: false });
}

async function loadViewer(
  request: Request,
  { auth }: AuthContext,
  { activity = true }: { activity?: boolean } = {},
): Promise<Viewer | null> {
  if (!hasSessionCookie(request)) return null;
  // `disableRefresh` tells sessionBoundsPlugin that this read is no user activity.
  const query = activity ? { disableCookieCache: true } : { disableCookieCache: true, disableRefresh: true };
  const result = await auth.api.getSession({ headers: request.headers, query }).catch(() => null);
  if (!result || result.user.banned) return null;
  const u = result.user as typeof result.user & {
    firstName?: string | null;
    lastName?: string | null;
    locale?: string | null;
    passwordChangeRequired?: boolean | null;
    twoFactorEnabled?: boolean | null;
  };
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: (u.role ?? 'tenant') as Role,
    firstName: u.firstName ?? null,
    lastName: u.lastName ?? null,
    locale: u.locale ?? 'en',
    sessionId: result.session.id,
    sessionCreatedAt: new Date(result.session.createdAt),
    sessionExpiresAt: new Date(result.session.expiresAt),
    passwordChangeRequired: u.passwordChangeRequired === true,
    twoFactorEnabled: u.twoFactorEnabled === true,
  };
}

/** The page a request is for (without the `.data` suffix of data requests), with its query. */
function pageOf(request: Request): { path: string; search: string } {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/') || '/';
  url.searchParams.delete('_routes');
  const search = url.searchParams.toString();
  return { path, search: search ? `?${search}` : '' };
}

/** Where to send a signed-out visitor: /auth, remembering the page (spec §6). */
export function signInRedirect(request: Request): Response {
  // A data request (`.data` suffix, `_routes` param) must remember the page, not the request.
  const { path, search } = pageOf(request);
  return redirect(`/auth?redirectTo=${encodeURIComponent(path + search)}`);
}

/** Where a user with a flagged password goes: the change page, remembering the page (decision 023). */
export function passwordChangeRedirect(request: Request): Response {
  const { path, search } = pageOf(request);
  return redirect(`${PASSWORD_CHANGE_PATH}?redirectTo=${encodeURIComponent(path + search)}`);
}

/** True when this viewer is staff (admin, property manager) without two-factor sign-in yet. */
export function mustEnrol(viewer: Pick<Viewer, 'role' | 'twoFactorEnabled'>): boolean {
  return mustEnrolTwoFactor(viewer.role, viewer.twoFactorEnabled);
}

type GuardOptions = {
  /** Only the enrolment page (and sign-out) sets this: staff without 2FA may use it. */
  allowUnenrolled?: boolean;
};

/**
 * For pages: the signed-in viewer meeting `requires`, or a thrown redirect (to /auth when
 * signed out, to the enrolment page for staff without two-factor sign-in, to PASSWORD_CHANGE_PATH
 * while the password must change, to / for a wrong role).
 */
export async function requireRole(
  request: Request,
  context: GuardContext,
  requires: Requirement,
  options: GuardOptions = {},
): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw signInRedirect(request);
  if (!options.allowUnenrolled && mustEnrol(viewer)) throw redirect(SECURITY_PATH);
  // The enrolment page stays reachable with a flagged password: enrol first, then change it.
  if (viewer.passwordChangeRequired && !options.allowUnenrolled && pageOf(request).path !== PASSWORD_CHANGE_PATH)
    throw passwordChangeRedirect(request);
  if (!satisfies(viewer.role, requires)) {
    await auditRoleRefusal(request, context, viewer, requires);
    throw redirect('/');
  }
  return viewer;
}

/**
 * For API endpoints: the viewer meeting `requires`, or a thrown 401/403 JSON answer (403
 * `two_factor_required` for staff not enrolled in two-factor sign-in; a wrong role's 403 audited).
 */
export async function requireApiRole(request: Request, context: GuardContext, requires: Requirement): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw data({ error: 'unauthorized' }, { status: 401 });
  if (mustEnrol(viewer)) throw data({ error: 'two_factor_required' }, { status: 403 });
  if (!satisfies(viewer.role, requires)) {
    await auditRoleRefusal(request, context, viewer, requires);
    throw data({ error: 'forbidden' }, { status: 403 });
  }
  return viewer;
}
