/**
 * The bell's list (spec §4 "Notification"): loaded from /api/notifications when the bell mounts
 * (once its event stream is open) and whenever asked (the popover opening, a `notification.refresh` or `resync` event), and kept
 * current between loads by the realtime events — a new notification is prepended, a read one is
 * marked — and by the user's own clicks, applied at once (spec §7: mark-read failures are
 * ignored silently; the server's own `notification.read` event settles every tab).
 *
 * Events that arrive while a load is in flight are applied again on top of its answer, so a
 * notification created between the server's query and the answer's arrival is never lost.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRealtime, useRealtimeEvent } from '~/lib/realtime';
import type { NotificationView } from '~/server/realtime/events.server';
import { applyChange, type BellChange, type BellState } from '../bell-state';

const ENDPOINT = '/api/notifications';
/** How long the first load waits for the event stream before going ahead without it. */
const STREAM_WAIT_MS = 2_000;
/** A refresh reaches every open tab of a role or of everyone at once: spread their reloads. */
const REFRESH_SPREAD_MS = 1_500;

function isNotificationView(value: unknown): value is NotificationView {
  const item = value as Partial<NotificationView> | null;
  return typeof item?.id === 'number' && typeof item.title === 'string' && typeof item.createdAt === 'string';
}

function isList(value: unknown): value is { items: NotificationView[]; unread: number } {
  const body = value as { items?: unknown; unread?: unknown } | null;
  return Array.isArray(body?.items) && body.items.every(isNotificationView) && typeof body.unread === 'number';
}

/** Posts a mark-read command; failures are ignored (spec §7 "failures ignored silently"). */
function postCommand(fields: Record<string, string>): void {
  void fetch(ENDPOINT, { method: 'POST', body: new URLSearchParams(fields), credentials: 'same-origin' }).catch(() => undefined);
}

/**
 * The bell's state and commands. `onLoadFailed` runs when a load fails (spec §8: "Failed to load
 * notifications").
 */
export function useNotifications({ onLoadFailed }: { onLoadFailed: () => void }) {
  const [state, setState] = useState<BellState>({ status: 'loading', items: [], unread: 0 });
  const inFlight = useRef<AbortController | null>(null);
  /** Changes seen since the current load started (null when none is in flight). */
  const buffered = useRef<BellChange[] | null>(null);
  const failed = useRef(onLoadFailed);
  failed.current = onLoadFailed;
  const refreshTimer = useRef<number | undefined>(undefined);
  const started = useRef(false);
  const latest = useRef(state);
  latest.current = state;

  const load = useCallback(async () => {
    started.current = true;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    buffered.current = [];
    setState((current) => (current.status === 'error' ? { ...current, status: 'loading' } : current));
    try {
      const response = await fetch(ENDPOINT, {
        headers: { Accept: 'application/json' },
        cache: 'no-store',
        credentials: 'same-origin',
        signal: controller.signal,
      });
      if (!response.ok) throw new Error(`notifications answered ${response.status}`);
      const body: unknown = await response.json();
      if (!isList(body)) throw new Error('notifications answered an unexpected body');
      if (inFlight.current !== controller) return;
      const changes = buffered.current ?? [];
      inFlight.current = null;
      buffered.current = null;
      setState(changes.reduce(applyChange, { status: 'ready', items: body.items, unread: body.unread }));
    } catch {
      if (controller.signal.aborted || inFlight.current !== controller) return;
      inFlight.current = null;
      buffered.current = null;
      setState((current) => ({ ...current, status: 'error' }));
      failed.current();
    }
  }, []);

  const change = useCallback((next: BellChange) => {
    buffered.current?.push(next);
    setState((current) => applyChange(current, next));
  }, []);

  // The first load waits for the event stream to be open: whatever is created after that arrives
  // live, whatever before is in the answer, so nothing falls between the two. It happens again
  // after every reconnect; without a stream (it failed, or is slow) it happens after a moment.
  const { status: streamStatus } = useRealtime();
  const streamOpen = streamStatus === 'open';
  useEffect(() => {
    if (streamOpen) {
      void load();
      return;
    }
    if (started.current) return;
    const timer = window.setTimeout(() => void load(), STREAM_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [streamOpen, load]);

  useEffect(
    () => () => {
      inFlight.current?.abort();
      window.clearTimeout(refreshTimer.current);
    },
    [],
  );

  useRealtimeEvent('notification.created', (data) => {
    const notification = (data as { notification?: unknown } | null)?.notification;
    if (isNotificationView(notification)) change({ kind: 'created', notification });
  });
  useRealtimeEvent('notification.read', (data) => {
    const ids = (data as { ids?: unknown } | null)?.ids;
    if (ids === 'all') return change({ kind: 'read', ids: 'all' });
    if (!Array.isArray(ids)) return;
    const numbers = ids.filter((id): id is number => typeof id === 'number');
    change({ kind: 'read', ids: numbers });
    // One older than the list (beyond the 50 shown): only the server knows whether it was unread.
    if (numbers.some((id) => !latest.current.items.some((item) => item.id === id))) void load();
  });
  useRealtimeEvent('notification.refresh', () => {
    window.clearTimeout(refreshTimer.current);
    refreshTimer.current = window.setTimeout(() => void load(), Math.random() * REFRESH_SPREAD_MS);
  });
  useRealtimeEvent('resync', () => void load());

  /** Marks one notification read here at once, and on the server. */
  const markRead = useCallback(
    (id: number) => {
      change({ kind: 'read', ids: [id] });
      postCommand({ intent: 'read', id: String(id) });
    },
    [change],
  );

  /** spec §4 "Mark all read". */
  const markAllRead = useCallback(() => {
    change({ kind: 'read', ids: 'all' });
    postCommand({ intent: 'read-all' });
  }, [change]);

  return { state, live: streamOpen, load, markRead, markAllRead };
}
