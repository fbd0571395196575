/**
 * The browser side of realtime (decision 011): one Server-Sent Events stream per
 * tab, shared by the bell, the chat widget and the staff inbox, and the connectivity state the
 * offline badge shows (spec §4: good or offline, from online/offline events and a check every
 * 60 s).
 *
 * The stream is opened by us rather than left to EventSource's own retries: after an error it is
 * reopened with exponential backoff (1 s doubling to 30 s, with jitter; at once when the browser
 * comes back online), passing the last event id so the server replays what was missed. Event ids
 * already handled are dropped, so a replay never delivers twice.
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { CONNECTIVITY_CHECK_MS, REALTIME_HEARTBEAT_MS, REALTIME_RETRY_MAX_MS, REALTIME_RETRY_MIN_MS } from './constants';

export type Connectivity = 'good' | 'offline';
export type StreamStatus = 'off' | 'connecting' | 'open' | 'retrying';

/** Event types the server sends (see app/server/realtime/events.server.ts) plus the stream's own. */
export const STREAM_EVENT_TYPES = [
  'ready',
  'ping',
  'resync',
  'notification.created',
  'notification.read',
  'notification.refresh',
  'chat.message',
  'chat.thread',
  'maintenance.updated',
  'work_order.updated',
] as const;
export type StreamEventType = (typeof STREAM_EVENT_TYPES)[number];
type Handler = (data: unknown) => void;

type RealtimeContextValue = {
  connectivity: Connectivity;
  status: StreamStatus;
  /** Calls `handler` with each event of `type`; answers the unsubscribe function. */
  subscribe(type: StreamEventType, handler: Handler): () => void;
  /** Opens the stream now (or reopens it, e.g. after starting a chat: new audiences). */
  restart(): void;
};

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

const STREAM_URL = '/api/events';
const SEEN_IDS_KEPT = 500;
/** After this many failed attempts in a row, check whether the server refuses the stream (401). */
const PROBE_EVERY_FAILURES = 3;
/** Without a frame (heartbeats come every REALTIME_HEARTBEAT_MS) for this long, reopen. */
const SILENCE_LIMIT_MS = REALTIME_HEARTBEAT_MS * 2 + 5_000;

/** Waits before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s … 30 s, ±20 % jitter. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(REALTIME_RETRY_MAX_MS, REALTIME_RETRY_MIN_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}

function useConnectivityState(onRecheckNeeded: React.RefObject<(() => void) | null>) {
  const [state, setState] = useState<Connectivity>('good');
  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      if (!navigator.onLine) return setState('offline');
      try {
        const response = await fetch('/healthz', { cache: 'no-store' });
        if (!cancelled) setState(response.ok ? 'good' : 'offline');
      } catch {
        if (!cancelled) setState('offline');
      }
    };
    onRecheckNeeded.current = () => void check();
    const onOnline = () => void check();
    const onOffline = () => setState('offline');
    if (!navigator.onLine) setState('offline');
    window.addEventListener('online', onOnline);
    window.addEventListener('offline', onOffline);
    const timer = window.setInterval(() => void check(), CONNECTIVITY_CHECK_MS);
    return () => {
      cancelled = true;
      onRecheckNeeded.current = null;
      window.removeEventListener('online', onOnline);
      window.removeEventListener('offline', onOffline);
      window.clearInterval(timer);
    };
  }, [onRecheckNeeded]);
  return state;
}

/**
 * Provides connectivity and the event stream to the page. `enabled`: open the stream (a signed-in
 * user, or a visitor with a chat); `restart()` opens it regardless. `identity` (who is signed
 * in): when it changes the stream is reopened, so it carries the new user's events only.
 */
