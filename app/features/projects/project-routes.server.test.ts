/**
 * The guards of the capital projects routes (decision 029 and 028) with real
 * better-auth sessions, as tests/integration/guards.test.ts does for the other pages: every
 * loader × every kind of visitor — signed out → /auth remembering the page, wrong role → home,
 * allowed → the page (or a 404 for an id nobody has) — and the commands refuse everyone else
 * before anything is read or written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '~/lib/access';
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
import { project } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import {
  expectCommandsRefused,
  expectRouteGuarded,
  signInVisitors,
  VISITORS,
  visitsOf,
  type GuardedCommand,
  type GuardedRoute,
  type GuardVisitors,
} from '../../../tests/setup/route-guards';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';

const PASSWORDS: Record<Role, string> = {
  tenant: 'project-guard-t1',
  vendor: 'project-guard-v2',
  property_manager: 'project-guard-m3',
  admin: 'project-guard-a4',
};

/** Every projects route: its path, who may see it, its loader, params; `record`: an id nobody has (→ 404). */
const ROUTES: GuardedRoute[] = [
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
  let visitors: GuardVisitors;

  beforeAll(async () => {
    database = await createTestDatabase();
    context = testContext(database, { clientIp: '192.0.2.61' });
    visitors = await signInVisitors(context, { domain: 'project-guards.test', name: 'Guard', passwords: PASSWORDS });
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  it.each(visitsOf(ROUTES))('$path as $visitor (requires $requires)', (visit) => expectRouteGuarded(visitors, context, visit));

  // Every command is called with project 1's params: the refusal must come before any lookup.
  const params = { projectId: '1' };
  const intrusion = { name: 'Intrusion', kind: 'roof', budget: '1', buildingId: '1' };
  const cancel = { intent: 'status', to: 'cancelled' };
  const COMMANDS: GuardedCommand[] = [
    { path: '/admin/projects/new', requires: 'admin', action: adminProjectNew.action, fields: intrusion, params },
    { path: '/admin/projects/1', requires: 'admin', action: adminProject.action, fields: cancel, params },
    { path: '/dashboard/projects/new', requires: 'property_manager', action: managerProjectNew.action, fields: intrusion, params },
    { path: '/dashboard/projects/1', requires: 'property_manager', action: managerProject.action, fields: cancel, params },
    {
      path: '/vendor-portal/projects/1',
      requires: 'vendor',
      action: vendorProject.action,
      fields: { intent: 'bid', amount: '1.00', timelineDays: '1' },
      params,
    },
  ];

  it.each(VISITORS.filter((visitor) => visitor !== 'admin'))('the commands refuse %s before doing anything', async (visitor) => {
    await expectCommandsRefused(database.db, visitors, context, visitor, COMMANDS);
    expect(await database.db.select().from(project)).toEqual([]);
  });
});
