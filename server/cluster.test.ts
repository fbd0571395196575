/**
 * The cluster primary's supervision (decision 032), with fake workers and fake timers: dead
 * workers come back in their slot after a growing delay (never a tight loop), the count starts
 * afresh after a worker that had run a while, and a stop passes the signal to every worker and
 * answers the primary's exit code. The real processes are tested in tests/integration/cluster.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RESTART_BASE_MS, RESTART_MAX_MS, STABLE_AFTER_MS, restartDelayMs, superviseWorkers, type SupervisedWorker } from './cluster';

type Fake = SupervisedWorker & { slot: number; signals: NodeJS.Signals[]; exit(code: number | null, signal?: string | null): void };

function harness() {
  let nextPid = 100;
  const forked: Fake[] = [];
  const errors: unknown[] = [];
  const fork = (slot: number): Fake => {
    let listener: ((code: number | null, signal: string | null) => void) | undefined;
    const fake: Fake = {
      pid: nextPid++,
      slot,
      signals: [],
      kill: (signal) => fake.signals.push(signal),
      onExit: (l) => (listener = l),
      exit: (code, signal = null) => listener?.(code, signal),
    };
    forked.push(fake);
    return fake;
  };
  const logger = { info: () => undefined, warn: () => undefined, error: (details: unknown) => errors.push(details) };
  return { fork, forked, errors, logger };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('restart delays', () => {
  it('double from 1 s with each quick death, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
    expect(RESTART_BASE_MS).toBe(1_000);
    expect(RESTART_MAX_MS).toBe(30_000);
  });
});

describe('superviseWorkers', () => {
  it('forks one worker per slot and forks a dead one again in its slot, later each time it dies quickly', async () => {
    const h = harness();
    const supervisor = superviseWorkers({ count: 2, fork: h.fork, logger: h.logger, stopGraceMs: 5_000, now: () => Date.now() });
    expect(h.forked.map((w) => w.slot)).toEqual([0, 1]);
    expect(supervisor.pids()).toEqual([100, 101]);

    h.forked[1]!.exit(null, 'SIGKILL');
    expect(supervisor.pids()).toEqual([100]);
    expect(h.errors).toEqual([expect.objectContaining({ slot: 1, workerPid: 101, signal: 'SIGKILL', restartInMs: 1_000 })]);
    await vi.advanceTimersByTimeAsync(999);
    expect(h.forked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.forked.map((w) => w.slot)).toEqual([0, 1, 1]);
    expect(supervisor.pids()).toEqual([100, 102]);

    // It dies again at once: 2 s, then 4 s.
    h.forked[2]!.exit(1);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(h.forked).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.forked).toHaveLength(4);
    h.forked[3]!.exit(1);
    expect(h.errors.at(-1)).toMatchObject({ restartInMs: 4_000 });

    // A worker that had run STABLE_AFTER_MS before dying is restarted after 1 s again.
    await vi.advanceTimersByTimeAsync(4_000);
    await vi.advanceTimersByTimeAsync(STABLE_AFTER_MS);
    h.forked[4]!.exit(1);
    expect(h.errors.at(-1)).toMatchObject({ slot: 1, restartInMs: 1_000 });
  });

  it('on stop passes the signal to every worker, restarts nothing, and answers 0 when all exited cleanly', async () => {
    const h = harness();
    const supervisor = superviseWorkers({ count: 3, fork: h.fork, logger: h.logger, stopGraceMs: 5_000 });
    h.forked[2]!.exit(null, 'SIGKILL');
    const stopped = supervisor.stop('SIGTERM');
    expect(supervisor.stop('SIGTERM')).toBe(stopped);
    expect(h.forked.map((w) => w.signals)).toEqual([['SIGTERM'], ['SIGTERM'], []]);
    // The restart that was pending is cancelled.
    await vi.advanceTimersByTimeAsync(4_000);
    expect(h.forked).toHaveLength(3);
    let code: number | undefined;
    void stopped.then((value) => (code = value));
    h.forked[0]!.exit(0);
    await Promise.resolve();
    expect(code).toBeUndefined();
    // A worker still starting (no handler yet) is ended by the signal itself: still clean.
    h.forked[1]!.exit(null, 'SIGTERM');
    await expect(stopped).resolves.toBe(0);
  });

  it('answers 1 when a worker fails to stop cleanly, and kills those still running after the grace period', async () => {
    const failing = harness();
    const supervisor = superviseWorkers({ count: 2, fork: failing.fork, logger: failing.logger, stopGraceMs: 5_000 });
    const stopped = supervisor.stop('SIGTERM');
    failing.forked[0]!.exit(1);
    failing.forked[1]!.exit(0);
    await expect(stopped).resolves.toBe(1);

    const stuck = harness();
    const other = superviseWorkers({ count: 2, fork: stuck.fork, logger: stuck.logger, stopGraceMs: 5_000 });
    const forced = other.stop('SIGTERM');
    stuck.forked[0]!.exit(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(stuck.forked[1]!.signals).toEqual(['SIGTERM', 'SIGKILL']);
    stuck.forked[1]!.exit(null, 'SIGKILL');
    await expect(forced).resolves.toBe(1);
  });
});
