/**
 * The rental applications the browser tests of the staff review (tests/e2e/applications.spec.ts)
 * work on, created in the e2e server's fresh database by `seedApplications(db)`, which
 * `seed-users.ts` calls after creating the e2e accounts (tests/e2e/users.ts).
 *
 * Three homes of their own (never demo units, so no other test's listing is affected; created
 * "long ago" so they sort last by newest), one per test, so the tests can run in parallel:
 * - "E2E Review Loft" (no manager): a guest's application paid by card — an admin reviews and
 *   approves it;
 * - "E2E Managed Flat", managed by the e2e property manager: an application the manager reviews
 *   on /dashboard;
 * - "E2E Other House" (no manager): an application the manager must never see, and one by the
 *   e2e tenant, who withdraws it on /dashboard.
 *
 * The server seeds demo data only into an empty database, and this runs before the server's first
 * start: so when the database is still empty it first runs the same demo seed the server would
 * (same SEED_UNITS, SEED and uploads directory), keeping the demo listing identical.
 *
 * Server modules are imported inside the function, so the spec can import the constants below
 * without loading the database layer.
 */
import type { Db } from '../../app/server/db/client.server';
import { austinBuilding, LONG_AGO } from './seed-rows';
import { E2E_USERS } from './users';

/** What the spec looks for (references follow the booking flow's `DIM-` + 8 Crockford characters). */
export const E2E_APPLICATIONS = {
  /** Guest, card, paid: approved by the admin test. */
  admin: { reference: 'DIM-E2EA0001', propertyTitle: 'E2E Review Loft', firstName: 'Alma', lastName: 'Approve' },
  /** For the property manager to review. */
  managed: { reference: 'DIM-E2EM0002', propertyTitle: 'E2E Managed Flat', firstName: 'Milo', lastName: 'Managed' },
  /** On a property the e2e manager does not manage: never visible to them. */
  foreign: { reference: 'DIM-E2EF0003', propertyTitle: 'E2E Other House', firstName: 'Fiona', lastName: 'Foreign' },
  /** The e2e tenant's own application, withdrawn by the tenant test. */
  tenant: { reference: 'DIM-E2ET0004', propertyTitle: 'E2E Other House', firstName: 'Tina', lastName: 'Tenant' },
} as const;

