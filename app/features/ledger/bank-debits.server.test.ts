/**
 * Bank debits (decision 050), on the real database with the sandbox provider and its clock: a
 * debit in flight is `processing` (its charge neither open nor paid, no late fee), then clears
 * (paid, receipt) or comes back (charge reopened, the returned-payment fee, notices to the tenant
 * and the building's staff in their language), once however often it is synced, and the
 * reconciler settles a debit whose webhook was lost.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '~/server/auth/session.server';
import { autopay, checkoutSession, notification, outbox, payment, user } from '~/server/db/schema';
import {
  createSandboxProvider,
  SANDBOX_BANK_NAME,
  SANDBOX_TEST_BANK,
  type SandboxProvider,
} from '~/server/payments/sandbox-provider.server';
import { updateSettings } from '~/server/settings/settings.server';
import { CHECKOUT_CONTEXT, openAutopayCheckout } from '../../../tests/setup/checkout';
import { addCharge, chargesOf, createLeaseFixture, createPerson, flatLateFee, leaseMails, TEST_ORIGIN } from '../../../tests/setup/leases';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { findAutopay, runAutopay } from './autopay.server';
import { findCheckoutReturn, reconcileCheckouts, startLeaseCheckout, syncCheckoutByRef } from './lease-checkout.server';
import { reconcileLeasePayments } from './settlement.server';
import { findLeaseBalance, findLedger } from './ledger.server';
import { postLateFees } from './rent-jobs.server';
import { findPayments, findReconciliation } from '~/features/payments/payments-admin.server';
import { NO_FILTERS } from '~/features/payments/payments.schemas';

const SETTLE_MS = 60_000;

let database: TestDatabase;
let admin: Viewer;

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await createPerson(database.db, 'admin', 'Ada Admin');
});

afterAll(async () => {
  await database?.close();
});

/** A sandbox whose clock the test moves. */
function clockedSandbox() {
  let offsetMs = 0;
  const provider = createSandboxProvider({
    store: new Map(),
    checkouts: new Map(),
    now: () => new Date(Date.now() + offsetMs),
    debitSettleMs: SETTLE_MS,
  });
  return { provider, advance: (ms: number) => void (offsetMs += ms) };
}

/** A tenant's lease owing $1,000.00 rent due 2026-01-01 (long past its grace), in a building `manager` runs. */
async function owingLease() {
  const manager = await createPerson(database.db, 'property_manager', 'Mia Manager');
  const tenant = await createPerson(database.db, 'tenant', 'Tess Debit');
  const lease = await createLeaseFixture(database.db, { manager, tenant, monthlyRentCents: 100_000 });
  const rent = await addCharge(database.db, { leaseId: lease.id, amountCents: 100_000, dueDate: '2026-01-01' });
  return { manager, tenant, lease, rent };
}

/** Pay now for $1,000.00 from test bank account `accountNumber` on the sandbox's page, synced as its webhook would. */
async function payByBank(provider: SandboxProvider, tenant: Viewer, leaseId: number, accountNumber: string) {
  const opened = await startLeaseCheckout({
    db: database.db,
    provider,
    viewer: tenant,
    leaseId,
    amountCents: 100_000,
    idempotencyKey: `bank-${leaseId}`,
    locale: 'en',
    origin: TEST_ORIGIN,
    context: CHECKOUT_CONTEXT,
  });
  if (!opened.ok) throw new Error(`not opened: ${opened.reason}`);
  const [checkout] = await database.db.select().from(checkoutSession).where(eq(checkoutSession.paymentId, opened.paymentId));
  const ref = checkout!.sessionRef!;
  const paid = provider.payCheckoutByBank(ref, { routingNumber: SANDBOX_TEST_BANK.routingNumber, accountNumber, holder: tenant.name });
  expect(paid).toMatchObject({ status: 'paid' });
  const sync = () => syncCheckoutByRef({ db: database.db, provider, ref, context: CHECKOUT_CONTEXT });
  return { paymentId: opened.paymentId, ref, sync };
}

async function paymentRow(paymentId: number) {
  const [row] = await database.db.select().from(payment).where(eq(payment.id, paymentId));
  return row!;
}

async function lateFeesOf(leaseId: number) {
  return (await chargesOf(database.db, leaseId)).filter((row) => row.kind === 'late_fee');
}

async function notificationsOf(userId: string) {
  return database.db.select().from(notification).where(eq(notification.userId, userId));
}

