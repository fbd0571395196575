/**
 * The account routes against a real database (spec §2 /auth and /auth/forgot, §4 "Session" and
 * "Password reset", §5, §8, §9): the /auth, /auth/forgot and /auth/verify loaders and actions
 * are called as the server calls them, and the test reads what they wrote (users, the dev
 * mailbox, verification rows, the audit log).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHAT_COOKIE, hashVisitorToken, newVisitorToken } from '~/server/chat/chat-access.server';
import { auditLog, mailMessage, thread, user, verification } from '~/server/db/schema';
import { answerOf, headersOf, sessionCookie } from '../../../tests/setup/action-result';
import { testContext, useTestDatabase } from '../../../tests/setup/test-db';
import { action as authAction, loader as authLoader } from './_index';
import { action as forgotAction, loader as forgotLoader } from './forgot';
import { loader as verifyLoader } from './verify';

const database = useTestDatabase();

const USER_AGENT = 'auth-routes-test';
const PASSWORD = 'first-password';

let counter = 0;
/** A fresh client address, so one test's rate-limit bucket never leaks into another. */
function freshIp(): string {
  counter += 1;
  return `203.0.113.${counter}`;
}
function freshEmail(tag: string): string {
  counter += 1;
  return `${tag}.${counter}@routes.test`;
}

type Options = { ip?: string; cookie?: string; headers?: Record<string, string> };
type RouteFn = (args: never) => unknown;

function args(request: Request, ip: string) {
  return { request, context: testContext(database, { clientIp: ip }), params: {} } as never;
}

