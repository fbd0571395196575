import { describe, expect, it } from 'vitest';
import type { Role } from '~/lib/access';
import enAccount from '~/i18n/locales/en/account.json';
import itAccount from '~/i18n/locales/it/account.json';
import { AUDIT_ACTIONS, recordAuditEvent } from '~/server/audit.server';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import type { Viewer } from '~/server/auth/session.server';
import { application, maintenanceRequest, payment, vendor, workOrder } from '~/server/db/schema';
import { consumeRateLimit, type RateLimitAction } from '~/server/rate-limit.server';
import { createProperty } from '../../../tests/setup/factories';
import { useTestDatabase } from '../../../tests/setup/test-db';
import { AccountForbiddenError, DASHBOARD_EVENT_LIMIT, loadDashboard, loadTenantPortal, loadVendorPortal } from './dashboard.server';

const database = useTestDatabase();

let counter = 0;

async function makeViewer(role: Role): Promise<Viewer> {
  counter += 1;
  const created = await createVerifiedUser(database.db, {
    email: `dash${counter}@dashboard.test`,
    password: 'dash-pass',
    role,
    name: `Dash ${counter}`,
  });
  return {
    id: created.id,
    email: created.email,
    name: `Dash ${counter}`,
    role,
    firstName: 'Dash',
    lastName: String(counter),
    locale: 'en',
    sessionId: 's',
    sessionCreatedAt: new Date(),
    twoFactorEnabled: true,
  };
}

async function consume(action: RateLimitAction, client: string, times: number) {
  for (let i = 0; i < times; i += 1) await consumeRateLimit({ db: database.db, action, client });
}

/** Any SLA deadline: these tests count requests, they do not exercise the SLA. */
const slaDueAt = new Date('2030-01-01T00:00:00Z');

describe('dashboard security status (spec §4: warning above 80 % of a limit, blocked at the limit)', () => {
  it('is secure without activity, with no actions listed', async () => {
    const viewer = await makeViewer('tenant');
    const summary = await loadDashboard({ db: database.db, viewer, client: '198.51.100.1' });
    expect(summary.security).toEqual({ status: 'secure', actions: [] });
  });

  it('stays secure at exactly 80 % (payment 8 of 10), warns above it (9 of 10), blocks at the limit (10 of 10)', async () => {
    const viewer = await makeViewer('tenant');
    const client = '198.51.100.2';
    await consume('payment', client, 8);
    expect((await loadDashboard({ db: database.db, viewer, client })).security).toEqual({
      status: 'secure',
      actions: [{ action: 'payment', count: 8, limit: 10 }],
    });
    await consume('payment', client, 1);
    expect((await loadDashboard({ db: database.db, viewer, client })).security).toEqual({
      status: 'warning',
      actions: [{ action: 'payment', count: 9, limit: 10 }],
    });
    await consume('payment', client, 1);
    expect((await loadDashboard({ db: database.db, viewer, client })).security.status).toBe('blocked');
    // Attempts beyond the limit are shown as the limit.
    await consume('payment', client, 3);
    expect((await loadDashboard({ db: database.db, viewer, client })).security.actions).toEqual([
      { action: 'payment', count: 10, limit: 10 },
    ]);
  });

  it('login: 4 of 5 is not above 80 %, 5 of 5 is blocked; another address is unaffected', async () => {
    const viewer = await makeViewer('vendor');
    const client = '198.51.100.3';
    await consume('login', client, 4);
    expect((await loadDashboard({ db: database.db, viewer, client })).security.status).toBe('secure');
    await consume('login', client, 1);
    expect((await loadDashboard({ db: database.db, viewer, client })).security).toEqual({
      status: 'blocked',
      actions: [{ action: 'login', count: 5, limit: 5 }],
    });
    expect((await loadDashboard({ db: database.db, viewer, client: '198.51.100.33' })).security).toEqual({ status: 'secure', actions: [] });
  });

  it('blocked wins over warning when several actions are counted', async () => {
    const viewer = await makeViewer('tenant');
    const client = '198.51.100.4';
    await consume('maintenance_request', client, 17);
    expect((await loadDashboard({ db: database.db, viewer, client })).security.status).toBe('warning');
    await consume('signup', client, 3);
    const security = (await loadDashboard({ db: database.db, viewer, client })).security;
    expect(security.status).toBe('blocked');
    expect(security.actions.sort((a, b) => a.action.localeCompare(b.action))).toEqual([
      { action: 'maintenance_request', count: 17, limit: 20 },
      { action: 'signup', count: 3, limit: 3 },
    ]);
  });
});

