/**
 * Error monitoring (decision 019, spec §9 "Error-monitoring sample rates … The
 * monitoring client is initialised only when a stored monitoring setting exists"). The DSN and
 * the sample rates are edited in /admin/system; a Sentry DSN is public by nature (it is meant
 * for browsers), so the root loader hands it to the page when one is stored. Client-safe.
 *
 * Privacy (DESIGN favours it over the source): session replays mask every text and block every
 * image and video, although spec §9 says the source turned both off; see decision 019.
 */

/** What the browser needs to start monitoring; `null` when no DSN is stored. */
export type MonitoringConfig = {
  dsn: string;
  /** Share of page loads traced, 0–1 (spec §9: 0.1). */
  tracesSampleRate: number;
  /** Share of sessions recorded, 0–1 (spec §9: 0.1). */
  replaysSessionSampleRate: number;
  /** Share of sessions with an error recorded, 0–1 (spec §9: 1). */
  replaysOnErrorSampleRate: number;
};

/** spec §9: the sample rates before anyone edits them. */
export const DEFAULT_SAMPLE_RATES = {
  tracesSampleRate: 0.1,
  replaysSessionSampleRate: 0.1,
  replaysOnErrorSampleRate: 1,
} as const;

/** The longest DSN accepted. */
export const MAX_DSN_LENGTH = 300;

/**
 * What reports may carry (decision 019): no user details, cookies, headers, query strings
 * (reset tokens), request or response bodies (passwords, card fields), query data or local
 * variables. Errors keep their message, stack and the page or route they happened on.
 */
export const PRIVATE_DATA_COLLECTION = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [],
  urlQueryParams: false,
  databaseQueryData: false,
  stackFrameVariables: false,
} as const;

export type ParsedDsn = { origin: string; publicKey: string; projectId: string };

/**
 * A Sentry DSN (`https://<public key>@<host>[/<path>]/<project id>`) split into the origin its
 * events go to, its public key and project id; `null` when `value` is not one. A DSN that
 * carries a secret key (`key:secret@`) is refused: only public DSNs may reach a browser. Plain
 * `http:` is accepted for a loopback host only (a local stand-in or relay).
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export function parseSentryDsn(value: string): ParsedDsn | null {
  if (value.length > MAX_DSN_LENGTH || /\s/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  // Events carry error details: https only, except to a stand-in on this machine (loopback).
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))) return null;
  if (!/^[A-Za-z0-9]{8,64}$/.test(url.username) || url.password !== '') return null;
  if (url.search !== '' || url.hash !== '') return null;
  const projectId = url.pathname.split('/').pop() ?? '';
  if (!/^\d{1,20}$/.test(projectId)) return null;
  return { origin: url.origin, publicKey: url.username, projectId };
}

/** The part of `@sentry/react` the browser uses (kept narrow so tests can stand in for it). */
export type BrowserSentry = {
  init(options: Record<string, unknown>): unknown;
  browserTracingIntegration(): unknown;
  replayIntegration(options: { maskAllText: boolean; blockAllMedia: boolean }): unknown;
  close(timeout?: number): PromiseLike<boolean>;
};

/** The options the browser client starts with: the stored rates, replays masked (decision 019). */
export function browserSentryOptions(
  config: MonitoringConfig,
  sentry: Pick<BrowserSentry, 'browserTracingIntegration' | 'replayIntegration'>,
) {
  return {
    dsn: config.dsn,
    tracesSampleRate: config.tracesSampleRate,
    replaysSessionSampleRate: config.replaysSessionSampleRate,
    replaysOnErrorSampleRate: config.replaysOnErrorSampleRate,
    dataCollection: PRIVATE_DATA_COLLECTION,
    integrations: [sentry.browserTracingIntegration(), sentry.replayIntegration({ maskAllText: true, blockAllMedia: true })],
  };
}

let started: Promise<BrowserSentry> | null = null;

/**
 * Starts the browser client once per page load when `config` is set, loading `@sentry/react`
 * only then (a dynamic import, so pages without a DSN never download it). A later `null`
 * (the DSN was removed) closes the client. Answers whether a client is running afterwards.
 * `load` is injectable for tests.
 */
export async function startBrowserMonitoring(
  config: MonitoringConfig | null | undefined,
  load: () => Promise<BrowserSentry> = () => import('@sentry/react'),
): Promise<boolean> {
  if (!config) {
    if (started) {
      const running = started;
      started = null;
      await (await running).close(2_000);
    }
    return false;
  }
  // One client per page load (a second call while loading waits for the first); a changed DSN
  // takes effect on the next full page load.
  started ??= load().then((sentry) => {
    sentry.init(browserSentryOptions(config, sentry));
    return sentry;
  });
  try {
    await started;
    return true;
  } catch {
    // The chunk could not load (offline, blocked): monitoring is best effort.
    started = null;
    return false;
  }
}
