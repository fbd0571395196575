/**
 * The tenants directory and tenant page (decision 020 and 022), through the service and the
 * four route modules with real sessions: search by name, e-mail and unit; the balance-due and
 * ending-within filters; a manager sees only their buildings' tenants and gets 404 (audited) for
 * anyone else's; the commands (a charge raises the balance, a check payment lowers it and is
 * audited, bad amounts are 422 with translated field messages and write nothing, a payment above
 * the balance is refused, ending a lease with two deductions applies the deposit and enqueues the
 * statement mail); and the query plans of every directory path. Runs on PGlite and PostgreSQL.
 */
import { utcToday } from '~/lib/dates';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLeaseBalance } from '~/features/ledger/ledger.server';
import * as managerTenant from '~/routes/staff/tenants.$userId';
import * as managerTenants from '~/routes/staff/tenants';
import * as adminTenant from '~/routes/staff/tenants.$userId';
import * as adminTenants from '~/routes/staff/tenants';
import * as buildingOptions from '~/routes/api/building-options';
import type { Db } from '~/server/db/client.server';
import { auditLog, charge, lease, leaseTenant, outbox, payment, user } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { answerOf, settle } from '../../../tests/setup/action-result';
import { createBuilding, createProperty } from '../../../tests/setup/factories';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { createStatementRecorder, explainText, type Captured } from '../../../tests/setup/query-plans';
import { dollarsToCents } from './tenants.schemas';
import { findTenants } from './tenants.server';
import { parseTenantFilters, type TenantFilters } from './tenants.types';
import { createSignedInUser } from '../../../tests/setup/sign-in';

let database: TestDatabase;
let context: DimoraLoadContext;
const cookies = new Map<string, string>();
const ids = new Map<string, string>();
const today = utcToday();

function shift(days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function signedIn(key: string, role: 'admin' | 'property_manager' | 'tenant') {
  const created = await createSignedInUser(context, { email: `${key}@tenants-routes.test`, role, name: key });
  cookies.set(key, created.cookie);
  ids.set(key, created.id);
}

function request(who: string, path: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  headers.set('cookie', cookies.get(who)!);
  return new Request(`http://dimora.test${path}`, { ...init, headers });
}

/** Posts `fields` (repeated fields as arrays) to a tenant page's action. */
function post(who: string, path: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}): Request {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  return request(who, path, { method: 'POST', body, headers });
}

/** The tenant page of `userId` as `who` sees it: /admin/tenants/… for the admin, /dashboard/tenants/… for a manager. */
function tenantPath(who: 'admin' | 'manager', userId: string): string {
  return `${who === 'admin' ? '/admin' : '/dashboard'}/tenants/${userId}`;
}

/** The tenant page of `userId` loaded by `who`: its data, or what the loader threw (a 404 `data()`). */
async function loadTenantPage(who: 'admin' | 'manager', userId: string) {
  const page = who === 'admin' ? adminTenant : managerTenant;
  return (await settle(() =>
    page.loader({ request: request(who, tenantPath(who, userId)), params: { userId }, context } as never),
  )) as Awaited<ReturnType<typeof page.loader>>;
}

/** `who` posts `fields` to the tenant page of `userId`; answers the action's status and body (`answerOf`). */
async function postTenantPage(
  who: 'admin' | 'manager',
  userId: string,
  fields: Record<string, string | string[]>,
  headers: Record<string, string> = {},
) {
  const page = who === 'admin' ? adminTenant : managerTenant;
  return answerOf(
    await page.action({ request: post(who, tenantPath(who, userId), fields, headers), params: { userId }, context } as never),
  );
}

type Tenant = { userId: string; leaseId: number };

/** `who` posts the command `intent` about `tenant`'s lease (its id goes along) with `fields`, as `postTenantPage`. */
function postLeaseCommand(
  who: 'admin' | 'manager',
  tenant: Tenant,
  intent: string,
  fields: Record<string, string | string[]> = {},
  headers: Record<string, string> = {},
) {
  return postTenantPage(who, tenant.userId, { intent, leaseId: String(tenant.leaseId), ...fields }, headers);
}

