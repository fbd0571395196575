import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '~/server/auth/session.server';
import { openDatabase, type Database } from '~/server/db/client.server';
import { auditLog, charge, ledgerAllocation, notification, payment, refund } from '~/server/db/schema';
import { createSandboxProvider, type SandboxCharge } from '~/server/payments/sandbox-provider.server';
import { addCharge, chargesOf, createLeaseFixture, createPerson, flatLateFee, leaseMails, TEST_ORIGIN } from '../../../tests/setup/leases';
import { payThroughCheckout } from '../../../tests/setup/checkout';
import { createTestDatabase, TEST_PUBLIC_URL, type TestDatabase, raceDescribe, raceTest } from '../../../tests/setup/test-db';
import { postManualCharge, recordOfflinePayment, refundPayment } from './ledger-commands.server';
import { findLeaseBalance, findLedger, leaseLocalToday } from './ledger.server';
import { settleProviderCharge } from './settlement.server';

let database: TestDatabase;
let manager: Viewer;
let otherManager: Viewer;
let tenant: Viewer;
let otherTenant: Viewer;
const origin = TEST_ORIGIN;
const publicUrl = TEST_PUBLIC_URL;
const TODAY = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  database = await createTestDatabase();
  manager = await createPerson(database.db, 'property_manager');
  otherManager = await createPerson(database.db, 'property_manager');
  tenant = await createPerson(database.db, 'tenant', 'Tess Tenant');
  otherTenant = await createPerson(database.db, 'tenant', 'Otto Other');
});

afterAll(async () => {
  await database?.close();
});

function newProvider() {
  return createSandboxProvider({ store: new Map<string, Promise<SandboxCharge>>(), checkouts: new Map() });
}

type PayOptions = Parameters<typeof payThroughCheckout>[0];
/** The tenant pays through the hosted checkout with a good card (the test's db unless `options.db`). */
function payByCard(options: Omit<PayOptions, 'db'> & Partial<PayOptions>) {
  return payThroughCheckout({ db: database.db, ...options });
}

/** refundPayment with the test's db and origin. */
function refundWith(options: Omit<Parameters<typeof refundPayment>[0], 'db' | 'origin'>) {
  return refundPayment({ db: database.db, origin, ...options });
}

async function activeLease() {
  return createLeaseFixture(database.db, { manager, tenant, monthlyRentCents: 100_000 });
}

/** A fresh lease owing one 1,000.00 charge that the tenant has paid in full by card (`idempotencyKey`). */
async function leasePaidInFull(idempotencyKey: string) {
  const provider = newProvider();
  const row = await activeLease();
  await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-01-01' });
  const paid = await payByCard({ provider, viewer: tenant, leaseId: row.id, amountCents: 100_000, idempotencyKey });
  if (!paid.ok) throw new Error('payment refused');
  return { provider, row, paymentId: paid.payment.paymentId };
}

async function allocationsOf(paymentId: number) {
  return database.db.select().from(ledgerAllocation).where(eq(ledgerAllocation.paymentId, paymentId)).orderBy(ledgerAllocation.id);
}

async function rowCounts() {
  const [payments] = await database.db.select({ n: count() }).from(payment);
  const [charges] = await database.db.select({ n: count() }).from(charge);
  const [refunds] = await database.db.select({ n: count() }).from(refund);
  const [allocations] = await database.db.select({ n: count() }).from(ledgerAllocation);
  return { payments: payments?.n, charges: charges?.n, refunds: refunds?.n, allocations: allocations?.n };
}

