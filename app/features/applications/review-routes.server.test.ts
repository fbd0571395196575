/**
 * The two review pages through their route modules, with real better-auth sessions:
 * /admin/applications (admins only) and /dashboard (a property manager's scoped review, an
 * applicant's withdrawal). Refused posts change nothing.
 */
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '~/lib/access';
import * as dashboard from '~/routes/dashboard/_index';
import * as adminApplications from '~/routes/admin/applications';
import { application, auditLog, lease, property } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { answerOf, settle } from '../../../tests/setup/action-result';
import { createApplication, createProperty } from '../../../tests/setup/factories';
import { testContext, useTestDatabase } from '../../../tests/setup/test-db';
import { signInVisitors, type GuardVisitors } from '../../../tests/setup/route-guards';
import { REVIEW_NOTE_MAX } from './applications.types';

const database = useTestDatabase();
let context: DimoraLoadContext;
let visitors: GuardVisitors;
let managed: { id: number };
let foreign: { id: number };

beforeAll(async () => {
  context = testContext(database, { clientIp: '192.0.2.77' });
  visitors = await signInVisitors(context, { domain: 'review-routes.test', name: 'Route', password: 'route-sturdy-pass' });
  managed = await createProperty(database.db, { managerId: visitors.ids.get('property_manager')!, title: 'Route Managed' });
  foreign = await createProperty(database.db, { title: 'Route Foreign' });
});

function requestAs(role: Role, path: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  if (!headers.has('cookie')) headers.set('cookie', visitors.cookies.get(role)!);
  return new Request(`http://dimora.test${path}`, { ...init, headers });
}

function post(role: Role, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return requestAs(role, path, { method: 'POST', body: new URLSearchParams(fields), headers });
}

const adminAction = (request: Request) => settle(() => adminApplications.action({ request, params: {}, context } as never));
const dashboardAction = (request: Request) => settle(() => dashboard.action({ request, params: {}, context } as never));

async function statusOf(id: number) {
  const [row] = await database.db.select({ status: application.status }).from(application).where(eq(application.id, id));
  return row?.status;
}

async function writes() {
  const [audits] = await database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'application_status_changed'));
  const [leases] = await database.db.select({ n: count() }).from(lease);
  return { audits: audits?.n, leases: leases?.n };
}

