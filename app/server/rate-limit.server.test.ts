import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '~/lib/constants';
import { rateLimit } from './db/schema';
import { consumeRateLimit, findSecurityStatus } from './rate-limit.server';
import { useTestDatabase } from '../../tests/setup/test-db';

const database = useTestDatabase();

async function attempts(action: keyof typeof RATE_LIMITS, client: string, times: number) {
  const results = [];
  for (let index = 0; index < times; index += 1) results.push(await consumeRateLimit({ db: database.db, action, client }));
  return results;
}

describe('server-side rate limits (spec §9)', () => {
  it('allows exactly the spec number per minute for each action, then refuses', async () => {
    for (const [action, limit] of Object.entries(RATE_LIMITS) as [keyof typeof RATE_LIMITS, number][]) {
      const results = await attempts(action, `limits-${action}`, limit + 2);
      expect(
        results.filter((result) => result.allowed),
        action,
      ).toHaveLength(limit);
      expect(results[limit]).toMatchObject({ allowed: false, firstRefusal: true, limit });
      expect(results[limit + 1]).toMatchObject({ allowed: false, firstRefusal: false });
    }
  });

  it('counts per client and per action', async () => {
    await attempts('signup', 'client-a', 3);
    expect((await consumeRateLimit({ db: database.db, action: 'signup', client: 'client-a' })).allowed).toBe(false);
    expect((await consumeRateLimit({ db: database.db, action: 'signup', client: 'client-b' })).allowed).toBe(true);
    expect((await consumeRateLimit({ db: database.db, action: 'login', client: 'client-a' })).allowed).toBe(true);
  });

  it('starts a new window a minute after the first attempt, and says when in Retry-After', async () => {
    const [last] = (await attempts('signup', 'client-window', 4)).slice(-1);
    expect(last!.allowed).toBe(false);
    expect(last!.retryAfterS).toBeGreaterThanOrEqual(59);
    expect(last!.retryAfterS).toBeLessThanOrEqual(60);
    await database.db
      .update(rateLimit)
      .set({ windowStart: sql`now() - interval '61 seconds'` })
      .where(eq(rateLimit.key, 'signup:client-window'));
    const fresh = await consumeRateLimit({ db: database.db, action: 'signup', client: 'client-window' });
    expect(fresh).toMatchObject({ allowed: true, count: 1 });
  });

  it('keeps its counters in the database (a restart forgets nothing)', async () => {
    await attempts('payment', 'client-persist', 4);
    const [row] = await database.db.select().from(rateLimit).where(eq(rateLimit.key, 'payment:client-persist'));
    expect(row?.count).toBe(4);
  });
});

describe('security status (spec §4)', () => {
  it('is secure, then warning above 80 % of a limit, then blocked at the limit', async () => {
    const client = 'status-client';
    expect((await findSecurityStatus({ db: database.db, client })).status).toBe('secure');
    await attempts('api_call', client, 80);
    expect((await findSecurityStatus({ db: database.db, client })).status).toBe('secure');
    await attempts('api_call', client, 1);
    const warning = await findSecurityStatus({ db: database.db, client });
    expect(warning.status).toBe('warning');
    expect(warning.actions).toContainEqual({ action: 'api_call', count: 81, limit: 100 });
    await attempts('signup', client, 3);
    expect((await findSecurityStatus({ db: database.db, client })).status).toBe('blocked');
  });

  it('forgets windows that have ended', async () => {
    const client = 'status-old';
    await attempts('signup', client, 3);
    await database.db
      .update(rateLimit)
      .set({ windowStart: sql`now() - interval '2 minutes'` })
      .where(eq(rateLimit.key, `signup:${client}`));
    expect((await findSecurityStatus({ db: database.db, client })).status).toBe('secure');
  });
});