/** Creates the homes and applications above. Running it again changes nothing. */
export async function seedApplications(db: Db): Promise<void> {
  const { eq, inArray } = await import('drizzle-orm');
  const { application, building, payment, property, user } = await import('../../app/server/db/schema');
  const { demoImageUrl } = await import('../../app/server/db/seed/images.server');

  const existing = await db
    .select({ id: application.id })
    .from(application)
    .where(
      inArray(
        application.reference,
        Object.values(E2E_APPLICATIONS).map((entry) => entry.reference),
      ),
    );
  if (existing.length > 0) return;

  const { env } = await import('../../app/server/env.server');
  const { isDatabaseEmpty, seedDatabase } = await import('../../app/server/db/seed/seed.server');
  const { createStorage } = await import('../../app/server/uploads/create-storage.server');
  if (env.SEED_ON_START && (await isDatabaseEmpty(db))) {
    await seedDatabase({ db, units: env.SEED_UNITS, seed: env.SEED, storage: createStorage(env, env.uploadsDir) });
  }

  const accountId = async (email: string) => {
    const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!row) throw new Error(`seed-applications: run after the e2e accounts exist (${email} missing)`);
    return row.id;
  };
  const managerId = await accountId(E2E_USERS.property_manager.email);
  const tenantId = await accountId(E2E_USERS.tenant.email);

  // One small building per home, run by the home's manager (the database copies it to the unit).
  const buildings = await db
    .insert(building)
    .values(
      [null, managerId, null].map((manager, i) =>
        austinBuilding({
          name: `E2E Review Court ${i + 1}`,
          streetAddress: `${i + 1} Review Street`,
          managerId: manager,
          description: 'A building kept for the browser tests of the application review.',
        }),
      ),
    )
    .returning({ id: building.id });
  const home = (title: string, titleIt: string, n: number, manager: string | null) => ({
    buildingId: buildings[n - 1]!.id,
    unitNumber: '1',
    title,
    titleIt,
    description: 'A quiet home kept for the browser tests of the application review.',
    descriptionIt: 'Una casa tranquilla riservata ai test del browser sulla revisione delle candidature.',
    price: 1_800,
    address: `${n} Review Street`,
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    bedrooms: 2,
    bathrooms: 1,
    squareFeet: 850,
    propertyType: 'apartment',
    status: 'available' as const,
    imageUrls: [demoImageUrl('exterior', n), demoImageUrl('room', n), demoImageUrl('room', n + 1)],
    amenities: ['gym'],
    maxOccupants: 4,
    latitude: 30.27,
    longitude: -97.74,
    managerId: manager,
    createdAt: LONG_AGO,
    updatedAt: LONG_AGO,
  });
  const [reviewLoft, managedFlat, otherHouse] = await db
    .insert(property)
    .values([
      home(E2E_APPLICATIONS.admin.propertyTitle, 'Loft E2E da esaminare', 1, null),
      home(E2E_APPLICATIONS.managed.propertyTitle, 'Appartamento E2E gestito', 2, managerId),
      home(E2E_APPLICATIONS.foreign.propertyTitle, 'Casa E2E altrui', 3, null),
    ])
    .returning({ id: property.id });
  if (!reviewLoft || !managedFlat || !otherHouse) throw new Error('seed-applications: property insert failed');

  const applicationRow = (
    entry: (typeof E2E_APPLICATIONS)[keyof typeof E2E_APPLICATIONS],
    propertyId: number,
    userId: string | null,
    card: boolean,
  ) => ({
    reference: entry.reference,
    propertyId,
    userId,
    moveIn: '2027-06-01',
    moveOut: '2028-05-31',
    adults: 2,
    children: 0,
    firstName: entry.firstName,
    lastName: entry.lastName,
    email: `${entry.firstName.toLowerCase()}.${entry.lastName.toLowerCase()}@applicants.e2e.dimora.test`,
    phone: '+1 512 555 0199',
    currentAddress: '10 Previous Road',
    city: 'Austin',
    zipCode: '78702',
    country: 'US',
    specialRequests: entry === E2E_APPLICATIONS.admin ? 'A parking space, please.' : null,
    paymentMethod: card ? ('card' as const) : ('pay_at_signing' as const),
    leaseMonths: 12,
    monthlyRentCents: 180_000,
    depositCents: 180_000,
    applicationFeeCents: 5_000,
    dueNowCents: card ? 5_000 : 0,
    dueAtSigningCents: card ? 360_000 : 365_000,
    locale: 'en',
    idempotencyKey: `e2e-seed-${entry.reference}`,
    status: 'submitted' as const,
  });
  const rows = await db
    .insert(application)
    .values([
      applicationRow(E2E_APPLICATIONS.admin, reviewLoft.id, null, true),
      applicationRow(E2E_APPLICATIONS.managed, managedFlat.id, null, false),
      applicationRow(E2E_APPLICATIONS.foreign, otherHouse.id, null, false),
      applicationRow(E2E_APPLICATIONS.tenant, otherHouse.id, tenantId, false),
    ])
    .returning({ id: application.id, reference: application.reference });
  const paid = rows.find((row) => row.reference === E2E_APPLICATIONS.admin.reference);
  if (!paid) throw new Error('seed-applications: application insert failed');
  await db.insert(payment).values({
    applicationId: paid.id,
    kind: 'application_fee',
    amountCents: 5_000,
    status: 'succeeded',
    provider: 'sandbox',
    providerRef: 'e2e-seed',
    cardBrand: 'visa',
    cardLast4: '4242',
    idempotencyKey: `e2e-seed-${E2E_APPLICATIONS.admin.reference}:1:application_fee`,
  });
}
