/**
 * The realtime hub of one server instance (decision 011, DESIGN §2, §6): it keeps the open event
 * streams of this instance, listens on REALTIME_CHANNEL, and hands every published event to the
 * streams whose audiences include it — whichever instance published it.
 *
 * Guarantees, per stream:
 * - only events of the stream's own audiences (the event-stream handler derives them from the
 *   session and the chat cookie, never from the request's parameters);
 * - each event at most once (ids already sent are remembered), in id order within a batch;
 * - nothing missed across a reconnect: `subscribe` with the last id the browser saw first
 *   replays the stored events after it, holding live ones back until the replay is written;
 * - nothing missed across a lost LISTEN connection: after it is back every stream catches up.
 *
 * A stream opened with a session ends when a `session.ended` event (decision 023) names its session
 * or its user, whichever instance published it: the hub calls its `onEnded` and forgets it. These
 * control events are never sent to a browser nor replayed; after a lost LISTEN connection the
 * hub reads those published meanwhile too.
 *
 * Stored events are pruned after EVENT_RETENTION_MS; a client whose last id is older than that
 * (or who missed more than REPLAY_LIMIT events) is told to `resync` and reloads its lists.
 */
import { setMaxListeners } from 'node:events';
import { and, asc, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import type { Database } from '../db/client.server';
import { realtimeEvent } from '../db/schema';
import type { Logger } from '../logger.server';
import {
  CONTROL_AUDIENCE,
  parseContentSignal,
  parseNotifyPayload,
  parseSessionEnded,
  REALTIME_CHANNEL,
  type StoredEvent,
} from './events.server';

/** Stored events are kept a day (a laptop closed overnight resyncs instead of replaying). */
export const EVENT_RETENTION_MS = 24 * 60 * 60 * 1_000;
/** The most events one reconnect replays; beyond it the client resyncs. */
export const REPLAY_LIMIT = 500;
/** How many sent ids a stream remembers to drop duplicates. */
const SEEN_IDS_KEPT = 2_000;
const PRUNE_EVERY_MS = 60 * 60 * 1_000;
/** How many recent `session.ended` events a hub remembers for streams being set up. */
const RECENT_ENDS_KEPT = 1_000;

/** What a stream receives: stored events, and `resync` when a replay cannot be complete. */
export type StreamMessage = { kind: 'event'; event: StoredEvent } | { kind: 'resync'; lastId: number };

/**
 * The session a stream belongs to, what to do when it ends (close the response), and the
 * hub's `sessionMark()` taken before the session was read: an end dispatched since then (while
 * the stream was being set up) ends the stream at once.
 */
export type StreamSession = { userId: string; sessionId: string; onEnded: () => void; since?: number };

export type Subscription = {
  /** The id to announce to a fresh stream so that its next reconnect replays from here. */
  readonly cursor: number;
  close(): void;
};

export type RealtimeHub = {
  /**
   * Opens a stream for `audiences`. With `lastEventId`, first replays what was stored after it.
   * `send` is called synchronously for each message, in order; `onReady(cursor)` once, after a
   * `resync` (if any) and before the first event. With `session`, a `session.ended` event naming
   * that session or user calls `session.onEnded` once and closes the subscription.
   */
  subscribe(
    audiences: readonly string[],
    lastEventId: number | null,
    send: (message: StreamMessage) => void,
    onReady?: (cursor: number) => void,
    session?: StreamSession,
  ): Promise<Subscription>;
  /** A position in this hub's sequence of ended sessions; take it before reading the session. */
  sessionMark(): number;
  /** Open streams on this instance. */
  connections(): number;
  /**
   * Calls `listener` when any instance commits a change to a table the public pages show (decision 031: `content:<table>` signals from migration 0019's triggers) with that table's name,
   * and with null after a lost LISTEN connection is back (anything may have changed meanwhile).
   * Answers `stop()`.
   */
  onContentChange(listener: ContentListener): () => void;
  /** Aborted by `close()`: open streams end themselves (browsers reconnect elsewhere). */
  readonly signal: AbortSignal;
  /** Stops listening and pruning, and aborts `signal`. */
  close(): Promise<void>;
};

/** Told the table a content signal names, or null when the hub may have missed signals. */
export type ContentListener = (table: string | null) => void;

type Stream = {
  audiences: readonly string[];
  send: (message: StreamMessage) => void;
  seen: Set<number>;
  /** Events held back while the replay runs; null once live. */
  pending: StoredEvent[] | null;
  lastSentId: number;
  closed: boolean;
  session: StreamSession | null;
  close: () => void;
};

/**
 * Creates the hub and starts listening. Throws when the LISTEN connection cannot be opened.
 */
export async function createRealtimeHub({
  database,
  logger,
}: {
  database: Database;
  logger: Pick<Logger, 'warn' | 'error'>;
}): Promise<RealtimeHub> {
  const { db } = database;
  const byAudience = new Map<string, Set<Stream>>();
  const bySession = new Map<string, Set<Stream>>();
  const byUser = new Map<string, Set<Stream>>();
  let count = 0;
  const contentListeners = new Set<ContentListener>();
  const signalContent = (table: string | null) => {
    for (const listener of contentListeners) {
      try {
        listener(table);
      } catch (error) {
        logger.error({ err: error }, 'realtime content listener failed');
      }
    }
  };
  // The newest event id this hub has dispatched: after a lost LISTEN connection, control events
  // published since are read from here.
  let controlCursor = 0;

  const index = (map: Map<string, Set<Stream>>, key: string, stream: Stream) => {
    let set = map.get(key);
    if (!set) map.set(key, (set = new Set()));
    set.add(stream);
  };
  const unindex = (map: Map<string, Set<Stream>>, key: string, stream: Stream) => {
    const set = map.get(key);
    set?.delete(stream);
    if (set?.size === 0) map.delete(key);
  };

  // The latest ends, numbered in dispatch order, for streams still being set up.
  let endedSeq = 0;
  const recentlyEnded: { seq: number; sessionIds: Set<string>; userIds: Set<string> }[] = [];
  const endedSince = (since: number, session: StreamSession) =>
    recentlyEnded.some((entry) => entry.seq > since && (entry.sessionIds.has(session.sessionId) || entry.userIds.has(session.userId)));

  /** Ends the streams of the sessions and users a `session.ended` event names. */
  const endSessions = (event: StoredEvent) => {
    const { sessionIds, userIds } = parseSessionEnded(event.payload);
    endedSeq += 1;
    recentlyEnded.push({ seq: endedSeq, sessionIds: new Set(sessionIds), userIds: new Set(userIds) });
    if (recentlyEnded.length > RECENT_ENDS_KEPT) recentlyEnded.splice(0, recentlyEnded.length - RECENT_ENDS_KEPT);
    const ending = new Set<Stream>();
    for (const id of sessionIds) for (const stream of bySession.get(id) ?? []) ending.add(stream);
    for (const id of userIds) for (const stream of byUser.get(id) ?? []) ending.add(stream);
    for (const stream of ending) {
      const onEnded = stream.session?.onEnded;
      stream.close();
      try {
        onEnded?.();
      } catch (error) {
        logger.warn({ err: error }, 'realtime stream could not be ended');
      }
    }
  };

  const deliver = (stream: Stream, event: StoredEvent) => {
    if (stream.closed || stream.seen.has(event.id)) return;
    if (stream.pending) {
      stream.pending.push(event);
      return;
    }
    stream.seen.add(event.id);
    if (stream.seen.size > SEEN_IDS_KEPT) {
      const oldest = stream.seen.values().next().value;
      if (oldest !== undefined) stream.seen.delete(oldest);
    }
    stream.lastSentId = Math.max(stream.lastSentId, event.id);
    try {
      stream.send({ kind: 'event', event });
    } catch (error) {
      logger.warn({ err: error }, 'realtime stream write failed');
    }
  };

  const fetchEvents = (ids: number[]) =>
    db
      .select({ id: realtimeEvent.id, audience: realtimeEvent.audience, type: realtimeEvent.type, payload: realtimeEvent.payload })
      .from(realtimeEvent)
      .where(inArray(realtimeEvent.id, ids))
      .orderBy(asc(realtimeEvent.id));

  const dispatch = (events: StoredEvent[]) => {
    for (const event of events) {
      controlCursor = Math.max(controlCursor, event.id);
      if (event.audience === CONTROL_AUDIENCE) {
        if (event.type === 'session.ended') endSessions(event);
        continue;
      }
      for (const stream of byAudience.get(event.audience) ?? []) deliver(stream, event);
    }
  };

  // Notifications arrive in commit order; fetching is async, so chain them to keep that order.
  let chain: Promise<void> = Promise.resolve();
  const onNotify = (payload: string) => {
    const table = parseContentSignal(payload);
    if (table !== null) {
      signalContent(table);
      return;
    }
    const ids = parseNotifyPayload(payload);
    if (ids.length === 0 || count === 0) return;
    chain = chain
      .then(async () => dispatch(await fetchEvents(ids)))
      .catch((error: unknown) => logger.error({ err: error }, 'realtime events could not be read'));
  };

  const replay = async (audiences: readonly string[], afterId: number) =>
    db
      .select({ id: realtimeEvent.id, audience: realtimeEvent.audience, type: realtimeEvent.type, payload: realtimeEvent.payload })
      .from(realtimeEvent)
      .where(and(inArray(realtimeEvent.audience, [...audiences]), gt(realtimeEvent.id, afterId)))
      .orderBy(asc(realtimeEvent.id))
      .limit(REPLAY_LIMIT + 1);

  // After the LISTEN connection was lost, whatever was published meanwhile is in the table.
  const catchUp = () => {
    signalContent(null);
    const streams = new Set([...byAudience.values()].flatMap((set) => [...set]));
    chain = chain.then(async () => {
      try {
        const control = await db
          .select({ id: realtimeEvent.id, audience: realtimeEvent.audience, type: realtimeEvent.type, payload: realtimeEvent.payload })
          .from(realtimeEvent)
          .where(and(eq(realtimeEvent.audience, CONTROL_AUDIENCE), gt(realtimeEvent.id, controlCursor)))
          .orderBy(asc(realtimeEvent.id));
        dispatch(control);
      } catch (error) {
        logger.error({ err: error }, 'realtime catch-up of ended sessions failed');
      }
      for (const stream of streams) {
        if (stream.closed || stream.pending) continue;
        try {
          for (const event of await replay(stream.audiences, stream.lastSentId)) deliver(stream, event);
        } catch (error) {
          logger.error({ err: error }, 'realtime catch-up failed');
        }
      }
    });
  };

  const [newest] = await db.select({ id: sql<number>`coalesce(max(${realtimeEvent.id}), 0)`.mapWith(Number) }).from(realtimeEvent);
  controlCursor = newest?.id ?? 0;
  const stopListening = await database.listen(REALTIME_CHANNEL, onNotify, catchUp);

  const prune = () =>
    db
      .delete(realtimeEvent)
      .where(lt(realtimeEvent.createdAt, new Date(Date.now() - EVENT_RETENTION_MS)))
      .catch((error: unknown) => logger.warn({ err: error }, 'realtime prune failed'));
  const pruneTimer = setInterval(() => void prune(), PRUNE_EVERY_MS);
  pruneTimer.unref();
  const closing = new AbortController();
  // Every open stream listens for the shutdown: thousands of listeners are expected.
  setMaxListeners(0, closing.signal);

  return {
    async subscribe(audiences, lastEventId, send, onReady, session) {
      const close = () => {
        if (stream.closed) return;
        stream.closed = true;
        count -= 1;
        for (const audience of audiences) unindex(byAudience, audience, stream);
        if (session) {
          unindex(bySession, session.sessionId, stream);
          unindex(byUser, session.userId, stream);
        }
      };
      const stream: Stream = {
        audiences,
        send,
        seen: new Set(),
        pending: [],
        lastSentId: 0,
        closed: false,
        session: session ?? null,
        close,
      };
      for (const audience of audiences) index(byAudience, audience, stream);
      if (session) {
        index(bySession, session.sessionId, stream);
        index(byUser, session.userId, stream);
      }
      count += 1;
      if (session?.since !== undefined && endedSince(session.since, session)) {
        // Ended while the stream was being set up: nothing is sent.
        close();
        session.onEnded();
        return { cursor: 0, close };
      }
      try {
        const [latest] = await db.select({ id: sql<number>`coalesce(max(${realtimeEvent.id}), 0)`.mapWith(Number) }).from(realtimeEvent);
        const cursor = latest?.id ?? 0;
        let backlog: StoredEvent[] = [];
        if (lastEventId !== null && lastEventId > cursor) {
          // An id this database never issued (it was reset): start again from here.
          stream.send({ kind: 'resync', lastId: cursor });
          lastEventId = cursor;
        } else if (lastEventId !== null && lastEventId < cursor) {
          const [oldest] = await db.select({ id: min(realtimeEvent.id) }).from(realtimeEvent);
          backlog = await replay(audiences, lastEventId);
          // Pruned past the client's position, or too much to replay: the client reloads.
          const pruned = oldest?.id != null && Number(oldest.id) > lastEventId + 1;
          if (pruned || backlog.length > REPLAY_LIMIT) {
            backlog = [];
            stream.send({ kind: 'resync', lastId: cursor });
          }
        }
        const held = stream.pending ?? [];
        stream.pending = null;
        stream.lastSentId = Math.max(stream.lastSentId, lastEventId ?? cursor);
        onReady?.(cursor);
        for (const event of backlog) deliver(stream, event);
        for (const event of held.sort((a, b) => a.id - b.id)) deliver(stream, event);
        return { cursor: Math.max(cursor, stream.lastSentId), close };
      } catch (error) {
        close();
        throw error;
      }
    },
    sessionMark: () => endedSeq,
    connections: () => count,
    onContentChange(listener) {
      contentListeners.add(listener);
      return () => contentListeners.delete(listener);
    },
    signal: closing.signal,
    async close() {
      clearInterval(pruneTimer);
      closing.abort();
      await stopListening();
    },
  };
}
