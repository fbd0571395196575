/**
 * The demo's owners (decision 061), for `npm start` on an empty database and `npm run seed`: the
 * buildings are shared among a dozen owners (companies and people, in turn, two or three buildings
 * each and the rest to the last ones), each building with a management agreement that started
 * thirteen months before the seed (fees of 6 to 10 %, some with a flat fee, reserves of $2,500 to
 * $10,000, distribution on the 10th), and the past twelve months settled through the real
 * settlement (`settleOwnerMonth`) — so the owner portal, the owners' pages and the ledger's 3100 and
 * 5200 accounts have a year of history, and the last three settled months their owner statements (not e-mailed). At the company's size only the first
 * `DEMO_SETTLED_BUILDINGS` buildings get their history settled (each month is a transaction); the
 * others' agreements start this month. A second run adds nothing: buildings that have an owner
 * are skipped and owners are found by e-mail.
 */
import { asc, eq, isNull, sql } from 'drizzle-orm';
import { localToday } from '~/lib/time-zones';
import type { Db } from '~/server/db/client.server';
import { building, managementAgreement, owner } from '~/server/db/schema';
import { settleOwnerMonth, shiftMonth } from './owner-settlement.server';
import { generateDueOwnerStatements } from './owner-statements.server';

/** The domain of the demo owners' e-mail addresses (reserved `.example`). */
export const DEMO_OWNER_DOMAIN = 'owners.demo.dimora.example';

/** How many months back the demo makes owner statements. */
export const DEMO_STATEMENT_MONTHS = 3;

/** How many buildings get their twelve past months settled. */
export const DEMO_SETTLED_BUILDINGS = 40;

const DEMO_OWNERS: readonly { kind: 'person' | 'company'; name: string; locale: 'en' | 'it' }[] = [
  { kind: 'company', name: 'Harbor Lane Holdings LLC', locale: 'en' },
  { kind: 'person', name: 'Giulia Ferrari', locale: 'it' },
  { kind: 'company', name: 'Cedar & Stone Properties', locale: 'en' },
  { kind: 'person', name: 'Marcus Bell', locale: 'en' },
  { kind: 'company', name: 'Lakeview Residential Trust', locale: 'en' },
  { kind: 'person', name: 'Elena Rossi', locale: 'it' },
  { kind: 'company', name: 'Northgate Apartments LP', locale: 'en' },
  { kind: 'person', name: 'Priya Natarajan', locale: 'en' },
  { kind: 'company', name: 'Bluebonnet Realty Partners', locale: 'en' },
  { kind: 'person', name: 'Samuel Ortiz', locale: 'en' },
  { kind: 'company', name: 'Via Roma Investimenti Srl', locale: 'it' },
  { kind: 'company', name: 'Summit Ridge Capital', locale: 'en' },
];

/** The e-mail of demo owner `index` (its name in lower case, words joined by dots). */
function demoOwnerEmail(name: string): string {
  return `${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '.')
    .replace(/^\.|\.$/g, '')}@${DEMO_OWNER_DOMAIN}`;
}

/**
 * Adds the demo owners, agreements and settled months (see the file's comment) as at `now`;
 * answers how many owners were created, buildings assigned and months settled.
 */
export async function seedDemoOwners({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<{ owners: number; buildings: number; settled: number; statements: number }> {
  const unowned = await db
    .select({ id: building.id, timeZone: building.timeZone })
    .from(building)
    .where(isNull(building.ownerId))
    .orderBy(asc(building.id));
  if (unowned.length === 0) return { owners: 0, buildings: 0, settled: 0, statements: 0 };
  let owners = 0;
  const ownerIds: number[] = [];
  for (const spec of DEMO_OWNERS) {
    const email = demoOwnerEmail(spec.name);
    const [found] = await db
      .select({ id: owner.id })
      .from(owner)
      .where(eq(sql`lower(${owner.email})`, email));
    if (found) {
      ownerIds.push(found.id);
      continue;
    }
    const [created] = await db
      .insert(owner)
      .values({ ...spec, email, phone: `+1 512 555 01${String(ownerIds.length).padStart(2, '0')}` })
      .returning({ id: owner.id });
    ownerIds.push(created!.id);
    owners += 1;
  }
  let settled = 0;
  for (const [index, row] of unowned.entries()) {
    // Two or three buildings each for the first owners, then the rest in turn.
    const ownerId = ownerIds[index < ownerIds.length * 2 ? Math.floor(index / 2) : index % ownerIds.length]!;
    const today = localToday(row.timeZone, now);
    const history = index < DEMO_SETTLED_BUILDINGS;
    const startsOn = history ? `${shiftMonth(today.slice(0, 7), -13)}-01` : `${today.slice(0, 7)}-01`;
    await db.transaction(async (tx) => {
      await tx.update(building).set({ ownerId }).where(eq(building.id, row.id));
      await tx
        .insert(managementAgreement)
        .values({
          buildingId: row.id,
          feePercentBp: 600 + (index % 5) * 100,
          flatFeeCents: index % 3 === 0 ? 15_000 : 0,
          reserveCents: 250_000 + (index % 4) * 250_000,
          distributionDay: 10,
          startsOn,
        })
        .onConflictDoNothing();
    });
    if (!history) continue;
    // Twelve months that have ended and whose distribution day has come; the job settles the next.
    const newest = Number(today.slice(8, 10)) >= 10 ? 1 : 2;
    for (let back = newest + 11; back >= newest; back -= 1) {
      const outcome = await settleOwnerMonth(db, { buildingId: row.id, month: shiftMonth(today.slice(0, 7), -back), now });
      if (outcome.ok) settled += 1;
    }
  }
  // The last three settled months' statements, kept like the job's (each PDF takes a moment to
  // render, so not the whole year at start-up); the demo's history is not e-mailed.
  const statements = settled > 0 ? await generateDueOwnerStatements(db, { now, months: DEMO_STATEMENT_MONTHS, email: false }) : 0;
  return { owners, buildings: unowned.length, settled, statements };
}
