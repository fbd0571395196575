import { and, count, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '~/lib/access';
import { NOTIFICATION_LIST_LIMIT } from '~/lib/constants';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import type { Viewer } from '~/server/auth/session.server';
import { auditLog, broadcast, notification, realtimeEvent, user } from '~/server/db/schema';
import { openStream, signedInUser, startInstance, type TestInstance, type TestStream } from '../../../tests/setup/realtime';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { viewerOf } from '../../../tests/setup/factories';
import { AdminForbiddenError } from '../admin/admin.server';
import {
  findBroadcastRecipients,
  listBroadcasts,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  sendBroadcast,
} from './notifications.server';

let database: TestDatabase;
let admin: Viewer;
const origin = { ip: '203.0.113.9', userAgent: 'vitest' };
/** What every broadcast command takes besides its input, for `actor`. */
const by = (actor: Viewer) => ({ db: database.db, actor, origin, locale: 'en' as const });
let counter = 0;

async function makeUser(role: Role = 'tenant', { banned = false, prefix = 'user' } = {}) {
  counter += 1;
  const created = await createVerifiedUser(database.db, {
    email: `${prefix}${counter}-${role}@notifications.test`,
    password: 'secret-pass',
    role,
  });
  if (banned) await database.db.update(user).set({ banned: true }).where(eq(user.id, created.id));
  return viewerOf({ id: created.id, email: created.email, role });
}

/** Inserts `n` notifications for `userId`, one minute apart, the last one newest. */
async function seedNotifications(userId: string, n: number, { read = false } = {}) {
  const base = Date.now() - n * 60_000;
  const rows = Array.from({ length: n }, (_, index) => ({
    userId,
    title: `Notice ${index + 1}`,
    message: `Body ${index + 1}`,
    read,
    createdAt: new Date(base + index * 60_000),
  }));
  return database.db.insert(notification).values(rows).returning({ id: notification.id });
}

async function lastEventId(): Promise<number> {
  const [row] = await database.db.select({ id: sql<number>`coalesce(max(${realtimeEvent.id}), 0)`.mapWith(Number) }).from(realtimeEvent);
  return row?.id ?? 0;
}

async function eventsAfter(id: number) {
  return database.db
    .select({ audience: realtimeEvent.audience, type: realtimeEvent.type, payload: realtimeEvent.payload })
    .from(realtimeEvent)
    .where(gt(realtimeEvent.id, id))
    .orderBy(realtimeEvent.id);
}

async function notificationsOf(userId: string) {
  return database.db.select().from(notification).where(eq(notification.userId, userId));
}

const broadcastInput = (fields: Record<string, string>) => ({ title: 'Water off', message: 'Tuesday 9–11.', type: 'warning', ...fields });

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await makeUser('admin', { prefix: 'admin' });
});

afterAll(async () => {
  await database.close();
});

