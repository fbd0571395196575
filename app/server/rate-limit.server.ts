/**
 * Server-side rate limits (spec §9, DESIGN §5): a fixed one-minute window per action and client,
 * counted in the `rate_limit` table with one atomic upsert, so counters survive restarts and are
 * shared by every instance on the same PostgreSQL.
 */
import { and, gt, like, lt, sql } from 'drizzle-orm';
import { RATE_LIMITS, RATE_LIMIT_WARNING_RATIO } from '~/lib/constants';
import { recordAuditEvent, requestOrigin } from './audit.server';
import type { Db } from './db/client.server';
import type { DimoraLoadContext } from './load-context';
import { rateLimit } from './db/schema';

export type RateLimitAction = keyof typeof RATE_LIMITS;

/** spec §9: limits are per minute. */
export const RATE_LIMIT_WINDOW_S = 60;

export type RateLimitResult = {
  action: RateLimitAction;
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
 * Counts one attempt of `action` by `client` (an IP address, or `user:<id>`) and says whether it
 * is allowed. Never throws for a refusal; database errors propagate.
 */
export async function consumeRateLimit({
  db,
  action,
  client,
}: {
  db: Db;
  action: RateLimitAction;
  client: string;
}): Promise<RateLimitResult> {
  const counted = await consumeCounter({ db, key: `${action}:${client}`, limit: RATE_LIMITS[action] });
  return { action, ...counted };
}

/** A refusal by the rate limiter: the route answers 429 with `Retry-After`. */
export type RateLimited = { ok: false; reason: 'rate_limited'; action: RateLimitAction; retryAfterS: number };

/**
 * Counts one attempt of `action` for this client. Returns a `RateLimited` refusal (audited once
 * per window) or null when the attempt may go on.
 */
export async function checkRateLimit(
  { context, request }: { context: Pick<DimoraLoadContext, 'db' | 'clientIp' | 'logger'>; request: Request },
  action: RateLimitAction,
  userId: string | null = null,
): Promise<RateLimited | null> {
  const result = await consumeRateLimit({ db: context.db, action, client: context.clientIp });
  if (result.allowed) return null;
  if (result.firstRefusal) {
    await recordAuditEvent({
      db: context.db,
      userId,
      action: 'rate_limit_exceeded',
      origin: requestOrigin(request, context.clientIp),
      values: { rate_limit_action: action, limit: result.limit },
    });
  }
  context.logger.warn({ action, client: context.clientIp }, 'rate limit exceeded');
  return { ok: false, reason: 'rate_limited', action, retryAfterS: result.retryAfterS };
}

/**
 * One attempt on the fixed one-minute counter `key` (any string; callers prefix their own kind,
 * e.g. `audit_refusal:user:<id>`) allowing `limit` attempts a window. The general form behind
 * `consumeRateLimit`, for server-internal limits that are not spec §9 actions (issue 14: audit
 * writes a user can cause). Database errors propagate.
 */
export async function consumeCounter({ db, key, limit }: { db: Db; key: string; limit: number }): Promise<Omit<RateLimitResult, 'action'>> {
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

export type SecurityStatus = 'secure' | 'warning' | 'blocked';

export type SecurityStatusReport = {
  status: SecurityStatus;
  /** The actions with attempts in the current window. */
  actions: { action: RateLimitAction; count: number; limit: number }[];
};

/**
 * spec §4 "Security status" for one client: `blocked` when a limit is used up, `warning` above
 * 80 % of any limit, else `secure`.
 */
export async function findSecurityStatus({ db, client }: { db: Db; client: string }): Promise<SecurityStatusReport> {
  const rows = await db
    .select({ key: rateLimit.key, count: rateLimit.count })
    .from(rateLimit)
    .where(
      and(
        like(rateLimit.key, `%:${client.replace(/[%_\\]/g, '\\$&')}`),
        gt(rateLimit.windowStart, sql`now() - make_interval(secs => ${RATE_LIMIT_WINDOW_S})`),
      ),
    );
  const actions = rows
    .map((row) => {
      const action = row.key.slice(0, row.key.indexOf(':')) as RateLimitAction;
      return { action, count: Math.min(row.count, RATE_LIMITS[action] ?? row.count), limit: RATE_LIMITS[action] };
    })
    .filter((entry) => entry.limit !== undefined);
  let status: SecurityStatus = 'secure';
  for (const entry of actions) {
    if (entry.count >= entry.limit) status = 'blocked';
    else if (status === 'secure' && entry.count > entry.limit * RATE_LIMIT_WARNING_RATIO) status = 'warning';
  }
  return { status, actions };
}

/** The least an Express response needs for `sendTooManyRequests` (no Express import here). */
type JsonResponse = { setHeader(name: string, value: string): unknown; status(code: number): { json(body: unknown): unknown } };

/**
 * Answers HTTP 429 from Express code (server/app.ts, the event stream) with `Retry-After` in
 * whole seconds (≥ 1) and a JSON body carrying the same `retryAfter` (issue 14 item 5).
 */
export function sendTooManyRequests(res: JsonResponse, retryAfterS: number, body: Record<string, unknown>): void {
  const seconds = Math.max(1, Math.ceil(Number.isFinite(retryAfterS) ? retryAfterS : RATE_LIMIT_WINDOW_S));
  res.setHeader('Retry-After', String(seconds));
  res.status(429).json({ ...body, retryAfter: seconds });
}