describe('allocation and the balance', () => {
  it('a payment covers the oldest open charge first and the next one in part', async () => {
    const row = await activeLease();
    const january = await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-01-01' });
    const february = await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-02-01' });

    const paid = await recordOfflinePayment({
      db: database.db,
      actor: manager,
      leaseId: row.id,
      amountCents: 150_000,
      method: 'check',
      reference: 'Check 1001',
      origin,
      publicUrl,
    });

    expect(paid.ok).toBe(true);
    if (!paid.ok) return;
    const charges = await chargesOf(database.db, row.id);
    expect(charges.map((c) => ({ id: c.id, allocated: c.allocatedCents, status: c.status }))).toEqual([
      { id: january.id, allocated: 100_000, status: 'paid' },
      { id: february.id, allocated: 50_000, status: 'open' },
    ]);
    expect((await allocationsOf(paid.id)).map((a) => [a.chargeId, a.amountCents])).toEqual([
      [january.id, 100_000],
      [february.id, 50_000],
    ]);
    expect(await findLeaseBalance(database.db, row.id, TODAY)).toEqual({
      balanceCents: 50_000,
      overdueCents: 50_000,
      nextDueDate: '2026-02-01',
      processingCents: 0,
    });
    const [receipt] = await leaseMails(database.db, 'receipt', tenant.email).then((rows) =>
      rows.filter((r) => r.dedupeKey === `receipt:${paid.id}`),
    );
    expect(receipt?.payload).toMatchObject({
      template: 'receipt',
      values: { amount: '$1,500.00', method: 'Check 1001', balance: '$500.00' },
    });
  });

  it('a credit covers open charges like a payment, oldest first', async () => {
    const row = await activeLease();
    const rent = await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-03-01' });

    const credited = await postManualCharge({
      db: database.db,
      actor: manager,
      leaseId: row.id,
      kind: 'credit',
      amountCents: 30_000,
      dueDate: '2026-03-02',
      description: 'Broken heater',
      origin,
    });

    expect(credited.ok).toBe(true);
    if (!credited.ok) return;
    const rows = await chargesOf(database.db, row.id);
    expect(rows.find((c) => c.id === rent.id)).toMatchObject({ allocatedCents: 30_000, status: 'open' });
    expect(rows.find((c) => c.id === credited.id)).toMatchObject({
      kind: 'credit',
      allocatedCents: 30_000,
      status: 'paid',
      description: 'Broken heater',
    });
    const allocations = await database.db.select().from(ledgerAllocation).where(eq(ledgerAllocation.creditId, credited.id));
    expect(allocations.map((a) => [a.chargeId, a.paymentId, a.amountCents])).toEqual([[rent.id, null, 30_000]]);
    expect((await findLeaseBalance(database.db, row.id, TODAY)).balanceCents).toBe(70_000);

    // A credit larger than what is owed stays open and lowers the balance below zero.
    const big = await postManualCharge({
      db: database.db,
      actor: manager,
      leaseId: row.id,
      kind: 'credit',
      amountCents: 100_000,
      dueDate: '2026-03-03',
      description: 'Goodwill',
      origin,
    });
    expect(big.ok).toBe(true);
    expect((await findLeaseBalance(database.db, row.id, TODAY)).balanceCents).toBe(-30_000);
  });

  it('the ledger lists charges, credits and payments in date order with a running balance that ends at the balance', async () => {
    const row = await activeLease();
    await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-01-01' });
    await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-02-01' });
    await postManualCharge({
      db: database.db,
      actor: manager,
      leaseId: row.id,
      kind: 'credit',
      amountCents: 25_000,
      dueDate: '2026-01-15',
      description: 'Move-in credit',
      origin,
    });
    const paid = await recordOfflinePayment({
      db: database.db,
      actor: manager,
      leaseId: row.id,
      amountCents: 60_000,
      method: 'cash',
      reference: '',
      origin,
      publicUrl,
    });
    expect(paid.ok).toBe(true);

    const ledger = await findLedger(database.db, row.id);

    // The payment is dated on the building's wall clock (decision 047), not UTC's.
    const localToday = await leaseLocalToday(database.db, row.id);
    expect(ledger.map((e) => [e.date, e.kind, e.amountCents, e.balanceCents])).toEqual([
      ['2026-01-01', 'rent', 100_000, 100_000],
      ['2026-01-15', 'credit', -25_000, 75_000],
      ['2026-02-01', 'rent', 100_000, 175_000],
      [localToday, 'payment', -60_000, 115_000],
    ]);
    expect((await findLeaseBalance(database.db, row.id, TODAY)).balanceCents).toBe(115_000);
  });
});

