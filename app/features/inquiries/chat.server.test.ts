import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '~/lib/access';
import { hashVisitorToken, newVisitorToken } from '~/server/chat/chat-access.server';
import type { Viewer } from '~/server/auth/session.server';
import { message, notification, realtimeEvent, thread, user } from '~/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { ChatForbiddenError } from './inbox-access.server';
import { listStaffThreads, loadInbox, openStaffThread } from './inbox-queries.server';
import { replyToThread, setThreadStatus } from './staff-replies.server';
import { findVisitorChat, markChatReadByVisitor, sendVisitorMessage, type VisitorParty } from './visitor-chat.server';
import { CHAT_INBOX_PAGE_SIZE, CHAT_MESSAGE_MAX, CHAT_NOTIFY_QUIET_MS } from './chat.types';

let database: TestDatabase;
let admin: Viewer;
let manager: Viewer;
let tenant: Viewer;
let bannedAdmin: Viewer;

async function makeUser(role: Role, overrides: Partial<typeof user.$inferInsert> = {}): Promise<Viewer> {
  const id = randomUUID();
  const email = overrides.email ?? `${role}-${id.slice(0, 8)}@chat.test`;
  const name = overrides.name ?? `Chat ${role}`;
  await database.db.insert(user).values({ id, name, email, emailVerified: true, role, ...overrides });
  return {
    id,
    email,
    name,
    role,
    firstName: null,
    lastName: null,
    locale: overrides.locale ?? 'en',
    sessionId: 's',
    sessionCreatedAt: new Date(),
    twoFactorEnabled: true,
  };
}

function anonymous(token: string | null = null): VisitorParty {
  return { token, viewer: null };
}

function signedIn(viewer: Viewer, token: string | null = null): VisitorParty {
  return { token, viewer: { id: viewer.id, email: viewer.email, name: viewer.name } };
}

/** The realtime events written after event id `after`. */
async function eventsAfter(after: number) {
  return database.db.select().from(realtimeEvent).where(gt(realtimeEvent.id, after)).orderBy(asc(realtimeEvent.id));
}

async function lastEventId(): Promise<number> {
  const rows = await database.db.select({ id: realtimeEvent.id }).from(realtimeEvent).orderBy(asc(realtimeEvent.id));
  return rows.at(-1)?.id ?? 0;
}

async function notificationsFor(userId: string) {
  return database.db.select().from(notification).where(eq(notification.userId, userId)).orderBy(asc(notification.id));
}

/** Starts an anonymous chat; answers the thread id and the cookie token. */
async function startChat(fields: { name?: string; email?: string; body?: string } = {}) {
  const outcome = await sendVisitorMessage({
    db: database.db,
    party: anonymous(),
    locale: 'en',
    input: {
      name: fields.name ?? 'Ada Visitor',
      email: fields.email ?? `ada-${randomUUID().slice(0, 6)}@example.test`,
      body: fields.body ?? 'Hello there',
      clientId: randomUUID(),
    },
  });
  if (!outcome.ok || !outcome.token) throw new Error('chat did not start');
  return { threadId: outcome.thread.id, token: outcome.token, message: outcome.message };
}

beforeAll(async () => {
  database = await createTestDatabase();
  admin = await makeUser('admin', { name: 'Ada Admin' });
  manager = await makeUser('property_manager', { name: 'Paula Manager', locale: 'it' });
  tenant = await makeUser('tenant', { name: 'Tina Tenant' });
  bannedAdmin = await makeUser('admin', { name: 'Banned Admin', banned: true });
});

afterAll(async () => {
  await database.close();
});

