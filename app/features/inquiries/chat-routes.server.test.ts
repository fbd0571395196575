/**
 * The live chat through its route modules, with real better-auth sessions: the widget's
 * /api/chat (cookie, validation, statuses), the staff commands on /api/inbox and
 * /admin/messages (who may post, what a refused post changes: nothing), and the inbox on a
 * property manager's /dashboard.
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '~/lib/access';
import * as dashboard from '~/routes/dashboard/_index';
import * as adminMessages from '~/routes/admin/messages';
import * as chatApi from '~/routes/api/chat';
import * as inboxApi from '~/routes/api/inbox';
import { CHAT_COOKIE } from '~/server/chat/chat-access.server';
import { message, thread } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { jsonAnswerOf } from '../../../tests/setup/action-result';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import type { VisitorChat } from './chat.types';
import { createSignedInUser } from '../../../tests/setup/sign-in';

let database: TestDatabase;
let context: DimoraLoadContext;
const cookies = new Map<Role, string>();
const ROLES = ['tenant', 'vendor', 'property_manager', 'admin'] as const;

beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database, { clientIp: '192.0.2.91' });
  for (const role of ROLES) {
    const signedIn = await createSignedInUser(context, { email: `${role}@chat-routes.test`, role, name: `Chat ${role}` });
    cookies.set(role, signedIn.cookie);
  }
});

afterAll(async () => {
  await database.close();
});

function chatPost(body: unknown, cookie = '', raw?: string): Request {
  return new Request('http://dimora.test/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: raw ?? JSON.stringify(body),
  });
}

function chatGet(cookie = ''): Request {
  return new Request('http://dimora.test/api/chat', { headers: cookie ? { cookie } : {} });
}

const chatAction = (request: Request) => jsonAnswerOf(() => chatApi.action({ request, params: {}, context } as never));
const chatLoader = (request: Request) => jsonAnswerOf(() => chatApi.loader({ request, params: {}, context } as never));

function cookieFrom(headers: Headers): string {
  const set = headers.getSetCookie().find((value) => value.startsWith(`${CHAT_COOKIE}=`));
  return set ? set.split(';')[0]! : '';
}

async function messageCount() {
  const [row] = await database.db.select({ n: count() }).from(message);
  return row?.n ?? 0;
}

describe('/api/chat (the widget)', () => {
  it('a first message answers 201 with an httpOnly cookie; the cookie then shows the conversation', async () => {
    const started = await chatAction(
      chatPost({ intent: 'send', name: 'Route Visitor', email: 'route@example.test', body: 'Hello from the widget' }),
    );
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({
      ok: true,
      duplicate: false,
      thread: { visitorName: 'Route Visitor' },
      message: { body: 'Hello from the widget' },
    });
    const setCookie = started.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(
      new RegExp(`^${CHAT_COOKIE.replace('.', '\\.')}=[A-Za-z0-9_-]{43}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax$`),
    );
    expect(setCookie).not.toContain('Secure');
    const cookie = cookieFrom(started.headers);

    const loaded = await chatLoader(chatGet(cookie));
    expect(loaded.status).toBe(200);
    expect(loaded.headers.get('cache-control')).toBe('no-store');
    const chat = loaded.body as unknown as VisitorChat;
    expect(chat.messages.map((item) => item.body)).toEqual(['Hello from the widget']);

    // A next message goes to the same thread, without a new cookie.
    const next = await chatAction(chatPost({ intent: 'send', body: 'Second' }, cookie));
    expect(next.status).toBe(200);
    expect(cookieFrom(next.headers)).toBe('');
    expect((next.body.thread as { id: number }).id).toBe(chat.thread!.id);

    const read = await chatAction(chatPost({ intent: 'read' }, cookie));
    expect(read.body).toEqual({ ok: true, marked: 0 });
  });

  it('nobody gets an empty chat; a https site sets a Secure cookie', async () => {
    expect((await chatLoader(chatGet())).body).toEqual({ thread: null, messages: [], unread: 0 });
    const secure = await jsonAnswerOf(() =>
      chatApi.action({
        request: chatPost({ intent: 'send', name: 'Secure Visitor', email: 'secure@example.test', body: 'Hi' }),
        params: {},
        context: { ...context, publicUrl: 'https://dimora.example' },
      } as never),
    );
    expect(secure.headers.getSetCookie()[0]).toContain('; Secure');
  });

  it('answers 422 with translated field errors, 404 for a thread that is not yours, 400 for a malformed body, 405 for other methods', async () => {
    const before = await messageCount();
    const invalid = await chatAction(chatPost({ intent: 'send', name: '', email: 'x', body: '' }));
    expect(invalid.status).toBe(422);
    expect(invalid.body).toEqual({
      ok: false,
      errors: { body: 'This field is required', name: 'This field is required', email: 'Enter a valid e-mail address' },
    });
    const italian = await chatAction(
      new Request('http://dimora.test/api/chat', {
        method: 'POST',
        headers: { cookie: 'language=it' },
        body: JSON.stringify({ intent: 'send', name: 'A', email: 'a@example.test', body: ' ' }),
      }),
    );
    expect(italian.body).toEqual({ ok: false, errors: { body: 'Campo obbligatorio' } });
    const [other] = await database.db.select({ id: thread.id }).from(thread).limit(1);
    const foreign = await chatAction(chatPost({ intent: 'send', body: 'sneaky', threadId: other!.id }));
    expect(foreign.status).toBe(404);
    expect((await chatAction(chatPost(null, '', '{not json'))).status).toBe(400);
    expect((await chatAction(chatPost(null, '', '[1,2]'))).status).toBe(400);
    expect((await chatAction(chatPost(null, '', 'x'.repeat(20_000)))).status).toBe(400);
    expect((await chatAction(chatPost({ intent: 'delete' }))).status).toBe(400);
    expect((await chatAction(new Request('http://dimora.test/api/chat', { method: 'PUT', body: '{}' }))).status).toBe(405);
    expect(await messageCount()).toBe(before);
  });

  it('a signed-in visitor writes as their account', async () => {
    const started = await chatAction(
      chatPost({ intent: 'send', body: 'Signed-in question', name: 'Ignored', email: 'ignored@example.test' }, cookies.get('tenant')!),
    );
    expect(started.status).toBe(201);
    expect(started.body).toMatchObject({ thread: { visitorName: 'Chat tenant', visitorEmail: 'tenant@chat-routes.test' } });
    const loaded = await chatLoader(chatGet(cookies.get('tenant')!));
    expect((loaded.body as unknown as VisitorChat).messages.map((item) => item.body)).toEqual(['Signed-in question']);
  });
});

describe('the staff inbox routes', () => {
  async function newThread(): Promise<number> {
    const started = await chatAction(chatPost({ intent: 'send', name: 'Inbox Visitor', email: 'inbox@example.test', body: 'Need help' }));
    return (started.body.thread as { id: number }).id;
  }

  function formPost(path: string, role: Role | null, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return new Request(`http://dimora.test${path}`, {
      method: 'POST',
      headers: { ...(role ? { cookie: cookies.get(role)! } : {}), ...headers },
      body: new URLSearchParams(fields),
    });
  }

  it('/api/inbox refuses the signed out (401), tenants and vendors (403) and changes nothing', async () => {
    const threadId = await newThread();
    const before = await messageCount();
    for (const role of [null, 'tenant', 'vendor'] as const) {
      const answer = await jsonAnswerOf(() =>
        inboxApi.action({
          request: formPost('/api/inbox', role, { intent: 'reply', threadId: String(threadId), body: 'x' }),
          params: {},
          context,
        } as never),
      );
      expect(answer.status, String(role)).toBe(role === null ? 401 : 403);
    }
    expect(await messageCount()).toBe(before);
    expect((await jsonAnswerOf(() => inboxApi.loader())).status).toBe(405);
  });

  it('a property manager and an admin reply through /api/inbox; errors answer 422, 404 and 400', async () => {
    const threadId = await newThread();
    const reply = await jsonAnswerOf(() =>
      inboxApi.action({
        request: formPost('/api/inbox', 'property_manager', {
          intent: 'reply',
          threadId: String(threadId),
          body: 'On it!',
          clientId: crypto.randomUUID(),
        }),
        params: {},
        context,
      } as never),
    );
    expect(reply).toMatchObject({ status: 200, body: { ok: true, intent: 'reply', threadId } });
    const asAdmin = await jsonAnswerOf(() =>
      inboxApi.action({
        request: formPost('/api/inbox', 'admin', { intent: 'close', threadId: String(threadId) }),
        params: {},
        context,
      } as never),
    );
    expect(asAdmin.body).toMatchObject({ ok: true, intent: 'close' });
    const [row] = await database.db.select({ status: thread.status }).from(thread).where(eq(thread.id, threadId));
    expect(row?.status).toBe('closed');

    const empty = await jsonAnswerOf(() =>
      inboxApi.action({
        request: formPost('/api/inbox', 'admin', { intent: 'reply', threadId: String(threadId), body: '  ' }),
        params: {},
        context,
      } as never),
    );
    expect(empty).toMatchObject({ status: 422, body: { ok: false, errors: { body: 'This field is required' } } });
    const missing = await jsonAnswerOf(() =>
      inboxApi.action({
        request: formPost('/api/inbox', 'admin', { intent: 'reply', threadId: '999999', body: 'hi' }),
        params: {},
        context,
      } as never),
    );
    expect(missing).toMatchObject({ status: 404, body: { errors: { form: 'This conversation does not exist (any more).' } } });
    const unknown = await jsonAnswerOf(() =>
      inboxApi.action({
        request: formPost('/api/inbox', 'admin', { intent: 'purge', threadId: String(threadId) }),
        params: {},
        context,
      } as never),
    );
    expect(unknown.status).toBe(400);
    const badId = await jsonAnswerOf(() =>
      inboxApi.action({ request: formPost('/api/inbox', 'admin', { intent: 'close', threadId: 'abc' }), params: {}, context } as never),
    );
    expect(badId.status).toBe(400);
  });

  it('a plain browser post returns to the page it came from, with the thread open (never to another site)', async () => {
    const threadId = await newThread();
    const back = await jsonAnswerOf(() =>
      inboxApi.action({
        request: formPost(
          '/api/inbox',
          'property_manager',
          { intent: 'reply', threadId: String(threadId), body: 'Plain post', redirectTo: '/dashboard?status=submitted' },
          { 'sec-fetch-mode': 'navigate' },
        ),
        params: {},
        context,
      } as never),
    );
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/dashboard?status=submitted&thread=${threadId}`);
    const foreign = await jsonAnswerOf(() =>
      inboxApi.action({
        request: formPost(
          '/api/inbox',
          'property_manager',
          { intent: 'reopen', threadId: String(threadId), redirectTo: '//evil.example/x' },
          { 'sec-fetch-mode': 'navigate' },
        ),
        params: {},
        context,
      } as never),
    );
    expect(foreign.headers.get('location')).toBe(`/dashboard?thread=${threadId}`);
  });

  it('/admin/messages is for admins only, in the loader and the action', async () => {
    const threadId = await newThread();
    for (const role of ['tenant', 'vendor', 'property_manager'] as const) {
      const page = await jsonAnswerOf(() =>
        adminMessages.loader({
          request: new Request('http://dimora.test/admin/messages', { headers: { cookie: cookies.get(role)! } }),
          params: {},
          context,
        } as never),
      );
      expect(page).toMatchObject({ status: 302 });
      expect(page.headers.get('location')).toBe('/');
      const post = await jsonAnswerOf(() =>
        adminMessages.action({
          request: formPost('/admin/messages', role, { intent: 'close', threadId: String(threadId) }),
          params: {},
          context,
        } as never),
      );
      expect(post.status).toBe(302);
    }
    const [row] = await database.db.select({ status: thread.status }).from(thread).where(eq(thread.id, threadId));
    expect(row?.status).toBe('open');

    const open = (headers: Record<string, string>) =>
      jsonAnswerOf(() =>
        adminMessages.loader({
          request: new Request(`http://dimora.test/admin/messages?thread=${threadId}`, {
            headers: { cookie: cookies.get('admin')!, ...headers },
          }),
          params: {},
          context,
        } as never),
      );
    // A link on another site shows the thread but marks nothing read.
    const fromElsewhere = await open({ 'sec-fetch-site': 'cross-site' });
    const unreadAfterForeign = (
      fromElsewhere.body as { inbox: { list: { items: { id: number; unread: number }[] } } }
    ).inbox.list.items.find((item) => item.id === threadId)?.unread;
    expect(unreadAfterForeign).toBe(1);
    const page = await open({ 'sec-fetch-site': 'same-origin' });
    const inbox = (
      page.body as { inbox: { selected: { id: number; messages: unknown[] } | null; list: { items: { id: number; unread: number }[] } } }
    ).inbox;
    expect(inbox.selected?.id).toBe(threadId);
    expect(inbox.list.items.find((item) => item.id === threadId)?.unread).toBe(0);
    expect(page.body.meta).toEqual(expect.objectContaining({ title: 'Messages' }));

    const replied = await jsonAnswerOf(() =>
      adminMessages.action({
        request: formPost('/admin/messages', 'admin', { intent: 'reply', threadId: String(threadId), body: 'Admin here' }),
        params: {},
        context,
      } as never),
    );
    expect(replied.body).toMatchObject({ ok: true, intent: 'reply' });
  });

  it('a property manager finds the inbox on /dashboard; other roles do not', async () => {
    const threadId = await newThread();
    const asManager = await jsonAnswerOf(() =>
      dashboard.loader({
        request: new Request(`http://dimora.test/dashboard?thread=${threadId}`, { headers: { cookie: cookies.get('property_manager')! } }),
        params: {},
        context,
      } as never),
    );
    const inbox = asManager.body.inbox as { selected: { id: number } | null };
    expect(inbox.selected?.id).toBe(threadId);
    expect(Object.keys(asManager.body.i18n as object)).toContain('inbox');
    for (const role of ['tenant', 'vendor', 'admin'] as const) {
      const other = await jsonAnswerOf(() =>
        dashboard.loader({
          request: new Request('http://dimora.test/dashboard', { headers: { cookie: cookies.get(role)! } }),
          params: {},
          context,
        } as never),
      );
      expect(other.body.inbox, role).toBeNull();
    }
  });
});
