/**
 * Bounds the page renders of one process and of one client (decision 053), in front of the React
 * Router handler (server/app.ts). Cache hits, static files, `/media`, the event stream and the
 * health checks are answered before this and never reach it.
 *
 * - **Which requests**: GET and HEAD that reach React Router — documents and `.data` requests,
 *   public or signed in. Form posts (actions) are not gated: they carry bodies that may take
 *   long to arrive (uploads) and have their own rate limits (spec §9).
 * - **Per client** (the client address, as the rate limits see it): at most
 *   `PAGE_RENDER_RATE_LIMIT` renders a minute without a session cookie and
 *   `SIGNED_IN_PAGE_RENDER_RATE_LIMIT` with one, counted in the shared `rate_limit` table
 *   (`consumeCounter`), so every instance counts together. Beyond: 429 with `Retry-After` (the
 *   rest of the window). Signed-in visitors are counted too, by address, with a larger budget: a
 *   session cookie is only a header until a loader checks it, so a budget keyed on its presence
 *   or value could be dodged by sending a made-up one; offices behind one address get room.
 *   When the counter cannot be reached the request goes on (its render needs the database
 *   anyway, and will fail on its own).
 * - **Per process**: at most `concurrency` renders at once (`p-limit`), and at most `maxQueue`
 *   waiting (for the rate counter's answer or for a slot). A request that finds the queue full is answered at once: 503 with `Retry-After` and
 *   a small static page, before any database work — a load balancer or browser retries rather
 *   than waiting for a timeout. A slot is held until the answer's headers go out (the render is
 *   done; a slow reader or a long download does not hold it) or the connection closes.
 */
import os from 'node:os';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import onHeaders from 'on-headers';
import pLimit from 'p-limit';
import enCommon from '~/i18n/locales/en/common.json';
import itCommon from '~/i18n/locales/it/common.json';
import { PAGE_RENDER_RATE_LIMIT, SIGNED_IN_PAGE_RENDER_RATE_FACTOR } from '~/lib/constants';
import { readPreferences } from '~/lib/preferences';
import { CLIENT_IP_HEADER, hasSessionCookieHeader } from './auth/auth.server';
import type { Db } from './db/client.server';
import type { Logger } from './logger.server';
import { consumeCounter } from './rate-counter.server';

export { PAGE_RENDER_RATE_LIMIT };
/** Renders a minute one client address may cause with a session cookie (decision 053): 600. */
export const SIGNED_IN_PAGE_RENDER_RATE_LIMIT = PAGE_RENDER_RATE_LIMIT * SIGNED_IN_PAGE_RENDER_RATE_FACTOR;
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
  /** The database of the rate counters; null: no per-client limit (the gate alone). */
  db: Db | null;
  /** Renders a minute per client without a session cookie; 0: unlimited. Default PAGE_RENDER_RATE_LIMIT. */
  anonymousLimit?: number;
  /** Renders a minute per client with a session cookie; 0: unlimited. Default SIGNED_IN_PAGE_RENDER_RATE_LIMIT. */
  signedInLimit?: number;
  logger?: Pick<Logger, 'warn'>;
};

/** `queued`: admitted requests waiting for the rate counter or a slot. */
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
  db,
  anonymousLimit = PAGE_RENDER_RATE_LIMIT,
  signedInLimit = SIGNED_IN_PAGE_RENDER_RATE_LIMIT,
  logger,
}: RenderGateOptions): RenderGate {
  if (!(concurrency >= 1)) throw new Error('createRenderGate needs concurrency ≥ 1');
  const limit = pLimit(concurrency);
  const counters = { refusedBusy: 0, refusedRateLimit: 0 };
  // Requests between admission and a slot: waiting on the rate counter, or in p-limit's queue.
  let counting = 0;
  const full = () => counting + limit.activeCount + limit.pendingCount >= concurrency + Math.max(0, maxQueue);

  const refuseBusy = (req: Request, res: Response) => {
    counters.refusedBusy += 1;
    sendRefusal(req, res, 503, RENDER_BUSY_RETRY_AFTER_S);
  };

  /** Counts this render for its client; the refusal's wait in seconds, or null to go on. */
  const rateLimited = async (req: Request): Promise<number | null> => {
    const signedIn = hasSessionCookieHeader(req.headers.cookie);
    const budget = signedIn ? signedInLimit : anonymousLimit;
    if (!db || !(budget > 0)) return null;
    const client = (req.headers[CLIENT_IP_HEADER] as string | undefined) ?? req.ip ?? 'unknown';
    try {
      const counted = await consumeCounter({ db, key: `${signedIn ? 'page_render_session' : 'page_render'}:${client}`, limit: budget });
      return counted.allowed ? null : counted.retryAfterS;
    } catch (error) {
      logger?.warn({ err: error }, 'page render rate limit not checked');
      return null;
    }
  };

  const middleware: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      next();
      return;
    }
    // A full queue answers before the rate counter's round trip to the database.
    if (full()) {
      refuseBusy(req, res);
      return;
    }
    // Admitted: it holds its place in the queue while the counter is asked, so a flood waiting
    // on the database is refused at once too (with PGlite the database shares this thread).
    counting += 1;
    rateLimited(req).then(
      (retryAfterS) => {
        counting -= 1;
        if (retryAfterS !== null) {
          counters.refusedRateLimit += 1;
          sendRefusal(req, res, 429, retryAfterS);
          return;
        }
        void limit(
          () =>
            new Promise<void>((release) => {
              // Gone while it waited: nothing to render.
              if (res.destroyed || res.writableEnded) {
                release();
                return;
              }
              res.once('close', () => release());
              onHeaders(res, () => release());
              next();
            }),
        );
      },
      (error: unknown) => {
        counting -= 1;
        next(error);
      },
    );
  };

  return {
    middleware,
    stats: () => ({ active: limit.activeCount, queued: counting + limit.pendingCount, ...counters }),
  };
}
