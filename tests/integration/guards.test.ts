/**
 * Every protected route of spec §2 (the `PROTECTED_ROUTES` table) × every kind of visitor, at the
 * loader level with real better-auth sessions: signed out → 302 to /auth remembering the page;
 * wrong role → 302 to /; allowed → the page's data. The /admin layout and every action of
 * /admin/users are guarded too, and a refused action changes nothing.
 */
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, PROTECTED_ROUTES, ROLES } from '~/lib/access';
import * as dashboard from '~/routes/dashboard/_index';
import * as managerBuildings from '~/routes/staff/properties';
import * as staffTenant from '~/routes/staff/tenants.$userId';
import * as staffTenants from '~/routes/staff/tenants';
import * as staffLease from '~/routes/staff/leases.$leaseId';
import * as staffLeasePdf from '~/routes/staff/leases.$leaseId.pdf';
import * as staffPayment from '~/routes/staff/payments.$paymentId';
import * as staffPayments from '~/routes/staff/payments';
import * as staffReports from '~/routes/staff/reports';
import * as staffReportsCsv from '~/routes/staff/reports.csv';
import * as staffMaintenance from '~/routes/staff/maintenance';
import * as staffMaintenanceRequest from '~/routes/staff/maintenance.$requestId';
import * as staffAssignment from '~/routes/staff/assignments.$workOrderId';
import * as staffAssignments from '~/routes/staff/assignments';
import * as staffInvoicePdf from '~/routes/staff/assignments.invoices.$invoiceId.pdf';
import * as applications from '~/routes/admin/applications';
import * as adminDatabase from '~/routes/admin/database';
import * as databaseBackup from '~/routes/admin/database.backup';
import * as debug from '~/routes/admin-debug';
import * as adminLayout from '~/routes/staff/layout';
import * as mailbox from '~/routes/admin/mailbox';
import * as adminMessages from '~/routes/admin/messages';
import * as adminNotifications from '~/routes/admin/notifications';
import * as overview from '~/routes/admin/_index';
import * as adminPaymentsCsv from '~/routes/admin/payments.csv';
import * as adminProjects from '~/routes/staff/projects';
import * as properties from '~/routes/staff/properties';
import * as notFound from '~/routes/not-found';
import * as adminSystem from '~/routes/admin/system';
import * as adminVendor from '~/routes/admin/vendors.$vendorId';
import * as adminVendors from '~/routes/admin/vendors';
import * as adminOwner from '~/routes/admin/owners.$ownerId';
import * as adminOwners from '~/routes/admin/owners';
import * as ownerPortal from '~/routes/owner-portal/_index';
import * as ownerBuilding from '~/routes/owner-portal/buildings.$buildingId';
import * as ownerStatementPdf from '~/routes/owner-portal/statements.$statementId.pdf';
import * as adminOwnerStatementPdf from '~/routes/admin/owners.$ownerId.statements.$statementId.pdf';
import * as vendorProfile from '~/routes/vendor-portal/profile';
import * as users from '~/routes/admin/users';
import * as tenantPortal from '~/routes/tenant-portal/_index';
import * as vendorPortal from '~/routes/vendor-portal/_index';
import * as vendorInvoiceNew from '~/routes/vendor-portal/invoices.new';
import * as vendorInvoicePdf from '~/routes/vendor-portal/invoices.$invoiceId.pdf';
import * as vendorInvoices from '~/routes/vendor-portal/invoices';
import * as vendorWorkOrder from '~/routes/vendor-portal/work-orders.$workOrderId';
import * as vendorWorkOrders from '~/routes/vendor-portal/work-orders';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { auditLog, mailMessage, session, user } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { answerOf, settle } from '../setup/action-result';
import {
  admits,
  expectCommandsRefused,
  expectGuarded,
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
  type RouteHandler,
  type Visitor,
} from '../setup/route-guards';
import { createSignedInUser } from '../setup/sign-in';
import { testContext, useTestDatabase } from '../setup/test-db';
import { signInForTest } from '../setup/two-factor';

