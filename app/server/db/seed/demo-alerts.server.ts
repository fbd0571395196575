/**
 * Demo listing alerts (decision 018: the feature is visible on a fresh start): three
 * alerts of demo subscribers — a confirmed daily digest for one city with three matching homes
 * waiting for the next 07:00 UTC run, a confirmed immediate alert (Italian) that was already sent
 * two homes, and one still waiting for its confirmation. Deterministic for a seed and the units
 * given (tokens too: these are demo addresses, never real subscribers).
 */
import { eq, inArray } from 'drizzle-orm';
import type { DemoSeedArgs } from './demo-seed-args';
import { listingAlert, listingAlertDelivery, property } from '../schema';
import { createRandom, mixSeed } from './random';

/** A unit the demo alerts may announce: available and listed. */
export type DemoAlertUnit = { id: number; city: string; state: string; price: number; maxOccupants: number };

/** A 32-character base64url token from the seed (the shape of real alert tokens). */
function demoToken(seed: number, n: number): string {
  const rnd = createRandom(mixSeed(seed, n, 0xa1e7));
  return Buffer.from(Array.from({ length: 24 }, () => rnd.int(0, 255))).toString('base64url');
}

/**
 * Inserts the demo alerts and their deliveries for `units` (available, listed units of the
 * seed). Running it again changes nothing. Returns how many alerts exist for the demo
 * subscribers afterwards.
 */
export async function seedDemoAlerts({
  db,
  units,
  seed,
  now = new Date(),
}: DemoSeedArgs & { units: readonly DemoAlertUnit[] }): Promise<number> {
  const first = units[0];
  if (!first) return 0;
  const city = units.filter((unit) => unit.city === first.city && unit.state === first.state).slice(0, 3);
  const affordable = units.filter((unit) => unit.maxOccupants >= 2 && unit.price <= 2_500).slice(0, 2);
  const day = 86_400_000;
  const alerts = [
    {
      n: 1,
      email: 'alerts.daily@demo.dimora.example',
      criteria: { location: `${first.city}, ${first.state}` },
      locale: 'en',
      frequency: 'daily' as const,
      status: 'confirmed' as const,
      confirmedAt: new Date(now.getTime() - 5 * day),
      lastNotifiedAt: new Date(now.getTime() - 2 * day),
      waiting: city,
      sent: [] as DemoAlertUnit[],
    },
    {
      n: 2,
      email: 'avvisi@demo.dimora.example',
      criteria: { capacity: 2, maxPrice: 2_500 },
      locale: 'it',
      frequency: 'immediate' as const,
      status: 'confirmed' as const,
      confirmedAt: new Date(now.getTime() - 9 * day),
      lastNotifiedAt: affordable.length ? new Date(now.getTime() - 3 * day) : null,
      waiting: [] as DemoAlertUnit[],
      sent: affordable,
    },
    {
      n: 3,
      email: 'new.subscriber@demo.dimora.example',
      criteria: { location: first.state, minPrice: 1_500 },
      locale: 'en',
      frequency: 'immediate' as const,
      status: 'pending' as const,
      confirmedAt: null,
      lastNotifiedAt: null,
      waiting: [] as DemoAlertUnit[],
      sent: [] as DemoAlertUnit[],
    },
  ];
  for (const alert of alerts) {
    const confirmToken = demoToken(seed, alert.n * 2);
    await db
      .insert(listingAlert)
      .values({
        email: alert.email,
        criteria: alert.criteria,
        locale: alert.locale,
        frequency: alert.frequency,
        status: alert.status,
        confirmToken,
        unsubscribeToken: demoToken(seed, alert.n * 2 + 1),
        confirmedAt: alert.confirmedAt,
        lastNotifiedAt: alert.lastNotifiedAt,
        createdAt: new Date(now.getTime() - 10 * day),
      })
      .onConflictDoNothing();
    const [row] = await db.select({ id: listingAlert.id }).from(listingAlert).where(eq(listingAlert.confirmToken, confirmToken));
    if (!row) continue;
    const deliveries = [
      ...alert.waiting.map((unit) => ({
        alertId: row.id,
        propertyId: unit.id,
        sentAt: null,
        createdAt: new Date(now.getTime() - 6 * 3_600_000),
      })),
      ...alert.sent.map((unit) => ({
        alertId: row.id,
        propertyId: unit.id,
        sentAt: new Date(now.getTime() - 3 * day),
        createdAt: new Date(now.getTime() - 3 * day),
      })),
    ];
    if (deliveries.length === 0) continue;
    // Only units that still exist (a reset may have replaced them).
    const proposed = deliveries.map((delivery) => delivery.propertyId);
    const existing = await db.select({ id: property.id }).from(property).where(inArray(property.id, proposed));
    const ids = new Set(existing.map((unit) => unit.id));
    const rows = deliveries.filter((delivery) => ids.has(delivery.propertyId));
    if (rows.length > 0) await db.insert(listingAlertDelivery).values(rows).onConflictDoNothing();
  }
  const emails = alerts.map((alert) => alert.email);
  const stored = await db.select({ id: listingAlert.id }).from(listingAlert).where(inArray(listingAlert.email, emails));
  return stored.length;
}
