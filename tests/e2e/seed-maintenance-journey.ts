/**
 * The people and places of the whole maintenance journey (tests/e2e/maintenance-journey.spec.ts,
 * decision 026), in the e2e server's fresh database; `seed-users.ts` calls
 * `seedMaintenanceJourney(db)` after the accounts exist. Its own, so the journey never shares
 * rows with the specs running beside it: "Joy Journey", a tenant with an active lease of
 * "E2E Journey Flat" (unit 5B of "E2E Journey Court", Texas, no manager), and "E2E Journey
 * Plumbing", an approved vendor (plumbing, Texas, insurance verified until 2099) linked to a
 * vendor account that signs in. No request and no work order: the journey makes them through
 * the portals. Server modules are imported inside the function, so the spec can import the
 * constants.
 */
import type { Db } from '../../app/server/db/client.server';
import { austinBuilding, austinFlat, createApprovedVendor, hasAccount, insertActiveLease } from './seed-rows';

export const E2E_JOURNEY = {
  tenant: { email: 'joy.journey@e2e.dimora.test', password: 'e2e-journey-tenant-pass', name: 'Joy Journey' },
  vendor: {
    email: 'journey.plumbing@e2e.dimora.test',
    password: 'e2e-journey-wrench-pass',
    name: 'Jack Pipes',
    company: 'E2E Journey Plumbing',
  },
  building: 'E2E Journey Court',
  unit: 'E2E Journey Flat',
  unitNumber: '5B',
  street: '21 Journey Lane',
} as const;

/** Creates the tenant, her home and lease, and the vendor with its account. Running it again changes nothing. */
export async function seedMaintenanceJourney(db: Db): Promise<void> {
  const { createVerifiedUser } = await import('../../app/server/auth/create-user.server');
  const { building, property } = await import('../../app/server/db/schema');
  if (await hasAccount(db, E2E_JOURNEY.tenant.email)) return;
  const tenant = await createVerifiedUser(db, { ...E2E_JOURNEY.tenant, role: 'tenant' });
  const place = { zipCode: '78703', latitude: 30.28, longitude: -97.76 };
  const [court] = await db
    .insert(building)
    .values(austinBuilding({ name: E2E_JOURNEY.building, streetAddress: E2E_JOURNEY.street, ...place }))
    .returning({ id: building.id });
  const [flat] = await db
    .insert(property)
    .values(
      austinFlat({
        buildingId: court!.id,
        unitNumber: E2E_JOURNEY.unitNumber,
        title: E2E_JOURNEY.unit,
        description: 'A home kept for the browser test of the whole maintenance journey.',
        price: 1_500,
        address: `${E2E_JOURNEY.street}, Apt ${E2E_JOURNEY.unitNumber}`,
        squareFeet: 700,
        ...place,
      }),
    )
    .returning({ id: property.id });
  await insertActiveLease(db, {
    propertyId: flat!.id,
    tenant: { id: tenant.id, email: E2E_JOURNEY.tenant.email, name: E2E_JOURNEY.tenant.name },
    startDate: new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10),
    endDate: new Date(Date.now() + 270 * 86_400_000).toISOString().slice(0, 10),
    monthlyRentCents: 150_000,
  });
  await createApprovedVendor(db, E2E_JOURNEY.vendor, {
    trades: ['plumbing'],
    serviceCountries: ['US'],
    insuranceExpiry: '2099-12-31',
  });
}