/** The loader that serves each path of the `PROTECTED_ROUTES` table (routes.ts); none takes params. */
const TABLE_LOADERS: Record<string, unknown> = {
  '/dashboard': dashboard.loader,
  '/tenant-portal': tenantPortal.loader,
  '/vendor-portal': vendorPortal.loader,
  '/owner-portal': ownerPortal.loader,
  '/admin': overview.loader,
  '/admin/users': users.loader,
  '/admin/properties': properties.loader,
  '/dashboard/buildings': managerBuildings.loader,
  '/admin/applications': applications.loader,
  '/admin/mailbox': mailbox.loader,
  '/admin/messages': adminMessages.loader,
  '/admin/notifications': adminNotifications.loader,
  '/admin-debug': debug.loader,
  '/admin/system': adminSystem.loader,
  '/admin/database': adminDatabase.loader,
  '/admin/tenants': staffTenants.loader,
  '/admin/payments': staffPayments.loader,
  '/admin/projects': adminProjects.loader,
  '/admin/maintenance': staffMaintenance.loader,
  '/admin/vendors': adminVendors.loader,
  '/admin/assignments': staffAssignments.loader,
};

/** The route module whose loader serves `path`, with its params (routes.ts). */
function routeFor(path: string): { loader: RouteHandler; params: Record<string, string> } {
  const loader = TABLE_LOADERS[path];
  if (!loader) throw new Error(`No route module mapped for ${path}`);
  return { loader: loader as RouteHandler, params: {} };
}

const database = useTestDatabase();
let context: DimoraLoadContext;
let visitors: GuardVisitors;

beforeAll(async () => {
  context = testContext(database, { clientIp: '192.0.2.50' });
  visitors = await signInVisitors(context, { domain: 'guards.test', name: 'Guard', passwords: visitorPasswords('guard-pass') });
  for (const role of ROLES) expect(visitors.cookies.get(role)).toContain('dimora.session_token=');
});

