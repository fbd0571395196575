/**
 * The guard tables of the route tests (spec §2, §6): one signed-in account of every role plus a
 * signed-out visitor, and what a guarded loader or action must answer each of them — signed out →
 * 302 to /auth remembering the page; a role the page does not admit → 302 home; a role it admits →
 * the page's data (or a 404 for a record nobody has). Used by tests/integration/guards.test.ts and
 * the feature route tests that check their own pages the same way.
 */
import { count, ne } from 'drizzle-orm';
import { expect } from 'vitest';
import { ROLES, satisfies, type Requirement, type Role } from '../../app/lib/access';
import type { Db } from '../../app/server/db/client.server';
import { auditLog } from '../../app/server/db/schema';
import type { DimoraLoadContext } from '../../app/server/load-context';
import { settle } from './action-result';
import { createSignedInUser } from './sign-in';

export type Visitor = 'anonymous' | Role;
export const VISITORS: readonly Visitor[] = ['anonymous', ...ROLES];

/** A route module's loader or action as the tests call it. */
export type RouteHandler = (args: { request: Request; params: Record<string, string>; context: DimoraLoadContext }) => unknown;

/** A guarded page: its path, who may see it, its loader, params; `record`: the params name a record nobody has (→ 404). */
export type GuardedRoute = { path: string; requires: Requirement; loader: unknown; params: Record<string, string>; record?: boolean };

/** A guarded command: the action of `path`, the fields posted, the params it is called with. */
export type GuardedCommand = {
  path: string;
  requires: Requirement;
  action: unknown;
  fields: Record<string, string>;
  params?: Record<string, string>;
};

/** The guard row of a page for one record nobody has (named by `params`): the roles `requires` admits get a 404. */
export function recordRoute(path: string, requires: Requirement, loader: unknown, params: Record<string, string>): GuardedRoute {
  return { path, requires, loader, params, record: true };
}

/**
 * The two guard rows of one staff page (decision 022: one module served at `/admin<suffix>` to
 * admins and at `/dashboard<suffix>` to property managers): the admin's row, then the manager's.
 * `record`: `params` name a record nobody has (→ 404 for the roles admitted).
 */
export function staffRoutes(
  suffix: string,
  loader: unknown,
  { params = {}, record }: { params?: Record<string, string>; record?: boolean } = {},
): GuardedRoute[] {
  return [
    { path: `/admin${suffix}`, requires: 'admin', loader, params, record },
    { path: `/dashboard${suffix}`, requires: 'property_manager', loader, params, record },
  ];
}

/** The two guard rows of one staff page's command (see `staffRoutes`): `fields` posted with `params`. */
export function staffCommands(
  suffix: string,
  action: unknown,
  fields: Record<string, string>,
  params?: Record<string, string>,
): GuardedCommand[] {
  return [
    { path: `/admin${suffix}`, requires: 'admin', action, fields, params },
    { path: `/dashboard${suffix}`, requires: 'property_manager', action, fields, params },
  ];
}

/** Every visitor of every route: the rows of an `it.each('$path as $visitor (requires $requires)')`. */
export function visitsOf<T extends { path: string }>(routes: readonly T[]): (T & { visitor: Visitor })[] {
  return routes.flatMap((route) => VISITORS.map((visitor) => ({ ...route, visitor })));
}

/**
 * The passwords of a guard test's visitors (`signInVisitors`): `<prefix>-t1`, `-v2`, `-o5`, `-m3`, `-a4`
 * for tenant, vendor, owner, property manager and admin, so that no two test files share one.
 */
export function visitorPasswords(prefix: string): Record<Role, string> {
  return { tenant: `${prefix}-t1`, vendor: `${prefix}-v2`, owner: `${prefix}-o5`, property_manager: `${prefix}-m3`, admin: `${prefix}-a4` };
}

/** The signed-in visitors of a guard test: their Cookie headers ('' for anonymous) and account ids. */
export type GuardVisitors = {
  cookies: Map<Visitor, string>;
  ids: Map<Role, string>;
  /** A request to `path` carrying `visitor`'s session, unless `init` brings its own Cookie header. */
  requestAs(visitor: Visitor, path: string, init?: RequestInit): Request;
};

