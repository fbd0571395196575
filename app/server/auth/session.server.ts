/**
 * Sessions and guards for loaders and actions (spec §6, DESIGN §1.1). Every protected loader and
 * action calls `requireRole` (pages) or `requireApiRole` (API endpoints) before doing anything.
 *
 * - Signed out → HTTP redirect to `/auth?redirectTo=<the page>` (pages) or 401 (API).
 * - Wrong role → redirect to `/` (pages) or 403 (API). Admin passes every role check.
 * - A missing, expired, revoked or banned session counts as signed out (spec §4).
 * - An admin or property manager without two-factor sign-in (issue 14 item 1) reaches only the
 *   enrolment page: every other guarded page redirects to `SECURITY_PATH`, every guarded API
 *   answers 403 `{ error: 'two_factor_required' }`. The enrolment page itself passes
 *   `{ allowUnenrolled: true }`.
 */
import { data, redirect } from 'react-router';
import { mustEnrolTwoFactor, satisfies, SECURITY_PATH, type Requirement, type Role } from '~/lib/access';
import type { DimoraLoadContext } from '../load-context';
import { COOKIE_PREFIX } from './auth.server';

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
  /** Two-factor sign-in is on for this account (issue 14 item 1). */
  twoFactorEnabled: boolean;
};

type AuthContext = Pick<DimoraLoadContext, 'auth'>;

const viewers = new WeakMap<Request, Promise<Viewer | null>>();

/** True when the request carries a session cookie at all (cheap; no database). */
export function hasSessionCookie(request: Request): boolean {
  return request.headers.get('cookie')?.includes(`${COOKIE_PREFIX}.session_token`) ?? false;
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

async function loadViewer(request: Request, { auth }: AuthContext): Promise<Viewer | null> {
  if (!hasSessionCookie(request)) return null;
  const result = await auth.api.getSession({ headers: request.headers, query: { disableCookieCache: true } }).catch(() => null);
  if (!result || result.user.banned) return null;
  const u = result.user as typeof result.user & {
    firstName?: string | null;
    lastName?: string | null;
    locale?: string | null;
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
    twoFactorEnabled: u.twoFactorEnabled === true,
  };
}

/** Where to send a signed-out visitor: /auth, remembering the page (spec §6). */
export function signInRedirect(request: Request): Response {
  const url = new URL(request.url);
  // A data request (`.data` suffix, `_routes` param) must remember the page, not the request.
  const path = url.pathname.replace(/\.data$/, '').replace(/^\/_root$/, '/') || '/';
  url.searchParams.delete('_routes');
  const search = url.searchParams.toString();
  return redirect(`/auth?redirectTo=${encodeURIComponent(path + (search ? `?${search}` : ''))}`);
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
 * signed out, to the enrolment page for staff without two-factor sign-in, to / for a wrong role).
 */
export async function requireRole(request: Request, context: AuthContext, requires: Requirement, options: GuardOptions = {}): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw signInRedirect(request);
  if (!options.allowUnenrolled && mustEnrol(viewer)) throw redirect(SECURITY_PATH);
  if (!satisfies(viewer.role, requires)) throw redirect('/');
  return viewer;
}

/**
 * For API endpoints: the viewer meeting `requires`, or a thrown 401/403 JSON answer (403
 * `two_factor_required` for staff not enrolled in two-factor sign-in).
 */
export async function requireApiRole(request: Request, context: AuthContext, requires: Requirement): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw data({ error: 'unauthorized' }, { status: 401 });
  if (mustEnrol(viewer)) throw data({ error: 'two_factor_required' }, { status: 403 });
  if (!satisfies(viewer.role, requires)) throw data({ error: 'forbidden' }, { status: 403 });
  return viewer;
}
