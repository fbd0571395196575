/**
 * argon2id in worker threads of lower scheduling priority (decision 032).
 *
 * `@node-rs/argon2`'s async calls run on libuv's thread pool at the same priority as the event
 * loop, so a flood of sign-ins on a machine with as many workers as cores leaves the pages half
 * the CPU at best. Here each hash runs synchronously in a `node:worker_threads` thread that has
 * raised its own nice value (Linux keeps nice values per thread, so the event loop keeps its
 * own): when the machine is busy the scheduler serves page rendering first, and the hasher's
 * bounded queue (password-hash.server.ts) fills and sheds sign-ins with 503 instead. On an idle
 * machine a hash takes as long as before. Where the priority cannot be changed the threads run
 * at normal priority.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The nice value of the hashing threads (0 normal … 19 lowest). */
export const HASH_THREAD_NICE = 10;

/** Runs in each thread: lowers its own priority, then answers `{ id, op, … }` messages. */
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try { require('node:os').setPriority(0, workerData.nice); } catch {}
const argon2 = require(workerData.argon2);
parentPort.on('message', ({ id, op, password, hash, options }) => {
  try {
    const value = op === 'hash' ? argon2.hashSync(password, options) : argon2.verifySync(hash, password);
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

type Pending = { resolve: (value: never) => void; reject: (error: Error) => void };
type Thread = { worker: Worker; pending: Map<number, Pending> };

export type Argon2Threads = {
  /** An argon2 PHC string for `password` with `options` (as `@node-rs/argon2`'s `hash`). */
  hash(password: string, options: object): Promise<string>;
  /** True when `password` matches the PHC string `hash`. */
  verify(hash: string, password: string): Promise<boolean>;
  /** Stops the threads (pending calls are rejected). */
  close(): Promise<void>;
};

/**
 * A pool of `size` hashing threads (≥ 1), started on first use; a call goes to the thread with
 * the fewest calls in flight. A thread that dies rejects its calls and is replaced on next use.
 * Threads hold the process open only while they have calls in flight.
 */
export function createArgon2Threads(size: number, nice = HASH_THREAD_NICE): Argon2Threads {
  const argon2 = createRequire(import.meta.url).resolve('@node-rs/argon2');
  const threads: (Thread | undefined)[] = Array.from({ length: Math.max(1, size) });
  let nextId = 1;

  const start = (slot: number): Thread => {
    const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { nice, argon2 } });
    const thread: Thread = { worker, pending: new Map() };
    const fail = (error: Error) => {
      if (threads[slot] === thread) threads[slot] = undefined;
      for (const call of thread.pending.values()) call.reject(error);
      thread.pending.clear();
    };
    worker.on('message', ({ id, value, error }: { id: number; value?: never; error?: string }) => {
      const call = thread.pending.get(id);
      if (!call) return;
      thread.pending.delete(id);
      if (thread.pending.size === 0) worker.unref();
      if (error === undefined) call.resolve(value as never);
      else call.reject(new Error(error));
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`argon2 thread exited (${code})`)));
    worker.unref();
    threads[slot] = thread;
    return thread;
  };

  const call = <T>(message: Record<string, unknown>): Promise<T> => {
    let slot = 0;
    for (let index = 1; index < threads.length; index++) {
      if ((threads[index]?.pending.size ?? 0) < (threads[slot]?.pending.size ?? 0)) slot = index;
    }
    const thread = threads[slot] ?? start(slot);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      thread.pending.set(id, { resolve: resolve as (value: never) => void, reject });
      thread.worker.ref();
      thread.worker.postMessage({ id, ...message });
    });
  };

  return {
    hash: (password, options) => call<string>({ op: 'hash', password, options }),
    verify: (hash, password) => call<boolean>({ op: 'verify', hash, password }),
    close: async () => {
      await Promise.all(threads.map((thread) => thread?.worker.terminate()));
      threads.fill(undefined);
    },
  };
}
