/**
 * The browser side of error monitoring (spec §9): DSNs are checked (public ones only), and the
 * client is loaded and started only when a DSN is stored — once per page — with the stored
 * sample rates and masked replays (decision 019).
 */
import { describe, expect, it, vi } from 'vitest';
import { parseSentryDsn, startBrowserMonitoring, type BrowserSentry, type MonitoringConfig } from './monitoring';

describe('parseSentryDsn', () => {
  it('accepts public DSNs and answers the origin events go to', () => {
    expect(parseSentryDsn('https://abcdef0123456789@o123.ingest.sentry.io/4505')).toEqual({
      origin: 'https://o123.ingest.sentry.io',
      publicKey: 'abcdef0123456789',
      projectId: '4505',
    });
    expect(parseSentryDsn('https://abcdef0123456789@sentry.internal:9000/sub/path/7')?.origin).toBe('https://sentry.internal:9000');
    expect(parseSentryDsn('http://abcdef0123456789@127.0.0.1:9000/7')?.origin).toBe('http://127.0.0.1:9000');
  });

  it('refuses secret keys, other schemes, missing parts and junk', () => {
    for (const dsn of [
      'https://public:secret@o1.ingest.sentry.io/1',
      'ftp://abcdef0123456789@o1.ingest.sentry.io/1',
      'http://abcdef0123456789@o1.ingest.sentry.io/1',
      'https://o1.ingest.sentry.io/1',
      'https://abcdef0123456789@o1.ingest.sentry.io/',
      'https://abcdef0123456789@o1.ingest.sentry.io/1?x=1',
      'https://abc@o1.ingest.sentry.io/1',
      'not a dsn',
      `https://abcdef0123456789@${'a'.repeat(300)}.io/1`,
    ]) {
      expect(parseSentryDsn(dsn), dsn).toBeNull();
    }
  });
});

describe('startBrowserMonitoring', () => {
  const config: MonitoringConfig = {
    dsn: 'https://abcdef0123456789@o1.ingest.sentry.io/2',
    tracesSampleRate: 0.1,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
  };

  function fakeSentry() {
    const sentry = {
      init: vi.fn(),
      browserTracingIntegration: vi.fn(() => 'tracing'),
      replayIntegration: vi.fn((options: unknown) => ({ replay: options })),
      close: vi.fn(async () => true),
    } satisfies BrowserSentry;
    return { sentry, load: vi.fn(async () => sentry) };
  }

  it('loads nothing without a DSN; with one, loads the SDK once and starts it with the stored rates and masked replays; stops when the DSN goes', async () => {
    const { sentry, load } = fakeSentry();
    expect(await startBrowserMonitoring(null, load)).toBe(false);
    expect(await startBrowserMonitoring(undefined, load)).toBe(false);
    expect(load).not.toHaveBeenCalled();

    const [a, b] = await Promise.all([startBrowserMonitoring(config, load), startBrowserMonitoring(config, load)]);
    expect([a, b]).toEqual([true, true]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(sentry.init).toHaveBeenCalledTimes(1);
    expect(sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: config.dsn,
        tracesSampleRate: 0.1,
        replaysSessionSampleRate: 0.1,
        replaysOnErrorSampleRate: 1,
        dataCollection: expect.objectContaining({ cookies: false, httpBodies: [], userInfo: false }),
        integrations: ['tracing', { replay: { maskAllText: true, blockAllMedia: true } }],
      }),
    );
    expect(await startBrowserMonitoring(null, load)).toBe(false);
    expect(sentry.close).toHaveBeenCalledTimes(1);
  });

  it('a chunk that cannot load leaves monitoring off, to be tried again later', async () => {
    const load = vi.fn(async (): Promise<BrowserSentry> => {
      throw new Error('offline');
    });
    expect(await startBrowserMonitoring(config, load)).toBe(false);
    const { sentry, load: working } = fakeSentry();
    expect(await startBrowserMonitoring(config, working)).toBe(true);
    expect(sentry.init).toHaveBeenCalledTimes(1);
    await startBrowserMonitoring(null, working);
  });
});
