/**
 * Bounds the page renders of one process and of one client (decision 053), in front of the React
 * Router handler (server/app.ts). Cache hits, static files, `/media`, the event stream and the
 * health checks are answered before this and never reach it. Nothing here touches the database:
 * a refusal costs microseconds, however loaded the instance is.
 *
 * - **Which requests**: GET and HEAD that reach React Router — documents and `.data` requests.
 *   Form posts (actions) are not gated: they carry bodies that may take long to arrive (uploads)
 *   and have their own rate limits (spec §9).
 * - **Signed in or not**: a request is *signed in* when it carries a session cookie signed with
 *   the auth secret (`hasSignedSessionCookie`, an HMAC checked in memory). A made-up cookie does
 *   not pass, so it buys nothing. Whether the session still exists is the loaders' business.
 * - **Per client** (the client address, as the rate limits see it): at most `anonymousLimit`
 *   renders a minute when not signed in and `signedInLimit` when signed in (offices behind one
 *   address need room), counted in this process's memory (fixed one-minute windows in an LRU
 *   of at most `MAX_TRACKED_CLIENTS` addresses). Beyond: 429 with `Retry-After` (the rest of the
 *   window). With N processes a client may get up to N times the budget: the bound is on what
 *   one process renders for it.
 * - **Per process**: anonymous renders run at most `concurrency` at once (`p-limit`) with at most
 *   `maxQueue` waiting; a request that finds the queue full is answered at once with 503,
 *   `Retry-After` and a small static page, and one that has waited `maxWaitMs` without a slot is
 *   answered the same way then (renders slower than usual would otherwise make every queued
 *   visitor wait for several of them: the wait, not only the queue's length, is bounded). A slot is held until the answer's headers go out (the
 *   render is done; a slow reader or a long download does not hold it) or the connection closes.
 *   Signed-in renders are not queued: the visitors the product serves (tenants, staff, vendors)
 *   are never refused or delayed by anonymous traffic, and their own volume is bounded per client.
 */
import os from 'node:os';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import onHeaders from 'on-headers';
import { LRUCache } from 'lru-cache';
import pLimit from 'p-limit';
import enCommon from '~/i18n/locales/en/common.json';
import itCommon from '~/i18n/locales/it/common.json';
import { PAGE_RENDER_RATE_LIMIT, SIGNED_IN_PAGE_RENDER_RATE_FACTOR } from '~/lib/constants';
import { readPreferences } from '~/lib/preferences';
import { CLIENT_IP_HEADER, hasSessionCookieHeader, hasSignedSessionCookie } from './auth/auth.server';

export { PAGE_RENDER_RATE_LIMIT };
/** Renders a minute one client address may cause with a session cookie (decision 053): 600. */
export const SIGNED_IN_PAGE_RENDER_RATE_LIMIT = PAGE_RENDER_RATE_LIMIT * SIGNED_IN_PAGE_RENDER_RATE_FACTOR;
/** Default longest wait for a render slot (ms, env RENDER_MAX_WAIT_MS): half of the 1 s an answer may take under overload. */
export const RENDER_MAX_WAIT_MS = 500;
/** Seconds a client refused by a full queue is asked to wait (`Retry-After`). */
export const RENDER_BUSY_RETRY_AFTER_S = 2;

/** Default renders at once in one process: the cores it may use, at least 2 (env RENDER_CONCURRENCY). */
export function defaultRenderConcurrency(cores = os.availableParallelism()): number {
  return Math.max(2, cores);
}

/** Default renders allowed to wait per process: 4 per slot, a few renders' time (env RENDER_QUEUE). */
export function defaultRenderQueue(concurrency: number): number {
  return concurrency * 4;
}

export type RenderGateOptions = {
  /** Renders at once (≥ 1). */
  concurrency: number;
  /** Renders waiting for a slot (≥ 0); one more is refused with 503. */
  maxQueue: number;
  /** How long a render may wait for a slot (ms) before it is answered 503; 0: as long as it takes. Default RENDER_MAX_WAIT_MS. */
  maxWaitMs?: number;
  /**
   * The auth secret session cookies are signed with; null (tests of the gate alone): any session
   * cookie counts as signed in.
   */
  sessionSecret: string | null;
  /** Renders a minute per client when not signed in; 0: unlimited. Default PAGE_RENDER_RATE_LIMIT. */
  anonymousLimit?: number;
  /** Renders a minute per client when signed in; 0: unlimited. Default SIGNED_IN_PAGE_RENDER_RATE_LIMIT. */
  signedInLimit?: number;
  /** The clock (ms), for tests. */
  now?: () => number;
};

/** Client addresses whose render counts one process keeps (the least recently seen go first). */
export const MAX_TRACKED_CLIENTS = 100_000;
/** The per-client window (ms): the budgets are renders a minute. */
const WINDOW_MS = 60_000;

/** `queued`: anonymous renders waiting for a slot. */
export type RenderGateStats = { active: number; queued: number; refusedBusy: number; refusedRateLimit: number };

export type RenderGate = {
  /** Install right before the React Router handler. */
  middleware: RequestHandler;
  stats(): RenderGateStats;
};