async function post(fn: RouteFn, path: string, fields: Record<string, string>, options: Options = {}) {
  const request = new Request(`http://dimora.test${path}`, {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { 'user-agent': USER_AGENT, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
  return fn(args(request, options.ip ?? freshIp()));
}

async function get(fn: RouteFn, path: string, options: Options = {}) {
  const request = new Request(`http://dimora.test${path}`, {
    headers: { 'user-agent': USER_AGENT, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
  return fn(args(request, options.ip ?? freshIp()));
}

/** The headers of an answer: a Response's, or those given to `data(…, init)`. */
async function mailsTo(email: string) {
  return database.db.select().from(mailMessage).where(eq(mailMessage.to, email)).orderBy(desc(mailMessage.id));
}

/** The first link in a mail's text to a path starting with `prefix`. */
function linkIn(text: string, prefix: string): URL {
  const found = text
    .match(/https?:\/\/\S+/g)
    ?.map((raw) => new URL(raw))
    .find((url) => (url.pathname + url.search).startsWith(prefix));
  if (!found) throw new Error(`no ${prefix} link in: ${text}`);
  return found;
}

async function userByEmail(email: string) {
  const [row] = await database.db
    .select()
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.toLowerCase()));
  return row;
}

async function register(email: string, overrides: Record<string, string> = {}, options: Options = {}) {
  return post(
    authAction,
    '/auth',
    { intent: 'register', email, password: PASSWORD, fullName: 'Rita Renter', role: 'tenant', ...overrides },
    options,
  );
}

async function signIn(email: string, password: string, options: Options & { redirectTo?: string } = {}) {
  const fields: Record<string, string> = { intent: 'sign-in', email, password };
  if (options.redirectTo !== undefined) fields.redirectTo = options.redirectTo;
  return post(authAction, '/auth', fields, options);
}

/** Registers and confirms an account through the routes; returns its e-mail. */
async function verifiedAccount(tag: string): Promise<string> {
  const email = freshEmail(tag);
  expect(answerOf(await register(email)).status).toBe(200);
  const [mail] = await mailsTo(email);
  const link = linkIn(mail!.text, '/auth/verify?token=');
  const verified = await get(verifyLoader, link.pathname + link.search);
  expect(answerOf(verified).location).toBe('/auth?verified=1');
  return email;
}

describe('/auth registration', () => {
  it("registers a tenant and e-mails a confirmation link to /auth/verify in the visitor's language", async () => {
    const email = freshEmail('italian');
    const answer = answerOf(
      await register(email, { fullName: 'Giulia Bianchi', phone: '+39 06 1234 5678', address: 'Via Roma 1' }, { cookie: 'language=it' }),
    );
    expect(answer).toEqual({ status: 200, body: { ok: true, intent: 'register', email } });

    const created = await userByEmail(email);
    expect(created).toMatchObject({
      name: 'Giulia Bianchi',
      firstName: 'Giulia',
      lastName: 'Bianchi',
      role: 'tenant',
      userType: 'tenant',
      emailVerified: false,
      locale: 'it',
      phone: '+39 06 1234 5678',
      address: 'Via Roma 1',
    });
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Conferma il tuo indirizzo e-mail per Dimora');
    expect(mails[0]!.text).toContain('Ciao Giulia Bianchi,');
    expect(linkIn(mails[0]!.text, '/auth/verify?token=').origin).toBe('http://dimora.test');
  });

  it('registers a vendor with a company and answers a plain HTML post with a redirect to ?registered=1', async () => {
    const email = freshEmail('vendor');
    const result = await register(email, { role: 'vendor', companyName: 'Fix-It Ltd' }, { headers: { 'sec-fetch-mode': 'navigate' } });
    expect(answerOf(result)).toMatchObject({ status: 303, location: '/auth?registered=1' });
    expect(await userByEmail(email)).toMatchObject({ role: 'vendor', userType: 'vendor', companyName: 'Fix-It Ltd' });
    const page = answerOf(await get(authLoader, '/auth?registered=1'));
    expect(page.body).toMatchObject({ registered: true, tab: 'sign-in' });
  });

  it.each([['admin'], ['property_manager'], ['']])('refuses role=%s with 422 and creates no user', async (role) => {
    const email = freshEmail('role');
    const answer = answerOf(await register(email, { role }));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.role).toBe('Choose tenant or vendor.');
    expect(await userByEmail(email)).toBeUndefined();
    expect(await mailsTo(email)).toHaveLength(0);
  });

  it('refuses a malformed e-mail, an over-long name, a short password and a vendor without company (422, messages)', async () => {
    const malformed = answerOf(await register('not-an-address'));
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.email).toBe('Enter a valid e-mail address');

    const longName = freshEmail('long');
    const tooLong = answerOf(await register(longName, { fullName: 'N'.repeat(121) }));
    expect(tooLong.status).toBe(422);
    expect(tooLong.body.errors.fullName).toBe('Use at most 120 characters');
    expect(tooLong.body.values).toMatchObject({ email: longName, role: 'tenant' });
    expect(tooLong.body.values).not.toHaveProperty('password');
    expect(await userByEmail(longName)).toBeUndefined();

    const short = answerOf(await register(freshEmail('short'), { password: '12345' }));
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toBe('Password must be at least 8 characters long');

    const vendor = answerOf(await register(freshEmail('nocompany'), { role: 'vendor', companyName: '  ' }));
    expect(vendor.status).toBe(422);
    expect(vendor.body.errors.companyName).toBe('Vendors need a company name.');
  });

  it('answers 429 with Retry-After to the 4th registration in a minute from one client', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(answerOf(await register(freshEmail('burst'), {}, { ip })).status).toBe(200);
    }
    const refused = await register(freshEmail('burst'), {}, { ip });
    expect(answerOf(refused).status).toBe(429);
    expect(answerOf(refused).body).toMatchObject({ ok: false, rateLimited: { action: 'signup' } });
    expect(Number(headersOf(refused).get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('/auth/verify and sign-in', () => {
  it('refuses sign-in before the address is confirmed (403) and sends a new link; the link confirms it', async () => {
    const email = freshEmail('unverified');
    await register(email);
    const early = answerOf(await signIn(email, PASSWORD));
    expect(early.status).toBe(403);
    expect(early.body.errors.form).toBe('Please verify your e-mail address first. We have sent you a new link.');
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);

    const link = linkIn(mails[0]!.text, '/auth/verify?token=');
    const verified = await get(verifyLoader, link.pathname + link.search);
    expect(verified).toBeInstanceOf(Response);
    expect((verified as Response).status).toBe(302);
    expect((verified as Response).headers.get('location')).toBe('/auth?verified=1');
    expect((await userByEmail(email))?.emailVerified).toBe(true);
    expect(answerOf(await get(authLoader, '/auth?verified=1')).body).toMatchObject({ verified: true });

    expect(answerOf(await signIn(email, PASSWORD)).status).toBe(303);
  });

  it('shows the invalid-link page (400) for a bad or missing token and changes nothing', async () => {
    const bad = answerOf(await get(verifyLoader, '/auth/verify?token=not-a-real-token'));
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ rateLimited: null });
    expect(answerOf(await get(verifyLoader, '/auth/verify')).status).toBe(400);
  });

  it('rate-limits the verification link (default limit, 50 a minute) with 429 and Retry-After', async () => {
    const ip = freshIp();
    for (let attempt = 1; attempt <= 50; attempt += 1) {
      expect(answerOf(await get(verifyLoader, '/auth/verify?token=x', { ip })).status).toBe(400);
    }
    const refused = await get(verifyLoader, '/auth/verify?token=x', { ip });
    expect(answerOf(refused).status).toBe(429);
    expect(answerOf(refused).body).toMatchObject({ rateLimited: { action: 'default' } });
    expect(headersOf(refused).get('retry-after')).toMatch(/^\d+$/);
  });

  it("claims this browser's visitor chat started with the account's address, and clears the visitor cookie", async () => {
    const email = await verifiedAccount('chatter');
    const token = newVisitorToken();
    const [chat] = await database.db
      .insert(thread)
      .values({ kind: 'chat', visitorName: 'Chatter', visitorEmail: email.toUpperCase(), visitorToken: hashVisitorToken(token) })
      .returning({ id: thread.id });
    const answer = await signIn(email, PASSWORD, { cookie: `${CHAT_COOKIE}=${token}` });
    expect(answerOf(answer).status).toBe(303);
    expect(
      headersOf(answer)
        .getSetCookie()
        .some((cookie) => cookie.startsWith(`${CHAT_COOKIE}=;`) && cookie.includes('Max-Age=0')),
    ).toBe(true);
    const account = await userByEmail(email);
    const [claimed] = await database.db.select({ userId: thread.userId }).from(thread).where(eq(thread.id, chat!.id));
    expect(claimed?.userId).toBe(account!.id);
  });

  it('refuses a wrong password with 401 "Signin failed: Invalid credentials"', async () => {
    const email = await verifiedAccount('wrongpass');
    const answer = answerOf(await signIn(email, 'not-the-password'));
    expect(answer.status).toBe(401);
    expect(answer.body).toMatchObject({
      ok: false,
      intent: 'sign-in',
      errors: { form: 'Signin failed: Invalid credentials' },
      values: { email },
    });
    expect(answer.body.values).not.toHaveProperty('password');
  });

  it('signs in with 303 to redirectTo and the session cookie; an unsafe redirectTo falls back to /', async () => {
    const email = await verifiedAccount('signin');
    const result = await signIn(email, PASSWORD, { redirectTo: '/dashboard' });
    expect(answerOf(result)).toMatchObject({ status: 303, location: '/dashboard' });
    const cookies = headersOf(result).getSetCookie();
    expect(cookies.some((cookie) => cookie.startsWith('dimora.session_token=') && /HttpOnly/i.test(cookie))).toBe(true);
    expect(cookies.some((cookie) => cookie.startsWith('flash=signed-in'))).toBe(true);

    const evil = await signIn(email, PASSWORD, { redirectTo: '//evil.com' });
    expect(answerOf(evil)).toMatchObject({ status: 303, location: '/' });
  });

  it('sends a signed-in visitor from /auth to /', async () => {
    const email = await verifiedAccount('guestonly');
    const cookie = sessionCookie(await signIn(email, PASSWORD));
    expect(answerOf(await get(authLoader, '/auth', { cookie }))).toMatchObject({ status: 302, location: '/' });
    const anonymous = answerOf(await get(authLoader, '/auth?tab=register&redirectTo=%2Fdashboard'));
    expect(anonymous.body).toMatchObject({ tab: 'register', redirectTo: '/dashboard', verified: false, registered: false });
  });

  it('answers the 6th login attempt in a minute from one client with 429 and Retry-After', async () => {
    const email = await verifiedAccount('burstlogin');
    const ip = freshIp();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect(answerOf(await signIn(email, 'wrong-password', { ip })).status).toBe(401);
    }
    const refused = await signIn(email, PASSWORD, { ip });
    expect(answerOf(refused).status).toBe(429);
    expect(answerOf(refused).body).toMatchObject({ ok: false, rateLimited: { action: 'login' } });
    expect(Number(headersOf(refused).get('retry-after'))).toBeGreaterThan(0);
    // Another client is not affected.
    expect(answerOf(await signIn(email, PASSWORD)).status).toBe(303);
  });

  it('sends the reset link of the e-mail (/auth?mode=reset&token=…) on to /auth/forgot', async () => {
    const answer = answerOf(await get(authLoader, '/auth?mode=reset&token=abc%2Bdef'));
    expect(answer).toMatchObject({ status: 302, location: '/auth/forgot?mode=reset&token=abc%2Bdef' });
  });
});

describe('/auth/forgot', () => {
  it('gives an unknown address the same success answer and sends nothing', async () => {
    const ghost = freshEmail('ghost');
    const answer = answerOf(await post(forgotAction, '/auth/forgot', { intent: 'request', email: ghost }));
    expect(answer).toEqual({ status: 200, body: { ok: true, intent: 'request' } });
    expect(await mailsTo(ghost)).toHaveLength(0);
  });

  it('asks for an address when the field is empty (422 "Please enter your email address")', async () => {
    const answer = answerOf(await post(forgotAction, '/auth/forgot', { intent: 'request', email: '   ' }));
    expect(answer.status).toBe(422);
    expect(answer.body.errors.email).toBe('Please enter your email address');
    const italian = answerOf(await post(forgotAction, '/auth/forgot', { intent: 'request', email: '' }, { cookie: 'language=it' }));
    expect(italian.body.errors.email).toBe('Inserisci il tuo indirizzo e-mail');
  });

  it('redirects a plain HTML request to ?sent=1', async () => {
    const answer = answerOf(
      await post(
        forgotAction,
        '/auth/forgot',
        { intent: 'request', email: freshEmail('nojs') },
        { headers: { 'sec-fetch-mode': 'navigate' } },
      ),
    );
    expect(answer).toMatchObject({ status: 303, location: '/auth/forgot?sent=1' });
    expect(answerOf(await get(forgotLoader, '/auth/forgot?sent=1')).body).toMatchObject({ mode: 'request', sent: true });
  });

  it('resets the password end to end: spec messages, new password works, old fails, link works once', async () => {
    const email = await verifiedAccount('reset');
    const sent = answerOf(await post(forgotAction, '/auth/forgot', { intent: 'request', email }));
    expect(sent).toEqual({ status: 200, body: { ok: true, intent: 'request' } });
    const [mail] = await mailsTo(email);
    expect(mail!.subject).toBe('Reset your Dimora password');
    const link = linkIn(mail!.text, '/auth?mode=reset&token=');
    const token = link.searchParams.get('token')!;

    // The e-mail's link leads to the reset form, which knows the link is usable.
    const forwarded = answerOf(await get(authLoader, link.pathname + link.search));
    expect(forwarded.location).toBe(`/auth/forgot?mode=reset&token=${encodeURIComponent(token)}`);
    const form = answerOf(await get(forgotLoader, forwarded.location!));
    expect(form.body).toMatchObject({ mode: 'reset', tokenUsable: true, token });

    const reset = (fields: Record<string, string>) => post(forgotAction, forwarded.location!, { intent: 'reset', token, ...fields });
    const mismatch = answerOf(await reset({ password: 'second-password', confirmPassword: 'second-passw0rd' }));
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors.confirmPassword).toBe('Passwords do not match');
    const short = answerOf(await reset({ password: 'abc', confirmPassword: 'abc' }));
    expect(short.status).toBe(422);
    expect(short.body.errors.password).toBe('Password must be at least 8 characters long');
    const empty = answerOf(await reset({ password: '', confirmPassword: '' }));
    expect(empty.status).toBe(422);
    expect(empty.body.errors.form).toBe('Please fill in all fields');

    const done = answerOf(await reset({ password: 'second-password', confirmPassword: 'second-password' }));
    expect(done).toEqual({ status: 200, body: { ok: true, intent: 'reset' } });
    expect(answerOf(await signIn(email, 'second-password')).status).toBe(303);
    const old = answerOf(await signIn(email, PASSWORD));
    expect(old.status).toBe(401);
    expect(old.body.errors.form).toBe('Signin failed: Invalid credentials');

    const again = answerOf(await reset({ password: 'third-password', confirmPassword: 'third-password' }));
    expect(again.status).toBe(400);
    expect(again.body.errors.form).toBe('This reset link is invalid or has expired. Please request a new one.');
    expect(answerOf(await get(forgotLoader, forwarded.location!)).body).toMatchObject({ tokenUsable: false, token: '' });
    expect(answerOf(await signIn(email, 'third-password')).status).toBe(401);
  });

  it('refuses an expired reset link, and a missing token, with the invalid-link message', async () => {
    const email = await verifiedAccount('expired');
    await post(forgotAction, '/auth/forgot', { intent: 'request', email });
    const [mail] = await mailsTo(email);
    const token = linkIn(mail!.text, '/auth?mode=reset&token=').searchParams.get('token')!;
    await database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(verification.identifier, `reset-password:${token}`));

    const path = `/auth/forgot?mode=reset&token=${encodeURIComponent(token)}`;
    expect(answerOf(await get(forgotLoader, path)).body).toMatchObject({ mode: 'reset', tokenUsable: false });
    const expired = answerOf(
      await post(forgotAction, path, { intent: 'reset', token, password: 'second-password', confirmPassword: 'second-password' }),
    );
    expect(expired.status).toBe(400);
    expect(expired.body.errors.form).toBe('This reset link is invalid or has expired. Please request a new one.');
    expect(answerOf(await signIn(email, PASSWORD)).status).toBe(303);

    const missing = answerOf(
      await post(forgotAction, '/auth/forgot?mode=reset', {
        intent: 'reset',
        token: '',
        password: 'second-password',
        confirmPassword: 'second-password',
      }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.errors.form).toBe('This reset link is invalid or has expired. Please request a new one.');
    expect(answerOf(await get(forgotLoader, '/auth/forgot?mode=reset')).body).toMatchObject({ tokenUsable: false });
  });

  it('redirects a plain HTML reset to ?mode=reset&updated=1, which refreshes to /auth', async () => {
    const email = await verifiedAccount('resetnojs');
    await post(forgotAction, '/auth/forgot', { intent: 'request', email });
    const [mail] = await mailsTo(email);
    const token = linkIn(mail!.text, '/auth?mode=reset&token=').searchParams.get('token')!;
    const answer = answerOf(
      await post(
        forgotAction,
        '/auth/forgot?mode=reset',
        { intent: 'reset', token, password: 'nojs-password', confirmPassword: 'nojs-password' },
        { headers: { 'sec-fetch-mode': 'navigate' } },
      ),
    );
    expect(answer).toMatchObject({ status: 303, location: '/auth/forgot?mode=reset&updated=1' });
    expect(answerOf(await get(forgotLoader, '/auth/forgot?mode=reset&updated=1')).body).toMatchObject({ mode: 'reset', updated: true });
  });
});

describe('audit log', () => {
  it('records every account event with the client address and user agent', async () => {
    const ip = freshIp();
    const email = freshEmail('audited');
    await register(email, {}, { ip });
    const [mail] = await mailsTo(email);
    const link = linkIn(mail!.text, '/auth/verify?token=');
    await get(verifyLoader, link.pathname + link.search, { ip });
    await signIn(email, 'wrong-password', { ip });
    await signIn(email, PASSWORD, { ip });
    await post(forgotAction, '/auth/forgot', { intent: 'request', email }, { ip });
    const [resetMail] = await mailsTo(email);
    const token = linkIn(resetMail!.text, '/auth?mode=reset&token=').searchParams.get('token')!;
    await post(
      forgotAction,
      '/auth/forgot?mode=reset',
      { intent: 'reset', token, password: 'audited-new', confirmPassword: 'audited-new' },
      { ip },
    );
    // Four more attempts use up the login limit (5), the next one is refused.
    for (let attempt = 0; attempt < 4; attempt += 1) await signIn(email, 'wrong-password', { ip });
    expect(answerOf(await signIn(email, 'wrong-password', { ip })).status).toBe(429);

    const created = await userByEmail(email);
    const rows = await database.db.select().from(auditLog).where(eq(auditLog.ipAddress, ip));
    const actions = new Set(rows.map((row) => row.action));
    for (const action of [
      'sign_up',
      'email_verified',
      'sign_in_failed',
      'sign_in_succeeded',
      'password_reset_requested',
      'password_reset_completed',
      'rate_limit_exceeded',
    ]) {
      expect(actions, action).toContain(action);
    }
    for (const row of rows) {
      expect(row).toMatchObject({ ipAddress: ip, userAgent: USER_AGENT, tableName: 'security_events' });
      expect(row.newValues).toMatchObject({ ip_address: ip, user_agent: USER_AGENT });
    }
    const own = rows.filter((row) => row.action !== 'rate_limit_exceeded');
    expect(own.every((row) => row.userId === created!.id)).toBe(true);
    const [limited] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.ipAddress, ip), eq(auditLog.action, 'rate_limit_exceeded')));
    expect(limited!.newValues).toMatchObject({ rate_limit_action: 'login', limit: 5 });
  });
});
