import { describe, expect, it } from 'vitest';
import { HASH_CONCURRENCY, hashConcurrencyFor } from './password-hash.server';

describe("each worker's share of concurrent password hashes (decision 032)", () => {
  it('keeps the hashes of all workers together within the cores', () => {
    for (const [workers, cores] of [
      [1, 2],
      [2, 2],
      [2, 4],
      [4, 4],
      [3, 8],
      [8, 8],
      [16, 16],
    ] as const) {
      const each = hashConcurrencyFor(workers, cores);
      expect(each * workers, `${workers} workers on ${cores} cores`).toBeLessThanOrEqual(cores);
      expect(each).toBeGreaterThanOrEqual(1);
    }
    expect(hashConcurrencyFor(2, 2)).toBe(1);
    expect(hashConcurrencyFor(2, 4)).toBe(2);
  });

  it('never gives one process more than HASH_CONCURRENCY (libuv has 4 threads for files and compression too)', () => {
    expect(HASH_CONCURRENCY).toBe(2);
    expect(hashConcurrencyFor(1, 2)).toBe(2);
    expect(hashConcurrencyFor(1, 32)).toBe(2);
    expect(hashConcurrencyFor(2, 32)).toBe(2);
  });

  it('gives every worker one hash when there are more workers than cores', () => {
    expect(hashConcurrencyFor(6, 2)).toBe(1);
    expect(hashConcurrencyFor(0, 2)).toBe(2);
  });
});