describe('listNotifications (spec §9: the 50 most recent)', () => {
  it('answers the 50 most recent of the user’s own notifications, newest first, and the unread count of all', async () => {
    const reader = await makeUser();
    const other = await makeUser();
    await seedNotifications(reader.id, 55);
    await seedNotifications(reader.id, 2, { read: true });
    await seedNotifications(other.id, 3);
    const list = await listNotifications({ db: database.db, actor: reader });
    expect(list.items).toHaveLength(NOTIFICATION_LIST_LIMIT);
    expect(list.unread).toBe(55);
    const times = list.items.map((item) => Date.parse(item.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(list.items.every((item) => !item.title.includes('other'))).toBe(true);
    expect(list.items[0]).toMatchObject({ title: 'Notice 2', read: true, type: 'info', actionUrl: null });
  });

  it('answers an empty list for a user without notifications', async () => {
    expect(await listNotifications({ db: database.db, actor: await makeUser() })).toEqual({ items: [], unread: 0 });
  });
});

describe('markNotificationRead (spec §4: clicking marks it read)', () => {
  it('marks the user’s own notification read and tells their other tabs', async () => {
    const reader = await makeUser();
    const [first] = await seedNotifications(reader.id, 2);
    const before = await lastEventId();
    expect(await markNotificationRead({ db: database.db, actor: reader, id: first!.id })).toBe(true);
    const rows = await notificationsOf(reader.id);
    expect(rows.filter((row) => row.read).map((row) => row.id)).toEqual([first!.id]);
    expect(await eventsAfter(before)).toEqual([
      { audience: `user:${reader.id}`, type: 'notification.read', payload: { ids: [first!.id] } },
    ]);
    expect((await listNotifications({ db: database.db, actor: reader })).unread).toBe(1);
  });

  it('answers false for someone else’s notification or an unknown id, and changes nothing', async () => {
    const owner = await makeUser();
    const intruder = await makeUser();
    const [theirs] = await seedNotifications(owner.id, 1);
    const before = await lastEventId();
    expect(await markNotificationRead({ db: database.db, actor: intruder, id: theirs!.id })).toBe(false);
    expect(await markNotificationRead({ db: database.db, actor: intruder, id: 999_999_999 })).toBe(false);
    expect((await notificationsOf(owner.id))[0]?.read).toBe(false);
    expect(await eventsAfter(before)).toEqual([]);
  });

  it('marking an already read notification again succeeds without another event', async () => {
    const reader = await makeUser();
    const [only] = await seedNotifications(reader.id, 1, { read: true });
    const before = await lastEventId();
    expect(await markNotificationRead({ db: database.db, actor: reader, id: only!.id })).toBe(true);
    expect(await eventsAfter(before)).toEqual([]);
  });
});

describe('markAllNotificationsRead (spec §4 "Mark all read")', () => {
  it('marks every unread notification of the user read, no one else’s, and publishes one event', async () => {
    const reader = await makeUser();
    const other = await makeUser();
    await seedNotifications(reader.id, 4);
    await seedNotifications(other.id, 2);
    const before = await lastEventId();
    expect(await markAllNotificationsRead({ db: database.db, actor: reader })).toBe(4);
    expect((await notificationsOf(reader.id)).every((row) => row.read)).toBe(true);
    expect((await notificationsOf(other.id)).some((row) => row.read)).toBe(false);
    expect(await eventsAfter(before)).toEqual([{ audience: `user:${reader.id}`, type: 'notification.read', payload: { ids: 'all' } }]);
    expect(await markAllNotificationsRead({ db: database.db, actor: reader })).toBe(0);
    expect(await eventsAfter(before)).toHaveLength(1);
  });
});

describe('sendBroadcast', () => {
  it('to one person (e-mail in any letter case): one notification, a notification.created event, the broadcast row and the audit entry', async () => {
    const recipient = await makeUser('vendor');
    const before = await lastEventId();
    const outcome = await sendBroadcast({
      ...by(admin),
      input: broadcastInput({ audience: 'user', email: `  ${recipient.email.toUpperCase()} `, actionUrl: '/vendor-portal' }),
    });
    expect(outcome).toMatchObject({ ok: true, recipients: 1 });
    const rows = await notificationsOf(recipient.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'Water off',
      message: 'Tuesday 9–11.',
      type: 'warning',
      read: false,
      actionUrl: '/vendor-portal',
    });
    const events = await eventsAfter(before);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      audience: `user:${recipient.id}`,
      type: 'notification.created',
      payload: { notification: { id: rows[0]!.id, title: 'Water off', type: 'warning', read: false, actionUrl: '/vendor-portal' } },
    });
    const broadcastId = outcome.ok ? outcome.broadcastId : -1;
    const [row] = await database.db.select().from(broadcast).where(eq(broadcast.id, broadcastId));
    expect(row).toMatchObject({
      senderId: admin.id,
      audience: 'user',
      targetUserId: recipient.id,
      targetRole: null,
      recipients: 1,
      type: 'warning',
    });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'notification_broadcast'), sql`${auditLog.newValues}->>'broadcast_id' = ${String(broadcastId)}`));
    expect(audit).toMatchObject({ userId: admin.id, tableName: 'broadcast', ipAddress: '203.0.113.9' });
    expect(audit?.newValues).toMatchObject({ audience: 'user', target_user_id: recipient.id, recipients: 1, title: 'Water off' });
  });

  it('to one person by id', async () => {
    const recipient = await makeUser();
    const outcome = await sendBroadcast({ ...by(admin), input: broadcastInput({ audience: 'user', userId: recipient.id }) });
    expect(outcome).toMatchObject({ ok: true, recipients: 1 });
    expect(await notificationsOf(recipient.id)).toHaveLength(1);
  });

  it('to a role: everyone holding it except banned accounts, and one notification.refresh to the role', async () => {
    const managers = [await makeUser('property_manager'), await makeUser('property_manager')];
    const banned = await makeUser('property_manager', { banned: true });
    const tenant = await makeUser('tenant');
    const [expected] = await database.db
      .select({ n: count() })
      .from(user)
      .where(and(eq(user.role, 'property_manager'), eq(user.banned, false)));
    const before = await lastEventId();
    const outcome = await sendBroadcast({ ...by(admin), input: broadcastInput({ audience: 'role', role: 'property_manager' }) });
    expect(outcome).toMatchObject({ ok: true, recipients: expected!.n });
    for (const manager of managers) expect((await notificationsOf(manager.id)).map((row) => row.title)).toEqual(['Water off']);
    expect(await notificationsOf(banned.id)).toEqual([]);
    expect(await notificationsOf(tenant.id)).toEqual([]);
    expect(await eventsAfter(before)).toEqual([{ audience: 'role:property_manager', type: 'notification.refresh', payload: {} }]);
    const [row] = await database.db
      .select()
      .from(broadcast)
      .where(eq(broadcast.id, outcome.ok ? outcome.broadcastId : -1));
    expect(row).toMatchObject({ audience: 'role', targetRole: 'property_manager', targetUserId: null, recipients: expected!.n });
  });

  it('to everyone: every account that is not banned, and one notification.refresh to all', async () => {
    const banned = await makeUser('vendor', { banned: true });
    const [expected] = await database.db.select({ n: count() }).from(user).where(eq(user.banned, false));
    const before = await lastEventId();
    const outcome = await sendBroadcast({ ...by(admin), input: broadcastInput({ audience: 'all', title: 'For all', type: 'info' }) });
    expect(outcome).toMatchObject({ ok: true, recipients: expected!.n });
    const [written] = await database.db.select({ n: count() }).from(notification).where(eq(notification.title, 'For all'));
    expect(written?.n).toBe(expected!.n);
    expect(await notificationsOf(banned.id)).toEqual([]);
    expect(await eventsAfter(before)).toEqual([{ audience: 'all', type: 'notification.refresh', payload: {} }]);
  });

  it('stays one statement and one event with ten thousand accounts', async () => {
    await database.db.execute(sql`
      insert into ${user} (id, name, email, email_verified, role)
      select 'bulk-' || n, 'Bulk ' || n, 'bulk' || n || '@notifications.test', true, 'vendor'
      from generate_series(1, 10000) as n`);
    const before = await lastEventId();
    const started = performance.now();
    const outcome = await sendBroadcast({ ...by(admin), input: broadcastInput({ audience: 'role', role: 'vendor', title: 'Bulk' }) });
    const elapsedMs = performance.now() - started;
    expect(outcome.ok && outcome.recipients).toBeGreaterThanOrEqual(10_000);
    expect(await eventsAfter(before)).toHaveLength(1);
    // Generous: an INSERT … SELECT of 10,000 rows takes well under a second on either driver.
    expect(elapsedMs).toBeLessThan(15_000);
  });

  // Every kind of link that could leave the site gets the same refusal.
  const OFF_SITE_LINK = { actionUrl: 'Enter a page of this site starting with “/”, e.g. /properties.' };
  it.each([
    ['a title over 120 characters', { audience: 'all', title: 'x'.repeat(121) }, { title: 'Use at most 120 characters' }],
    ['a message over 1000 characters', { audience: 'all', message: 'x'.repeat(1001) }, { message: 'Use at most 1000 characters' }],
    [
      'an empty title and message',
      { audience: 'all', title: ' ', message: '' },
      { title: 'This field is required', message: 'This field is required' },
    ],
    ['a link to another site', { audience: 'all', actionUrl: 'https://evil.example/x' }, OFF_SITE_LINK],
    ['a protocol-relative link', { audience: 'all', actionUrl: '//evil.example' }, OFF_SITE_LINK],
    ['a backslash link', { audience: 'all', actionUrl: '/\\evil.example' }, OFF_SITE_LINK],
    ['a javascript: link', { audience: 'all', actionUrl: 'javascript:alert(1)' }, OFF_SITE_LINK],
    ['no recipient for one person', { audience: 'user' }, { email: "Enter the recipient's e-mail address." }],
    ['an unknown role', { audience: 'role', role: 'landlord' }, { role: 'Choose a role.' }],
    ['an unknown audience', { audience: 'planet' }, { audience: 'Choose who receives the notification.' }],
    ['an unknown type', { audience: 'all', type: 'party' }, { type: 'Choose a type.' }],
  ])('refuses %s with 422 and writes nothing', async (_name, fields, errors) => {
    const before = await lastEventId();
    const [broadcasts] = await database.db.select({ n: count() }).from(broadcast);
    const outcome = await sendBroadcast({ ...by(admin), input: broadcastInput(fields) });
    expect(outcome).toEqual({ ok: false, status: 422, errors: expect.objectContaining(errors) });
    expect(await eventsAfter(before)).toEqual([]);
    expect((await database.db.select({ n: count() }).from(broadcast))[0]?.n).toBe(broadcasts?.n);
  });

  it('refuses an unknown or banned recipient on the e-mail field, in the admin’s language', async () => {
    const banned = await makeUser('tenant', { banned: true });
    expect(await sendBroadcast({ ...by(admin), input: broadcastInput({ audience: 'user', email: 'nobody@notifications.test' }) })).toEqual({
      ok: false,
      status: 422,
      errors: { email: 'No account has this e-mail address.' },
    });
    expect(
      await sendBroadcast({
        db: database.db,
        actor: admin,
        origin,
        locale: 'it',
        input: broadcastInput({ audience: 'user', email: banned.email }),
      }),
    ).toEqual({
      ok: false,
      status: 422,
      errors: { email: 'Questo account è bloccato e non riceve notifiche.' },
    });
    expect(await notificationsOf(banned.id)).toEqual([]);
  });

  it('normalises a link and keeps its query', async () => {
    const recipient = await makeUser();
    await sendBroadcast({
      ...by(admin),
      input: broadcastInput({ audience: 'user', userId: recipient.id, actionUrl: '/properties?city=Austin#map' }),
    });
    expect((await notificationsOf(recipient.id))[0]?.actionUrl).toBe('/properties?city=Austin#map');
  });

  it('is refused to anyone but an admin', async () => {
    for (const role of ['tenant', 'vendor', 'property_manager'] as const) {
      const actor = await makeUser(role);
      await expect(sendBroadcast({ ...by(actor), input: broadcastInput({ audience: 'all' }) })).rejects.toBeInstanceOf(AdminForbiddenError);
      await expect(listBroadcasts({ db: database.db, actor })).rejects.toBeInstanceOf(AdminForbiddenError);
      await expect(findBroadcastRecipients({ db: database.db, actor, q: 'a' })).rejects.toBeInstanceOf(AdminForbiddenError);
    }
  });
});

