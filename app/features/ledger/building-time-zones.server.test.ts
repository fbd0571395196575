/**
 * Decision 047: the rent jobs run on each building's local calendar. A lease in Honolulu, Phoenix,
 * Los Angeles and New York is followed across the hour its local midnight falls on, in March
 * (daylight saving starts on 8 March 2026) and November (it ends on 1 November 2026): a late fee,
 * a month's rent, the end of a lease and an autopay charge happen at the building's midnight, not
 * a second before and not at UTC's.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Viewer } from '~/server/auth/session.server';
import { rowsOf } from '~/server/db/rows.server';
import { autopay, building, lease } from '~/server/db/schema';
import { createSandboxProvider } from '~/server/payments/sandbox-provider.server';
import { STATE_TIME_ZONES, startOfLocalDay } from '~/lib/time-zones';
import { US_STATES } from '~/lib/us-states';
import { createBuilding, createProperty } from '../../../tests/setup/factories';
import { addCharge, chargesOf, createLeaseFixture, createPerson, flatLateFee } from '../../../tests/setup/leases';
import { useTestDatabase } from '../../../tests/setup/test-db';
import { runAutopay } from './autopay.server';
import { findLeaseBalance, leaseLocalToday } from './ledger.server';
import { endExpiredLeases, postDueRent, postLateFees } from './rent-jobs.server';

const database = useTestDatabase();
let people: { manager: Viewer; tenant: Viewer } | undefined;

async function cast() {
  people ??= {
    manager: await createPerson(database.db, 'property_manager'),
    tenant: await createPerson(database.db, 'tenant'),
  };
  return people;
}

// The jobs run over every active lease: each test starts with none left active by another.
afterEach(async () => {
  await database.db.update(lease).set({ status: 'ended' }).where(eq(lease.status, 'active'));
});

const ZONES = [
  { state: 'HI', zone: 'Pacific/Honolulu' },
  { state: 'AZ', zone: 'America/Phoenix' },
  { state: 'CA', zone: 'America/Los_Angeles' },
  { state: 'NY', zone: 'America/New_York' },
] as const;

/** An active lease in a building of `state` (its zone from the state), with `overrides`. */
async function leaseIn(state: string, overrides: Partial<typeof lease.$inferInsert> = {}) {
  const { manager, tenant } = await cast();
  const home = await createBuilding(database.db, { state, managerId: manager.id });
  const unit = await createProperty(database.db, { buildingId: home.id, status: 'leased' });
  return createLeaseFixture(database.db, { manager, tenant, unitId: unit.id, ...overrides });
}

const oneSecondBefore = (instant: Date) => new Date(instant.getTime() - 1_000);

