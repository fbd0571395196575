/**
 * All cores (decision 032): the primary process of `WEB_CONCURRENCY` HTTP
 * workers (`node:cluster`). server/index.ts does the one-time work (migrations, demo seed, first
 * admin) in the primary, then calls `startCluster`, which forks the workers; each runs the whole
 * server (its own pool, realtime hub and settings listener) and Node hands the shared port's
 * connections to them in turn. Worker slot 0 also runs the job runner (see server/index.ts).
 *
 * - A worker that dies is forked again in its slot after 1 s, 2 s, 4 s … (at most 30 s); a
 *   worker that had run 30 s before dying starts the count afresh. Never a tight loop.
 * - SIGTERM / SIGINT on the primary is passed to every worker, which drains as a single process
 *   does (server/shutdown.ts); the primary exits 0 once all have exited 0 (1 otherwise, or when
 *   one is still running SHUTDOWN_DRAIN_MS + 15 s later: it is killed).
 */
import cluster from 'node:cluster';
import type { Logger } from '../app/server/logger.server';

/** First restart delay after a worker died (ms); it doubles with each quick death. */
export const RESTART_BASE_MS = 1_000;
/** The longest restart delay (ms). */
export const RESTART_MAX_MS = 30_000;
/** A worker that ran this long (ms) before dying is restarted after RESTART_BASE_MS again. */
export const STABLE_AFTER_MS = 30_000;
/** After SHUTDOWN_DRAIN_MS, how long (ms) workers may take to finish before they are killed. */
export const STOP_GRACE_MS = 15_000;

/** Delay (ms) before restarting a slot whose worker died `deaths` times in a row (1 = the first). */
export function restartDelayMs(deaths: number): number {
  return Math.min(RESTART_MAX_MS, RESTART_BASE_MS * 2 ** Math.max(0, deaths - 1));
}

/** What the supervisor needs of one worker process (a cluster worker, or a test's fake). */
export type SupervisedWorker = {
  readonly pid: number | undefined;
  kill(signal: NodeJS.Signals): void;
  /** `listener` is called once, when the process has exited. */
  onExit(listener: (code: number | null, signal: string | null) => void): void;
};

export type Supervisor = {
  /**
   * Passes `signal` to every worker, cancels pending restarts and resolves with the exit code for
   * the primary: 0 when every worker exited with 0 (or, still starting, was ended by `signal`
   * itself), else 1 (also when one had to be killed after `stopGraceMs`). Calling it again
   * answers the same promise.
   */
  stop(signal: NodeJS.Signals): Promise<number>;
  /** The pids of the workers running now, by slot order. */
  pids(): number[];
};

/**
 * Keeps `count` workers running, one per slot 0 … count - 1, forking each with `fork(slot)`.
 * A worker that exits while no stop is under way is logged and forked again after
 * `restartDelayMs` (`now` and the timers are injectable for tests).
 */
export function superviseWorkers({
  count,
  fork,
  logger,
  stopGraceMs,
  now = Date.now,
}: {
  count: number;
  fork: (slot: number) => SupervisedWorker;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
  stopGraceMs: number;
  now?: () => number;
}): Supervisor {
  type Slot = { worker: SupervisedWorker | null; startedAt: number; deaths: number; restart: NodeJS.Timeout | null };
  const slots: Slot[] = Array.from({ length: count }, () => ({ worker: null, startedAt: 0, deaths: 0, restart: null }));
  let stopping: Promise<number> | null = null;
  let stopSignal: NodeJS.Signals | null = null;
  let failedExit = false;
  let allExited: () => void = () => undefined;

  const live = () => slots.filter((slot) => slot.worker !== null).length;

  const start = (index: number) => {
    const slot = slots[index]!;
    slot.restart = null;
    const worker = fork(index);
    slot.worker = worker;
    slot.startedAt = now();
    worker.onExit((code, signal) => {
      slot.worker = null;
      if (stopping) {
        // A worker still starting has no handler yet: the stop signal itself ends it, cleanly.
        if (code !== 0 && !(code === null && signal === stopSignal)) failedExit = true;
        if (live() === 0) allExited();
        return;
      }
      slot.deaths = now() - slot.startedAt >= STABLE_AFTER_MS ? 1 : slot.deaths + 1;
      const delayMs = restartDelayMs(slot.deaths);
      logger.error({ slot: index, workerPid: worker.pid, code, signal, restartInMs: delayMs }, 'worker exited; restarting it');
      slot.restart = setTimeout(() => start(index), delayMs);
    });
  };
  for (let index = 0; index < count; index += 1) start(index);

  return {
    stop(signal) {
      stopSignal ??= signal;
      stopping ??= new Promise<number>((resolve) => {
        for (const slot of slots) {
          if (slot.restart) clearTimeout(slot.restart);
          slot.restart = null;
        }
        const force = setTimeout(() => {
          logger.error(
            { workerPids: slots.flatMap((slot) => (slot.worker?.pid ? [slot.worker.pid] : [])) },
            'workers still running after the drain: killing them',
          );
          for (const slot of slots) slot.worker?.kill('SIGKILL');
          failedExit = true;
        }, stopGraceMs);
        force.unref();
        allExited = () => {
          clearTimeout(force);
          resolve(failedExit ? 1 : 0);
        };
        if (live() === 0) allExited();
        for (const slot of slots) {
          try {
            slot.worker?.kill(signal);
          } catch {
            // Already gone: its exit event follows.
          }
        }
      });
      return stopping;
    },
    pids: () => slots.flatMap((slot) => (slot.worker?.pid ? [slot.worker.pid] : [])),
  };
}

/**
 * The cluster's primary: forks `count` workers running `exec` (the server entry, compiled or source), each told its
 * slot and the worker count through DIMORA_WORKER_SLOT and WEB_CONCURRENCY, restarts those that
 * die, and on SIGTERM/SIGINT stops them all and exits (`drainMs`: SHUTDOWN_DRAIN_MS).
 */
export function startCluster({
  count,
  exec,
  args,
  logger,
  drainMs,
}: {
  count: number;
  exec: string;
  args: string[];
  logger: Logger;
  drainMs: number;
}): Supervisor {
  cluster.setupPrimary({ exec, args });
  const log = logger.child({ pid: process.pid, role: 'primary' });
  const supervisor = superviseWorkers({
    count,
    logger: log,
    stopGraceMs: drainMs + STOP_GRACE_MS,
    fork: (slot) => {
      const worker = cluster.fork({ WEB_CONCURRENCY: String(count), DIMORA_WORKER_SLOT: String(slot) });
      return {
        get pid() {
          return worker.process.pid;
        },
        kill: (signal) => worker.process.kill(signal),
        onExit: (listener) => worker.once('exit', listener),
      };
    },
  });
  log.info({ workers: count }, `started ${count} workers`);
  const stop = (signal: NodeJS.Signals) => {
    log.info({ signal }, 'stopping the workers');
    void supervisor.stop(signal).then((code) => {
      log.info({ code }, 'every worker has stopped');
      process.exit(code);
    });
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  return supervisor;
}
