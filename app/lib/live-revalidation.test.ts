import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescedRunner } from './live-revalidation';

describe('createCoalescedRunner (live page reloads)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once, delayMs after the last of a burst of events', () => {
    const run = vi.fn();
    const runner = createCoalescedRunner({ run, isBusy: () => false, delayMs: 200 });
    for (let i = 0; i < 50; i++) {
      runner.schedule();
      vi.advanceTimersByTime(10);
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(189);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('waits while busy (a reload under way may predate the event), retrying every 300 ms, then runs', () => {
    const run = vi.fn();
    let busy = true;
    const runner = createCoalescedRunner({ run, isBusy: () => busy, delayMs: 150 });
    runner.schedule();
    vi.advanceTimersByTime(150 + 300 * 3);
    expect(run).not.toHaveBeenCalled();
    busy = false;
    vi.advanceTimersByTime(299);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('cancel drops the pending run (unmount)', () => {
    const run = vi.fn();
    const runner = createCoalescedRunner({ run, isBusy: () => false, delayMs: 150 });
    runner.schedule();
    runner.cancel();
    vi.advanceTimersByTime(1_000);
    expect(run).not.toHaveBeenCalled();
  });
});
