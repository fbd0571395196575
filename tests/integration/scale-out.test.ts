/**
 * Scale-out proof (decision 011, DESIGN §6): two server instances share one database;
 * a user and a chat visitor subscribe on instance B; a notification and a staff chat reply are
 * made through instance A; each arrives on B exactly once. With TEST_DATABASE_URL the instances
 * have separate connection pools and LISTEN connections on one PostgreSQL (what CI runs); on
 * PGlite they share the embedded database in one process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { LISTEN_APPLICATION_NAME } from '~/server/db/client.server';
import { hashVisitorToken, newVisitorToken } from '~/server/chat/chat-access.server';
import { thread } from '~/server/db/schema';
import { insertNotifications } from '~/server/notifications/notify.server';
import { publishEvents } from '~/server/realtime/events.server';
import { openStream, signedInUser, startTwoInstances, type TestInstance, type TestStream, type TwoInstances } from '../setup/realtime';
import type { TestDatabase } from '../setup/test-db';

let instances: TwoInstances;
let shared: TestDatabase;
let instanceA: TestInstance;
let instanceB: TestInstance;
const streams: TestStream[] = [];

beforeAll(async () => {
  instances = await startTwoInstances();
  ({ shared, instanceA, instanceB } = instances);
});

afterAll(async () => {
  for (const opened of streams) opened.close();
  await instances?.close();
});

describe(`two instances, one ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('delivers a notification and a chat reply made through A to streams on B, exactly once', async () => {
    const tenant = await signedInUser(shared, 'tenant', 'tenant@scale.test');
    const token = newVisitorToken();
    const [chat] = await instanceA.database.db
      .insert(thread)
      .values({ kind: 'chat', visitorName: 'Vera', visitorEmail: 'vera@scale.test', visitorToken: hashVisitorToken(token) })
      .returning({ id: thread.id });

    const userStream = await openStream(instanceB.url, { cookie: tenant.cookie });
    const visitorStream = await openStream(instanceB.url, { cookie: `dimora.chat=${token}` });
    streams.push(userStream, visitorStream);
    expect([userStream.status, visitorStream.status]).toEqual([200, 200]);
    await userStream.waitFor((frame) => frame.event === 'ready');
    await visitorStream.waitFor((frame) => frame.event === 'ready');
    expect(instanceB.hub.connections()).toBe(2);
    expect(instanceA.hub.connections()).toBe(0);

    await instanceA.database.db.transaction(async (tx) => {
      await insertNotifications(tx, [{ userId: tenant.id, title: 'Rent reminder', message: 'Due on the 1st', type: 'warning' }]);
    });
    await instanceA.database.db.transaction(async (tx) => {
      await publishEvents(tx, [
        {
          audience: `thread:${chat!.id}`,
          type: 'chat.message',
          payload: {
            message: {
              id: 1,
              threadId: chat!.id,
              authorKind: 'staff',
              authorName: 'Staff',
              body: 'Hello from A',
              clientId: null,
              createdAt: new Date().toISOString(),
            },
          },
        },
      ]);
    });

    await userStream.waitFor((frame) => frame.event === 'notification.created');
    await visitorStream.waitFor((frame) => frame.event === 'chat.message');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(userStream.events()).toHaveLength(1);
    expect(userStream.events()[0]!.data).toMatchObject({ notification: { title: 'Rent reminder', type: 'warning' } });
    expect(visitorStream.events()).toHaveLength(1);
    expect(visitorStream.events()[0]!.data).toMatchObject({ message: { body: 'Hello from A', threadId: chat!.id } });
  });
});

// Only PostgreSQL has a LISTEN connection that can be lost; PGlite delivers in process.
if (process.env.TEST_DATABASE_URL) {
  describe('a lost LISTEN connection', () => {
    it('is re-opened, and the streams catch up on what was published meanwhile, once', async () => {
      const tenant = await signedInUser(shared, 'tenant', 'reconnect@scale.test');
      const userStream = await openStream(instanceB.url, { cookie: tenant.cookie });
      streams.push(userStream);
      await userStream.waitFor((frame) => frame.event === 'ready');

      const killed = await shared.db.execute<{ done: boolean }>(
        sql`select pg_terminate_backend(pid) as done from pg_stat_activity where datname = current_database() and application_name = ${LISTEN_APPLICATION_NAME}`,
      );
      expect((killed as unknown as { rows: unknown[] }).rows.length).toBeGreaterThanOrEqual(2);
      await insertNotifications(instanceA.database.db, [{ userId: tenant.id, title: 'Published while deaf', message: '…', type: 'info' }]);

      await userStream.waitFor((frame) => frame.event === 'notification.created', 10_000);
      await insertNotifications(instanceA.database.db, [{ userId: tenant.id, title: 'After the reconnect', message: '…', type: 'info' }]);
      await userStream.waitFor((frame) => JSON.stringify(frame.data).includes('After the reconnect'), 10_000);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const received = userStream.events().map((frame) => (frame.data as { notification: { title: string } }).notification.title);
      expect(received).toEqual(['Published while deaf', 'After the reconnect']);
    });
  });
}
