import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '~/server/auth/session.server';
import { openDatabase, type Database } from '~/server/db/client.server';
import { application, auditLog, charge, lease, leaseTenant, property } from '~/server/db/schema';
import { createApplication, createProperty } from '../../../tests/setup/factories';
import { addCharge, chargesOf, createLeaseFixture, createPerson, flatLateFee, noonUtc } from '../../../tests/setup/leases';
import { createTestDatabase, type TestDatabase, raceTest } from '../../../tests/setup/test-db';
import {
  endExpiredLeases,
  expireUnpaidApplications,
  lapseUnsignedOffers,
  PAYMENT_FAILED_EXPIRY_DAYS,
  postDueRent,
  postLateFees,
  RENT_CATCH_UP_MONTHS,
} from './rent-jobs.server';

let database: TestDatabase;
let manager: Viewer;
let tenant: Viewer;

beforeAll(async () => {
  database = await createTestDatabase();
  manager = await createPerson(database.db, 'property_manager');
  tenant = await createPerson(database.db, 'tenant');
});

// The jobs run over every active lease: each test starts with none left active by another.
afterEach(async () => {
  await database.db.update(lease).set({ status: 'ended' }).where(eq(lease.status, 'active'));
});

afterAll(async () => {
  await database?.close();
});

async function rentsOf(leaseId: number) {
  return (await chargesOf(database.db, leaseId))
    .filter((c) => c.kind === 'rent')
    .map((c) => ({ period: c.period, dueDate: c.dueDate, amount: c.amountCents }));
}

