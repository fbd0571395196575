/**
 * Demo rental applications (decision 015: the admin's "applications per week" chart and
 * the managers' "open applications" need content on a fresh start): one application per 8 units
 * (at most 60) on available units, spread over the last 12 weeks before `now`, most of them
 * still open. Deterministic for a seed, except that the dates count back from `now`. Pay at
 * signing, so no payment rows; no card data anywhere.
 */
import type { DemoSeedArgs } from './demo-seed-args';
import { application } from '../schema';
import { createRandom, mixSeed } from './random';

/** The most demo applications a seed writes. */
const MAX_DEMO_APPLICATIONS = 60;
const FIRST_NAMES = ['Avery', 'Noah', 'Sofia', 'Liam', 'Giulia', 'Mateo', 'Hannah', 'Marco', 'Zoe', 'Ethan', 'Chiara', 'Maya'];
const LAST_NAMES = ['Carter', 'Nguyen', 'Rossi', 'Hughes', 'Patel', 'Kim', 'Bianchi', 'Sullivan', 'Alvarez', 'Brooks', 'Ferrari', 'Ward'];

/** A unit the demo applications may be for. */
export type DemoApplicationUnit = {
  id: number;
  price: number;
  maxOccupants: number;
  availableDate: string | null;
  city: string;
  zipCode: string;
};

/**
 * Inserts the demo applications for `units` (available, listed units of the seed). Returns how
 * many were written.
 */
export async function seedDemoApplications({
  db,
  units,
  seed,
  now = new Date(),
}: DemoSeedArgs & { units: readonly DemoApplicationUnit[] }): Promise<number> {
  const count = Math.min(MAX_DEMO_APPLICATIONS, Math.floor(units.length / 8));
  if (count === 0) return 0;
  const rows: (typeof application.$inferInsert)[] = [];
  for (let i = 0; i < count; i += 1) {
    const rnd = createRandom(mixSeed(seed, i, 0xa991));
    const unit = units[Math.floor((i * units.length) / count)] as DemoApplicationUnit;
    const firstName = rnd.pick(FIRST_NAMES);
    const lastName = rnd.pick(LAST_NAMES);
    const rentCents = unit.price * 100;
    const roll = rnd.next();
    const status = roll < 0.55 ? 'submitted' : roll < 0.8 ? 'under_review' : roll < 0.93 ? 'rejected' : 'withdrawn';
    const createdAt = new Date(now.getTime() - Math.floor(rnd.next() * 84 * 86_400_000));
    const moveIn = unit.availableDate ?? '2027-01-01';
    const moveOut = `${Number(moveIn.slice(0, 4)) + 1}${moveIn.slice(4)}`;
    rows.push({
      reference: `DIM-DEMO${String(i + 1).padStart(4, '0')}`,
      propertyId: unit.id,
      moveIn,
      moveOut,
      adults: Math.min(unit.maxOccupants, rnd.int(1, 2)),
      children: 0,
      firstName,
      lastName,
      email: `applicant${i + 1}@demo.dimora.example`,
      phone: `+1 555 01${String(10 + (i % 90)).padStart(2, '0')}`,
      currentAddress: `${rnd.int(10, 999)} Demo Street`,
      city: unit.city,
      zipCode: unit.zipCode,
      country: 'US',
      paymentMethod: 'pay_at_signing',
      leaseMonths: 12,
      monthlyRentCents: rentCents,
      depositCents: rentCents,
      applicationFeeCents: 5_000,
      dueNowCents: 0,
      dueAtSigningCents: rentCents * 2 + 5_000,
      locale: rnd.chance(0.2) ? 'it' : 'en',
      idempotencyKey: `demo-application-${seed}-${i + 1}`,
      status,
      createdAt,
      updatedAt: createdAt,
    });
  }
  await db.insert(application).values(rows).onConflictDoNothing();
  return rows.length;
}
