/**
 * Server-side error monitoring (decision 019, spec §9): no client without a DSN; a
 * stored DSN starts `@sentry/node`, a changed one restarts it, an empty one stops it — without a
 * restart. Events go to a local HTTP stand-in for Sentry (no network). The CSP lets browsers
 * report to the DSN's host only while one is stored. A failed query's bound values are scrubbed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../security-headers.server';
import { defaultSettings } from '../settings/settings-registry.server';
import {
  captureServerError,
  flushServerMonitoring,
  monitoringConfigOf,
  serverMonitoringState,
  syncServerMonitoring,
} from './monitoring.server';

type Received = { project: string; body: string };
let server: http.Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ project: /^\/api\/(\d+)\//.exec(req.url ?? '')?.[1] ?? '?', body });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await syncServerMonitoring(null);
  await new Promise((resolve) => server.close(resolve));
});

/** Events whose exception is `message` (a body also quotes source lines around stack frames). */
const reported = (message: string) => received.filter((entry) => entry.body.includes(`"value":"${message}"`));
const eventsFor = (project: string, message: string) => reported(message).filter((entry) => entry.project === project);

describe('the server client', () => {
  it('runs only while a DSN is stored, follows a changed DSN, and stops when it is removed', { timeout: 60_000 }, async () => {
    expect(monitoringConfigOf(defaultSettings())).toBeNull();
    await syncServerMonitoring(null);
    expect(serverMonitoringState()).toBeNull();
    captureServerError(new Error('nobody hears this'));

    const first = monitoringConfigOf({ ...defaultSettings(), monitoringDsn: `http://abcdef0123456789@${base}/11`, tracesSampleRate: 0 });
    await syncServerMonitoring(first, { release: '0.0.0-test' });
    expect(serverMonitoringState()).toEqual(first);
    captureServerError(new Error('first failure'), 'err-1');
    await flushServerMonitoring();
    await expect.poll(() => eventsFor('11', 'first failure').length).toBe(1);
    expect(eventsFor('11', 'first failure')[0]!.body).toContain('err-1');

    const second = monitoringConfigOf({ ...defaultSettings(), monitoringDsn: `http://0123456789abcdef@${base}/22`, tracesSampleRate: 0 });
    await syncServerMonitoring(second);
    expect(serverMonitoringState()).toEqual(second);
    captureServerError(new Error('second failure'));
    await flushServerMonitoring();
    await expect.poll(() => eventsFor('22', 'second failure').length).toBe(1);
    expect(eventsFor('11', 'second failure')).toHaveLength(0);

    // A failed query's bound values (user data) never leave; its SQL does.
    // (The address is built at run time: the event also quotes this source line.)
    const address = ['private', 'person@example', 'test'].join('.');
    captureServerError(new Error(`Failed query: select id from "user" where email = $1\nparams: ${address}`));
    await flushServerMonitoring();
    await expect.poll(() => received.filter((entry) => entry.body.includes('where email = $1')).length).toBe(1);
    const failedQuery = received.find((entry) => entry.body.includes('where email = $1'))!.body;
    expect(failedQuery).toContain('params: [scrubbed]');
    expect(failedQuery).not.toContain(address);

    await syncServerMonitoring(null);
    expect(serverMonitoringState()).toBeNull();
    captureServerError(new Error('after stopping'));
    await flushServerMonitoring();
    expect(reported('after stopping')).toHaveLength(0);
    expect(reported('nobody hears this')).toHaveLength(0);
  });
});

describe('the Content-Security-Policy', () => {
  it('allows reports to the DSN’s host (and the replay worker) only while a DSN is stored', () => {
    const off = contentSecurityPolicy('n0nce', { dev: false });
    expect(off).toContain(`connect-src 'self';`);
    expect(off).toContain(`worker-src 'self';`);
    expect(off).not.toMatch(/worker-src[^;]*blob:/);
    const on = contentSecurityPolicy('n0nce', { dev: false, monitoringOrigin: 'https://o4.ingest.sentry.io' });
    expect(on).toContain(`connect-src 'self' https://o4.ingest.sentry.io;`);
    expect(on).toContain(`worker-src 'self' blob:`);
    expect(on).toContain(`script-src 'self' 'nonce-n0nce' 'strict-dynamic'`);
  });
});
