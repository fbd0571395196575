/**
 * The data of the work-order journey (tests/e2e/work-orders.spec.ts) in the e2e server's fresh
 * database; `seed-users.ts` calls `seedWorkOrders(db)` after the accounts exist. A vendor of its
 * own ("E2E Leak Fixers", approved, insured until 2030, with an account), a tenant's leak in a
 * unit of "E2E Works Court" with the tenant's entry window, and that request offered to the
 * vendor as a work order through `createWorkOrder`, as the staff queue does.
 * Server modules are imported inside the function, so the spec can import the constants.
 */
import type { Db } from '../../app/server/db/client.server';
import { austinBuilding, austinFlat, createApprovedVendor, hasAccount } from './seed-rows';

export const E2E_WORK_ORDERS = {
  vendor: { email: 'leak.fixers@e2e.dimora.test', password: 'e2e-wrench-pass', name: 'Wanda Wrench', company: 'E2E Leak Fixers' },
  tenant: { email: 'leaky.tenant@e2e.dimora.test', password: 'e2e-dripping-pass', name: 'Lee Leaky' },
  title: 'E2E leak under the kitchen sink',
  building: 'E2E Works Court',
} as const;

/** Creates the vendor, the tenant's request and the offered work order. Running it again changes nothing. */
export async function seedWorkOrders(db: Db): Promise<void> {
  const { createVerifiedUser } = await import('../../app/server/auth/create-user.server');
  const { building, maintenanceRequest, property } = await import('../../app/server/db/schema');
  const { createWorkOrder } = await import('../../app/features/work-orders/work-order-core.server');
  const { demoImageUrl } = await import('../../app/server/db/seed/images.server');
  if (await hasAccount(db, E2E_WORK_ORDERS.vendor.email)) return;
  const vendorId = await createApprovedVendor(db, E2E_WORK_ORDERS.vendor, { trades: ['plumbing'], insuranceExpiry: '2030-12-31' });
  const tenant = await createVerifiedUser(db, {
    email: E2E_WORK_ORDERS.tenant.email,
    password: E2E_WORK_ORDERS.tenant.password,
    name: E2E_WORK_ORDERS.tenant.name,
    role: 'tenant',
  });
  const [court] = await db
    .insert(building)
    .values(
      austinBuilding({
        name: E2E_WORK_ORDERS.building,
        streetAddress: '12 Wrench Way',
        zipCode: '78702',
        latitude: 30.26,
        longitude: -97.72,
      }),
    )
    .returning({ id: building.id });
  const [unit] = await db
    .insert(property)
    .values(
      austinFlat({
        buildingId: court!.id,
        unitNumber: '3C',
        title: 'E2E Works Court 3C',
        description: 'A home kept for the browser test of work orders.',
        price: 1_400,
        address: '12 Wrench Way, Apt 3C',
        zipCode: '78702',
        squareFeet: 650,
        imageUrls: [demoImageUrl('room', 3)],
      }),
    )
    .returning({ id: property.id });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const [request] = await db
    .insert(maintenanceRequest)
    .values({
      propertyId: unit!.id,
      buildingId: court!.id,
      tenantId: tenant.id,
      category: 'plumbing',
      priority: 'urgent',
      status: 'triaged',
      title: E2E_WORK_ORDERS.title,
      description: 'Water drips from the trap under the kitchen sink.',
      location: 'Kitchen',
      permissionToEnter: true,
      entryWindows: [{ date: tomorrow, from: '09:00', to: '12:00' }],
      entryNotes: 'Cat in the bedroom, keep the door shut.',
      photoUrls: [demoImageUrl('room', 4)],
      slaDueAt: new Date(Date.now() + 86_400_000),
      firstResponseAt: new Date(),
    })
    .returning({ id: maintenanceRequest.id });
  const created = await db.transaction((tx) =>
    createWorkOrder(tx, {
      actorId: null,
      vendorId,
      maintenanceRequestId: request!.id,
      instructions: 'Replace the trap if it is corroded.',
      notification: { title: 'New work order', message: E2E_WORK_ORDERS.title },
    }),
  );
  if (!created.ok) throw new Error(`e2e work order: ${created.reason}`);
}
