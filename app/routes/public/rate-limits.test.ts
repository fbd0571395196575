/**
 * spec §9 "default 50" on the public forms: the 51st post in a minute from one client is refused
 * with 429 + Retry-After before anything is saved or sent; other clients are unaffected.
 */
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '~/lib/constants';
import { auditLog, listingAlert, mailMessage, thread, vendor } from '~/server/db/schema';
import { testContext, useTestDatabase } from '../../../tests/setup/test-db';
import { action as contactAction } from './contact';
import { action as subscriptionsAction } from './subscriptions';
import { action as vendorSignupAction } from './vendor-signup';

const database = useTestDatabase();

type Fields = Record<string, string | string[]>;
type AnyAction = (args: never) => Promise<unknown>;

function post(path: string, fields: Fields) {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const item of [value].flat()) body.append(name, item);
  return new Request(`http://localhost${path}`, { method: 'POST', body });
}

/** Runs an action as the client `clientIp`; answers status, body and headers. */
async function run(action: AnyAction, request: Request, clientIp: string) {
  const result = await action({ request, params: {}, context: testContext(database, { clientIp }) } as never);
  if (result instanceof Response) return { status: result.status, body: null as unknown, headers: result.headers };
  if (result && typeof result === 'object' && 'init' in result && 'data' in result) {
    const wrapped = result as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data, headers: new Headers(wrapped.init?.headers) };
  }
  return { status: 200, body: result, headers: new Headers() };
}

/** Uses up the client's "default" budget with posts the action refuses as invalid (they count too). */
async function exhaust(action: AnyAction, path: string, clientIp: string) {
  for (let i = 0; i < RATE_LIMITS.default; i += 1) {
    const answer = await run(action, post(path, {}), clientIp);
    expect(answer.status, `post ${i + 1}`).toBe(400);
  }
}

function expectRateLimited(answer: Awaited<ReturnType<typeof run>>) {
  expect(answer.status).toBe(429);
  expect(Number(answer.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
  expect(Number(answer.headers.get('Retry-After'))).toBeLessThanOrEqual(60);
  expect(answer.body).toMatchObject({ ok: false, rateLimited: { action: 'default' }, errors: {} });
}

async function rateLimitAudits(clientIp: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'rate_limit_exceeded'), eq(auditLog.ipAddress, clientIp)));
}

describe(`public forms allow ${RATE_LIMITS.default} posts a minute per client (spec §9 "default")`, () => {
  it('contact: the 51st post answers 429 with Retry-After and opens no thread', async () => {
    const ip = '10.2.0.1';
    const fields = { name: 'Ada Lovelace', email: 'limited.contact@example.com', topic: 'leasing', message: 'Is the loft still available?' };
    await exhaust(contactAction, '/contact', ip);
    expectRateLimited(await run(contactAction, post('/contact', fields), ip));
    expect(await database.db.select().from(thread).where(eq(thread.visitorEmail, fields.email))).toHaveLength(0);
    expect(await rateLimitAudits(ip)).toHaveLength(1);
    // The same post from another client goes through.
    expect((await run(contactAction, post('/contact', fields), '10.2.0.2')).status).toBe(200);
    expect(await database.db.select().from(thread).where(eq(thread.visitorEmail, fields.email))).toHaveLength(1);
  });

  it('vendor signup: the 51st post answers 429 with Retry-After and stores no vendor', async () => {
    const ip = '10.2.0.3';
    const fields: Fields = {
      companyName: 'Limited Plumbing LLC',
      contactName: 'Maria Gonzalez',
      email: 'limited.vendor@example.com',
      phone: '(512) 555-0123',
      trades: ['plumbing'],
      serviceCountries: ['US'],
    };
    await exhaust(vendorSignupAction, '/vendor-signup', ip);
    expectRateLimited(await run(vendorSignupAction, post('/vendor-signup', fields), ip));
    expect(await database.db.select().from(vendor).where(eq(vendor.email, 'limited.vendor@example.com'))).toHaveLength(0);
    expect((await run(vendorSignupAction, post('/vendor-signup', fields), '10.2.0.4')).status).toBe(200);
  });

  it('subscriptions: the 51st post answers 429 with Retry-After, saves no alert and sends no e-mail', async () => {
    const ip = '10.2.0.5';
    const fields = { email: 'limited.alert@example.com', location: 'Austin' };
    await exhaust(subscriptionsAction, '/subscriptions', ip);
    expectRateLimited(await run(subscriptionsAction, post('/subscriptions', fields), ip));
    const alerts = () => database.db.select().from(listingAlert).where(sql`lower(${listingAlert.email}) = ${fields.email}`);
    const mails = () => database.db.select().from(mailMessage).where(eq(mailMessage.to, fields.email));
    expect(await alerts()).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
    expect((await run(subscriptionsAction, post('/subscriptions', fields), '10.2.0.6')).status).toBe(200);
    expect(await alerts()).toHaveLength(1);
    expect(await mails()).toHaveLength(1);
  });
});
