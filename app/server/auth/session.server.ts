/**
 * Sessions and guards for loaders and actions (spec §6, DESIGN §1.1). Every protected loader and
 * action calls `requireRole` (pages) or `requireApiRole` (API endpoints) before doing anything.
 *
 * - Signed out → HTTP redirect to `/auth?redirectTo=<the page>` (pages) or 401 (API).
 * - Wrong role → redirect to `/` (pages) or 403 (API). Admin passes every role check.
 * - A missing, expired, revoked or banned session counts as signed out (spec §4); so does one past
 *   its absolute lifetime or idle timeout (issue 14: `sessionBoundsPlugin` deletes it).
 */
import { data, redirect } from 'react-router';
import { satisfies, type Requirement, type Role } from '~/lib/access';
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
  /** When the session ends unless used again (absolute lifetime or idle timeout, issue 14); always set by `getViewer`. */
  sessionExpiresAt?: Date;
};

type AuthContext = Pick<DimoraLoadContext, 'auth'>;

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

async function loadViewer(request: Request, { auth }: AuthContext, { activity = true }: { activity?: boolean } = {}): Promise<Viewer | null> {
  if (!hasSessionCookie(request)) return null;
  // `disableRefresh` tells sessionBoundsPlugin that this read is no user activity.
  const query = activity ? { disableCookieCache: true } : { disableCookieCache: true, disableRefresh: true };
  const result = await auth.api.getSession({ headers: request.headers, query }).catch(() => null);
  if (!result || result.user.banned) return null;
  const u = result.user as typeof result.user & { firstName?: string | null; lastName?: string | null; locale?: string | null };
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

/**
 * For pages: the signed-in viewer meeting `requires`, or a thrown redirect (to /auth when
 * signed out, to / for a wrong role).
 */
export async function requireRole(request: Request, context: AuthContext, requires: Requirement): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw signInRedirect(request);
  if (!satisfies(viewer.role, requires)) throw redirect('/');
  return viewer;
}

/** For API endpoints: the viewer meeting `requires`, or a thrown 401/403 JSON answer. */
export async function requireApiRole(request: Request, context: AuthContext, requires: Requirement): Promise<Viewer> {
  const viewer = await getViewer(request, context);
  if (!viewer) throw data({ error: 'unauthorized' }, { status: 401 });
  if (!satisfies(viewer.role, requires)) throw data({ error: 'forbidden' }, { status: 403 });
  return viewer;
}
