/**
 * The payments back office (decision 020 and 022): filters, a manager's scope, refunds
 * through the sandbox provider with the ledger following, the CSV export, the reconciliation, and
 * the query plans of every list path at 20,000 payments. Runs on PGlite and PostgreSQL.
 */
import { parse } from 'csv-parse/sync';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refundPayment } from '~/features/ledger/ledger-commands.server';
import { allocateLedger, findLeaseBalance, lockLease } from '~/features/ledger/ledger.server';
import type { Db } from '~/server/db/client.server';
import { auditLog, charge, lease, payment, paymentDispute, refund, user } from '~/server/db/schema';
import { createSandboxProvider } from '~/server/payments/sandbox-provider.server';
import { createBuilding, createProperty } from '../../../tests/setup/factories';
import { createTestDatabase, TEST_PUBLIC_URL, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { createStatementRecorder, explainText } from '../../../tests/setup/query-plans';
import { exportPaymentsCsv, findPaymentDetail, findPayments, findReconciliation, type PaymentsActor } from './payments-admin.server';
import { handleRefundAction } from './payments.page.server';
import {
  NO_FILTERS,
  parseCursor,
  parsePaymentFilters,
  parseReconciliationQuery,
  refundFormSchema,
  type PaymentFilters,
} from './payments.schemas';

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const origin = { ip: '203.0.113.9', userAgent: 'vitest' };
const admin: PaymentsActor = { id: 'pay-admin', role: 'admin' };
const managerA: PaymentsActor = { id: 'pay-manager-a', role: 'property_manager' };
const managerB: PaymentsActor = { id: 'pay-manager-b', role: 'property_manager' };
const tenant: PaymentsActor = { id: 'pay-tenant', role: 'tenant' };

async function readStream(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

describe(`the payments back office (${kind})`, () => {
  let database: TestDatabase;
  let db: Db;
  const ids: Record<'p1' | 'p2' | 'p3' | 'p4' | 'p5', number> = { p1: 0, p2: 0, p3: 0, p4: 0, p5: 0 };
  let leaseA = 0;
  let buildingA = 0;
  let buildingB = 0;
  const provider = createSandboxProvider({ store: new Map() });

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    await db.insert(user).values(
      [admin, managerA, managerB, tenant].map((actor) => ({
        id: actor.id,
        name: `Name ${actor.id}`,
        email: `${actor.id}@payments.test`,
        role: actor.role,
        emailVerified: true,
      })),
    );
    buildingA = (await createBuilding(db, { name: 'Alder Court', managerId: managerA.id })).id;
    buildingB = (await createBuilding(db, { name: 'Birch House', managerId: managerB.id })).id;
    const unitA = await createProperty(db, { buildingId: buildingA, unitNumber: '1A' });
    const unitB = await createProperty(db, { buildingId: buildingB, unitNumber: '2B' });
    const [la] = await db
      .insert(lease)
      .values({
        propertyId: unitA.id,
        tenantId: tenant.id,
        startDate: '2026-10-01',
        endDate: '2027-09-30',
        monthlyRentCents: 150_000,
        depositCents: 150_000,
        status: 'active',
      })
      .returning();
    const [lb] = await db
      .insert(lease)
      .values({
        propertyId: unitB.id,
        startDate: '2026-09-01',
        endDate: '2027-08-31',
        monthlyRentCents: 120_000,
        depositCents: 120_000,
        status: 'active',
      })
      .returning();
    leaseA = la!.id;
    await db.insert(charge).values([
      { leaseId: leaseA, kind: 'rent', amountCents: 150_000, dueDate: '2026-11-01', period: '2026-11' },
      { leaseId: lb!.id, kind: 'rent', amountCents: 120_000, dueDate: '2026-10-15', period: '2026-10' },
    ]);
    const insert = async (
      values: Partial<typeof payment.$inferInsert> & Pick<typeof payment.$inferInsert, 'kind' | 'amountCents' | 'createdAt'>,
    ) => {
      const [row] = await db
        .insert(payment)
        .values({ provider: 'sandbox', idempotencyKey: `test:${Math.random()}`, payerId: tenant.id, ...values })
        .returning({ id: payment.id });
      return row!.id;
    };
    ids.p1 = await insert({
      leaseId: leaseA,
      buildingId: buildingA,
      kind: 'rent',
      method: 'card',
      status: 'succeeded',
      amountCents: 150_000,
      providerRef: 'sbx_ch_test_p1',
      cardBrand: 'visa',
      cardLast4: '4242',
      createdAt: new Date('2026-11-01T10:00:00Z'),
    });
    ids.p2 = await insert({
      buildingId: buildingA,
      kind: 'deposit',
      method: 'check',
      provider: 'offline',
      reference: '=cmd|1',
      status: 'succeeded',
      amountCents: 80_000,
      createdAt: new Date('2026-11-03T09:00:00Z'),
    });
    ids.p3 = await insert({
      buildingId: buildingB,
      kind: 'application_fee',
      method: 'card',
      status: 'failed',
      amountCents: 5_000,
      failureReason: 'card_declined',
      createdAt: new Date('2026-11-04T15:00:00Z'),
    });
    ids.p4 = await insert({
      leaseId: lb!.id,
      buildingId: buildingB,
      kind: 'rent',
      method: 'autopay',
      status: 'pending',
      amountCents: 120_000,
      createdAt: new Date('2026-11-05T06:00:00Z'),
    });
    ids.p5 = await insert({
      buildingId: buildingA,
      kind: 'other',
      method: 'cash',
      provider: 'offline',
      status: 'refunded',
      amountCents: 2_000,
      refundedCents: 2_000,
      createdAt: new Date('2026-10-20T12:00:00Z'),
    });
    await db
      .insert(refund)
      .values({ paymentId: ids.p5, amountCents: 2_000, idempotencyKey: 'refund:p5', createdAt: new Date('2026-11-04T08:00:00Z') });
    await db.transaction(async (tx) => {
      await lockLease(tx, leaseA);
      await allocateLedger(tx, leaseA);
    });
    // Open after the first rent was paid: a utility bill of building A.
    await db
      .insert(charge)
      .values({ leaseId: leaseA, kind: 'utility', amountCents: 3_000, dueDate: '2026-11-03', period: 'manual:utility' });
  }, 60_000);

  afterAll(async () => {
    await database?.close();
  });

  const list = async (filters: Partial<PaymentFilters>, actor: PaymentsActor = admin) =>
    (await findPayments({ db, actor, filters: { ...NO_FILTERS, ...filters } })).items.map((item) => item.id);

  it('lists every payment newest first, and each filter narrows it', async () => {
    expect(await list({})).toEqual([ids.p4, ids.p3, ids.p2, ids.p1, ids.p5]);
    expect(await list({ status: 'failed' })).toEqual([ids.p3]);
    expect(await list({ status: 'succeeded' })).toEqual([ids.p2, ids.p1]);
    expect(await list({ kind: 'deposit' })).toEqual([ids.p2]);
    expect(await list({ method: 'autopay' })).toEqual([ids.p4]);
    expect(await list({ from: '2026-11-03', to: '2026-11-04' })).toEqual([ids.p3, ids.p2]);
    expect(await list({ from: '2026-11-05' })).toEqual([ids.p4]);
    expect(await list({ to: '2026-10-31' })).toEqual([ids.p5]);
    expect(await list({ buildingId: buildingA })).toEqual([ids.p2, ids.p1, ids.p5]);
    expect(await list({ buildingId: buildingA, kind: 'rent' })).toEqual([ids.p1]);
  });

  it('pages by keyset without losing or repeating a row', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page = await findPayments({ db, actor: admin, filters: NO_FILTERS, cursor: cursor ? parseCursor(cursor) : null, limit: 2 });
      seen.push(...page.items.map((item) => item.id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([ids.p4, ids.p3, ids.p2, ids.p1, ids.p5]);
  });

  it('a property manager sees only their buildings’ payments; another building’s payment is not found', async () => {
    expect(await list({}, managerA)).toEqual([ids.p2, ids.p1, ids.p5]);
    expect(await list({ buildingId: buildingB }, managerA)).toEqual([]);
    expect(await list({}, tenant)).toEqual([]);
    expect(await findPaymentDetail({ db, actor: managerA, paymentId: ids.p3, providerName: 'sandbox' })).toBeNull();
    expect(await findPaymentDetail({ db, actor: tenant, paymentId: ids.p1, providerName: 'sandbox' })).toBeNull();
    expect(await findPaymentDetail({ db, actor: admin, paymentId: 999_999, providerName: 'sandbox' })).toBeNull();
    const detail = await findPaymentDetail({ db, actor: managerB, paymentId: ids.p3, providerName: 'sandbox' });
    expect(detail).toMatchObject({
      id: ids.p3,
      status: 'failed',
      failureReason: 'card_declined',
      buildingName: 'Birch House',
      canRefund: false,
      refundableCents: 0,
    });
  });

  it('the detail shows payer, lease and unit, provider reference, card and allocations', async () => {
    const detail = await findPaymentDetail({ db, actor: managerA, paymentId: ids.p1, providerName: 'sandbox' });
    expect(detail).toMatchObject({
      payerName: `Name ${tenant.id}`,
      payerEmail: `${tenant.id}@payments.test`,
      provider: 'sandbox',
      providerRef: 'sbx_ch_test_p1',
      cardBrand: 'visa',
      cardLast4: '4242',
      unitNumber: '1A',
      lease: { id: leaseA, status: 'active' },
      refundableCents: 150_000,
      canRefund: true,
    });
    expect(detail?.allocations.map((a) => [a.kind, a.amountCents])).toEqual([['rent', 150_000]]);
    expect(detail?.disputes).toEqual([]);
    // A card payment taken by another provider cannot be refunded from here.
    expect(await findPaymentDetail({ db, actor: admin, paymentId: ids.p1, providerName: 'stripe' })).toMatchObject({ canRefund: false });
  });

  it('the detail lists the payment’s disputes, oldest first, open or closed', async () => {
    await db.insert(paymentDispute).values([
      {
        paymentId: ids.p2,
        providerRef: 'du_detail_1',
        status: 'lost',
        reason: 'fraudulent',
        amountCents: 10_000,
        closedAt: new Date('2026-11-20T10:00:00Z'),
      },
      { paymentId: ids.p2, providerRef: 'du_detail_2', status: 'needs_response', reason: 'duplicate', amountCents: 2_500 },
    ]);
    const detail = await findPaymentDetail({ db, actor: admin, paymentId: ids.p2, providerName: 'sandbox' });
    expect(detail?.disputes.map((d) => [d.providerRef, d.status, d.reason, d.amountCents, d.closedAt])).toEqual([
      ['du_detail_1', 'lost', 'fraudulent', 10_000, '2026-11-20T10:00:00.000Z'],
      ['du_detail_2', 'needs_response', 'duplicate', 2_500, null],
    ]);
  });

  it('the reconciliation sums collected, refunded, failed and outstanding per day and building', async () => {
    const query = { from: '2026-11-01', to: '2026-11-05', buildingId: null };
    const all = await findReconciliation({ db, actor: admin, query });
    const shape = (rows: typeof all.rows) =>
      rows.map((row) => [
        row.day,
        row.buildingName,
        row.collectedCents,
        row.refundedCents,
        row.failedCount,
        row.failedCents,
        row.outstandingCents,
      ]);
    expect(shape(all.rows)).toEqual([
      ['2026-11-05', 'Birch House', 0, 0, 0, 0, 120_000],
      ['2026-11-04', 'Alder Court', 0, 2_000, 0, 0, 3_000],
      ['2026-11-04', 'Birch House', 0, 0, 1, 5_000, 120_000],
      ['2026-11-03', 'Alder Court', 80_000, 0, 0, 0, 3_000],
      ['2026-11-01', 'Alder Court', 150_000, 0, 0, 0, 0],
    ]);
    expect(all.totals).toEqual({
      collectedCents: 230_000,
      refundedCents: 2_000,
      failedCount: 1,
      failedCents: 5_000,
      processingCount: 0,
      processingCents: 0,
      outstandingCents: 123_000,
    });
    const mine = await findReconciliation({ db, actor: managerA, query });
    expect(mine.rows.every((row) => row.buildingId === buildingA)).toBe(true);
    expect(mine.totals).toMatchObject({ collectedCents: 230_000, outstandingCents: 3_000 });
    const onlyB = await findReconciliation({ db, actor: admin, query: { ...query, buildingId: buildingB } });
    expect(onlyB.rows.map((row) => row.day)).toEqual(['2026-11-05', '2026-11-04']);
    expect((await findReconciliation({ db, actor: managerA, query: { ...query, buildingId: buildingB } })).rows).toEqual([]);
  });

  it('the reconciliation range is at most 92 days; filters refuse unknown values', () => {
    expect(parseReconciliationQuery(new URLSearchParams('from=2026-01-01&to=2026-04-02'), '2026-11-22').ok).toBe(true);
    const tooLong = parseReconciliationQuery(new URLSearchParams('from=2026-01-01&to=2026-04-03'), '2026-11-22');
    expect(tooLong.ok).toBe(false);
    expect(parseReconciliationQuery(new URLSearchParams(''), '2026-11-22')).toEqual({
      ok: true,
      query: { from: '2026-10-24', to: '2026-11-22', buildingId: null },
    });
    expect(parsePaymentFilters(new URLSearchParams('status=lost')).ok).toBe(false);
    expect(parsePaymentFilters(new URLSearchParams('from=2026-02-30')).ok).toBe(false);
    expect(parsePaymentFilters(new URLSearchParams('from=2026-03-02&to=2026-03-01')).ok).toBe(false);
    expect(parsePaymentFilters(new URLSearchParams('cursor=nope')).ok).toBe(false);
    expect(parsePaymentFilters(new URLSearchParams('status=&kind=rent&building=7'))).toMatchObject({
      ok: true,
      filters: { status: null, kind: 'rent', buildingId: 7 },
    });
  });

  it('the refund form reads dollars as cents and refuses zero, negatives and a third decimal', () => {
    const parse = (amount: string) => refundFormSchema.safeParse({ amount, reason: '', idempotencyKey: 'key-0123456789abcdef' });
    expect(parse('12.50')).toMatchObject({ success: true, data: { amount: 1250 } });
    expect(parse('$1,250')).toMatchObject({ success: true, data: { amount: 125_000 } });
    for (const bad of ['0', '0.00', '-5', '12.505', 'ten', '']) expect(parse(bad).success, bad).toBe(false);
  });

  it('a partial refund goes through the provider, is audited, and the lease balance rises by it', async () => {
    const before = await findLeaseBalance(db, leaseA, '2026-11-22');
    // One refund form, posted twice below.
    const goodwill = {
      db,
      provider,
      actor: managerA,
      paymentId: ids.p1,
      amountCents: 5_000,
      reason: 'Goodwill',
      idempotencyKey: 'refund-one',
      origin,
    };
    const outcome = await refundPayment(goodwill);
    expect(outcome).toMatchObject({ ok: true });
    const [row] = await db.select().from(payment).where(eq(payment.id, ids.p1));
    expect(row).toMatchObject({ refundedCents: 5_000, status: 'succeeded' });
    const refunds = await db.select().from(refund).where(eq(refund.paymentId, ids.p1));
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amountCents: 5_000, reason: 'Goodwill', createdBy: managerA.id });
    expect(refunds[0]!.providerRef).toMatch(/^sbx_re_/);
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment_refunded'), eq(auditLog.userId, managerA.id)));
    expect(audit?.newValues).toMatchObject({ payment_id: ids.p1, amount_cents: 5_000 });
    const after = await findLeaseBalance(db, leaseA, '2026-11-22');
    expect(after.balanceCents - before.balanceCents).toBe(5_000);
    // The same form posted twice refunds once.
    expect(await refundPayment(goodwill)).toEqual(outcome);
    expect(await db.select().from(refund).where(eq(refund.paymentId, ids.p1))).toHaveLength(1);
    const detail = await findPaymentDetail({ db, actor: admin, paymentId: ids.p1, providerName: 'sandbox' });
    expect(detail).toMatchObject({ refundableCents: 145_000, refunds: [{ amountCents: 5_000, reason: 'Goodwill' }] });
  });

  it('a refund above what is left, or by another building’s manager, is refused and writes nothing', async () => {
    const snapshot = async () => ({
      refunds: (await db.select({ n: count() }).from(refund))[0]?.n,
      audits: (await db.select({ n: count() }).from(auditLog))[0]?.n,
      payment: (await db.select().from(payment).where(eq(payment.id, ids.p1)))[0],
    });
    const before = await snapshot();
    expect(
      await refundPayment({
        db,
        provider,
        actor: admin,
        paymentId: ids.p1,
        amountCents: 145_001,
        reason: '',
        idempotencyKey: 'refund-too-much',
        origin,
      }),
    ).toEqual({
      ok: false,
      reason: 'above_refundable',
      limitCents: 145_000,
    });
    expect(
      await refundPayment({
        db,
        provider,
        actor: managerB,
        paymentId: ids.p1,
        amountCents: 100,
        reason: '',
        idempotencyKey: 'refund-not-mine',
        origin,
      }),
    ).toEqual({ ok: false, reason: 'not_found' });
    expect(await snapshot()).toEqual(before);
  });

  it('the refund action answers 422 with the limit in the field message, 404 out of scope, and 303 after a plain post', async () => {
    const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
      new Request(`${TEST_PUBLIC_URL}/dashboard/payments/${ids.p1}`, { method: 'POST', body: new URLSearchParams(fields), headers });
    const context = testContext(database, { clientIp: '203.0.113.9' });
    const run = (actor: PaymentsActor, fields: Record<string, string>, headers: Record<string, string> = {}) =>
      handleRefundAction({
        request: post(fields, headers),
        context,
        actor,
        paymentParam: String(ids.p1),
        provider,
        basePath: '/dashboard/payments',
      });
    const key = 'form-key-0123456789abcdef';
    const tooMuch = (await run(managerA, { intent: 'refund', amount: '1450.01', idempotencyKey: key })) as {
      init: { status: number };
      data: { errors: Record<string, string> };
    };
    expect(tooMuch.init.status).toBe(422);
    expect(tooMuch.data.errors.amount).toContain('$1,450.00');
    const italian = (await run(managerA, { intent: 'refund', amount: '12.505', idempotencyKey: key }, { cookie: 'language=it' })) as {
      init: { status: number };
      data: { errors: Record<string, string> };
    };
    expect(italian.init.status).toBe(422);
    expect(italian.data.errors.amount).toMatch(/decimali/);
    const missing = (await run(managerB, { intent: 'refund', amount: '1.00', idempotencyKey: key })) as { init: { status: number } };
    expect(missing.init.status).toBe(404);
    const unknown = (await run(managerA, { intent: 'explode', idempotencyKey: key })) as { init: { status: number } };
    expect(unknown.init.status).toBe(400);
    const plain = (await run(
      managerA,
      { intent: 'refund', amount: '10', reason: 'Late key', idempotencyKey: key },
      { 'sec-fetch-mode': 'navigate' },
    )) as Response;
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe(`/dashboard/payments/${ids.p1}?done=refunded`);
    const [row] = await db.select({ refunded: payment.refundedCents }).from(payment).where(eq(payment.id, ids.p1));
    expect(row?.refunded).toBe(6_000);
  });

  it('the CSV has a header and one line per payment in scope, and defuses formulas', async () => {
    const csv = await readStream((await exportPaymentsCsv({ db, actor: admin, filters: NO_FILTERS }))!);
    const lines = csv.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id,created_at,settled_at,status,kind,method,amount_cents,refunded_cents,amount_usd/);
    expect(lines).toHaveLength(1 + 5);
    expect(lines[1]).toMatch(new RegExp(`^${ids.p4},2026-11-05T06:00:00.000000Z,`));
    expect(csv).toContain(`'=cmd|1`);
    const managers = await readStream((await exportPaymentsCsv({ db, actor: managerB, filters: NO_FILTERS }))!);
    expect(managers.trimEnd().split('\n')).toHaveLength(1 + 2);
    const capped = await readStream((await exportPaymentsCsv({ db, actor: admin, filters: NO_FILTERS, maxRows: 3 }))!);
    expect(capped.trimEnd().split('\n')).toHaveLength(1 + 3);
    const none = await readStream(
      (await exportPaymentsCsv({ db, actor: admin, filters: { ...NO_FILTERS, kind: 'other', status: 'failed' } }))!,
    );
    expect(none.trimEnd().split('\n')).toHaveLength(1);
    expect(await exportPaymentsCsv({ db, actor: tenant, filters: NO_FILTERS })).toBeNull();
  });

  it('the CSV writes every text that starts like a formula with a leading quote, and the amounts as plain numbers', async () => {
    const starts = ['=', '+', '-', '@', '\t', '\r'];
    const payer = { id: 'pay-formula', name: '=HYPERLINK("http://evil.example","Pay")', email: 'formula@payments.test' };
    await db.insert(user).values({ ...payer, role: 'tenant', emailVerified: true });
    const cedar = (await createBuilding(db, { name: '@Cedar Court', managerId: managerA.id })).id;
    await db.insert(payment).values(
      starts.map((start, index) => ({
        buildingId: cedar,
        payerId: payer.id,
        kind: 'other' as const,
        method: 'check' as const,
        provider: 'offline',
        idempotencyKey: `formula:${index}`,
        status: 'failed' as const,
        amountCents: 1_250,
        reference: `${start}cmd|' /C calc'!A${index}`,
        failureReason: `${start}SUM(1,2)`,
        createdAt: new Date(`2026-11-0${index + 1}T12:00:00Z`),
      })),
    );
    const csv = await readStream((await exportPaymentsCsv({ db, actor: admin, filters: { ...NO_FILTERS, buildingId: cedar } }))!);
    const rows = parse(csv, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(starts.length);
    expect(rows.map((row) => row.reference).sort()).toEqual(starts.map((start, index) => `'${start}cmd|' /C calc'!A${index}`).sort());
    expect(new Set(rows.map((row) => row.failure_reason))).toEqual(new Set(starts.map((start) => `'${start}SUM(1,2)`)));
    for (const row of rows) {
      expect(row.payer_name).toBe(`'${payer.name}`);
      expect(row.building).toBe("'@Cedar Court");
      expect([row.amount_cents, row.amount_usd]).toEqual(['1250', '12.50']);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Query plans (DESIGN §6): every path of the list reads an index of `payment`.
// ---------------------------------------------------------------------------------------------

const PAYMENTS = 20_000;

describe(`payments list query plans at ${PAYMENTS.toLocaleString('en-US')} payments (${kind})`, () => {
  let database: TestDatabase;
  const recorder = createStatementRecorder();
  let manager: PaymentsActor;
  let someBuilding = 0;

  beforeAll(async () => {
    database = await createTestDatabase({ onQuery: recorder.onQuery });
    const db = database.db;
    manager = { id: 'plan-manager', role: 'property_manager' };
    await db.insert(user).values({ id: manager.id, name: 'Plan Manager', email: 'plan-manager@payments.test', role: 'property_manager' });
    await db.execute(sql`
      insert into building (name, street_address, city, state, zip_code, manager_id)
      select 'Plan Building ' || g, g || ' Plan Street', 'Austin', 'TX', '78701', case when g % 20 = 0 then ${manager.id} end
      from generate_series(1, 60) g`);
    await db.execute(sql`
      insert into payment (building_id, kind, method, amount_cents, status, provider, idempotency_key, created_at)
      select (select min(id) from building) + (g % 60),
        (array['rent', 'rent', 'rent', 'deposit', 'application_fee', 'other'])[1 + g % 6]::payment_kind,
        (array['card', 'card', 'autopay', 'autopay', 'check', 'cash', 'bank_transfer'])[1 + g % 7]::payment_method_kind,
        100000 + (g % 900) * 100,
        (case when g % 40 = 0 then 'failed' when g % 97 = 0 then 'refunded' when g % 151 = 0 then 'pending' when g % 199 = 0 then 'processing' else 'succeeded' end)::payment_status,
        'sandbox', 'plan-' || g,
        timestamptz '2026-11-20' - make_interval(secs => g * 3000)
      from generate_series(1, ${PAYMENTS}) g`);
    await db.execute(sql`ANALYZE payment`);
    await db.execute(sql`ANALYZE building`);
    const rows = (await db.execute(sql`select min(id)::int as id from building`)) as unknown as { rows: { id: number }[] };
    someBuilding = rows.rows[0]!.id + 7;
  }, 180_000);

  afterAll(async () => {
    await database?.close();
  });

  async function planOf(filters: Partial<PaymentFilters>, actor: PaymentsActor = admin, cursor: string | null = null): Promise<string> {
    const captured = await recorder.capture(() =>
      findPayments({ db: database.db, actor, filters: { ...NO_FILTERS, ...filters }, cursor: cursor ? parseCursor(cursor) : null }),
    );
    // The first statement reads the page from `payment`; the second describes its 50 rows by id.
    const page = captured.find((entry) => /order by/i.test(entry.sql));
    expect(page, 'the page query').toBeDefined();
    return explainText(database.db, page!);
  }

  /** An index of `payment` drives the page: no Seq Scan, and no Sort of every match (an Incremental Sort of ties is fine). */
  function expectIndexed(plan: string, index: RegExp) {
    expect(plan, plan).toMatch(index);
    expect(plan, plan).not.toMatch(/Seq Scan on payment/);
    expect(plan, plan).not.toMatch(/(?<!Incremental )Sort\b(?! Key| Method)/);
  }

  it('the default page reads payment_created_idx in order', async () => {
    expectIndexed(await planOf({}), /Index Scan using payment_created_idx/);
  });

  it('a deep page (keyset cursor) reads payment_created_idx from the cursor', async () => {
    const plan = await planOf({}, admin, '2026-08-01T00:00:00.000000Z_9000');
    expectIndexed(plan, /Index Scan using payment_created_idx/);
    expect(plan).toMatch(/Index Cond: .*created_at/);
  });

  it.each([
    ['a status', { status: 'failed' as const }, /payment_(status_created|created)_idx/],
    ['bank debits in flight', { status: 'processing' as const }, /payment_(status_created|created)_idx/],
    ['a common status', { status: 'succeeded' as const }, /payment_(status_created|created)_idx/],
    ['a kind', { kind: 'deposit' as const }, /payment_(kind_created|created)_idx/],
    ['a method', { method: 'check' as const }, /payment_(method_created|created)_idx/],
    ['a building', { buildingId: -1 }, /payment_building_created_idx/],
    ['a date range', { from: '2026-06-01', to: '2026-06-30' }, /payment_created_idx/],
  ])('one filter (%s) is read through an index', async (_label, filters, index) => {
    const plan = await planOf('buildingId' in filters ? { buildingId: someBuilding } : filters);
    expectIndexed(plan, index);
  });

  it('a property manager’s page is read through an index of payment', async () => {
    const plan = await planOf({}, manager);
    expect(plan, plan).toMatch(/payment_(building_created|created)_idx/);
    expect(plan, plan).not.toMatch(/Seq Scan on payment/);
  });
});
