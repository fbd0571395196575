/**
 * Findability (decision 025) and titles (item 9) as a crawler and a visitor meet them on the
 * built server: robots.txt, the sitemap index and its files as well-formed XML (the browser's own
 * XML parser), a unit's page with its canonical URL, hreflang alternates, Open Graph photo and
 * JSON-LD, `?lang=it` rendering Italian and sticking, a title on every public page and on the
 * not-found page, and `noindex` on private pages.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { PUBLIC_PATHS } from './public-pages';

/** Parses XML with the browser's strict parser: the root's name and every `<loc>`, or the parser's error. */
async function parseXmlInBrowser(page: Page, xml: string): Promise<{ error: string | null; root: string; locs: string[]; urls: number }> {
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const error = doc.getElementsByTagName('parsererror')[0]?.textContent ?? null;
    return {
      error,
      root: doc.documentElement.localName,
      locs: [...doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')].map((node) => node.textContent ?? ''),
      urls: doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'url').length,
    };
  }, xml);
}

test('robots.txt keeps crawlers out of the private areas and names the sitemap', async ({ request, baseURL }) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const text = await response.text();
  for (const path of ['/admin', '/dashboard', '/tenant-portal', '/vendor-portal', '/auth', '/api', '/account', '/booking']) {
    expect(text).toContain(`\nDisallow: ${path}\n`);
  }
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('the sitemap index and its files are well-formed and list the units in both languages', async ({ page, request, baseURL }) => {
  await page.goto('/about');
  const index = await parseXmlInBrowser(page, await (await request.get('/sitemap.xml')).text());
  expect(index.error).toBeNull();
  expect(index.root).toBe('sitemapindex');
  expect(index.locs).toEqual([`${baseURL}/sitemaps/pages.xml`, `${baseURL}/sitemaps/units-1.xml`]);

  const pages = await parseXmlInBrowser(page, await (await request.get('/sitemaps/pages.xml')).text());
  expect(pages.error).toBeNull();
  expect(pages.locs).toContain(`${baseURL}/?lang=en`);
  expect(pages.locs).toContain(`${baseURL}/properties?lang=it`);
  expect(pages.urls).toBe(2 * PUBLIC_PATHS.length);

  const unitsResponse = await request.get('/sitemaps/units-1.xml');
  expect(unitsResponse.headers()['content-type']).toBe('application/xml; charset=utf-8');
  const units = await parseXmlInBrowser(page, await unitsResponse.text());
  expect(units.error).toBeNull();
  expect(units.root).toBe('urlset');
  // The demo's 240 units, less the few unlisted ones, once per language.
  expect(units.urls).toBeGreaterThan(400);
  expect(units.urls % 2).toBe(0);
  expect(units.locs.every((loc) => new RegExp(`^${baseURL}/property/\\d+\\?lang=(en|it)$`).test(loc))).toBe(true);
  expect((await request.get('/sitemaps/units-2.xml')).status()).toBe(404);
});

test("a unit's page has its canonical URL, hreflang alternates, Open Graph photo and JSON-LD", async ({ page, request, baseURL }) => {
  const units = await (await request.get('/sitemaps/units-1.xml')).text();
  const id = /\/property\/(\d+)\?lang=en/.exec(units)![1];
  const url = `${baseURL}/property/${id}?lang=en`;
  await page.goto(`/property/${id}?lang=en`);
  const title = (await page.getByTestId('property-title').textContent())?.trim() ?? '';
  await expect(page).toHaveTitle(`${title} · Dimora`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', url);
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) => links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]));
  expect(alternates).toEqual([
    ['en', `${baseURL}/property/${id}?lang=en`],
    ['it', `${baseURL}/property/${id}?lang=it`],
    ['x-default', `${baseURL}/property/${id}`],
  ]);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${title} · Dimora`);
  await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', url);
  const photo = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(photo).toMatch(new RegExp(`^${baseURL}/media/.+\\.webp$`));
  expect((await request.get(photo!)).status()).toBe(200);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', photo!);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);

  const nodes = (await page.locator('script[type="application/ld+json"]').allTextContents()).map(
    (text) => JSON.parse(text) as Record<string, unknown>,
  );
  expect(nodes.map((node) => node['@type'])).toEqual(['Apartment', 'Offer', 'BreadcrumbList']);
  const [apartment, offer, breadcrumb] = nodes as [Record<string, unknown>, Record<string, unknown>, Record<string, unknown>];
  expect(apartment).toMatchObject({
    '@context': 'https://schema.org',
    name: title,
    url,
    address: { '@type': 'PostalAddress', addressCountry: 'US' },
  });
  expect((apartment.image as string[])[0]).toBe(photo);
  expect(offer).toMatchObject({ priceCurrency: 'USD', url, itemOffered: { '@id': `${url}#apartment` } });
  expect(Number.isInteger(offer.price)).toBe(true);
  // The offer's price is the rent the page shows (whole dollars a month).
  const rent = (await page.getByRole('row').filter({ hasText: 'Rent' }).getByRole('cell').textContent()) ?? '';
  expect(rent).toMatch(/^\$[\d,]+\/month$/);
  expect(rent.replace(/[^\d]/g, '')).toBe(String(offer.price));
  expect(['https://schema.org/InStock', 'https://schema.org/OutOfStock']).toContain(offer.availability);
  expect((breadcrumb.itemListElement as unknown[]).length).toBe(3);
});

test('?lang=it renders Italian whatever the cookie says, and sticks for the next page', async ({ page, context }) => {
  const response = await page.goto('/about?lang=it');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page).toHaveTitle(/Chi siamo/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/about\?lang=it$/);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'it_IT');
  expect((await context.cookies()).find((cookie) => cookie.name === 'language')?.value).toBe('it');
  await waitForHydration(page);
  await page.getByRole('banner').getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  // The home page's own data came in Italian too (its request carried the cookie, not ?lang=).
  await expect(page).toHaveTitle(/Appartamenti in affitto/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  // Back to English with the switcher: the URL drops ?lang= so the choice is not outvoted.
  await page.goto('/about?lang=it');
  await waitForHydration(page);
  await page.getByLabel('Lingua').selectOption('en');
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle(/About Dimora/);
});

test('every public page has a title and a canonical URL; private pages are noindex', async ({ page, baseURL }) => {
  for (const path of PUBLIC_PATHS) {
    await page.goto(path);
    expect((await page.title()).length, path).toBeGreaterThan(3);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute('href', `${baseURL}${path}`);
    await expect(page.locator('meta[name="robots"]'), path).toHaveCount(0);
  }
  for (const path of ['/auth', '/auth/forgot']) {
    await page.goto(path);
    expect((await page.title()).length, path).toBeGreaterThan(3);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]'), path).toHaveCount(0);
  }
});

test('the not-found page has a title, and is not indexed', async ({ page }) => {
  for (const path of ['/no-such-page', '/property/99999999', '/booking/12x']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page, path).toHaveTitle('Page not found · Dimora');
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', 'noindex');
  }
});

test.describe('in Italian', () => {
  test.use({ language: 'it' });
  test('the not-found page has an Italian title', async ({ page }) => {
    const response = await page.goto('/pagina-inesistente');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Pagina non trovata · Dimora');
  });
});
