/**
 * Decision 023, over real HTTP with two instances on one database: an event stream
 * open on instance A closes within 2 seconds of its session ending through instance B — sign-out,
 * ban, password reset, role change — and of its session expiring while open; other users'
 * streams stay open. With TEST_DATABASE_URL the instances have separate pools and LISTEN
 * connections on one PostgreSQL; on PGlite they share the embedded database. Also: the public
 * `GET /api/auth/get-session` carries no session token, IP address or user agent.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banUser, changeUserRole } from '~/features/admin/admin-users.server';
import { resetPassword, signOut } from '~/features/accounts/accounts.server';
import type { Viewer } from '~/server/auth/session.server';
import { session, verification } from '~/server/db/schema';
import { publishSessionEnded } from '~/server/realtime/events.server';
import {
  openStream,
  signedInUser,
  startInstance,
  startTwoInstances,
  type TestInstance,
  type TestStream,
  type TwoInstances,
} from '../setup/realtime';
import { createAuthServices } from '../setup/auth-services';
import { testContext, type TestDatabase } from '../setup/test-db';

let instances: TwoInstances;
let shared: TestDatabase;
let instanceA: TestInstance;
let instanceB: TestInstance;
const streams: TestStream[] = [];
const origin = { ip: '203.0.113.9', userAgent: 'vitest' };
const ENDED_WITHIN_MS = 2_000;

beforeAll(async () => {
  instances = await startTwoInstances();
  ({ shared, instanceA, instanceB } = instances);
});

afterAll(async () => {
  for (const opened of streams) opened.close();
  await instances?.close();
});

/** Opens a stream on `instance` and waits for its ready frame. */
async function streamOn(instance: TestInstance, cookie: string): Promise<TestStream> {
  const opened = await openStream(instance.url, { cookie });
  streams.push(opened);
  expect(opened.status).toBe(200);
  await opened.waitFor((frame) => frame.event === 'ready');
  return opened;
}

/** Resolves with how long (ms) the stream took to end after `since`; rejects after `limitMs`. */
async function endedWithin(stream: TestStream, since: number, limitMs = ENDED_WITHIN_MS): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`stream still open ${limitMs} ms later`)), limitMs + 500);
  });
  try {
    await Promise.race([stream.ended, timeout]);
  } finally {
    clearTimeout(timer);
  }
  return Date.now() - since;
}

/** True when the stream is still open a moment after the others ended. */
async function stillOpen(stream: TestStream): Promise<boolean> {
  const result = await Promise.race([
    stream.ended.then(() => false),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 300)),
  ]);
  return result;
}

const onB = () => testContext(instanceB.database);
const post = (cookie: string) =>
  new Request('http://dimora.test/auth/sign-out', { method: 'POST', headers: { cookie, 'user-agent': 'vitest' } });

/**
 * An admin (signed in as `adminEmail`) runs the account command `command` with `input` through B,
 * which must change something; answers when it was run (ms since the epoch).
 */
async function adminCommandOnB(
  adminEmail: string,
  command: typeof banUser | typeof changeUserRole,
  input: Record<string, string>,
): Promise<number> {
  const admin = await signedInUser(shared, 'admin', adminEmail);
  const started = Date.now();
  const outcome = await command({ db: instanceB.database.db, actor: adminViewer(admin.id), origin, locale: 'en', input });
  expect(outcome).toMatchObject({ ok: true, changed: true });
  return started;
}

function adminViewer(id: string): Viewer {
  return {
    id,
    email: 'admin@ended.test',
    name: 'Admin',
    role: 'admin',
    firstName: null,
    lastName: null,
    locale: 'en',
    sessionId: 'admin-session',
    sessionCreatedAt: new Date(),
    twoFactorEnabled: true,
  };
}