/** A tenant account with a lease on a new unit of `buildingId`, and `owedCents` of open rent. */
async function tenantWithLease(
  db: Db,
  input: {
    name: string;
    email: string;
    buildingId: number;
    unit: string;
    status?: 'active' | 'signed' | 'ended' | 'draft';
    end?: string;
    owedCents?: number;
    depositCents?: number;
  },
): Promise<Tenant> {
  const userId = `tenant-${input.email}`;
  await db.insert(user).values({ id: userId, name: input.name, email: input.email, emailVerified: true, role: 'tenant' });
  const unit = await createProperty(db, { buildingId: input.buildingId, unitNumber: input.unit });
  const [row] = await db
    .insert(lease)
    .values({
      propertyId: unit.id,
      tenantId: userId,
      startDate: shift(-90),
      endDate: input.end ?? shift(275),
      monthlyRentCents: 150_000,
      depositCents: input.depositCents ?? 150_000,
      status: input.status ?? 'active',
    })
    .returning();
  await db
    .insert(leaseTenant)
    .values({ leaseId: row!.id, role: 'primary', email: input.email, name: input.name, userId, signedAt: new Date() });
  if (input.owedCents)
    await db
      .insert(charge)
      .values({ leaseId: row!.id, kind: 'rent', amountCents: input.owedCents, dueDate: shift(-5), period: shift(-5).slice(0, 7) });
  return { userId, leaseId: row!.id };
}

const filters = (query: string): TenantFilters => parseTenantFilters(new URLSearchParams(query));

let mine: number;
let theirs: number;
let ada: Tenant;
let bruno: Tenant;
let carla: Tenant;

const recorder = createStatementRecorder();

/** The statements `run` sends (`sent`, as captured), each with its SQL text and plan. */
async function plansOf(run: () => Promise<unknown>): Promise<{ statement: string; plan: string; sent: Captured }[]> {
  const statements = await recorder.capture(run);
  return Promise.all(statements.map(async (sent) => ({ statement: sent.sql, plan: await explainText(database.db, sent), sent })));
}

beforeAll(async () => {
  database = await createTestDatabase({ onQuery: recorder.onQuery });
  context = testContext(database);
  await signedIn('admin', 'admin');
  await signedIn('manager', 'property_manager');
  await signedIn('other', 'property_manager');
  mine = (await createBuilding(database.db, { managerId: ids.get('manager')!, name: 'Maple Court' })).id;
  theirs = (await createBuilding(database.db, { managerId: ids.get('other')!, name: 'Oak Court' })).id;
  ada = await tenantWithLease(database.db, {
    name: 'Ada Lovelace',
    email: 'ada@tenants.test',
    buildingId: mine,
    unit: '4B',
    owedCents: 150_000,
    end: shift(30),
  });
  bruno = await tenantWithLease(database.db, { name: 'Bruno Rossi', email: 'bruno@tenants.test', buildingId: mine, unit: '12A' });
  carla = await tenantWithLease(database.db, {
    name: 'Carla Bianchi',
    email: 'carla@tenants.test',
    buildingId: theirs,
    unit: '7C',
    owedCents: 20_000,
  });
  // A draft lease's tenant is not listed.
  await tenantWithLease(database.db, { name: 'Dora Draft', email: 'dora@tenants.test', buildingId: mine, unit: '9Z', status: 'draft' });
});

afterAll(async () => {
  await database?.close();
});

