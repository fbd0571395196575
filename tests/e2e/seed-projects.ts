/**
 * What the capital projects journey (tests/e2e/projects.spec.ts) works on, in the e2e server's
 * fresh database; `seed-users.ts` calls `seedProjects(db)` after the accounts exist: a building
 * in Texas, "E2E Project Tower", and two approved vendors with verified insurance that serve
 * Texas, each linked to a vendor account that signs in. Server modules are imported inside the
 * function, so the spec can import the constants.
 */
import type { Db } from '../../app/server/db/client.server';
import { createApprovedVendor, hasAccount } from './seed-rows';

export const E2E_PROJECTS = {
  building: 'E2E Project Tower',
  bidders: [
    { email: 'bidder.one@e2e.dimora.test', password: 'e2e-roofer-one-pass', name: 'Rita Roofer', company: 'E2E Bidder One Roofing' },
    { email: 'bidder.two@e2e.dimora.test', password: 'e2e-roofer-two-pass', name: 'Bruno Builder', company: 'E2E Bidder Two Roofing' },
  ],
} as const;

/** Creates the building, the two vendor accounts and their approved, insured vendor records. Running it again changes nothing. */
export async function seedProjects(db: Db): Promise<void> {
  const { building } = await import('../../app/server/db/schema');
  if (await hasAccount(db, E2E_PROJECTS.bidders[0].email)) return;
  await db.insert(building).values({
    name: E2E_PROJECTS.building,
    streetAddress: '12 Bid Boulevard',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    latitude: 30.27,
    longitude: -97.74,
  });
  const insuredUntil = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  for (const bidder of E2E_PROJECTS.bidders)
    await createApprovedVendor(db, bidder, {
      trades: ['roofing'],
      serviceCountries: ['US'],
      reviewedAt: new Date(),
      insuranceExpiry: insuredUntil,
      insuranceVerifiedAt: new Date(),
    });
}
