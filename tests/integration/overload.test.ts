/**
 * Decision 053, through the real Express app and React Router's handler over a stub build whose
 * page loaders count renders and can be held: junk query parameters cannot multiply renders
 * (documents are redirected to their canonical URL, data requests are keyed and rendered on it);
 * one client gets 429 with Retry-After once its render budget is spent, while cache hits never
 * consult the counter; a full render queue answers 503 with Retry-After at once; /healthz and
 * /readyz answer while the gate is full. Runs on PGlite and PostgreSQL.
 */
import os from 'node:os';
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HtmlCache } from '~/server/html-cache.server';
import type { RenderGate } from '~/server/render-gate.server';
import type { AppOptions } from '../../server/app';
import { startInstance, type TestInstance } from '../setup/realtime';
import { TEST_AUTH_SECRET } from '../setup/auth-services';
import { createStubBuild, type StubBuild } from '../setup/stub-build';
import { createTestDatabase, type TestDatabase } from '../setup/test-db';

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

let database: TestDatabase;
const instances: TestInstance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  for (const instance of instances) await instance.close();
  await database?.close();
});

type Started = { base: string; stub: StubBuild; gate: RenderGate; cache: HtmlCache | null };

/** One app over the stub build; `overrides` replace the options (cache on for 60 s, loopback trusted as proxy). */
async function start(overrides: Partial<AppOptions> = {}): Promise<Started> {
  const stub = createStubBuild();
  let internals!: { renderGate: RenderGate; htmlCache: HtmlCache | null };
  const instance = await startInstance(database, {
    uploadsDir: os.tmpdir(),
    build: stub.build,
    htmlCacheTtlMs: 60_000,
    trustProxy: 'loopback',
    onInternals: (value) => (internals = value),
    ...overrides,
  });
  instances.push(instance);
  return { base: instance.url, stub, gate: internals.renderGate, cache: internals.htmlCache };
}

/** A session cookie signed with the tests' auth secret, as better-auth signs it (its session need not exist). */
const signedSessionCookie = (token: string) =>
  `dimora.session_token=${encodeURIComponent(`${token}.${createHmac('sha256', TEST_AUTH_SECRET).update(token).digest('base64')}`)}`;

const get = (base: string, target: string, headers: Record<string, string> = {}, redirect: RequestRedirect = 'manual') =>
  fetch(`${base}${target}`, { headers, redirect });

