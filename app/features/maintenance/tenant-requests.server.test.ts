/**
 * Maintenance requests from the tenant's side (decision 027 and 026), with a real database,
 * real sessions and a real folder of uploads:
 * - a tenant with an active (or signed, or co-signed) lease reports a leak with two photos through
 *   the form endpoint: the request (SLA from its priority, building and lease copied), its photos
 *   (re-encoded, `document` rows), the `submitted` timeline entry, the live event to the tenant,
 *   the admins and the building's manager, their notifications, the manager's e-mail job, the
 *   audit entry;
 * - bad input changes nothing: an unknown category, a priority a tenant may not set, a unit they
 *   do not rent (audited), a sixth photo, a non-image renamed `.jpg`, bad time windows; the
 *   `maintenance_request` rate limit answers 429 with Retry-After;
 * - the offline queue is delivered exactly once: the same client id twice stores one request;
 * - another tenant's request is a 404, audited; comment, cancel (with the open work order), rate
 *   (closing it and adding to the vendor's rating) and their refusals;
 * - the `mail.maintenance_status` handler writes one notification in the tenant's language and
 *   sends one e-mail, however often the worker runs.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as apiRoute from '~/routes/api/maintenance-requests';
import * as requestRoute from '~/routes/tenant-portal/maintenance.$requestId';
import * as newRoute from '~/routes/tenant-portal/maintenance.new';
import * as listRoute from '~/routes/tenant-portal/maintenance';
import type { Viewer } from '~/server/auth/session.server';
import {
  auditLog,
  document,
  leaseTenant,
  mailMessage,
  maintenanceEvent,
  maintenanceRequest,
  notification,
  outbox,
  property,
  rateLimit,
  realtimeEvent,
  user,
  vendor,
  workOrder,
} from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { logger } from '~/server/logger.server';
import { processOutboxBatch } from '~/server/outbox/outbox.server';
import { answerOf, settle } from '../../../tests/setup/action-result';
import { createUser, viewerOf } from '../../../tests/setup/factories';
import { HTML_PAGE, jpegWithGps, png } from '../../../tests/setup/images';
import { TEST_ORIGIN, createLeaseFixture, createPerson } from '../../../tests/setup/leases';
import { createTestDatabase, testContext, TEST_PUBLIC_URL, type TestDatabase } from '../../../tests/setup/test-db';
import { createSignedInUser } from '../../../tests/setup/sign-in';
import {
  MAINTENANCE_CATEGORIES,
  MAINTENANCE_PRIORITIES,
  MAINTENANCE_STATUSES,
  moveMaintenanceRequest,
} from '~/features/work-orders/maintenance-request-core.server';
import { MAINTENANCE_CATEGORY_VALUES, MAINTENANCE_PRIORITY_VALUES, MAINTENANCE_STATUS_VALUES } from './tenant-requests.schemas';
import { cancelMaintenanceRequest, commentOnMaintenanceRequest, rateMaintenanceRequest } from './tenant-request-commands.server';
import { findTenantRequest, listTenantRequests } from './tenant-request-queries.server';
import { createMaintenanceRequest, findTenantUnits } from './tenant-requests.server';
import { maintenanceTenantJobHandlers } from './tenant-requests-jobs.server';

let database: TestDatabase;
let context: DimoraLoadContext;
let uploadsDir: string;
let jpeg: Buffer;

/** A tenant with a session cookie, an active lease in a building run by `manager`. */
type Tenant = Viewer & { cookie: string; unitId: number; leaseId: number; buildingId: number };
let ada: Tenant;
let bob: Tenant;
let manager: Viewer;
let admin: Viewer;
let counter = 0;

async function tenantWithLease(name: string, locale = 'en'): Promise<Tenant> {
  counter += 1;
  const email = `${name.toLowerCase()}${counter}@maintenance.test`;
  const signed = await createSignedInUser(context, { email, role: 'tenant', name: `${name} Tenant` });
  if (locale !== 'en') await database.db.update(user).set({ locale }).where(eq(user.id, signed.id));
  const viewer = { ...viewerOf({ id: signed.id, email, role: 'tenant' }), name: `${name} Tenant` };
  const row = await createLeaseFixture(database.db, { manager, tenant: viewer, startDate: '2026-01-01', endDate: '2028-12-31' });
  const [unit] = await database.db.select({ buildingId: property.buildingId }).from(property).where(eq(property.id, row.propertyId));
  return { ...viewer, cookie: signed.cookie, unitId: row.propertyId, leaseId: row.id, buildingId: unit!.buildingId! };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function leakFields(tenant: Tenant, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    unitId: String(tenant.unitId),
    category: 'plumbing',
    priority: 'urgent',
    title: 'Leak under the kitchen sink',
    description: 'Water drips from the trap into the cabinet.\nIt started this morning.',
    location: 'Kitchen',
    permissionToEnter: 'on',
    windowDate0: inDays(2),
    windowFrom0: '09:00',
    windowTo0: '12:00',
    entryNotes: 'A friendly cat lives here.',
    ...overrides,
  };
}