describe('a rent charge paid by bank debit', () => {
  it('is processing while the debit is in flight: not owed again, not late, not paid; the debit clearing pays it once', async () => {
    const { provider, advance } = clockedSandbox();
    const { tenant, lease, rent } = await owingLease();
    const { paymentId, sync } = await payByBank(provider, tenant, lease.id, SANDBOX_TEST_BANK.clears);

    expect(await sync()).toBe('processing');
    expect(await paymentRow(paymentId)).toMatchObject({
      status: 'processing',
      method: 'bank_debit',
      cardBrand: SANDBOX_BANK_NAME,
      cardLast4: '6789',
      settledAt: null,
    });
    expect((await chargesOf(database.db, lease.id)).find((row) => row.id === rent.id)).toMatchObject({
      status: 'processing',
      allocatedCents: 100_000,
    });
    expect(await findLeaseBalance(database.db, lease.id, '2026-11-30')).toEqual({
      balanceCents: 0,
      processingCents: 100_000,
      overdueCents: 0,
      nextDueDate: null,
    });
    // The late-fee job runs long after the grace period: nothing posts against a debit in flight.
    await postLateFees({ db: database.db, now: new Date(), companyRule: flatLateFee(5_000, 5) });
    expect(await lateFeesOf(lease.id)).toEqual([]);
    // The statement shows the debit as processing; the return page says so.
    const ledger = await findLedger(database.db, lease.id);
    expect(ledger.map((entry) => [entry.kind, entry.status, entry.amountCents, entry.balanceCents])).toEqual([
      ['rent', 'processing', 100_000, 100_000],
      ['payment', 'processing', -100_000, 0],
    ]);
    const back = await findCheckoutReturn({
      db: database.db,
      provider,
      viewer: tenant,
      paymentId,
      cancelled: false,
      context: CHECKOUT_CONTEXT,
    });
    expect(back).toMatchObject({ status: 'processing', url: null });
    expect(await leaseMails(database.db, 'receipt', tenant.email)).toHaveLength(0);
    // Staff see it as processing: on /admin/payments (its own status filter) and in the reconciliation.
    const processing = await findPayments({ db: database.db, actor: admin, filters: { ...NO_FILTERS, status: 'processing' } });
    expect(processing.items.map((row) => [row.id, row.status, row.method])).toContainEqual([paymentId, 'processing', 'bank_debit']);
    const today = new Date().toISOString().slice(0, 10);
    const day = await findReconciliation({ db: database.db, actor: admin, query: { from: today, to: today, buildingId: null } });
    expect(day.totals).toMatchObject({ processingCount: 1, processingCents: 100_000 });

    advance(SETTLE_MS + 1_000);
    for (let i = 0; i < 4; i += 1) expect(await sync()).toBe('succeeded');
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'succeeded', method: 'bank_debit' });
    expect((await paymentRow(paymentId)).settledAt).not.toBeNull();
    expect((await chargesOf(database.db, lease.id)).find((row) => row.id === rent.id)).toMatchObject({ status: 'paid' });
    expect(await findLeaseBalance(database.db, lease.id, '2026-11-30')).toMatchObject({ balanceCents: 0, processingCents: 0 });
    expect(await leaseMails(database.db, 'receipt', tenant.email)).toHaveLength(1);
    expect(await leaseMails(database.db, 'debit_returned', tenant.email)).toHaveLength(0);
  });

  it('that comes back reopens the charge, posts the returned-payment fee once and tells the tenant and the staff, each in their language', async () => {
    await updateSettings({ db: database.db, input: { returnedPaymentFeeCents: 3_500 }, actor: admin, origin: TEST_ORIGIN });
    const { provider, advance } = clockedSandbox();
    const { manager, tenant, lease, rent } = await owingLease();
    await database.db.update(user).set({ locale: 'it' }).where(eq(user.id, tenant.id));
    const { paymentId, sync } = await payByBank(provider, tenant, lease.id, SANDBOX_TEST_BANK.returned);
    expect(await sync()).toBe('processing');

    advance(SETTLE_MS + 1_000);
    for (let i = 0; i < 5; i += 1) expect(await sync()).toBe('failed');
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'failed', failureReason: 'debit_returned' });
    const charges = await chargesOf(database.db, lease.id);
    expect(charges.find((row) => row.id === rent.id)).toMatchObject({ status: 'open', allocatedCents: 0 });
    expect(charges.filter((row) => row.kind === 'returned_payment_fee').map((row) => [row.amountCents, row.status])).toEqual([
      [3_500, 'open'],
    ]);
    expect(await findLeaseBalance(database.db, lease.id, '2026-11-30')).toMatchObject({ balanceCents: 103_500, processingCents: 0 });

    const [tenantMail] = await leaseMails(database.db, 'debit_returned', tenant.email);
    expect(tenantMail?.payload).toMatchObject({
      locale: 'it',
      values: { amount: expect.stringContaining('1000'), account: `${SANDBOX_BANK_NAME} •••• 1113` },
    });
    expect(JSON.stringify(tenantMail?.payload)).toContain('penale per pagamento respinto');
    const [managerMail] = await leaseMails(database.db, 'debit_returned_staff', manager.email);
    expect(managerMail?.payload).toMatchObject({ url: expect.stringMatching(new RegExp(`/dashboard/payments/${paymentId}$`)) });
    const [adminMail] = await leaseMails(database.db, 'debit_returned_staff', admin.email);
    expect(adminMail?.payload).toMatchObject({ url: expect.stringMatching(new RegExp(`/admin/payments/${paymentId}$`)) });
    expect((await notificationsOf(tenant.id)).map((row) => [row.title, row.type])).toEqual([['Pagamento bancario respinto', 'error']]);
    expect((await notificationsOf(manager.id)).map((row) => [row.title, row.actionUrl])).toEqual([
      ['Bank payment returned', `/dashboard/payments/${paymentId}`],
    ]);
    const [mails] = await database.db
      .select({ n: count() })
      .from(outbox)
      .where(and(eq(outbox.topic, 'mail.lease'), eq(outbox.dedupeKey, `debit_returned:${paymentId}`)));
    expect(mails?.n).toBe(1);

    // The charge is open again: now the late fee may post.
    await postLateFees({ db: database.db, now: new Date(), companyRule: flatLateFee(5_000, 5) });
    expect((await lateFeesOf(lease.id)).map((row) => row.amountCents)).toEqual([5_000]);
    await updateSettings({ db: database.db, input: { returnedPaymentFeeCents: 2_500 }, actor: admin, origin: TEST_ORIGIN });
  });

  it('settles through the reconciler when its webhook is lost, and asks about a debit in flight only now and then', async () => {
    const { provider, advance } = clockedSandbox();
    const { tenant, lease } = await owingLease();
    const { paymentId, sync } = await payByBank(provider, tenant, lease.id, SANDBOX_TEST_BANK.clears);
    expect(await sync()).toBe('processing');

    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    // Just asked: the reconciler leaves it alone for a while.
    const reconcile = (now: Date) => reconcileCheckouts({ db: database.db, provider, context: CHECKOUT_CONTEXT, now });
    expect(await reconcile(later(1))).toBe(0);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'processing' });
    // Still in flight when asked later: nothing changes (and it is asked again later still).
    expect(await reconcile(later(11))).toBe(0);
    advance(SETTLE_MS + 1_000);
    expect(await reconcile(later(22))).toBe(1);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'succeeded' });
  });

  it('autopay from a saved bank account: the month is charged by a debit in flight, which the reconciler settles; a returned one reopens the rent with the fee', async () => {
    const { provider, advance } = clockedSandbox();
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    for (const account of [SANDBOX_TEST_BANK.clears, SANDBOX_TEST_BANK.returned]) {
      const { tenant, lease, rent } = await owingLease();
      const ref = await openAutopayCheckout({ db: database.db, provider, viewer: tenant, leaseId: lease.id });
      // The setup page offers the bank account too; saving it charges nothing.
      expect(provider.checkouts.get(ref)?.request.methods).toEqual(['card', 'us_bank_account']);
      provider.payCheckoutByBank(ref, { routingNumber: SANDBOX_TEST_BANK.routingNumber, accountNumber: account, holder: tenant.name });
      await syncCheckoutByRef({ db: database.db, provider, ref, context: CHECKOUT_CONTEXT });
      expect(await findAutopay(database.db, lease.id)).toMatchObject({ cardBrand: SANDBOX_BANK_NAME, cardLast4: account.slice(-4) });

      // Turned on after this month's day, autopay starts next month: the test makes this month due.
      await database.db.update(autopay).set({ lastPeriod: null }).where(eq(autopay.leaseId, lease.id));
      await runAutopay({ db: database.db, provider, now: new Date(), publicUrl: CHECKOUT_CONTEXT.publicUrl });
      const [debit] = await database.db
        .select()
        .from(payment)
        .where(and(eq(payment.leaseId, lease.id), eq(payment.method, 'autopay')));
      expect(debit).toMatchObject({ status: 'processing', amountCents: 100_000, cardLast4: account.slice(-4) });
      expect((await chargesOf(database.db, lease.id)).find((row) => row.id === rent.id)).toMatchObject({ status: 'processing' });
      await postLateFees({ db: database.db, now: new Date(), companyRule: flatLateFee(5_000, 5) });
      expect(await lateFeesOf(lease.id)).toEqual([]);
      // The month is done for autopay: a second run charges nothing more.
      await runAutopay({ db: database.db, provider, now: new Date(), publicUrl: CHECKOUT_CONTEXT.publicUrl });
      const [runs] = await database.db.select({ n: count() }).from(payment).where(eq(payment.leaseId, lease.id));
      expect(runs?.n).toBe(1);

      // No webhook in the sandbox: the reconciler asks once the debit has had time, and settles it.
      expect(await reconcileLeasePayments({ db: database.db, provider, context: CHECKOUT_CONTEXT, now: later(11) })).toBe(0);
      advance(SETTLE_MS + 1_000);
      expect(await reconcileLeasePayments({ db: database.db, provider, context: CHECKOUT_CONTEXT, now: later(22) })).toBe(1);
      const after = await paymentRow(debit!.id);
      const charges = await chargesOf(database.db, lease.id);
      if (account === SANDBOX_TEST_BANK.clears) {
        expect(after).toMatchObject({ status: 'succeeded' });
        expect(charges.find((row) => row.id === rent.id)).toMatchObject({ status: 'paid' });
      } else {
        expect(after).toMatchObject({ status: 'failed', failureReason: 'debit_returned' });
        expect(charges.find((row) => row.id === rent.id)).toMatchObject({ status: 'open', allocatedCents: 0 });
        expect(charges.filter((row) => row.kind === 'returned_payment_fee')).toHaveLength(1);
        expect(await leaseMails(database.db, 'debit_returned', tenant.email)).toHaveLength(1);
      }
    }
  });
});
