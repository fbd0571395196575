import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { getViewer, requireApiRole, requireRole } from '~/server/auth/session.server';
import { auditLog, session, user } from '~/server/db/schema';
import { signInForTest } from '../../../tests/setup/two-factor';
import { testContext, useTestDatabase } from '../../../tests/setup/test-db';
import { signIn, signOut } from './accounts.server';

const database = useTestDatabase();

let counter = 0;
/** A verified account with a unique e-mail. */
async function account(role: 'tenant' | 'vendor' | 'property_manager' | 'admin' = 'tenant') {
  counter += 1;
  const email = `person${counter}@accounts.test`;
  const created = await createVerifiedUser(database.db, { email, password: 'correct-horse', role, name: `Person ${counter}` });
  return { ...created, password: 'correct-horse' };
}

/** A fresh client address, so the login limit of one test does not leak into another. */
function client() {
  counter += 1;
  return `192.0.2.${counter}`;
}

/** The audit entries of `userId` with `action`. */
function auditEntries(userId: string, action: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), eq(auditLog.action, action)));
}

/** Who the session cookie `cookie` signs in on a page (null: nobody). */
function viewerOf(cookie: string) {
  return getViewer(new Request('http://dimora.test/', { headers: { cookie } }), testContext(database));
}

function post(path: string, cookie?: string) {
  return new Request(`http://dimora.test${path}`, {
    method: 'POST',
    headers: { 'user-agent': 'accounts-test', ...(cookie ? { cookie } : {}) },
  });
}

function cookieFrom(headers: Headers): string {
  const cookie = headers.getSetCookie().find((value) => value.startsWith('dimora.session_token='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

async function signInCookie(email: string, password: string, clientIp = client()) {
  const context = testContext(database, { clientIp });
  const result = await signIn({ context, request: post('/auth') }, { email, password });
  if (!result.ok) throw new Error(`sign-in failed: ${result.reason}`);
  return cookieFrom(result.headers);
}

describe('sign-in and sessions', () => {
  it('signs in a verified user, records who and from where, and the cookie opens the session', async () => {
    const person = await account('vendor');
    const cookie = await signInCookie(person.email, person.password, '198.51.100.7');
    const viewer = await getViewer(new Request('http://dimora.test/dashboard', { headers: { cookie } }), testContext(database));
    expect(viewer).toMatchObject({ id: person.id, email: person.email, role: 'vendor' });
    const [entry] = await auditEntries(person.id, 'sign_in_succeeded');
    expect(entry).toMatchObject({ tableName: 'security_events', ipAddress: '198.51.100.7', userAgent: 'accounts-test' });
    expect(entry!.newValues).toMatchObject({ ip_address: '198.51.100.7', user_agent: 'accounts-test' });
    expect(typeof entry!.newValues.timestamp).toBe('string');
  });

  it('refuses a wrong password and an unknown address alike, and audits the failure', async () => {
    const person = await account();
    const context = testContext(database, { clientIp: client() });
    const wrong = await signIn({ context, request: post('/auth') }, { email: person.email, password: 'nope-nope' });
    const unknown = await signIn({ context, request: post('/auth') }, { email: 'ghost@accounts.test', password: 'nope-nope' });
    expect(wrong).toEqual({ ok: false, reason: 'invalid_credentials' });
    expect(unknown).toEqual({ ok: false, reason: 'invalid_credentials' });
    const failures = await auditEntries(person.id, 'sign_in_failed');
    expect(failures).toHaveLength(1);
  });

  it('refuses the sixth login attempt of a minute from one client with a Retry-After, and audits it once', async () => {
    const person = await account();
    const ip = client();
    const context = testContext(database, { clientIp: ip });
    const outcomes = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      outcomes.push(await signIn({ context, request: post('/auth') }, { email: person.email, password: 'wrong-wrong' }));
    }
    expect(outcomes.slice(0, 5).every((outcome) => !outcome.ok && outcome.reason === 'invalid_credentials')).toBe(true);
    expect(outcomes[5]).toMatchObject({ ok: false, reason: 'rate_limited', action: 'login' });
    const retryAfter = (outcomes[5] as { retryAfterS: number }).retryAfterS;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Even the right password waits for the window to end.
    expect(await signIn({ context, request: post('/auth') }, { email: person.email, password: person.password })).toMatchObject({
      reason: 'rate_limited',
    });
    const hits = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'rate_limit_exceeded'), eq(auditLog.ipAddress, ip)));
    expect(hits).toHaveLength(1);
    // Another client is not affected.
    await expect(signInCookie(person.email, person.password)).resolves.toMatch(/^dimora\.session_token=/);
  });

  it('treats a banned user as signed out and refuses their sign-in', async () => {
    const person = await account();
    const cookie = await signInCookie(person.email, person.password);
    await database.db.update(user).set({ banned: true }).where(eq(user.id, person.id));
    expect(await viewerOf(cookie)).toBeNull();
    const context = testContext(database, { clientIp: client() });
    expect(await signIn({ context, request: post('/auth') }, { email: person.email, password: person.password })).toEqual({
      ok: false,
      reason: 'banned',
    });
  });

  it('treats an expired session as signed out', async () => {
    const person = await account();
    const cookie = await signInCookie(person.email, person.password);
    await database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, person.id));
    expect(await viewerOf(cookie)).toBeNull();
  });

  it('ignores a forged cookie', async () => {
    const request = new Request('http://dimora.test/', { headers: { cookie: 'dimora.session_token=forged.value' } });
    expect(await getViewer(request, testContext(database))).toBeNull();
  });
});