describe('listBroadcasts and findBroadcastRecipients', () => {
  it('lists broadcasts newest first with the sender and the target', async () => {
    const recipient = await makeUser('tenant');
    await sendBroadcast({ ...by(admin), input: broadcastInput({ audience: 'role', role: 'tenant', title: 'Older' }) });
    await sendBroadcast({
      ...by(admin),
      input: broadcastInput({ audience: 'user', email: recipient.email, title: 'Newer', type: 'success' }),
    });
    const page = await listBroadcasts({ db: database.db, actor: admin });
    expect(page.items.slice(0, 2)).toEqual([
      expect.objectContaining({
        title: 'Newer',
        audience: 'user',
        targetEmail: recipient.email,
        targetRole: null,
        type: 'success',
        recipients: 1,
        senderEmail: admin.email,
      }),
      expect.objectContaining({ title: 'Older', audience: 'role', targetEmail: null, targetRole: 'tenant', senderEmail: admin.email }),
    ]);
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(Date.parse(page.items[0]!.createdAt)).not.toBeNaN();
  });

  it('suggests accounts that are not banned by part of the e-mail or name, any letter case', async () => {
    const findable = await makeUser('vendor', { prefix: 'findme' });
    await makeUser('vendor', { prefix: 'findme', banned: true });
    const found = await findBroadcastRecipients({ db: database.db, actor: admin, q: 'FINDME' });
    expect(found.map((row) => row.email)).toEqual([findable.email]);
    expect(await findBroadcastRecipients({ db: database.db, actor: admin, q: '  ' })).toEqual([]);
    expect(await findBroadcastRecipients({ db: database.db, actor: admin, q: '%' })).toEqual([]);
  });
});

