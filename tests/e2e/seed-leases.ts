/**
 * The leases the browser journeys of the tenant portal (tests/e2e/leases.spec.ts) work on, in
 * the e2e server's fresh database; `seed-users.ts` calls `seedLeases(db)` after the accounts exist.
 * Three tenants of their own, so the journeys run in parallel:
 * - "Lena Lessee" has an active lease of "E2E Lease Suite" with last month's rent paid and this
 *   month's rent open, and autopay on day 1 with a card that saves but is declined
 *   (4000 0000 0000 0341): the autopay run fails and tells her, she pays by card, an admin
 *   refunds part of it, she replaces the autopay card;
 * - "Sam Signer" has an application under review for "E2E Signing Loft" (application fee paid,
 *   $3,000.00 due at signing): an admin approves it and sends the lease, Sam signs and pays, the
 *   admin countersigns;
 * - "Bea Banker" has an active lease of "E2E Bank Flat" with this month's rent open: she pays
 *   from the sandbox's test bank account that is returned, then from the one that clears
 *   (decision 050).
 * Server modules are imported inside the function, so the spec can import the constants.
 */
import type { Db } from '../../app/server/db/client.server';
import { allocateLeaseLedger, austinBuilding, austinFlat, hasAccount, insertActiveLease, LONG_AGO, sandboxCardPayment } from './seed-rows';

export const E2E_LEASES = {
  payer: {
    email: 'lena.lessee@e2e.dimora.test',
    password: 'e2e-lessee-pass',
    name: 'Lena Lessee',
    unit: 'E2E Lease Suite',
    rentCents: 150_000,
  },
  signer: {
    email: 'sam.signer@e2e.dimora.test',
    password: 'e2e-signer-pass',
    name: 'Sam Signer',
    unit: 'E2E Signing Loft',
    dueCents: 300_000,
    reference: 'DIM-E2EL0005',
  },
  banker: {
    email: 'bea.banker@e2e.dimora.test',
    password: 'e2e-banker-pass',
    name: 'Bea Banker',
    unit: 'E2E Bank Flat',
    rentCents: 150_000,
  },
} as const;

