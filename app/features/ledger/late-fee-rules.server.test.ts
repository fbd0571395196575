/**
 * Decision 048: late-fee rules. The company's rule (settings) or a building's own decides the
 * grace period, a flat fee or a percent of the month's rent, and its caps; the fee posts once per
 * lease and period and keeps the rule that posted it. The SQL and `lateFeeFor` agree.
 * Decision 051: a daily rule's one fee grows each local day the rent stays open, to its cap.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { lateFeeFor, type LateFeeRule } from '~/lib/late-fees';
import type { Viewer } from '~/server/auth/session.server';
import { building, charge, lease, property } from '~/server/db/schema';
import { createBuilding, createProperty } from '../../../tests/setup/factories';
import { addCharge, chargesOf, createLeaseFixture, createPerson, dailyLateFee, flatLateFee, noonUtc } from '../../../tests/setup/leases';
import { useTestDatabase } from '../../../tests/setup/test-db';
import { leaseDocumentInput } from '~/features/leases/lease-pdf.server';
import { recordOfflinePayment } from './ledger-commands.server';
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

  it('the lease document states the rule the job applies: the building’s own, else the company’s', async () => {
    const own = dailyLateFee();
    const strict = await lateRent(150_000, own);
    const ordinary = await lateRent(150_000);
    expect((await leaseDocumentInput(database.db, strict.id, 'en'))?.lateFeeRule).toEqual(own);
    // The company's rule as the settings hold it (never edited here: the defaults).
    expect((await leaseDocumentInput(database.db, ordinary.id, 'en'))?.lateFeeRule).toEqual({ ...flatLateFee(5_000, 5), percent: 5 });
  });

  it('a rule whose fee comes to nothing posts nothing', async () => {
    const row = await lateRent(100_000, rule({ amountCents: 0 }));
    expect(await postLateFees({ db: database.db, now: noonUtc('2026-03-20'), companyRule: flatLateFee(5_000, 5) })).toBe(0);
    expect(await feeOf(row.id)).toBeUndefined();
  });
});

describe('daily late fees (decision 051)', () => {
  /** $15 a day after two days of grace, at most 10% of the month's rent (the demo's Texan rule). */
  const texan = dailyLateFee();
  const companyRule = flatLateFee(5_000, 5);
  const run = (iso: string) => postLateFees({ db: database.db, now: noonUtc(iso), companyRule });
  const setRent = (leaseId: number, status: 'open' | 'processing') =>
    database.db
      .update(charge)
      .set({ status })
      .where(and(eq(charge.leaseId, leaseId), eq(charge.kind, 'rent')));

  it('posts a day’s fee after the grace period, raises it once per local day by the rule stored with it, and stops at the cap', async () => {
    const row = await lateRent(150_000, texan);
    expect(await run('2026-03-05')).toBe(0);
    expect(await run('2026-03-06')).toBe(1);
    expect(await feeOf(row.id)).toMatchObject({ amountCents: 1_500, dueDate: '2026-03-06', lateFeeRule: { ...texan, source: 'building' } });
    expect(await run('2026-03-06')).toBe(0);
    // The building changes its rule: the fee already posted keeps growing by the rule that posted it.
    const [unit] = await database.db.select({ buildingId: property.buildingId }).from(property).where(eq(property.id, row.propertyId));
    await database.db
      .update(building)
      .set({ lateFeeRule: flatLateFee(500, 2) })
      .where(eq(building.id, unit!.buildingId));
    expect(await run('2026-03-09')).toBe(1);
    expect((await feeOf(row.id))?.amountCents).toBe(6_000);
    expect(await run('2026-03-09')).toBe(0);
    // 27 days late: 27 × $15 = $405, held at 10% of $1,500.
    expect(lateFeeFor(texan, 150_000, 27)).toBe(15_000);
    expect(await run('2026-04-01')).toBe(1);
    expect(await run('2026-04-02')).toBe(0);
    const fees = (await chargesOf(database.db, row.id)).filter((c) => c.kind === 'late_fee');
    expect(fees.map((fee) => [fee.amountCents, fee.period, fee.dueDate])).toEqual([[15_000, '2026-03', '2026-03-06']]);
  });

  it('a job that first runs days late posts the days already run; the SQL and lateFeeFor agree day by day', async () => {
    const percentDaily = rule({ graceDays: 0, kind: 'percent', frequency: 'daily', percent: 1, capCents: 10_000 });
    const row = await lateRent(123_457, percentDaily);
    // Due the 3rd, no grace: the 8th is the 5th day late.
    expect(await run('2026-03-08')).toBe(1);
    expect((await feeOf(row.id))?.amountCents).toBe(lateFeeFor(percentDaily, 123_457, 5));
    expect(lateFeeFor(percentDaily, 123_457, 5)).toBe(6_175);
    for (let day = 9; day <= 13; day += 1) {
      const iso = `2026-03-${String(day).padStart(2, '0')}`;
      await run(iso);
      expect((await feeOf(row.id))?.amountCents, iso).toBe(lateFeeFor(percentDaily, 123_457, day - 3));
    }
    expect((await feeOf(row.id))?.amountCents).toBe(10_000);
  });

  it('stops growing once the rent is paid, and while a bank debit is in flight', async () => {
    const paid = await lateRent(150_000, texan);
    const inFlight = await lateRent(150_000, texan);
    expect(await run('2026-03-07')).toBe(2);
    const recorded = await recordOfflinePayment({
      db: database.db,
      actor: people!.manager,
      leaseId: paid.id,
      amountCents: 150_000,
      method: 'check',
      reference: 'Check 2051',
      origin: { ip: '203.0.113.51', userAgent: 'vitest' },
      publicUrl: 'http://localhost',
    });
    expect(recorded.ok).toBe(true);
    // A debit in flight makes the rent `processing` (bank-debits.server.test.ts shows how).
    await setRent(inFlight.id, 'processing');
    expect(await run('2026-03-10')).toBe(0);
    expect((await feeOf(paid.id))?.amountCents).toBe(3_000);
    expect((await feeOf(inFlight.id))?.amountCents).toBe(3_000);
    // The debit comes back: the rent reopens and the fee counts every day since the grace period.
    await setRent(inFlight.id, 'open');
    expect(await run('2026-03-10')).toBe(1);
    expect((await feeOf(inFlight.id))?.amountCents).toBe(7_500);
    expect((await feeOf(paid.id))?.amountCents).toBe(3_000);
  });
});
