/**
 * The tenant the maintenance journeys (tests/e2e/maintenance-tenant.spec.ts) report repairs as,
 * in the e2e server's fresh database; `seed-users.ts` calls `seedMaintenanceTenant(db)` after the
 * accounts exist. "Mia Mender" has an active lease of "E2E Repair Flat" in "E2E Repair House",
 * a building run by the e2e property manager (so new requests reach a manager), with this month's
 * rent charged and paid (so the manager's payment list has a payment to open). Server modules
 * are imported inside the function, so the spec can import the constants.
 */
import type { Db } from '../../app/server/db/client.server';
import { allocateLeaseLedger, austinBuilding, austinFlat, hasAccount, insertActiveLease, sandboxCardPayment } from './seed-rows';
import { E2E_USERS } from './users';

export const E2E_MAINTENANCE = {
  tenant: { email: 'mia.mender@e2e.dimora.test', password: 'e2e-mender-pass', name: 'Mia Mender' },
  unit: 'E2E Repair Flat',
  building: 'E2E Repair House',
} as const;

/** Creates Mia, her home and her lease. Running it again changes nothing. */
export async function seedMaintenanceTenant(db: Db): Promise<void> {
  const { eq } = await import('drizzle-orm');
  const { createVerifiedUser } = await import('../../app/server/auth/create-user.server');
  const { building, charge, payment, property, user } = await import('../../app/server/db/schema');
  if (await hasAccount(db, E2E_MAINTENANCE.tenant.email)) return;
  const mia = await createVerifiedUser(db, { ...E2E_MAINTENANCE.tenant, role: 'tenant' });
  const [manager] = await db.select({ id: user.id }).from(user).where(eq(user.email, E2E_USERS.property_manager.email));
  const [house] = await db
    .insert(building)
    .values(austinBuilding({ name: E2E_MAINTENANCE.building, streetAddress: '9 Mend Street', managerId: manager?.id ?? null }))
    .returning({ id: building.id });
  const [flat] = await db
    .insert(property)
    .values(
      austinFlat({
        buildingId: house!.id,
        unitNumber: '3C',
        title: E2E_MAINTENANCE.unit,
        description: 'A home kept for the browser tests of maintenance requests.',
        price: 1_400,
        address: '9 Mend Street',
        zipCode: '78701',
        squareFeet: 650,
        latitude: 30.27,
        longitude: -97.74,
      }),
    )
    .returning({ id: property.id });
  const leaseId = await insertActiveLease(db, {
    propertyId: flat!.id,
    tenant: { id: mia.id, email: E2E_MAINTENANCE.tenant.email, name: E2E_MAINTENANCE.tenant.name },
    startDate: new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10),
    endDate: new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10),
    monthlyRentCents: 140_000,
  });
  const thisMonth = new Date().toISOString().slice(0, 7);
  await db.insert(charge).values({ leaseId, kind: 'rent', amountCents: 140_000, dueDate: `${thisMonth}-01`, period: thisMonth });
  await db.insert(payment).values(
    sandboxCardPayment({
      payerId: mia.id,
      leaseId,
      buildingId: house!.id,
      kind: 'rent',
      amountCents: 140_000,
      providerRef: 'sbx_ch_e2emender000000000000000',
      idempotencyKey: 'e2e-mender-rent-1',
      settledAt: new Date(`${thisMonth}-01T12:00:00Z`),
      createdAt: new Date(`${thisMonth}-01T12:00:00Z`),
    }),
  );
  await allocateLeaseLedger(db, leaseId);
}
