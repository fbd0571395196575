import os from 'node:os';
import path from 'node:path';
import { passwordHasher } from '~/server/auth/password-hash.server';
import { and, asc, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The seed must write what the ledger's own rules compute: the test reads it with them.
// eslint-disable-next-line no-restricted-imports -- test only: checks the seed against the ledger feature
import { allocateLedger, findLeaseBalance, lockLease } from '~/features/ledger/ledger.server';
// eslint-disable-next-line no-restricted-imports -- test only: the daily jobs must find nothing left to post
import { postDueRent, postLateFees } from '~/features/ledger/rent-jobs.server';
// eslint-disable-next-line no-restricted-imports -- test only: the demo's bank debits are a ledger feature's (decision 050)
import { findDemoBankDebits, seedDemoBankDebits } from '~/features/ledger/demo-bank-debits.server';
import type { DimoraLoadContext } from '~/server/load-context';
import { createTestDatabase, testContext, type TestDatabase } from '../../../../tests/setup/test-db';
import { dailyLateFee, flatLateFee, noonUtc } from '../../../../tests/setup/leases';
import { account, autopay, building, charge, lease, leaseTenant, ledgerAllocation, payment, property, user, vendor } from '../schema';
import { DEMO_ACCOUNTS, createDemoAccounts } from './demo-accounts.server';
import { DEMO_TENANT_DOMAIN, hasDemoLease, seedDemoLeases, type DemoLeaseCounts } from './demo-leases.server';
import { seedDatabase } from './seed.server';
import { createLocalStorage } from '~/server/uploads/storage.server';

// Shared with seed.server.test.ts: the pictures are rendered once per machine.
const uploadsDir = path.join(os.tmpdir(), 'dimora-seed-test-uploads');
/** The seed's "today" in these tests: midday, so every job of the day has run. */
const NOW = new Date('2026-11-26T12:00:00Z');
const TODAY = '2026-11-26';

let database: TestDatabase;
let context: DimoraLoadContext;

/** Replaces the demo leases with those of `seed` at NOW. */
async function reseedLeases(seed: number): Promise<DemoLeaseCounts> {
  // TRUNCATE fires no row triggers: the journal is emptied with it, as the seed's --reset does.
  await database.db.execute(sql`SELECT gl_reset_books()`);
  await database.db.execute(sql`TRUNCATE ${lease} RESTART IDENTITY CASCADE`);
  return seedDemoLeases({ db: database.db, seed, now: NOW });
}

/** Counts, sums and a checksum of every row the demo leases wrote. */
async function fingerprint() {
  const { rows } = (await database.db.execute(sql`
    select
      (select count(*)::int from lease) as leases,
      (select coalesce(sum(monthly_rent_cents), 0)::bigint::text from lease) as rent,
      (select md5(coalesce(string_agg(concat_ws('|', id, property_id, tenant_id, start_date, end_date, monthly_rent_cents, sent_at), ',' order by id), '')) from lease) as lease_md5,
      (select count(*)::int from charge) as charges,
      (select coalesce(sum(amount_cents), 0)::bigint::text || '/' || coalesce(sum(allocated_cents), 0)::bigint::text from charge) as charge_sums,
      (select md5(coalesce(string_agg(concat_ws('|', id, lease_id, kind, amount_cents, allocated_cents, due_date, period, status), ',' order by id), '')) from charge) as charge_md5,
      (select count(*)::int from payment) as payments,
      (select coalesce(sum(amount_cents), 0)::bigint::text from payment) as paid,
      (select md5(coalesce(string_agg(concat_ws('|', id, lease_id, method, amount_cents, provider_ref, reference, settled_at), ',' order by id), '')) from payment) as payment_md5,
      (select count(*)::int || '/' || coalesce(sum(amount_cents), 0)::bigint::text from ledger_allocation) as allocations,
      (select count(*)::int || '/' || coalesce(string_agg(payment_method_token, ',' order by lease_id), '') from autopay) as autopays,
      (select md5(coalesce(string_agg(concat_ws('|', id, email, name), ',' order by id), '')) from "user" where id like 'demo-tenant-%') as tenants_md5`)) as unknown as {
    rows: Record<string, unknown>[];
  };
  return rows[0];
}

beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database);
  await seedDatabase({ db: database.db, units: 240, seed: 42, storage: createLocalStorage(uploadsDir) });
}, 120_000);

