/**
 * The service worker in Chromium (decision 035): public pages visited online
 * read offline with the offline badge; a page never visited gets the offline page; a signed-in
 * page is never kept (offline: the offline page, and no cache holds the tenant's name); a new
 * worker takes over open pages without a reload. The build half (what sw.js precaches, the
 * headers /sw.js is served with) is tests/integration/pwa.test.ts.
 */
import type { Page } from '@playwright/test';
import { expect, signInAs, test, waitForHydration } from './fixtures';
import { E2E_USERS } from './users';

/** Waits until the worker is active (its precache installed) and controls this page. */
async function waitForWorkerControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The paths (query left out) of the worker's public-pages cache. */
async function cachedPages(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open('dimora-pages');
    return (await cache.keys()).map((request) => new URL(request.url).pathname).sort();
  });
}

// Each test installs a worker and its precache in a fresh browser: slow on a loaded CI machine.
test.describe.configure({ timeout: 180_000 });
// The other specs block service workers (playwright.config.ts); this one is about them.
test.use({ serviceWorkers: 'allow' });

test('public pages visited online read offline with the badge; an unvisited page gets the offline page', async ({ page, context }) => {
  await page.goto('/');
  await waitForHydration(page);
  await waitForWorkerControl(page);
  const registration = await page.evaluate(async () => {
    const found = await navigator.serviceWorker.getRegistration();
    return { scope: found?.scope, updateViaCache: found?.updateViaCache, script: found?.active?.scriptURL };
  });
  expect(registration.updateViaCache).toBe('none');
  expect(new URL(registration.script!).pathname).toBe('/sw.js');
  expect(new URL(registration.scope!).pathname).toBe('/');

  // Under the worker's control now: these visits go through it and are kept.
  await page.goto('/');
  await expect(page.getByTestId('featured-listings').getByTestId('listing-card').first()).toBeVisible();
  await page.goto('/properties');
  const firstTitle = page.getByTestId('listing-title').first();
  const title = (await firstTitle.textContent())!.trim();
  const propertyPath = (await firstTitle.getAttribute('href'))!;
  expect(propertyPath).toMatch(/^\/property\/\d+$/);
  await page.goto(propertyPath);
  await expect(page.getByTestId('property-title')).toHaveText(title);
  await expect.poll(() => cachedPages(page)).toEqual(expect.arrayContaining(['/', '/properties', propertyPath]));

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('property-title')).toHaveText(title);
  await expect(page.getByTestId('offline-badge')).toBeVisible();
  await page.goto('/properties');
  await expect(page.getByTestId('listing-title').first()).toHaveText(title);
  await expect(page.getByTestId('offline-badge')).toBeVisible();
  await page.goto('/');
  await expect(page.getByTestId('featured-listings').getByTestId('listing-card').first()).toBeVisible();
  await expect(page.getByTestId('offline-badge')).toBeVisible();

  // Never visited: the offline page, in both languages, at the address asked for.
  await page.goto('/about');
  await expect(page.getByTestId('offline-fallback')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sei offline' })).toBeVisible();
  await expect(page.getByTestId('offline-badge')).toHaveText('Offline');
  await expect(page).toHaveURL(/\/about$/);

  // Back online, the same address is the real page again (network first).
  await context.setOffline(false);
  await page.goto('/about');
  await expect(page.getByTestId('offline-fallback')).toHaveCount(0);
  await expect(page.getByTestId('offline-badge')).toHaveCount(0);
});

test('a signed-in page is never kept: offline it is the offline page, and no cache holds the tenant’s data', async ({ page, context }) => {
  await signInAs(page, 'tenant');
  await page.goto('/tenant-portal');
  await waitForHydration(page);
  await waitForWorkerControl(page);
  // Seen again under the worker's control, and a public page too while signed in.
  await page.goto('/tenant-portal');
  await expect(page.getByRole('heading', { name: 'Tenant portal', level: 1 })).toBeVisible();
  await page.goto('/properties');
  await expect(page.getByTestId('listing-title').first()).toBeVisible();

  // The root data of every page seen signed in carries the viewer's name and e-mail.
  const kept = await page.evaluate(
    async ({ name, email }) => {
      const found: string[] = [];
      for (const cacheName of await caches.keys()) {
        const cache = await caches.open(cacheName);
        for (const request of await cache.keys()) {
          const response = await cache.match(request);
          const type = response?.headers.get('content-type') ?? '';
          if (type.includes('javascript') || type.includes('css') || type.includes('image')) continue;
          const body = (await response?.text()) ?? '';
          found.push(`${cacheName} ${new URL(request.url).pathname}${body.includes(name) || body.includes(email) ? ' HOLDS-NAME' : ''}`);
        }
      }
      return found;
    },
    { name: E2E_USERS.tenant.name, email: E2E_USERS.tenant.email },
  );
  // Only precached files (manifest, offline page, icon): no page of the portal, nor the public
  // page seen while signed in (its answer was no-store), nor anything with the tenant's name.
  expect(kept.filter((entry) => entry.includes('HOLDS-NAME'))).toEqual([]);
  expect(kept.filter((entry) => entry.startsWith('dimora-pages'))).toEqual([]);
  expect(kept.some((entry) => entry.includes('/offline.html'))).toBe(true);

  await context.setOffline(true);
  await page.goto('/tenant-portal');
  await expect(page.getByTestId('offline-fallback')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Tenant portal' })).toHaveCount(0);
  await context.setOffline(false);
});

test('a new worker takes over the open page at once, without a reload', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await waitForWorkerControl(page);
  const before = await page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
  expect(new URL(before).pathname).toBe('/sw.js');
  // A "new deploy": another worker script for the same scope (the same file under another URL,
  // which the browser treats as an update). skipWaiting + clientsClaim: it must control this
  // page without a reload and leave nothing waiting.
  // Polled rather than awaited inside the page, so a worker that never installs fails this
  // assertion within a minute instead of holding the test to its timeout.
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?deploy=2', { scope: '/', updateViaCache: 'none' });
  });
  await expect
    .poll(() => page.evaluate(() => new URL(navigator.serviceWorker.controller?.scriptURL ?? '/', location.href).search), {
      timeout: 60_000,
    })
    .toBe('?deploy=2');
  const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.waiting != null);
  expect(waiting).toBe(false);
  // The page still works under the new worker: a navigation goes through it.
  await page.goto('/properties');
  await expect(page.getByTestId('listing-title').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toContain('/sw.js');
});
