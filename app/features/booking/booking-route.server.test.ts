import { randomUUID } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '~/features/accounts/accounts.server';
import { action, loader } from '~/routes/public/booking.$id';
import { loader as successLoader } from '~/routes/public/payment-success';
import { action as testCheckoutAction } from '~/routes/test-checkout.$ref';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { application, payment } from '~/server/db/schema';
import { createProperty } from '../../../tests/setup/factories';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { BOOKING_LIMITS, DRAFT_FIELDS, type DraftValues } from './booking.fields';
import { DRAFT_COOKIE, draftCookie } from './booking-cookies.server';

let database: TestDatabase;
let homeId: number;
let otherHomeId: number;
let clients = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  homeId = (await createProperty(database.db, { price: 1500, maxOccupants: 3, availableDate: null })).id;
  otherHomeId = (await createProperty(database.db, { price: 9000, maxOccupants: 6 })).id;
});

afterAll(async () => {
  await database.close();
});

/** A browser: its own client address (rate limits) and cookie jar. */
function browser() {
  clients += 1;
  const clientIp = `198.51.100.${clients}`;
  const cookies = new Map<string, string>();
  const take = (headers: HeadersInit | undefined) => {
    for (const line of new Headers(headers).getSetCookie()) {
      const [pair = ''] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      if (/max-age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, pair.slice(index + 1));
    }
  };
  const cookieHeader = () => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const headers = () => ({ cookie: cookieHeader(), 'user-agent': 'booking-route-test', 'sec-fetch-mode': 'navigate' });
  const context = () => testContext(database, { clientIp });

  /** Runs the loader; returns its data, or the thrown Response / data() as { status, location }. */
  async function get(path: string) {
    const request = new Request(`http://dimora.test${path}`, { headers: headers() });
    const id = /^\/booking\/([^?]*)/.exec(path)?.[1];
    const run = path.startsWith('/payment-success') ? successLoader : loader;
    try {
      return answer(await run({ request, params: { id }, context: context() } as never));
    } catch (thrown) {
      return answer(thrown);
    }
  }

  async function post(path: string, fields: Record<string, string>) {
    const request = new Request(`http://dimora.test${path}`, { method: 'POST', body: new URLSearchParams(fields), headers: headers() });
    const id = /^\/booking\/([^?]*)/.exec(path)?.[1];
    try {
      return answer(await action({ request, params: { id }, context: context() } as never));
    } catch (thrown) {
      return answer(thrown);
    }
  }

  /** Pays the hosted checkout at `hostedUrl` (the sandbox's test page) with `cardNumber`, as this browser. */
  async function payHosted(hostedUrl: string, cardNumber: string) {
    const url = new URL(hostedUrl, 'http://dimora.test');
    const ref = url.pathname.split('/').pop()!;
    const request = new Request(url.href, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber, expiry: '12/30', cvc: '123' }),
      headers: headers(),
    });
    return answer(await testCheckoutAction({ request, params: { ref }, context: context() } as never));
  }

  function answer(result: unknown): { status: number; data: Record<string, unknown> & { values?: DraftValues }; location: string | null } {
    if (result instanceof Response) {
      take(result.headers);
      return {
        status: result.status,
        data: {} as Record<string, unknown> & { values?: DraftValues },
        location: result.headers.get('location'),
      };
    }
    if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
      const wrapped = result as { data: Record<string, unknown> & { values?: DraftValues }; init: ResponseInit | null };
      take(wrapped.init?.headers);
      return { status: wrapped.init?.status ?? 200, data: wrapped.data, location: null };
    }
    return { status: 200, data: result as Record<string, unknown> & { values?: DraftValues }, location: null };
  }

  return { get, post, payHosted, cookies, clientIp };
}

const STAY = { moveIn: '2027-01-15', moveOut: '2028-01-15', adults: '2', children: '0' };
const CHOOSE = { step: 'choose', intent: 'next', ...STAY };
const DETAILS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '+1 512 555 0100',
  currentAddress: '1 Main Street',
  city: 'Austin',
  zipCode: '78701',
  country: 'US',
  specialRequests: '',
};
/** Paying by card: the card itself is given on the hosted page (decision 049), never in our form. */
const CARD = { paymentMethod: 'card' };