type Upload = { name: string; data: Buffer; type?: string };

function formRequest(
  tenant: Tenant,
  url: string,
  fields: Record<string, string>,
  files: Upload[] = [],
  headers: Record<string, string> = {},
): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('photos', new File([new Uint8Array(file.data)], file.name, { type: file.type ?? 'image/jpeg' }));
  return new Request(`http://dimora.test${url}`, { method: 'POST', body: form, headers: { cookie: tenant.cookie, ...headers } });
}

type Handler = (args: { request: Request; params: Record<string, string>; context: DimoraLoadContext }) => unknown;
const call = (handler: unknown, req: Request, params: Record<string, string> = {}) =>
  settle(() => (handler as Handler)({ request: req, params, context }));

type CreateBody = {
  ok: boolean;
  requestId?: number;
  replayed?: boolean;
  code?: string;
  error?: string;
  errors?: Record<string, string>;
  values?: Record<string, string>;
};

async function post(tenant: Tenant, fields: Record<string, string>, files: Upload[] = [], headers: Record<string, string> = {}) {
  const result = await call(apiRoute.action, formRequest(tenant, '/api/maintenance-requests', fields, files, headers));
  const { status, body } = answerOf(result);
  return { status, body: body as unknown as CreateBody, result };
}

/** Every file under the uploads folder. */
async function filesOnDisk(): Promise<string[]> {
  const entries = await fs.readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(uploadsDir, path.join(entry.parentPath, entry.name)));
}

async function requestsOf(tenantId: string) {
  return database.db.select().from(maintenanceRequest).where(eq(maintenanceRequest.tenantId, tenantId));
}

async function snapshot(tenantId: string) {
  const [requests] = await database.db.select({ n: count() }).from(maintenanceRequest).where(eq(maintenanceRequest.tenantId, tenantId));
  const [documents] = await database.db.select({ n: count() }).from(document).where(eq(document.ownerType, 'maintenance_request'));
  const [events] = await database.db.select({ n: count() }).from(maintenanceEvent);
  return { requests: requests?.n, documents: documents?.n, events: events?.n, files: (await filesOnDisk()).length };
}

/** A request created straight through the service (no photos). */
async function makeRequest(tenant: Tenant, overrides: Record<string, unknown> = {}) {
  const outcome = await createMaintenanceRequest({
    db: database.db,
    viewer: tenant,
    origin: TEST_ORIGIN,
    input: {
      unitId: tenant.unitId,
      category: 'electrical',
      priority: 'routine',
      title: 'Flickering light',
      description: 'The hall light flickers.',
      ...overrides,
    },
  });
  if (!outcome.ok) throw new Error(`not created: ${outcome.reason}`);
  return outcome.requestId;
}

async function approvedVendor() {
  const owner = await createUser(database.db, { role: 'vendor' });
  const [row] = await database.db
    .insert(vendor)
    .values({
      userId: owner.id,
      companyName: 'Ace Plumbing',
      contactName: 'Ace',
      email: `${owner.id}@vendors.test`,
      status: 'approved',
      insuranceExpiry: '2099-12-31',
      insuranceVerifiedAt: new Date(),
    })
    .returning({ id: vendor.id });
  return { vendorId: row!.id, userId: owner.id };
}

async function runJobs() {
  for (let round = 0; round < 5; round += 1) {
    const { processed, failed } = await processOutboxBatch({
      db: database.db,
      mailer: context.mailer,
      logger,
      publicUrl: TEST_PUBLIC_URL,
      handlers: maintenanceTenantJobHandlers,
      limit: 100,
    });
    if (processed === 0 && failed === 0) return;
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  uploadsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dimora-maintenance-test-'));
  context = testContext(database, { uploadsDir, clientIp: '192.0.2.120' });
  manager = await createPerson(database.db, 'property_manager', 'Paula Manager');
  admin = await createPerson(database.db, 'admin', 'Ada Admin');
  ada = await tenantWithLease('Ada');
  bob = await tenantWithLease('Bob', 'it');
  jpeg = await jpegWithGps(800);
});

afterAll(async () => {
  await database?.close();
  if (uploadsDir) await fs.rm(uploadsDir, { recursive: true, force: true });
});