/** A route module is guarded when it calls a role check itself or through `withRole`. */
const GUARD_CALL = /require(Api)?(Role|Staff)\(|withRole\(/;

describe('protected routes (spec §2, §6)', () => {
  it('the table covers the dashboard, both portals, /admin, every admin section and /admin-debug', () => {
    expect(PROTECTED_ROUTES.map((entry) => entry.path)).toEqual(
      expect.arrayContaining([
        '/dashboard',
        '/tenant-portal',
        '/vendor-portal',
        '/owner-portal',
        '/admin',
        '/admin/users',
        '/admin/mailbox',
        '/admin/projects',
        '/admin-debug',
      ]),
    );
    // /dashboard, three portals, /admin, each admin section, /admin-debug, /dashboard/buildings.
    expect(PROTECTED_ROUTES).toHaveLength(5 + ADMIN_SECTIONS.length + 2);
  });

  const cases = PROTECTED_ROUTES.flatMap((entry) => VISITORS.map((visitor) => ({ ...entry, visitor })));
  it.each(cases)('$path as $visitor (requires $requires)', async ({ path, requires, visitor }) => {
    const { loader, params } = routeFor(path);
    const result = await settle(() => loader({ request: visitors.requestAs(visitor, path), params, context }));
    expectGuarded(result, visitor, path, requires);
  });

  // Staff pages of one record (decision 022): guarded like the table; for the roles let in,
  // an id nobody has (no lease in this database) is a 404, never a page or a 500.
  const RECORD_ROUTES: GuardedRoute[] = [
    ...staffRoutes('/leases/1', staffLease.loader, { params: { leaseId: '1' }, record: true }),
    ...staffRoutes('/leases/1/pdf', staffLeasePdf.loader, { params: { leaseId: '1' }, record: true }),
    recordRoute('/admin/vendors/1', 'admin', adminVendor.loader, { vendorId: '1' }),
    // Decision 061: owners (admin) and the owner portal's building page (an id nobody holds: 404).
    { path: '/admin/owners', requires: 'admin', loader: adminOwners.loader, params: {} },
    recordRoute('/admin/owners/999999', 'admin', adminOwner.loader, { ownerId: '999999' }),
    recordRoute('/owner-portal/buildings/999999', 'owner', ownerBuilding.loader, { buildingId: '999999' }),
    recordRoute('/owner-portal/statements/999999/pdf', 'owner', ownerStatementPdf.loader, { statementId: '999999' }),
    recordRoute('/admin/owners/1/statements/999999/pdf', 'admin', adminOwnerStatementPdf.loader, { ownerId: '1', statementId: '999999' }),
  ];
  it.each(visitsOf(RECORD_ROUTES))('$path as $visitor (requires $requires)', (visit) => expectRouteGuarded(visitors, context, visit));

  // The vendor portal's pages beyond the overview (decision 030).
  it.each(VISITORS)('/vendor-portal/profile as %s (requires vendor)', async (visitor) => {
    const result = await settle(() =>
      (vendorProfile.loader as unknown as RouteHandler)({
        request: visitors.requestAs(visitor, '/vendor-portal/profile'),
        params: {},
        context,
      }),
    );
    expectGuarded(result, visitor, '/vendor-portal/profile', 'vendor');
  });

  it.each(VISITORS)('the /admin layout loader guards too (as %s)', async (visitor) => {
    const result = await settle(() =>
      (adminLayout.loader as unknown as RouteHandler)({ request: visitors.requestAs(visitor, '/admin/users'), params: {}, context }),
    );
    expectGuarded(result, visitor, '/admin/users', 'admin');
  });

  // The operations pages' commands (decision 019): settings, retry, backup download.
  const OPS_ACTIONS: GuardedCommand[] = [
    {
      path: '/admin/system',
      requires: 'admin',
      action: adminSystem.action,
      fields: { intent: 'fees', applicationFee: '1', depositMonths: '0' },
    },
    { path: '/admin/database', requires: 'admin', action: adminDatabase.action, fields: { intent: 'retry', jobId: '1' } },
    { path: '/admin/database/backup', requires: 'admin', action: databaseBackup.action, fields: {} },
  ];
  // "Nothing" but the refusal itself: a signed-in visitor's wrong-role refusal is audited as
  // `access_denied` (decision 023), so those entries are left out of the counts.
  it.each(VISITORS.filter((visitor) => visitor !== 'admin'))('the operations actions refuse %s before doing anything', (visitor) =>
    expectCommandsRefused(database.db, visitors, context, visitor, OPS_ACTIONS),
  );

  // The tenants pages (decision 020 and 022): the directory and a tenant's page, admin and
  // manager. An allowed visitor asking for an unknown tenant gets a 404, never another's data.
  const TENANT_ROUTES: GuardedRoute[] = [
    ...staffRoutes('/tenants', staffTenants.loader),
    ...staffRoutes('/tenants/no-such-user', staffTenant.loader, { params: { userId: 'no-such-user' }, record: true }),
  ];
  it.each(visitsOf(TENANT_ROUTES))('$path as $visitor (requires $requires)', (visit) => expectRouteGuarded(visitors, context, visit));

  // The payments pages (decision 020 and 022): list, CSV, one payment, admin and manager. An
  // allowed visitor asking for an unknown payment gets a 404; the CSV is a download.
  const PAYMENT_ROUTES: GuardedRoute[] = [
    { path: '/admin/payments.csv', requires: 'admin', loader: adminPaymentsCsv.loader, params: {} },
    { path: '/dashboard/payments', requires: 'property_manager', loader: staffPayments.loader, params: {} },
    // The financial reports (decision 058), admin and manager.
    { path: '/admin/reports', requires: 'admin', loader: staffReports.loader, params: {} },
    { path: '/dashboard/reports', requires: 'property_manager', loader: staffReports.loader, params: {} },
    { path: '/admin/reports.csv', requires: 'admin', loader: staffReportsCsv.loader, params: {} },
    { path: '/dashboard/reports.csv', requires: 'property_manager', loader: staffReportsCsv.loader, params: {} },
    ...staffRoutes('/payments/999999', staffPayment.loader, { params: { paymentId: '999999' }, record: true }),
  ];
  it.each(visitsOf(PAYMENT_ROUTES))('$path as $visitor (requires $requires)', async (visit) => {
    const { path, requires, loader, params, visitor } = visit;
    if (!(admits(visitor, requires) && path.endsWith('.csv'))) return expectRouteGuarded(visitors, context, visit);
    const result = await settle(() => (loader as RouteHandler)({ request: visitors.requestAs(visitor, path), params, context }));
    expect((result as Response).status).toBe(200);
    expect((result as Response).headers.get('content-type')).toMatch(/^text\/csv/);
  });

  // The maintenance queue (decision 026): queue and request, admin and manager. An allowed
  // visitor asking for an unknown request gets a 404; commands refuse the others before anything.
  const MAINTENANCE_ROUTES: (GuardedRoute & { action?: unknown })[] = [
    { path: '/admin/maintenance?view=board', requires: 'admin', loader: staffMaintenance.loader, params: {} },
    { path: '/dashboard/maintenance', requires: 'property_manager', loader: staffMaintenance.loader, params: {} },
    ...staffRoutes('/maintenance/999999', staffMaintenanceRequest.loader, { params: { requestId: '999999' }, record: true }).map(
      (route) => ({ ...route, action: staffMaintenanceRequest.action }),
    ),
  ];
  it.each(visitsOf(MAINTENANCE_ROUTES))('$path as $visitor (requires $requires)', async (visit) => {
    await expectRouteGuarded(visitors, context, visit);
    const { path, requires, action, params, visitor } = visit;
    if (action && !admits(visitor, requires)) {
      const post = visitors.requestAs(visitor, path, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'triage', priority: 'urgent', category: 'hvac' }),
      });
      expectGuarded(await settle(() => (action as RouteHandler)({ request: post, params, context })), visitor, path, requires);
    }
  });

  // Work orders and invoices (decision 029): the vendor portal's pages and the
  // staff assignments pages. For the roles let in, an id nobody has is a 404, never a page or a 500.
  const WORK_ORDER_ROUTES: GuardedRoute[] = [
    { path: '/vendor-portal/work-orders', requires: 'vendor', loader: vendorWorkOrders.loader, params: {} },
    recordRoute('/vendor-portal/work-orders/999999', 'vendor', vendorWorkOrder.loader, { workOrderId: '999999' }),
    { path: '/vendor-portal/invoices', requires: 'vendor', loader: vendorInvoices.loader, params: {} },
    { path: '/vendor-portal/invoices/new', requires: 'vendor', loader: vendorInvoiceNew.loader, params: {} },
    recordRoute('/vendor-portal/invoices/999999/pdf', 'vendor', vendorInvoicePdf.loader, { invoiceId: '999999' }),
    { path: '/dashboard/assignments', requires: 'property_manager', loader: staffAssignments.loader, params: {} },
    ...staffRoutes('/assignments/999999', staffAssignment.loader, { params: { workOrderId: '999999' }, record: true }),
    ...staffRoutes('/assignments/invoices/999999/pdf', staffInvoicePdf.loader, { params: { invoiceId: '999999' }, record: true }),
  ];
  it.each(visitsOf(WORK_ORDER_ROUTES))('$path as $visitor (requires $requires)', (visit) => expectRouteGuarded(visitors, context, visit));

  const cancel = { intent: 'cancel', reason: 'guard test' };
  const ASSIGNMENT_ACTIONS: GuardedCommand[] = [
    ...staffCommands('/assignments/1', staffAssignment.action, cancel, { workOrderId: '1' }),
    {
      path: '/vendor-portal/work-orders/1',
      requires: 'vendor',
      action: vendorWorkOrder.action,
      fields: { intent: 'accept' },
      params: { workOrderId: '1' },
    },
  ];
  it.each(VISITORS.filter((visitor) => visitor !== 'admin'))('the assignments actions refuse %s before doing anything', (visitor) =>
    expectCommandsRefused(database.db, visitors, context, visitor, ASSIGNMENT_ACTIONS),
  );

  const refund = { intent: 'refund', amount: '1.00', idempotencyKey: 'guard-refund-key-0123456789' };
  const REFUND_ACTIONS = staffCommands('/payments/1', staffPayment.action, refund, { paymentId: '1' });
  it.each(VISITORS.filter((visitor) => visitor !== 'admin'))('the refund actions refuse %s before doing anything', (visitor) =>
    expectCommandsRefused(database.db, visitors, context, visitor, REFUND_ACTIONS),
  );

  it('a signed-out visitor is sent to /auth with the page and its query remembered', async () => {
    const result = await settle(() =>
      users.loader({ request: visitors.requestAs('anonymous', '/admin/users?q=ada&page=2'), params: {}, context } as never),
    );
    expect((result as Response).headers.get('location')).toBe(`/auth?redirectTo=${encodeURIComponent('/admin/users?q=ada&page=2')}`);
  });

  it('an unknown path under /admin is the site-wide 404 for an admin, a redirect for anyone else', async () => {
    const thrown = await settle(() => notFound.loader()).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 404 } });
    // The area's frame answers first: the same redirects as on every staff page.
    const path = '/admin/no-such-section';
    for (const visitor of ['anonymous', 'tenant', 'property_manager'] as const) {
      const frame = await settle(() => adminLayout.loader({ request: visitors.requestAs(visitor, path), params: {}, context } as never));
      const expected = visitor === 'anonymous' ? `/auth?redirectTo=${encodeURIComponent(path)}` : '/';
      expect((frame as Response).headers.get('location'), visitor).toBe(expected);
    }
  });

  it('a session that was deleted (signed out elsewhere) counts as signed out', async () => {
    const email = 'ephemeral@guards.test';
    const { cookie, ...created } = await createSignedInUser(context, { email, password: 'fleeting-pass-1', role: 'tenant' });
    await database.db.delete(session).where(eq(session.userId, created.id));
    const request = new Request('http://dimora.test/dashboard', { headers: { cookie } });
    const result = await settle(() => dashboard.loader({ request, params: {}, context } as never));
    expect((result as Response).headers.get('location')).toBe('/auth?redirectTo=%2Fdashboard');
  });
});