afterAll(async () => {
  await database?.close();
});

describe('seedDemoLeases', () => {
  let counts: DemoLeaseCounts;

  beforeAll(async () => {
    // seedDatabase wrote demo leases (dated from the clock); replace them with those of NOW.
    const [seeded] = await database.db.select({ n: sql<number>`count(*)::int` }).from(lease);
    expect(seeded?.n).toBeGreaterThan(0);
    // The demo's Texan rule (decision 051) on every building of the company's rule, so the ledgers
    // below hold daily fees (240 units may have no Texan building).
    await database.db.update(building).set({ lateFeeRule: dailyLateFee() }).where(isNull(building.lateFeeRule));
    counts = await reseedLeases(42);
  }, 60_000);

  it('gives 60 % of the leased units (chosen by the seed) an active lease', async () => {
    const leased = await database.db
      .select({ id: property.id })
      .from(property)
      .where(eq(property.status, 'leased'))
      .orderBy(asc(property.id));
    const chosen = leased.filter((unit) => hasDemoLease(42, unit.id)).map((unit) => unit.id);
    expect(chosen.length / leased.length).toBeGreaterThan(0.4);
    expect(chosen.length / leased.length).toBeLessThan(0.8);
    const leases = await database.db
      .select({ propertyId: lease.propertyId, status: lease.status })
      .from(lease)
      .orderBy(asc(lease.propertyId));
    expect(leases.map((row) => row.propertyId)).toEqual(chosen);
    expect(new Set(leases.map((row) => row.status))).toEqual(new Set(['active']));
    expect(counts.leases).toBe(chosen.length);
  });

  it('is deterministic: the same seed writes the same rows, another seed others', async () => {
    const first = await fingerprint();
    expect(first?.leases).toBe(counts.leases);
    expect(first?.charges).toBe(counts.charges);
    expect(first?.payments).toBe(counts.payments);
    const again = await reseedLeases(42);
    expect(again).toEqual(counts);
    expect(await fingerprint()).toEqual(first);
    const other = await reseedLeases(7);
    expect((await fingerprint())?.charge_md5).not.toBe(first?.charge_md5);
    // Demo tenants are rewritten in place; those of the other seed's extra leases are gone.
    const [tenants] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(user)
      .where(like(user.id, 'demo-tenant-%'));
    expect(tenants?.n).toBe(other.leases);
    counts = await reseedLeases(42);
    expect(await fingerprint()).toEqual(first);
  }, 60_000);

  it('gives each lease its unit’s rent, a month of deposit, 12 months behind it and an end ahead', async () => {
    const rows = await database.db
      .select({ lease, price: property.price, signer: leaseTenant, tenant: user })
      .from(lease)
      .innerJoin(property, eq(property.id, lease.propertyId))
      .innerJoin(leaseTenant, eq(leaseTenant.leaseId, lease.id))
      .innerJoin(user, eq(user.id, lease.tenantId));
    expect(rows).toHaveLength(counts.leases);
    for (const { lease: l, price, signer, tenant } of rows) {
      expect(l.monthlyRentCents).toBe(price * 100);
      expect(l.depositCents).toBe(l.monthlyRentCents);
      expect(l.startDate >= '2025-11-15' && l.startDate <= '2025-11-26', l.startDate).toBe(true);
      expect(l.endDate > TODAY).toBe(true);
      expect(l.countersignedAt!.getTime()).toBeGreaterThan(signer.signedAt!.getTime());
      expect(signer).toMatchObject({ role: 'primary', userId: tenant.id, email: tenant.email, signatureName: tenant.name });
      expect(signer.signatureIp).toMatch(/^203\.0\.113\.\d+$/);
      expect(tenant).toMatchObject({ role: 'tenant', emailVerified: true });
      expect(tenant.email.endsWith(`@${DEMO_TENANT_DOMAIN}`)).toBe(true);
    }
    // Demo tenants cannot sign in: no credential account.
    const credentials = await database.db.select({ id: account.id }).from(account).where(like(account.userId, 'demo-tenant-%'));
    expect(credentials).toHaveLength(0);
    const periods = await database.db
      .select({ leaseId: charge.leaseId, n: sql<number>`count(*)::int` })
      .from(charge)
      .where(eq(charge.kind, 'rent'))
      .groupBy(charge.leaseId);
    // Started 12 months and some days ago: 13 months of rent (the first one at signing).
    expect(new Set(periods.map((row) => row.n))).toEqual(new Set([13]));
  });

  it('keeps every balance as the ledger computes it, allocations within the charges, oldest first', async () => {
    const charges = await database.db.select().from(charge).orderBy(asc(charge.leaseId), asc(charge.dueDate), asc(charge.id));
    const allocations = await database.db
      .select({ chargeId: ledgerAllocation.chargeId, paymentId: ledgerAllocation.paymentId, amount: ledgerAllocation.amountCents })
      .from(ledgerAllocation);
    const payments = await database.db.select().from(payment);
    const byCharge = new Map<number, number>();
    const byPayment = new Map<number, number>();
    for (const a of allocations) {
      byCharge.set(a.chargeId, (byCharge.get(a.chargeId) ?? 0) + a.amount);
      byPayment.set(a.paymentId!, (byPayment.get(a.paymentId!) ?? 0) + a.amount);
    }
    const owedByLease = new Map<number, number>();
    const statusesByLease = new Map<number, typeof charges>();
    for (const c of charges) {
      expect(c.allocatedCents).toBe(byCharge.get(c.id) ?? 0);
      expect(c.allocatedCents).toBeLessThanOrEqual(c.amountCents);
      expect(c.status).toBe(c.allocatedCents === c.amountCents ? 'paid' : 'open');
      owedByLease.set(c.leaseId, (owedByLease.get(c.leaseId) ?? 0) + c.amountCents - c.allocatedCents);
      statusesByLease.set(c.leaseId, [...(statusesByLease.get(c.leaseId) ?? []), c]);
    }
    // Payments are fully applied (nobody paid more than they owed).
    for (const p of payments) expect(byPayment.get(p.id), `payment ${p.id}`).toBe(p.amountCents);
    // Oldest first: in due-date order, paid charges, then open ones; only the first open one may be partly covered.
    for (const [leaseId, list] of statusesByLease) {
      const firstOpen = list.findIndex((c) => c.status === 'open');
      if (firstOpen < 0) continue;
      expect(
        list.slice(firstOpen).every((c) => c.status === 'open'),
        `lease ${leaseId}`,
      ).toBe(true);
      expect(
        list.slice(firstOpen + 1).every((c) => c.allocatedCents === 0),
        `lease ${leaseId}`,
      ).toBe(true);
    }
    const leases = await database.db.select({ id: lease.id }).from(lease);
    for (const { id } of leases) {
      const balance = await findLeaseBalance(database.db, id, TODAY);
      expect(balance.balanceCents, `lease ${id}`).toBe(owedByLease.get(id) ?? 0);
      // Nothing left for the ledger to allocate.
      const allocated = await database.db.transaction(async (tx) => {
        await lockLease(tx, id);
        return allocateLedger(tx, id);
      });
      expect(allocated).toBe(0);
    }
    const owing = [...owedByLease.values()].filter((cents) => cents > 0).length;
    expect(owing).toBe(counts.owing);
    expect(owing).toBeGreaterThan(0);
    expect(owing).toBeLessThan(leases.length / 2);
  });

  it('has card, check and autopay payments with their building, settled, and late fees where rent was late', async () => {
    const payments = await database.db
      .select({ payment, buildingOfUnit: property.buildingId })
      .from(payment)
      .innerJoin(lease, eq(lease.id, payment.leaseId))
      .innerJoin(property, eq(property.id, lease.propertyId));
    expect(payments).toHaveLength(counts.payments);
    expect(new Set(payments.map((row) => row.payment.method))).toEqual(new Set(['card', 'check', 'autopay']));
    for (const { payment: p, buildingOfUnit } of payments) {
      expect(p.buildingId).toBe(buildingOfUnit);
      expect(p.status).toBe('succeeded');
      expect(p.settledAt).not.toBeNull();
      expect(p.settledAt!.getTime()).toBeLessThanOrEqual(NOW.getTime());
      if (p.method === 'check')
        expect(p).toMatchObject({ provider: 'offline', cardLast4: null, reference: expect.stringMatching(/^Check #\d+$/) });
      else expect(p).toMatchObject({ provider: 'sandbox', providerRef: expect.stringMatching(/^sbx_ch_[0-9a-f]{24}$/) });
    }
    const plans = await database.db.select().from(autopay);
    expect(plans.length).toBe(counts.autopays);
    expect(plans.length).toBeGreaterThan(0);
    for (const plan of plans) {
      expect(plan.paymentMethodToken).toMatch(/^sbx_pm_ok_[a-z]+_\d{4}_[0-9a-f]{16}$/);
      expect(plan.lastPeriod).toBe('2026-11');
    }
    const fees = await database.db.select().from(charge).where(eq(charge.kind, 'late_fee'));
    expect(fees.length).toBeGreaterThan(0);
    expect(fees.some((fee) => fee.status === 'open')).toBe(true);
    // The Texan buildings' daily rule (decision 051): fees that grew past one day's amount, none past the cap.
    const daily = fees.filter((fee) => fee.lateFeeRule?.frequency === 'daily');
    expect(daily.length).toBeGreaterThan(0);
    expect(daily.some((fee) => fee.amountCents > fee.lateFeeRule!.amountCents)).toBe(true);
  });

  it('leaves the daily rent and late-fee jobs nothing to post', async () => {
    expect(await postDueRent({ db: database.db, now: noonUtc(TODAY), dueDay: 1 })).toBe(0);
    expect(await postLateFees({ db: database.db, now: noonUtc(TODAY), companyRule: flatLateFee(5_000, 5) })).toBe(0);
  });
});

describe('createDemoAccounts', () => {
  async function hashOf(email: string): Promise<string> {
    const [row] = await database.db
      .select({ hash: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(and(eq(user.email, email), eq(account.providerId, 'credential')));
    return row!.hash!;
  }

  it('creates one sign-in per role with distinct random passwords that match the stored hashes', async () => {
    const accounts = await createDemoAccounts({ db: database.db });
    expect(accounts.map((a) => a.role)).toEqual(['admin', 'property_manager', 'vendor', 'owner', 'tenant']);
    expect(new Set(accounts.map((a) => a.password)).size).toBe(5);
    for (const a of accounts) {
      expect(a.password.length).toBeGreaterThanOrEqual(16);
      const hash = await hashOf(a.email);
      expect(hash).not.toContain(a.password);
      expect(await passwordHasher.verify({ hash, password: a.password })).toBe(true);
      const signedIn = await context.auth.api.signInEmail({ body: { email: a.email, password: a.password } });
      expect(signedIn.user.email).toBe(a.email);
    }
    const users = await database.db
      .select()
      .from(user)
      .where(
        inArray(
          user.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      );
    expect(new Map(users.map((u) => [u.email, u.role]))).toEqual(new Map(DEMO_ACCOUNTS.map((a) => [a.email, a.role])));
  });

  it('links the tenant to an active lease, gives the manager three buildings and the vendor an approved record; a second run only changes the passwords', async () => {
    const first = await createDemoAccounts({ db: database.db });
    const [tenant] = await database.db.select().from(user).where(eq(user.email, 'tenant@demo.dimora.example'));
    const [manager] = await database.db.select().from(user).where(eq(user.email, 'manager@demo.dimora.example'));
    const [vendorUser] = await database.db.select().from(user).where(eq(user.email, 'vendor@demo.dimora.example'));
    const [held] = await database.db.select().from(lease).where(eq(lease.tenantId, tenant!.id));
    expect(held?.status).toBe('active');
    const [signer] = await database.db
      .select()
      .from(leaseTenant)
      .where(and(eq(leaseTenant.leaseId, held!.id), eq(leaseTenant.role, 'primary')));
    expect(signer).toMatchObject({ userId: tenant!.id, email: tenant!.email });
    const paidBy = await database.db.selectDistinct({ payerId: payment.payerId }).from(payment).where(eq(payment.leaseId, held!.id));
    expect(paidBy).toEqual([{ payerId: tenant!.id }]);
    const balance = await findLeaseBalance(database.db, held!.id, TODAY);
    expect(balance.balanceCents).toBeGreaterThan(0);

    const buildings = await database.db.select({ id: building.id }).from(building).where(eq(building.managerId, manager!.id));
    expect(buildings).toHaveLength(3);
    const [unit] = await database.db
      .select({ buildingId: property.buildingId, managerId: property.managerId })
      .from(property)
      .where(eq(property.id, held!.propertyId));
    expect(buildings.map((b) => b.id)).toContain(unit!.buildingId);
    expect(unit!.managerId).toBe(manager!.id);
    const [record] = await database.db.select().from(vendor).where(eq(vendor.userId, vendorUser!.id));
    expect(record?.status).toBe('approved');

    const second = await createDemoAccounts({ db: database.db });
    for (const [i, a] of second.entries()) {
      expect(a.password).not.toBe(first[i]!.password);
      const hash = await hashOf(a.email);
      expect(await passwordHasher.verify({ hash, password: a.password })).toBe(true);
      expect(await passwordHasher.verify({ hash, password: first[i]!.password })).toBe(false);
    }
    const [again] = await database.db.select().from(lease).where(eq(lease.tenantId, tenant!.id));
    expect(again?.id).toBe(held!.id);
    expect(await database.db.select({ id: building.id }).from(building).where(eq(building.managerId, manager!.id))).toEqual(buildings);
    expect(await database.db.select({ id: vendor.id }).from(vendor).where(eq(vendor.userId, vendorUser!.id))).toHaveLength(1);
  });
});

describe('the demo bank debits (decision 050)', () => {
  it('seeds one debit in flight and one returned through the ledger, with the fee, on the newest owing leases; a second run adds none', async () => {
    await reseedLeases(42);
    expect(await seedDemoBankDebits({ db: database.db, publicUrl: 'http://dimora.test' })).toBe(2);
    const debits = await findDemoBankDebits(database.db);
    expect(debits.map((row) => [row.status, row.method, row.failureReason]).sort()).toEqual([
      ['failed', 'bank_debit', 'debit_returned'],
      ['processing', 'bank_debit', null],
    ]);
    const inFlight = debits.find((row) => row.status === 'processing')!;
    const returned = debits.find((row) => row.status === 'failed')!;
    expect(inFlight.leaseId!).toBeGreaterThan(returned.leaseId!);
    expect(await findLeaseBalance(database.db, inFlight.leaseId!, TODAY)).toMatchObject({ balanceCents: 0, overdueCents: 0 });
    expect((await findLeaseBalance(database.db, inFlight.leaseId!, TODAY)).processingCents).toBeGreaterThan(0);
    const fees = await database.db
      .select({ amountCents: charge.amountCents })
      .from(charge)
      .where(and(eq(charge.leaseId, returned.leaseId!), eq(charge.kind, 'returned_payment_fee')));
    expect(fees).toEqual([{ amountCents: 2_500 }]);
    expect(await seedDemoBankDebits({ db: database.db, publicUrl: 'http://dimora.test' })).toBe(0);
  });
});
