/**
 * The event stream over real HTTP (decision 011): no stream without a session or
 * a chat cookie; a stream carries its own audiences' events only; a reconnect with Last-Event-ID
 * replays what was missed, once, in order; an impossible position asks the client to resync.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashVisitorToken, newVisitorToken } from '~/server/chat/chat-access.server';
import { like } from 'drizzle-orm';
import { rateLimit, thread } from '~/server/db/schema';
import { insertNotifications } from '~/server/notifications/notify.server';
import { publishEvents } from '~/server/realtime/events.server';
import { openStream, signedInUser, startInstance, type TestInstance, type TestStream } from '../setup/realtime';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { createTestDatabase, testContext, type TestDatabase } from '../setup/test-db';
import { signInForTest } from '../setup/two-factor';

let database: TestDatabase;
let instance: TestInstance;
let alice: Awaited<ReturnType<typeof signedInUser>>;
let bob: Awaited<ReturnType<typeof signedInUser>>;
let manager: Awaited<ReturnType<typeof signedInUser>>;
const streams: TestStream[] = [];

async function stream(options: Parameters<typeof openStream>[1] = {}): Promise<TestStream> {
  const opened = await openStream(instance.url, options);
  streams.push(opened);
  if (opened.status === 200) await opened.waitFor((frame) => frame.event === 'ready');
  return opened;
}

const notificationFor = (userId: string, title: string) =>
  insertNotifications(database.db, [{ userId, title, message: `${title} body`, type: 'info' }]);

const titles = (frames: TestStream['frames']) =>
  frames
    .filter((frame) => frame.event === 'notification.created')
    .map((frame) => (frame.data as { notification: { title: string } }).notification.title);

/** Lets in-flight NOTIFY deliveries land before asserting that something did NOT arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

beforeAll(async () => {
  database = await createTestDatabase();
  instance = await startInstance(database);
  alice = await signedInUser(database, 'tenant', 'alice@realtime.test');
  bob = await signedInUser(database, 'tenant', 'bob@realtime.test');
  manager = await signedInUser(database, 'property_manager', 'manager@realtime.test');
});

afterAll(async () => {
  for (const opened of streams) opened.close();
  await instance.close();
  await database.close();
});

describe(`event stream (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('answers 401 without a session or chat cookie, and for forged ones', async () => {
    expect((await stream()).status).toBe(401);
    expect((await stream({ cookie: 'dimora.session_token=forged.token' })).status).toBe(401);
    expect((await stream({ cookie: `dimora.chat=${newVisitorToken()}` })).status).toBe(401);
  });

  it('refuses staff who have not set up two-factor sign-in (403 two_factor_required)', async () => {
    const email = 'unenrolled-admin@realtime.test';
    await createVerifiedUser(database.db, { email, password: 'unenrolled-pass', role: 'admin' });
    const unenrolled = await signInForTest(testContext(database), { email, password: 'unenrolled-pass' }, { enrol: false });
    const response = await fetch(`${instance.url}/api/events`, { headers: { cookie: unenrolled.cookie } });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'two_factor_required' });
    // The enrolled manager of the suite opens one.
    expect((await stream({ cookie: manager.cookie })).status).toBe(200);
  });

  it('refuses a foreign Origin with 403 before counting or looking anything up; its own origin and no Origin open', async () => {
    const apiCalls = async () => {
      const rows = await database.db.select({ count: rateLimit.count }).from(rateLimit).where(like(rateLimit.key, 'api_call:%'));
      return rows.reduce((sum, row) => sum + row.count, 0);
    };
    const open = (headers: Record<string, string>) =>
      fetch(`${instance.url}/api/events`, { headers: { cookie: alice.cookie, ...headers } });
    const before = await apiCalls();
    const foreignHeaders: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://127.0.0.1.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const foreign of foreignHeaders) {
      const refused = await open(foreign);
      expect(refused.status, JSON.stringify(foreign)).toBe(403);
      expect(await refused.json()).toEqual({ error: 'cross_origin' });
      expect(refused.headers.get('cache-control')).toBe('no-store');
    }
    expect(await apiCalls()).toBe(before);
    const publicOrigin = 'http://127.0.0.1'; // testAppOptions' PUBLIC_URL
    const sameHeaders: Record<string, string>[] = [
      { origin: publicOrigin },
      { origin: instance.url },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const same of sameHeaders) {
      const response = await open(same);
      expect(response.status, JSON.stringify(same)).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      await response.body?.cancel();
    }
  });

  it('opens for a signed-in user with the event-stream headers and a ready frame', async () => {
    const response = await fetch(`${instance.url}/api/events`, { headers: { cookie: alice.cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    await response.body?.cancel();
  });

  it("delivers a user's notifications to them only, live", async () => {
    const aliceStream = await stream({ cookie: alice.cookie });
    const bobStream = await stream({ cookie: bob.cookie });
    await notificationFor(alice.id, 'for alice');
    await notificationFor(bob.id, 'for bob');
    await aliceStream.waitFor((frame) => titles([frame]).includes('for alice'));
    await bobStream.waitFor((frame) => titles([frame]).includes('for bob'));
    await settle();
    expect(titles(aliceStream.frames)).toEqual(['for alice']);
    expect(titles(bobStream.frames)).toEqual(['for bob']);
    const created = aliceStream.events()[0]!;
    expect(created.id).toMatch(/^\d+$/);
    expect(created.data).toMatchObject({ notification: { title: 'for alice', message: 'for alice body', type: 'info', read: false } });
  });

  it('sends staff events to staff and role events to the role only', async () => {
    const tenantStream = await stream({ cookie: alice.cookie });
    const managerStream = await stream({ cookie: manager.cookie });
    await publishEvents(database.db, [
      { audience: 'staff', type: 'chat.thread', payload: { threadId: 41 } },
      { audience: 'role:tenant', type: 'notification.refresh', payload: {} },
    ]);
    await managerStream.waitFor((frame) => frame.event === 'chat.thread');
    await tenantStream.waitFor((frame) => frame.event === 'notification.refresh');
    await settle();
    expect(managerStream.events().map((frame) => frame.event)).toEqual(['chat.thread']);
    expect(tenantStream.events().map((frame) => frame.event)).toEqual(['notification.refresh']);
  });

  it('gives a chat visitor the events of their own thread only', async () => {
    const token = newVisitorToken();
    const [own] = await database.db
      .insert(thread)
      .values({ kind: 'chat', visitorName: 'Vera', visitorEmail: 'vera@realtime.test', visitorToken: hashVisitorToken(token) })
      .returning({ id: thread.id });
    const [other] = await database.db
      .insert(thread)
      .values({ kind: 'chat', visitorName: 'Otto', visitorEmail: 'otto@realtime.test', visitorToken: hashVisitorToken(newVisitorToken()) })
      .returning({ id: thread.id });
    const visitor = await stream({ cookie: `dimora.chat=${token}` });
    expect(visitor.status).toBe(200);
    const message = (threadId: number, body: string) => ({
      message: {
        id: threadId * 100,
        threadId,
        authorKind: 'staff' as const,
        authorName: 'Staff',
        body,
        clientId: null,
        createdAt: new Date().toISOString(),
      },
    });
    await publishEvents(database.db, [
      { audience: `thread:${other!.id}`, type: 'chat.message', payload: message(other!.id, 'not yours') },
      { audience: `thread:${own!.id}`, type: 'chat.message', payload: message(own!.id, 'yours') },
      { audience: `user:${alice.id}`, type: 'notification.refresh', payload: {} },
    ]);
    await visitor.waitFor((frame) => frame.event === 'chat.message');
    await settle();
    expect(visitor.events().map((frame) => (frame.data as { message: { body: string } }).message.body)).toEqual(['yours']);
  });

  it('replays what was missed after a reconnect with Last-Event-ID, once and in order', async () => {
    const first = await stream({ cookie: bob.cookie });
    const ready = await first.waitFor((frame) => frame.event === 'ready');
    await notificationFor(bob.id, 'seen live');
    const live = await first.waitFor((frame) => titles([frame]).includes('seen live'));
    first.close();

    await notificationFor(bob.id, 'missed one');
    await notificationFor(alice.id, 'not for bob');
    await notificationFor(bob.id, 'missed two');

    const resumed = await stream({ cookie: bob.cookie, lastEventId: Number(live.id) });
    await resumed.waitFor((frame) => titles([frame]).includes('missed two'));
    await notificationFor(bob.id, 'live again');
    await resumed.waitFor((frame) => titles([frame]).includes('live again'));
    await settle();
    expect(titles(resumed.frames)).toEqual(['missed one', 'missed two', 'live again']);
    const ids = resumed.events().map((frame) => Number(frame.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(Number(ready.id)).toBeLessThan(Number(live.id));

    // Resuming from the ready cursor replays everything since, including what was seen live.
    const fromCursor = await stream({ cookie: bob.cookie, lastEventId: Number(ready.id) });
    await fromCursor.waitFor((frame) => titles([frame]).includes('live again'));
    expect(titles(fromCursor.frames)).toEqual(['seen live', 'missed one', 'missed two', 'live again']);
  });

  it('asks for a resync when the client claims a position the server never issued', async () => {
    const resumed = await stream({ cookie: alice.cookie, lastEventId: 9_999_999 });
    const resync = await resumed.waitFor((frame) => frame.event === 'resync');
    expect(Number(resync.id)).toBeLessThan(9_999_999);
    await notificationFor(alice.id, 'after resync');
    await resumed.waitFor((frame) => titles([frame]).includes('after resync'));
  });

  it('stops sending to a closed stream and forgets it', async () => {
    const before = instance.hub.connections();
    const opened = await stream({ cookie: alice.cookie });
    expect(instance.hub.connections()).toBe(before + 1);
    opened.close();
    await expect.poll(() => instance.hub.connections()).toBe(before);
  });
});
