/**
 * The tenant the maintenance journeys (tests/e2e/maintenance-tenant.spec.ts) report repairs as,
 * in the e2e server's fresh database; `seed-users.ts` calls `seedMaintenanceTenant(db)` after the
 * accounts exist. "Mia Mender" has an active lease of "E2E Repair Flat" in "E2E Repair House",
 * a building run by the e2e property manager (so new requests reach a manager), with this month's
 * rent charged and paid (so the manager's payment list has a payment to open). Server modules
 * are imported inside the function, so the spec can import the constants.
 */
import type { Db } from '../../app/server/db/client.server';
import { E2E_USERS } from './users';

export const E2E_MAINTENANCE = {
  tenant: { email: 'mia.mender@e2e.dimora.test', password: 'e2e-mender-pass', name: 'Mia Mender' },
  unit: 'E2E Repair Flat',
  building: 'E2E Repair House',
} as const;

const LONG_AGO = new Date('2020-01-01T00:00:00Z');

/** Creates Mia, her home and her lease. Running it again changes nothing. */
export async function seedMaintenanceTenant(db: Db): Promise<void> {
  const { eq } = await import('drizzle-orm');
  const { createVerifiedUser } = await import('../../app/server/auth/create-user.server');
  const { building, charge, lease, leaseTenant, payment, property, user } = await import('../../app/server/db/schema');
  const { allocateLedger, lockLease } = await import('../../app/features/ledger/ledger.server');
  const [seen] = await db.select({ id: user.id }).from(user).where(eq(user.email, E2E_MAINTENANCE.tenant.email));
  if (seen) return;
  const mia = await createVerifiedUser(db, { ...E2E_MAINTENANCE.tenant, role: 'tenant' });
  const [manager] = await db.select({ id: user.id }).from(user).where(eq(user.email, E2E_USERS.property_manager.email));
  const [house] = await db
    .insert(building)
    .values({
      name: E2E_MAINTENANCE.building,
      streetAddress: '9 Mend Street',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      latitude: 30.27,
      longitude: -97.74,
      managerId: manager?.id ?? null,
      createdAt: LONG_AGO,
      updatedAt: LONG_AGO,
    })
    .returning({ id: building.id });
  const [flat] = await db
    .insert(property)
    .values({
      buildingId: house!.id,
      unitNumber: '3C',
      title: E2E_MAINTENANCE.unit,
      description: 'A home kept for the browser tests of maintenance requests.',
      price: 1_400,
      address: '9 Mend Street',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      bedrooms: 1,
      bathrooms: 1,
      squareFeet: 650,
      propertyType: 'apartment',
      status: 'leased',
      listed: false,
      imageUrls: [],
      amenities: [],
      maxOccupants: 2,
      latitude: 30.27,
      longitude: -97.74,
      createdAt: LONG_AGO,
      updatedAt: LONG_AGO,
    })
    .returning({ id: property.id });
  const start = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
  const end = new Date(Date.now() + 300 * 86_400_000).toISOString().slice(0, 10);
  const [active] = await db
    .insert(lease)
    .values({
      propertyId: flat!.id,
      tenantId: mia.id,
      startDate: start,
      endDate: end,
      monthlyRentCents: 140_000,
      depositCents: 140_000,
      status: 'active',
      sentAt: LONG_AGO,
      countersignedAt: LONG_AGO,
    })
    .returning({ id: lease.id });
  await db.insert(leaseTenant).values({
    leaseId: active!.id,
    role: 'primary',
    email: E2E_MAINTENANCE.tenant.email,
    name: E2E_MAINTENANCE.tenant.name,
    userId: mia.id,
    signedAt: LONG_AGO,
    signatureName: E2E_MAINTENANCE.tenant.name,
    signatureIp: '127.0.0.1',
    signatureUserAgent: 'seed',
  });
  const thisMonth = new Date().toISOString().slice(0, 7);
  await db
    .insert(charge)
    .values({ leaseId: active!.id, kind: 'rent', amountCents: 140_000, dueDate: `${thisMonth}-01`, period: thisMonth });
  await db.insert(payment).values({
    payerId: mia.id,
    leaseId: active!.id,
    buildingId: house!.id,
    kind: 'rent',
    method: 'card',
    amountCents: 140_000,
    status: 'succeeded',
    provider: 'sandbox',
    providerRef: 'sbx_ch_e2emender000000000000000',
    cardBrand: 'visa',
    cardLast4: '4242',
    idempotencyKey: 'e2e-mender-rent-1',
    settledAt: new Date(`${thisMonth}-01T12:00:00Z`),
    createdAt: new Date(`${thisMonth}-01T12:00:00Z`),
  });
  await db.transaction(async (tx) => {
    await lockLease(tx, active!.id);
    await allocateLedger(tx, active!.id);
  });
}
