import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '~/lib/constants';
import { notification } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { apiAnswerOf } from '../../../tests/setup/action-result';
import { testContext, useTestDatabase } from '../../../tests/setup/test-db';
import { action, loader } from './notifications';
import { createSignedInUser } from '../../../tests/setup/sign-in';

const database = useTestDatabase();

let counter = 0;

/** A fresh client address per call site, so the api_call limit counts each test apart. */
function contextFor(clientIp: string): DimoraLoadContext {
  return testContext(database, { clientIp });
}

async function makeUser() {
  counter += 1;
  const email = `bell${counter}@api-notifications.test`;
  const created = await createSignedInUser(testContext(database), { email, password: 'bell-pass-123', role: 'tenant' });
  return { id: created.id, cookie: created.cookie };
}

function get(cookie: string | null, clientIp = '10.9.0.1') {
  const request = new Request('http://dimora.test/api/notifications', { headers: cookie ? { cookie } : {} });
  return apiAnswerOf(() => loader({ request, params: {}, context: contextFor(clientIp) } as never));
}

function post(
  cookie: string | null,
  fields: Record<string, string> | string,
  { clientIp = '10.9.0.2', method = 'POST', contentType }: { clientIp?: string; method?: string; contentType?: string } = {},
) {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (contentType) headers['content-type'] = contentType;
  const request = new Request('http://dimora.test/api/notifications', {
    method,
    headers,
    body: method === 'GET' ? undefined : typeof fields === 'string' ? fields : new URLSearchParams(fields),
  });
  return apiAnswerOf(() => action({ request, params: {}, context: contextFor(clientIp) } as never));
}

async function seed(userId: string, n: number) {
  const rows = Array.from({ length: n }, (_, index) => ({
    userId,
    title: `N${index}`,
    message: 'm',
    createdAt: new Date(Date.now() - (n - index) * 1_000),
  }));
  return database.db.insert(notification).values(rows).returning({ id: notification.id });
}

describe('GET /api/notifications', () => {
  it('answers 401 when signed out', async () => {
    const answer = await get(null);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ error: 'unauthorized' });
  });

  it('answers the user’s own list, newest first, and the unread count, not cached', async () => {
    const reader = await makeUser();
    const other = await makeUser();
    await seed(reader.id, 3);
    await seed(other.id, 2);
    const answer = await get(reader.cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const body = answer.body as { items: { title: string }[]; unread: number };
    expect(body.items.map((item) => item.title)).toEqual(['N2', 'N1', 'N0']);
    expect(body.unread).toBe(3);
  });

  it('is rate limited as an api_call (429 with Retry-After)', async () => {
    const reader = await makeUser();
    const clientIp = '10.9.9.9';
    for (let index = 0; index < RATE_LIMITS.api_call; index += 1) expect((await get(reader.cookie, clientIp)).status).toBe(200);
    const refused = await get(reader.cookie, clientIp);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /api/notifications', () => {
  it('intent=read marks one of the user’s own read; another user’s or an unknown id is a 404', async () => {
    const reader = await makeUser();
    const other = await makeUser();
    const [mine] = await seed(reader.id, 2);
    const [theirs] = await seed(other.id, 1);
    expect(await post(reader.cookie, { intent: 'read', id: String(mine!.id) })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await get(reader.cookie)).body).toMatchObject({ unread: 1 });
    expect(await post(reader.cookie, { intent: 'read', id: String(theirs!.id) })).toMatchObject({ status: 404, body: { ok: false } });
    expect(await post(reader.cookie, { intent: 'read', id: '987654321' })).toMatchObject({ status: 404 });
    const [row] = await database.db.select({ read: notification.read }).from(notification).where(eq(notification.id, theirs!.id));
    expect(row?.read).toBe(false);
  });

  it('intent=read-all marks every unread one read', async () => {
    const reader = await makeUser();
    await seed(reader.id, 4);
    expect(await post(reader.cookie, { intent: 'read-all' })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await get(reader.cookie)).body).toMatchObject({ unread: 0 });
  });

  it.each([
    ['no intent', {}, 400],
    ['an unknown intent', { intent: 'delete' }, 400],
    ['a missing id', { intent: 'read' }, 422],
    ['a non-numeric id', { intent: 'read', id: 'abc' }, 422],
    ['a zero id', { intent: 'read', id: '0' }, 422],
    ['a huge id', { intent: 'read', id: '1'.repeat(30) }, 422],
  ])('answers %s with %i', async (_name, fields, status) => {
    const reader = await makeUser();
    expect((await post(reader.cookie, fields as Record<string, string>)).status).toBe(status);
  });

  it('answers 400 for a body that is not a form, 401 signed out, 405 for another method', async () => {
    const reader = await makeUser();
    expect((await post(reader.cookie, '{"intent":"read-all"}', { contentType: 'application/json' })).status).toBe(400);
    expect((await post(null, { intent: 'read-all' })).status).toBe(401);
    const wrongMethod = await post(reader.cookie, { intent: 'read-all' }, { method: 'PUT' });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('POST');
  });
});
