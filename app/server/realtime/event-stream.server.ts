/**
 * `GET /api/events`: the Server-Sent Events stream of issue 5 (deliverable 2).
 *
 * - Who: a signed-in user (their own, role, `all` and — for staff — `staff` audiences) and/or a
 *   chat visitor (the threads of their cookie); the audiences come from the session and the
 *   cookie only. Nobody → 401. Counted as `api_call` for rate limiting (429); at most
 *   REALTIME_MAX_STREAMS_PER_PRINCIPAL open streams per user or visitor per instance (429).
 * - What: `id:` / `event:` / `data:` frames (JSON); a `ready` event first carrying the cursor;
 *   `resync` when a replay could not be complete; a `ping` every REALTIME_HEARTBEAT_MS (an
 *   event, not a comment, so the browser can tell a silent dead connection).
 * - Reconnects: `Last-Event-ID` (or `?lastEventId=`, for clients that reopen the stream
 *   themselves) replays what was missed.
 */
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { ownThreadIds, readVisitorToken } from '~/server/chat/chat-access.server';
import { REALTIME_HEARTBEAT_MS, REALTIME_MAX_STREAMS_PER_PRINCIPAL, REALTIME_RETRY_MIN_MS } from '~/lib/constants';
import type { Auth } from '../auth/auth.server';
import { getViewer } from '../auth/session.server';
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

/** Creates the Express handler for `GET /api/events`. */
export function createEventStreamHandler(deps: Deps) {
  const openByPrincipal = new Map<string, number>();

  return async (req: ExpressRequest, res: ExpressResponse): Promise<void> => {
    const request = toFetchRequest(req, deps.publicUrl);
    const viewer = await getViewer(request, { auth: deps.auth });
    const token = readVisitorToken(request);
    const threadIds = await ownThreadIds(deps.db, { token, viewer });
    const audiences: Audience[] = [...(viewer ? viewerAudiences(viewer) : []), ...threadIds.map((id) => `thread:${id}` as const)];
    res.setHeader('Cache-Control', 'no-store');
    if (!viewer && threadIds.length === 0) {
      res.status(401).json({ error: 'unauthorized' });
      return;
    }
    const limit = await consumeRateLimit({ db: deps.db, action: 'api_call', client: request.headers.get('x-dimora-client-ip') ?? 'unknown' });
    if (!limit.allowed) {
      res.setHeader('Retry-After', String(limit.retryAfterS));
      res.status(429).json({ error: 'rate_limited', action: limit.action, retryAfter: limit.retryAfterS });
      return;
    }
    const principal = viewer ? `user:${viewer.id}` : `visitor:${token}`;
    const open = openByPrincipal.get(principal) ?? 0;
    if (open >= REALTIME_MAX_STREAMS_PER_PRINCIPAL) {
      res.setHeader('Retry-After', '30');
      res.status(429).json({ error: 'too_many_streams' });
      return;
    }
    openByPrincipal.set(principal, open + 1);

    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    req.socket.setKeepAlive(true);
    req.socket.setNoDelay(true);

    let ended = false;
    let heartbeat: NodeJS.Timeout | undefined;
    let subscription: { close(): void } | undefined;
    const shutdown = () => res.end();
    const end = () => {
      if (ended) return;
      ended = true;
      deps.hub.signal.removeEventListener('abort', shutdown);
      clearInterval(heartbeat);
      subscription?.close();
      const now = (openByPrincipal.get(principal) ?? 1) - 1;
      if (now <= 0) openByPrincipal.delete(principal);
      else openByPrincipal.set(principal, now);
    };
    req.on('close', end);
    res.on('error', end);
    deps.hub.signal.addEventListener('abort', shutdown, { once: true });

    try {
      res.write(`retry: ${REALTIME_RETRY_MIN_MS}\n\n`);
      const lastEventId = readLastEventId(req);
      const ready = { threads: threadIds, signedIn: Boolean(viewer) };
      subscription = await deps.hub.subscribe(
        audiences,
        lastEventId,
        (message) => {
          if (!ended) res.write(render(message));
        },
        // A fresh stream learns where it stands; a resumed one keeps the id it had.
        (cursor) => {
          if (!ended) res.write(frame('ready', ready, lastEventId === null ? cursor : undefined));
        },
      );
      if (ended) {
        subscription.close();
        return;
      }
      heartbeat = setInterval(() => res.write('event: ping\ndata: {}\n\n'), REALTIME_HEARTBEAT_MS);
      heartbeat.unref();
    } catch (error) {
      deps.logger.warn({ err: error }, 'realtime stream could not start');
      end();
      res.end();
    }
  };
}
