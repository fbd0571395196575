/**
 * Live pages over the realtime stream (decision 011; decision 026 "live" and item 7):
 * one hook that re-runs the current page's loaders when chosen realtime events arrive, coalescing
 * bursts. The staff inbox, the maintenance queue and request pages, the work-order pages and the
 * project pages all use it, each with its own events and filters.
 *
 * The coalescing itself is a plain timer object (`createCoalescedRunner`), so it is tested without
 * a browser.
 */
import { useEffect, useRef } from 'react';
import { useNavigation, useRevalidator } from 'react-router';
import { useRealtime, type StreamEventType } from './realtime';

/** Waits before a rerun is tried again while the page is still busy (a revalidation or a post). */
export const LIVE_RETRY_MS = 300;

/** A timer that runs `run` once `delayMs` after the last `schedule()`, waiting while `isBusy()`. */
export type CoalescedRunner = {
  /** (Re)starts the wait: bursts of calls end in one run. */
  schedule(): void;
  /** Drops a pending run (on unmount). */
  cancel(): void;
};

/**
 * Answers a runner that calls `run` `delayMs` milliseconds after the last `schedule()`; if
 * `isBusy()` answers true at that moment (e.g. a revalidation already under way, which may have
 * read the data before the event), it tries again every `retryMs` until it is not.
 * Uses the global `setTimeout`/`clearTimeout` (fake timers work in tests).
 */
export function createCoalescedRunner({
  run,
  isBusy,
  delayMs,
  retryMs = LIVE_RETRY_MS,
}: {
  run: () => void;
  isBusy: () => boolean;
  delayMs: number;
  retryMs?: number;
}): CoalescedRunner {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const attempt = () => {
    if (isBusy()) {
      timer = setTimeout(attempt, retryMs);
      return;
    }
    timer = undefined;
    run();
  };
  return {
    schedule() {
      clearTimeout(timer);
      timer = setTimeout(attempt, delayMs);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Which events rerun the loaders: `true` for every event of that type, or a test of its data. */
export type LiveEvents = Partial<Record<StreamEventType, true | ((data: unknown) => boolean)>>;

/**
 * Re-runs the page's loaders (`useRevalidator`) `delayMs` after the last of the `events` that
 * passes its test, never while a revalidation is under way (it waits, then runs, since that one
 * may have read the data before the event) and, with `waitForNavigation`, never while a
 * navigation or form post is under way either (that reloads the data itself once done).
 * The latest `events` tests are always used; the set of event types is subscribed while mounted.
 */
export function useLiveRevalidation(
  events: LiveEvents,
  { delayMs = 150, waitForNavigation = false }: { delayMs?: number; waitForNavigation?: boolean } = {},
): void {
  const { subscribe } = useRealtime();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const latest = useRef({ revalidator, navigationState: navigation.state, events, waitForNavigation });
  latest.current = { revalidator, navigationState: navigation.state, events, waitForNavigation };
  const types = (Object.keys(events) as StreamEventType[]).sort().join(' ');
  useEffect(() => {
    const runner = createCoalescedRunner({
      delayMs,
      isBusy: () =>
        latest.current.revalidator.state !== 'idle' || (latest.current.waitForNavigation && latest.current.navigationState !== 'idle'),
      run: () => void latest.current.revalidator.revalidate(),
    });
    const unsubscribes = (types ? (types.split(' ') as StreamEventType[]) : []).map((type) =>
      subscribe(type, (data) => {
        const test = latest.current.events[type];
        if (test === true || (test && test(data))) runner.schedule();
      }),
    );
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
      runner.cancel();
    };
  }, [subscribe, types, delayMs]);
}
