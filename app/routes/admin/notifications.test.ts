import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type Role } from '~/lib/access';
import { broadcast, notification } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { answerOf, settle } from '../../../tests/setup/action-result';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { action, loader } from './notifications';
import { createSignedInUser } from '../../../tests/setup/sign-in';

let database: TestDatabase;
let context: DimoraLoadContext;
const cookies = new Map<Role, string>();
const emails = new Map<Role, string>();

beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database, { clientIp: '192.0.2.77' });
  for (const role of ROLES) {
    const email = `${role}@admin-notifications.test`;
    const signedIn = await createSignedInUser(context, { email, role, name: `Person ${role}` });
    cookies.set(role, signedIn.cookie);
    emails.set(role, email);
  }
});

afterAll(async () => {
  await database.close();
});

function post(role: Role | null, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const request = new Request('http://dimora.test/admin/notifications', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { ...(role ? { cookie: cookies.get(role)! } : {}), ...headers },
  });
  return settle(() => action({ request, params: {}, context } as never));
}

const counts = async () => ({
  notifications: (await database.db.select({ n: count() }).from(notification))[0]?.n,
  broadcasts: (await database.db.select({ n: count() }).from(broadcast))[0]?.n,
});

describe('/admin/notifications action', () => {
  it.each([null, 'tenant', 'vendor', 'property_manager'] as const)('refuses %s and sends nothing', async (role) => {
    const before = await counts();
    const result = await post(role, { audience: 'all', title: 'Sneaky', message: 'Hi', type: 'info' });
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get('location')).toBe(
      role ? '/' : `/auth?redirectTo=${encodeURIComponent('/admin/notifications')}`,
    );
    expect(await counts()).toEqual(before);
  });

  it('sends to one person by e-mail (data for an enhanced post) and to a role (303 for a plain browser post)', async () => {
    const enhanced = answerOf(
      await post('admin', {
        audience: 'user',
        email: emails.get('vendor')!,
        title: 'Invoice paid',
        message: 'Thanks!',
        type: 'success',
        actionUrl: '/vendor-portal',
      }),
    );
    expect(enhanced.status).toBe(200);
    expect(enhanced.body).toEqual({ ok: true, intent: 'send', recipients: 1, message: 'Notification sent to 1 person.' });

    const plain = await post(
      'admin',
      { audience: 'role', role: 'tenant', title: 'Water off', message: 'Tuesday', type: 'warning' },
      { 'sec-fetch-mode': 'navigate' },
    );
    expect((plain as Response).status).toBe(303);
    expect((plain as Response).headers.get('location')).toBe('/admin/notifications?sent=1');

    const data = (await loader({
      request: new Request('http://dimora.test/admin/notifications?sent=1', { headers: { cookie: cookies.get('admin')! } }),
      params: {},
      context,
    } as never)) as Awaited<ReturnType<typeof loader>>;
    expect(data.sent).toBe(1);
    expect(
      data.history.items.map((row) => [row.title, row.audience, row.targetEmail, row.targetRole, row.recipients, row.senderEmail]),
    ).toEqual([
      ['Water off', 'role', null, 'tenant', 1, emails.get('admin')],
      ['Invoice paid', 'user', emails.get('vendor'), null, 1, emails.get('admin')],
    ]);
    const [received] = await database.db.select().from(notification).where(eq(notification.title, 'Invoice paid'));
    expect(received).toMatchObject({ type: 'success', actionUrl: '/vendor-portal', read: false });
  });

  it('answers 422 with translated field errors and the typed values', async () => {
    const before = await counts();
    const answer = answerOf(
      await post('admin', {
        audience: 'user',
        email: 'ghost@admin-notifications.test',
        title: 'x'.repeat(121),
        message: 'Hello',
        type: 'info',
        actionUrl: 'https://evil.example',
      }),
    );
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      title: 'Use at most 120 characters',
      actionUrl: 'Enter a page of this site starting with “/”, e.g. /properties.',
    });
    expect(answer.body.values).toMatchObject({
      audience: 'user',
      email: 'ghost@admin-notifications.test',
      message: 'Hello',
      actionUrl: 'https://evil.example',
    });

    const unknown = answerOf(
      await post(
        'admin',
        { audience: 'user', email: 'ghost@admin-notifications.test', title: 'Hi', message: 'Hello' },
        { cookie: `${cookies.get('admin')}; language=it` },
      ),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ email: 'Nessun account ha questo indirizzo e-mail.' });
    expect(await counts()).toEqual(before);
  });

  it('answers 400 for a body that is not a form', async () => {
    const request = new Request('http://dimora.test/admin/notifications', {
      method: 'POST',
      body: '{}',
      headers: { cookie: cookies.get('admin')!, 'content-type': 'application/json' },
    });
    const thrown = await settle(() => action({ request, params: {}, context } as never)).catch((error: unknown) => error);
    expect(thrown).toMatchObject({ init: { status: 400 } });
  });
});

describe('/admin/notifications loader', () => {
  it('suggests recipients for ?q= by e-mail or name', async () => {
    const request = new Request('http://dimora.test/admin/notifications?q=person%20VEND', { headers: { cookie: cookies.get('admin')! } });
    const data = (await loader({ request, params: {}, context } as never)) as Awaited<ReturnType<typeof loader>>;
    expect(data.recipients).toEqual([{ email: emails.get('vendor'), name: 'Person vendor' }]);
    expect(data.sent).toBeNull();
  });
});