describe(`canonical cache keys (${kind})`, () => {
  let app: Started;
  beforeAll(async () => {
    app = await start();
  });

  it('redirects a page with junk parameters to its canonical URL: /properties?r=1 and ?r=2 make one render', async () => {
    for (const junk of ['r=1', 'r=2']) {
      const response = await get(app.base, `/properties?${junk}`);
      expect(response.status, junk).toBe(301);
      expect(response.headers.get('location')).toBe('/properties');
      expect(response.headers.get('cache-control')).toBe('public, max-age=3600');
    }
    const first = await get(app.base, '/properties?r=1', {}, 'follow');
    const second = await get(app.base, '/properties?r=2', {}, 'follow');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.headers.get('x-cache')).toBe('miss');
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(app.stub.renders.get('routes/properties')).toBe(1);
    expect(await second.text()).not.toContain('r=');
  });

  it('drops defaults, invalid values and unknown parameters, keeps the page’s own, lang and chat=open, in the page’s order', async () => {
    const cases: [string, string][] = [
      ['/properties?location=TX&sort=newest&page=1&utm_source=mail', '/properties?location=TX'],
      ['/properties?minPrice=abc&capacity=9&page=2&page=3', '/properties?page=2'],
      ['/properties?view=map&page=4&sort=price_asc', '/properties?sort=price_asc&view=map'],
      ['/properties?minPrice=3000&maxPrice=1000', '/properties?minPrice=1000&maxPrice=3000'],
      ['/apartments?view=map&location=%20Austin%20', '/apartments?location=Austin'],
      ['/about?lang=xx&chat=open&ref=ad', '/about?chat=open'],
      ['/?lang=it&fbclid=1', '/?lang=it'],
    ];
    for (const [from, to] of cases) {
      const response = await get(app.base, from);
      expect(`${from} ${response.status}`).toBe(`${from} 301`);
      expect(response.headers.get('location'), from).toBe(to);
    }
    // Canonical already, in any order: no redirect.
    for (const target of [
      '/properties?sort=price_asc&location=TX',
      '/properties?location=TX&sort=price_asc',
      '/about?lang=en',
      '/properties',
    ])
      expect((await get(app.base, target)).status, target).toBe(200);
    // Other pages and data requests are never redirected.
    expect((await get(app.base, '/nowhere?r=1')).status).not.toBe(301);
  });

  it('keys a data request on its canonical query and renders it with that query: junk and unknown route ids make one render', async () => {
    const before = app.stub.renders.get('routes/apartments') ?? 0;
    const targets = [
      '/apartments.data?location=TX&r=1',
      '/apartments.data?r=2&location=TX',
      '/apartments.data?location=TX&sort=newest',
      '/apartments.data?location=TX&_x=9',
    ];
    const answers = [];
    for (const target of targets) {
      const response = await get(app.base, target);
      expect(response.status, target).toBe(200);
      answers.push(response.headers.get('x-cache'));
      await response.text();
    }
    expect(answers).toEqual(['miss', 'hit', 'hit', 'hit']);
    expect(app.stub.renders.get('routes/apartments')).toBe(before + 1);
    // The loader saw the canonical URL, never the junk.
    expect(app.stub.urls.at(-1)).toBe('/apartments?location=TX');

    // `_routes`: only the ids of routes that match the page count, in any order.
    const routed = app.stub.renders.get('routes/about') ?? 0;
    for (const routes of ['routes/about,junk-1', 'junk-2,routes/about', 'routes/about,routes/about,routes/properties']) {
      const response = await get(app.base, `/about.data?_routes=${routes}`);
      expect(response.status, routes).toBe(200);
      await response.text();
    }
    expect(app.stub.renders.get('routes/about')).toBe(routed + 1);
  });
});

describe(`per-client render budget (${kind})`, () => {
  let app: Started;
  const client = { 'x-forwarded-for': '198.51.100.23' };
  beforeAll(async () => {
    app = await start({ render: { concurrency: 4, maxQueue: 4, rateLimit: 3 } });
  });

  it('answers 429 with Retry-After and a page in the visitor’s language once a client has used its budget', async () => {
    for (let i = 1; i <= 3; i += 1) expect((await get(app.base, `/nowhere-${i}`, client)).status, `render ${i}`).toBe(200);
    const refused = await get(app.base, '/nowhere-4', client);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await refused.text()).toContain('Too many requests');
    const italian = await get(app.base, '/nowhere-5', { ...client, 'accept-language': 'it-IT,it;q=0.9' });
    expect(italian.status).toBe(429);
    expect(await italian.text()).toContain('Troppe richieste');
    expect(app.stub.renders.get('routes/not-found')).toBe(3);
    // Another client is not affected.
    expect((await get(app.base, '/nowhere-6', { 'x-forwarded-for': '198.51.100.99' })).status).toBe(200);
    expect(app.gate.stats().refusedRateLimit).toBe(2);
  });

  it('serves cache hits to a client over its budget', async () => {
    // Stored by another client's render.
    expect((await get(app.base, '/about', { 'x-forwarded-for': '198.51.100.77' })).headers.get('x-cache')).toBe('miss');
    const refusals = app.gate.stats().refusedRateLimit;
    const hit = await get(app.base, '/about', client);
    expect(hit.status).toBe(200);
    expect(hit.headers.get('x-cache')).toBe('hit');
    expect(app.gate.stats().refusedRateLimit).toBe(refusals);
  });

  it('gives a signed session cookie a larger budget of its own, and a made-up one none', async () => {
    const forged = await get(app.base, '/nowhere-7', {
      ...client,
      cookie: `dimora.session_token=${encodeURIComponent('token.' + 'A'.repeat(43) + '=')}`,
    });
    expect(forged.status).toBe(429);
    const signed = await get(app.base, '/nowhere-8', { ...client, cookie: signedSessionCookie('token-1') });
    expect(signed.status).toBe(200);
  });
});