describe('the statement', () => {
  /** A lease in a Honolulu building (UTC−10, no DST) starting 2026-04-01. */
  async function honoluluLease() {
    const row = await createLeaseFixture(database.db, { manager, tenant, monthlyRentCents: 120_000, startDate: '2026-04-01' });
    await database.db.execute(sql`
      update building set time_zone = 'Pacific/Honolulu'
      where id = (select u.building_id from property u join lease l on l.property_id = u.id where l.id = ${row.id})`);
    return row;
  }

  /** A charge posted at the instant `postedAt` (ISO). */
  async function chargePostedAt(values: Parameters<typeof addCharge>[1], postedAt: string) {
    const posted = await addCharge(database.db, values);
    await database.db
      .update(charge)
      .set({ createdAt: new Date(postedAt) })
      .where(eq(charge.id, posted.id));
    return posted;
  }

  /** An offline payment of `amountCents` that settled at the instant `settledAt` (ISO). */
  async function paidAt(leaseId: number, amountCents: number, settledAt: string) {
    const paid = await recordOfflinePayment({
      db: database.db,
      actor: manager,
      leaseId,
      amountCents,
      method: 'check',
      reference: 'C1',
      origin,
      publicUrl,
    });
    if (!paid.ok) throw new Error('payment refused');
    await database.db
      .update(payment)
      .set({ settledAt: new Date(settledAt), createdAt: new Date(settledAt) })
      .where(eq(payment.id, paid.id));
  }

  it('lists what was paid at signing on the day it happened, charges before their payment, and never dips below zero', async () => {
    const row = await honoluluLease();
    // Signed on 10 March at 10:00 in Honolulu: the deposit and April's rent are posted, due on 1 April, and paid at once.
    await chargePostedAt({ leaseId: row.id, kind: 'deposit', amountCents: 120_000, dueDate: '2026-04-01' }, '2026-03-10T20:00:00Z');
    await chargePostedAt({ leaseId: row.id, amountCents: 120_000, dueDate: '2026-04-01' }, '2026-03-10T20:00:00Z');
    await paidAt(row.id, 240_000, '2026-03-10T20:05:00Z');
    // May's rent, recorded later than its due date (an import), and paid at 19:00 on 1 May in
    // Honolulu, which is already 2 May in UTC.
    await chargePostedAt({ leaseId: row.id, amountCents: 120_000, dueDate: '2026-05-01' }, '2026-05-20T12:00:00Z');
    await paidAt(row.id, 120_000, '2026-05-02T05:00:00Z');

    const ledger = await findLedger(database.db, row.id);

    expect(ledger.map((e) => [e.date, e.kind, e.dueDate, e.amountCents, e.balanceCents])).toEqual([
      ['2026-03-10', 'deposit', '2026-04-01', 120_000, 120_000],
      ['2026-03-10', 'rent', '2026-04-01', 120_000, 240_000],
      ['2026-03-10', 'payment', null, -240_000, 0],
      ['2026-05-01', 'rent', '2026-05-01', 120_000, 120_000],
      ['2026-05-01', 'payment', null, -120_000, 0],
    ]);
    expect(ledger.every((entry) => entry.balanceCents >= 0)).toBe(true);
  });

  it('keeps the rule that posted a late fee with its line, and a year keeps only that year’s lines with the balance carried in', async () => {
    const row = await honoluluLease();
    await chargePostedAt({ leaseId: row.id, amountCents: 120_000, dueDate: '2026-12-01' }, '2026-12-01T10:05:00Z');
    const fee = await chargePostedAt(
      { leaseId: row.id, kind: 'late_fee', amountCents: 6_000, dueDate: '2026-12-07' },
      '2026-12-07T10:05:00Z',
    );
    const rule = { ...flatLateFee(0, 5), kind: 'percent' as const, percent: 5, capCents: 7_500, source: 'building' as const };
    await database.db.update(charge).set({ lateFeeRule: rule }).where(eq(charge.id, fee.id));
    await chargePostedAt({ leaseId: row.id, amountCents: 120_000, dueDate: '2027-01-01' }, '2027-01-01T10:05:00Z');

    const all = await findLedger(database.db, row.id);
    const year2027 = await findLedger(database.db, row.id, { year: 2027 });

    expect(all.find((entry) => entry.kind === 'late_fee')).toMatchObject({ date: '2026-12-07', lateFeeRule: rule, balanceCents: 126_000 });
    expect(all.find((entry) => entry.kind === 'rent')).toMatchObject({ lateFeeRule: null });
    expect(year2027.map((e) => [e.date, e.kind, e.amountCents, e.balanceCents])).toEqual([['2027-01-01', 'rent', 120_000, 246_000]]);
    expect(await findLedger(database.db, row.id, { year: 2025 })).toEqual([]);
  });
});

