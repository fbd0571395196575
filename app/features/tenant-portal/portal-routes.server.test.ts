/**
 * The tenant portal through its route modules with real sessions (decision 022): a tenant
 * sees their lease and balance; Pay now refuses fractions of a cent, negative amounts, amounts
 * above the balance and another tenant's lease without writing anything, answers a declined card
 * with 402, and a good card settles the balance with a receipt (PDF for the tenant only); autopay
 * refuses a day outside 1–28 and keeps only a token and the last four digits; the signing page is
 * 404 for anyone not on the lease; the year-end statement (PDF) opens for the lease's tenant and
 * the lease's years only.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as leaseRoute from '~/routes/tenant-portal/leases.$leaseId';
import * as portalRoute from '~/routes/tenant-portal/_index';
import * as receiptRoute from '~/routes/tenant-portal/payments.$paymentId.receipt';
import * as returnRoute from '~/routes/tenant-portal/payments.$paymentId';
import * as testCheckoutRoute from '~/routes/test-checkout.$ref';
import * as autopayReturnRoute from '~/routes/tenant-portal/autopay.$checkoutId';
import * as statementRoute from '~/routes/tenant-portal/leases.$leaseId.statement.$year';
import { autopay, leaseTenant, payment, rateLimit } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import type { Viewer } from '~/server/auth/session.server';
import { answerOf, settle } from '../../../tests/setup/action-result';
import { viewerOf } from '../../../tests/setup/factories';
import { addCharge, createLeaseFixture, leaseMails } from '../../../tests/setup/leases';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { createSignedInUser } from '../../../tests/setup/sign-in';

let database: TestDatabase;
let context: DimoraLoadContext;
const cookies = new Map<string, string>();
const viewers = new Map<string, Viewer>();
let leaseId = 0;
let otherLeaseId = 0;

async function signedIn(key: string) {
  const email = `${key}@portal.test`;
  const name = `${key[0]!.toUpperCase()}${key.slice(1)} Tenant`;
  const user = await createSignedInUser(context, { email, role: 'tenant', name });
  cookies.set(key, user.cookie);
  viewers.set(key, { ...viewerOf({ id: user.id, email, role: 'tenant' }), name });
}

function request(who: string, path: string, fields?: Record<string, string>): Request {
  const headers = new Headers({ cookie: cookies.get(who)! });
  return new Request(`http://dimora.test${path}`, fields ? { method: 'POST', headers, body: new URLSearchParams(fields) } : { headers });
}

type Handler = (args: { request: Request; params: Record<string, string>; context: DimoraLoadContext }) => unknown;
const call = (handler: unknown, req: Request, params: Record<string, string> = {}) =>
  settle(() => (handler as Handler)({ request: req, params, context }));

const key = () => crypto.randomUUID();

async function paymentsOf(id: number) {
  return database.db.select().from(payment).where(eq(payment.leaseId, id));
}

beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database, { clientIp: '192.0.2.90' });
  await signedIn('ada');
  await signedIn('bob');
  const ada = viewers.get('ada')!;
  const bob = viewers.get('bob')!;
  const row = await createLeaseFixture(database.db, {
    manager: null,
    tenant: ada,
    startDate: '2026-01-01',
    endDate: '2027-12-31',
    monthlyRentCents: 150_000,
  });
  leaseId = row.id;
  await addCharge(database.db, { leaseId, amountCents: 150_000, dueDate: '2026-11-01' });
  otherLeaseId = (await createLeaseFixture(database.db, { manager: null, tenant: bob, startDate: '2026-01-01', endDate: '2027-12-31' })).id;
  await addCharge(database.db, { leaseId: otherLeaseId, amountCents: 120_000, dueDate: '2026-11-01' });
});

afterAll(async () => {
  await database.close();
});

describe('the tenant portal', () => {
  it('shows the tenant their lease, balance and a fresh payment key', async () => {
    const page = (await call(portalRoute.loader, request('ada', '/tenant-portal'))) as Awaited<ReturnType<typeof portalRoute.loader>>;
    expect(page.lease.current?.id).toBe(leaseId);
    expect(page.lease.balance?.balanceCents).toBe(150_000);
    expect(page.payKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses bad amounts, an amount above the balance and another tenant’s lease, writing nothing', async () => {
    const post = (fields: Record<string, string>) =>
      call(portalRoute.action, request('ada', '/tenant-portal', { intent: 'pay', leaseId: String(leaseId), key: key(), ...fields }));
    const fraction = answerOf(await post({ amount: '12.345' }));
    expect(fraction.status).toBe(422);
    expect(fraction.body.errors.amount).toBe('Enter an amount in dollars and cents, for example 125.50.');
    const negative = answerOf(await post({ amount: '-5' }));
    expect(negative.status).toBe(422);
    const zero = answerOf(await post({ amount: '0' }));
    expect(zero.body.errors.amount).toBe('The amount must be more than zero.');
    const above = answerOf(await post({ amount: '1500.01' }));
    expect(above.status).toBe(422);
    expect((above.body as { errors?: { form?: string } }).errors?.form).toBe('The amount is more than your balance of $1,500.00.');
    const foreign = answerOf(
      await call(
        portalRoute.action,
        request('ada', '/tenant-portal', { intent: 'pay', leaseId: String(otherLeaseId), key: key(), amount: '100' }),
      ),
    );
    expect(foreign.status).toBe(404);
    expect(await paymentsOf(leaseId)).toEqual([]);
    expect(await paymentsOf(otherLeaseId)).toEqual([]);
  });

  it('Pay now goes to the hosted checkout; a declined card stays there; a good card pays and the return page shows it to its tenant only', async () => {
    const payKey = key();
    const form = { intent: 'pay', leaseId: String(leaseId), key: payKey, amount: '1,500.00' };
    const opened = answerOf(await call(portalRoute.action, request('ada', '/tenant-portal', form)));
    expect(opened.status).toBe(303);
    const checkoutUrl = new URL(opened.location!, 'http://dimora.test');
    expect(checkoutUrl.pathname).toMatch(/^\/test-checkout\/sbx_cs_[0-9a-f]{24}$/);
    const ref = checkoutUrl.pathname.split('/').pop()!;
    // Our form carries no card field any more, and our answer no card data.
    const [pending] = await paymentsOf(leaseId);
    expect(pending).toMatchObject({ status: 'pending', amountCents: 150_000, cardLast4: null });

    // A double click (same form) and a second tab (another key, same amount) go to the same page.
    const again = answerOf(await call(portalRoute.action, request('ada', '/tenant-portal', form)));
    const secondTab = answerOf(await call(portalRoute.action, request('ada', '/tenant-portal', { ...form, key: key() })));
    expect([again.location, secondTab.location]).toEqual([opened.location, opened.location]);
    expect(await paymentsOf(leaseId)).toHaveLength(1);

    // The stand-in's page: a declined card is answered there and the session stays open.
    const page = (await call(testCheckoutRoute.loader, request('ada', checkoutUrl.pathname), { ref })) as Awaited<
      ReturnType<typeof testCheckoutRoute.loader>
    >;
    expect(page.checkout).toMatchObject({ amountCents: 150_000, status: 'open' });
    const pay = (number: string) =>
      call(testCheckoutRoute.action, request('ada', checkoutUrl.pathname, { cardNumber: number, expiry: '12/34', cvc: '123' }), { ref });
    const declined = answerOf(await pay('4000000000000002'));
    expect(declined.status).toBe(422);
    expect(declined.body).toEqual({ ok: false, error: 'card_declined' });
    expect((await paymentsOf(leaseId))[0]).toMatchObject({ status: 'pending' });

    const paid = answerOf(await pay('4242 4242 4242 4242'));
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`/tenant-portal/payments/${pending!.id}`);
    const back = (await call(returnRoute.loader, request('ada', `/tenant-portal/payments/${pending!.id}`), {
      paymentId: String(pending!.id),
    })) as Awaited<ReturnType<typeof returnRoute.loader>>;
    expect(back.payment).toMatchObject({ status: 'succeeded', amountCents: 150_000, receipt: `R-${String(pending!.id).padStart(7, '0')}` });
    const rows = await paymentsOf(leaseId);
    expect(rows.map((row) => [row.status, row.amountCents, row.cardLast4])).toEqual([['succeeded', 150_000, '4242']]);
    const portal = (await call(portalRoute.loader, request('ada', '/tenant-portal'))) as Awaited<ReturnType<typeof portalRoute.loader>>;
    expect(portal.lease.balance?.balanceCents).toBe(0);
    expect(await leaseMails(database.db, 'receipt', 'ada@portal.test')).toHaveLength(1);

    // The same form posted once more opens nothing: it goes to what happened.
    const replay = answerOf(await call(portalRoute.action, request('ada', '/tenant-portal', form)));
    expect(replay.location).toBe(`/tenant-portal/payments/${pending!.id}`);
    expect(await paymentsOf(leaseId)).toHaveLength(1);

    // Someone else's return page is a 404 like an unknown one, cancel or not.
    const foreign = (await call(returnRoute.loader, request('bob', `/tenant-portal/payments/${pending!.id}?cancelled=1`), {
      paymentId: String(pending!.id),
    })) as { init?: { status?: number } };
    expect(foreign.init?.status).toBe(404);

    const succeeded = rows[0]!;
    const pdf = (await call(receiptRoute.loader, request('ada', `/tenant-portal/payments/${succeeded.id}/receipt`), {
      paymentId: String(succeeded.id),
    })) as Response;
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const refused = (await call(receiptRoute.loader, request('bob', `/tenant-portal/payments/${succeeded.id}/receipt`), {
      paymentId: String(succeeded.id),
    })) as { init?: { status?: number } };
    expect(refused.init?.status).toBe(404);
    // Ten payment posts a minute per user (spec §9): the next test starts a fresh minute.
    await database.db.delete(rateLimit);
  });

  it('turns autopay on with a card saved on the hosted page (token and last four only) and off again; a day outside 1–28 is refused', async () => {
    const bad = answerOf(
      await call(portalRoute.action, request('ada', '/tenant-portal', { intent: 'autopay-on', leaseId: String(leaseId), day: '31' })),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors.day).toBe('Choose a day from 1 to 28.');
    const on = answerOf(
      await call(portalRoute.action, request('ada', '/tenant-portal', { intent: 'autopay-on', leaseId: String(leaseId), day: '5' })),
    );
    expect(on.status).toBe(303);
    const hosted = new URL(on.location!, 'http://dimora.test');
    expect(hosted.pathname).toMatch(/^\/test-checkout\/sbx_cs_[0-9a-f]{24}$/);
    const ref = hosted.pathname.split('/').pop()!;
    const page = (await call(testCheckoutRoute.loader, request('ada', hosted.pathname), { ref })) as Awaited<
      ReturnType<typeof testCheckoutRoute.loader>
    >;
    expect(page.checkout).toMatchObject({ mode: 'setup', amountCents: 0 });
    // Nothing is on until the card is saved there.
    expect(
      await database.db
        .select()
        .from(autopay)
        .where(and(eq(autopay.leaseId, leaseId), eq(autopay.active, true))),
    ).toEqual([]);
    const saved = answerOf(
      await call(
        testCheckoutRoute.action,
        request('ada', hosted.pathname, { cardNumber: '4000 0000 0000 0341', expiry: '12/34', cvc: '123' }),
        {
          ref,
        },
      ),
    );
    expect(saved.status).toBe(303);
    const back = new URL(saved.location!, 'http://dimora.test');
    expect(back.pathname).toMatch(/^\/tenant-portal\/autopay\/\d+$/);
    const checkoutId = back.pathname.split('/').pop()!;
    const shown = (await call(autopayReturnRoute.loader, request('ada', back.pathname), { checkoutId })) as Awaited<
      ReturnType<typeof autopayReturnRoute.loader>
    >;
    expect(shown.autopay).toMatchObject({ status: 'succeeded', dayOfMonth: 5, card: { last4: '0341' } });
    const strangers = (await call(autopayReturnRoute.loader, request('bob', back.pathname), { checkoutId })) as {
      init?: { status?: number };
    };
    expect(strangers.init?.status).toBe(404);
    const [active] = await database.db
      .select()
      .from(autopay)
      .where(and(eq(autopay.leaseId, leaseId), eq(autopay.active, true)));
    expect(active).toMatchObject({ dayOfMonth: 5, cardLast4: '0341' });
    expect(active!.paymentMethodToken).not.toContain('4000000000000341');
    const off = answerOf(
      await call(portalRoute.action, request('ada', '/tenant-portal', { intent: 'autopay-off', leaseId: String(leaseId) })),
    );
    expect(off.body).toMatchObject({ ok: true, intent: 'autopay-off' });
    expect(
      await database.db
        .select()
        .from(autopay)
        .where(and(eq(autopay.leaseId, leaseId), eq(autopay.active, true))),
    ).toEqual([]);
    const foreign = answerOf(
      await call(portalRoute.action, request('bob', '/tenant-portal', { intent: 'autopay-off', leaseId: String(leaseId) })),
    );
    expect(foreign.status).toBe(404);
  });

  it('shows the next rent and a year-end statement per year of the lease, which only its tenant can open', async () => {
    const page = (await call(portalRoute.loader, request('ada', '/tenant-portal'))) as Awaited<ReturnType<typeof portalRoute.loader>>;
    // The lease runs 2026-01-01 to 2027-12-31: the years so far, newest first.
    const thisYear = Number(new Date().toISOString().slice(0, 4));
    expect(page.lease.statementYears).toEqual(thisYear >= 2027 ? [2027, 2026] : [2026]);
    expect(page.lease.nextRent).toMatchObject({ amountCents: 150_000, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });

    const statement = (await call(statementRoute.loader, request('ada', `/tenant-portal/leases/${leaseId}/statement/2026`), {
      leaseId: String(leaseId),
      year: '2026',
    })) as Response;
    expect(statement.status).toBe(200);
    expect(statement.headers.get('content-type')).toBe('application/pdf');
    expect(statement.headers.get('content-disposition')).toContain(`statement-${leaseId}-2026.pdf`);
    expect(
      Buffer.from(await statement.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const status = async (who: string, year: string, id = leaseId) =>
      (
        (await call(statementRoute.loader, request(who, `/tenant-portal/leases/${id}/statement/${year}`), {
          leaseId: String(id),
          year,
        })) as {
          init?: { status?: number };
        }
      ).init?.status;
    expect(await status('bob', '2026')).toBe(404);
    expect(await status('ada', '2025')).toBe(404);
    expect(await status('ada', '20x6')).toBe(404);
    expect(await status('ada', '2026', otherLeaseId)).toBe(404);
  });

  it('shows the signing page only to a signer of the lease', async () => {
    const [signer] = await database.db.select().from(leaseTenant).where(eq(leaseTenant.leaseId, leaseId));
    expect(signer?.email).toBe('ada@portal.test');
    const page = (await call(leaseRoute.loader, request('ada', `/tenant-portal/leases/${leaseId}`), {
      leaseId: String(leaseId),
    })) as Awaited<ReturnType<typeof leaseRoute.loader>>;
    expect(page.page.documentSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(page.page.canSign).toBe(false);
    const refused = (await call(leaseRoute.loader, request('bob', `/tenant-portal/leases/${leaseId}`), { leaseId: String(leaseId) })) as {
      init?: { status?: number };
    };
    expect(refused.init?.status).toBe(404);
  });
});
