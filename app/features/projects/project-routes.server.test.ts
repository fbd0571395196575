/**
 * The guards of the capital projects routes (decision 029 and 028) with real
 * better-auth sessions, as tests/integration/guards.test.ts does for the other pages: every
 * loader × every kind of visitor — signed out → /auth remembering the page, wrong role → home,
 * allowed → the page (or a 404 for an id nobody has) — and the commands refuse everyone else
 * before anything is read or written.
 */
import { count, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, satisfies, type Requirement, type Role } from '~/lib/access';
import * as managerProjectFile from '~/routes/staff/projects.$projectId.files.$documentId';
import * as managerProjectNew from '~/routes/staff/projects.new';
import * as managerProject from '~/routes/staff/projects.$projectId';
import * as managerProjects from '~/routes/staff/projects';
import * as adminProjectFile from '~/routes/staff/projects.$projectId.files.$documentId';
import * as adminProjectNew from '~/routes/staff/projects.new';
import * as adminProject from '~/routes/staff/projects.$projectId';
import * as adminProjects from '~/routes/staff/projects';
import * as vendorProjectFile from '~/routes/vendor-portal/projects.$projectId.files.$documentId';
import * as vendorProject from '~/routes/vendor-portal/projects.$projectId';
import * as vendorProjects from '~/routes/vendor-portal/projects';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { auditLog, project } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { signInForTest } from '../../../tests/setup/two-factor';

type Visitor = 'anonymous' | Role;
const VISITORS: readonly Visitor[] = ['anonymous', ...ROLES];
type Handler = (args: { request: Request; params: Record<string, string>; context: DimoraLoadContext }) => unknown;

const PASSWORDS: Record<Role, string> = {
  tenant: 'project-guard-t1',
  vendor: 'project-guard-v2',
  property_manager: 'project-guard-m3',
  admin: 'project-guard-a4',
};

/** Every projects route: its path, who may see it, its loader, params; `record`: an id nobody has (→ 404). */
const ROUTES: { path: string; requires: Requirement; loader: unknown; params: Record<string, string>; record?: boolean }[] = [
  { path: '/admin/projects', requires: 'admin', loader: adminProjects.loader, params: {} },
  { path: '/admin/projects/new', requires: 'admin', loader: adminProjectNew.loader, params: {} },
  { path: '/admin/projects/999999', requires: 'admin', loader: adminProject.loader, params: { projectId: '999999' }, record: true },
  {
    path: '/admin/projects/999999/files/1',
    requires: 'admin',
    loader: adminProjectFile.loader,
    params: { projectId: '999999', documentId: '1' },
    record: true,
  },
  { path: '/dashboard/projects', requires: 'property_manager', loader: managerProjects.loader, params: {} },
  { path: '/dashboard/projects/new', requires: 'property_manager', loader: managerProjectNew.loader, params: {} },
  {
    path: '/dashboard/projects/999999',
    requires: 'property_manager',
    loader: managerProject.loader,
    params: { projectId: '999999' },
    record: true,
  },
  {
    path: '/dashboard/projects/999999/files/1',
    requires: 'property_manager',
    loader: managerProjectFile.loader,
    params: { projectId: '999999', documentId: '1' },
    record: true,
  },
  { path: '/vendor-portal/projects', requires: 'vendor', loader: vendorProjects.loader, params: {} },
  {
    path: '/vendor-portal/projects/999999',
    requires: 'vendor',
    loader: vendorProject.loader,
    params: { projectId: '999999' },
    record: true,
  },
  {
    path: '/vendor-portal/projects/999999/files/1',
    requires: 'vendor',
    loader: vendorProjectFile.loader,
    params: { projectId: '999999', documentId: '1' },
    record: true,
  },
];

describe('the capital projects routes are guarded', () => {
  let database: TestDatabase;
  let context: DimoraLoadContext;
  const cookies = new Map<Visitor, string>([['anonymous', '']]);

  beforeAll(async () => {
    database = await createTestDatabase();
    context = testContext(database, { clientIp: '192.0.2.61' });
    for (const role of ROLES) {
      const email = `${role}@project-guards.test`;
      await createVerifiedUser(database.db, { email, password: PASSWORDS[role], role, name: `Guard ${role}` });
      const signedIn = await signInForTest(context, { email, password: PASSWORDS[role] });
      cookies.set(
        role,
        signedIn.headers
          .getSetCookie()
          .map((value) => value.split(';')[0])
          .join('; '),
      );
    }
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  function requestAs(visitor: Visitor, path: string, init: RequestInit = {}): Request {
    const headers = new Headers(init.headers);
    const cookie = cookies.get(visitor);
    if (cookie) headers.set('cookie', cookie);
    return new Request(`http://dimora.test${path}`, { ...init, headers });
  }

  async function settle(run: () => unknown): Promise<unknown> {
    try {
      return await run();
    } catch (error) {
      return error;
    }
  }

  const cases = ROUTES.flatMap((route) => VISITORS.map((visitor) => ({ ...route, visitor })));
  it.each(cases)('$path as $visitor (requires $requires)', async ({ path, requires, loader, params, record, visitor }) => {
    const result = await settle(() => (loader as Handler)({ request: requestAs(visitor, path), params, context }));
    if (visitor === 'anonymous') {
      expect((result as Response).status).toBe(302);
      expect((result as Response).headers.get('location')).toBe(`/auth?redirectTo=${encodeURIComponent(path)}`);
    } else if (!satisfies(visitor, requires)) {
      expect((result as Response).status).toBe(302);
      expect((result as Response).headers.get('location')).toBe('/');
    } else if (record) {
      expect(result).toMatchObject({ init: { status: 404 } });
    } else {
      expect(result).toEqual(expect.objectContaining({ i18n: expect.any(Object) }));
    }
  });

  it.each(VISITORS.filter((visitor) => visitor !== 'admin'))('the commands refuse %s before doing anything', async (visitor) => {
    const [before] = await database.db.select({ n: count() }).from(auditLog).where(ne(auditLog.action, 'access_denied'));
    const post = (path: string, fields: Record<string, string>) =>
      requestAs(visitor, path, { method: 'POST', body: new URLSearchParams(fields) });
    const attempts: [unknown, string, Record<string, string>, Requirement][] = [
      [adminProjectNew.action, '/admin/projects/new', { name: 'Intrusion', kind: 'roof', budget: '1', buildingId: '1' }, 'admin'],
      [adminProject.action, '/admin/projects/1', { intent: 'status', to: 'cancelled' }, 'admin'],
      [
        managerProjectNew.action,
        '/dashboard/projects/new',
        { name: 'Intrusion', kind: 'roof', budget: '1', buildingId: '1' },
        'property_manager',
      ],
      [managerProject.action, '/dashboard/projects/1', { intent: 'status', to: 'cancelled' }, 'property_manager'],
      [vendorProject.action, '/vendor-portal/projects/1', { intent: 'bid', amount: '1.00', timelineDays: '1' }, 'vendor'],
    ];
    for (const [action, path, fields, requires] of attempts) {
      if (satisfies(visitor as Role, requires) && visitor !== 'anonymous') continue;
      const result = await settle(() => (action as Handler)({ request: post(path, fields), params: { projectId: '1' }, context }));
      expect((result as Response).status, path).toBe(302);
    }
    const [after] = await database.db.select({ n: count() }).from(auditLog).where(ne(auditLog.action, 'access_denied'));
    expect(after!.n).toBe(before!.n);
    expect(await database.db.select().from(project)).toEqual([]);
  });
});
