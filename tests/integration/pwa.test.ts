/**
 * The installable, offline-capable site (decision 035), without a browser:
 *
 * - the build step (scripts/lib/pwa-build.ts) run on a small stand-in client build: /sw.js
 *   precaches the app shell's and the public pages' code, the offline page, the manifest and
 *   the icons, not the back office's code; it takes over at once and drops old precaches; the
 *   manifest has what browsers require to install; the offline page carries both languages;
 * - the worker's routing rules, run as the worker runs them: which URLs may be kept (public
 *   pages only), and that a `no-store` answer (any answer to a signed-in browser) never is;
 * - the server: /sw.js, the manifest and the offline page are revalidated on every load
 *   (`no-cache`), with the right types, and the CSP lets this site's worker and manifest in.
 *
 * The browser half (offline reading, the fallback, signed-in pages never cached) is
 * tests/e2e/service-worker.spec.ts. Runs on PGlite and PostgreSQL (the server part needs a database).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isOfflinePublicPath } from '~/lib/pwa';
import { buildPwa, runtimeCaching, shellFiles } from '../../scripts/lib/pwa-build';
import { startInstance, type TestInstance } from '../setup/realtime';
import { createTestDatabase, type TestDatabase } from '../setup/test-db';

const root = path.resolve(import.meta.dirname, '../..');

/** A stand-in client build: an entry, the root, a public page with a lazy map, an admin page. */
const VITE_MANIFEST = {
  'node_modules/@react-router/dev/dist/config/defaults/entry.client.tsx': {
    file: 'assets/entry.client-AAAA.js',
    isEntry: true,
    imports: ['_react-BBBB.js'],
  },
  '_react-BBBB.js': { file: 'assets/react-BBBB.js' },
  'app/root.tsx?__react-router-build-client-route': {
    file: 'assets/root-CCCC.js',
    isEntry: true,
    imports: ['_react-BBBB.js'],
    css: ['assets/root-CCCC.css'],
  },
  'app/routes/public/property.tsx?__react-router-build-client-route': {
    file: 'assets/property-DDDD.js',
    isEntry: true,
    imports: ['_Badge-EEEE.js'],
    dynamicImports: ['app/components/map/property-map.client.tsx'],
  },
  '_Badge-EEEE.js': { file: 'assets/Badge-EEEE.js' },
  'app/components/map/property-map.client.tsx': { file: 'assets/property-map.client-FFFF.js', css: ['assets/property-map-FFFF.css'] },
  'app/routes/admin/audit.tsx?__react-router-build-client-route': {
    file: 'assets/audit-GGGG.js',
    isEntry: true,
    imports: ['_Badge-EEEE.js', '_charts-HHHH.js'],
  },
  '_charts-HHHH.js': { file: 'assets/charts-HHHH.js' },
};

let outDir: string;

beforeAll(async () => {
  outDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dimora-pwa-'));
  await fs.mkdir(path.join(outDir, 'assets'));
  await fs.mkdir(path.join(outDir, '.vite'));
  await fs.writeFile(path.join(outDir, '.vite/manifest.json'), JSON.stringify(VITE_MANIFEST));
  for (const chunk of Object.values(VITE_MANIFEST) as Array<{ file: string; css?: string[] }>) {
    for (const file of [chunk.file, ...(chunk.css ?? [])]) await fs.writeFile(path.join(outDir, file), `/* ${file} */`);
  }
  await fs.copyFile(path.join(root, 'public/favicon.svg'), path.join(outDir, 'favicon.svg'));
  await buildPwa({ root, outDir });
});

afterAll(async () => {
  if (outDir) await fs.rm(outDir, { recursive: true, force: true });
});

