/**
 * Password hashing (decision 023): argon2id at OWASP's parameters (m = 19,456 KiB, t = 2,
 * p = 1) through `@node-rs/argon2`, which computes on libuv's thread pool, never on the event
 * loop. Old hashes in better-auth's default scrypt format (`<hex salt>:<hex key>`, N = 2^14,
 * r = 16) still verify, with better-auth's own helper; sign-in then rehashes them (auth.server.ts).
 *
 * At most `concurrency` hashes run at once and at most `maxQueue` wait; beyond that the hasher
 * refuses at once with `PasswordHasherBusyError`, which auth.server.ts turns into HTTP 503 with
 * `Retry-After`. A flood of sign-ins thus costs a bounded amount of memory and CPU and cannot
 * starve page rendering.
 *
 * The queue is per process. With `WEB_CONCURRENCY` workers (decision 032) each worker's
 * share is `hashConcurrencyFor(workers, cores)`, so that the hashes of all workers together use
 * at most every core (never fewer than one per worker).
 */
import os from 'node:os';
import type { Algorithm } from '@node-rs/argon2';
import { verifyPassword as verifyScrypt } from 'better-auth/crypto';
import pLimit from 'p-limit';
import { env } from '../env.server';
import { createArgon2Threads } from './argon2-threads.server';

/** OWASP Password Storage Cheat Sheet, argon2id, first option. Memory in KiB. */
export const ARGON2_PARAMS = {
  algorithm: 2 as Algorithm, // Algorithm.Argon2id (a const enum, not importable as a value)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Hashes running at once in one process (each takes ~19 MiB and one of libuv's 4 threads, which
 * file and compression work share) and hashes allowed to wait.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_MAX_QUEUE = 64;

/**
 * One worker's share of concurrent hashes when `workers` processes share `cores` CPUs (decision 032): ⌊cores ÷ workers⌋, at least 1 and at most HASH_CONCURRENCY. So the hashes of all
 * workers together never exceed the cores (unless there are more workers than cores: then one
 * each), and a flood of sign-ins leaves the other workers' pages a core's worth of room.
 */
export function hashConcurrencyFor(workers: number, cores: number): number {
  return Math.min(HASH_CONCURRENCY, Math.max(1, Math.floor(cores / Math.max(1, workers))));
}
/** Seconds a refused client is told to wait (`Retry-After`). */
export const HASH_RETRY_AFTER_S = 5;

/** The hasher is saturated: answer 503 with `Retry-After: retryAfterS`. */
export class PasswordHasherBusyError extends Error {
  constructor(readonly retryAfterS: number) {
    super('password hasher busy');
    this.name = 'PasswordHasherBusyError';
  }
}

export type PasswordHasher = {
  /** An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`). */
  hash(password: string): Promise<string>;
  /** True when `password` matches `hash` (argon2id, or better-auth's legacy scrypt format). */
  verify(input: { hash: string; password: string }): Promise<boolean>;
  /** Runs `task` in the hasher's queue, refusing like a hash when full (tests hold a slot with it). */
  schedule<T>(task: () => Promise<T>): Promise<T>;
  /** Hashes running plus waiting (for tests and diagnostics). */
  load(): number;
};

/** True when `hash` is not an argon2id hash at the current parameters, so sign-in should rehash. */
export function needsRehash(hash: string): boolean {
  const { memoryCost, timeCost, parallelism } = ARGON2_PARAMS;
  return !hash.startsWith(`$argon2id$v=19$m=${memoryCost},t=${timeCost},p=${parallelism}$`);
}

/**
 * A hasher with its own bounded queue. `concurrency` and `maxQueue` are counts; the cost
 * parameters are always ARGON2_PARAMS (no cheaper variant exists, tests included).
 */
export function createPasswordHasher({
  concurrency = HASH_CONCURRENCY,
  maxQueue = HASH_MAX_QUEUE,
  retryAfterS = HASH_RETRY_AFTER_S,
}: { concurrency?: number; maxQueue?: number; retryAfterS?: number } = {}): PasswordHasher {
  const limit = pLimit(concurrency);
  const threads = createArgon2Threads(concurrency);
  // Full: every slot busy and `maxQueue` already waiting.
  const run = <T>(task: () => Promise<T>): Promise<T> => {
    if (limit.activeCount + limit.pendingCount >= concurrency + maxQueue) return Promise.reject(new PasswordHasherBusyError(retryAfterS));
    return limit(task);
  };
  return {
    hash: (password) => run(() => threads.hash(password.normalize('NFKC'), ARGON2_PARAMS)),
    verify: ({ hash, password }) =>
      run(async () => {
        if (hash.startsWith('$argon2')) return threads.verify(hash, password.normalize('NFKC'));
        // better-auth's scrypt format normalizes to NFKC itself.
        if (/^[0-9a-f]+:[0-9a-f]+$/i.test(hash)) return verifyScrypt({ hash, password });
        return false;
      }),
    schedule: run,
    load: () => limit.activeCount + limit.pendingCount,
  };
}

/**
 * The process's hasher: every sign-in, registration, reset, change and CLI account uses it. Its
 * concurrency is this process's share of the machine (`hashConcurrencyFor`).
 */
export const passwordHasher = createPasswordHasher({ concurrency: hashConcurrencyFor(env.webConcurrency, os.availableParallelism()) });
