/**
 * Decision 023: every 429 the app answers carries `Retry-After` (whole seconds), through the
 * real Express app: the auth endpoints' and the event stream's `api_call` limit
 * (`sendTooManyRequests`), the Express-level net for any 429 that lacks one, and the answers of
 * loaders and actions (`tooManyRequests`). The per-account lockout, the per-IP sign-in limit,
 * the verification link and the paste guard's per-user limit are proved in their own tests
 * (account-lockout, auth-routes, security-events).
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimit } from '~/server/db/schema';
import { sendTooManyRequests } from '~/server/rate-limit.server';
import { rateLimitedAnswer, tooManyRequests } from '~/server/responses.server';
import { retryAfterNet } from '../../server/app';
import { startInstance, type TestInstance } from '../setup/realtime';
import { createTestDatabase, type TestDatabase } from '../setup/test-db';

let database: TestDatabase;
let instance: TestInstance;
let base: string;

beforeAll(async () => {
  database = await createTestDatabase();
  instance = await startInstance(database, { uploadsDir: os.tmpdir() });
  base = instance.url;
});

afterAll(async () => {
  await instance?.close();
  await database?.close();
});

describe('Retry-After on every 429', () => {
  it('the auth endpoints and the event stream, once the client used its api_call minute', async () => {
    // This client (the loopback address) has used its 100 calls of the minute.
    await database.db
      .insert(rateLimit)
      .values({ key: 'api_call:127.0.0.1', count: 100 })
      .onConflictDoUpdate({ target: rateLimit.key, set: { count: 100 } });
    for (const target of ['/api/auth/get-session', '/api/events']) {
      const response = await fetch(`${base}${target}`);
      expect(response.status, target).toBe(429);
      const seconds = Number(response.headers.get('retry-after'));
      expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= 60, `${target}: ${seconds}`).toBe(true);
      expect(await response.json()).toMatchObject({ error: 'rate_limited', action: 'api_call', retryAfter: seconds });
    }
  });

  it('the Express net adds Retry-After to a 429 that lacks one and keeps one that is set', async () => {
    const app = express();
    app.use(retryAfterNet);
    app.get('/bare', (_req, res) => {
      res.status(429).end();
    });
    app.get('/head', (_req, res) => {
      res.writeHead(429, { 'Content-Type': 'text/plain' }).end('slow down');
    });
    app.get('/own', (_req, res) => {
      sendTooManyRequests(res, 12.2, { error: 'too_many_streams' });
    });
    app.get('/fine', (_req, res) => {
      res.status(200).end();
    });
    const local = await new Promise<http.Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    const at = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${at}/bare`)).headers.get('retry-after')).toBe('60');
      expect((await fetch(`${at}/head`)).headers.get('retry-after')).toBe('60');
      const own = await fetch(`${at}/own`);
      expect([own.status, own.headers.get('retry-after')]).toEqual([429, '13']);
      expect(await own.json()).toEqual({ error: 'too_many_streams', retryAfter: 13 });
      expect((await fetch(`${at}/fine`)).headers.get('retry-after')).toBeNull();
    } finally {
      await new Promise((resolve) => local.close(resolve));
    }
  });

  it('loaders and actions answer 429 through tooManyRequests, with whole seconds of at least 1', () => {
    const headersOf = (answer: { init: ResponseInit | null }) => new Headers(answer.init?.headers);
    const limited = rateLimitedAnswer({ action: 'login', retryAfterS: 42 }) as unknown as { init: ResponseInit | null; data: unknown };
    expect([limited.init?.status, headersOf(limited).get('Retry-After')]).toEqual([429, '42']);
    expect(limited.data).toMatchObject({ rateLimited: { action: 'login', retryAfterS: 42 } });
    const rounded = tooManyRequests({ ok: false }, 0.2) as unknown as { init: ResponseInit | null };
    expect([rounded.init?.status, headersOf(rounded).get('Retry-After')]).toEqual([429, '1']);
  });
});