describe('a visitor writing in the chat', () => {
  it('the first message starts a thread with a new cookie token, and tells staff live and in the bell', async () => {
    const before = await lastEventId();
    const clientId = randomUUID();
    const outcome = await sendVisitorMessage({
      db: database.db,
      party: anonymous(),
      locale: 'it',
      input: { name: '  Grace  Hopper ', email: 'grace@example.test', body: '  Is the loft still free?  ', clientId },
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(outcome.duplicate).toBe(false);
    expect(outcome.message).toMatchObject({ authorKind: 'visitor', authorName: 'Grace Hopper', body: 'Is the loft still free?', clientId });

    const [row] = await database.db.select().from(thread).where(eq(thread.id, outcome.thread.id));
    expect(row).toMatchObject({
      kind: 'chat',
      status: 'open',
      visitorName: 'Grace Hopper',
      visitorEmail: 'grace@example.test',
      locale: 'it',
      userId: null,
    });
    // Only the token's hash is stored.
    expect(row?.visitorToken).toBe(hashVisitorToken(outcome.token!));
    expect(row?.lastMessageAt.toISOString()).toBe(outcome.message.createdAt);

    const events = await eventsAfter(before);
    const published = events.filter((event) => event.type.startsWith('chat.'));
    expect(published.map((event) => [event.audience, event.type])).toEqual([
      [`thread:${outcome.thread.id}`, 'chat.message'],
      ['staff', 'chat.message'],
      ['staff', 'chat.thread'],
    ]);
    expect(published[0]?.payload).toEqual({ message: outcome.message });

    // Every staff member who is not banned, in their language, with a link to their inbox.
    const [toAdmin] = await notificationsFor(admin.id);
    expect(toAdmin).toMatchObject({
      title: 'New chat message',
      message: 'Grace Hopper: Is the loft still free?',
      actionUrl: `/admin/messages?thread=${outcome.thread.id}`,
    });
    const [toManager] = await notificationsFor(manager.id);
    expect(toManager).toMatchObject({ title: 'Nuovo messaggio in chat', actionUrl: `/dashboard?thread=${outcome.thread.id}#inbox` });
    expect(await notificationsFor(bannedAdmin.id)).toHaveLength(0);
    expect(await notificationsFor(tenant.id)).toHaveLength(0);
    expect(
      events
        .filter((event) => event.type === 'notification.created')
        .map((event) => event.audience)
        .sort(),
    ).toEqual([`user:${admin.id}`, `user:${manager.id}`].sort());
  });

  it('an anonymous first message needs a name and a valid e-mail; nothing is stored without them', async () => {
    const before = await database.db.select({ id: thread.id }).from(thread);
    const outcome = await sendVisitorMessage({
      db: database.db,
      party: anonymous(),
      locale: 'en',
      input: { name: ' ', email: 'not-an-email', body: 'Hi' },
    });
    expect(outcome).toEqual({ ok: false, status: 422, errors: { name: 'This field is required', email: 'Enter a valid e-mail address' } });
    const italian = await sendVisitorMessage({ db: database.db, party: anonymous(), locale: 'it', input: { body: 'Ciao' } });
    expect(italian.ok).toBe(false);
    if (!italian.ok) expect(Object.keys(italian.errors).sort()).toEqual(['email', 'name']);
    expect(await database.db.select({ id: thread.id }).from(thread)).toHaveLength(before.length);
  });

  it('a message must hold 1 to 2,000 characters after trimming; text is stored as typed, markup included', async () => {
    const { token, threadId } = await startChat();
    const blank = await sendVisitorMessage({ db: database.db, party: anonymous(token), locale: 'en', input: { body: ' \n\t ' } });
    expect(blank).toEqual({ ok: false, status: 422, errors: { body: 'This field is required' } });
    const long = await sendVisitorMessage({
      db: database.db,
      party: anonymous(token),
      locale: 'en',
      input: { body: 'x'.repeat(CHAT_MESSAGE_MAX + 1) },
    });
    expect(long).toEqual({ ok: false, status: 422, errors: { body: `Use at most ${CHAT_MESSAGE_MAX} characters` } });
    const missing = await sendVisitorMessage({ db: database.db, party: anonymous(token), locale: 'en', input: {} });
    expect(missing.ok).toBe(false);
    const badClientId = await sendVisitorMessage({
      db: database.db,
      party: anonymous(token),
      locale: 'en',
      input: { body: 'ok', clientId: 'nope' },
    });
    expect(badClientId).toMatchObject({ ok: false, status: 422, errors: { clientId: expect.any(String) } });

    const markup = '<img src=x onerror=alert(1)>\nline two';
    const stored = await sendVisitorMessage({ db: database.db, party: anonymous(token), locale: 'en', input: { body: markup } });
    expect(stored).toMatchObject({ ok: true, message: { body: markup, threadId } });
    const exact = await sendVisitorMessage({
      db: database.db,
      party: anonymous(token),
      locale: 'en',
      input: { body: 'y'.repeat(CHAT_MESSAGE_MAX) },
    });
    expect(exact.ok).toBe(true);
  });

  it('a resend with the same client id is stored once and answers the stored message, without new events', async () => {
    const { token, threadId } = await startChat();
    const clientId = randomUUID();
    const first = await sendVisitorMessage({
      db: database.db,
      party: anonymous(token),
      locale: 'en',
      input: { body: 'Queued while offline', clientId },
    });
    const before = await lastEventId();
    const again = await sendVisitorMessage({
      db: database.db,
      party: anonymous(token),
      locale: 'en',
      input: { body: 'Queued while offline', clientId },
    });
    expect(first.ok && again.ok).toBe(true);
    if (!first.ok || !again.ok) return;
    expect(again.duplicate).toBe(true);
    expect(again.token).toBeNull();
    expect(again.message).toEqual(first.message);
    const rows = await database.db
      .select()
      .from(message)
      .where(and(eq(message.threadId, threadId), eq(message.clientId, clientId)));
    expect(rows).toHaveLength(1);
    expect(await eventsAfter(before)).toHaveLength(0);
  });

  it('staff hear of a burst of messages once: again only after they have read the thread and the visitor was quiet a while', async () => {
    const { token, threadId } = await startChat({ name: 'Burst Visitor' });
    const url = `/admin/messages?thread=${threadId}`;
    const count = async () => (await notificationsFor(admin.id)).filter((row) => row.actionUrl === url).length;
    expect(await count()).toBe(1);
    await sendVisitorMessage({ db: database.db, party: anonymous(token), locale: 'en', input: { body: 'second' } });
    await sendVisitorMessage({ db: database.db, party: anonymous(token), locale: 'en', input: { body: 'third' } });
    expect(await count()).toBe(1);
    await openStaffThread({ db: database.db, actor: manager, threadId });
    // Read, but the visitor is still typing away: no new notification for each message.
    await sendVisitorMessage({ db: database.db, party: anonymous(token), locale: 'en', input: { body: 'fourth' } });
    expect(await count()).toBe(1);
    await openStaffThread({ db: database.db, actor: manager, threadId });
    // Read, and the visitor comes back after more than CHAT_NOTIFY_QUIET_MS: notified again.
    await database.db
      .update(message)
      .set({ createdAt: new Date(Date.now() - CHAT_NOTIFY_QUIET_MS - 60_000) })
      .where(eq(message.threadId, threadId));
    await sendVisitorMessage({ db: database.db, party: anonymous(token), locale: 'en', input: { body: 'fifth' } });
    expect(await count()).toBe(2);
  });

  it('the cookie shows the visitor their conversation; another cookie or none sees nothing', async () => {
    const { token, threadId } = await startChat({ name: 'Own Visitor', body: 'Mine' });
    const own = await findVisitorChat({ db: database.db, party: anonymous(token) });
    expect(own.thread).toMatchObject({ id: threadId, status: 'open', visitorName: 'Own Visitor' });
    expect(own.messages.map((item) => item.body)).toEqual(['Mine']);
    expect(await findVisitorChat({ db: database.db, party: anonymous(newVisitorToken()) })).toEqual({
      thread: null,
      messages: [],
      unread: 0,
    });
    expect(await findVisitorChat({ db: database.db, party: anonymous() })).toEqual({ thread: null, messages: [], unread: 0 });
    // A thread id that is not theirs is a 404, and nothing is written.
    const other = await startChat();
    const refused = await sendVisitorMessage({
      db: database.db,
      party: anonymous(token),
      locale: 'en',
      input: { body: 'sneaky', threadId: other.threadId },
    });
    expect(refused).toEqual({ ok: false, status: 404, errors: {} });
    const theirs = await findVisitorChat({ db: database.db, party: anonymous(other.token) });
    expect(theirs.messages.map((item) => item.body)).toEqual(['Hello there']);
  });

  it('a signed-in visitor writes as their account, and keeps the thread without the cookie', async () => {
    const resident = await makeUser('tenant', { name: 'Rita Resident' });
    const outcome = await sendVisitorMessage({
      db: database.db,
      party: signedIn(resident),
      locale: 'en',
      input: { name: 'Someone Else', email: 'else@example.test', body: 'My sink leaks' },
    });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.thread).toMatchObject({ visitorName: 'Rita Resident', visitorEmail: resident.email });
    const [row] = await database.db.select().from(thread).where(eq(thread.id, outcome.thread.id));
    expect(row?.userId).toBe(resident.id);
    const [stored] = await database.db.select().from(message).where(eq(message.id, outcome.message.id));
    expect(stored?.authorUserId).toBe(resident.id);
    const chat = await findVisitorChat({ db: database.db, party: signedIn(resident) });
    expect(chat.thread?.id).toBe(outcome.thread.id);
  });

  it('a thread that only carries a signed-in user’s e-mail address is not offered to them', async () => {
    const victim = await makeUser('tenant', { name: 'Vera Victim' });
    // Anyone may type anyone's address; continuing that thread would let its cookie holder read along.
    await startChat({ name: 'Impostor', email: victim.email.toUpperCase() });
    expect(await findVisitorChat({ db: database.db, party: signedIn(victim) })).toEqual({ thread: null, messages: [], unread: 0 });
    const own = await sendVisitorMessage({ db: database.db, party: signedIn(victim), locale: 'en', input: { body: 'My own question' } });
    expect(own.ok && own.token).toBeTruthy();
  });

  it('a visitor message re-opens a closed thread; writing marks the staff replies seen', async () => {
    const { token, threadId } = await startChat();
    await replyToThread({ db: database.db, actor: admin, threadId, input: { body: 'How can we help?' }, locale: 'en' });
    expect((await findVisitorChat({ db: database.db, party: anonymous(token) })).unread).toBe(1);
    expect(await setThreadStatus({ db: database.db, actor: admin, threadId, status: 'closed' })).toBe(true);
    expect((await findVisitorChat({ db: database.db, party: anonymous(token) })).thread?.status).toBe('closed');
    const outcome = await sendVisitorMessage({ db: database.db, party: anonymous(token), locale: 'en', input: { body: 'One more thing' } });
    expect(outcome).toMatchObject({ ok: true, thread: { status: 'open' } });
    const chat = await findVisitorChat({ db: database.db, party: anonymous(token) });
    expect(chat.thread?.status).toBe('open');
    expect(chat.unread).toBe(0);
  });

  it('opening the panel marks the staff replies seen (only in the visitor’s own thread)', async () => {
    const { token, threadId } = await startChat();
    await replyToThread({ db: database.db, actor: admin, threadId, input: { body: 'Hello!' }, locale: 'en' });
    expect(await markChatReadByVisitor({ db: database.db, party: anonymous(newVisitorToken()), threadId })).toBe(0);
    expect(await markChatReadByVisitor({ db: database.db, party: anonymous(token) })).toBe(1);
    expect((await findVisitorChat({ db: database.db, party: anonymous(token) })).unread).toBe(0);
  });
});

describe('the staff inbox', () => {
  it('lists chat threads newest activity first with visitor, preview and unread count, and only for staff', async () => {
    const older = await startChat({ name: 'Older Visitor', body: 'first question' });
    const newer = await startChat({ name: 'Newer Visitor', body: 'second question' });
    await sendVisitorMessage({ db: database.db, party: anonymous(newer.token), locale: 'en', input: { body: 'and   another\nline' } });
    const list = await listStaffThreads({ db: database.db, actor: manager, page: 1 });
    const newerRow = list.items.find((item) => item.id === newer.threadId);
    const olderIndex = list.items.findIndex((item) => item.id === older.threadId);
    expect(list.items[0]?.id).toBe(newer.threadId);
    expect(olderIndex).toBeGreaterThan(0);
    expect(newerRow).toMatchObject({
      visitorName: 'Newer Visitor',
      preview: 'and another line',
      previewAuthor: 'visitor',
      unread: 2,
      status: 'open',
    });
    expect(list.unreadThreads).toBeGreaterThanOrEqual(2);
    // Contact-form threads are not chats.
    await database.db.insert(thread).values({ kind: 'contact', visitorName: 'Contact Form', visitorEmail: 'c@example.test' });
    expect(
      (await listStaffThreads({ db: database.db, actor: admin, page: 1 })).items.some((item) => item.visitorName === 'Contact Form'),
    ).toBe(false);

    await expect(listStaffThreads({ db: database.db, actor: tenant, page: 1 })).rejects.toBeInstanceOf(ChatForbiddenError);
    await expect(openStaffThread({ db: database.db, actor: tenant, threadId: newer.threadId })).rejects.toBeInstanceOf(ChatForbiddenError);
    await expect(
      replyToThread({ db: database.db, actor: tenant, threadId: newer.threadId, input: { body: 'x' }, locale: 'en' }),
    ).rejects.toBeInstanceOf(ChatForbiddenError);
    await expect(setThreadStatus({ db: database.db, actor: tenant, threadId: newer.threadId, status: 'closed' })).rejects.toBeInstanceOf(
      ChatForbiddenError,
    );
  });

  it('pages 20 threads at a time and clamps the page', async () => {
    for (let index = 0; index < CHAT_INBOX_PAGE_SIZE + 1; index += 1) await startChat({ name: `Pager ${index}` });
    const first = await listStaffThreads({ db: database.db, actor: admin, page: 1 });
    expect(first.items).toHaveLength(CHAT_INBOX_PAGE_SIZE);
    expect(first.pageCount).toBeGreaterThanOrEqual(2);
    const beyond = await listStaffThreads({ db: database.db, actor: admin, page: 9999 });
    expect(beyond.page).toBe(beyond.pageCount);
    const ids = new Set(first.items.map((item) => item.id));
    const second = await listStaffThreads({ db: database.db, actor: admin, page: 2 });
    expect(second.items.some((item) => ids.has(item.id))).toBe(false);
  });

  it('opening a thread marks its visitor messages read, tells the inboxes once, and clears the actor’s bell entry', async () => {
    const { threadId } = await startChat({ name: 'Read Me' });
    const before = await lastEventId();
    const opened = await openStaffThread({ db: database.db, actor: admin, threadId });
    expect(opened).toMatchObject({ id: threadId, visitorName: 'Read Me', status: 'open', hasAccount: false });
    expect(opened?.messages.map((item) => item.body)).toEqual(['Hello there']);
    const unread = await database.db
      .select()
      .from(message)
      .where(and(eq(message.threadId, threadId), eq(message.authorKind, 'visitor')));
    expect(unread.every((row) => row.readByStaffAt !== null)).toBe(true);
    const events = await eventsAfter(before);
    expect(events.map((event) => [event.audience, event.type])).toEqual([
      ['staff', 'chat.thread'],
      [`user:${admin.id}`, 'notification.read'],
    ]);
    const [bell] = (await notificationsFor(admin.id)).filter((row) => row.actionUrl === `/admin/messages?thread=${threadId}`);
    expect(bell?.read).toBe(true);
    // Nothing new to mark: no event (an inbox re-loading on events must not loop).
    const again = await lastEventId();
    await openStaffThread({ db: database.db, actor: manager, threadId });
    expect((await eventsAfter(again)).filter((event) => event.type === 'chat.thread')).toHaveLength(0);

    expect(await openStaffThread({ db: database.db, actor: admin, threadId: 999_999 })).toBeNull();
    const inbox = await loadInbox({ db: database.db, actor: admin, page: 1, threadId: 999_999 });
    expect(inbox).toMatchObject({ selected: null, selectedMissing: true });
  });

  it('a reply reaches the thread and staff live, once per client id, and marks the thread read', async () => {
    const { threadId, token } = await startChat({ name: 'Reply Visitor' });
    const before = await lastEventId();
    const clientId = randomUUID();
    const reply = await replyToThread({
      db: database.db,
      actor: manager,
      threadId,
      input: { body: ' We can show it on Monday. ', clientId },
      locale: 'en',
    });
    expect(reply).toMatchObject({
      ok: true,
      duplicate: false,
      message: { authorKind: 'staff', authorName: 'Paula Manager', body: 'We can show it on Monday.', clientId },
    });
    const events = (await eventsAfter(before)).filter((event) => event.type.startsWith('chat.'));
    expect(events.map((event) => [event.audience, event.type])).toEqual([
      ['staff', 'chat.thread'],
      [`thread:${threadId}`, 'chat.message'],
      ['staff', 'chat.message'],
    ]);
    const again = await replyToThread({
      db: database.db,
      actor: manager,
      threadId,
      input: { body: 'We can show it on Monday.', clientId },
      locale: 'en',
    });
    expect(again).toMatchObject({ ok: true, duplicate: true });
    const chat = await findVisitorChat({ db: database.db, party: anonymous(token) });
    expect(chat.messages.map((item) => [item.authorKind, item.body])).toEqual([
      ['visitor', 'Hello there'],
      ['staff', 'We can show it on Monday.'],
    ]);
    expect(chat.unread).toBe(1);
    const list = await listStaffThreads({ db: database.db, actor: admin, page: 1 });
    expect(list.items.find((item) => item.id === threadId)).toMatchObject({ unread: 0, previewAuthor: 'staff' });

    expect(await replyToThread({ db: database.db, actor: admin, threadId, input: { body: '   ' }, locale: 'it' })).toEqual({
      ok: false,
      status: 422,
      errors: { body: 'Campo obbligatorio' },
    });
    expect(await replyToThread({ db: database.db, actor: admin, threadId: 999_999, input: { body: 'hi' }, locale: 'en' })).toEqual({
      ok: false,
      status: 404,
      errors: {},
    });
  });

  it('a visitor with an account is notified of the first unseen reply; an anonymous one is not', async () => {
    const resident = await makeUser('tenant', { name: 'Nora Notified', locale: 'it' });
    const started = await sendVisitorMessage({ db: database.db, party: signedIn(resident), locale: 'en', input: { body: 'Question' } });
    if (!started.ok) throw new Error('not started');
    const threadId = started.thread.id;
    await replyToThread({ db: database.db, actor: admin, threadId, input: { body: 'First answer' }, locale: 'en' });
    await replyToThread({ db: database.db, actor: admin, threadId, input: { body: 'Second answer' }, locale: 'en' });
    const rows = await notificationsFor(resident.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'Dimora ha risposto alla tua chat',
      message: 'Ada Admin: First answer',
      actionUrl: '/?chat=open',
    });
    // Seen, then a new reply: a new notification.
    await markChatReadByVisitor({ db: database.db, party: signedIn(resident) });
    await replyToThread({ db: database.db, actor: admin, threadId, input: { body: 'Third answer' }, locale: 'en' });
    expect(await notificationsFor(resident.id)).toHaveLength(2);

    // An anonymous thread that merely carries an account's e-mail notifies nobody: anybody can
    // type anybody's address.
    const emailOwner = await makeUser('vendor', { name: 'Mail Owner' });
    const byEmail = await startChat({ email: emailOwner.email });
    await replyToThread({ db: database.db, actor: admin, threadId: byEmail.threadId, input: { body: 'Hi' }, locale: 'en' });
    expect(await notificationsFor(emailOwner.id)).toHaveLength(0);

    const stranger = await startChat({ email: 'nobody@example.test' });
    const before = await database.db.select({ id: notification.id }).from(notification);
    await replyToThread({ db: database.db, actor: admin, threadId: stranger.threadId, input: { body: 'Hi' }, locale: 'en' });
    const after = await database.db.select({ id: notification.id }).from(notification);
    expect(after.length).toBe(before.length);
  });

  it('closing and re-opening tell the inboxes and the visitor; an unknown thread answers false', async () => {
    const { threadId } = await startChat();
    const before = await lastEventId();
    expect(await setThreadStatus({ db: database.db, actor: manager, threadId, status: 'closed' })).toBe(true);
    const events = await eventsAfter(before);
    expect(events.map((event) => [event.audience, event.type])).toEqual([
      ['staff', 'chat.thread'],
      [`thread:${threadId}`, 'chat.thread'],
    ]);
    const list = await listStaffThreads({ db: database.db, actor: admin, page: 1 });
    expect(list.items.find((item) => item.id === threadId)?.status).toBe('closed');
    expect(await setThreadStatus({ db: database.db, actor: manager, threadId, status: 'open' })).toBe(true);
    expect(await setThreadStatus({ db: database.db, actor: manager, threadId: 999_999, status: 'open' })).toBe(false);
    const rows = await database.db
      .select({ status: thread.status })
      .from(thread)
      .where(inArray(thread.id, [threadId]));
    expect(rows[0]?.status).toBe('open');
  });
});
