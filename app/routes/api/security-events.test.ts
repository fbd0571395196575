import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '~/lib/constants';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { auditLog } from '~/server/db/schema';
import { testContext, useTestDatabase } from '../../../tests/setup/test-db';
import { PASTE_EVENTS_PER_MINUTE } from '~/lib/paste-guard';
import { action } from './security-events';
import { createSignedInUser } from '../../../tests/setup/sign-in';

const database = useTestDatabase();

type Answer = { status: number; body: unknown; headers: Headers };

function report(body: unknown, { headers = {}, method = 'POST' }: { headers?: Record<string, string>; method?: string } = {}) {
  return new Request('http://localhost/api/security-events', {
    method,
    body: method === 'GET' ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'Content-Type': 'application/json', 'User-Agent': 'PasteTest/1.0', ...headers },
  });
}

async function post(request: Request, clientIp: string): Promise<Answer> {
  const result = await action({ request, params: {}, context: testContext(database, { clientIp }) } as unknown as Parameters<
    typeof action
  >[0]);
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
  it("a signed-out visitor's report is accepted (202) but not recorded: anonymous visitors cannot write the audit log", async () => {
    const answer = await post(report(valid), '10.1.0.1');
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ ok: true, recorded: false });
    expect(await pasteRows('10.1.0.1')).toHaveLength(0);
  });

  it("records the session's user with the sample, field, path, IP and user agent, ignoring every client-chosen field", async () => {
    const context = testContext(database, { clientIp: '10.1.0.2' });
    const created = await createSignedInUser(context, { email: 'paster@example.com', password: 'glue-stick-pass', role: 'tenant' });
    const other = await createVerifiedUser(database.db, { email: 'victim@example.com', password: 'second-glue-pass', role: 'tenant' });
    const { cookie } = created;
    const forged = {
      ...valid,
      path: '/auth?mode=reset&token=secret-token#x',
      userId: other.id,
      user_id: other.id,
      action: 'sign_in_succeeded',
      table_name: 'user',
      ip_address: '6.6.6.6',
      user_agent: 'Forged/1.0',
      timestamp: '2000-01-01T00:00:00.000Z',
    };
    const answer = await post(report(forged, { headers: { Cookie: cookie } }), '10.1.0.2');
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ ok: true, recorded: true });
    const rows = await pasteRows('10.1.0.2');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: created.id,
      action: 'paste_blocked',
      tableName: 'security_events',
      ipAddress: '10.1.0.2',
      userAgent: 'PasteTest/1.0',
    });
    // Only the three descriptive fields come from the body; the path loses its query string.
    expect(Object.keys(rows[0]!.newValues).sort()).toEqual(['field', 'ip_address', 'path', 'sample', 'timestamp', 'user_agent']);
    expect(rows[0]!.newValues).toMatchObject({
      sample: valid.sample,
      field: 'message',
      path: '/auth',
      ip_address: '10.1.0.2',
      user_agent: 'PasteTest/1.0',
    });
    expect(rows[0]!.newValues.timestamp).not.toBe('2000-01-01T00:00:00.000Z');
    expect(JSON.stringify(rows[0])).not.toContain('secret-token');
    expect(JSON.stringify(rows[0])).not.toContain(other.id);

    // Rate-limited per user: PASTE_EVENTS_PER_MINUTE entries a minute, then 429 with Retry-After.
    for (let i = 1; i < PASTE_EVENTS_PER_MINUTE; i += 1) {
      expect((await post(report({ ...valid, sample: `s${i}` }, { headers: { Cookie: cookie } }), '10.1.0.2')).status).toBe(202);
    }
    const refused = await post(report({ ...valid, sample: 'one too many' }, { headers: { Cookie: cookie } }), '10.1.0.2');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await pasteRows('10.1.0.2')).toHaveLength(PASTE_EVENTS_PER_MINUTE);
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

  it(`the ${RATE_LIMITS.api_call + 1}st report in a minute from one client answers 429 with Retry-After`, async () => {
    const ip = '10.1.0.5';
    for (let i = 0; i < RATE_LIMITS.api_call; i += 1) {
      const answer = await post(report({ ...valid, sample: `sample ${i}` }), ip);
      expect(answer.status).toBe(202);
    }
    const refused = await post(report({ ...valid, sample: 'one too many' }), ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ ok: false, rateLimited: { action: 'api_call' } });
    expect(await pasteRows(ip)).toHaveLength(0);
    // Another client is unaffected.
    expect((await post(report(valid), '10.1.0.6')).status).toBe(202);
  });
});
