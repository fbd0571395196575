/**
 * `GET /api/events`: the Server-Sent Events stream of decision 011 (deliverable 2).
 *
 * - From where: a request whose `Origin` (or, without one, `Sec-Fetch-Site`) names another site
 *   answers 403 before any database work (`isFromThisSite`, the rule foreign form posts meet);
 *   same-origin requests and ones without either header (a same-origin EventSource may send
 *   no `Origin`) go on.
 * - Who: a signed-in user (their own, role, `all` and — for staff — `staff` audiences) and/or a
 *   chat visitor (the threads of their cookie); the audiences come from the session and the
 *   cookie only. Nobody → 401. Counted as `api_call` for rate limiting (429), before any lookup;
 *   at most REALTIME_MAX_STREAMS_PER_PRINCIPAL open streams per user or visitor and
 *   REALTIME_MAX_STREAMS_PER_CLIENT per client address, per instance (429). A client that stops
 *   reading is disconnected.
 * - Until when (decision 023): a signed-in stream closes within moments of its session ending — on
 *   any instance, sign-out, ban, password reset and role change publish `session.ended`, which
 *   the hub turns into this stream's end; the session is also re-checked when it would expire
 *   (absolute lifetime or idle timeout) and at least every REALTIME_REAUTH_MS. Those checks are
 *   no user activity.
 * - What: `id:` / `event:` / `data:` frames (JSON); a `ready` event first carrying the cursor;
 *   `resync` when a replay could not be complete; a `ping` every REALTIME_HEARTBEAT_MS (an
 *   event, not a comment, so the browser can tell a silent dead connection).
 * - Reconnects: `Last-Event-ID` (or `?lastEventId=`, for clients that reopen the stream
 *   themselves) replays what was missed.
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { ownThreadIds, readVisitorToken } from '~/server/chat/chat-access.server';
import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_MAX_BUFFERED_BYTES,
  REALTIME_MAX_STREAMS_PER_CLIENT,
  REALTIME_MAX_STREAMS_PER_PRINCIPAL,
  REALTIME_REAUTH_MS,
  REALTIME_RETRY_MIN_MS,
} from '~/lib/constants';
import type { Auth } from '../auth/auth.server';
import { checkViewer, getViewer, mustEnrol, type Viewer } from '../auth/session.server';
import type { Db } from '../db/client.server';
import type { Logger } from '../logger.server';
import { consumeRateLimit, sendTooManyRequests } from '../rate-limit.server';
import { isFromThisSite } from '../security-headers.server';
import { viewerAudiences, type Audience } from './events.server';
import type { RealtimeHub, StreamMessage } from './hub.server';

/** `Retry-After` (seconds) of a refused stream over the per-client or per-user cap. */
const STREAM_RETRY_AFTER_S = 30;

type Deps = { db: Db; auth: Auth; hub: RealtimeHub; logger: Pick<Logger, 'warn'>; publicUrl: string };

/** A Fetch `Request` with the Express request's URL and headers (for the session lookup). */
function toFetchRequest(req: ExpressRequest, publicUrl: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(new URL(req.originalUrl, publicUrl), { headers });
}

/** The last event id the client saw: the standard header, else the query parameter. */
export function readLastEventId(req: Pick<ExpressRequest, 'headers' | 'query'>): number | null {
  const raw = req.headers['last-event-id'] ?? (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : undefined);
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) return null;
  return Number(raw);
}