/**
 * Creates and signs in one verified account per role (`<role>@<domain>`, named `<name> <role>`,
 * with `passwords[role]`, else `password`, else the sign-in helper's default password). Throws when sign-in is refused.
 */
export async function signInVisitors(
  context: DimoraLoadContext,
  { domain, name, passwords, password }: { domain: string; name: string; passwords?: Record<Role, string>; password?: string },
): Promise<GuardVisitors> {
  const cookies = new Map<Visitor, string>([['anonymous', '']]);
  const ids = new Map<Role, string>();
  for (const role of ROLES) {
    // A real session through better-auth, as the browser would hold it.
    const user = await createSignedInUser(context, {
      email: `${role}@${domain}`,
      password: passwords?.[role] ?? password,
      role,
      name: `${name} ${role}`,
    });
    ids.set(role, user.id);
    cookies.set(role, user.cookie);
  }
  return {
    cookies,
    ids,
    requestAs(visitor, path, init = {}) {
      const headers = new Headers(init.headers);
      const cookie = cookies.get(visitor);
      if (cookie && !headers.has('cookie')) headers.set('cookie', cookie);
      return new Request(`http://dimora.test${path}`, { ...init, headers });
    },
  };
}

/** Whether `visitor` is signed in with a role that `requires` admits. */
export function admits(visitor: Visitor, requires: Requirement): boolean {
  return visitor !== 'anonymous' && satisfies(visitor, requires);
}

/**
 * Asserts what a guarded loader or action answered `visitor` at `path`: signed out → 302 to
 * /auth?redirectTo=<path>; not admitted by `requires` → 302 to /; admitted → a 404 when `record`
 * (an id nobody has), otherwise page data with its translations (a loader may answer
 * `data(…, { status })`, e.g. the inbox's 404 for an unknown thread).
 */
export function expectGuarded(result: unknown, visitor: Visitor, path: string, requires: Requirement, record = false): void {
  if (visitor === 'anonymous') {
    expect(result, 'signed out → sign in').toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
  } else if (!satisfies(visitor, requires)) {
    expect(result, 'wrong role → home').toBeInstanceOf(Response);
    const response = result as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
  } else if (record) {
    expect(result).toMatchObject({ init: { status: 404 } });
  } else {
    expect(result, 'allowed → page data').not.toBeInstanceOf(Response);
    const payload =
      result && typeof result === 'object' && 'init' in result && 'data' in result ? (result as { data: unknown }).data : result;
    expect(payload).toEqual(expect.objectContaining({ i18n: expect.any(Object) }));
  }
}

/** Runs `route`'s loader for `visitor` and asserts its answer (`expectGuarded`). */
export async function expectRouteGuarded(visitors: GuardVisitors, context: DimoraLoadContext, route: GuardedRoute & { visitor: Visitor }) {
  const { path, requires, loader, params, record, visitor } = route;
  const result = await settle(() => (loader as RouteHandler)({ request: visitors.requestAs(visitor, path), params, context })).catch(
    (error: unknown) => error,
  );
  expectGuarded(result, visitor, path, requires, record);
}

/**
 * Posts each command `visitor` is not admitted to and asserts the refusal (`expectGuarded`), and
 * that nothing was written: no audit entry but the refusals themselves (a signed-in visitor's
 * wrong-role refusal is audited as `access_denied`, decision 023).
 */
export async function expectCommandsRefused(
  db: Db,
  visitors: GuardVisitors,
  context: DimoraLoadContext,
  visitor: Visitor,
  commands: readonly GuardedCommand[],
): Promise<void> {
  const [before] = await db.select({ n: count() }).from(auditLog).where(ne(auditLog.action, 'access_denied'));
  for (const { path, requires, action, fields, params = {} } of commands) {
    if (admits(visitor, requires)) continue;
    const request = visitors.requestAs(visitor, path, { method: 'POST', body: new URLSearchParams(fields) });
    expectGuarded(await settle(() => (action as RouteHandler)({ request, params, context })), visitor, path, requires);
  }
  const [after] = await db.select({ n: count() }).from(auditLog).where(ne(auditLog.action, 'access_denied'));
  expect(after?.n).toBe(before?.n);
}