describe('the tenants directory', () => {
  const admin = { id: 'x', role: 'admin' as const };

  it('lists the tenants of active, signed and ended leases, newest lease first, with their balances', async () => {
    const page = await findTenants({ db: database.db, actor: admin, filters: filters('') });
    expect(page.items.map((row) => row.name)).toEqual(['Carla Bianchi', 'Bruno Rossi', 'Ada Lovelace']);
    expect(page.items.map((row) => row.balanceCents)).toEqual([20_000, 0, 150_000]);
    expect(page.items[2]).toMatchObject({ unitNumber: '4B', buildingName: 'Maple Court', leaseStatus: 'active', userId: ada.userId });
    expect(page.next).toBeNull();
  });

  it('searches by name, e-mail and unit number (case-insensitive, wildcards taken literally)', async () => {
    const names = async (q: string) =>
      (await findTenants({ db: database.db, actor: admin, filters: filters(`q=${encodeURIComponent(q)}`) })).items.map((row) => row.name);
    expect(await names('lovelace')).toEqual(['Ada Lovelace']);
    expect(await names('BRUNO@tenants')).toEqual(['Bruno Rossi']);
    // A unit number matches whole, in any building: 12A is not "12" or "2A".
    expect(await names('7c')).toEqual(['Carla Bianchi']);
    expect(await names('12a')).toEqual(['Bruno Rossi']);
    expect(await names('2A')).toEqual([]);
    // One or two characters match the start of a word of the name, or of the e-mail.
    expect(await names('lo')).toEqual(['Ada Lovelace']);
    expect(await names('ov')).toEqual([]);
    expect(await names('ca')).toEqual(['Carla Bianchi']);
    expect(await names('%')).toEqual([]);
    expect(await names('bruno rossi')).toEqual(['Bruno Rossi']);
  });

  it('filters by building, balance due and lease ending within N days', async () => {
    const names = async (query: string) =>
      (await findTenants({ db: database.db, actor: admin, filters: filters(query) })).items.map((row) => row.name);
    expect(await names(`building=${theirs}`)).toEqual(['Carla Bianchi']);
    expect(await names('due=1')).toEqual(['Carla Bianchi', 'Ada Lovelace']);
    expect(await names('ending=31')).toEqual(['Ada Lovelace']);
    expect(await names('ending=29')).toEqual([]);
    expect(await names(`due=1&building=${mine}`)).toEqual(['Ada Lovelace']);
    // Out of range means no filter.
    expect(await names('ending=400')).toHaveLength(3);
  });

  it('a manager sees only the tenants of their buildings, on /dashboard/tenants', async () => {
    const data = (await managerTenants.loader({
      request: request('manager', '/dashboard/tenants'),
      params: {},
      context,
    } as never)) as Awaited<ReturnType<typeof managerTenants.loader>>;
    expect(data.list.items.map((row) => row.name)).toEqual(['Bruno Rossi', 'Ada Lovelace']);
    expect(data.building).toBeNull();
    // The chosen building comes back with its name; another manager's building is not named.
    const own = (await managerTenants.loader({
      request: request('manager', `/dashboard/tenants?building=${mine}`),
      params: {},
      context,
    } as never)) as Awaited<ReturnType<typeof managerTenants.loader>>;
    expect(own.building).toEqual({ id: mine, name: 'Maple Court' });
    const narrowed = (await managerTenants.loader({
      request: request('manager', `/dashboard/tenants?building=${theirs}`),
      params: {},
      context,
    } as never)) as Awaited<ReturnType<typeof managerTenants.loader>>;
    expect(narrowed.list.items).toEqual([]);
    expect(narrowed.building).toBeNull();
    const asAdmin = (await adminTenants.loader({
      request: request('admin', '/admin/tenants?q=carla'),
      params: {},
      context,
    } as never)) as Awaited<ReturnType<typeof adminTenants.loader>>;
    expect(asAdmin.list.items.map((row) => row.name)).toEqual(['Carla Bianchi']);
    expect(asAdmin.i18n).toHaveProperty('tenants');
  });
});

describe('the building filter’s search (/api/building-options)', () => {
  const search = async (who: string | null, q: string) => {
    const headers: Record<string, string> = who ? { cookie: cookies.get(who)! } : {};
    return answerOf(
      await settle(() =>
        buildingOptions.loader({
          request: new Request(`http://dimora.test/api/building-options?q=${encodeURIComponent(q)}`, { headers }),
          params: {},
          context,
        } as never),
      ),
    );
  };

  it('finds buildings by part of their name, scoped like the portfolio: a manager only theirs', async () => {
    const asAdmin = await search('admin', 'court');
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body).toEqual({
      options: [
        { id: mine, name: 'Maple Court' },
        { id: theirs, name: 'Oak Court' },
      ],
    });
    expect((await search('manager', 'court')).body).toEqual({ options: [{ id: mine, name: 'Maple Court' }] });
    expect((await search('manager', 'oak')).body).toEqual({ options: [] });
    // `%` is a character, not a wildcard.
    expect((await search('admin', '%')).body).toEqual({ options: [] });
  });

  it('answers 401 signed out and 403 to a tenant', async () => {
    expect((await search(null, 'court')).status).toBe(401);
    await signedIn('renter', 'tenant');
    expect((await search('renter', 'court')).status).toBe(403);
  });
});