describe('refunds', () => {
  it('a partial refund reopens the newest covered charge and raises the balance by exactly the refund', async () => {
    const provider = newProvider();
    const row = await activeLease();
    const january = await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-01-01' });
    const february = await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-02-01' });
    const paid = await payByCard({ provider, viewer: tenant, leaseId: row.id, amountCents: 150_000, idempotencyKey: 'refund-me' });
    expect(paid).toMatchObject({ ok: true, payment: { status: 'succeeded', amountCents: 150_000 } });
    if (!paid.ok) return;
    const paymentId = paid.payment.paymentId;
    expect((await findLeaseBalance(database.db, row.id, TODAY)).balanceCents).toBe(50_000);

    const refunded = await refundWith({
      provider,
      actor: manager,
      paymentId,
      amountCents: 30_000,
      reason: 'Overcharge',
      idempotencyKey: 'r1',
    });

    expect(refunded.ok).toBe(true);
    expect((await findLeaseBalance(database.db, row.id, TODAY)).balanceCents).toBe(80_000);
    const charges = await chargesOf(database.db, row.id);
    expect(charges.find((c) => c.id === january.id)).toMatchObject({ allocatedCents: 100_000, status: 'paid' });
    expect(charges.find((c) => c.id === february.id)).toMatchObject({ allocatedCents: 20_000, status: 'open' });
    expect((await allocationsOf(paymentId)).map((a) => [a.chargeId, a.amountCents])).toEqual([
      [january.id, 100_000],
      [february.id, 20_000],
    ]);
    const [after] = await database.db.select().from(payment).where(eq(payment.id, paymentId));
    expect(after).toMatchObject({ status: 'succeeded', refundedCents: 30_000 });
    const refunds = await database.db.select().from(refund).where(eq(refund.paymentId, paymentId));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountCents: 30_000, reason: 'Overcharge', providerRef: expect.stringMatching(/^sbx_re_/) });
    const ledger = await findLedger(database.db, row.id);
    expect(ledger.at(-1)).toMatchObject({ kind: 'refund', amountCents: 30_000, balanceCents: 80_000 });

    // The same refund submitted again is the same refund.
    expect(
      await refundWith({ provider, actor: manager, paymentId, amountCents: 30_000, reason: 'Overcharge', idempotencyKey: 'r1' }),
    ).toEqual(refunded);
    expect(await database.db.select().from(refund).where(eq(refund.paymentId, paymentId))).toHaveLength(1);
  });

  it('a refund above what is left of the payment is refused and nothing is written', async () => {
    const { provider, row, paymentId } = await leasePaidInFull('pay-all');
    expect((await refundWith({ provider, actor: manager, paymentId, amountCents: 40_000, reason: '', idempotencyKey: 'first' })).ok).toBe(
      true,
    );
    const before = await rowCounts();
    const allocationsBefore = await allocationsOf(paymentId);

    const outcome = await refundWith({ provider, actor: manager, paymentId, amountCents: 60_001, reason: '', idempotencyKey: 'too-much' });

    expect(outcome).toEqual({ ok: false, reason: 'above_refundable', limitCents: 60_000 });
    expect(await rowCounts()).toEqual(before);
    expect(await allocationsOf(paymentId)).toEqual(allocationsBefore);
    const [after] = await database.db.select().from(payment).where(eq(payment.id, paymentId));
    expect(after).toMatchObject({ status: 'succeeded', refundedCents: 40_000 });
    expect((await findLeaseBalance(database.db, row.id, TODAY)).balanceCents).toBe(40_000);
  });

  it('a manager of another building cannot refund: not_found, and nothing is written', async () => {
    const { provider, paymentId } = await leasePaidInFull('pay');
    const before = await rowCounts();

    expect(
      await refundWith({
        provider,
        actor: otherManager,
        paymentId,
        amountCents: 1_000,
        reason: '',
        idempotencyKey: 'x',
      }),
    ).toEqual({ ok: false, reason: 'not_found' });
    expect(await rowCounts()).toEqual(before);
  });
});