/**
 * The refusal pages' text (common.json `overload`), read from the files themselves: this runs in
 * the Express app outside the Vite build, where `~/i18n/resources.server` (import.meta.glob) is
 * not available.
 */
const OVERLOAD_TEXT = { en: enCommon.overload, it: itCommon.overload } as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * Answers a refused render: `status` with `Retry-After` and `Cache-Control: no-store`, a small
 * static page in the visitor's language (data requests: plain text, which the router shows in
 * its error screen). No database work, no React.
 */
function sendRefusal(req: Request, res: Response, status: 429 | 503, retryAfterS: number): void {
  const headers = new Headers();
  if (req.headers.cookie) headers.set('cookie', req.headers.cookie);
  if (req.headers['accept-language']) headers.set('accept-language', req.headers['accept-language']);
  const { language } = readPreferences(new Request(new URL(req.originalUrl, 'http://x'), { headers }));
  const text = OVERLOAD_TEXT[language][status === 429 ? 'rateLimited' : 'busy'];
  const seconds = Math.max(1, Math.ceil(retryAfterS));
  const title = text.title;
  const message = text.message.replace('{{seconds}}', String(seconds));
  res.status(status);
  res.setHeader('Retry-After', String(seconds));
  res.setHeader('Cache-Control', 'no-store');
  if (req.path.endsWith('.data')) {
    res.type('text/plain').send(message);
    return;
  }
  const nonce = typeof res.locals.cspNonce === 'string' ? ` nonce="${escapeHtml(res.locals.cspNonce)}"` : '';
  res
    .type('html')
    .send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
        `<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Dimora</title>` +
        `<style${nonce}>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5}</style></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Dimora</a></p></main></body></html>`,
    );
}

/** Creates one process's gate (see the module comment). Throws on a concurrency below 1. */
export function createRenderGate({
  concurrency,
  maxQueue,
  maxWaitMs = RENDER_MAX_WAIT_MS,
  sessionSecret,
  anonymousLimit = PAGE_RENDER_RATE_LIMIT,
  signedInLimit = SIGNED_IN_PAGE_RENDER_RATE_LIMIT,
  now = Date.now,
}: RenderGateOptions): RenderGate {
  if (!(concurrency >= 1)) throw new Error('createRenderGate needs concurrency ≥ 1');
  const limit = pLimit(concurrency);
  const counters = { refusedBusy: 0, refusedRateLimit: 0 };
  const full = () => limit.activeCount + limit.pendingCount >= concurrency + Math.max(0, maxQueue);
  // Fixed one-minute windows per client and kind; an entry outlives its window by nothing.
  const windows = new LRUCache<string, { count: number; resetAt: number }>({ max: MAX_TRACKED_CLIENTS });

  /** Counts this render for its client; the refusal's wait in seconds, or null to go on. */
  const rateLimited = (req: Request, signedIn: boolean): number | null => {
    const budget = signedIn ? signedInLimit : anonymousLimit;
    if (!(budget > 0)) return null;
    const client = (req.headers[CLIENT_IP_HEADER] as string | undefined) ?? req.ip ?? 'unknown';
    const key = `${signedIn ? 'session' : 'anonymous'}:${client}`;
    const at = now();
    const window = windows.get(key);
    if (!window || window.resetAt <= at) {
      windows.set(key, { count: 1, resetAt: at + WINDOW_MS });
      return null;
    }
    if (window.count >= budget) return (window.resetAt - at) / 1000;
    window.count += 1;
    return null;
  };

  const middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    const signedIn =
      sessionSecret === null ? hasSessionCookieHeader(req.headers.cookie) : hasSignedSessionCookie(req.headers.cookie, sessionSecret);
    // A full queue answers before anything is counted: the client may retry within its budget.
    if (!signedIn && full()) {
      counters.refusedBusy += 1;
      sendRefusal(req, res, 503, RENDER_BUSY_RETRY_AFTER_S);
      return;
    }
    const retryAfterS = rateLimited(req, signedIn);
    if (retryAfterS !== null) {
      counters.refusedRateLimit += 1;
      sendRefusal(req, res, 429, retryAfterS);
      return;
    }
    if (signedIn) {
      next();
      return;
    }
    // Refused once it has waited maxWaitMs; a slot that comes after that is handed straight on.
    let refused = false;
    const timer =
      maxWaitMs > 0
        ? setTimeout(() => {
            refused = true;
            // A visitor who left meanwhile gets nothing (and is not counted as refused).
            if (res.destroyed || res.writableEnded) return;
            counters.refusedBusy += 1;
            sendRefusal(req, res, 503, RENDER_BUSY_RETRY_AFTER_S);
          }, maxWaitMs)
        : null;
    void limit(
      () =>
        new Promise<void>((release) => {
          if (timer) clearTimeout(timer);
          // Refused, or gone while it waited: nothing to render.
          if (refused || res.destroyed || res.writableEnded) {
            release();
            return;
          }
          res.once('close', () => release());
          onHeaders(res, () => release());
          next();
        }),
    );
  };

  return {
    middleware,
    stats: () => ({ active: limit.activeCount, queued: limit.pendingCount, ...counters }),
  };
}