/** `YYYY-MM` of `period` moved by `months`. */
function shiftPeriod(period: string, months: number): string {
  const date = new Date(`${period}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 7);
}

describe('postDueRent', () => {
  it('posts each active lease’s rent once per month, and a second run posts nothing', async () => {
    const first = await createLeaseFixture(database.db, {
      manager,
      tenant,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      monthlyRentCents: 120_000,
    });
    const second = await createLeaseFixture(database.db, {
      manager,
      tenant,
      startDate: '2026-02-01',
      endDate: '2027-01-31',
      monthlyRentCents: 95_000,
    });

    expect(await postDueRent({ db: database.db, now: noonUtc('2026-03-10'), dueDay: 1 })).toBe(5);
    expect(await postDueRent({ db: database.db, now: noonUtc('2026-03-10'), dueDay: 1 })).toBe(0);
    expect(await postDueRent({ db: database.db, now: noonUtc('2026-03-11'), dueDay: 1 })).toBe(0);

    expect(await rentsOf(first.id)).toEqual([
      { period: '2026-01', dueDate: '2026-01-01', amount: 120_000 },
      { period: '2026-02', dueDate: '2026-02-01', amount: 120_000 },
      { period: '2026-03', dueDate: '2026-03-01', amount: 120_000 },
    ]);
    expect(await rentsOf(second.id)).toEqual([
      { period: '2026-02', dueDate: '2026-02-01', amount: 95_000 },
      { period: '2026-03', dueDate: '2026-03-01', amount: 95_000 },
    ]);
  });

  it(`catches up at most ${RENT_CATCH_UP_MONTHS} missed months before the current one`, async () => {
    const row = await createLeaseFixture(database.db, { manager, tenant, startDate: '2025-01-01', endDate: '2027-12-31' });

    const posted = await postDueRent({ db: database.db, now: noonUtc('2026-06-15'), dueDay: 1 });

    const expected = Array.from({ length: RENT_CATCH_UP_MONTHS + 1 }, (_, i) => shiftPeriod('2026-06', i - RENT_CATCH_UP_MONTHS));
    expect(posted).toBe(expected.length);
    expect((await rentsOf(row.id)).map((r) => r.period)).toEqual(expected);
  });

  it('posts nothing before the lease starts or after it ends, and the first month is due on the start date', async () => {
    const row = await createLeaseFixture(database.db, { manager, tenant, startDate: '2026-02-15', endDate: '2026-04-20' });
    const future = await createLeaseFixture(database.db, { manager, tenant, startDate: '2026-06-01', endDate: '2027-05-31' });
    const signedOnly = await createLeaseFixture(database.db, {
      manager,
      tenant,
      status: 'signed',
      startDate: '2026-01-01',
      endDate: '2026-12-31',
    });

    expect(await postDueRent({ db: database.db, now: noonUtc('2026-02-14'), dueDay: 1 })).toBe(0);
    await postDueRent({ db: database.db, now: noonUtc('2026-05-05'), dueDay: 1 });

    expect(await rentsOf(row.id)).toEqual([
      { period: '2026-02', dueDate: '2026-02-15', amount: 120_000 },
      { period: '2026-03', dueDate: '2026-03-01', amount: 120_000 },
      { period: '2026-04', dueDate: '2026-04-01', amount: 120_000 },
    ]);
    expect(await rentsOf(future.id)).toEqual([]);
    expect(await rentsOf(signedOnly.id)).toEqual([]);
  });

  it('posts a month’s rent on its due day, not before', async () => {
    const row = await createLeaseFixture(database.db, { manager, tenant, startDate: '2026-01-01', endDate: '2026-12-31' });

    expect(await postDueRent({ db: database.db, now: noonUtc('2026-03-04'), dueDay: 5 })).toBe(2);
    expect((await rentsOf(row.id)).map((r) => r.dueDate)).toEqual(['2026-01-05', '2026-02-05']);

    expect(await postDueRent({ db: database.db, now: noonUtc('2026-03-05'), dueDay: 5 })).toBe(1);
    expect((await rentsOf(row.id)).map((r) => r.dueDate)).toEqual(['2026-01-05', '2026-02-05', '2026-03-05']);
  });

  it('new rent is covered at once by credit already on the lease', async () => {
    const row = await createLeaseFixture(database.db, { manager, tenant, startDate: '2026-01-01', endDate: '2026-12-31' });
    const credit = await addCharge(database.db, {
      leaseId: row.id,
      kind: 'credit',
      amountCents: 50_000,
      dueDate: '2025-12-20',
      period: 'manual:prepaid',
    });

    await postDueRent({ db: database.db, now: noonUtc('2026-01-02'), dueDay: 1 });

    const rows = await chargesOf(database.db, row.id);
    expect(rows.find((c) => c.kind === 'rent')).toMatchObject({ amountCents: 120_000, allocatedCents: 50_000, status: 'open' });
    expect(rows.find((c) => c.id === credit.id)).toMatchObject({ allocatedCents: 50_000, status: 'paid' });
  });

  raceTest('two instances running at once post each rent exactly once (proven on PostgreSQL; PGlite runs them one by one)', async () => {
    const leases = await Promise.all(
      Array.from({ length: 5 }, () => createLeaseFixture(database.db, { manager, tenant, startDate: '2026-01-01', endDate: '2026-12-31' })),
    );
    let other: Database | null = null;
    try {
      if (database.url) {
        other = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
        // Connected before the race, so neither instance starts late.
        await Promise.all([other.db.execute(sql`select 1`), other.db.execute(sql`select 1`)]);
      }
      const counts = await Promise.all([
        postDueRent({ db: database.db, now: noonUtc('2026-04-02'), dueDay: 1 }),
        postDueRent({ db: other?.db ?? database.db, now: noonUtc('2026-04-02'), dueDay: 1 }),
        postDueRent({ db: database.db, now: noonUtc('2026-04-02'), dueDay: 1 }),
      ]);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(5 * 4);
      const rows = await database.db
        .select()
        .from(charge)
        .where(
          inArray(
            charge.leaseId,
            leases.map((l) => l.id),
          ),
        );
      expect(rows).toHaveLength(5 * 4);
      expect(new Set(rows.map((r) => `${r.leaseId}:${r.period}`)).size).toBe(5 * 4);
    } finally {
      await other?.close();
    }
  });
});

describe('postLateFees', () => {
  it('posts one fee per rent still unpaid after the grace days, none for paid rent or within grace, and only once', async () => {
    const row = await createLeaseFixture(database.db, { manager, tenant, startDate: '2026-01-01', endDate: '2026-12-31' });
    const unpaid = await addCharge(database.db, { leaseId: row.id, amountCents: 120_000, dueDate: '2026-01-01' });
    const paid = await database.db
      .insert(charge)
      .values({
        leaseId: row.id,
        kind: 'rent',
        amountCents: 120_000,
        allocatedCents: 120_000,
        status: 'paid',
        dueDate: '2025-12-01',
        period: '2025-12',
      })
      .returning();
    const fees = async () => (await chargesOf(database.db, row.id)).filter((c) => c.kind === 'late_fee');

    // Due 1 January, 5 days of grace: not late through 6 January.
    expect(await postLateFees({ db: database.db, now: noonUtc('2026-01-06'), companyRule: flatLateFee(5_000, 5) })).toBe(0);
    expect(await fees()).toEqual([]);

    expect(await postLateFees({ db: database.db, now: noonUtc('2026-01-07'), companyRule: flatLateFee(5_000, 5) })).toBe(1);
    expect(await postLateFees({ db: database.db, now: noonUtc('2026-01-07'), companyRule: flatLateFee(5_000, 5) })).toBe(0);
    expect(await postLateFees({ db: database.db, now: noonUtc('2026-01-20'), companyRule: flatLateFee(5_000, 5) })).toBe(0);

    const posted = await fees();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      period: unpaid.period,
      amountCents: 5_000,
      dueDate: '2026-01-07',
      status: 'open',
      description: 'Late fee',
    });
    expect(posted.some((fee) => fee.period === paid[0]!.period)).toBe(false);
  });

  it('posts no fee when the late fee setting is zero', async () => {
    const row = await createLeaseFixture(database.db, { manager, tenant, startDate: '2026-01-01', endDate: '2026-12-31' });
    await addCharge(database.db, { leaseId: row.id, amountCents: 120_000, dueDate: '2026-01-01' });

    expect(await postLateFees({ db: database.db, now: noonUtc('2026-02-01'), companyRule: flatLateFee(0, 5) })).toBe(0);
    expect((await chargesOf(database.db, row.id)).filter((c) => c.kind === 'late_fee')).toEqual([]);
  });
});

describe('endExpiredLeases', () => {
  it('ends active leases the day after their end date and leaves the rest', async () => {
    const ending = await createLeaseFixture(database.db, { manager, tenant, startDate: '2025-04-01', endDate: '2026-03-31' });
    const running = await createLeaseFixture(database.db, { manager, tenant, startDate: '2026-01-01', endDate: '2026-12-31' });
    const signed = await createLeaseFixture(database.db, {
      manager,
      tenant,
      status: 'signed',
      startDate: '2025-01-01',
      endDate: '2025-12-31',
    });
    const statuses = async () =>
      Object.fromEntries(
        (
          await database.db
            .select({ id: lease.id, status: lease.status, endedAt: lease.endedAt })
            .from(lease)
            .where(inArray(lease.id, [ending.id, running.id, signed.id]))
        ).map((l) => [l.id, [l.status, l.endedAt !== null]]),
      );

    expect(await endExpiredLeases({ db: database.db, now: noonUtc('2026-03-31') })).toBe(0);
    expect(await endExpiredLeases({ db: database.db, now: noonUtc('2026-04-01') })).toBe(1);
    expect(await endExpiredLeases({ db: database.db, now: noonUtc('2026-04-01') })).toBe(0);

    expect(await statuses()).toEqual({ [ending.id]: ['ended', true], [running.id]: ['active', false], [signed.id]: ['signed', false] });
  });

  it('frees the unit of an ended lease (unlisted), but not one a renewal holds', async () => {
    const freed = await createLeaseFixture(database.db, { manager, tenant, startDate: '2025-04-01', endDate: '2026-03-31' });
    const renewed = await createLeaseFixture(database.db, { manager, tenant, startDate: '2025-04-01', endDate: '2026-03-31' });
    await createLeaseFixture(database.db, {
      manager,
      tenant,
      unitId: renewed.propertyId,
      startDate: '2026-04-01',
      endDate: '2027-03-31',
      renewalOfId: renewed.id,
    });
    expect(await endExpiredLeases({ db: database.db, now: noonUtc('2026-04-02') })).toBe(2);
    const units = await database.db
      .select({ id: property.id, status: property.status, listed: property.listed })
      .from(property)
      .where(inArray(property.id, [freed.propertyId, renewed.propertyId]));
    expect(Object.fromEntries(units.map((u) => [u.id, [u.status, u.listed]]))).toEqual({
      [freed.propertyId]: ['available', false],
      [renewed.propertyId]: ['leased', expect.any(Boolean)],
    });
  });
});

describe('lapseUnsignedOffers', () => {
  it('a sent lease nobody signed by its deadline goes back to draft, a lapsed renewal offer is terminated; signed and open offers stay; audited once', async () => {
    const deadline = new Date('2026-06-08T12:00:00Z');
    const sent = { status: 'sent' as const, sentAt: new Date('2026-06-01T12:00:00Z'), signBy: deadline, countersignedAt: null };
    const fresh = await createLeaseFixture(database.db, { manager, tenant, ...sent, startDate: '2026-07-01', endDate: '2027-06-30' });
    const current = await createLeaseFixture(database.db, { manager, tenant, startDate: '2025-07-01', endDate: '2026-06-30' });
    const renewal = await createLeaseFixture(database.db, {
      manager,
      tenant,
      unitId: current.propertyId,
      renewalOfId: current.id,
      ...sent,
      startDate: '2026-07-01',
      endDate: '2027-06-30',
    });
    const halfSigned = await createLeaseFixture(database.db, { manager, tenant, ...sent, startDate: '2026-07-01', endDate: '2027-06-30' });
    await database.db
      .update(leaseTenant)
      .set({ signedAt: new Date('2026-06-02T09:00:00Z'), signatureName: tenant.name })
      .where(eq(leaseTenant.leaseId, halfSigned.id));
    const open = await createLeaseFixture(database.db, {
      manager,
      tenant,
      ...sent,
      signBy: new Date('2026-06-20T12:00:00Z'),
      startDate: '2026-07-01',
      endDate: '2027-06-30',
    });
    const ids = [fresh.id, renewal.id, halfSigned.id, open.id];
    const statuses = async () =>
      Object.fromEntries(
        (await database.db.select({ id: lease.id, status: lease.status }).from(lease).where(inArray(lease.id, ids))).map((l) => [
          l.id,
          l.status,
        ]),
      );

    expect(await lapseUnsignedOffers({ db: database.db, now: deadline })).toBe(0);
    expect(await lapseUnsignedOffers({ db: database.db, now: new Date(deadline.getTime() + 1_000) })).toBe(2);
    expect(await lapseUnsignedOffers({ db: database.db, now: new Date(deadline.getTime() + 1_000) })).toBe(0);

    expect(await statuses()).toEqual({ [fresh.id]: 'draft', [renewal.id]: 'terminated', [halfSigned.id]: 'sent', [open.id]: 'sent' });
    const audits = await database.db.select({ values: auditLog.newValues }).from(auditLog).where(eq(auditLog.action, 'lease_offer_lapsed'));
    expect(audits.map((a) => a.values.lease_id).sort()).toEqual([fresh.id, renewal.id].sort());
    // The lapsed renewal no longer holds the unit: the current lease's end frees it.
    expect(await endExpiredLeases({ db: database.db, now: noonUtc('2026-07-01') })).toBeGreaterThanOrEqual(1);
    const [unit] = await database.db.select({ status: property.status }).from(property).where(eq(property.id, current.propertyId));
    expect(unit?.status).toBe('available');
  });
});

describe('expireUnpaidApplications', () => {
  it(`expires applications left payment_failed for more than ${PAYMENT_FAILED_EXPIRY_DAYS} days, and nothing else`, async () => {
    const unit = await createProperty(database.db, { managerId: manager.id });
    const failedAt = new Date('2026-05-01T12:00:00Z');
    const stale = await createApplication(database.db, { propertyId: unit.id, status: 'payment_failed', updatedAt: failedAt });
    const recent = await createApplication(database.db, {
      propertyId: unit.id,
      status: 'payment_failed',
      updatedAt: new Date('2026-05-05T12:00:00Z'),
    });
    const submitted = await createApplication(database.db, { propertyId: unit.id, status: 'submitted', updatedAt: failedAt });
    const statusOf = async (id: number) =>
      (await database.db.select({ status: application.status }).from(application).where(eq(application.id, id)))[0]?.status;
    const expiry = failedAt.getTime() + PAYMENT_FAILED_EXPIRY_DAYS * 86_400_000;

    expect(await expireUnpaidApplications({ db: database.db, now: new Date(expiry) })).toBe(0);
    expect(await expireUnpaidApplications({ db: database.db, now: new Date(expiry + 1_000) })).toBe(1);
    expect(await expireUnpaidApplications({ db: database.db, now: new Date(expiry + 1_000) })).toBe(0);

    expect([await statusOf(stale.id), await statusOf(recent.id), await statusOf(submitted.id)]).toEqual([
      'expired',
      'payment_failed',
      'submitted',
    ]);
  });
});