describe('a tenant pays', () => {
  it('refuses zero, negative, fractional and above-balance amounts, and charges nothing', async () => {
    const provider = newProvider();
    const row = await activeLease();
    await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-01-01' });
    const before = await rowCounts();
    const pay = (amountCents: number) =>
      payByCard({ provider, viewer: tenant, leaseId: row.id, amountCents, idempotencyKey: `k-${amountCents}` });

    expect(await pay(0)).toEqual({ ok: false, reason: 'invalid_amount' });
    expect(await pay(-5_000)).toEqual({ ok: false, reason: 'invalid_amount' });
    expect(await pay(1250.5)).toEqual({ ok: false, reason: 'invalid_amount' });
    expect(await pay(Number.NaN)).toEqual({ ok: false, reason: 'invalid_amount' });
    expect(await pay(100_001)).toEqual({ ok: false, reason: 'above_balance', balanceCents: 100_000 });

    expect(provider.checkouts.size).toBe(0);
    expect(await rowCounts()).toEqual(before);
  });

  it('a tenant cannot pay on another tenant’s lease: not_found', async () => {
    const provider = newProvider();
    const row = await activeLease();
    await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-01-01' });

    const outcome = await payByCard({ provider, viewer: otherTenant, leaseId: row.id, amountCents: 10_000, idempotencyKey: 'not-mine' });

    expect(outcome).toEqual({ ok: false, reason: 'not_found' });
    expect(provider.checkouts.size).toBe(0);
    expect(await database.db.select().from(payment).where(eq(payment.leaseId, row.id))).toEqual([]);
  });

  it('a double submit with one idempotency key charges once', async () => {
    const provider = newProvider();
    const row = await activeLease();
    await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-01-01' });
    const submit = () => payByCard({ provider, viewer: tenant, leaseId: row.id, amountCents: 40_000, idempotencyKey: 'one-page-view' });

    const [first, second] = await Promise.all([submit(), submit()]);
    const third = await submit();

    expect(provider.checkouts.size).toBe(1);
    const payments = await database.db.select().from(payment).where(eq(payment.leaseId, row.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ status: 'succeeded', amountCents: 40_000, cardLast4: '4242', method: 'card' });
    for (const outcome of [first, second, third])
      expect(outcome).toMatchObject({ ok: true, payment: { status: 'succeeded', paymentId: payments[0]!.id, amountCents: 40_000 } });
    expect(await allocationsOf(payments[0]!.id)).toHaveLength(1);
    expect((await findLeaseBalance(database.db, row.id, TODAY)).balanceCents).toBe(60_000);
  });
});

