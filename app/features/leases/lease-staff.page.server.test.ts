/**
 * The staff lease page through its route modules, with real sessions (decision 022): a
 * manager reaches only the leases of their buildings (anything else 404, audited, PDF included);
 * an admin sends a draft (every signer e-mailed, open for seven days); co-tenants stop at the
 * application's adults; a lease still being signed cannot be countersigned; a renewal offer is a
 * new sent lease starting the day after the current one ends, at the new rent.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as managerLease from '~/routes/staff/leases.$leaseId';
import * as managerLeasePdf from '~/routes/staff/leases.$leaseId.pdf';
import * as adminLease from '~/routes/staff/leases.$leaseId';
import * as adminLeasePdf from '~/routes/staff/leases.$leaseId.pdf';
import type { Db } from '~/server/db/client.server';
import { auditLog, lease, leaseTenant, outbox } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { answerOf, settle } from '../../../tests/setup/action-result';
import { createApplication, createProperty } from '../../../tests/setup/factories';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { createDraftLease } from './lease-drafts.server';
import { dollarsToCents } from './lease-staff.page.server';
import { createSignedInUser } from '../../../tests/setup/sign-in';

let database: TestDatabase;
let context: DimoraLoadContext;
const cookies = new Map<string, string>();
const ids = new Map<string, string>();

type Args = { request: Request; params: Record<string, string>; context: DimoraLoadContext };
type Handler = (args: Args) => unknown;

async function signedIn(key: string, role: 'admin' | 'property_manager' | 'tenant') {
  const created = await createSignedInUser(context, { email: `${key}@lease-staff.test`, role, name: key });
  cookies.set(key, created.cookie);
  ids.set(key, created.id);
}

function request(who: string, path: string, fields?: Record<string, string>): Request {
  const headers = new Headers({ cookie: cookies.get(who)! });
  return new Request(`http://dimora.test${path}`, fields ? { method: 'POST', headers, body: new URLSearchParams(fields) } : { headers });
}

function call(handler: unknown, who: string, path: string, leaseId: number, fields?: Record<string, string>) {
  return settle(() => (handler as Handler)({ request: request(who, path, fields), params: { leaseId: String(leaseId) }, context }));
}

/** A draft lease on a new unit of a building managed by `managerId` (the application's adults as given). */
async function draftLease(
  db: Db,
  {
    managerId,
    adults = 2,
    moveIn = '2027-03-01',
    moveOut = '2028-02-29',
  }: { managerId: string; adults?: number; moveIn?: string; moveOut?: string },
) {
  const unit = await createProperty(db, { managerId });
  const app = await createApplication(db, { propertyId: unit.id, adults, status: 'approved', moveIn, moveOut });
  const created = await db.transaction((tx) => createDraftLease(tx, { app }));
  if (!created.ok) throw new Error('draft lease overlapped');
  return created.leaseId;
}

async function leaseRow(id: number) {
  const [row] = await database.db.select().from(lease).where(eq(lease.id, id));
  return row!;
}

beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database, { clientIp: '192.0.2.77' });
  await signedIn('admin', 'admin');
  await signedIn('manager', 'property_manager');
  await signedIn('other', 'property_manager');
});

afterAll(async () => {
  await database.close();
});

