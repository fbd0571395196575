/**
 * Maps (decision 016): the unit's location map on its page, loaded only when scrolled
 * to; the map view of /properties with clustered building markers, popups linking to a building's
 * homes and to a unit; the List | Map toggle keeping the filters; the empty, no-JavaScript and
 * failed-tiles states; axe in both themes; a phone. Tiles never leave the machine: requests for
 * the tile host are answered with a local PNG, and any request for another host fails the test.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test as base, waitForHydration } from './fixtures';
import { expectAccessible } from './page-checks';

const TILE_HOST = 'tile.openstreetmap.org';
const TILE_PNG = fs.readFileSync(path.resolve('tests/e2e/assets/map-tile.png'));

type Network = { tiles: string[]; foreign: string[]; failTiles: () => void };

const test = base.extend<{ network: Network }>({
  network: [
    async ({ context, baseURL }, use) => {
      const own = new URL(baseURL ?? 'http://127.0.0.1:3210').host;
      const network: Network = { tiles: [], foreign: [], failTiles: () => undefined };
      let tilesFail = false;
      network.failTiles = () => {
        tilesFail = true;
      };
      await context.route(
        (url) => url.host !== own,
        async (route) => {
          const url = new URL(route.request().url());
          if (url.host === TILE_HOST && /^\/\d+\/\d+\/\d+\.png$/.test(url.pathname)) {
            network.tiles.push(url.pathname);
            if (tilesFail) return route.abort('connectionrefused');
            return route.fulfill({ status: 200, contentType: 'image/png', body: TILE_PNG });
          }
          network.foreign.push(url.href);
          return route.abort('blockedbyclient');
        },
      );
      await use(network);
      expect(network.foreign, 'requests that would have left the machine').toEqual([]);
    },
    { auto: true },
  ],
});

/** Records the JavaScript and CSS files a page downloads from /assets. */
function watchAssets(page: Page): string[] {
  const assets: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/')) assets.push(pathname);
  });
  return assets;
}

const leafletAsset = (file: string) => /\/assets\/leaflet(-src|\.markercluster-src)?-[\w-]+\.(js|css)$/.test(file);

/** The number in "1,234 homes" (the list's count, the map's summary). */
const homes = (text: string | null) => Number(/([\d,]+) homes?/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? NaN);

async function waitForMap(page: Page, testId: 'property-map' | 'listing-map') {
  await expect(page.getByTestId(testId)).toHaveAttribute('data-map-state', 'ready');
}

/** The page's search parameters, in any order. */
async function expectSearch(page: Page, pathname: string, params: Record<string, string>) {
  await expect.poll(() => new URL(page.url()).pathname).toBe(pathname);
  await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual(params);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('a unit’s page loads its map only when the location is scrolled to: marker, attribution, tiles', async ({ page, network }) => {
  const assets = watchAssets(page);
  await page.goto('/properties?location=TX');
  await page.getByTestId('listing-title').first().click();
  await expect(page).toHaveURL(/\/property\/\d+$/);
  await waitForHydration(page);
  const building = (await page.getByTestId('property-building').textContent())?.split(' · ')[0]?.trim() ?? '';

  const map = page.getByTestId('property-map');
  await expect(map).toHaveAttribute('data-map-state', 'static');
  expect(network.tiles).toEqual([]);
  expect(assets.filter(leafletAsset)).toEqual([]);
  const osm = page.getByRole('link', { name: /Open in OpenStreetMap/ });
  await expect(osm).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\/\?mlat=-?\d+\.\d{5}&mlon=-?\d+\.\d{5}#map=15\//);
  await expect(osm).toHaveAttribute('target', '_blank');

  await map.scrollIntoViewIfNeeded();
  await waitForMap(page, 'property-map');
  const region = page.getByRole('region', { name: new RegExp(`^Map of the area around ${escapeRegExp(building)}, .+, TX$`) });
  await expect(region).toBeVisible();
  await expect(region).toHaveAttribute('tabindex', '0');
  await expect(map.getByText(new RegExp(`^${escapeRegExp(building)}, .+, TX$`))).toBeAttached(); // the marker's name
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
  const attribution = map.getByRole('link', { name: 'OpenStreetMap contributors' });
  await expect(attribution).toBeVisible();
  await expect(attribution).toHaveAttribute('href', 'https://www.openstreetmap.org/copyright');
  await expect(map.getByRole('button', { name: 'Zoom in' })).toBeVisible();
  await expect.poll(() => network.tiles.length).toBeGreaterThan(0);
  expect(network.tiles.every((tile) => tile.startsWith('/15/'))).toBe(true);
  expect(assets.some(leafletAsset)).toBe(true);
});

test('when tiles fail the unit’s page says so and keeps the place and the OpenStreetMap link', async ({ page, network }) => {
  network.failTiles();
  await page.goto('/properties');
  await page.getByTestId('listing-title').first().click();
  await waitForHydration(page);
  await page.getByTestId('property-map').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('property-map')).toHaveAttribute('data-map-state', 'failed');
  await expect(page.getByTestId('property-map').getByRole('status')).toHaveText('The map could not be loaded.');
  await expect(page.getByRole('link', { name: /Open in OpenStreetMap/ })).toBeVisible();
  expect(network.tiles.length).toBeGreaterThan(0);
});

