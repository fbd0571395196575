import { describe, expect, it } from 'vitest';
import { REALTIME_RETRY_MAX_MS, REALTIME_RETRY_MIN_MS } from './constants';
import { reconnectDelayMs } from './realtime';

describe('reconnectDelayMs (event stream backoff)', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((attempt) => reconnectDelayMs(attempt, middle))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(REALTIME_RETRY_MIN_MS).toBe(1_000);
    expect(REALTIME_RETRY_MAX_MS).toBe(30_000);
  });

  it('spreads clients by ±20 % so a restarted server is not hit by all of them at once', () => {
    expect(reconnectDelayMs(2, () => 0)).toBe(3_200);
    expect(reconnectDelayMs(2, () => 0.999_999)).toBe(4_800);
    expect(reconnectDelayMs(20, () => 0.999_999)).toBe(36_000);
  });
});
