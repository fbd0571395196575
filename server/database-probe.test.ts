/**
 * Decision 053: /readyz's database probe answers from a recent result at once, runs one ping at
 * a time, and waits for a ping only when it has no result young enough.
 */
import { describe, expect, it } from 'vitest';
import { createDatabaseProbe } from './shutdown';

function controlledPing() {
  const calls: Array<(ok: boolean) => void> = [];
  const ping = () => new Promise<boolean>((resolve) => calls.push(resolve));
  return { ping, calls };
}

describe('createDatabaseProbe', () => {
  it('waits for the first ping, then answers from the result while fresh, and while stale refreshes in the background', async () => {
    let clock = 0;
    const { ping, calls } = controlledPing();
    const probe = createDatabaseProbe({ ping, timeoutMs: 250, freshMs: 1_000, staleMs: 5_000, now: () => clock });
    const first = probe();
    const joined = probe();
    expect(calls).toHaveLength(1);
    calls[0]!(true);
    expect(await first).toBe(true);
    expect(await joined).toBe(true);

    clock = 500;
    expect(await probe()).toBe(true);
    expect(calls).toHaveLength(1);

    // Stale: the last answer at once, one ping started (not two).
    clock = 2_000;
    expect(await probe()).toBe(true);
    expect(await probe()).toBe(true);
    expect(calls).toHaveLength(2);
    calls[1]!(false);
    await Promise.resolve();
    await Promise.resolve();
    expect(await probe()).toBe(false);

    // Too old: the caller waits for a new ping.
    clock = 20_000;
    let settled = false;
    const waited = probe().then((ok) => ((settled = true), ok));
    await Promise.resolve();
    expect(settled).toBe(false);
    calls[2]!(true);
    expect(await waited).toBe(true);
  });

  it('counts a ping that throws as not ready', async () => {
    const probe = createDatabaseProbe({ ping: () => Promise.reject(new Error('gone')) });
    expect(await probe()).toBe(false);
  });
});