describe('page data for the allowed roles', () => {
  it('the dashboard shows the viewer, their role and their security status', async () => {
    const data = (await dashboard.loader({
      request: visitors.requestAs('property_manager', '/dashboard'),
      params: {},
      context,
    } as never)) as Awaited<ReturnType<typeof dashboard.loader>>;
    expect(data.profile).toEqual({ name: 'Guard property_manager', email: 'property_manager@guards.test', role: 'property_manager' });
    expect(data.managedProperties).toBe(0);
    expect(data.security.status).toBe('secure');
    expect(data.meta.title).toBe('Dashboard');
  });

  it('the mailbox lists stored e-mails newest first and says which mailer is in use', async () => {
    await database.db.insert(mailMessage).values([
      { to: 'a@example.test', subject: 'First', text: 'one', createdAt: new Date(Date.now() - 60_000) },
      { to: 'b@example.test', subject: 'Second <b>bold</b>', text: 'two', html: '<b>two</b>' },
    ]);
    const data = (await mailbox.loader({
      request: visitors.requestAs('admin', '/admin/mailbox'),
      params: {},
      context,
    } as never)) as Awaited<ReturnType<typeof mailbox.loader>>;
    expect(data.mailerKind).toBe('mailbox');
    expect(data.mailbox.items.slice(0, 2).map((item) => item.subject)).toEqual(['Second <b>bold</b>', 'First']);
    expect(data.mailbox.items[0]).not.toHaveProperty('html');
  });

  it('the diagnostics page reports the database engine and no environment values', async () => {
    const data = (await debug.loader({ request: visitors.requestAs('admin', '/admin-debug'), params: {}, context } as never)) as Awaited<
      ReturnType<typeof debug.loader>
    >;
    expect(data.facts.database.kind).toBe(database.label === 'postgres' ? 'postgres' : 'pglite');
    expect(data.facts.node.version).toBe(process.version);
    expect(data.facts.mailer).toBe('mailbox');
    expect(data.facts.counts.users).toBeGreaterThanOrEqual(4);
    const text = JSON.stringify(data.facts);
    expect(text).not.toContain('test-secret');
    expect(text).not.toMatch(/postgres(ql)?:\/\//);
  });
});

describe('/admin/users actions', () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);
  const post = (visitor: Visitor, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    visitors.requestAs(visitor, '/admin/users', { method: 'POST', body: form(fields), headers });
  const runAction = (request: Request) => settle(() => users.action({ request, params: {}, context } as never));

  async function snapshot() {
    const [users_] = await database.db.select({ n: count() }).from(user);
    const [audits] = await database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.tableName, 'user'));
    const tenant = await database.db
      .select({ role: user.role, banned: user.banned })
      .from(user)
      .where(eq(user.id, visitors.ids.get('tenant')!));
    const sessions = await database.db
      .select({ n: count() })
      .from(session)
      .where(eq(session.userId, visitors.ids.get('tenant')!));
    return { users: users_?.n, audits: audits?.n, tenant, sessions: sessions[0]?.n };
  }

  const intents = (): Record<string, string>[] => [
    { intent: 'create', email: 'intruder@guards.test', fullName: 'Intruder', password: 'outsider-pass-9', role: 'admin' },
    { intent: 'set-role', userId: visitors.ids.get('tenant')!, role: 'admin' },
    { intent: 'ban', userId: visitors.ids.get('tenant')!, reason: 'nope' },
    { intent: 'unban', userId: visitors.ids.get('tenant')! },
  ];

  it.each(['anonymous', 'tenant', 'vendor', 'property_manager'] as const)(
    'every action refuses %s and changes nothing',
    async (visitor) => {
      const before = await snapshot();
      for (const fields of intents()) {
        const result = await runAction(post(visitor, fields));
        expect(result, fields.intent).toBeInstanceOf(Response);
        const response = result as Response;
        expect(response.status).toBe(302);
        expect(response.headers.get('location')).toBe(
          visitor === 'anonymous' ? `/auth?redirectTo=${encodeURIComponent('/admin/users')}` : '/',
        );
      }
      expect(await snapshot()).toEqual(before);
      expect(await database.db.select().from(user).where(eq(user.email, 'intruder@guards.test'))).toHaveLength(0);
    },
  );

  it('an admin creates a staff account (data for an enhanced post, 303 for a plain browser post)', async () => {
    const enhanced = answerOf(
      await runAction(
        post('admin', {
          intent: 'create',
          email: 'new.manager@guards.test',
          fullName: 'New Manager',
          password: 'new-manager-pass',
          role: 'property_manager',
        }),
      ),
    );
    expect(enhanced.status).toBe(200);
    expect(enhanced.body).toMatchObject({ ok: true, intent: 'create', changed: true });
    const [created] = await database.db.select().from(user).where(eq(user.email, 'new.manager@guards.test'));
    expect(created).toMatchObject({ role: 'property_manager', emailVerified: true });

    const plain = await runAction(
      post(
        'admin',
        { intent: 'create', email: 'plain.admin@guards.test', fullName: 'Plain Admin', password: 'plain-admin-pass', role: 'admin' },
        { 'sec-fetch-mode': 'navigate' },
      ),
    );
    expect(plain).toBeInstanceOf(Response);
    const location = new URL((plain as Response).headers.get('location')!, 'http://dimora.test');
    expect((plain as Response).status).toBe(303);
    expect(location.pathname).toBe('/admin/users');
    expect(location.searchParams.get('done')).toBe('create');
    expect(location.searchParams.get('q')).toBe('plain.admin@guards.test');
  });

  it('answers 422 with field messages and the typed values (never the password), 404 for an unknown user, 400 for an unknown intent', async () => {
    const duplicate = answerOf(
      await runAction(
        post('admin', { intent: 'create', email: 'TENANT@guards.test', fullName: 'Copy', password: 'copy-pass-123', role: 'tenant' }),
      ),
    );
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors).toEqual({ email: 'An account with this e-mail address already exists.' });
    expect(duplicate.body.values).toEqual({ email: 'TENANT@guards.test', fullName: 'Copy', role: 'tenant' });

    const italian = answerOf(
      await runAction(
        post(
          'admin',
          { intent: 'create', email: 'x@guards.test', fullName: 'X', password: '123', role: 'tenant' },
          { cookie: `${visitors.cookies.get('admin')}; language=it` },
        ),
      ),
    );
    expect(italian.status).toBe(422);
    expect(italian.body.errors).toEqual({ password: 'La password deve contenere almeno 8 caratteri' });

    const missing = answerOf(await runAction(post('admin', { intent: 'ban', userId: 'no-such-user' })));
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual({ form: 'This account does not exist (any more).' });

    const unknown = answerOf(await runAction(post('admin', { intent: 'delete-everything', userId: visitors.ids.get('tenant')! })));
    expect(unknown.status).toBe(400);
  });

  it('ban and unban through the action: the banned user is signed out at once', async () => {
    const email = 'ban-me@guards.test';
    const { cookie, ...created } = await createSignedInUser(context, { email, password: 'banished-pass-1', role: 'vendor' });
    const asVendor = () => new Request('http://dimora.test/vendor-portal', { headers: { cookie } });
    expect(await settle(() => vendorPortal.loader({ request: asVendor(), params: {}, context } as never))).not.toBeInstanceOf(Response);

    const banned = answerOf(await runAction(post('admin', { intent: 'ban', userId: created.id, reason: 'Fake invoices' })));
    expect(banned.body).toMatchObject({ ok: true, intent: 'ban', changed: true });
    const after = await settle(() => vendorPortal.loader({ request: asVendor(), params: {}, context } as never));
    expect((after as Response).headers.get('location')).toBe('/auth?redirectTo=%2Fvendor-portal');
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user_banned'), eq(auditLog.userId, visitors.ids.get('admin')!)));
    expect(audit?.newValues).toMatchObject({ target_user_id: created.id, reason: 'Fake invoices', sessions_ended: 1 });

    const selfBan = answerOf(await runAction(post('admin', { intent: 'ban', userId: visitors.ids.get('admin')! })));
    expect(selfBan.status).toBe(422);

    const lifted = answerOf(await runAction(post('admin', { intent: 'unban', userId: created.id })));
    expect(lifted.body).toMatchObject({ ok: true, intent: 'unban', changed: true });
    const [row] = await database.db.select({ banned: user.banned }).from(user).where(eq(user.id, created.id));
    expect(row?.banned).toBe(false);
  });

  it('the list page searches and opens one account’s panel', async () => {
    const data = (await users.loader({
      request: visitors.requestAs('admin', `/admin/users?q=GUARDS.TEST&user=${visitors.ids.get('vendor')}`),
      params: {},
      context,
    } as never)) as Awaited<ReturnType<typeof users.loader>>;
    expect(data.list.q).toBe('GUARDS.TEST');
    expect(data.list.items.every((row) => row.email.endsWith('@guards.test'))).toBe(true);
    expect(data.selected).toMatchObject({ id: visitors.ids.get('vendor'), role: 'vendor', activeSessions: 1 });
    expect(data.viewerId).toBe(visitors.ids.get('admin'));
  });
});

