/**
 * Server-side rate limits (spec §9, DESIGN §5): a fixed one-minute window per action and client,
 * counted in the `rate_limit` table with one atomic upsert, so counters survive restarts and are
 * shared by every instance on the same PostgreSQL.
 */
import { and, gt, like, sql } from 'drizzle-orm';
import { RATE_LIMITS, RATE_LIMIT_WARNING_RATIO } from '~/lib/constants';
import { recordAuditEvent, requestOrigin } from './audit.server';
import type { Db } from './db/client.server';
import type { DimoraLoadContext } from './load-context';
import { rateLimit } from './db/schema';
import { consumeCounter, RATE_LIMIT_WINDOW_S, type CounterResult } from './rate-counter.server';

// The counter itself lives in rate-counter.server.ts, which the audit log uses too (decision 040:
// no import cycles); callers keep importing it from here.
export { consumeCounter, RATE_LIMIT_WINDOW_S };

export type RateLimitAction = keyof typeof RATE_LIMITS;

export type RateLimitResult = { action: RateLimitAction } & CounterResult;

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
 * whole seconds (≥ 1) and a JSON body carrying the same `retryAfter` (decision 023).
 */
export function sendTooManyRequests(res: JsonResponse, retryAfterS: number, body: Record<string, unknown>): void {
  const seconds = Math.max(1, Math.ceil(Number.isFinite(retryAfterS) ? retryAfterS : RATE_LIMIT_WINDOW_S));
  res.setHeader('Retry-After', String(seconds));
  res.status(429).json({ ...body, retryAfter: seconds });
}