export function RealtimeProvider({ enabled, identity, children }: { enabled: boolean; identity: string; children: React.ReactNode }) {
  const recheck = useRef<(() => void) | null>(null);
  const connectivity = useConnectivityState(recheck);
  const [status, setStatus] = useState<StreamStatus>('off');
  const [forced, setForced] = useState(false);
  const [generation, setGeneration] = useState(0);
  const handlers = useRef(new Map<StreamEventType, Set<Handler>>());
  const lastEventId = useRef<string | null>(null);
  const seen = useRef(new Set<string>());
  const active = enabled || forced;

  const emit = useCallback((type: StreamEventType, data: unknown) => {
    for (const handler of handlers.current.get(type) ?? []) {
      try {
        handler(data);
      } catch (error) {
        console.error(error);
      }
    }
  }, []);

  useEffect(() => {
    if (!active) {
      setStatus('off');
      return;
    }
    let source: EventSource | null = null;
    let timer: number | undefined;
    let watchdog: number | undefined;
    let attempt = 0;
    let stopped = false;

    const retry = (failed: EventSource) => {
      failed.close();
      window.clearTimeout(watchdog);
      if (stopped || source !== failed) return;
      setStatus('retrying');
      recheck.current?.();
      window.clearTimeout(timer);
      const delay = reconnectDelayMs(attempt);
      attempt += 1;
      // EventSource hides the status: after a few failures ask once whether we may listen at all
      // (signed out elsewhere, chat gone); a refusal stops the retries until the next restart.
      if (attempt % PROBE_EVERY_FAILURES === 0) {
        const probe = new AbortController();
        void fetch(STREAM_URL, { signal: probe.signal, cache: 'no-store' })
          .then((response) => {
            probe.abort();
            if (response.status === 401 && !stopped) {
              window.clearTimeout(timer);
              setStatus('off');
            }
          })
          .catch(() => undefined);
      }
      timer = window.setTimeout(open, delay);
    };
    // A stream that went silent (a dead connection the browser has not noticed) is reopened.
    const watch = (current: EventSource) => {
      window.clearTimeout(watchdog);
      watchdog = window.setTimeout(() => retry(current), SILENCE_LIMIT_MS);
    };

    const open = () => {
      window.clearTimeout(timer);
      source?.close();
      setStatus(attempt === 0 ? 'connecting' : 'retrying');
      const url = lastEventId.current ? `${STREAM_URL}?lastEventId=${encodeURIComponent(lastEventId.current)}` : STREAM_URL;
      const next = new EventSource(url);
      source = next;
      for (const type of STREAM_EVENT_TYPES) {
        next.addEventListener(type, (event) => {
          const message = event as MessageEvent<string>;
          watch(next);
          if (message.lastEventId) {
            if (type !== 'ready' && type !== 'resync') {
              if (seen.current.has(message.lastEventId)) return;
              seen.current.add(message.lastEventId);
              if (seen.current.size > SEEN_IDS_KEPT) seen.current.delete(seen.current.values().next().value!);
            }
            lastEventId.current = message.lastEventId;
          }
          if (type === 'ready') {
            attempt = 0;
            setStatus('open');
          }
          let data: unknown = null;
          try {
            data = JSON.parse(message.data);
          } catch {
            return;
          }
          emit(type, data);
        });
      }
      // Take over from EventSource's fixed-interval retries: back off, and let the
      // connectivity check decide whether the badge shows.
      next.onerror = () => retry(next);
      watch(next);
    };
    const onOnline = () => {
      if (source?.readyState === EventSource.OPEN) return;
      attempt = 0;
      open();
    };
    open();
    window.addEventListener('online', onOnline);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      window.clearTimeout(watchdog);
      window.removeEventListener('online', onOnline);
      source?.close();
    };
  }, [active, identity, generation, emit]);

  const subscribe = useCallback((type: StreamEventType, handler: Handler) => {
    let set = handlers.current.get(type);
    if (!set) handlers.current.set(type, (set = new Set()));
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }, []);

  const restart = useCallback(() => {
    setForced(true);
    setGeneration((value) => value + 1);
  }, []);

  const value = useMemo(() => ({ connectivity, status, subscribe, restart }), [connectivity, status, subscribe, restart]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

const OUTSIDE: RealtimeContextValue = {
  connectivity: 'good',
  status: 'off',
  subscribe: () => () => undefined,
  restart: () => undefined,
};

/** The realtime context (a silent stand-in outside a provider, e.g. on error screens). */
export function useRealtime(): RealtimeContextValue {
  return useContext(RealtimeContext) ?? OUTSIDE;
}

/** good / offline (spec §4). */
export function useConnectivity(): Connectivity {
  return useRealtime().connectivity;
}

/** Runs `handler` for every `type` event while mounted (the latest handler is always used). */
export function useRealtimeEvent(type: StreamEventType, handler: Handler): void {
  const { subscribe } = useRealtime();
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => subscribe(type, (data) => latest.current(data)), [subscribe, type]);
}
