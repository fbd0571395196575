import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '~/lib/constants';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { auditLog } from '~/server/db/schema';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { action } from './security-events';
import { signInForTest } from '../../../tests/setup/two-factor';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database.close();
});

type Answer = { status: number; body: unknown; headers: Headers };

function report(body: unknown, { headers = {}, method = 'POST' }: { headers?: Record<string, string>; method?: string } = {}) {
  return new Request('http://localhost/api/security-events', {
    method,
    body: method === 'GET' ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'PasteTest/1.0', ...headers },
  });
}

async function post(request: Request, clientIp: string): Promise<Answer> {
  const result = await action({ request, params: {}, context: testContext(database, { clientIp }) } as unknown as Parameters<typeof action>[0]);
  const wrapped = result as unknown as { data: unknown; init: ResponseInit | null };
  return { status: wrapped.init?.status ?? 200, body: wrapped.data, headers: new Headers(wrapped.init?.headers) };
}

async function pasteRows(ip: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'paste_blocked'), eq(auditLog.ipAddress, ip)));
}

const valid = { sample: '<script>alert(1)</script>', field: 'message', path: '/contact' };

describe('POST /api/security-events', () => {
  it('records a paste_blocked audit entry with the sample, field, path, IP and user agent, and answers 202', async () => {
    const answer = await post(report(valid), '10.1.0.1');
    expect(answer.status).toBe(202);
    const rows = await pasteRows('10.1.0.1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: null,
      action: 'paste_blocked',
      tableName: 'security_events',
      ipAddress: '10.1.0.1',
      userAgent: 'PasteTest/1.0',
    });
    expect(rows[0]?.newValues).toMatchObject({ ...valid, ip_address: '10.1.0.1', user_agent: 'PasteTest/1.0' });
    expect(typeof rows[0]?.newValues.timestamp).toBe('string');
  });

  it('a signed-in visitor is recorded as the acting user', async () => {
    const context = testContext(database, { clientIp: '10.1.0.2' });
    const created = await createVerifiedUser(database.db, { email: 'paster@example.com', password: 'paster-pass', role: 'tenant' });
    const signedIn = await signInForTest(context, { email: 'paster@example.com', password: 'paster-pass' });
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const answer = await post(report(valid, { headers: { Cookie: cookie } }), '10.1.0.2');
    expect(answer.status).toBe(202);
    const rows = await pasteRows('10.1.0.2');
    expect(rows.map((row) => row.userId)).toEqual([created.id]);
  });

  it.each([
    ['not JSON', 'sample=<script>'],
    ['a missing field', { sample: 'x', path: '/contact' }],
    ['a sample over 100 characters', { ...valid, sample: 'x'.repeat(101) }],
    ['a field name over 100 characters', { ...valid, field: 'f'.repeat(101) }],
    ['a path over 300 characters', { ...valid, path: `/${'p'.repeat(300)}` }],
    ['a non-string value', { ...valid, sample: 42 }],
  ])('answers 400 for %s and records nothing', async (_label, body) => {
    const answer = await post(report(body), '10.1.0.3');
    expect(answer.status).toBe(400);
    expect(await pasteRows('10.1.0.3')).toHaveLength(0);
  });

  it('answers 405 to anything but POST', async () => {
    const answer = await post(report(valid, { method: 'PUT' }), '10.1.0.4');
    expect(answer.status).toBe(405);
    expect(answer.headers.get('Allow')).toBe('POST');
  });

  it(`the ${RATE_LIMITS.api_call + 1}st report in a minute from one client answers 429 with Retry-After and records nothing`, async () => {
    const ip = '10.1.0.5';
    for (let i = 0; i < RATE_LIMITS.api_call; i += 1) {
      const answer = await post(report({ ...valid, sample: `sample ${i}` }), ip);
      expect(answer.status).toBe(202);
    }
    const refused = await post(report({ ...valid, sample: 'one too many' }), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ ok: false, rateLimited: { action: 'api_call' } });
    const rows = await pasteRows(ip);
    expect(rows).toHaveLength(RATE_LIMITS.api_call);
    expect(rows.some((row) => row.newValues.sample === 'one too many')).toBe(false);
    // Another client is unaffected.
    expect((await post(report(valid), '10.1.0.6')).status).toBe(202);
  });
});