describe('dashboard summary', () => {
  it('has a name for every audit action in both languages (the events list shows them)', () => {
    for (const action of AUDIT_ACTIONS) {
      expect((enAccount.audit as Record<string, string>)[action], `en ${action}`).toBeTruthy();
      expect((itAccount.audit as Record<string, string>)[action], `it ${action}`).toBeTruthy();
    }
  });

  it('shows who the viewer is and their last 10 security events, newest first, never anyone else’s', async () => {
    const viewer = await makeViewer('tenant');
    const other = await makeViewer('tenant');
    const origin = { ip: '192.0.2.10', userAgent: 'vitest' };
    expect((await loadDashboard({ db: database.db, viewer, client: '192.0.2.10' })).events).toEqual([]);
    for (let i = 0; i < 12; i += 1) {
      await recordAuditEvent({ db: database.db, userId: viewer.id, action: i % 2 ? 'sign_in_failed' : 'sign_in_succeeded', origin });
    }
    await recordAuditEvent({ db: database.db, userId: viewer.id, action: 'sign_out', origin: { ip: '192.0.2.99', userAgent: 'x' } });
    await recordAuditEvent({ db: database.db, userId: other.id, action: 'password_reset_completed', origin });
    // Back-office entries about this user are not "security events" of the account.
    await recordAuditEvent({ db: database.db, userId: viewer.id, action: 'role_changed', origin, tableName: 'user' });

    const summary = await loadDashboard({ db: database.db, viewer, client: '192.0.2.10' });
    expect(summary.profile).toEqual({ name: viewer.name, email: viewer.email, role: 'tenant' });
    expect(summary.managedProperties).toBeNull();
    expect(summary.events).toHaveLength(DASHBOARD_EVENT_LIMIT);
    expect(summary.events[0]).toMatchObject({ action: 'sign_out', ipAddress: '192.0.2.99' });
    expect(summary.events.slice(1).map((event) => event.action)).toEqual([
      'sign_in_failed',
      'sign_in_succeeded',
      'sign_in_failed',
      'sign_in_succeeded',
      'sign_in_failed',
      'sign_in_succeeded',
      'sign_in_failed',
      'sign_in_succeeded',
      'sign_in_failed',
    ]);
    expect(summary.events.every((event) => !Number.isNaN(Date.parse(event.createdAt)))).toBe(true);
  });

  it('counts the properties a property manager manages', async () => {
    const manager = await makeViewer('property_manager');
    const otherManager = await makeViewer('property_manager');
    expect((await loadDashboard({ db: database.db, viewer: manager, client: 'x' })).managedProperties).toBe(0);
    await createProperty(database.db, { managerId: manager.id });
    await createProperty(database.db, { managerId: manager.id, status: 'leased' });
    await createProperty(database.db, { managerId: otherManager.id });
    await createProperty(database.db);
    expect((await loadDashboard({ db: database.db, viewer: manager, client: 'x' })).managedProperties).toBe(2);
    expect((await loadDashboard({ db: database.db, viewer: otherManager, client: 'x' })).managedProperties).toBe(1);
  });
});