describe('building time zones', () => {
  it('every state has a zone, and the database’s table is the same as the code’s', async () => {
    const states = Object.keys(US_STATES);
    expect(states.filter((state) => !STATE_TIME_ZONES[state])).toEqual([]);
    const rows = rowsOf<{ state: string; zone: string }>(
      await database.db.execute(
        sql`select s as state, state_time_zone(s) as zone from unnest(${sql.raw(`array[${states.map((s) => `'${s}'`).join(',')}]`)}) s`,
      ),
    );
    const fromDatabase = Object.fromEntries(rows.map((r) => [r.state, r.zone]));
    expect(fromDatabase).toEqual(Object.fromEntries(states.map((state) => [state, STATE_TIME_ZONES[state]])));
    // Every zone is one the runtime knows.
    for (const zone of new Set(Object.values(STATE_TIME_ZONES)))
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
  });

  it('a building inserted without a zone takes its state’s; a named zone is kept', async () => {
    expect((await createBuilding(database.db, { state: 'HI' })).timeZone).toBe('Pacific/Honolulu');
    expect((await createBuilding(database.db, { state: 'az' })).timeZone).toBe('America/Phoenix');
    expect((await createBuilding(database.db, { state: 'TX', timeZone: 'America/Denver' })).timeZone).toBe('America/Denver');
  });

  it.each(ZONES)('$state: a late fee posts at local midnight after the grace period, in March and in November', async ({ state, zone }) => {
    const row = await leaseIn(state, { startDate: '2026-01-01', endDate: '2026-12-31' });
    // Rent due on the 3rd; five days' grace: the fee is due from the 9th (8 March is the
    // first day of daylight saving time; 1 November its last).
    for (const [dueDate, feeDay, period] of [
      ['2026-03-03', '2026-03-09', '2026-03'],
      ['2026-11-03', '2026-11-09', '2026-11'],
    ] as const) {
      await addCharge(database.db, { leaseId: row.id, amountCents: 120_000, dueDate, period });
      const midnight = startOfLocalDay(zone, feeDay);
      const fees = { db: database.db, companyRule: flatLateFee(5_000, 5) };
      expect(await postLateFees({ ...fees, now: oneSecondBefore(midnight) })).toBe(0);
      expect(await postLateFees({ ...fees, now: midnight })).toBe(1);
      expect(await postLateFees({ ...fees, now: midnight })).toBe(0);
      const fee = (await chargesOf(database.db, row.id)).find((c) => c.kind === 'late_fee' && c.period === period);
      expect(fee).toMatchObject({ amountCents: 5_000, dueDate: feeDay });
    }
  });

  it('the same instant is a different day in each building: only the buildings past midnight are fee’d', async () => {
    const leases = await Promise.all(ZONES.map(({ state }) => leaseIn(state, { startDate: '2026-01-01', endDate: '2026-12-31' })));
    for (const row of leases)
      await addCharge(database.db, { leaseId: row.id, amountCents: 90_000, dueDate: '2026-07-03', period: '2026-07' });
    // 2026-07-09 at 08:30 UTC: 04:30 in New York, 01:30 in Los Angeles and Phoenix, 22:30 of
    // the 8th in Honolulu.
    expect(await postLateFees({ db: database.db, now: new Date('2026-07-09T08:30:00Z'), companyRule: flatLateFee(5_000, 5) })).toBe(3);
    const feed = await Promise.all(leases.map(async (row) => (await chargesOf(database.db, row.id)).some((c) => c.kind === 'late_fee')));
    expect(feed).toEqual([false, true, true, true]);
    expect(await leaseLocalToday(database.db, leases[0]!.id, new Date('2026-07-09T08:30:00Z'))).toBe('2026-07-08');
    expect(await leaseLocalToday(database.db, leases[3]!.id, new Date('2026-07-09T08:30:00Z'))).toBe('2026-07-09');
  });

  it.each(ZONES)(
    '$state: the month’s rent posts at local midnight of its due day, and the lease ends after its last local day',
    async ({ state, zone }) => {
      const row = await leaseIn(state, { startDate: '2026-02-01', endDate: '2026-03-31', monthlyRentCents: 150_000 });
      const marchFirst = startOfLocalDay(zone, '2026-03-01');
      await postDueRent({ db: database.db, now: oneSecondBefore(marchFirst), dueDay: 1 });
      const rentPeriods = async () => (await chargesOf(database.db, row.id)).filter((c) => c.kind === 'rent').map((c) => c.period);
      expect(await rentPeriods()).toEqual(['2026-02']);
      expect(await postDueRent({ db: database.db, now: marchFirst, dueDay: 1 })).toBe(1);
      expect(await rentPeriods()).toEqual(['2026-02', '2026-03']);
      // The lease's last day is 31 March: it ends when 1 April begins in its building.
      const aprilFirst = startOfLocalDay(zone, '2026-04-01');
      expect(await endExpiredLeases({ db: database.db, now: oneSecondBefore(aprilFirst) })).toBe(0);
      expect(await endExpiredLeases({ db: database.db, now: aprilFirst })).toBe(1);
      expect((await database.db.select({ status: lease.status }).from(lease).where(eq(lease.id, row.id)))[0]?.status).toBe('ended');
    },
  );

  it('overdue counts up to the building’s date; autopay charges on its local day', async () => {
    const row = await leaseIn('HI', { startDate: '2026-01-01', endDate: '2026-12-31' });
    await addCharge(database.db, { leaseId: row.id, amountCents: 120_000, dueDate: '2026-11-05', period: '2026-11' });
    expect((await findLeaseBalance(database.db, row.id, '2026-11-04')).overdueCents).toBe(0);
    expect((await findLeaseBalance(database.db, row.id, '2026-11-05')).overdueCents).toBe(120_000);
    const provider = createSandboxProvider();
    const { tenant } = await cast();
    // A card saved on the sandbox's hosted page in setup mode: its token says it charges fine.
    await database.db.insert(autopay).values({
      leaseId: row.id,
      userId: tenant.id,
      provider: provider.name,
      paymentMethodToken: `sbx_pm_ok_visa_4242_${randomBytes(8).toString('hex')}`,
      customerRef: null,
      cardBrand: 'visa',
      cardLast4: '4242',
      dayOfMonth: 5,
    });
    const fifth = startOfLocalDay('Pacific/Honolulu', '2026-11-05');
    const run = (now: Date) => runAutopay({ db: database.db, provider, now, publicUrl: 'http://localhost:3000' });
    // 09:59:59 UTC on the 5th is still the 4th in Honolulu.
    expect(await run(oneSecondBefore(fifth))).toMatchObject({ charged: 0 });
    expect(await run(fifth)).toMatchObject({ charged: 1 });
    expect(await run(fifth)).toMatchObject({ charged: 0 });
    expect((await database.db.select({ last: autopay.lastPeriod }).from(autopay).where(eq(autopay.leaseId, row.id)))[0]?.last).toBe(
      '2026-11',
    );
    const [home] = await database.db
      .select({ zone: building.timeZone })
      .from(building)
      .where(sql`${building.id} = (select building_id from property where id = ${row.propertyId})`);
    expect(home?.zone).toBe('Pacific/Honolulu');
  });
});
