/**
 * The owner portal's message thread (decision 061) on a real database: the owner writes from the
 * portal and every admin is told; an admin answers from the owner's page and the owner is told in
 * their language; both pages show the thread oldest first; an empty message is a 422 and writes
 * nothing; an account without an owner record cannot write (404); another owner sees none of it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '~/server/auth/session.server';
import { notification, owner, ownerMessage } from '~/server/db/schema';
import { answerOf } from '../../../tests/setup/action-result';
import { createUser, viewerOf } from '../../../tests/setup/factories';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { findOwnerPortal } from './owner-portal.server';
import { handleOwnerDetailAction, handleOwnerPortalAction, loadOwnerDetailPage } from './owners.page.server';

let database: TestDatabase;
let admin: Viewer;
let adminName = '';
let ownerViewer: Viewer;
let ownerId = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const adminRow = await createUser(database.db, { role: 'admin', locale: 'en', name: 'Ada Admin' });
  admin = viewerOf(adminRow);
  adminName = adminRow.name;
  ownerViewer = viewerOf(await createUser(database.db, { role: 'owner', locale: 'it', name: 'Olga Rossi' }));
  const [row] = await database.db
    .insert(owner)
    .values({ name: 'Rossi Holdings', email: 'olga@owners.test', locale: 'it', userId: ownerViewer.id })
    .returning();
  ownerId = row!.id;
});

afterAll(async () => {
  await database?.close();
});

const post = (path: string, fields: Record<string, string>) =>
  new Request(`http://dimora.test${path}`, { method: 'POST', body: new URLSearchParams(fields) });

const notesOf = (userId: string) => database.db.select().from(notification).where(eq(notification.userId, userId));

describe('the owner’s message thread', () => {
  it('the owner writes, the admins are told; an admin answers, the owner is told in Italian; both see the thread in order', async () => {
    const context = testContext(database);
    const sent = answerOf(
      await handleOwnerPortalAction({
        request: post('/owner-portal', { intent: 'send-message', body: '  Is the roof repair planned?  ' }),
        context,
        actor: ownerViewer,
      }),
    );
    expect(sent).toMatchObject({ status: 200, body: { ok: true, intent: 'send-message' } });
    expect(await notesOf(admin.id)).toEqual([
      expect.objectContaining({
        title: 'New message from Rossi Holdings',
        message: 'Is the roof repair planned?',
        actionUrl: `/admin/owners/${ownerId}#owner-messages`,
      }),
    ]);

    const answered = answerOf(
      await handleOwnerDetailAction({
        request: post(`/admin/owners/${ownerId}`, { intent: 'send-message', body: 'Yes, in March.' }),
        context,
        actor: admin,
        ownerId: String(ownerId),
      }),
    );
    expect(answered).toMatchObject({ status: 200, body: { ok: true } });
    expect(await notesOf(ownerViewer.id)).toEqual([
      expect.objectContaining({
        title: 'Nuovo messaggio dalla gestione',
        message: 'Yes, in March.',
        actionUrl: '/owner-portal#owner-messages',
      }),
    ]);

    const portal = await findOwnerPortal(database.db, { viewer: ownerViewer });
    expect(portal.messages.map((message) => [message.authorKind, message.body])).toEqual([
      ['owner', 'Is the roof repair planned?'],
      ['staff', 'Yes, in March.'],
    ]);
    const page = await loadOwnerDetailPage({
      request: new Request(`http://dimora.test/admin/owners/${ownerId}`),
      context,
      actor: admin,
      ownerId: String(ownerId),
    });
    expect(page.detail.messages.map((message) => message.authorName)).toEqual(['Olga Rossi', adminName]);
  });

  it('refuses an empty message with its field message, and an account without an owner record with a 404; nothing is written', async () => {
    const context = testContext(database);
    const before = (await database.db.select().from(ownerMessage)).length;
    const empty = answerOf(
      await handleOwnerPortalAction({
        request: post('/owner-portal', { intent: 'send-message', body: '   ' }),
        context,
        actor: ownerViewer,
      }),
    );
    expect(empty).toMatchObject({ status: 422, body: { errors: { body: 'Write a message first.' } } });
    const stranger = viewerOf(await createUser(database.db, { role: 'owner' }));
    const refused = answerOf(
      await handleOwnerPortalAction({
        request: post('/owner-portal', { intent: 'send-message', body: 'Hello?' }),
        context,
        actor: stranger,
      }),
    );
    expect(refused.status).toBe(404);
    expect(await database.db.select().from(ownerMessage)).toHaveLength(before);
    expect((await findOwnerPortal(database.db, { viewer: stranger })).messages).toEqual([]);
  });
});