/** Formats one SSE frame. `data` is JSON, which never contains a raw newline. */
function frame(event: string, data: unknown, id?: number): string {
  return `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

function render(message: StreamMessage): string {
  if (message.kind === 'resync') return frame('resync', {}, message.lastId);
  return frame(message.event.type, message.event.payload, message.event.id);
}

/** Adds one to `key`'s count when below `cap`; answers whether it did. */
function take(counts: Map<string, number>, key: string, cap: number): boolean {
  const open = counts.get(key) ?? 0;
  if (open >= cap) return false;
  counts.set(key, open + 1);
  return true;
}

function give(counts: Map<string, number>, key: string): void {
  const now = (counts.get(key) ?? 1) - 1;
  if (now <= 0) counts.delete(key);
  else counts.set(key, now);
}

/** Longest wait between two session checks of one stream (setTimeout's own limit is ~24.8 days). */
const MAX_CHECK_DELAY_MS = REALTIME_REAUTH_MS;

/**
 * Re-checks an open stream's session when it would expire, and at least every
 * REALTIME_REAUTH_MS (an end the hub could not learn of, e.g. a lost LISTEN connection's, is
 * caught there). A check that finds it gone (the check deletes an expired session, which
 * publishes `session.ended` to every instance), replaced, or given another role calls `close`.
 */
function watchSession(viewer: Viewer, check: () => Promise<Viewer | null>, close: () => void, onEnd: (cleanup: () => void) => void): void {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  onEnd(() => {
    stopped = true;
    clearTimeout(timer);
  });
  const schedule = (current: Viewer) => {
    const endsAt = current.sessionExpiresAt?.getTime() ?? Date.now() + MAX_CHECK_DELAY_MS;
    // A little after the end, so the check finds it past.
    const delay = Math.min(Math.max(endsAt - Date.now() + 50, 0), MAX_CHECK_DELAY_MS);
    timer = setTimeout(() => void run(), delay);
    timer.unref();
  };
  const run = async () => {
    const current = await check().catch(() => viewer);
    if (stopped) return;
    if (!current || current.sessionId !== viewer.sessionId || current.role !== viewer.role) return close();
    schedule(current);
  };
  schedule(viewer);
}

/** Creates the Express handler for `GET /api/events`. */
export function createEventStreamHandler(deps: Deps) {
  const openByPrincipal = new Map<string, number>();
  const openByClient = new Map<string, number>();

  return async (req: ExpressRequest, res: ExpressResponse): Promise<void> => {
    // Registered first: a client gone while we look things up must not leave a stream behind.
    let ended = false;
    const cleanups: (() => void)[] = [];
    const end = () => {
      if (ended) return;
      ended = true;
      for (const cleanup of cleanups.splice(0)) cleanup();
    };
    // A cleanup registered after the end (the client left during an await) runs at once.
    const onEnd = (cleanup: () => void) => {
      if (ended) cleanup();
      else cleanups.push(cleanup);
    };
    res.once('close', end);
    res.once('error', end);
    const gone = () => ended || req.destroyed || res.destroyed;

    res.setHeader('Cache-Control', 'no-store');
    // A page of another site may not read anyone's events with their cookies: refused before
    // anything is counted or looked up, by the same rule as a foreign form post.
    const source = { origin: req.headers.origin, secFetchSite: req.get('sec-fetch-site'), host: req.headers.host };
    if (!isFromThisSite({ ...source, publicOrigin: deps.publicUrl })) {
      res.status(403).json({ error: 'cross_origin' });
      return;
    }
    const client = (req.headers['x-dimora-client-ip'] as string | undefined) ?? 'unknown';
    const limit = await consumeRateLimit({ db: deps.db, action: 'api_call', client });
    if (gone()) return end();
    if (!limit.allowed) {
      sendTooManyRequests(res, limit.retryAfterS, { error: 'rate_limited', action: limit.action });
      return;
    }
    const request = toFetchRequest(req, deps.publicUrl);
    // Taken before the session is read: an end the hub learns of meanwhile still closes the stream.
    const mark = deps.hub.sessionMark();
    const viewer = await getViewer(request, { auth: deps.auth });
    if (gone()) return end();
    // Staff without two-factor sign-in get no staff events (decision 023).
    if (viewer && mustEnrol(viewer)) {
      res.status(403).json({ error: 'two_factor_required' });
      return;
    }
    const token = readVisitorToken(request);
    const threadIds = await ownThreadIds(deps.db, { token, viewer });
    if (gone()) return end();
    if (!viewer && threadIds.length === 0) {
      res.status(401).json({ error: 'unauthorized' });
      return;
    }
    const principal = viewer ? `user:${viewer.id}` : `visitor:${token}`;
    if (!take(openByClient, client, REALTIME_MAX_STREAMS_PER_CLIENT)) {
      sendTooManyRequests(res, STREAM_RETRY_AFTER_S, { error: 'too_many_streams' });
      return;
    }
    onEnd(() => give(openByClient, client));
    if (!take(openByPrincipal, principal, REALTIME_MAX_STREAMS_PER_PRINCIPAL)) {
      end();
      sendTooManyRequests(res, STREAM_RETRY_AFTER_S, { error: 'too_many_streams' });
      return;
    }
    onEnd(() => give(openByPrincipal, principal));
    const audiences: Audience[] = [...(viewer ? viewerAudiences(viewer) : []), ...threadIds.map((id) => `thread:${id}` as const)];

    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setKeepAlive(true);
    req.socket.setNoDelay(true);

    const shutdown = () => res.end();
    deps.hub.signal.addEventListener('abort', shutdown, { once: true });
    onEnd(() => deps.hub.signal.removeEventListener('abort', shutdown));
    // A client that stopped reading is let go rather than buffered without bound; it replays
    // what it missed when it comes back.
    const write = (chunk: string) => {
      if (ended) return;
      res.write(chunk);
      if (res.writableLength > REALTIME_MAX_BUFFERED_BYTES) {
        deps.logger.warn(
          { principal: viewer ? principal : 'visitor', buffered: res.writableLength },
          'realtime client too slow; stream closed',
        );
        res.destroy();
      }
    };

    try {
      write(`retry: ${REALTIME_RETRY_MIN_MS}\n\n`);
      const lastEventId = readLastEventId(req);
      const ready = { threads: threadIds, signedIn: Boolean(viewer) };
      const subscription = await deps.hub.subscribe(
        audiences,
        lastEventId,
        (message) => write(render(message)),
        // A fresh stream learns where it stands; a resumed one keeps the id it had.
        (cursor) => write(frame('ready', ready, lastEventId === null ? cursor : undefined)),
        // Its session ended (on any instance): close; the browser reconnects with whatever it
        // may now receive, or is refused.
        viewer
          ? {
              userId: viewer.id,
              sessionId: viewer.sessionId,
              since: mark,
              onEnded: () => {
                end();
                res.end();
              },
            }
          : undefined,
      );
      onEnd(() => subscription.close());
      if (gone()) return end();

      const heartbeat = setInterval(() => write('event: ping\ndata: {}\n\n'), REALTIME_HEARTBEAT_MS);
      heartbeat.unref();
      onEnd(() => clearInterval(heartbeat));
      if (viewer)
        watchSession(
          viewer,
          () => checkViewer(toFetchRequest(req, deps.publicUrl), { auth: deps.auth }),
          () => res.end(),
          onEnd,
        );
    } catch (error) {
      deps.logger.warn({ err: error }, 'realtime stream could not start');
      end();
      res.end();
    }
  };
}
