/**
 * The fixed one-minute counters behind every server-side limit (spec §9, DESIGN §5), one row per
 * key in the `rate_limit` table, counted with one atomic upsert so that counters survive restarts
 * and are shared by every instance on the same PostgreSQL. The spec §9 limits
 * (rate-limit.server.ts) and the cap on audit entries a user can cause (audit.server.ts) both count
 * here; kept apart from rate-limit.server.ts, which audits its refusals, so that the two do not
 * import each other (decision 040: no import cycles).
 */
import { lt, sql } from 'drizzle-orm';
import type { Db } from './db/client.server';
import { rateLimit } from './db/schema';

/** spec §9: limits are per minute. */
export const RATE_LIMIT_WINDOW_S = 60;

/** One counted attempt. */
export type CounterResult = {
  allowed: boolean;
  /** Attempts counted in the current window, this one included. */
  count: number;
  limit: number;
  /** Whole seconds until the window resets (the `Retry-After` value). */
  retryAfterS: number;
  /** True for the first refused attempt of a window: the one worth an audit entry. */
  firstRefusal: boolean;
};

/**
 * One attempt on the fixed one-minute counter `key` (any string; callers prefix their own kind,
 * e.g. `audit_refusal:user:<id>`) allowing `limit` attempts a window. The general form behind
 * `consumeRateLimit`, for server-internal limits that are not spec §9 actions (decision 023: audit
 * writes a user can cause). Database errors propagate.
 */
export async function consumeCounter({ db, key, limit }: { db: Db; key: string; limit: number }): Promise<CounterResult> {
  const expired = sql`"rate_limit"."window_start" <= now() - make_interval(secs => ${RATE_LIMIT_WINDOW_S})`;
  const [row] = await db
    .insert(rateLimit)
    .values({ key, count: 1 })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE "rate_limit"."count" + 1 END`,
        windowStart: sql`CASE WHEN ${expired} THEN now() ELSE "rate_limit"."window_start" END`,
      },
    })
    .returning({
      count: rateLimit.count,
      retryAfterS: sql<number>`greatest(1, ceil(extract(epoch from (${rateLimit.windowStart} + make_interval(secs => ${RATE_LIMIT_WINDOW_S}) - now()))))::int`,
    });
  // Now and then, forget windows that ended long ago.
  if (Math.random() < 0.01) await db.delete(rateLimit).where(lt(rateLimit.windowStart, sql`now() - interval '1 hour'`));
  const count = row?.count ?? 1;
  return {
    allowed: count <= limit,
    count,
    limit,
    retryAfterS: Number(row?.retryAfterS ?? RATE_LIMIT_WINDOW_S),
    firstRefusal: count === limit + 1,
  };
}