describe('the tenant page', () => {
  it('shows the leases with ledger and balance, and answers 404 (audited) for another manager’s tenant', async () => {
    const page = await loadTenantPage('manager', ada.userId);
    expect(page.detail.leases).toHaveLength(1);
    expect(page.detail.leases[0]).toMatchObject({ id: ada.leaseId, balanceCents: 150_000, unitLabel: 'Maple Court · 4B' });
    expect(page.detail.leases[0]!.ledger.map((entry) => entry.kind)).toEqual(['rent']);
    const refused = await loadTenantPage('manager', carla.userId);
    expect(refused).toMatchObject({ init: { status: 404 } });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'lease_access_denied'), eq(auditLog.userId, ids.get('manager')!)));
    expect(audit?.newValues).toMatchObject({ tenant_id: carla.userId });
    const unknown = await loadTenantPage('admin', 'nobody');
    expect(unknown).toMatchObject({ init: { status: 404 } });
    // A manager's post about another manager's tenant changes nothing.
    const before = await database.db.select({ n: count() }).from(charge);
    const answer = await postLeaseCommand('manager', carla, 'add-charge', { kind: 'other', amount: '10', dueDate: today });
    expect(answer.status).toBe(404);
    expect(await database.db.select({ n: count() }).from(charge)).toEqual(before);
  });

  it('adds a charge: the balance rises and the page re-renders with it', async () => {
    const path = tenantPath('admin', bruno.userId);
    const answer = await postLeaseCommand('admin', bruno, 'add-charge', {
      kind: 'utility',
      amount: '125.50',
      dueDate: today,
      description: 'Water',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ ok: true, intent: 'add-charge' });
    expect((await findLeaseBalance(database.db, bruno.leaseId, today)).balanceCents).toBe(12_550);
    const page = await loadTenantPage('admin', bruno.userId);
    expect(page.detail.leases[0]!.balanceCents).toBe(12_550);
    // A plain form post (no JavaScript) is answered with a 303 back to the page.
    const plain = await postLeaseCommand(
      'admin',
      bruno,
      'add-charge',
      { kind: 'credit', amount: '0.50', dueDate: today },
      { 'sec-fetch-mode': 'navigate' },
    );
    expect(plain.status).toBe(303);
    expect(plain.location).toBe(`${path}?done=add-charge#lease-${bruno.leaseId}`);
    expect((await findLeaseBalance(database.db, bruno.leaseId, today)).balanceCents).toBe(12_500);
  });

  it('records a check payment with its reference: the balance falls and it is audited', async () => {
    const answer = await postLeaseCommand('manager', ada, 'record-payment', {
      amount: '$1,000.00',
      method: 'check',
      reference: 'Check #1042',
    });
    expect(answer.status).toBe(200);
    expect((await findLeaseBalance(database.db, ada.leaseId, today)).balanceCents).toBe(50_000);
    const [row] = await database.db.select().from(payment).where(eq(payment.leaseId, ada.leaseId));
    expect(row).toMatchObject({
      method: 'check',
      reference: 'Check #1042',
      amountCents: 100_000,
      status: 'succeeded',
      recordedBy: ids.get('manager'),
    });
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'payment_recorded'));
    expect(audit).toMatchObject({ userId: ids.get('manager') });
    expect(audit?.newValues).toMatchObject({ lease_id: ada.leaseId, amount_cents: 100_000, method: 'check', reference: 'Check #1042' });
  });

  it('refuses "12.345" and "-5" with translated field messages (422) and writes nothing', async () => {
    const counts = async () => [
      (await database.db.select({ n: count() }).from(charge))[0]?.n,
      (await database.db.select({ n: count() }).from(payment))[0]?.n,
    ];
    const before = await counts();
    const decimals = await postLeaseCommand('admin', ada, 'add-charge', { kind: 'other', amount: '12.345', dueDate: today });
    expect(decimals.status).toBe(422);
    expect(decimals.body.errors.amount).toBe('Use at most two decimals (cents).');
    const negative = await postLeaseCommand('admin', ada, 'record-payment', { amount: '-5', method: 'cash' });
    expect(negative.status).toBe(422);
    expect(negative.body.errors.amount).toBe('The amount must be more than zero.');
    const italian = await postLeaseCommand('admin', ada, 'record-payment', { amount: 'abc', method: 'wire' }, { 'accept-language': 'it' });
    expect(italian.status).toBe(422);
    expect(italian.body.errors.amount).toBe('Inserisci un importo in dollari, come 125.50.');
    expect(italian.body.errors.method).toBeTruthy();
    expect(await counts()).toEqual(before);
    expect(dollarsToCents('0.5')).toEqual({ cents: 50 });
    expect(dollarsToCents('0')).toEqual({ error: 'tenants.errors.amountPositive' });
  });

  it('refuses a payment above the balance, showing the balance', async () => {
    const answer = await postLeaseCommand('admin', ada, 'record-payment', { amount: '600', method: 'cash' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.amount).toBe('The payment is more than the balance of $500.00.');
    expect((await findLeaseBalance(database.db, ada.leaseId, today)).balanceCents).toBe(50_000);
  });

  it('ends a lease with two deductions: terminated, deposit applied, statement mail enqueued', async () => {
    const answer = await postLeaseCommand('manager', ada, 'end-lease', {
      moveOutDate: today,
      description: ['Carpet cleaning', 'Broken blind', ''],
      amount: ['120', '35.50', ''],
    });
    expect(answer.status).toBe(200);
    const [ended] = await database.db.select().from(lease).where(eq(lease.id, ada.leaseId));
    expect(ended).toMatchObject({ status: 'terminated', moveOutDate: today });
    expect(ended?.depositDeductions).toEqual([
      { description: 'Carpet cleaning', amountCents: 12_000 },
      { description: 'Broken blind', amountCents: 3_550 },
    ]);
    const [credit] = await database.db
      .select()
      .from(charge)
      .where(and(eq(charge.leaseId, ada.leaseId), eq(charge.period, 'deposit_applied')));
    expect(credit).toMatchObject({ kind: 'credit', amountCents: 150_000 });
    // Owed 500 + 155.50 of deductions, covered by the 1,500 deposit: 844.50 comes back, balance 0.
    const [returned] = await database.db
      .select()
      .from(charge)
      .where(and(eq(charge.leaseId, ada.leaseId), eq(charge.period, 'deposit_returned')));
    expect(returned?.amountCents).toBe(84_450);
    expect((await findLeaseBalance(database.db, ada.leaseId, today)).balanceCents).toBe(0);
    const mails = await database.db.select().from(outbox).where(eq(outbox.topic, 'mail.lease'));
    const statement = mails.find((row) => (row.payload as { template: string }).template === 'lease_ended');
    expect(statement?.payload).toMatchObject({ to: 'ada@tenants.test', template: 'lease_ended' });
    // Ending it again is a conflict; too many deductions are refused before anything is written.
    const again = await postLeaseCommand('manager', ada, 'end-lease', { moveOutDate: today });
    expect(again.status).toBe(409);
    const many = await postLeaseCommand('admin', bruno, 'end-lease', {
      moveOutDate: today,
      description: Array.from({ length: 11 }, (_, i) => `Item ${i}`),
      amount: Array.from({ length: 11 }, () => '1'),
    });
    expect(many.status).toBe(422);
    expect(many.body.errors.deductions).toBe('At most 10 deductions.');
  });

  it('sends a notification to the lease’s tenants; an unknown intent is a 400', async () => {
    const answer = await postLeaseCommand('admin', bruno, 'notify', { title: 'Water off Tuesday', message: 'From 9 to 11.' });
    expect(answer.status).toBe(200);
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'tenant_notified'));
    expect(audit?.newValues).toMatchObject({ lease_id: bruno.leaseId, recipients: 1 });
    const long = await postLeaseCommand('admin', bruno, 'notify', { title: 'x'.repeat(121), message: 'm' });
    expect(long.status).toBe(422);
    expect(long.body.errors.title).toBeTruthy();
    const unknown = await postTenantPage('admin', bruno.userId, { intent: 'evict' });
    expect(unknown.status).toBe(400);
  });
});

