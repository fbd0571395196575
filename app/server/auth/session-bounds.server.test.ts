/**
 * Bounded sessions (decision 023) with the clock moved: absolute lifetime and idle
 * timeout for a tenant and for staff, activity written at most once a minute, a background
 * check that is no activity, the `__Host-` session cookie on https, and a get-session answer
 * without token, IP address or user agent.
 */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasSessionCookieHeader, hasSignedSessionCookie } from '~/server/auth/auth.server';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { checkViewer, getViewer, hasSessionCookie } from '~/server/auth/session.server';
import { session } from '~/server/db/schema';
import { parseEnv } from '~/server/env.server';
import { createAuthServices, TEST_AUTH_SECRET } from '../../../tests/setup/auth-services';
import { testContext, useTestDatabase } from '../../../tests/setup/test-db';
import { DEFAULT_SESSION_BOUNDS, sessionBoundsFromEnv, sessionEndsAt } from './session-bounds.server';

const MINUTE = 60 * 1_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const database = useTestDatabase();

afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
/** A verified user of `role`, signed in at the (possibly faked) current time: its cookie and session id. */
async function signedIn(role: 'tenant' | 'vendor' | 'property_manager' | 'admin') {
  counter += 1;
  const email = `bounded${counter}@sessions.test`;
  const password = 'bounded-pass-123';
  const created = await createVerifiedUser(database.db, { email, password, role });
  const result = await testContext(database).auth.api.signInEmail({ body: { email, password }, returnHeaders: true });
  const cookie = result.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { id: created.id, cookie, sessionId: await sessionIdOf(created.id) };
}

async function sessionIdOf(userId: string): Promise<string> {
  const [row] = await database.db.select({ id: session.id }).from(session).where(eq(session.userId, userId));
  if (!row) throw new Error('no session');
  return row.id;
}

const page = (cookie: string) => new Request('http://dimora.test/dashboard', { headers: { cookie } });
/** A page request at the current (faked) time: counts as activity. */
const visit = (cookie: string) => getViewer(page(cookie), testContext(database));
const rowOf = async (id: string) => (await database.db.select().from(session).where(eq(session.id, id)))[0];

/** Freezes `Date` (timers keep running) at real now; `advance` moves it forward. */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['Date'] });
  let now = Date.now();
  vi.setSystemTime(now);
  return {
    advance(ms: number) {
      now += ms;
      vi.setSystemTime(now);
    },
  };
}