describe(`a stream on A ends when its session ends through B (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('sign-out on B closes the streams of every session of that user on A within 2 s, and no one else’s', async () => {
    const tenant = await signedInUser(shared, 'tenant', 'signout@ended.test');
    const bystander = await signedInUser(shared, 'tenant', 'bystander@ended.test');
    const first = await streamOn(instanceA, tenant.cookie);
    const second = await streamOn(instanceB, tenant.cookie);
    const other = await streamOn(instanceA, bystander.cookie);

    const started = Date.now();
    const { userId } = await signOut({ context: onB(), request: post(tenant.cookie) });
    expect(userId).toBe(tenant.id);
    expect(await endedWithin(first, started)).toBeLessThan(ENDED_WITHIN_MS);
    expect(await endedWithin(second, started)).toBeLessThan(ENDED_WITHIN_MS);
    expect(await stillOpen(other)).toBe(true);
    // Reconnecting is refused: the session is gone.
    expect((await openStream(instanceA.url, { cookie: tenant.cookie })).status).toBe(401);
  });

  it('a ban on B closes the banned user’s stream on A within 2 s', async () => {
    const vendor = await signedInUser(shared, 'vendor', 'banned@ended.test');
    const stream = await streamOn(instanceA, vendor.cookie);
    const started = await adminCommandOnB('admin@ended.test', banUser, { userId: vendor.id, reason: 'spam' });
    expect(await endedWithin(stream, started)).toBeLessThan(ENDED_WITHIN_MS);
    expect((await openStream(instanceA.url, { cookie: vendor.cookie })).status).toBe(401);
  });

  it('a password reset on B closes the user’s stream on A within 2 s', async () => {
    const tenant = await signedInUser(shared, 'tenant', 'reset@ended.test');
    const stream = await streamOn(instanceA, tenant.cookie);
    await onB().auth.api.requestPasswordReset({ body: { email: tenant.email, redirectTo: '/auth?mode=reset' } });
    const [pending] = await shared.db
      .select({ identifier: verification.identifier })
      .from(verification)
      .where(like(verification.identifier, 'reset-password:%'));
    const token = pending!.identifier.slice('reset-password:'.length);

    const started = Date.now();
    const reset = await resetPassword(
      { context: onB(), request: new Request('http://dimora.test/auth', { method: 'POST', headers: { 'user-agent': 'vitest' } }) },
      { token, password: 'A-new-Passphrase-4821' },
    );
    expect(reset).toEqual({ ok: true });
    expect(await endedWithin(stream, started)).toBeLessThan(ENDED_WITHIN_MS);
    expect(await shared.db.select().from(session).where(eq(session.userId, tenant.id))).toEqual([]);
  });

  it('a role change on B closes the user’s stream on A within 2 s; the session lives on and a new stream stays open', async () => {
    const person = await signedInUser(shared, 'tenant', 'promoted@ended.test');
    const stream = await streamOn(instanceA, person.cookie);
    const started = await adminCommandOnB('admin2@ended.test', changeUserRole, { userId: person.id, role: 'vendor' });
    expect(await endedWithin(stream, started)).toBeLessThan(ENDED_WITHIN_MS);
    // The session itself lives on; a new stream opens (and is not closed again by the old event).
    const again = await streamOn(instanceA, person.cookie);
    expect(await stillOpen(again)).toBe(true);
  });

  it('a session that expires while its stream is open closes it within 2 s, on every instance', async () => {
    // A third instance whose sessions last 3 s (idle and absolute), so expiry happens for real.
    const short = { maxAgeMs: 3_000, idleMs: 3_000, staffMaxAgeMs: 3_000, staffIdleMs: 3_000 };
    const { auth } = createAuthServices(shared.db, { publicUrl: 'http://dimora.test', sessionBounds: short });
    const instanceC = await startInstance(shared, { auth });
    try {
      const manager = await signedInUser(shared, 'property_manager', 'expiring@ended.test');
      const [row] = await shared.db
        .select({ id: session.id, createdAt: session.createdAt })
        .from(session)
        .where(eq(session.userId, manager.id));
      const onC = await streamOn(instanceC, manager.cookie);
      const onA = await streamOn(instanceA, manager.cookie);
      const expiresAt = row!.createdAt.getTime() + short.staffIdleMs;
      expect(Date.now()).toBeLessThan(expiresAt);
      expect(await endedWithin(onC, expiresAt, ENDED_WITHIN_MS + (expiresAt - Date.now()))).toBeLessThan(ENDED_WITHIN_MS);
      // C's check deleted the expired session; that ended A's stream too.
      expect(await endedWithin(onA, expiresAt, ENDED_WITHIN_MS + (expiresAt - Date.now()))).toBeLessThan(ENDED_WITHIN_MS);
      expect(await shared.db.select().from(session).where(eq(session.id, row!.id))).toEqual([]);
    } finally {
      await instanceC.close();
    }
  });
});

describe('a stream being set up while its session ends', () => {
  it('is ended at subscription when the end reached the hub after the session was read', async () => {
    const hub = instanceA.hub;
    const before = hub.connections();
    const mark = hub.sessionMark();
    await publishSessionEnded(instanceB.database.db, { sessionIds: ['late-session'], userIds: [] });
    await expect.poll(() => hub.sessionMark()).toBeGreaterThan(mark);
    let ended = 0;
    const sent: unknown[] = [];
    const late = await hub.subscribe(
      ['user:late-user'],
      null,
      (message) => sent.push(message),
      () => sent.push('ready'),
      {
        userId: 'late-user',
        sessionId: 'late-session',
        since: mark,
        onEnded: () => (ended += 1),
      },
    );
    expect(ended).toBe(1);
    expect(sent).toEqual([]);
    expect(hub.connections()).toBe(before);
    late.close();

    // Read after that end: the stream stays.
    const fresh = await hub.subscribe(['user:late-user'], null, () => undefined, undefined, {
      userId: 'late-user',
      sessionId: 'late-session',
      since: hub.sessionMark(),
      onEnded: () => (ended += 1),
    });
    expect(ended).toBe(1);
    expect(hub.connections()).toBe(before + 1);
    fresh.close();
    expect(hub.connections()).toBe(before);
  });
});

describe('GET /api/auth/get-session through the server', () => {
  it('answers the session without token, IP address or user agent', async () => {
    const tenant = await signedInUser(shared, 'tenant', 'getsession@ended.test');
    const response = await fetch(`${instanceA.url}/api/auth/get-session`, {
      headers: { cookie: tenant.cookie, 'user-agent': 'Secret-Agent/1.0' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const text = await response.text();
    const body = JSON.parse(text) as { session: Record<string, unknown>; user: Record<string, unknown> };
    expect(body.user).toMatchObject({ id: tenant.id, email: tenant.email });
    for (const field of ['token', 'ipAddress', 'userAgent']) expect(body.session, field).not.toHaveProperty(field);
    const [row] = await shared.db.select({ token: session.token }).from(session).where(eq(session.userId, tenant.id));
    expect(text).not.toContain(row!.token);
    expect(text).not.toContain('127.0.0.1');
  });
});