describe('portals', () => {
  async function addApplication(propertyId: number, userId: string | null, status: 'submitted' | 'withdrawn' | 'approved') {
    counter += 1;
    const [row] = await database.db
      .insert(application)
      .values({
        reference: `APP-${counter}`,
        propertyId,
        userId,
        moveIn: '2030-01-01',
        moveOut: '2030-12-31',
        adults: 1,
        firstName: 'Ten',
        lastName: 'Ant',
        email: 'tenant@example.test',
        phone: '5125550100',
        currentAddress: '1 Main St',
        city: 'Austin',
        zipCode: '78701',
        country: 'US',
        paymentMethod: 'card',
        leaseMonths: 12,
        monthlyRentCents: 150_000,
        depositCents: 150_000,
        applicationFeeCents: 5_000,
        dueNowCents: 5_000,
        dueAtSigningCents: 300_000,
        idempotencyKey: `idem-${counter}`,
        status,
      })
      .returning({ id: application.id });
    return row!.id;
  }

  it('the tenant portal counts only the tenant’s own applications, payments and maintenance requests', async () => {
    const tenant = await makeViewer('tenant');
    const other = await makeViewer('tenant');
    expect(await loadTenantPortal({ db: database.db, viewer: tenant })).toEqual({
      applications: { total: 0, active: 0 },
      payments: { total: 0 },
      maintenance: { total: 0, open: 0 },
    });
    const home = await createProperty(database.db);
    const applicationId = await addApplication(home.id, tenant.id, 'submitted');
    await addApplication(home.id, tenant.id, 'withdrawn');
    await addApplication(home.id, other.id, 'approved');
    await addApplication(home.id, null, 'submitted');
    await database.db.insert(payment).values([
      {
        payerId: tenant.id,
        applicationId,
        kind: 'application_fee',
        amountCents: 5_000,
        provider: 'sandbox',
        idempotencyKey: `pay-${tenant.id}`,
      },
      { payerId: other.id, kind: 'rent', amountCents: 150_000, provider: 'sandbox', idempotencyKey: `pay-${other.id}` },
    ]);
    await database.db.insert(maintenanceRequest).values([
      { propertyId: home.id, tenantId: tenant.id, category: 'plumbing', title: 'Leak', description: 'Drip', status: 'submitted', slaDueAt },
      { propertyId: home.id, tenantId: tenant.id, category: 'hvac', title: 'AC', description: 'Warm', status: 'in_progress', slaDueAt },
      { propertyId: home.id, tenantId: tenant.id, category: 'other', title: 'Door', description: 'Fixed', status: 'completed', slaDueAt },
      { propertyId: home.id, tenantId: other.id, category: 'other', title: 'Theirs', description: 'x', status: 'submitted', slaDueAt },
    ]);
    expect(await loadTenantPortal({ db: database.db, viewer: tenant })).toEqual({
      applications: { total: 2, active: 1 },
      payments: { total: 1 },
      maintenance: { total: 3, open: 2 },
    });
  });

  it('the vendor portal shows the linked vendor record and its work orders by state', async () => {
    const vendorUser = await makeViewer('vendor');
    expect(await loadVendorPortal({ db: database.db, viewer: vendorUser })).toEqual({
      vendor: null,
      assignments: { total: 0, open: 0, completed: 0 },
    });
    const [record] = await database.db
      .insert(vendor)
      .values({
        userId: vendorUser.id,
        companyName: 'Lone Star Plumbing',
        contactName: 'Maria',
        email: 'maria@example.test',
        status: 'approved',
      })
      .returning({ id: vendor.id });
    const [otherRecord] = await database.db
      .insert(vendor)
      .values({ companyName: 'Other Co', contactName: 'Olly', email: 'olly@example.test' })
      .returning({ id: vendor.id });
    const home = await createProperty(database.db);
    // One request per work order: a request has at most one open work order.
    const requests = await database.db
      .insert(maintenanceRequest)
      .values(
        Array.from({ length: 6 }, () => ({
          propertyId: home.id,
          category: 'plumbing' as const,
          title: 'Leak',
          description: 'Drip',
          slaDueAt,
        })),
      )
      .returning({ id: maintenanceRequest.id });
    const statuses = ['offered', 'cancelled', 'in_progress', 'completed', 'declined'] as const;
    await database.db
      .insert(workOrder)
      .values([
        ...statuses.map((status, i) => ({ vendorId: record!.id, maintenanceRequestId: requests[i]!.id, status })),
        { vendorId: otherRecord!.id, maintenanceRequestId: requests[5]!.id, status: 'offered' as const },
      ]);
    expect(await loadVendorPortal({ db: database.db, viewer: vendorUser })).toEqual({
      vendor: { companyName: 'Lone Star Plumbing', status: 'approved' },
      assignments: { total: 5, open: 2, completed: 1 },
    });
  });

  it('each portal refuses the other roles (admins pass)', async () => {
    const vendorUser = await makeViewer('vendor');
    const tenant = await makeViewer('tenant');
    const manager = await makeViewer('property_manager');
    const admin = await makeViewer('admin');
    await expect(loadTenantPortal({ db: database.db, viewer: vendorUser })).rejects.toBeInstanceOf(AccountForbiddenError);
    await expect(loadTenantPortal({ db: database.db, viewer: manager })).rejects.toBeInstanceOf(AccountForbiddenError);
    await expect(loadVendorPortal({ db: database.db, viewer: tenant })).rejects.toBeInstanceOf(AccountForbiddenError);
    await expect(loadVendorPortal({ db: database.db, viewer: manager })).rejects.toBeInstanceOf(AccountForbiddenError);
    await expect(loadTenantPortal({ db: database.db, viewer: admin })).resolves.toMatchObject({ applications: { total: 0 } });
    await expect(loadVendorPortal({ db: database.db, viewer: admin })).resolves.toMatchObject({ vendor: null });
  });
});