describe(`the render gate (${kind})`, () => {
  let app: Started;
  beforeAll(async () => {
    app = await start({ render: { concurrency: 1, maxQueue: 1, rateLimit: 0 } });
  });

  it('answers 503 with Retry-After at once when the queue is full, while cache hits, /healthz and /readyz still answer', async () => {
    // A cached page, stored before the gate fills.
    expect((await get(app.base, '/properties')).headers.get('x-cache')).toBe('miss');
    expect((await get(app.base, '/readyz')).status).toBe(200);

    const release = app.stub.hold();
    let settled = false;
    const running = get(app.base, '/nowhere-a').then((response) => {
      settled = true;
      return response;
    });
    await app.stub.waiting(1);
    const queued = get(app.base, '/nowhere-b');
    await expect.poll(() => app.gate.stats()).toMatchObject({ active: 1, queued: 1 });

    const refused = await get(app.base, '/nowhere-c');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('2');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const page = await refused.text();
    expect(page).toContain('<html lang="en"');
    expect(page).toContain('Busy right now');
    const refusedData = await get(app.base, '/apartments.data?location=NY');
    expect(refusedData.status).toBe(503);
    expect(refusedData.headers.get('content-type')).toMatch(/^text\/plain/);
    // A made-up session cookie is anonymous to the gate; a signed one is not queued at all.
    expect((await get(app.base, '/nowhere-forged', { cookie: 'dimora.session_token=made-up.up' })).status).toBe(503);
    const signedIn = get(app.base, '/nowhere-signed-in', { cookie: signedSessionCookie('token-2') });
    // Its render started beside the held one, past the full queue.
    await app.stub.waiting(2);

    const health = await get(app.base, '/healthz');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    const ready = await get(app.base, '/readyz');
    expect(ready.status).toBe(200);
    const hit = await get(app.base, '/properties');
    expect(hit.status).toBe(200);
    expect(hit.headers.get('x-cache')).toBe('hit');
    // All of that while the first render was still held.
    expect(settled).toBe(false);
    expect(app.gate.stats()).toMatchObject({ active: 1, queued: 1, refusedBusy: 3 });

    release();
    expect((await running).status).toBe(200);
    expect((await queued).status).toBe(200);
    expect((await signedIn).status).toBe(200);
    await expect.poll(() => app.gate.stats()).toMatchObject({ active: 0, queued: 0 });
    expect((await get(app.base, '/nowhere-d')).status).toBe(200);
  });
});

describe(`the render gate's longest wait (${kind})`, () => {
  let app: Started;
  beforeAll(async () => {
    app = await start({ render: { concurrency: 1, maxQueue: 10, maxWaitMs: 200, rateLimit: 0 } });
  });

  it('answers 503 to a render that waited maxWaitMs for a slot, while the slot is still taken', async () => {
    const release = app.stub.hold();
    const running = get(app.base, '/nowhere-held');
    await app.stub.waiting(1);
    const started = performance.now();
    const waited = await get(app.base, '/nowhere-waiting');
    expect(waited.status).toBe(503);
    expect(waited.headers.get('retry-after')).toBe('2');
    expect(performance.now() - started).toBeGreaterThanOrEqual(150);
    expect(app.gate.stats().refusedBusy).toBe(1);
    release();
    expect((await running).status).toBe(200);
    // The refused request's turn passed without a render; the next one renders.
    await expect.poll(() => app.gate.stats()).toMatchObject({ active: 0, queued: 0 });
    expect((await get(app.base, '/nowhere-after')).status).toBe(200);
    expect(app.stub.renders.get('routes/not-found')).toBe(2);
  });
});

describe(`a route's own headers (${kind})`, () => {
  it('replace the site-wide Cache-Control and policy instead of going out beside them', async () => {
    const app = await start();
    const response = await get(app.base, '/download', { cookie: signedSessionCookie('token-3') });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toBe('file');
    // A page keeps the site-wide policy.
    const page = await get(app.base, '/about', { cookie: signedSessionCookie('token-3') });
    expect(page.headers.get('content-security-policy')).toMatch(/script-src/);
    expect(page.headers.get('cache-control')).toBe('no-store');
  });
});