test('the map view shows the same homes as the list, clustered by building; a popup leads to the building’s homes, then to one home', async ({
  page,
}) => {
  const assets = watchAssets(page);
  await page.goto('/properties?capacity=2');
  await waitForHydration(page);
  const listed = homes(await page.getByTestId('listings-count').textContent());
  expect(listed).toBeGreaterThan(0);
  expect(assets.filter(leafletAsset), 'the list loads no map code').toEqual([]);

  await page.getByTestId('view-map').click();
  await expect(page).toHaveURL(/\/properties\?capacity=2&view=map$/);
  await waitForMap(page, 'listing-map');
  await expect(page.getByTestId('map-summary')).toHaveText(/^[\d,]+ homes in \d+ buildings$/);
  expect(homes(await page.getByTestId('map-summary').textContent())).toBe(listed);
  const map = page.getByTestId('listing-map');
  const clusters = map.getByRole('button', { name: /^[\d,]+ homes in \d+ buildings\. Zoom in$/ });
  await expect(clusters.first()).toBeVisible();
  await expect(map.getByRole('link', { name: 'OpenStreetMap contributors' })).toBeVisible();

  // Zoom into clusters (Enter, as a keyboard user would) until a building's own marker shows.
  const buildingMarkers = map.getByRole('button', { name: /: \d+ homes?, \$/ });
  const canvas = page.getByRole('region', { name: 'Map of the homes matching the search' });
  for (let step = 0; step < 6 && (await buildingMarkers.count()) === 0; step += 1) {
    const zoom = await canvas.getAttribute('data-zoom');
    await clusters.first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await buildingMarkers.count()) > 0 || (await canvas.getAttribute('data-zoom')) !== zoom).toBe(true);
  }
  const marker = buildingMarkers.first();
  const label = (await marker.getAttribute('title')) ?? '';
  const [, name, count] = /^(.+?), [^,]+, [A-Z]{2}: (\d+) homes?, /.exec(label) ?? [];
  expect(name, label).toBeTruthy();
  await marker.click();
  const popup = page.locator('.leaflet-popup');
  await expect(popup.getByText(name!, { exact: true })).toBeVisible();
  await expect(popup).toContainText(/\$[\d,]+(–\$[\d,]+)?\/month/);

  // One home: its page. Several: the list of that building's homes, same filters.
  const link = popup.getByRole('link');
  if (Number(count) === 1) {
    await expect(link).toHaveText('See this home');
    await link.click();
    await expect(page).toHaveURL(/\/property\/\d+$/);
    return;
  }
  await expect(link).toHaveText(`See these ${count} homes`);
  await link.click();
  await expect(page.getByTestId('building-filter')).toContainText(`Showing the homes of ${name}.`);
  const buildingId = new URL(page.url()).searchParams.get('building') ?? '';
  expect(buildingId).toMatch(/^\d+$/);
  await expectSearch(page, '/properties', { capacity: '2', building: buildingId });
  await expect(page.getByTestId('listings-count')).toHaveText(`${count} homes`);

  // Narrow the building to one home by its rent, on the map, and open it from its popup.
  await page.getByLabel('Sort by').selectOption('price_desc');
  await expectSearch(page, '/properties', { capacity: '2', building: buildingId, sort: 'price_desc' });
  await expect(page.getByTestId('listing-filters')).toHaveAttribute('data-query', `capacity=2&building=${buildingId}&sort=price_desc`);
  const prices = (await page.getByTestId('listing-price').allTextContents()).map((text) => Number(text.replace(/[^\d]/g, '')));
  // The rent inputs step by $50: a range of whole steps that holds exactly one of these homes.
  const rangeOf = (price: number) => [Math.floor(price / 50) * 50, Math.ceil(price / 50) * 50] as const;
  const unique = prices.findIndex((price) => {
    const [low, high] = rangeOf(price);
    return prices.filter((other) => other >= low && other <= high).length === 1;
  });
  expect(unique, prices.join(', ')).toBeGreaterThanOrEqual(0);
  const [low, high] = rangeOf(prices[unique]!).map(String) as [string, string];
  const title = (await page.getByTestId('listing-title').nth(unique).textContent())?.trim();
  await page.getByTestId('view-map').click();
  await expectSearch(page, '/properties', { capacity: '2', building: buildingId, sort: 'price_desc', view: 'map' });
  await page.getByLabel('Min. rent ($/month)').fill(low);
  await page.getByLabel('Max. rent ($/month)').fill(high);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expectSearch(page, '/properties', {
    capacity: '2',
    minPrice: low,
    maxPrice: high,
    building: buildingId,
    sort: 'price_desc',
    view: 'map',
  });
  await expect(page.getByTestId('map-summary')).toHaveText('1 home in 1 building');
  await waitForMap(page, 'listing-map');
  const single = map.getByRole('button', { name: /: 1 home, \$/ });
  await expect(single).toHaveCount(1);
  await single.focus();
  await page.keyboard.press('Enter');
  const homeLink = page.locator('.leaflet-popup').getByRole('link', { name: 'See this home' });
  await expect(homeLink).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/property\/\d+$/);
  await expect(page.getByTestId('property-title')).toHaveText(title!);
});