describe(`session bounds (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('reads the four env variables as hours and minutes, defaulting to decision 023', () => {
    expect(sessionBoundsFromEnv(parseEnv({}))).toEqual(DEFAULT_SESSION_BOUNDS);
    expect(
      sessionBoundsFromEnv(
        parseEnv({
          SESSION_MAX_AGE_HOURS: '48',
          SESSION_IDLE_HOURS: '2',
          STAFF_SESSION_MAX_AGE_HOURS: '8',
          STAFF_SESSION_IDLE_MINUTES: '15',
        }),
      ),
    ).toEqual({
      maxAgeMs: 48 * HOUR,
      idleMs: 2 * HOUR,
      staffMaxAgeMs: 8 * HOUR,
      staffIdleMs: 15 * MINUTE,
    });
    expect(() => parseEnv({ STAFF_SESSION_IDLE_MINUTES: '0' })).toThrow(/STAFF_SESSION_IDLE_MINUTES/);
    expect(() => parseEnv({ SESSION_MAX_AGE_HOURS: 'forever' })).toThrow(/SESSION_MAX_AGE_HOURS/);
    expect(DEFAULT_SESSION_BOUNDS).toEqual({ maxAgeMs: 30 * DAY, idleMs: 7 * DAY, staffMaxAgeMs: 12 * HOUR, staffIdleMs: HOUR });
    const t = new Date('2026-01-01T00:00:00Z');
    const at = (ms: number) => new Date(t.getTime() + ms);
    const far = at(365 * DAY);
    expect(sessionEndsAt(DEFAULT_SESSION_BOUNDS, 'admin', { createdAt: t, updatedAt: at(11.5 * HOUR), expiresAt: far })).toEqual(
      at(12 * HOUR),
    );
    expect(sessionEndsAt(DEFAULT_SESSION_BOUNDS, 'property_manager', { createdAt: t, updatedAt: at(2 * HOUR), expiresAt: far })).toEqual(
      at(3 * HOUR),
    );
    expect(sessionEndsAt(DEFAULT_SESSION_BOUNDS, 'tenant', { createdAt: t, updatedAt: at(2 * HOUR), expiresAt: far })).toEqual(
      at(7 * DAY + 2 * HOUR),
    );
    expect(sessionEndsAt(DEFAULT_SESSION_BOUNDS, 'vendor', { createdAt: t, updatedAt: at(29 * DAY), expiresAt: far })).toEqual(
      at(30 * DAY),
    );
  });

  it("ends a tenant's session after 7 idle days, and deletes it", async () => {
    const clock = fakeClock();
    const tenant = await signedIn('tenant');
    clock.advance(7 * DAY - MINUTE);
    expect(await visit(tenant.cookie)).toMatchObject({ id: tenant.id, role: 'tenant' });
    clock.advance(7 * DAY - MINUTE);
    expect(await visit(tenant.cookie)).toMatchObject({ id: tenant.id });
    clock.advance(7 * DAY + MINUTE);
    expect(await visit(tenant.cookie)).toBeNull();
    expect(await rowOf(tenant.sessionId)).toBeUndefined();
  });

  it("ends a tenant's session 30 days after sign-in however active, and deletes it", async () => {
    const clock = fakeClock();
    const tenant = await signedIn('vendor');
    for (let day = 6; day < 30; day += 6) {
      clock.advance(6 * DAY);
      expect(await visit(tenant.cookie), `day ${day}`).toMatchObject({ id: tenant.id });
    }
    clock.advance(5 * DAY + 23 * HOUR);
    const last = await visit(tenant.cookie);
    expect(last?.sessionExpiresAt?.getTime()).toBe((await rowOf(tenant.sessionId))!.createdAt.getTime() + 30 * DAY);
    clock.advance(HOUR);
    expect(await visit(tenant.cookie)).toBeNull();
    expect(await rowOf(tenant.sessionId)).toBeUndefined();
  });

  it("ends a staff member's session after one idle hour", async () => {
    const clock = fakeClock();
    const manager = await signedIn('property_manager');
    clock.advance(59 * MINUTE);
    expect(await visit(manager.cookie)).toMatchObject({ id: manager.id, role: 'property_manager' });
    clock.advance(59 * MINUTE);
    expect(await visit(manager.cookie)).toMatchObject({ id: manager.id });
    clock.advance(61 * MINUTE);
    expect(await visit(manager.cookie)).toBeNull();
    expect(await rowOf(manager.sessionId)).toBeUndefined();
  });

  it("ends a staff member's session 12 hours after sign-in however active", async () => {
    const clock = fakeClock();
    const admin = await signedIn('admin');
    // better-auth's own expiresAt is the staff absolute end too.
    const row = (await rowOf(admin.sessionId))!;
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBeLessThanOrEqual(12 * HOUR + 1_000);
    for (let minutes = 50; minutes < 12 * 60; minutes += 50) {
      clock.advance(50 * MINUTE);
      expect(await visit(admin.cookie), `${minutes} min`).toMatchObject({ id: admin.id });
    }
    clock.advance(12 * HOUR - 14 * 50 * MINUTE);
    expect(await visit(admin.cookie)).toBeNull();
    expect(await rowOf(admin.sessionId)).toBeUndefined();
  });

  it('records activity at most once a minute, and a background check is no activity', async () => {
    const clock = fakeClock();
    const manager = await signedIn('property_manager');
    const signedInAt = (await rowOf(manager.sessionId))!.updatedAt.getTime();
    clock.advance(30 * 1_000);
    await visit(manager.cookie);
    expect((await rowOf(manager.sessionId))!.updatedAt.getTime()).toBe(signedInAt);
    clock.advance(40 * 1_000);
    await visit(manager.cookie);
    expect((await rowOf(manager.sessionId))!.updatedAt.getTime()).toBe(signedInAt + 70 * 1_000);

    clock.advance(50 * MINUTE);
    expect(await checkViewer(page(manager.cookie), testContext(database))).toMatchObject({ id: manager.id });
    expect((await rowOf(manager.sessionId))!.updatedAt.getTime()).toBe(signedInAt + 70 * 1_000);
    clock.advance(11 * MINUTE);
    expect(await checkViewer(page(manager.cookie), testContext(database))).toBeNull();
    expect(await rowOf(manager.sessionId)).toBeUndefined();
  });

  it('get-session answers without token, IP address or user agent, and null once expired', async () => {
    const clock = fakeClock();
    const tenant = await signedIn('tenant');
    const { auth } = testContext(database);
    const ask = () => auth.handler(new Request('http://dimora.test/api/auth/get-session', { headers: { cookie: tenant.cookie } }));
    const response = await ask();
    expect(response.status).toBe(200);
    const body = (await response.json()) as { session: Record<string, unknown>; user: Record<string, unknown> };
    expect(body.user).toMatchObject({ id: tenant.id, role: 'tenant' });
    expect(body.session).toMatchObject({ id: tenant.sessionId, userId: tenant.id });
    expect(body.session).not.toHaveProperty('token');
    expect(body.session).not.toHaveProperty('ipAddress');
    expect(body.session).not.toHaveProperty('userAgent');
    const raw = JSON.stringify(body);
    const [row] = await database.db.select({ token: session.token }).from(session).where(eq(session.id, tenant.sessionId));
    expect(raw).not.toContain(row!.token);

    clock.advance(7 * DAY + MINUTE);
    const expired = await ask();
    expect(await expired.json()).toBeNull();
    expect(expired.headers.getSetCookie().some((value) => /^dimora\.session_token=;.*Max-Age=0/i.test(value))).toBe(true);
    expect(await rowOf(tenant.sessionId)).toBeUndefined();
  });
});

describe('the session cookie on https', () => {
  it('is __Host-dimora.session_token: Secure, Path=/, no Domain, and it opens the session', async () => {
    const { auth } = createAuthServices(database.db, { publicUrl: 'https://dimora.test', secureCookies: true });
    const email = 'https-cookie@sessions.test';
    await createVerifiedUser(database.db, { email, password: 'bounded-pass-123', role: 'tenant' });
    const result = await auth.api.signInEmail({ body: { email, password: 'bounded-pass-123' }, returnHeaders: true });
    const setCookie = result.headers.getSetCookie().find((value) => value.includes('session_token'));
    expect(setCookie).toMatch(/^__Host-dimora\.session_token=/);
    expect(setCookie).toMatch(/; Path=\/(;|$)/);
    expect(setCookie).toMatch(/; Secure(;|$)/i);
    expect(setCookie).toMatch(/; HttpOnly(;|$)/i);
    expect(setCookie).not.toMatch(/Domain=/i);
    const cookie = setCookie!.split(';')[0]!;
    expect(hasSessionCookie(new Request('https://dimora.test/', { headers: { cookie } }))).toBe(true);
    const viewer = await getViewer(new Request('https://dimora.test/dashboard', { headers: { cookie } }), { auth });
    expect(viewer).toMatchObject({ email, role: 'tenant' });
  });

  it('is recognised under both names, and not under look-alikes', () => {
    expect(hasSessionCookieHeader('dimora.session_token=a.b')).toBe(true);
    expect(hasSessionCookieHeader('theme=dark; __Host-dimora.session_token=a.b')).toBe(true);
    expect(hasSessionCookieHeader('xdimora.session_token=a.b')).toBe(false);
    expect(hasSessionCookieHeader('dimora.chat=abc')).toBe(false);
    expect(hasSessionCookieHeader(undefined)).toBe(false);
  });

  it('is told apart from a made-up one by its signature alone (decision 053)', async () => {
    const { cookie } = await signedIn('tenant');
    expect(hasSignedSessionCookie(cookie, TEST_AUTH_SECRET)).toBe(true);
    expect(hasSignedSessionCookie(`theme=dark; ${cookie}`, TEST_AUTH_SECRET)).toBe(true);
    expect(hasSignedSessionCookie(cookie, 'another-secret-another-secret-another-1')).toBe(false);
    const pair = cookie.split('; ').find((part) => part.startsWith('dimora.session_token='))!;
    const [token, signature] = decodeURIComponent(pair.slice('dimora.session_token='.length)).split('.') as [string, string];
    const name = 'dimora.session_token';
    expect(hasSignedSessionCookie(`${name}=${encodeURIComponent(`${token}.${signature}`)}`, TEST_AUTH_SECRET)).toBe(true);
    expect(hasSignedSessionCookie(`${name}=${encodeURIComponent(`${token}x.${signature}`)}`, TEST_AUTH_SECRET)).toBe(false);
    expect(hasSignedSessionCookie(`${name}=${token}`, TEST_AUTH_SECRET)).toBe(false);
    expect(hasSignedSessionCookie('dimora.session_token=made-up.up', TEST_AUTH_SECRET)).toBe(false);
    expect(hasSignedSessionCookie(undefined, TEST_AUTH_SECRET)).toBe(false);
  });
});