/** The URLs sw.js precaches, read from its embedded precache manifest. */
async function precachedUrls(): Promise<string[]> {
  const source = await fs.readFile(path.join(outDir, 'sw.js'), 'utf8');
  return [...source.matchAll(/\{url:"([^"]+)",revision:/g)].map((match) => match[1]!).sort();
}

describe('the build step', () => {
  it('precaches the app shell, the public pages’ code (lazy map included) and the offline page; not the back office', async () => {
    expect(shellFiles(VITE_MANIFEST)).toEqual([
      'assets/Badge-EEEE.js',
      'assets/entry.client-AAAA.js',
      'assets/property-DDDD.js',
      'assets/property-map-FFFF.css',
      'assets/property-map.client-FFFF.js',
      'assets/react-BBBB.js',
      'assets/root-CCCC.css',
      'assets/root-CCCC.js',
    ]);
    const urls = await precachedUrls();
    expect(urls).toEqual([
      'assets/Badge-EEEE.js',
      'assets/entry.client-AAAA.js',
      'assets/property-DDDD.js',
      'assets/property-map-FFFF.css',
      'assets/property-map.client-FFFF.js',
      'assets/react-BBBB.js',
      'assets/root-CCCC.css',
      'assets/root-CCCC.js',
      'favicon.svg',
      'icons/apple-touch-icon.png',
      'icons/icon-192.png',
      'icons/icon-512.png',
      'icons/icon-maskable-512.png',
      'manifest.webmanifest',
      'offline.html',
    ]);
    expect(urls).not.toContain('assets/audit-GGGG.js');
    expect(urls).not.toContain('assets/charts-HHHH.js');
  });

  it('writes a worker that takes over at once, drops old precaches and routes navigations to the offline page', async () => {
    const source = await fs.readFile(path.join(outDir, 'sw.js'), 'utf8');
    expect(source).toContain('self.skipWaiting()');
    expect(source).toContain('self.clients.claim()');
    // cleanupOutdatedCaches: deletes the caches of older precache versions on activate.
    expect(source).toContain('-precache-');
    expect(source).toContain('"/offline.html"');
    expect(source).toContain('dimora-pages');
  });

  it('writes an installable manifest with real PNG icons', async () => {
    const manifest = JSON.parse(await fs.readFile(path.join(outDir, 'manifest.webmanifest'), 'utf8')) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Dimora',
      short_name: 'Dimora',
      start_url: '/',
      display: 'standalone',
      theme_color: '#087f5b',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map((icon) => `${icon.src} ${icon.sizes} ${icon.purpose}`)).toEqual([
      '/icons/icon-192.png 192x192 any',
      '/icons/icon-512.png 512x512 any',
      '/icons/icon-maskable-512.png 512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const metadata = await sharp(path.join(outDir, icon.src)).metadata();
      expect(`${metadata.format} ${metadata.width}x${metadata.height}`).toBe(`png ${icon.sizes}`);
    }
  });

  it('writes an offline page in both languages, with the offline badge and no script', async () => {
    const html = await fs.readFile(path.join(outDir, 'offline.html'), 'utf8');
    expect(html).toContain('data-testid="offline-badge"');
    expect(html).toContain('You are offline');
    expect(html).toContain('Sei offline');
    expect(html).toContain('Riprova');
    expect(html).not.toMatch(/<script/i);
  });
});

describe('the worker’s rules', () => {
  type Rule = ReturnType<typeof runtimeCaching>[number];
  const rules = runtimeCaching();
  const origin = 'https://dimora.test';
  (globalThis as unknown as { self: unknown }).self = { location: { origin } };
  /** The first rule that takes a request, as Workbox tries them (null: the worker leaves it to the browser). */
  const ruleFor = (href: string, mode: RequestMode = 'navigate', destination = 'document'): Rule | null => {
    const url = new URL(href, origin);
    const request = { mode, destination } as unknown as Request;
    return rules.find((rule) => (rule.urlPattern as (options: { url: URL; request: Request }) => boolean)({ url, request })) ?? null;
  };

  it('keeps public pages (HTML and .data) network first, in the pages cache', () => {
    for (const page of [
      '/',
      '/properties?city=Austin',
      '/property/42',
      '/about',
      '/terms',
      '/properties.data',
      '/_root.data',
      '/property/42.data',
    ]) {
      expect({ page, handler: ruleFor(page)?.handler, cache: ruleFor(page)?.options?.cacheName }).toEqual({
        page,
        handler: 'NetworkFirst',
        cache: 'dimora-pages',
      });
    }
    expect(isOfflinePublicPath('/property/42')).toBe(true);
  });

  it('never keeps signed-in pages: network only (offline: the offline page), and their .data not at all', () => {
    for (const page of [
      '/tenant-portal',
      '/admin',
      '/admin/audit',
      '/dashboard',
      '/vendor-portal',
      '/account/password',
      '/auth',
      '/booking/3',
      '/subscriptions',
      '/vendor-invite/abc',
      '/owner-invite/abc',
      '/property/42/edit',
    ]) {
      expect({ page, handler: ruleFor(page)?.handler, cache: ruleFor(page)?.options?.cacheName }).toEqual({
        page,
        handler: 'NetworkOnly',
        cache: undefined,
      });
    }
    for (const data of ['/tenant-portal.data', '/admin/audit.data', '/api/notifications', '/healthz', '/api/events']) {
      expect({ data, rule: ruleFor(data, 'cors', '') }).toEqual({ data, rule: null });
    }
    // Another site's page is never touched.
    expect(ruleFor('https://elsewhere.test/')).toBeNull();
  });

  it('keeps a public answer only when it is a plain 200 not marked no-store or private', async () => {
    const pages = ruleFor('/')!;
    const plugin = pages.options!.plugins![0] as {
      cacheWillUpdate: (options: { response: Response }) => Promise<Response | null> | Response | null;
    };
    const answer = (status: number, cacheControl?: string) => {
      const response = new Response('<html>', { status, headers: cacheControl ? { 'Cache-Control': cacheControl } : {} });
      Object.defineProperty(response, 'type', { value: 'basic' });
      return response;
    };
    const fresh = answer(200);
    expect(await plugin.cacheWillUpdate({ response: fresh })).toBe(fresh);
    expect(await plugin.cacheWillUpdate({ response: answer(200, 'max-age=60') })).not.toBeNull();
    // The server marks every answer to a browser with a session cookie no-store (server/app.ts).
    expect(await plugin.cacheWillUpdate({ response: answer(200, 'no-store') })).toBeNull();
    expect(await plugin.cacheWillUpdate({ response: answer(200, 'private, max-age=0') })).toBeNull();
    expect(await plugin.cacheWillUpdate({ response: answer(404) })).toBeNull();
    expect(await plugin.cacheWillUpdate({ response: answer(500) })).toBeNull();
  });
});

describe('the server', () => {
  let database: TestDatabase;
  let instance: TestInstance;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    instance = await startInstance(database, { uploadsDir: os.tmpdir(), clientDir: outDir });
    base = instance.url;
  });

  afterAll(async () => {
    await instance?.close();
    await database?.close();
  });

  it('serves /sw.js, the manifest and the offline page for revalidation on every load; hashed code for a year', async () => {
    const worker = await fetch(`${base}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(await worker.text()).toContain('dimora-pages');
    const manifest = await fetch(`${base}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect((await manifest.json()) as { name: string }).toMatchObject({ name: 'Dimora' });
    const offline = await fetch(`${base}/offline.html`);
    expect(offline.headers.get('cache-control')).toBe('no-cache');
    const icon = await fetch(`${base}/icons/icon-192.png`);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    const code = await fetch(`${base}/assets/root-CCCC.js`);
    expect(code.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('lets this site’s worker and manifest in through the CSP', async () => {
    const csp = (await fetch(`${base}/sw.js`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`worker-src 'self';`);
    expect(csp).toContain(`manifest-src 'self';`);
  });
});