describe('the shared lists', () => {
  it('the client-safe categories, priorities and statuses are the database enums', () => {
    expect([...MAINTENANCE_CATEGORY_VALUES]).toEqual([...MAINTENANCE_CATEGORIES]);
    expect([...MAINTENANCE_PRIORITY_VALUES]).toEqual([...MAINTENANCE_PRIORITIES]);
    expect([...MAINTENANCE_STATUS_VALUES]).toEqual([...MAINTENANCE_STATUSES]);
  });
});

describe('reporting a problem', () => {
  it('stores a leak with two photos: the request, its photos, timeline, live event, staff notifications, the manager’s e-mail job and the audit entry', async () => {
    const before = Date.now();
    const { status, body } = await post(ada, leakFields(ada), [
      { name: 'sink.jpg', data: jpeg },
      { name: 'cabinet.png', data: await png(640, 480), type: 'image/png' },
    ]);
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, replayed: false, priority: 'urgent' });
    const id = body.requestId!;
    const [row] = await database.db.select().from(maintenanceRequest).where(eq(maintenanceRequest.id, id));
    expect(row).toMatchObject({
      tenantId: ada.id,
      propertyId: ada.unitId,
      buildingId: ada.buildingId,
      leaseId: ada.leaseId,
      category: 'plumbing',
      priority: 'urgent',
      status: 'submitted',
      title: 'Leak under the kitchen sink',
      location: 'Kitchen',
      permissionToEnter: true,
      entryNotes: 'A friendly cat lives here.',
      entryWindows: [{ date: inDays(2), from: '09:00', to: '12:00' }],
    });
    // Urgent: first response due 24 hours after creation.
    expect(row!.slaDueAt.getTime() - row!.createdAt.getTime()).toBe(24 * 3_600_000);
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(row!.photoUrls).toHaveLength(2);
    // Private (decision 056): under private/, linked through the guarded /files/ route.
    for (const url of row!.photoUrls) expect(url).toMatch(/^\/files\/private\/photos\/[0-9a-f]{2}\/[0-9a-f]{32}-1200\.webp$/);

    const photos = await database.db
      .select()
      .from(document)
      .where(and(eq(document.ownerType, 'maintenance_request'), eq(document.ownerId, String(id))));
    expect(photos.map((photo) => [photo.kind, photo.mime, photo.url, photo.createdBy]).sort()).toEqual(
      [
        ['photo', 'image/jpeg', row!.photoUrls[0], ada.id],
        ['photo', 'image/png', row!.photoUrls[1], ada.id],
      ].sort(),
    );
    // Three WebP variants of each photo on disk.
    const files = await filesOnDisk();
    expect(
      files.filter((file) => row!.photoUrls.some((url) => file.startsWith(url.slice('/files/'.length).replace(/-1200\.webp$/, '')))),
    ).toHaveLength(6);

    const timeline = await database.db.select().from(maintenanceEvent).where(eq(maintenanceEvent.requestId, id));
    expect(timeline.map((entry) => [entry.kind, entry.toStatus, entry.actorId])).toEqual([['submitted', 'submitted', ada.id]]);

    const events = await database.db
      .select()
      .from(realtimeEvent)
      .where(and(eq(realtimeEvent.type, 'maintenance.updated'), sql`${realtimeEvent.payload}->>'requestId' = ${String(id)}`));
    expect(events.map((event) => event.audience).sort()).toEqual(['role:admin', `user:${ada.id}`, `user:${manager.id}`].sort());

    const notices = await database.db
      .select()
      .from(notification)
      .where(inArray(notification.userId, [admin.id, manager.id]));
    const forThis = notices.filter((notice) => notice.actionUrl?.endsWith(`/maintenance/${id}`));
    expect(forThis.map((notice) => [notice.userId, notice.actionUrl, notice.title]).sort()).toEqual(
      [
        [admin.id, `/admin/maintenance/${id}`, 'New maintenance request'],
        [manager.id, `/dashboard/maintenance/${id}`, 'New maintenance request'],
      ].sort(),
    );
    expect(forThis[0]!.message).toContain('Leak under the kitchen sink');

    const jobs = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `maintenance-new:${id}`));
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.payload).toMatchObject({ template: 'newRequest', to: manager.email, path: `/dashboard/maintenance/${id}` });

    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'maintenance_request_created'), eq(auditLog.userId, ada.id)));
    expect(audits.some((entry) => (entry.newValues as { request_id?: number }).request_id === id)).toBe(true);

    // The manager's e-mail goes out with the next run of the worker.
    await runJobs();
    const mails = await database.db.select().from(mailMessage).where(eq(mailMessage.to, manager.email));
    expect(mails.map((mail) => mail.subject)).toContain(
      '[Urgent] New maintenance request at ' + (await findTenantUnits(database.db, ada))[0]!.label + ': Leak under the kitchen sink',
    );
  });

  it('an emergency is due in 4 hours, a routine request in 72', async () => {
    const emergency = await makeRequest(ada, { priority: 'emergency' });
    const routine = await makeRequest(ada, { priority: 'routine' });
    const rows = await database.db
      .select()
      .from(maintenanceRequest)
      .where(inArray(maintenanceRequest.id, [emergency, routine]));
    const hours = Object.fromEntries(rows.map((row) => [row.priority, (row.slaDueAt.getTime() - row.createdAt.getTime()) / 3_600_000]));
    expect(hours).toEqual({ emergency: 4, routine: 72 });
  });

  it('refuses an unknown category, a priority a tenant may not set, missing text and bad time windows with translated messages, writing nothing', async () => {
    const before = await snapshot(ada.id);
    const unknown = await post(
      ada,
      leakFields(ada, {
        category: 'roof_party',
        priority: 'critical',
        title: '',
        windowDate0: inDays(-5),
        windowFrom0: '14:00',
        windowTo0: '13:00',
        windowDate1: inDays(90),
        windowFrom1: '9am',
        windowTo1: '',
      }),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({
      category: 'Choose what kind of problem it is.',
      priority: 'Choose emergency, urgent or routine.',
      title: 'This field is required',
      windowDate0: 'This day is in the past.',
      windowTo0: 'The end must be after the start.',
      windowDate1: 'Choose a day within the next 60 days.',
      windowFrom1: 'Enter a time (HH:MM).',
      windowTo1: 'Enter a time (HH:MM).',
    });
    // The typed values come back for the form.
    expect(unknown.body.values).toMatchObject({ location: 'Kitchen', entryNotes: 'A friendly cat lives here.', category: 'roof_party' });
    const italian = await post(ada, leakFields(ada, { category: 'roof_party' }), [], { cookie: `${ada.cookie}; language=it` });
    expect(italian.body.errors).toEqual({ category: 'Scegli il tipo di problema.' });
    expect(await snapshot(ada.id)).toEqual(before);
  });

  it('refuses a unit the tenant does not rent (422, audited) and accepts a signed lease and a co-signed one, not an ended one', async () => {
    const before = await snapshot(ada.id);
    const refused = await post(ada, leakFields(ada, { unitId: String(bob.unitId) }));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      ok: false,
      code: 'unit_not_leased',
      errors: { unitId: 'You can report problems only in a home you rent with an active lease.' },
    });
    expect(await snapshot(ada.id)).toEqual(before);
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.userId, ada.id), eq(auditLog.tableName, 'property')));
    expect(audits.map((entry) => (entry.newValues as { object_id?: string }).object_id)).toContain(String(bob.unitId));
    const unknownUnit = await post(ada, leakFields(ada, { unitId: '2000000000' }));
    expect(unknownUnit.status).toBe(422);

    const carla = await tenantWithLease('Carla');
    const signed = await createLeaseFixture(database.db, {
      manager,
      tenant: carla,
      status: 'signed',
      startDate: inDays(20),
      endDate: inDays(400),
    });
    const ended = await createLeaseFixture(database.db, {
      manager,
      tenant: carla,
      status: 'ended',
      startDate: '2024-01-01',
      endDate: '2024-12-31',
    });
    const units = await findTenantUnits(database.db, carla);
    expect(units.map((unit) => unit.unitId).sort()).toEqual([carla.unitId, signed.propertyId].sort());
    expect(units.map((unit) => unit.unitId)).not.toContain(ended.propertyId);
    // A co-tenant linked to Ada's lease may report for her home too.
    const dan = await tenantWithLease('Dan');
    await database.db
      .insert(leaseTenant)
      .values({ leaseId: ada.leaseId, role: 'co_tenant', email: dan.email, name: dan.name, userId: dan.id, signedAt: new Date() });
    expect((await findTenantUnits(database.db, dan)).map((unit) => unit.unitId)).toContain(ada.unitId);
    const asCoTenant = await post(dan, leakFields(ada));
    expect(asCoTenant.status).toBe(200);
  });

  it('refuses a sixth photo and a non-image renamed .jpg, keeping no row and no file', async () => {
    const before = await snapshot(ada.id);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `photo-${i}.jpg`, data: jpeg }));
    const sixth = await post(ada, leakFields(ada), six);
    expect(sixth.status).toBe(422);
    expect(sixth.body).toMatchObject({
      ok: false,
      code: 'too_many_photos',
      errors: { photos: 'You can attach at most 5 photos to a request.' },
    });
    expect(sixth.body.values?.title).toBe('Leak under the kitchen sink');
    const fake = await post(ada, leakFields(ada), [
      { name: 'good.jpg', data: jpeg },
      { name: 'invoice.jpg', data: HTML_PAGE },
    ]);
    expect(fake.status).toBe(415);
    expect(fake.body.errors?.photos).toBe('invoice.jpg: Only JPEG, PNG, WebP, HEIC and AVIF images.');
    expect(await snapshot(ada.id)).toEqual(before);
  });

  it('delivers a request sent twice with one client id once (the offline queue): the replay answers the first and keeps none of its photos', async () => {
    const clientId = crypto.randomUUID();
    const before = await snapshot(ada.id);
    const first = await post(ada, leakFields(ada, { clientId, title: 'Written offline' }), [{ name: 'a.jpg', data: jpeg }]);
    const again = await post(ada, leakFields(ada, { clientId, title: 'Written offline' }), [{ name: 'a.jpg', data: jpeg }]);
    expect(first.body).toMatchObject({ ok: true, replayed: false });
    expect(again.body).toMatchObject({ ok: true, replayed: true, requestId: first.body.requestId });
    const rows = (await requestsOf(ada.id)).filter((row) => row.clientId === clientId);
    expect(rows).toHaveLength(1);
    const after = await snapshot(ada.id);
    expect(after.requests).toBe(before.requests! + 1);
    // One photo: three variants, and one document row.
    expect(after.files - before.files).toBe(3);
    expect(after.documents! - before.documents!).toBe(1);
    // The same client id from another tenant is their own request.
    const fromBob = await post(bob, leakFields(bob, { clientId }));
    expect(fromBob.body).toMatchObject({ ok: true, replayed: false });
    expect(fromBob.body.requestId).not.toBe(first.body.requestId);
  });

  it('answers 429 with Retry-After past the maintenance_request limit, before reading anything', async () => {
    const limited = testContext(database, { uploadsDir, clientIp: '192.0.2.121' });
    await database.db
      .insert(rateLimit)
      .values({ key: 'maintenance_request:192.0.2.121', count: 20 })
      .onConflictDoUpdate({ target: rateLimit.key, set: { count: 20 } });
    const before = await snapshot(ada.id);
    const result = await settle(() =>
      apiRoute.action({ request: formRequest(ada, '/api/maintenance-requests', leakFields(ada)), params: {}, context: limited } as never),
    );
    const { status, body } = answerOf(result);
    expect(status).toBe(429);
    expect(body).toMatchObject({ ok: false, rateLimited: { action: 'maintenance_request' } });
    const retryAfter = Number((result as { init?: { headers?: Record<string, string> } }).init?.headers?.['Retry-After']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await snapshot(ada.id)).toEqual(before);
  });

  it('the plain form (no JavaScript) redirects to the new request, or renders its refusal', async () => {
    const done = await call(
      newRoute.action,
      formRequest(ada, '/tenant-portal/maintenance/new', leakFields(ada, { title: 'Plain form leak' }), [{ name: 'a.jpg', data: jpeg }]),
    );
    expect(done).toBeInstanceOf(Response);
    const location = (done as Response).headers.get('location')!;
    expect(location).toMatch(/^\/tenant-portal\/maintenance\/\d+\?created=1$/);
    const refused = answerOf(
      await call(newRoute.action, formRequest(ada, '/tenant-portal/maintenance/new', leakFields(ada, { description: '' }))),
    );
    expect(refused.status).toBe(422);
    expect((refused.body as unknown as CreateBody).errors).toEqual({ description: 'This field is required' });
    const page = (await call(
      newRoute.loader,
      new Request('http://dimora.test/tenant-portal/maintenance/new', { headers: { cookie: ada.cookie } }),
    )) as Awaited<ReturnType<typeof newRoute.loader>>;
    expect(page.units.map((unit) => unit.unitId)).toEqual([ada.unitId]);
    expect(page.phone).toBe('+1 (800) 555-0142');
    expect(page.clientId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('who may see and do what', () => {
  it('signed out is a 401 and other roles a 403 at the API; the pages send them away', async () => {
    const anonymous = await call(
      apiRoute.action,
      new Request('http://dimora.test/api/maintenance-requests', { method: 'POST', body: new FormData() }),
    );
    expect(answerOf(anonymous).status).toBe(401);
    const vendor = { email: `vendor${counter}@maintenance.test`, role: 'vendor', name: 'Vera Vendor' } as const;
    const vendorCookie = (await createSignedInUser(context, vendor)).cookie;
    const forbidden = await call(
      apiRoute.action,
      new Request('http://dimora.test/api/maintenance-requests', {
        method: 'POST',
        body: new FormData(),
        headers: { cookie: vendorCookie },
      }),
    );
    expect(answerOf(forbidden).status).toBe(403);
    for (const [loader, url] of [
      [listRoute.loader, '/tenant-portal/maintenance'],
      [newRoute.loader, '/tenant-portal/maintenance/new'],
    ] as const) {
      const away = (await call(loader, new Request(`http://dimora.test${url}`, { headers: { cookie: vendorCookie } }))) as Response;
      expect(away.headers.get('location')).toBe('/');
      const out = (await call(loader, new Request(`http://dimora.test${url}`))) as Response;
      expect(out.headers.get('location')).toBe(`/auth?redirectTo=${encodeURIComponent(url)}`);
    }
  });

  it('a tenant sees their own requests and timeline; another tenant’s request is a 404, audited, and an unknown id writes no audit entry', async () => {
    const id = await makeRequest(ada, { title: 'Only mine' });
    const list = await listTenantRequests({ db: database.db, viewer: ada, filter: 'open' });
    expect(list.items.map((item) => item.id)).toContain(id);
    expect((await listTenantRequests({ db: database.db, viewer: bob })).items.map((item) => item.id)).not.toContain(id);
    const mine = await findTenantRequest({ db: database.db, viewer: ada, requestId: id, origin: TEST_ORIGIN });
    expect(mine).toMatchObject({ id, title: 'Only mine', status: 'submitted', canCancel: true, canRate: false, canComment: true });
    expect(mine!.timeline.map((entry) => [entry.kind, entry.author])).toEqual([['submitted', 'you']]);

    const auditsOf = () =>
      database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.userId, bob.id), eq(auditLog.tableName, 'maintenance_request')));
    const before = (await auditsOf()).length;
    const page = await call(
      requestRoute.loader,
      new Request(`http://dimora.test/tenant-portal/maintenance/${id}`, { headers: { cookie: bob.cookie } }),
      { requestId: String(id) },
    );
    expect(page).toMatchObject({ init: { status: 404 } });
    const audits = await auditsOf();
    expect(audits).toHaveLength(before + 1);
    expect(audits.at(-1)).toMatchObject({ action: 'access_denied' });
    expect(audits.at(-1)!.newValues).toMatchObject({ object_id: String(id), reason: 'not_own' });
    // Commands on it are refused the same way and change nothing.
    const comment = await call(
      requestRoute.action,
      new Request(`http://dimora.test/tenant-portal/maintenance/${id}`, {
        method: 'POST',
        body: new URLSearchParams({ intent: 'comment', body: 'Let me in' }),
        headers: { cookie: bob.cookie },
      }),
      { requestId: String(id) },
    );
    expect(comment).toMatchObject({ init: { status: 404 } });
    expect(await cancelMaintenanceRequest({ db: database.db, viewer: bob, requestId: id, input: {}, origin: TEST_ORIGIN })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect((await auditsOf()).length).toBe(before + 3);
    const [row] = await database.db.select().from(maintenanceRequest).where(eq(maintenanceRequest.id, id));
    expect(row!.status).toBe('submitted');
    expect(
      (await database.db.select().from(maintenanceEvent).where(eq(maintenanceEvent.requestId, id))).map((entry) => entry.kind),
    ).toEqual(['submitted']);

    expect(await findTenantRequest({ db: database.db, viewer: bob, requestId: 2_000_000_000, origin: TEST_ORIGIN })).toBeNull();
    expect((await auditsOf()).length).toBe(before + 3);
  });
});

describe('the tenant’s commands', () => {
  it('a comment joins the timeline, goes live and reaches the building’s manager; a finished request takes none', async () => {
    const id = await makeRequest(ada);
    const empty = await commentOnMaintenanceRequest({
      db: database.db,
      viewer: ada,
      requestId: id,
      input: { body: '   ' },
      origin: TEST_ORIGIN,
    });
    expect(empty).toMatchObject({ ok: false, reason: 'invalid' });
    expect(
      await commentOnMaintenanceRequest({
        db: database.db,
        viewer: ada,
        requestId: id,
        input: { body: 'It got worse overnight.' },
        origin: TEST_ORIGIN,
      }),
    ).toEqual({ ok: true });
    const view = await findTenantRequest({ db: database.db, viewer: ada, requestId: id, origin: TEST_ORIGIN });
    expect(view!.timeline.map((entry) => [entry.kind, entry.body])).toEqual([
      ['submitted', null],
      ['comment', 'It got worse overnight.'],
    ]);
    const notices = await database.db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, manager.id), eq(notification.actionUrl, `/dashboard/maintenance/${id}`)));
    expect(notices.map((notice) => notice.title)).toEqual(['New maintenance request', 'New comment from a tenant']);
    await cancelMaintenanceRequest({ db: database.db, viewer: ada, requestId: id, input: {}, origin: TEST_ORIGIN });
    expect(
      await commentOnMaintenanceRequest({ db: database.db, viewer: ada, requestId: id, input: { body: 'Hello?' }, origin: TEST_ORIGIN }),
    ).toEqual({ ok: false, reason: 'finished', current: 'cancelled' });
  });

  it('cancels a submitted request and the work order offered for it, without e-mailing the tenant; a scheduled one cannot be cancelled', async () => {
    const id = await makeRequest(ada, { title: 'Fixed it myself' });
    const { vendorId, userId } = await approvedVendor();
    const [order] = await database.db
      .insert(workOrder)
      .values({ vendorId, maintenanceRequestId: id, buildingId: ada.buildingId, status: 'offered' })
      .returning({ id: workOrder.id });
    const answer = answerOf(
      await call(
        requestRoute.action,
        new Request(`http://dimora.test/tenant-portal/maintenance/${id}`, {
          method: 'POST',
          body: new URLSearchParams({ intent: 'cancel', reason: 'The trap was loose; I tightened it.' }),
          headers: { cookie: ada.cookie },
        }),
        { requestId: String(id) },
      ),
    );
    expect(answer.body).toMatchObject({ ok: true, intent: 'cancel', message: 'Your request was cancelled.' });
    const [row] = await database.db.select().from(maintenanceRequest).where(eq(maintenanceRequest.id, id));
    expect(row).toMatchObject({ status: 'cancelled', cancelReason: 'The trap was loose; I tightened it.' });
    const [cancelledOrder] = await database.db.select().from(workOrder).where(eq(workOrder.id, order!.id));
    expect(cancelledOrder!.status).toBe('cancelled');
    const vendorNotices = await database.db.select().from(notification).where(eq(notification.userId, userId));
    expect(vendorNotices.map((notice) => notice.title)).toEqual(['Work order cancelled']);
    const tenantJobs = await database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, 'mail.maintenance_status'), sql`${outbox.payload}->>'requestId' = ${String(id)}`));
    expect(tenantJobs).toEqual([]);
    expect(await cancelMaintenanceRequest({ db: database.db, viewer: ada, requestId: id, input: {}, origin: TEST_ORIGIN })).toEqual({
      ok: false,
      reason: 'not_cancellable',
      current: 'cancelled',
    });

    const scheduled = await makeRequest(ada);
    await database.db.transaction((tx) =>
      moveMaintenanceRequest(tx, { requestId: scheduled, to: 'scheduled', actorId: null, notifyTenant: false }),
    );
    const refused = answerOf(
      await call(
        requestRoute.action,
        new Request(`http://dimora.test/tenant-portal/maintenance/${scheduled}`, {
          method: 'POST',
          body: new URLSearchParams({ intent: 'cancel' }),
          headers: { cookie: ada.cookie },
        }),
        {
          requestId: String(scheduled),
        },
      ),
    );
    expect(refused.status).toBe(409);
    expect((refused.body as { errors?: { form?: string } }).errors?.form).toBe(
      'This request is scheduled: it can no longer be cancelled. Write a comment instead.',
    );
  });

  it('rates completed work once: the request closes and the vendor of the completed work order gains the rating', async () => {
    const id = await makeRequest(ada, { title: 'Broken dishwasher', category: 'appliance' });
    const { vendorId } = await approvedVendor();
    expect(
      await rateMaintenanceRequest({ db: database.db, viewer: ada, requestId: id, input: { rating: '5' }, origin: TEST_ORIGIN }),
    ).toEqual({ ok: false, reason: 'not_ratable', current: 'submitted' });
    await database.db
      .insert(workOrder)
      .values({ vendorId, maintenanceRequestId: id, buildingId: ada.buildingId, status: 'completed', completedAt: new Date() });
    for (const to of ['in_progress', 'completed'] as const) {
      const moved = await database.db.transaction((tx) =>
        moveMaintenanceRequest(tx, { requestId: id, to, actorId: null, notifyTenant: false }),
      );
      expect(moved.ok).toBe(true);
    }
    const bad = await rateMaintenanceRequest({ db: database.db, viewer: ada, requestId: id, input: { rating: '6' }, origin: TEST_ORIGIN });
    expect(bad).toMatchObject({ ok: false, reason: 'invalid' });
    const rated = answerOf(
      await call(
        requestRoute.action,
        new Request(`http://dimora.test/tenant-portal/maintenance/${id}`, {
          method: 'POST',
          body: new URLSearchParams({ intent: 'rate', rating: '4', comment: 'Quick and tidy.' }),
          headers: { cookie: ada.cookie },
        }),
        {
          requestId: String(id),
        },
      ),
    );
    expect(rated.body).toMatchObject({ ok: true, intent: 'rate' });
    const [row] = await database.db.select().from(maintenanceRequest).where(eq(maintenanceRequest.id, id));
    expect(row).toMatchObject({ status: 'closed', rating: 4, ratingComment: 'Quick and tidy.' });
    expect(row!.ratedAt).toBeInstanceOf(Date);
    const [scored] = await database.db.select({ sum: vendor.ratingSum, n: vendor.ratingCount }).from(vendor).where(eq(vendor.id, vendorId));
    expect(scored).toEqual({ sum: 4, n: 1 });
    expect(
      await rateMaintenanceRequest({ db: database.db, viewer: ada, requestId: id, input: { rating: '1' }, origin: TEST_ORIGIN }),
    ).toEqual({ ok: false, reason: 'already_rated', current: 'closed' });
    const [again] = await database.db.select({ sum: vendor.ratingSum, n: vendor.ratingCount }).from(vendor).where(eq(vendor.id, vendorId));
    expect(again).toEqual({ sum: 4, n: 1 });
    const view = await findTenantRequest({ db: database.db, viewer: ada, requestId: id, origin: TEST_ORIGIN });
    expect(view!.timeline.map((entry) => [entry.kind, entry.toStatus])).toEqual([
      ['submitted', 'submitted'],
      ['status', 'in_progress'],
      ['status', 'completed'],
      ['rated', null],
      ['status', 'closed'],
    ]);
    expect(view).toMatchObject({ canRate: false, canComment: false, canCancel: false });
    const audits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'maintenance_request_rated'), eq(auditLog.userId, ada.id)));
    expect(audits.map((entry) => entry.newValues)).toEqual(
      expect.arrayContaining([expect.objectContaining({ request_id: id, rating: 4, vendor_id: vendorId })]),
    );
  });
});