describe(`the staff lease page (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a manager of another building gets 404 for the lease and its PDF, and the refusal is audited', async () => {
    const leaseId = await draftLease(database.db, { managerId: ids.get('manager')! });

    const page = await call(managerLease.loader, 'other', `/dashboard/leases/${leaseId}`, leaseId);
    expect(page).toMatchObject({ init: { status: 404 } });
    const pdf = await call(managerLeasePdf.loader, 'other', `/dashboard/leases/${leaseId}/pdf`, leaseId);
    expect(pdf).toMatchObject({ init: { status: 404 } });
    const send = answerOf(await call(managerLease.action, 'other', `/dashboard/leases/${leaseId}`, leaseId, { intent: 'send' }));
    expect(send.status).toBe(404);
    expect((await leaseRow(leaseId)).status).toBe('draft');

    const denied = await database.db
      .select({ values: auditLog.newValues, ip: auditLog.ipAddress })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lease_access_denied'), eq(auditLog.userId, ids.get('other')!)));
    expect(denied).toHaveLength(3);
    expect(denied.every((row) => row.values.lease_id === leaseId && row.ip === '192.0.2.77')).toBe(true);

    // An id that does not exist is a 404 too, with nothing to audit.
    expect(await call(managerLease.loader, 'other', '/dashboard/leases/999999', 999_999)).toMatchObject({ init: { status: 404 } });
    const [after] = await database.db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'lease_access_denied'));
    expect(after?.n).toBe(3);

    // The building's own manager reads it, and its PDF.
    const mine = (await call(managerLease.loader, 'manager', `/dashboard/leases/${leaseId}`, leaseId)) as Awaited<
      ReturnType<typeof managerLease.loader>
    >;
    expect(mine.lease).toMatchObject({ id: leaseId, status: 'draft' });
    expect(mine.ledger).toBeNull();
    expect(mine.document?.sections.length).toBeGreaterThan(0);
    const response = (await call(managerLeasePdf.loader, 'manager', `/dashboard/leases/${leaseId}/pdf`, leaseId)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename=lease-${leaseId}.pdf`);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // Admins read every lease's PDF.
    const asAdmin = (await call(adminLeasePdf.loader, 'admin', `/admin/leases/${leaseId}/pdf`, leaseId)) as Response;
    expect(asAdmin.headers.get('content-type')).toBe('application/pdf');
  });

  it('an admin sends a draft: sent, open for seven days, one lease e-mail per signer', async () => {
    const leaseId = await draftLease(database.db, { managerId: ids.get('manager')!, adults: 2 });
    const added = answerOf(
      await call(adminLease.action, 'admin', `/admin/leases/${leaseId}`, leaseId, {
        intent: 'add-co-tenant',
        name: 'Bea Cotenant',
        email: 'Bea@Example.test',
      }),
    );
    expect(added.status).toBe(200);

    const before = Date.now();
    const sent = answerOf(await call(adminLease.action, 'admin', `/admin/leases/${leaseId}`, leaseId, { intent: 'send' }));
    expect(sent).toMatchObject({ status: 200, body: { ok: true } });
    const row = await leaseRow(leaseId);
    expect(row.status).toBe('sent');
    expect(row.sentAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row.signBy!.getTime() - row.sentAt!.getTime()).toBe(7 * 86_400_000);

    const signers = await database.db
      .select({ email: leaseTenant.email })
      .from(leaseTenant)
      .where(eq(leaseTenant.leaseId, leaseId))
      .orderBy(asc(leaseTenant.id));
    expect(signers.map((s) => s.email)).toHaveLength(2);
    expect(signers[1]?.email).toBe('bea@example.test');
    const mails = await database.db.select({ payload: outbox.payload }).from(outbox).where(eq(outbox.topic, 'mail.lease'));
    const mine = mails
      .map((m) => m.payload as { to: string; template: string; url: string })
      .filter((p) => p.url.endsWith(`/leases/${leaseId}`));
    expect(mine.map((p) => p.to).sort()).toEqual(signers.map((s) => s.email).sort());
    expect(mine.every((p) => p.template === 'lease_sent')).toBe(true);

    // Sending again is a conflict; after a plain post's redirect the page shows what was done.
    const again = await call(adminLease.action, 'admin', `/admin/leases/${leaseId}`, leaseId, { intent: 'send' });
    expect(answerOf(again).status).toBe(409);
    const page = (await call(adminLease.loader, 'admin', `/admin/leases/${leaseId}?done=send`, leaseId)) as Awaited<
      ReturnType<typeof adminLease.loader>
    >;
    expect(page.done).toBe('send');
    expect(page.lease.status).toBe('sent');
  });

  it('a co-tenant beyond the application’s adults is refused with a message, and bad input gets field messages', async () => {
    const leaseId = await draftLease(database.db, { managerId: ids.get('manager')!, adults: 1 });
    const path = `/dashboard/leases/${leaseId}`;
    const refused = answerOf(
      await call(managerLease.action, 'manager', path, leaseId, {
        intent: 'add-co-tenant',
        name: 'Carl Extra',
        email: 'carl@example.test',
      }),
    );
    expect(refused.status).toBe(409);
    expect(refused.body.errors.form).toBe('The application has one adult: the lease cannot have another signer.');
    const [signers] = await database.db.select({ n: count() }).from(leaseTenant).where(eq(leaseTenant.leaseId, leaseId));
    expect(signers?.n).toBe(1);

    const invalid = answerOf(
      await call(managerLease.action, 'manager', path, leaseId, { intent: 'add-co-tenant', name: '', email: 'not-an-email' }),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.name).toBeTruthy();
    expect(invalid.body.errors.email).toBeTruthy();
    expect(invalid.body.values).toEqual({ name: '', email: 'not-an-email' });

    const unknown = answerOf(await call(managerLease.action, 'manager', path, leaseId, { intent: 'explode' }));
    expect(unknown.status).toBe(400);
  });

  it('countersigning a lease that is still out for signature answers 409', async () => {
    const leaseId = await draftLease(database.db, { managerId: ids.get('manager')! });
    expect(answerOf(await call(adminLease.action, 'admin', `/admin/leases/${leaseId}`, leaseId, { intent: 'send' })).status).toBe(200);
    const refused = answerOf(await call(adminLease.action, 'admin', `/admin/leases/${leaseId}`, leaseId, { intent: 'countersign' }));
    expect(refused.status).toBe(409);
    expect(refused.body.errors.form).toBe('Not every signer has signed yet.');
    expect((await leaseRow(leaseId)).status).toBe('sent');
  });

  it('a renewal offer is a new sent lease from the day after the current end, at the new rent', async () => {
    const leaseId = await draftLease(database.db, { managerId: ids.get('manager')!, moveIn: '2026-01-01', moveOut: '2026-12-31' });
    await database.db.update(lease).set({ status: 'active', countersignedAt: new Date() }).where(eq(lease.id, leaseId));
    const path = `/dashboard/leases/${leaseId}`;

    const page = (await call(managerLease.loader, 'manager', path, leaseId)) as Awaited<ReturnType<typeof managerLease.loader>>;
    expect(page.ledger).toEqual([]);
    expect(page.balance).toMatchObject({ balanceCents: 0 });

    const badRent = answerOf(
      await call(managerLease.action, 'manager', path, leaseId, { intent: 'offer-renewal', endDate: '2027-12-31', monthlyRent: '12.345' }),
    );
    expect(badRent.status).toBe(422);
    expect(badRent.body.errors.monthlyRent).toBe('Enter an amount in dollars, with at most two decimals.');
    const badDate = answerOf(
      await call(managerLease.action, 'manager', path, leaseId, { intent: 'offer-renewal', endDate: '2026-12-31', monthlyRent: '1650' }),
    );
    expect(badDate.status).toBe(422);
    expect(badDate.body.errors.endDate).toBe('The end date must be after the renewal starts.');

    const offered = answerOf(
      await call(managerLease.action, 'manager', path, leaseId, {
        intent: 'offer-renewal',
        endDate: '2027-12-31',
        monthlyRent: '1,650.50',
      }),
    );
    expect(offered.status).toBe(303);
    const [renewal] = await database.db.select().from(lease).where(eq(lease.renewalOfId, leaseId));
    expect(offered.location).toBe(`/dashboard/leases/${renewal!.id}?done=offer-renewal`);
    expect(renewal).toMatchObject({
      status: 'sent',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      monthlyRentCents: 165_050,
      dueAtSigningCents: 0,
    });
    expect((await leaseRow(leaseId)).status).toBe('active');
  });

  it('rent in dollars becomes integer cents', () => {
    expect(dollarsToCents('1650')).toBe(165_000);
    expect(dollarsToCents('1650.5')).toBe(165_050);
    expect(dollarsToCents('$1,650.05')).toBe(165_005);
    expect(dollarsToCents('0')).toBeNull();
    expect(dollarsToCents('1.999')).toBeNull();
    expect(dollarsToCents('1e3')).toBeNull();
    expect(dollarsToCents('-5')).toBeNull();
  });
});
