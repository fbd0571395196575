/**
 * Decision 031: the anonymous HTML cache, through the real Express app (server/app.ts) and
 * the real pages (the route modules as Vite's SSR loads them, served in production mode, so with
 * the CSP nonce). Proves: a second anonymous GET is served from the cache (`X-Cache: hit`, the
 * same bytes, the CSP nonce of the body in the header); strong ETag and 304; the Cache-Control
 * and Vary values; language and theme get their own entries; a signed-in visitor is never cached
 * and never gets the anonymous page; an answer with Set-Cookie (`?lang=`) is not stored; a price
 * change through the portfolio service empties the cache on the database's signal, so the next
 * GET shows the new price; admin, tenant portal and sign-in pages are never cached; the data
 * requests (`.data`) are cached like their pages. Runs on PGlite and PostgreSQL.
 */
import os from 'node:os';
import path from 'node:path';
import type { ServerBuild } from 'react-router';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateUnit } from '~/features/portfolio/units.server';
import { PUBLIC_CACHE_CONTROL, PRIVATE_CACHE_CONTROL } from '~/server/html-cache.server';
import { logger } from '~/server/logger.server';
import { currentSettings } from '~/server/settings/settings.server';
import { createRealtimeHub, type RealtimeHub } from '~/server/realtime/hub.server';
import { createProperty } from '../setup/factories';
import { signedInUser, startInstance, type TestInstance } from '../setup/realtime';
import { createTestDatabase, type TestDatabase } from '../setup/test-db';

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const root = path.resolve(import.meta.dirname, '../..');

let database: TestDatabase;
let hub: RealtimeHub;
let vite: ViteDevServer;
let instance: TestInstance | undefined;
let base: string;
let unitId: number;
let buildingId: number;
let admin: { id: string; cookie: string };

const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(`${base}${pathname}`, { method, headers, redirect: 'manual' });
const nonceOf = (html: string) => /<script nonce="([^"]+)"/.exec(html)?.[1];

