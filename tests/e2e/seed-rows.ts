/**
 * The rows the e2e seeds (`seed-*.ts`) have in common: an Austin building and flat dated long ago,
 * an active lease with its primary tenant's signature, a sandbox card payment, and an approved
 * vendor with its account. Each seed passes what is its own (names, addresses, amounts) and keeps
 * its own rows apart from the other journeys'. Server modules are imported inside the functions,
 * as in the seeds, so the specs that import a seed's constants load none of them.
 */
import type { Db } from '../../app/server/db/client.server';
import type { building, payment, property, vendor } from '../../app/server/db/schema';

/** When the seeded rows were made: far enough back to sort before anything a journey creates. */
export const LONG_AGO = new Date('2020-01-01T00:00:00Z');

type BuildingRow = typeof building.$inferInsert;
type UnitRow = typeof property.$inferInsert;
type PaymentRow = typeof payment.$inferInsert;
type VendorRow = typeof vendor.$inferInsert;

/** Whether an account with `email` exists: a seed that finds its first account has run before and changes nothing. */
export async function hasAccount(db: Db, email: string): Promise<boolean> {
  const { eq } = await import('drizzle-orm');
  const { user } = await import('../../app/server/db/schema');
  const [seen] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return Boolean(seen);
}

/** A building row in Austin, Texas (zip 78701 and its coordinates unless `values` move it), dated `LONG_AGO`. */
export function austinBuilding(values: Pick<BuildingRow, 'name' | 'streetAddress'> & Partial<BuildingRow>): BuildingRow {
  return {
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    latitude: 30.27,
    longitude: -97.74,
    createdAt: LONG_AGO,
    updatedAt: LONG_AGO,
    ...values,
  };
}

/**
 * A unit row in Austin, Texas: a leased, unlisted one-bed, one-bath apartment for two, with no
 * photos or amenities unless `values` say so, dated `LONG_AGO`. `price` is in whole dollars.
 */
export function austinFlat(
  values: Pick<UnitRow, 'buildingId' | 'unitNumber' | 'title' | 'description' | 'price' | 'address' | 'zipCode' | 'squareFeet'> &
    Partial<UnitRow>,
): UnitRow {
  return {
    city: 'Austin',
    state: 'TX',
    bedrooms: 1,
    bathrooms: 1,
    propertyType: 'apartment',
    status: 'leased',
    listed: false,
    imageUrls: [],
    amenities: [],
    maxOccupants: 2,
    createdAt: LONG_AGO,
    updatedAt: LONG_AGO,
    ...values,
  };
}

/**
 * Inserts an active lease sent and countersigned at `LONG_AGO` (deposit: one month's rent, in
 * cents) and its primary tenant, who signed it then; dates are ISO days. Returns the lease id.
 */
export async function insertActiveLease(
  db: Db,
  values: {
    propertyId: number;
    tenant: { id: string; email: string; name: string };
    startDate: string;
    endDate: string;
    monthlyRentCents: number;
  },
): Promise<number> {
  const { lease, leaseTenant } = await import('../../app/server/db/schema');
  const { tenant, monthlyRentCents, ...dates } = values;
  const [active] = await db
    .insert(lease)
    .values({
      ...dates,
      tenantId: tenant.id,
      monthlyRentCents,
      depositCents: monthlyRentCents,
      status: 'active',
      sentAt: LONG_AGO,
      countersignedAt: LONG_AGO,
    })
    .returning({ id: lease.id });
  await db.insert(leaseTenant).values({
    leaseId: active!.id,
    role: 'primary',
    email: tenant.email,
    name: tenant.name,
    userId: tenant.id,
    signedAt: LONG_AGO,
    signatureName: tenant.name,
    signatureIp: '127.0.0.1',
    signatureUserAgent: 'seed',
  });
  return active!.id;
}

/** A payment row that succeeded by card through the sandbox, with the test Visa ending 4242. */
export function sandboxCardPayment(
  values: Pick<PaymentRow, 'payerId' | 'buildingId' | 'kind' | 'amountCents' | 'providerRef' | 'idempotencyKey'> & Partial<PaymentRow>,
): PaymentRow {
  return { method: 'card', status: 'succeeded', provider: 'sandbox', cardBrand: 'visa', cardLast4: '4242', ...values };
}

/** Locks the lease and allocates its payments to its charges, as the ledger does after a payment. */
export async function allocateLeaseLedger(db: Db, leaseId: number): Promise<void> {
  const { allocateLedger, lockLease } = await import('../../app/features/ledger/ledger.server');
  await db.transaction(async (tx) => {
    await lockLease(tx, leaseId);
    await allocateLedger(tx, leaseId);
  });
}

/**
 * Creates a verified vendor account for `person` and its approved vendor record serving Texas,
 * reviewed and insurance-verified at `LONG_AGO` unless `values` say otherwise. Returns the vendor id.
 */
export async function createApprovedVendor(
  db: Db,
  person: { email: string; password: string; name: string; company: string },
  values: Pick<VendorRow, 'trades' | 'insuranceExpiry'> & Partial<VendorRow>,
): Promise<number> {
  const { createVerifiedUser } = await import('../../app/server/auth/create-user.server');
  const { vendor } = await import('../../app/server/db/schema');
  const account = await createVerifiedUser(db, { email: person.email, password: person.password, name: person.name, role: 'vendor' });
  const [row] = await db
    .insert(vendor)
    .values({
      userId: account.id,
      companyName: person.company,
      contactName: person.name,
      email: person.email,
      status: 'approved',
      serviceStates: ['TX'],
      insuranceVerifiedAt: LONG_AGO,
      reviewedAt: LONG_AGO,
      ...values,
    })
    .returning({ id: vendor.id });
  return row!.id;
}