describe('/admin/applications', () => {
  it('lists, filters and opens one application for an admin; an unknown or malformed id answers 404', async () => {
    const app = await createApplication(database.db, { propertyId: foreign.id, firstName: 'Zelda' });
    const data = (await adminApplications.loader({
      request: requestAs('admin', `/admin/applications?status=submitted&q=zelda&id=${app.id}`),
      params: {},
      context,
    } as never)) as Awaited<ReturnType<typeof adminApplications.loader>>;
    expect(data.review.filters).toMatchObject({ status: 'submitted', q: 'zelda', propertyId: null, page: 1 });
    expect(data.review.list.items.map((item) => item.reference)).toEqual([app.reference]);
    expect(data.review.selected).toMatchObject({ id: app.id, firstName: 'Zelda', property: { title: 'Route Foreign' } });
    expect(data.meta.title).toBe('Applications');

    for (const id of ['99999999', 'abc', '-1', '1e3', '99999999999']) {
      const missing = await settle(() =>
        adminApplications.loader({ request: requestAs('admin', `/admin/applications?id=${id}`), params: {}, context } as never),
      );
      expect(missing, id).toMatchObject({ init: { status: 404 } });
    }
    // Garbage in the filters is ignored; an empty `id` opens no panel.
    const garbage = (await adminApplications.loader({
      request: requestAs('admin', '/admin/applications?status=nope&property=-3&page=zz&id='),
      params: {},
      context,
    } as never)) as Awaited<ReturnType<typeof adminApplications.loader>>;
    expect(garbage.review.filters).toEqual({ status: null, propertyId: null, q: '', page: 1 });
    expect(garbage.review.selected).toBeNull();
  });

  it('moves an application through review: data for an enhanced post, a 303 back to the panel for a plain one', async () => {
    const app = await createApplication(database.db, { propertyId: managed.id });
    const enhanced = answerOf(await adminAction(post('admin', '/admin/applications', { intent: 'review', applicationId: String(app.id) })));
    expect(enhanced).toMatchObject({ status: 200, body: { ok: true, intent: 'review', applicationId: app.id, status: 'under_review' } });

    const plain = await adminAction(
      post(
        'admin',
        '/admin/applications?status=under_review',
        { intent: 'approve', applicationId: String(app.id), note: 'See you soon' },
        { 'sec-fetch-mode': 'navigate' },
      ),
    );
    expect(plain).toBeInstanceOf(Response);
    expect((plain as Response).status).toBe(303);
    const location = new URL((plain as Response).headers.get('location')!, 'http://dimora.test');
    expect(location.pathname).toBe('/admin/applications');
    expect(Object.fromEntries(location.searchParams)).toEqual({ status: 'under_review', id: String(app.id), done: 'approve' });
    expect(await statusOf(app.id)).toBe('approved');
    const [home] = await database.db.select({ status: property.status }).from(property).where(eq(property.id, managed.id));
    expect(home?.status).toBe('leased');
    await database.db.update(property).set({ status: 'available' }).where(eq(property.id, managed.id));
  });

  it('answers 409 with the current status, 422 for a long note, 404 for an unknown id, 400 for an unknown intent', async () => {
    const app = await createApplication(database.db, { propertyId: foreign.id, status: 'rejected' });
    const stale = answerOf(await adminAction(post('admin', '/admin/applications', { intent: 'review', applicationId: String(app.id) })));
    expect(stale.status).toBe(409);
    expect(stale.body.errors).toEqual({
      form: 'This application is rejected now, so this step is no longer possible. The page shows its current state.',
    });

    const italian = answerOf(
      await adminAction(
        post(
          'admin',
          '/admin/applications',
          { intent: 'review', applicationId: String(app.id) },
          { cookie: `${visitors.cookies.get('admin')}; language=it` },
        ),
      ),
    );
    expect(italian.body.errors.form).toContain('respinta');

    const open = await createApplication(database.db, { propertyId: foreign.id });
    const long = answerOf(
      await adminAction(
        post('admin', '/admin/applications', { intent: 'reject', applicationId: String(open.id), note: 'n'.repeat(REVIEW_NOTE_MAX + 1) }),
      ),
    );
    expect(long.status).toBe(422);
    expect(long.body.errors).toEqual({ note: `The note must be at most ${REVIEW_NOTE_MAX} characters long.` });
    expect(await statusOf(open.id)).toBe('submitted');

    expect(answerOf(await adminAction(post('admin', '/admin/applications', { intent: 'approve', applicationId: '99999999' }))).status).toBe(
      404,
    );
    expect(answerOf(await adminAction(post('admin', '/admin/applications', { intent: 'approve', applicationId: 'abc' }))).status).toBe(404);
    expect(
      answerOf(await adminAction(post('admin', '/admin/applications', { intent: 'withdraw', applicationId: String(open.id) }))).status,
    ).toBe(400);
    expect(
      answerOf(await adminAction(post('admin', '/admin/applications', { intent: 'delete', applicationId: String(open.id) }))).status,
    ).toBe(400);
  });

  it.each(['tenant', 'vendor', 'property_manager'] as const)('refuses %s (redirect home) and changes nothing', async (role) => {
    const app = await createApplication(database.db, { propertyId: managed.id, status: 'under_review' });
    const before = await writes();
    for (const intent of ['review', 'approve', 'reject']) {
      const result = await adminAction(post(role, '/admin/applications', { intent, applicationId: String(app.id) }));
      expect((result as Response).status).toBe(302);
      expect((result as Response).headers.get('location')).toBe('/');
    }
    expect(await statusOf(app.id)).toBe('under_review');
    expect(await writes()).toEqual(before);
  });
});