describe('the status e-mail job', () => {
  it('writes one notification in the tenant’s language and sends one e-mail, however often the worker runs', async () => {
    const id = await makeRequest(bob, { title: 'Perdita dal soffitto', category: 'plumbing' });
    await runJobs();
    const mailsBefore = await database.db.select().from(mailMessage).where(eq(mailMessage.to, bob.email));
    await database.db.transaction((tx) =>
      moveMaintenanceRequest(tx, {
        requestId: id,
        to: 'scheduled',
        actorId: admin.id,
        staffResponse: true,
        scheduledFor: '2026-12-03T14:00:00.000Z',
        body: 'Il tecnico suonerà due volte.',
      }),
    );
    await runJobs();
    await runJobs();
    const notices = await database.db
      .select()
      .from(notification)
      .where(and(eq(notification.userId, bob.id), eq(notification.actionUrl, `/tenant-portal/maintenance/${id}`)));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe('Intervento programmato');
    expect(notices[0]!.message).toContain('Perdita dal soffitto');
    expect(notices[0]!.message).toContain('3 dicembre 2026');
    expect(notices[0]!.message).toContain('Il tecnico suonerà due volte.');
    const mails = (await database.db.select().from(mailMessage).where(eq(mailMessage.to, bob.email))).slice(mailsBefore.length);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Intervento programmato: Perdita dal soffitto');
    expect(mails[0]!.text).toContain(`${TEST_PUBLIC_URL}/tenant-portal/maintenance/${id}`);
    expect(mails[0]!.text).toContain('Nota del team: Il tecnico suonerà due volte.');
    const pending = await database.db
      .select()
      .from(outbox)
      .where(and(inArray(outbox.topic, ['mail.maintenance_status', 'mail.maintenance']), sql`${outbox.processedAt} IS NULL`));
    expect(pending).toEqual([]);
  });

  it('drops a job whose request is gone without writing anything', async () => {
    const handler = maintenanceTenantJobHandlers['mail.maintenance_status']!;
    let marked = 0;
    await handler(
      {
        id: 999_999,
        topic: 'mail.maintenance_status',
        attempts: 1,
        payload: { requestId: 2_000_000_000, tenantId: ada.id, status: 'triaged' },
      },
      { db: database.db, mailer: context.mailer, logger, publicUrl: TEST_PUBLIC_URL, markDone: async () => void (marked += 1) },
    );
    expect(marked).toBe(0);
    const notices = await database.db
      .select()
      .from(notification)
      .where(eq(notification.actionUrl, '/tenant-portal/maintenance/2000000000'));
    expect(notices).toEqual([]);
  });
});
