/**
 * `GET /api/events`: the Server-Sent Events stream of issue 5 (deliverable 2).
 *
 * - Who: a signed-in user (their own, role, `all` and — for staff — `staff` audiences) and/or a
 *   chat visitor (the threads of their cookie); the audiences come from the session and the
 *   cookie only. Nobody → 401. Counted as `api_call` for rate limiting (429), before any lookup;
 *   at most REALTIME_MAX_STREAMS_PER_PRINCIPAL open streams per user or visitor and
 *   REALTIME_MAX_STREAMS_PER_CLIENT per client address, per instance (429). The session is
 *   checked again every REALTIME_REAUTH_MS; a client that stops reading is disconnected.
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
import { getViewer, mustEnrol } from '../auth/session.server';
import type { Db } from '../db/client.server';
import type { Logger } from '../logger.server';
import { consumeRateLimit } from '../rate-limit.server';
import { viewerAudiences, type Audience } from './events.server';
import type { RealtimeHub, StreamMessage } from './hub.server';

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
    const client = (req.headers['x-dimora-client-ip'] as string | undefined) ?? 'unknown';
    const limit = await consumeRateLimit({ db: deps.db, action: 'api_call', client });
    if (gone()) return end();
    if (!limit.allowed) {
      res.setHeader('Retry-After', String(limit.retryAfterS));
      res.status(429).json({ error: 'rate_limited', action: limit.action, retryAfter: limit.retryAfterS });
      return;
    }
    const request = toFetchRequest(req, deps.publicUrl);
    const viewer = await getViewer(request, { auth: deps.auth });
    if (gone()) return end();
    // Staff without two-factor sign-in get no staff events (issue 14 item 1).
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
      res.setHeader('Retry-After', '30');
      res.status(429).json({ error: 'too_many_streams' });
      return;
    }
    onEnd(() => give(openByClient, client));
    if (!take(openByPrincipal, principal, REALTIME_MAX_STREAMS_PER_PRINCIPAL)) {
      end();
      res.setHeader('Retry-After', '30');
      res.status(429).json({ error: 'too_many_streams' });
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
        deps.logger.warn({ principal: viewer ? principal : 'visitor', buffered: res.writableLength }, 'realtime client too slow; stream closed');
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
      );
      onEnd(() => subscription.close());
      if (gone()) return end();

      let sinceCheck = 0;
      const heartbeat = setInterval(() => {
        write('event: ping\ndata: {}\n\n');
        sinceCheck += REALTIME_HEARTBEAT_MS;
        if (!viewer || sinceCheck < REALTIME_REAUTH_MS) return;
        sinceCheck = 0;
        // Signed out, banned, or given another role since the stream opened: close it; the
        // browser reconnects with whatever it may now receive.
        void getViewer(toFetchRequest(req, deps.publicUrl), { auth: deps.auth })
          .then((current) => {
            if (!current || current.sessionId !== viewer.sessionId || current.role !== viewer.role) res.end();
          })
          .catch(() => undefined);
      }, REALTIME_HEARTBEAT_MS);
      heartbeat.unref();
      onEnd(() => clearInterval(heartbeat));
    } catch (error) {
      deps.logger.warn({ err: error }, 'realtime stream could not start');
      end();
      res.end();
    }
  };
}