describe('/dashboard', () => {
  it('a property manager reviews only the applications for the properties they manage', async () => {
    const mine = await createApplication(database.db, { propertyId: managed.id, firstName: 'Mona' });
    const theirs = await createApplication(database.db, { propertyId: foreign.id, firstName: 'Otto' });
    const load = (query: string) =>
      settle(() => dashboard.loader({ request: requestAs('property_manager', `/dashboard${query}`), params: {}, context } as never));
    const refusals = () =>
      database.db
        .select({ values: auditLog.newValues })
        .from(auditLog)
        .where(and(eq(auditLog.userId, visitors.ids.get('property_manager')!), eq(auditLog.action, 'access_denied')));

    const before = (await refusals()).length;
    expect(await load(`?id=${theirs.id}`)).toMatchObject({ init: { status: 404 } });
    const recorded = await refusals();
    expect(recorded).toHaveLength(before + 1);
    expect(recorded.at(-1)!.values).toMatchObject({ object_id: String(theirs.id), reason: 'not_managed' });
    for (const unknown of ['2000000000', 'abc', '0']) {
      expect(await load(`?id=${unknown}`), unknown).toMatchObject({ init: { status: 404 } });
    }
    // Unknown and malformed ids name nothing to protect: not recorded.
    expect(await refusals()).toHaveLength(before + 1);

    const data = (await load(`?id=${mine.id}`)) as Awaited<ReturnType<typeof dashboard.loader>>;
    expect(data.review!.selected).toMatchObject({ id: mine.id, firstName: 'Mona', property: { title: 'Route Managed' } });
    const references = data.review!.list.items.map((item) => item.reference);
    expect(references).toContain(mine.reference);
    expect(references).not.toContain(theirs.reference);
    expect(data.review!.properties.map((option) => option.id)).toEqual([managed.id]);

    const writesBefore = await writes();
    const refused = answerOf(
      await dashboardAction(post('property_manager', '/dashboard', { intent: 'reject', applicationId: String(theirs.id) })),
    );
    expect(refused.status).toBe(404);
    expect(refused.body.errors).toEqual({ form: 'This application does not exist, or it is not one you can change.' });
    expect(await statusOf(theirs.id)).toBe('submitted');
    expect(await writes()).toEqual(writesBefore);

    const done = answerOf(
      await dashboardAction(post('property_manager', '/dashboard', { intent: 'review', applicationId: String(mine.id) })),
    );
    expect(done.body).toMatchObject({ ok: true, status: 'under_review' });
  });

  it('other roles get no review section and may not post staff commands', async () => {
    const app = await createApplication(database.db, { propertyId: managed.id });
    for (const role of ['tenant', 'vendor', 'admin'] as const) {
      const data = (await dashboard.loader({ request: requestAs(role, '/dashboard'), params: {}, context } as never)) as Awaited<
        ReturnType<typeof dashboard.loader>
      >;
      expect(data.review).toBeNull();
      const refused = answerOf(await dashboardAction(post(role, '/dashboard', { intent: 'approve', applicationId: String(app.id) })));
      expect(refused.status).toBe(400);
    }
    expect(await statusOf(app.id)).toBe('submitted');
  });

  it('an applicant sees their applications and withdraws one (303 with a notice without JavaScript)', async () => {
    const own = await createApplication(database.db, { propertyId: foreign.id, userId: visitors.ids.get('tenant')! });
    await createApplication(database.db, { propertyId: foreign.id, userId: visitors.ids.get('vendor')! });
    const data = (await dashboard.loader({ request: requestAs('tenant', '/dashboard'), params: {}, context } as never)) as Awaited<
      ReturnType<typeof dashboard.loader>
    >;
    expect(data.applications.map((row) => row.reference)).toEqual([own.reference]);
    expect(data.applications[0]).toMatchObject({ canWithdraw: true, propertyTitle: 'Route Foreign', status: 'submitted' });

    const stranger = answerOf(await dashboardAction(post('vendor', '/dashboard', { intent: 'withdraw', applicationId: String(own.id) })));
    expect(stranger.status).toBe(404);
    expect(await statusOf(own.id)).toBe('submitted');

    const plain = await dashboardAction(
      post('tenant', '/dashboard', { intent: 'withdraw', applicationId: String(own.id) }, { 'sec-fetch-mode': 'navigate' }),
    );
    expect((plain as Response).status).toBe(303);
    expect((plain as Response).headers.get('location')).toBe('/dashboard?done=withdraw');
    expect(await statusOf(own.id)).toBe('withdrawn');
    const after = (await dashboard.loader({
      request: requestAs('tenant', '/dashboard?done=withdraw'),
      params: {},
      context,
    } as never)) as Awaited<ReturnType<typeof dashboard.loader>>;
    expect(after.withdrawn).toBe(true);
    expect(after.applications[0]).toMatchObject({ status: 'withdrawn', canWithdraw: false });
  });

  it('a signed-out post is sent to sign in and changes nothing', async () => {
    const app = await createApplication(database.db, { propertyId: managed.id, userId: visitors.ids.get('tenant')! });
    const request = new Request('http://dimora.test/dashboard', {
      method: 'POST',
      body: new URLSearchParams({ intent: 'withdraw', applicationId: String(app.id) }),
    });
    const result = await dashboardAction(request);
    expect((result as Response).headers.get('location')).toBe('/auth?redirectTo=%2Fdashboard');
    expect(await statusOf(app.id)).toBe('submitted');
  });
});
