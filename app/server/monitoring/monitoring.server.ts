/**
 * Server-side error monitoring (decision 019, spec §9): `@sentry/node` runs only while
 * a DSN is stored in /admin/system, and follows changes without a restart — started when one is
 * saved, restarted when it or a sample rate changes, closed when it is removed. The SDK is
 * imported on first use, so a server without a DSN never loads it.
 *
 * State lives on `globalThis` because the server (tsx) and the route bundle each load this
 * module; the Sentry SDK keeps its own client globally too.
 */
import type * as Sentry from '@sentry/node';
import { PRIVATE_DATA_COLLECTION, type MonitoringConfig } from '~/lib/monitoring';
import { logger } from '../logger.server';
import type { Settings } from '../settings/settings-registry.server';

type SentryNode = typeof Sentry;
type State = { active: MonitoringConfig | null; sentry: SentryNode | null; chain: Promise<void> };

const STATE = Symbol.for('dimora.monitoring');

function state(): State {
  const holder = globalThis as typeof globalThis & { [STATE]?: State };
  holder[STATE] ??= { active: null, sentry: null, chain: Promise.resolve() };
  return holder[STATE];
}

/** The monitoring configuration the settings describe, or null when no DSN is stored. */
export function monitoringConfigOf(
  settings: Pick<Settings, 'monitoringDsn' | 'tracesSampleRate' | 'replaysSessionSampleRate' | 'replaysOnErrorSampleRate'>,
): MonitoringConfig | null {
  if (!settings.monitoringDsn) return null;
  return {
    dsn: settings.monitoringDsn,
    tracesSampleRate: settings.tracesSampleRate,
    replaysSessionSampleRate: settings.replaysSessionSampleRate,
    replaysOnErrorSampleRate: settings.replaysOnErrorSampleRate,
  };
}

function sameConfig(a: MonitoringConfig | null, b: MonitoringConfig | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Brings the server's Sentry client in line with `config`: nothing when it already matches;
 * otherwise the running client (if any) is flushed and closed and, when `config` is set, a new
 * one starts with its DSN and traces rate. Calls run one after another. Never throws (a failure
 * is logged and leaves monitoring off). `release` names the app version in events.
 */
export function syncServerMonitoring(
  config: MonitoringConfig | null,
  { release, environment }: { release?: string; environment?: string } = {},
): Promise<void> {
  const current = state();
  current.chain = current.chain.then(async () => {
    if (sameConfig(current.active, config)) return;
    try {
      if (current.active && current.sentry) await current.sentry.close(2_000);
      current.active = null;
      if (!config) {
        logger.info('error monitoring off');
        return;
      }
      current.sentry ??= await import('@sentry/node');
      current.sentry.init({
        dsn: config.dsn,
        tracesSampleRate: config.tracesSampleRate,
        dataCollection: { ...PRIVATE_DATA_COLLECTION, httpBodies: [] },
        beforeSend: (event) => scrubQueryParameters(event),
        beforeBreadcrumb: (breadcrumb) =>
          breadcrumb.message ? { ...breadcrumb, message: withoutQueryParameters(breadcrumb.message) } : breadcrumb,
        release,
        environment,
      });
      current.active = config;
      logger.info({ host: new URL(config.dsn).host }, 'error monitoring on');
    } catch (error) {
      current.active = null;
      logger.error({ err: error }, 'error monitoring could not be started');
    }
  });
  return current.chain;
}

/**
 * `text` without the bound values of a failed query: Drizzle's errors read
 * `Failed query: <sql>\nparams: <values>`, and the values are user data (e-mails, names,
 * messages) that must not leave for the monitoring service. The SQL (placeholders only) stays.
 */
export function withoutQueryParameters(text: string): string {
  return text.replace(/\nparams: [\s\S]*$/, '\nparams: [scrubbed]');
}

/** A Sentry event with every exception value and message passed through `withoutQueryParameters`. */
export function scrubQueryParameters<E extends { message?: string; exception?: { values?: Array<{ value?: string }> } }>(event: E): E {
  if (event.message) event.message = withoutQueryParameters(event.message);
  for (const exception of event.exception?.values ?? []) {
    if (exception.value) exception.value = withoutQueryParameters(exception.value);
  }
  return event;
}

/** The configuration the server's client runs with, or null when monitoring is off. */
export function serverMonitoringState(): MonitoringConfig | null {
  return state().active;
}

/**
 * Reports an unexpected server error (the error id is the request id, also logged) when
 * monitoring is on; a no-op otherwise.
 */
export function captureServerError(error: unknown, errorId?: string): void {
  const current = state();
  if (!current.active || !current.sentry) return;
  current.sentry.captureException(error, errorId ? { tags: { error_id: errorId } } : undefined);
}

/** Sends what is queued (tests, shutdown). */
export async function flushServerMonitoring(timeoutMs = 2_000): Promise<void> {
  const current = state();
  await current.chain;
  if (current.active && current.sentry) await current.sentry.flush(timeoutMs);
}