describe('directory query plans', () => {
  it('every directory path computes balances for its page only and never reads all charges; lists walk leases newest first', async () => {
    const db = database.db;
    // 3,000 more leases (a thousand per building pair), a third owing rent, so the planner has a real choice.
    await db.execute(sql`
      insert into property (building_id, unit_number, title, description, price, address, city, state, zip_code, bedrooms, bathrooms, square_feet, property_type)
      select case when g % 2 = 0 then ${mine}::int else ${theirs}::int end, 'P' || g, 'Plan ' || g, 'x', 1500, 'a', 'Austin', 'TX', '78701', 1, 1, 700, 'apartment' from generate_series(1, 3000) g`);
    await db.execute(sql`
      insert into lease (property_id, start_date, end_date, monthly_rent_cents, deposit_cents, status)
      select id, date '2026-01-01', date '2026-01-01' + 30 + (id % 700), 150000, 150000, 'active' from property where unit_number like 'P%'`);
    await db.execute(sql`
      insert into lease_tenant (lease_id, role, email, name)
      select l.id, 'primary', 'plan' || l.id || '@tenants.test', 'Plan Tenant ' || l.id from lease l join property p on p.id = l.property_id where p.unit_number like 'P%'`);
    await db.execute(sql`
      insert into charge (lease_id, kind, amount_cents, due_date, period)
      select l.id, 'rent', 150000, date '2026-01-01' + m * 30, 'plan-' || m from lease l join property p on p.id = l.property_id cross join generate_series(0, 5) m where p.unit_number like 'P%'`);
    await db.execute(
      sql`update charge set status = 'paid', allocated_cents = amount_cents where period like 'plan-%' and lease_id % 3 <> 0`,
    );
    await db.execute(sql`analyze`);
    const manager = { id: ids.get('manager')!, role: 'property_manager' as const };
    const admin = { id: 'x', role: 'admin' as const };
    const paths = [
      ['default', '', admin],
      ['deep page', 'after=1500.1', admin],
      ['search', 'q=plan%20tenant%2042', admin],
      ['unit search', 'q=P42', admin],
      ['balance due', 'due=1', admin],
      ['ending within', 'ending=30', admin],
      ['building', `building=${theirs}`, admin],
      ['manager', '', manager],
    ] as const;
    for (const [name, query, actor] of paths) {
      const plans = await plansOf(() => findTenants({ db, actor, filters: filters(query) }));
      const searched = query.startsWith('q=');
      // A search: its matches, then the page and the balances.
      expect(plans.length, name).toBe(searched ? 3 : 2);
      const [, page, balances] = searched ? plans : [null, ...plans];
      // Balances are computed for the page's 25 leases only, through the charge index.
      expect(balances!.statement, name).toContain('"lease"."id" in');
      expect(balances!.plan, name).toContain('charge_lease_due_idx');
      // "Balance due" asks for an open charge per lease: the partial index answers it.
      for (const { plan } of plans) expect(plan, `${name}: ${plan}`).not.toMatch(/Seq Scan on charge/);
      if (name === 'balance due') expect(page!.plan, name).toContain('charge_open_lease_idx');
      // Without a search the page walks leases newest first and stops after one page; a later
      // page starts the walk at its cursor.
      if (!searched && !query.startsWith('due='))
        expect(page!.plan, `${name}: ${page!.plan}`).toMatch(/Index Scan Backward using lease_pkey|lease_status_end_idx/);
      if (name === 'deep page') expect(page!.plan, name).toMatch(/Index Cond: \(lease\.id <= 1500\)|Index Cond: \(id <= 1500\)/);
      // A search finds its few signers through the trigram and unit-number indexes, then reads
      // them by primary key — it never walks every lease.
      if (searched) {
        // At 3,000 rows a scan is cheaper than any index, so the planner is asked to avoid scans:
        // this proves the statement's shape fits the indexes (operator class, lower(), no function
        // around the column); the bench shows the plan at 50,000 leases.
        const forced = await database.db.transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          return explainText(tx, plans[0]!.sent);
        });
        expect(forced, `${name}: ${forced}`).not.toMatch(/Seq Scan on (lease_tenant|property)/);
        expect(forced, name).toMatch(query.includes('%20') ? /lease_tenant_name_trgm_idx/ : /lease_tenant_email_trgm_idx/);
        expect(forced, name).toContain('property_unit_number_lower_idx');
        // The page reads the matches' signers and leases by key: both narrowed (`= ANY`).
        expect(page!.plan, `${name}: ${page!.plan}`).toMatch(/(Index Scan|Bitmap Index Scan) (using|on) lease_tenant_pkey/);
        expect(page!.plan, `${name}: ${page!.plan}`).not.toMatch(/Seq Scan on (lease|lease_tenant)\b/);
      }
    }
  });

  it('keyset pages follow one another without gaps or repeats, newest lease first', async () => {
    // Runs after the 3,000 leases of the test above.
    const admin = { id: 'x', role: 'admin' as const };
    const seen: number[] = [];
    let query = 'q=plan%20tenant';
    for (let n = 0; n < 3; n++) {
      const page = await findTenants({ db: database.db, actor: admin, filters: filters(query) });
      expect(page.items).toHaveLength(25);
      seen.push(...page.items.map((row) => row.leaseId));
      expect(page.next).toEqual({ leaseId: page.items.at(-1)!.leaseId, tenantId: page.items.at(-1)!.id });
      query = `q=plan%20tenant&after=${page.next!.leaseId}.${page.next!.tenantId}`;
    }
    const expected = await database.db
      .select({ id: lease.id })
      .from(lease)
      .innerJoin(leaseTenant, eq(leaseTenant.leaseId, lease.id))
      .where(sql`${leaseTenant.name} ilike 'plan tenant%'`)
      .orderBy(sql`${lease.id} desc`)
      .limit(75);
    expect(seen).toEqual(expected.map((row) => row.id));
  });
});
