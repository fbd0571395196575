/**
 * Test data factories: each test makes the rows it needs (never the demo seed).
 */
import { application, building, payment, property, user } from '~/server/db/schema';
import type { Role } from '~/lib/access';
import type { Viewer } from '~/server/auth/session.server';
import type { Db } from '~/server/db/client.server';

let counter = 0;

type BuildingInput = Partial<typeof building.$inferInsert>;

/** Inserts one building (Austin, TX, no manager unless given); returns the row. */
export async function createBuilding(db: Db, overrides: BuildingInput = {}) {
  counter += 1;
  const [row] = await db
    .insert(building)
    .values({
      name: `Test Building ${counter}`,
      streetAddress: `${counter} Test Street`,
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      latitude: 30.27,
      longitude: -97.74,
      yearBuilt: 2001,
      amenities: ['gym'],
      description: 'A test building.',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

type PropertyInput = Partial<typeof property.$inferInsert>;

/**
 * Inserts one property (a unit) with sensible defaults; returns the row. Without `buildingId` it
 * gets a building of its own in the unit's city, run by `managerId` (the database copies the
 * building's manager to its units, so `managerId` alone is ignored when `buildingId` is given).
 */
export async function createProperty(db: Db, overrides: PropertyInput = {}) {
  const buildingId =
    overrides.buildingId ??
    (
      await createBuilding(db, {
        managerId: overrides.managerId ?? null,
        city: overrides.city ?? 'Austin',
        state: overrides.state ?? 'TX',
        zipCode: overrides.zipCode ?? '78701',
      })
    ).id;
  counter += 1;
  const [row] = await db
    .insert(property)
    .values({
      buildingId,
      unitNumber: `U${counter}`,
      title: `Test home ${counter}`,
      description: 'A bright test apartment.',
      price: 1500,
      address: `${counter} Test Street`,
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      bedrooms: 1,
      bathrooms: 1,
      squareFeet: 700,
      propertyType: 'apartment',
      status: 'available',
      imageUrls: ['/media/demo/exterior-01-1200.webp'],
      amenities: ['gym'],
      maxOccupants: 2,
      latitude: 30.27,
      longitude: -97.74,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  return row;
}

type ApplicationInput = Partial<typeof application.$inferInsert> & { propertyId: number; paid?: boolean };

/**
 * Inserts one rental application (pay at signing, nothing due now, unless told otherwise);
 * `paid` adds its application-fee payment, succeeded (true) or failed (false). Returns the row.
 */
export async function createApplication(db: Db, { paid, ...overrides }: ApplicationInput) {
  counter += 1;
  const [row] = await db
    .insert(application)
    .values({
      reference: `DIM-T${String(counter).padStart(7, '0')}`,
      moveIn: '2027-03-01',
      moveOut: '2028-02-29',
      adults: 2,
      children: 1,
      firstName: 'Ada',
      lastName: `Applicant${counter}`,
      email: `applicant${counter}@example.test`,
      phone: '+1 512 555 0100',
      currentAddress: '1 Old Street',
      city: 'Austin',
      zipCode: '78701',
      country: 'US',
      paymentMethod: 'pay_at_signing',
      leaseMonths: 12,
      monthlyRentCents: 150_000,
      depositCents: 150_000,
      applicationFeeCents: 5_000,
      dueNowCents: 0,
      dueAtSigningCents: 305_000,
      locale: 'en',
      idempotencyKey: `application-key-${counter}`,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('insert failed');
  if (paid !== undefined) {
    await db.insert(payment).values({
      applicationId: row.id,
      payerId: row.userId,
      kind: 'application_fee',
      amountCents: row.dueNowCents,
      status: paid ? 'succeeded' : 'failed',
      provider: 'sandbox',
      cardBrand: 'visa',
      cardLast4: '4242',
      idempotencyKey: `pay-${row.id}`,
    });
  }
  return row;
}

/** A signed-in `Viewer` for a user row, as services receive it (name = e-mail, English). */
export function viewerOf(row: { id: string; email: string; role: Role }): Viewer {
  return {
    id: row.id,
    email: row.email,
    name: row.email,
    role: row.role,
    firstName: null,
    lastName: null,
    locale: 'en',
    sessionId: 'test-session',
    sessionCreatedAt: new Date(),
    twoFactorEnabled: true,
  };
}

type UserInput = Partial<typeof user.$inferInsert> & { role?: Role };

/**
 * Inserts a user row directly (no password, no sign-in: for services that take a viewer). The
 * e-mail is unique per call unless given. Answers the row.
 */
export async function createUser(db: Db, overrides: UserInput = {}) {
  counter += 1;
  const id = overrides.id ?? `user-${counter}-${Math.random().toString(36).slice(2, 10)}`;
  const [row] = await db
    .insert(user)
    .values({ id, name: `User ${counter}`, email: `${id}@factory.test`, emailVerified: true, role: 'tenant', ...overrides })
    .returning();
  return row!;
}
