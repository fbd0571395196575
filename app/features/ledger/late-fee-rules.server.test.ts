/**
 * Decision 048: late-fee rules. The company's rule (settings) or a building's own decides the
 * grace period, a flat fee or a percent of the month's rent, and its caps; the fee posts once per
 * lease and period and keeps the rule that posted it. The SQL and `lateFeeFor` agree.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { lateFeeFor, type LateFeeRule } from '~/lib/late-fees';
import type { Viewer } from '~/server/auth/session.server';
import { lease } from '~/server/db/schema';
import { createBuilding, createProperty } from '../../../tests/setup/factories';
import { addCharge, chargesOf, createLeaseFixture, createPerson, flatLateFee, noonUtc } from '../../../tests/setup/leases';
import { useTestDatabase } from '../../../tests/setup/test-db';
import { postLateFees } from './rent-jobs.server';

const database = useTestDatabase();
let people: { manager: Viewer; tenant: Viewer } | undefined;

afterEach(async () => {
  await database.db.update(lease).set({ status: 'ended' }).where(eq(lease.status, 'active'));
});

/** An active lease with one open rent of `rentCents` due 3 March 2026, in a building with `rule` (null = the company's). */
async function lateRent(rentCents: number, rule: LateFeeRule | null = null) {
  people ??= { manager: await createPerson(database.db, 'property_manager'), tenant: await createPerson(database.db, 'tenant') };
  const home = await createBuilding(database.db, { state: 'NY', managerId: people.manager.id, lateFeeRule: rule });
  const unit = await createProperty(database.db, { buildingId: home.id, status: 'leased' });
  const row = await createLeaseFixture(database.db, { ...people, unitId: unit.id, monthlyRentCents: rentCents });
  await addCharge(database.db, { leaseId: row.id, amountCents: rentCents, dueDate: '2026-03-03', period: '2026-03' });
  return row;
}

const feeOf = async (leaseId: number) => (await chargesOf(database.db, leaseId)).find((c) => c.kind === 'late_fee');

const rule = (overrides: Partial<LateFeeRule>): LateFeeRule => ({ ...flatLateFee(5_000, 5), ...overrides });

describe('late-fee rules', () => {
  it('the company’s flat fee posts after its grace period and keeps the rule that posted it', async () => {
    const row = await lateRent(150_000);
    const companyRule = flatLateFee(7_500, 5);
    expect(await postLateFees({ db: database.db, now: noonUtc('2026-03-08'), companyRule })).toBe(0);
    expect(await postLateFees({ db: database.db, now: noonUtc('2026-03-09'), companyRule })).toBe(1);
    expect(await postLateFees({ db: database.db, now: noonUtc('2026-03-20'), companyRule })).toBe(0);
    const fee = await feeOf(row.id);
    expect(fee).toMatchObject({ amountCents: 7_500, dueDate: '2026-03-09', period: '2026-03' });
    expect(fee?.lateFeeRule).toEqual({ ...companyRule, source: 'company' });
  });

  it('a percent of the month’s rent is rounded to the cent and held under each cap that is set', async () => {
    const cases: Array<[LateFeeRule, number, number]> = [
      [rule({ kind: 'percent', percent: 5 }), 123_457, 6_173],
      [rule({ kind: 'percent', percent: 10, capCents: 10_000 }), 150_000, 10_000],
      [rule({ kind: 'percent', percent: 10, capCents: 10_000, capPercent: 5 }), 150_000, 7_500],
      [rule({ kind: 'flat', amountCents: 20_000, capPercent: 5 }), 99_999, 4_999],
      [rule({ kind: 'flat', amountCents: 2_500, capCents: 50_000 }), 150_000, 2_500],
    ];
    for (const [companyRule, rentCents, expected] of cases) {
      const row = await lateRent(rentCents);
      expect(lateFeeFor(companyRule, rentCents)).toBe(expected);
      expect(await postLateFees({ db: database.db, now: noonUtc('2026-03-09'), companyRule })).toBe(1);
      expect((await feeOf(row.id))?.amountCents).toBe(expected);
      await database.db.update(lease).set({ status: 'ended' }).where(eq(lease.id, row.id));
    }
  });

  it('a building’s own rule wins over the company’s, with its own grace period; the fee says where its rule came from', async () => {
    const own = rule({ graceDays: 2, kind: 'percent', percent: 4 });
    const strict = await lateRent(100_000, own);
    const ordinary = await lateRent(100_000);
    const companyRule = flatLateFee(5_000, 5);
    // The 6th: the building's two days of grace are over, the company's five are not.
    expect(await postLateFees({ db: database.db, now: noonUtc('2026-03-06'), companyRule })).toBe(1);
    expect(await feeOf(strict.id)).toMatchObject({ amountCents: 4_000, lateFeeRule: { ...own, source: 'building' } });
    expect(await feeOf(ordinary.id)).toBeUndefined();
    expect(await postLateFees({ db: database.db, now: noonUtc('2026-03-09'), companyRule })).toBe(1);
    expect(await feeOf(ordinary.id)).toMatchObject({ amountCents: 5_000, lateFeeRule: { source: 'company' } });
  });

  it('a rule whose fee comes to nothing posts nothing', async () => {
    const row = await lateRent(100_000, rule({ amountCents: 0 }));
    expect(await postLateFees({ db: database.db, now: noonUtc('2026-03-20'), companyRule: flatLateFee(5_000, 5) })).toBe(0);
    expect(await feeOf(row.id)).toBeUndefined();
  });
});