beforeAll(async () => {
  database = await createTestDatabase();
  hub = await createRealtimeHub({ database, logger });
  // The app's own server bundle, as the dev server builds it (no build folder needed).
  vite = await createServer({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'silent',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
  });
  const build = (await vite.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild;
  // Wait for the content signals of these inserts, so that none empties the cache mid-test.
  const signalled = new Set<string | null>();
  let heard = () => {};
  const bothHeard = new Promise<void>((resolve, reject) => {
    heard = () => signalled.has('property') && signalled.has('building') && resolve();
    setTimeout(() => reject(new Error(`content signals not heard: ${[...signalled].join(', ')}`)), 30_000).unref();
  });
  const stop = hub.onContentChange((table) => {
    signalled.add(table);
    heard();
  });
  const unit = await createProperty(database.db, { title: 'Cached corner home', price: 1_850, city: 'Austin', state: 'TX' });
  await bothHeard;
  stop();
  unitId = unit.id;
  buildingId = unit.buildingId;
  const signedIn = await signedInUser(database, 'admin', 'cache-admin@example.test');
  admin = { id: signedIn.id, cookie: signedIn.cookie };
  // As server/index.ts does: settings loaded before serving (their first load empties the cache).
  await currentSettings(database.db);
  instance = await startInstance(database, { hub, uploadsDir: os.tmpdir(), build, htmlCacheTtlMs: 60_000 });
  base = instance.url;
}, 600_000);

afterAll(async () => {
  // The instance closes the hub with its server; the hub alone if the server never started.
  await (instance ?? hub)?.close();
  await vite?.close();
  await database?.close();
}, 120_000);

describe(`anonymous HTML cache (${kind})`, () => {
  it('serves the second anonymous GET from the cache, byte for byte, with a strong ETag, 304 and shared-cache headers', async () => {
    const first = await get(`/property/${unitId}`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    const firstHtml = await first.text();
    expect(firstHtml).toContain('Cached corner home');
    expect(first.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=10, stale-while-revalidate=60');
    expect(first.headers.get('vary')).toContain('Cookie');
    expect(first.headers.get('vary')).toContain('Accept-Language');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}(-gzip|-br|-deflate)?"$/);

    const second = await get(`/property/${unitId}`);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-cache'), 'second GET').toBe('hit');
    const secondHtml = await second.text();
    expect(secondHtml).toBe(firstHtml);
    expect(second.headers.get('etag')).toBe(etag);
    // The body's scripts carry the nonce the replayed CSP header allows (decision 031).
    const nonce = nonceOf(secondHtml);
    expect(nonce).toBeTruthy();
    expect(second.headers.get('content-security-policy')).toContain(`'nonce-${nonce}'`);
    // Every answer keeps its own request id.
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

    const revalidated = await get(`/property/${unitId}`, { 'if-none-match': etag! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(revalidated.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    // Another body's tag is no match.
    expect((await get(`/property/${unitId}`, { 'if-none-match': '"not-this-one"' })).status).toBe(200);
    // Uncompressed, the tag has no coding suffix; HEAD shares GET's entry.
    const identity = await get(`/property/${unitId}`, { 'accept-encoding': 'identity' });
    expect(identity.headers.get('etag')).toBe(`"${etag!.replace(/^"|"$/g, '').replace(/-(gzip|br|deflate)$/, '')}"`);
    const head = await get(`/property/${unitId}`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('x-cache'), 'HEAD').toBe('hit');
  });

  it('keeps one entry per language and theme, and normalises the order of the query', async () => {
    const english = await get('/properties?location=TX&capacity=2', { 'accept-language': 'en-US,en;q=0.9' });
    expect(english.headers.get('x-cache')).toBe('miss');
    const englishHtml = await english.text();
    expect(englishHtml).toContain('<html lang="en"');
    const italian = await get('/properties?location=TX&capacity=2', { 'accept-language': 'it-IT,it;q=0.9' });
    expect(italian.headers.get('x-cache')).toBe('miss');
    expect(await italian.text()).toContain('<html lang="it"');
    // The cookie's language outranks the header: the Italian entry, not the English one.
    const cookieItalian = await get('/properties?capacity=2&location=TX', { 'accept-language': 'en', cookie: 'language=it' });
    expect(cookieItalian.headers.get('x-cache')).toBe('hit');
    expect(await cookieItalian.text()).toContain('<html lang="it"');
    const dark = await get('/properties?capacity=2&location=TX', { 'accept-language': 'en', cookie: 'theme=dark' });
    expect(dark.headers.get('x-cache')).toBe('miss');
    expect(await dark.text()).toContain('data-mantine-color-scheme="dark"');
    const darkAgain = await get('/properties?location=TX&capacity=2', { 'accept-language': 'en', cookie: 'theme=dark; unrelated=1' });
    expect(darkAgain.headers.get('x-cache')).toBe('hit');
    expect(englishHtml).toContain('data-mantine-color-scheme="light"');
  });

  it('never stores an answer that sets a cookie (?lang= not yet in the cookie), and serves it privately', async () => {
    const first = await get('/about?lang=it');
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toContain('language=it');
    expect(first.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL);
    expect(first.headers.get('x-cache')).toBeNull();
    const again = await get('/about?lang=it');
    expect(again.headers.get('set-cookie')).toContain('language=it');
    expect(again.headers.get('x-cache')).toBeNull();
    // Once the cookie says it, no cookie is set: the page is shared, and varies on cookies only.
    const withCookie = await get('/about?lang=it', { cookie: 'language=it' });
    expect(withCookie.headers.get('set-cookie')).toBeNull();
    expect(withCookie.headers.get('x-cache')).toBe('miss');
    expect(withCookie.headers.get('vary')).toContain('Cookie');
    expect(withCookie.headers.get('vary')).not.toContain('Accept-Language');
    expect((await get('/about?lang=it', { cookie: 'language=it' })).headers.get('x-cache')).toBe('hit');
  });

  it('never caches for a signed-in visitor, nor serves them the anonymous page', async () => {
    const anonymous = await get('/about');
    await anonymous.text();
    expect((await get('/about')).headers.get('x-cache')).toBe('hit');
    const signedIn = await get('/about', { cookie: admin.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('x-cache')).toBeNull();
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    expect(signedIn.headers.get('etag')).toBeNull();
    const html = await signedIn.text();
    // The signed-in chrome: the root data names the viewer.
    expect(html).toContain('cache-admin@example.test');
    expect(await (await get('/about')).text()).not.toContain('cache-admin@example.test');
  });

  it('never caches admin, tenant portal or sign-in pages', async () => {
    for (const pathname of ['/admin', '/tenant-portal', '/auth', '/dashboard', '/booking/1']) {
      for (let i = 0; i < 2; i += 1) {
        const response = await get(pathname);
        await response.text();
        expect(response.headers.get('x-cache'), pathname).toBeNull();
        expect(response.headers.get('etag'), pathname).toBeNull();
        expect(response.headers.get('cache-control') ?? '', pathname).not.toContain('public');
      }
    }
  });

  it('caches data requests like their pages', async () => {
    const first = await get(`/property/${unitId}.data`);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    const body = await first.text();
    expect(body).toContain('Cached corner home');
    const second = await get(`/property/${unitId}.data`);
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(await second.text()).toBe(body);
  });

  it('a price change through the portfolio service empties the cache: the next GET shows the new price', async () => {
    const before = await get(`/property/${unitId}`);
    await before.text();
    const cached = await get(`/property/${unitId}`);
    expect(cached.headers.get('x-cache')).toBe('hit');
    expect(await cached.text()).toContain('1,850');

    const outcome = await updateUnit({
      db: database.db,
      actor: { id: admin.id, role: 'admin' },
      origin: { ip: '203.0.113.9', userAgent: 'vitest' },
      buildingId,
      unitId,
      input: {
        unitNumber: 'C1',
        title: 'Cached corner home',
        description: 'A home whose page was cached.',
        price: '2475',
        bedrooms: '1',
        bathrooms: '1',
        squareFeet: '720',
        maxOccupants: '2',
        propertyType: 'apartment',
        status: 'available',
        availableDate: '2027-01-15',
        listed: 'on',
      },
    });
    expect(outcome).toMatchObject({ ok: true, changed: true });
    // The signal arrives when the transaction commits (PostgreSQL: over the LISTEN connection).
    await expect
      .poll(
        async () => {
          const response = await get(`/property/${unitId}`);
          return (await response.text()).includes('2,475');
        },
        { timeout: 10_000, interval: 50 },
      )
      .toBe(true);
    const after = await get(`/property/${unitId}`);
    expect(after.headers.get('x-cache')).toBe('hit');
    const html = await after.text();
    expect(html).toContain('2,475');
    expect(html).not.toContain('1,850');
  });
});