describe('sign-out', () => {
  it('ends every session of the user (global scope), clears the cookie and audits it', async () => {
    const person = await account();
    const laptop = await signInCookie(person.email, person.password);
    const phone = await signInCookie(person.email, person.password);
    expect(await database.db.select().from(session).where(eq(session.userId, person.id))).toHaveLength(2);

    const { headers, userId } = await signOut({ context: testContext(database), request: post('/auth/sign-out', laptop) });
    expect(userId).toBe(person.id);
    expect(headers.getSetCookie().some((value) => /^dimora\.session_token=;.*Max-Age=0/.test(value))).toBe(true);
    expect(await database.db.select().from(session).where(eq(session.userId, person.id))).toHaveLength(0);
    for (const cookie of [laptop, phone]) {
      expect(await viewerOf(cookie)).toBeNull();
    }
    const entries = await auditEntries(person.id, 'sign_out');
    expect(entries).toHaveLength(1);
  });

  it('a wrong password while signed in ends nothing', async () => {
    const person = await account();
    const cookie = await signInCookie(person.email, person.password);
    const context = testContext(database, { clientIp: client() });
    const wrong = await signIn({ context, request: post('/auth', cookie) }, { email: person.email, password: 'not-it-at-all' });
    expect(wrong).toEqual({ ok: false, reason: 'invalid_credentials' });
    expect(await viewerOf(cookie)).toMatchObject({
      id: person.id,
    });
  });

  it('signing in again first ends the session this browser still had (spec §4)', async () => {
    const person = await account();
    const old = await signInCookie(person.email, person.password);
    const context = testContext(database, { clientIp: client() });
    const again = await signIn({ context, request: post('/auth', old) }, { email: person.email, password: person.password });
    expect(again.ok).toBe(true);
    expect(await viewerOf(old)).toBeNull();
    expect(await database.db.select().from(session).where(eq(session.userId, person.id))).toHaveLength(1);
  });
});

describe('guards', () => {
  it('sends a signed-out visitor to /auth remembering the page, a wrong role home, and lets admin through', async () => {
    const context = testContext(database);
    const anonymous = new Request('http://dimora.test/vendor-portal?tab=jobs');
    const redirect = await requireRole(anonymous, context, 'vendor').catch((thrown: unknown) => thrown);
    expect(redirect).toBeInstanceOf(Response);
    expect((redirect as Response).headers.get('location')).toBe('/auth?redirectTo=%2Fvendor-portal%3Ftab%3Djobs');

    const tenant = await account('tenant');
    const tenantCookie = await signInCookie(tenant.email, tenant.password);
    const wrongRole = await requireRole(
      new Request('http://dimora.test/vendor-portal', { headers: { cookie: tenantCookie } }),
      context,
      'vendor',
    ).catch((thrown: unknown) => thrown);
    expect((wrongRole as Response).headers.get('location')).toBe('/');

    const admin = await account('admin');
    const adminCookie = (await signInForTest(context, { email: admin.email, password: admin.password })).cookie;
    const viewer = await requireRole(
      new Request('http://dimora.test/vendor-portal', { headers: { cookie: adminCookie } }),
      context,
      'vendor',
    );
    expect(viewer.role).toBe('admin');
  });

  it('answers API callers 401 and 403 instead of redirecting', async () => {
    const context = testContext(database);
    const anonymous = await requireApiRole(new Request('http://dimora.test/api/x'), context, 'admin').catch((thrown: unknown) => thrown);
    expect(anonymous).toMatchObject({ init: { status: 401 } });
    const tenant = await account('tenant');
    const cookie = await signInCookie(tenant.email, tenant.password);
    const forbidden = await requireApiRole(new Request('http://dimora.test/api/x', { headers: { cookie } }), context, 'admin').catch(
      (thrown: unknown) => thrown,
    );
    expect(forbidden).toMatchObject({ init: { status: 403 } });
  });
});