/** Walks a browser through steps 1 and 2; returns the confirmation step's loader data. */
/** Posts the whole booking form (stay, details, paying by card, plus `extra`) at the confirmation step of home `id`. */
function submitBooking(b: ReturnType<typeof browser>, id: number, idempotencyKey: string, extra: Record<string, string> = {}) {
  return b.post(`/booking/${id}?step=confirm`, {
    step: 'confirm',
    intent: 'submit',
    idempotencyKey,
    ...STAY,
    ...DETAILS,
    ...CARD,
    ...extra,
  });
}

async function reachConfirmation(b: ReturnType<typeof browser>, id = homeId) {
  expect((await b.post(`/booking/${id}`, CHOOSE)).status).toBe(303);
  expect((await b.post(`/booking/${id}?step=details`, { step: 'details', intent: 'next', ...DETAILS })).location).toBe(
    `/booking/${id}?step=confirm`,
  );
  const page = await b.get(`/booking/${id}?step=confirm`);
  expect(page.status).toBe(200);
  return page.data as { confirm: { idempotencyKey: string; quote: Record<string, number> }; values: DraftValues };
}

describe('/booking/{id}', () => {
  it('answers 404 for non-digit and unknown ids', async () => {
    const b = browser();
    expect((await b.get('/booking/abc')).status).toBe(404);
    expect((await b.get('/booking/12a')).status).toBe(404);
    expect((await b.get('/booking/99999999')).status).toBe(404);
    expect((await b.post('/booking/abc', CHOOSE)).status).toBe(404);
  });

  it('shows a notice instead of the form for a home that is not available, and refuses posts', async () => {
    const leased = await createProperty(database.db, { status: 'maintenance' });
    const b = browser();
    const page = await b.get(`/booking/${leased.id}`);
    expect(page.data.kind).toBe('unavailable');
    expect(page.data).not.toHaveProperty('values');
    const posted = await submitBooking(b, leased.id, randomUUID());
    expect(posted.status).toBe(409);
    expect(posted.data.unavailable).toBe(true);
    expect(await database.db.select().from(application).where(eq(application.propertyId, leased.id))).toHaveLength(0);
  });

  it('keeps the answers across steps and reloads, and Back keeps what was typed', async () => {
    const b = browser();
    const first = await b.get(`/booking/${homeId}`);
    expect(first.data).toMatchObject({ kind: 'form', step: 'choose', values: { adults: '1', country: 'US' } });
    // Later steps are not reachable before the earlier ones are complete.
    expect((await b.get(`/booking/${homeId}?step=confirm`)).location).toBe(`/booking/${homeId}`);

    const invalid = await b.post(`/booking/${homeId}`, { ...CHOOSE, moveOut: '2027-02-01' });
    expect(invalid.status).toBe(400);
    expect(invalid.data.errors).toMatchObject({ moveOut: 'The move-out date must be at least one month after move-in' });
    expect(invalid.data.values).toMatchObject({ moveIn: '2027-01-15', moveOut: '2027-02-01' });

    const next = await b.post(`/booking/${homeId}`, CHOOSE);
    expect(next).toMatchObject({ status: 303, location: `/booking/${homeId}?step=details` });
    expect(b.cookies.has(DRAFT_COOKIE)).toBe(true);
    expect((await b.get(`/booking/${homeId}?step=details`)).data.values).toMatchObject({
      moveIn: '2027-01-15',
      moveOut: '2028-01-15',
      adults: '2',
    });

    const back = await b.post(`/booking/${homeId}?step=details`, {
      step: 'details',
      intent: 'back',
      ...DETAILS,
      firstName: 'Half-typed',
      email: 'not-yet',
    });
    expect(back).toMatchObject({ status: 303, location: `/booking/${homeId}` });
    expect((await b.get(`/booking/${homeId}`)).data.values).toMatchObject({
      moveIn: '2027-01-15',
      firstName: 'Half-typed',
      email: 'not-yet',
    });

    const confirm = await reachConfirmation(b);
    expect(confirm.confirm.quote).toMatchObject({
      leaseMonths: 12,
      monthlyRentCents: 150_000,
      depositCents: 150_000,
      applicationFeeCents: 5000,
      dueNowCents: 5000,
      dueAtSigningCents: 300_000,
    });
    // A reload renders the same idempotency key (kept in the draft).
    const again = (await b.get(`/booking/${homeId}?step=confirm`)).data as typeof confirm;
    expect(again.confirm.idempotencyKey).toBe(confirm.confirm.idempotencyKey);
  });

  it('never trusts posted prices, fees or property ids; goes to the hosted checkout; a declined card there, then "back", charges nothing and keeps the form; the retry pays', async () => {
    const b = browser();
    const { confirm } = await reachConfirmation(b);
    const key = confirm.idempotencyKey;
    const tampered = {
      price: '1',
      applicationFeeCents: '0',
      dueNowCents: '0',
      monthlyRentCents: '100',
      propertyId: String(otherHomeId),
      depositCents: '0',
    };

    const opened = await submitBooking(b, homeId, key, tampered);
    expect(opened.status).toBe(303);
    const hosted = new URL(opened.location!, 'http://dimora.test');
    expect(hosted.pathname).toMatch(/^\/test-checkout\/sbx_cs_[0-9a-f]{24}$/);
    const [row] = await database.db.select().from(application).where(eq(application.idempotencyKey, key));
    expect(row).toMatchObject({
      propertyId: homeId,
      monthlyRentCents: 150_000,
      applicationFeeCents: 5000,
      depositCents: 150_000,
      dueNowCents: 5000,
    });
    const reference = row!.reference;

    // Declined on the hosted page: answered there; then the applicant goes "back".
    const declined = await b.payHosted(hosted.href, '4000 0000 0000 0002');
    expect(declined.status).toBe(422);
    const back = await b.get(`/payment-success?ref=${reference}&cancelled=1`);
    expect(back.status).toBe(200);
    expect(back.data.state).toMatchObject({ status: 'failed', reference, propertyId: homeId, amountCents: 5000, url: null });
    // The page reloaded still carries this submission's key (its draft was kept).
    expect(
      ((await b.get(`/booking/${homeId}?step=confirm`)).data as typeof confirm & { confirm: { idempotencyKey: string } }).confirm
        .idempotencyKey,
    ).toBe(key);

    const retry = await submitBooking(b, homeId, key, tampered);
    expect(retry.status).toBe(303);
    expect(retry.location).not.toBe(opened.location);
    const paid = await b.payHosted(retry.location!, '4242 4242 4242 4242');
    expect(paid.status).toBe(303);
    expect(paid.location).toBe(`/payment-success?ref=${reference}`);
    const receipt = await b.get(`/payment-success?ref=${reference}`);
    expect(receipt.data.receipt).toMatchObject({ reference, paidCents: 5000 });
    expect(b.cookies.has(DRAFT_COOKIE)).toBe(false);
    const pays = await database.db.select().from(payment).where(eq(payment.applicationId, row!.id)).orderBy(payment.id);
    expect(pays.map((entry) => [entry.status, entry.amountCents, entry.failureReason])).toEqual([
      ['failed', 5000, 'checkout_cancelled'],
      ['succeeded', 5000, null],
    ]);

    // The same confirmation form posted again (double click, back button): the receipt, nothing new.
    const resubmitted = await submitBooking(b, homeId, key);
    expect(resubmitted.location).toBe(`/payment-success?ref=${reference}`);
    expect(await database.db.select().from(payment).where(eq(payment.applicationId, row!.id))).toHaveLength(2);
  });

  it('a card number typed into special requests is refused and not echoed back', async () => {
    const b = browser();
    await b.post(`/booking/${homeId}`, CHOOSE);
    const answer = await b.post(`/booking/${homeId}?step=details`, {
      step: 'details',
      intent: 'next',
      ...DETAILS,
      specialRequests: 'use my card 4242 4242 4242 4242 please',
    });
    expect(answer.status).toBe(400);
    expect(answer.data.errors).toMatchObject({ specialRequests: 'For your security, do not enter card numbers here' });
    expect(JSON.stringify(answer.data)).not.toMatch(/4242 ?4242/);
    expect(answer.data.values?.specialRequests).toBe('use my card […] please');
  });

  it('rate-limits submissions as "payment" (10 a minute): the 11th answers 429', async () => {
    const b = browser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push((await b.post(`/booking/${homeId}?step=confirm`, { step: 'confirm', intent: 'submit', idempotencyKey: 'bad' })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('prefills a signed-in applicant from the profile', async () => {
    const email = `prefill.${randomUUID().slice(0, 6)}@example.com`;
    await createVerifiedUser(database.db, { email, password: 'correct-horse', role: 'tenant', name: 'Grace Hopper' });
    const b = browser();
    const signedIn = await signIn(
      { context: testContext(database, { clientIp: b.clientIp }), request: new Request('http://dimora.test/auth', { method: 'POST' }) },
      { email, password: 'correct-horse' },
    );
    if (!signedIn.ok) throw new Error('sign-in failed');
    for (const line of signedIn.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      b.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
    const page = await b.get(`/booking/${homeId}?step=choose`);
    expect(page.data.values).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email });
  });

  it('keeps the whole draft in one cookie even at every limit in three-byte characters', () => {
    const wide = (n: number) => '界'.repeat(n);
    const values: DraftValues = Object.fromEntries(DRAFT_FIELDS.map((field) => [field, ''])) as DraftValues;
    Object.assign(values, {
      moveIn: '2027-01-15',
      moveOut: '2028-01-15',
      adults: '20',
      children: '20',
      firstName: wide(BOOKING_LIMITS.name),
      lastName: wide(BOOKING_LIMITS.name),
      email: `${'a'.repeat(64)}@${'b'.repeat(180)}.com`,
      phone: '1'.repeat(BOOKING_LIMITS.phone),
      currentAddress: wide(BOOKING_LIMITS.address),
      city: wide(BOOKING_LIMITS.city),
      zipCode: '1234567890',
      country: 'US',
      specialRequests: wide(BOOKING_LIMITS.specialRequests),
      paymentMethod: 'pay_at_signing',
      payDeposit: 'on',
    });
    const cookie = draftCookie({ propertyId: 2_147_483_647, values, submissionKey: randomUUID() }, { secure: true });
    expect(cookie.split(';')[0]!.length).toBeLessThan(4096);
  });
});

describe('/payment-success', () => {
  it('shows the receipt to the browser that applied, 404 to anyone else; a refresh never pays again', async () => {
    const b = browser();
    const { confirm } = await reachConfirmation(b);
    const opened = await submitBooking(b, homeId, confirm.idempotencyKey, { payDeposit: 'on' });
    const paid = await b.payHosted(opened.location!, '4242 4242 4242 4242');
    const path = paid.location!;
    const reference = new URL(path, 'http://dimora.test').searchParams.get('ref')!;

    const page = await b.get(path);
    expect(page.status).toBe(200);
    expect(page.data.receipt).toMatchObject({
      reference,
      paidCents: 155_000,
      dueAtSigningCents: 150_000,
      email: 'ada@example.com',
      leaseMonths: 12,
    });
    const [row] = await database.db.select({ id: application.id }).from(application).where(eq(application.reference, reference));
    const before = await database.db.select().from(payment).where(eq(payment.applicationId, row!.id));
    expect((await b.get(path)).status).toBe(200);
    expect(
      await database.db
        .select()
        .from(payment)
        .where(inArray(payment.applicationId, [row!.id])),
    ).toHaveLength(before.length);

    // Another browser, a guessed key in a forged cookie, a malformed or missing reference: 404.
    expect((await browser().get(path)).status).toBe(404);
    const forger = browser();
    forger.cookies.set('booking_receipts', Buffer.from(JSON.stringify([[reference, randomUUID()]])).toString('base64url'));
    expect((await forger.get(path)).status).toBe(404);
    expect((await b.get('/payment-success?ref=nope')).status).toBe(404);
    expect((await b.get('/payment-success')).status).toBe(404);
  });
});