describe('staff of another building', () => {
  it('cannot record an offline payment or post a charge on a lease outside their buildings: not_found, nothing written', async () => {
    const row = await activeLease();
    await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-01-01' });
    const before = await rowCounts();

    expect(
      await recordOfflinePayment({
        db: database.db,
        actor: otherManager,
        leaseId: row.id,
        amountCents: 10_000,
        method: 'cash',
        reference: '',
        origin,
        publicUrl,
      }),
    ).toEqual({ ok: false, reason: 'not_found' });
    // The same charge, posted by each actor in turn.
    const keys = {
      db: database.db,
      leaseId: row.id,
      kind: 'other',
      amountCents: 10_000,
      dueDate: '2026-01-05',
      description: 'Keys',
      origin,
    } as const;
    expect(await postManualCharge({ ...keys, actor: otherManager })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(await postManualCharge({ ...keys, actor: tenant, kind: 'credit', description: 'Self-service' })).toEqual({
      ok: false,
      reason: 'not_found',
    });

    expect(await rowCounts()).toEqual(before);
    // Their own manager may.
    expect((await postManualCharge({ ...keys, actor: manager })).ok).toBe(true);
  });
});

describe('settling a provider charge', () => {
  it('a pending lease payment settled five times is one succeeded payment, one set of allocations and one receipt', async () => {
    const row = await activeLease();
    const rent = await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-01-01' });
    const fee = await addCharge(database.db, {
      leaseId: row.id,
      kind: 'late_fee',
      amountCents: 5_000,
      dueDate: '2026-01-07',
      period: '2026-01',
    });
    const key = `lease:${row.id}:pay:webhook`;
    const [pending] = await database.db
      .insert(payment)
      .values({
        payerId: tenant.id,
        leaseId: row.id,
        kind: 'rent',
        method: 'card',
        amountCents: 105_000,
        status: 'pending',
        provider: 'sandbox',
        idempotencyKey: key,
      })
      .returning();
    const result = { status: 'succeeded' as const, providerRef: 'sbx_ch_webhook', cardBrand: 'visa', cardLast4: '4242' };
    const settle = () =>
      settleProviderCharge({
        db: database.db,
        idempotencyKey: key,
        result,
        context: { publicUrl, logger: { info: () => {}, warn: () => {}, error: () => {} } },
      });

    const outcomes = [...(await Promise.all([settle(), settle(), settle()])), await settle(), await settle()];

    expect(outcomes.filter((o) => o === 'settled')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'unchanged')).toHaveLength(4);
    const payments = await database.db.select().from(payment).where(eq(payment.leaseId, row.id));
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ id: pending!.id, status: 'succeeded', providerRef: 'sbx_ch_webhook', cardLast4: '4242' });
    expect((await allocationsOf(pending!.id)).map((a) => [a.chargeId, a.amountCents])).toEqual([
      [rent.id, 100_000],
      [fee.id, 5_000],
    ]);
    expect((await leaseMails(database.db, 'receipt', tenant.email)).filter((m) => m.dedupeKey === `receipt:${pending!.id}`)).toHaveLength(
      1,
    );
    const receipts = await database.db.select().from(notification).where(eq(notification.userId, tenant.id));
    expect(receipts.filter((n) => n.message.includes(`R-${String(pending!.id).padStart(7, '0')}`))).toHaveLength(1);
    expect((await findLeaseBalance(database.db, row.id, TODAY)).balanceCents).toBe(0);
  });
});

raceDescribe('a double submit of Pay now (two connection pools on PostgreSQL)', () => {
  let other: Database;

  beforeAll(async () => {
    other = database.url ? await openDatabase({ databaseUrl: database.url, poolSize: 2 }) : database;
    if (other !== database) await Promise.all([other.db.execute(sql`select 1`), other.db.execute(sql`select 1`)]);
  });

  afterAll(async () => {
    if (other !== database) await other?.close();
  });

  raceTest('the same form posted twice at once charges once and audits one payment', async () => {
    const provider = newProvider();
    const row = await activeLease();
    await addCharge(database.db, { leaseId: row.id, amountCents: 100_000, dueDate: '2026-01-01' });
    const pay = (db: typeof database.db) =>
      payByCard({ db, provider, viewer: tenant, leaseId: row.id, amountCents: 40_000, idempotencyKey: 'double-submit' });

    const [first, second] = await Promise.all([pay(database.db), pay(other.db)]);

    expect(first.ok && second.ok).toBe(true);
    const ids = [first, second].map((outcome) => (outcome.ok ? outcome.payment.paymentId : 0));
    expect(ids[0]).toBe(ids[1]);
    const payments = await database.db.select({ id: payment.id }).from(payment).where(eq(payment.leaseId, row.id));
    expect(payments).toHaveLength(1);
    const audits = await database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment_made'), sql`${auditLog.newValues}->>'payment_id' = ${String(ids[0])}`));
    expect(audits[0]?.n).toBe(1);
    expect((await findLeaseBalance(database.db, row.id, TODAY)).balanceCents).toBe(60_000);
  });
});