/**
 * Two-factor sign-in is required for staff (decision 023): an admin or property manager who has
 * not enrolled reaches only /dashboard/security. Walks every route of app/routes.ts whose module
 * calls a guard: each loader and action sends such a visitor to the enrolment page (pages) or
 * answers 403 `two_factor_required` (API endpoints), before doing anything.
 */
describe('staff without two-factor sign-in (decision 023)', () => {
  type RouteEntry = { file: string; path?: string; children?: RouteEntry[] };
  const modules = import.meta.glob<Record<string, unknown>>('../../app/routes/**/*.{ts,tsx}');
  const sources = import.meta.glob<string>('../../app/routes/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
  const unenrolled = new Map<'admin' | 'property_manager', string>();

  function flatten(entries: RouteEntry[], prefix = ''): { file: string; path: string }[] {
    return entries.flatMap((entry) => {
      const path = entry.path === undefined ? prefix : `${prefix}/${entry.path}`.replace(/\/+/g, '/');
      const children = flatten(entry.children ?? [], path);
      // A pathless layout (the staff frames) runs with its pages: request it at its first page's path.
      const own = entry.path === undefined && children.length > 0 ? children[0]!.path : path || '/';
      return [{ file: entry.file, path: own }, ...children];
    });
  }

  beforeAll(async () => {
    for (const role of ['admin', 'property_manager'] as const) {
      const email = `unenrolled-${role}@guards.test`;
      await createVerifiedUser(database.db, { email, password: 'first-day-pass-1', role, name: `Unenrolled ${role}` });
      // Signed in with the password only: not enrolled yet, as on the first day.
      const signedIn = await signInForTest(context, { email, password: 'first-day-pass-1' }, { enrol: false });
      unenrolled.set(role, signedIn.cookie);
    }
  });

  it('the walk covers every guarded route module', async () => {
    const config = (await import('~/routes')).default as unknown as RouteEntry[];
    const guarded = flatten(config).filter(({ file }) => GUARD_CALL.test(sources[`../../app/${file}`] ?? ''));
    expect(guarded.length).toBeGreaterThan(40);
    expect(guarded.map((entry) => entry.path)).toEqual(
      expect.arrayContaining([
        '/admin/payments.csv',
        '/dashboard/leases/:leaseId/pdf',
        '/admin/database/backup',
        '/api/inbox',
        '/api/photos/:owner/:ownerId/upload',
        '/dashboard/security',
      ]),
    );
  });

  it.each(['admin', 'property_manager'] as const)('every guarded loader and action sends an unenrolled %s to enrolment', async (role) => {
    const config = (await import('~/routes')).default as unknown as RouteEntry[];
    const guarded = flatten(config).filter(({ file }) => GUARD_CALL.test(sources[`../../app/${file}`] ?? ''));
    const [auditsBefore] = await database.db.select({ n: count() }).from(auditLog);
    const outcomes: string[] = [];
    for (const { file, path } of guarded) {
      const load = modules[`../../app/${file}`];
      if (!load) throw new Error(`no module for ${file}`);
      const mod = await load();
      const params = Object.fromEntries([...path.matchAll(/:(\w+)/g)].map((match) => [match[1]!, match[1] === 'owner' ? 'building' : '1']));
      const url = path.replace(/:(\w+)/g, (_, name: string) => params[name]!);
      // Private files (decision 056) answer like the API: an <img> cannot follow a redirect to enrolment.
      const api = url.startsWith('/api/') || url.startsWith('/files/');
      for (const kind of ['loader', 'action'] as const) {
        const fn = mod[kind] as RouteHandler | undefined;
        if (!fn) continue;
        const init: RequestInit = kind === 'action' ? { method: 'POST', body: new URLSearchParams({ intent: 'x' }) } : {};
        const request = new Request(`http://dimora.test${url}`, { ...init, headers: { cookie: unenrolled.get(role)! } });
        const result = await settle(() => fn({ request, params, context })).catch((error: unknown) => error);
        if (file === 'routes/dashboard/security.tsx') {
          // The enrolment page itself opens.
          if (kind === 'loader') expect(result).toMatchObject({ enabled: false, mustEnrol: true });
          continue;
        }
        const status = (result as { init?: { status?: number } }).init?.status;
        if (api && kind === 'loader' && status === 405) {
          // A POST-only endpoint refuses a GET before reading anything.
          expect(result).toMatchObject({ data: { error: 'method_not_allowed' } });
        } else if (api) {
          expect(result, `${kind} ${path}`).toMatchObject({ data: { error: 'two_factor_required' }, init: { status: 403 } });
        } else {
          expect(result, `${kind} ${path}`).toBeInstanceOf(Response);
          expect((result as Response).headers.get('location'), `${kind} ${path}`).toBe('/dashboard/security');
        }
        outcomes.push(`${kind} ${path}`);
      }
    }
    expect(outcomes.length).toBeGreaterThan(50);
    const [auditsAfter] = await database.db.select({ n: count() }).from(auditLog);
    expect(auditsAfter?.n).toBe(auditsBefore?.n);
  });

  it('once enrolled, the same account reaches its pages', async () => {
    const signedIn = await signInForTest(context, { email: 'unenrolled-admin@guards.test', password: 'first-day-pass-1' });
    const result = await settle(() =>
      overview.loader({
        request: new Request('http://dimora.test/admin', { headers: { cookie: signedIn.cookie } }),
        params: {},
        context,
      } as never),
    );
    expect(result).not.toBeInstanceOf(Response);
    expect(result).toEqual(expect.objectContaining({ i18n: expect.any(Object) }));
  });
});
