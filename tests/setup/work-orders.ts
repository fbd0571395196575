/**
 * Work-order fixtures for the vendor portal, invoice and assignments tests (decision 029): staff, two insured vendors with accounts, and `offer()`, which makes a tenant's
 * maintenance request in a building the manager runs and offers it to a vendor through
 * `createWorkOrder`, as the staff queue does.
 */
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';
import { maintenanceRequest, vendor } from '~/server/db/schema';
import { createWorkOrder } from '~/features/work-orders/work-order-core.server';
import { createProperty, createUser, viewerOf } from './factories';
import { standInFor } from './stand-in';
import { beforeAll } from 'vitest';
import { useTestDatabase, type TestDatabase } from './test-db';

/** The origin of every test request (kept in audit rows). */
export const ORIGIN = { ip: '203.0.113.9', userAgent: 'vitest work orders' };

export type TestVendor = { vendorId: number; userId: string; email: string; viewer: Viewer };

type Person = { id: string; email: string; viewer: Viewer };

async function person(db: Db, role: 'admin' | 'property_manager' | 'tenant', locale = 'en'): Promise<Person> {
  const row = await createUser(db, { role, locale });
  return { id: row.id, email: row.email, viewer: { ...viewerOf(row), locale } };
}

/**
 * Inserts a vendor with an account (role vendor): approved, insurance verified until mid-2030
 * unless `values` say otherwise.
 */
export async function createTestVendor(db: Db, values: Partial<typeof vendor.$inferInsert> = {}, locale = 'en'): Promise<TestVendor> {
  const account = await createUser(db, { role: 'vendor', locale });
  const [row] = await db
    .insert(vendor)
    .values({
      userId: account.id,
      companyName: `Vendor ${account.id.slice(-6)}`,
      contactName: 'Ada Fixer',
      email: `contact-${account.id}@vendors.test`,
      status: 'approved',
      insuranceExpiry: '2030-06-30',
      insuranceVerifiedAt: new Date(),
      trades: ['plumbing'],
      serviceStates: ['TX'],
      ...values,
    })
    .returning({ id: vendor.id });
  return { vendorId: row!.id, userId: account.id, email: account.email, viewer: viewerOf(account) };
}

export type Scene = Awaited<ReturnType<typeof makeScene>>;

/**
 * An admin, a property manager (running the buildings `offer` creates), a manager of nothing,
 * a tenant and two insured vendors (A and B), plus `offer()`.
 */
export async function makeScene(db: Db) {
  const admin = await person(db, 'admin');
  const manager = await person(db, 'property_manager');
  const otherManager = await person(db, 'property_manager');
  const tenant = await person(db, 'tenant');
  const vendorA = await createTestVendor(db);
  const vendorB = await createTestVendor(db);

  /**
   * A maintenance request (in `requestStatus`) in a new unit of a new building in `city`, run by
   * `manager` unless `managerId` is given, offered to `vendor` (A by default). Returns the ids.
   */
  async function offer({
    requestStatus = 'triaged',
    vendor: to = vendorA,
    title = 'Leak under the sink',
    city = 'Austin',
    managerId = manager.id,
    dueAt = null,
  }: {
    requestStatus?: (typeof maintenanceRequest.$inferSelect)['status'];
    vendor?: TestVendor;
    title?: string;
    city?: string;
    managerId?: string | null;
    dueAt?: Date | null;
  } = {}) {
    const unit = await createProperty(db, { managerId, city });
    const [request] = await db
      .insert(maintenanceRequest)
      .values({
        propertyId: unit.id,
        buildingId: unit.buildingId,
        tenantId: tenant.id,
        category: 'plumbing',
        priority: 'urgent',
        status: requestStatus,
        title,
        description: 'Water under the kitchen sink.',
        location: 'Kitchen',
        permissionToEnter: true,
        entryWindows: [{ date: '2026-12-01', from: '09:00', to: '12:00' }],
        entryNotes: 'Dog in the bedroom',
        photoUrls: ['/media/photos/aa/leak-1200.webp'],
        slaDueAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ id: maintenanceRequest.id });
    const created = await db.transaction((tx) =>
      createWorkOrder(tx, {
        actorId: admin.id,
        vendorId: to.vendorId,
        maintenanceRequestId: request!.id,
        dueAt,
        notification: { title: 'New work order', message: title },
      }),
    );
    if (!created.ok) throw new Error(`offer failed: ${created.reason}`);
    return { workOrderId: created.workOrderId, requestId: request!.id, buildingId: unit.buildingId, unitId: unit.id };
  }

  return { admin, manager, otherManager, tenant, vendorA, vendorB, offer };
}

/**
 * The work-order service tests' set-up as a fixture: the file's database (`useTestDatabase`) with
 * `makeScene` in it, made in a `beforeAll`. `scene` forwards to the scene once made; reading it
 * earlier (at module load) throws.
 */
export function useWorkOrderScene(): { database: TestDatabase; scene: Scene } {
  const database = useTestDatabase();
  let current: Scene | undefined;
  beforeAll(async () => {
    current = await makeScene(database.db);
  });
  const made = (): Scene => {
    if (!current) throw new Error('The work-order scene is made in beforeAll: use it inside hooks and tests.');
    return current;
  };
  const scene = standInFor(made, {
    admin: true,
    manager: true,
    otherManager: true,
    tenant: true,
    vendorA: true,
    vendorB: true,
    offer: true,
  });
  return { database, scene };
}