function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Creates the two tenants, their homes and leases. Running it again changes nothing. */
export async function seedLeases(db: Db): Promise<void> {
  const { eq } = await import('drizzle-orm');
  const { createVerifiedUser } = await import('../../app/server/auth/create-user.server');
  const { application, autopay, building, charge, payment, property, user } = await import('../../app/server/db/schema');
  const { demoImageUrl } = await import('../../app/server/db/seed/images.server');
  if (await hasAccount(db, E2E_LEASES.payer.email)) return;
  for (const person of Object.values(E2E_LEASES))
    await createVerifiedUser(db, { email: person.email, password: person.password, name: person.name, role: 'tenant' });
  const idOf = async (email: string) => (await db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
  const payerId = await idOf(E2E_LEASES.payer.email);
  const signerId = await idOf(E2E_LEASES.signer.email);
  const bankerId = await idOf(E2E_LEASES.banker.email);
  const [court] = await db
    .insert(building)
    .values({
      ...austinBuilding({ name: 'E2E Lease Court', streetAddress: '7 Lease Lane' }),
      // The rent job runs every hour (decision 047): with the company's rule it would post a late
      // fee on this month's rent in the middle of the journeys, whose balances are exact. A fee of
      // $0 posts nothing (decision 048).
      lateFeeRule: { graceDays: 5, kind: 'flat', frequency: 'once', amountCents: 0, percent: 0, capCents: 0, capPercent: 0 },
    })
    .returning({ id: building.id });
  const unit = (title: string, n: number) =>
    austinFlat({
      buildingId: court!.id,
      unitNumber: String(n),
      title,
      description: 'A home kept for the browser tests of leases and rent.',
      price: 1_500,
      address: '7 Lease Lane',
      zipCode: '78701',
      squareFeet: 700,
      status: n === 1 ? 'leased' : 'available',
      imageUrls: [demoImageUrl('exterior', n)],
      latitude: 30.27,
      longitude: -97.74,
    });
  const [suite, loft, flat] = await db
    .insert(property)
    .values([unit(E2E_LEASES.payer.unit, 1), unit(E2E_LEASES.signer.unit, 2), { ...unit(E2E_LEASES.banker.unit, 3), status: 'leased' }])
    .returning({ id: property.id });
  const thisMonth = new Date().toISOString().slice(0, 7);
  const lastMonthDate = new Date();
  lastMonthDate.setUTCDate(1);
  lastMonthDate.setUTCMonth(lastMonthDate.getUTCMonth() - 1);
  const lastMonth = lastMonthDate.toISOString().slice(0, 7);
  const leaseId = await insertActiveLease(db, {
    propertyId: suite!.id,
    tenant: { id: payerId, email: E2E_LEASES.payer.email, name: E2E_LEASES.payer.name },
    startDate: `${lastMonth}-01`,
    endDate: isoDaysFromNow(330),
    monthlyRentCents: 150_000,
  });
  await db.insert(charge).values([
    { leaseId, kind: 'deposit', amountCents: 150_000, dueDate: `${lastMonth}-01`, period: 'signing' },
    { leaseId, kind: 'rent', amountCents: 150_000, dueDate: `${lastMonth}-01`, period: lastMonth },
    { leaseId, kind: 'rent', amountCents: 150_000, dueDate: `${thisMonth}-01`, period: thisMonth },
  ]);
  await db.insert(payment).values(
    sandboxCardPayment({
      payerId,
      leaseId,
      buildingId: court!.id,
      kind: 'rent',
      amountCents: 300_000,
      providerRef: 'sbx_ch_e2e000000000000000000000',
      idempotencyKey: 'e2e-lease-paid-1',
      settledAt: new Date(`${lastMonth}-01T12:00:00Z`),
      createdAt: new Date(`${lastMonth}-01T12:00:00Z`),
    }),
  );
  await allocateLeaseLedger(db, leaseId);
  const bankLeaseId = await insertActiveLease(db, {
    propertyId: flat!.id,
    tenant: { id: bankerId, email: E2E_LEASES.banker.email, name: E2E_LEASES.banker.name },
    startDate: `${thisMonth}-01`,
    endDate: isoDaysFromNow(330),
    monthlyRentCents: E2E_LEASES.banker.rentCents,
  });
  await db.insert(charge).values({
    leaseId: bankLeaseId,
    kind: 'rent',
    amountCents: E2E_LEASES.banker.rentCents,
    dueDate: `${thisMonth}-01`,
    period: thisMonth,
  });
  await db.insert(autopay).values({
    leaseId,
    userId: payerId,
    provider: 'sandbox',
    paymentMethodToken: 'sbx_pm_card_declined_visa_0341_e2e0e2e0e2e0e2e0',
    cardBrand: 'visa',
    cardLast4: '0341',
    dayOfMonth: 1,
  });
  const start = isoDaysFromNow(-3);
  const [applied] = await db
    .insert(application)
    .values({
      reference: E2E_LEASES.signer.reference,
      propertyId: loft!.id,
      userId: signerId,
      moveIn: start,
      moveOut: isoDaysFromNow(362),
      adults: 1,
      firstName: 'Sam',
      lastName: 'Signer',
      email: E2E_LEASES.signer.email,
      phone: '+1 512 555 0123',
      currentAddress: '3 Old Road',
      city: 'Austin',
      zipCode: '78702',
      country: 'US',
      paymentMethod: 'card',
      leaseMonths: 12,
      monthlyRentCents: 150_000,
      depositCents: 150_000,
      applicationFeeCents: 5_000,
      dueNowCents: 5_000,
      dueAtSigningCents: 300_000,
      idempotencyKey: 'e2e-lease-application-5',
      status: 'under_review',
      createdAt: LONG_AGO,
      updatedAt: LONG_AGO,
    })
    .returning({ id: application.id });
  await db.insert(payment).values(
    sandboxCardPayment({
      payerId: signerId,
      applicationId: applied!.id,
      buildingId: court!.id,
      kind: 'application_fee',
      amountCents: 5_000,
      providerRef: 'sbx_ch_e2e000000000000000000001',
      idempotencyKey: 'e2e-lease-application-5:1:application_fee',
      settledAt: LONG_AGO,
    }),
  );
}