describe('live delivery through the event stream', () => {
  let instance: TestInstance;
  const streams: TestStream[] = [];

  beforeAll(async () => {
    instance = await startInstance(database);
  });

  afterAll(async () => {
    for (const opened of streams) opened.close();
    await instance.close();
  });

  async function streamOf(cookie: string) {
    const opened = await openStream(instance.url, { cookie });
    streams.push(opened);
    await opened.waitFor((frame) => frame.event === 'ready');
    return opened;
  }

  it('a role broadcast reaches the role’s streams as one refresh, a personal one its person as the notification', async () => {
    const tenant = await signedInUser(database, 'tenant', 'live-tenant@notifications.test');
    const vendor = await signedInUser(database, 'vendor', 'live-vendor@notifications.test');
    const tenantStream = await streamOf(tenant.cookie);
    const vendorStream = await streamOf(vendor.cookie);

    await sendBroadcast({ ...by(admin), input: broadcastInput({ audience: 'role', role: 'tenant', title: 'Tenants only' }) });
    await tenantStream.waitFor((frame) => frame.event === 'notification.refresh');

    await sendBroadcast({ ...by(admin), input: broadcastInput({ audience: 'user', email: vendor.email, title: 'Just you' }) });
    const created = await vendorStream.waitFor((frame) => frame.event === 'notification.created');
    expect(created.data).toMatchObject({ notification: { title: 'Just you', type: 'warning', read: false } });
    expect(vendorStream.events().map((frame) => frame.event)).toEqual(['notification.created']);

    await markAllNotificationsRead({ db: database.db, actor: { id: vendor.id } });
    const read = await vendorStream.waitFor((frame) => frame.event === 'notification.read');
    expect(read.data).toEqual({ ids: 'all' });
    expect(tenantStream.events().map((frame) => frame.event)).toEqual(['notification.refresh']);
  });
});