test('the List | Map toggle keeps every filter, as plain links', async ({ page }) => {
  await page.goto('/properties?capacity=3&location=TX&minPrice=900&sort=price_asc&page=2');
  const mapLink = page.getByTestId('view-map');
  await expect(mapLink).toHaveAttribute('href', '/properties?capacity=3&location=TX&minPrice=900&sort=price_asc&view=map');
  await expect(page.getByTestId('view-list')).toHaveAttribute('aria-current', 'page');
  await mapLink.click();
  await expect(page).toHaveURL(/\/properties\?capacity=3&location=TX&minPrice=900&sort=price_asc&view=map$/);
  await expect(page.getByTestId('view-map')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Location')).toHaveValue('TX');
  await expect(page.getByLabel('Capacity')).toHaveValue('3');
  await waitForHydration(page);

  // A search made in the map view stays in the map view; Reset too.
  await page.getByLabel('Capacity').selectOption('2');
  await expect(page).toHaveURL(/capacity=2&location=TX&minPrice=900&sort=price_asc&view=map$/);
  await expect(page.getByTestId('listing-filters')).toHaveAttribute('data-query', 'capacity=2&location=TX&minPrice=900&sort=price_asc');
  await page.getByTestId('view-list').click();
  await expect(page).toHaveURL(/\/properties\?capacity=2&location=TX&minPrice=900&sort=price_asc$/);
  await expect(page.getByTestId('listing-card').first()).toBeVisible();
  await page.getByTestId('view-map').click();
  await expect(page.getByTestId('view-map')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('filters-reset')).toHaveAttribute('href', '/properties?view=map');
  await page.getByTestId('filters-reset').click();
  await expect(page).toHaveURL(/\/properties\?view=map$/);
  await waitForMap(page, 'listing-map');
});

test('a map search with no match shows the empty state, whose reset stays on the map', async ({ page }) => {
  await page.goto('/properties?view=map&location=Nowhereville');
  await expect(page.getByTestId('listings-empty')).toBeVisible();
  await expect(page.getByText('No homes match these filters')).toBeVisible();
  await expect(page.getByTestId('listing-map')).toHaveCount(0);
  await page.getByRole('link', { name: 'Clear all filters' }).click();
  await expect(page).toHaveURL(/\/properties\?view=map$/);
  await waitForMap(page, 'listing-map');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the map view has no serious or critical axe violations (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.goto('/properties?view=map&location=TX');
    await waitForHydration(page);
    await waitForMap(page, 'listing-map');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    await expectAccessible(page);
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the map view explains itself and links to the same search as a list', async ({ page, network }) => {
    await page.goto('/properties?view=map&capacity=2');
    await expect(page.getByTestId('map-summary')).toHaveText(/^[\d,]+ homes in \d+ buildings$/);
    await expect(page.getByText('The map needs JavaScript. The list shows the same homes.')).toBeVisible();
    await page.getByRole('link', { name: 'Show as a list' }).click();
    await expect(page).toHaveURL(/\/properties\?capacity=2$/);
    await expect(page.getByTestId('listing-card').first()).toBeVisible();
    expect(network.tiles).toEqual([]);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the map view and a unit’s map fit the screen', async ({ page }) => {
    await page.goto('/properties?view=map');
    await waitForMap(page, 'listing-map');
    const box = await page.getByTestId('listing-map').boundingBox();
    expect(box?.width).toBeLessThanOrEqual(375);
    expect(box?.height).toBeGreaterThanOrEqual(300);
    await expect(page.getByTestId('view-list')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await page.getByTestId('view-list').click();
    await page.getByTestId('listing-title').first().click();
    await waitForHydration(page);
    await page.getByTestId('property-map').scrollIntoViewIfNeeded();
    await waitForMap(page, 'property-map');
    await expect(page.getByTestId('property-map').getByRole('link', { name: 'OpenStreetMap contributors' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});
