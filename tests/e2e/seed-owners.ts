/**
 * The owner portal's browser journey (tests/e2e/owners.spec.ts, decision 061), in the e2e server's
 * fresh database: "E2E Owner Tower" (two units, one leased at $1,500 whose tenant paid this month's
 * rent) held by the e2e owner account's owner record ("Olga Owner Holdings") under an 8 %
 * agreement, with last month settled and its statement made. `seed-users.ts` calls `seedOwners(db)` after the accounts
 * exist. Server modules are imported inside the function, so the spec can import the constants.
 */
import type { Db } from '../../app/server/db/client.server';
import { allocateLeaseLedger, austinBuilding, austinFlat, hasAccount, insertActiveLease, sandboxCardPayment } from './seed-rows';
import { E2E_USERS } from './users';

export const E2E_OWNER = {
  record: 'Olga Owner Holdings',
  building: 'E2E Owner Tower',
  tenant: { email: 'owner.tenant@e2e.dimora.test', password: 'e2e-tower-tenant-pass', name: 'Tom Tower' },
};

export async function seedOwners(db: Db): Promise<void> {
  const { eq } = await import('drizzle-orm');
  const { createVerifiedUser } = await import('../../app/server/auth/create-user.server');
  const { building, charge, managementAgreement, owner, payment, property, user } = await import('../../app/server/db/schema');
  const { settleOwnerMonth, shiftMonth } = await import('../../app/features/owners/owner-settlement.server');
  const { generateOwnerStatement } = await import('../../app/features/owners/owner-statements.server');
  if (await hasAccount(db, E2E_OWNER.tenant.email)) return;
  const tenant = await createVerifiedUser(db, { ...E2E_OWNER.tenant, role: 'tenant' });
  const [tower] = await db
    .insert(building)
    .values(austinBuilding({ name: E2E_OWNER.building, streetAddress: '9 Owner Way' }))
    .returning({ id: building.id });
  const flat = (n: number, status: 'leased' | 'available') =>
    austinFlat({
      buildingId: tower!.id,
      unitNumber: String(n),
      title: `Owner Tower ${n}`,
      description: 'A home kept for the browser tests of the owner portal.',
      price: 1_500,
      address: '9 Owner Way',
      zipCode: '78701',
      squareFeet: 700,
      status,
    });
  const [leased] = await db
    .insert(property)
    .values([flat(101, 'leased'), flat(102, 'available')])
    .returning({ id: property.id });
  const month = new Date().toISOString().slice(0, 7);
  const leaseId = await insertActiveLease(db, {
    propertyId: leased!.id,
    tenant: { id: tenant.id, email: tenant.email, name: E2E_OWNER.tenant.name },
    startDate: `${shiftMonth(month, -2)}-01`,
    endDate: `${shiftMonth(month, 10)}-01`,
    monthlyRentCents: 150_000,
  });
  await db.insert(charge).values({ leaseId, kind: 'rent', amountCents: 150_000, dueDate: `${month}-01`, period: month });
  await db.insert(payment).values(
    sandboxCardPayment({
      payerId: tenant.id,
      leaseId,
      buildingId: tower!.id,
      kind: 'rent',
      amountCents: 150_000,
      providerRef: 'sbx_ch_e2eowner00000000000000000',
      idempotencyKey: 'e2e-owner-rent-1',
      settledAt: new Date(),
    }),
  );
  await allocateLeaseLedger(db, leaseId);
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, E2E_USERS.owner.email));
  const [record] = await db
    .insert(owner)
    .values({ kind: 'company', name: E2E_OWNER.record, email: E2E_USERS.owner.email, userId: account!.id })
    .returning({ id: owner.id });
  await db.update(building).set({ ownerId: record!.id }).where(eq(building.id, tower!.id));
  await db.insert(managementAgreement).values({
    buildingId: tower!.id,
    feePercentBp: 800,
    reserveCents: 50_000,
    distributionDay: 10,
    startsOn: `${shiftMonth(month, -1)}-01`,
  });
  await settleOwnerMonth(db, { buildingId: tower!.id, month: shiftMonth(month, -1) });
  await generateOwnerStatement(db, { ownerId: record!.id, month: shiftMonth(month, -1) });
}
