/**
 * The guards of the capital projects routes (decision 029 and 028) with real
 * better-auth sessions, as tests/integration/guards.test.ts does for the other pages: every
 * loader × every kind of visitor — signed out → /auth remembering the page, wrong role → home,
 * allowed → the page (or a 404 for an id nobody has) — and the commands refuse everyone else
 * before anything is read or written.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import * as staffProjectFile from '~/routes/staff/projects.$projectId.files.$documentId';
import * as staffProjectNew from '~/routes/staff/projects.new';
import * as staffProject from '~/routes/staff/projects.$projectId';
import * as staffProjects from '~/routes/staff/projects';
import * as vendorProjectFile from '~/routes/vendor-portal/projects.$projectId.files.$documentId';
import * as vendorProject from '~/routes/vendor-portal/projects.$projectId';
import * as vendorProjects from '~/routes/vendor-portal/projects';
import { project } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import {
  expectCommandsRefused,
  expectRouteGuarded,
  recordRoute,
  signInVisitors,
  staffCommands,
  staffRoutes,
  VISITORS,
  visitorPasswords,
  visitsOf,
  type GuardedCommand,
  type GuardedRoute,
  type GuardVisitors,
} from '../../../tests/setup/route-guards';
import { testContext, useTestDatabase } from '../../../tests/setup/test-db';

/** Every projects route: its path, who may see it, its loader, params; `record`: an id nobody has (→ 404). */
const ROUTES: GuardedRoute[] = [
  ...staffRoutes('/projects', staffProjects.loader),
  ...staffRoutes('/projects/new', staffProjectNew.loader),
  ...staffRoutes('/projects/999999', staffProject.loader, { params: { projectId: '999999' }, record: true }),
  ...staffRoutes('/projects/999999/files/1', staffProjectFile.loader, { params: { projectId: '999999', documentId: '1' }, record: true }),
  { path: '/vendor-portal/projects', requires: 'vendor', loader: vendorProjects.loader, params: {} },
  recordRoute('/vendor-portal/projects/999999', 'vendor', vendorProject.loader, { projectId: '999999' }),
  recordRoute('/vendor-portal/projects/999999/files/1', 'vendor', vendorProjectFile.loader, { projectId: '999999', documentId: '1' }),
];

describe('the capital projects routes are guarded', () => {
  const database = useTestDatabase();
  let context: DimoraLoadContext;
  let visitors: GuardVisitors;

  beforeAll(async () => {
    context = testContext(database, { clientIp: '192.0.2.61' });
    const passwords = visitorPasswords('project-guard');
    visitors = await signInVisitors(context, { domain: 'project-guards.test', name: 'Guard', passwords });
  }, 60_000);

  it.each(visitsOf(ROUTES))('$path as $visitor (requires $requires)', (visit) => expectRouteGuarded(visitors, context, visit));

  // Every command is called with project 1's params: the refusal must come before any lookup.
  const params = { projectId: '1' };
  const intrusion = { name: 'Intrusion', kind: 'roof', budget: '1', buildingId: '1' };
  const cancel = { intent: 'status', to: 'cancelled' };
  const COMMANDS: GuardedCommand[] = [
    ...staffCommands('/projects/new', staffProjectNew.action, intrusion, params),
    ...staffCommands('/projects/1', staffProject.action, cancel, params),
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
