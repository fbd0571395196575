/**
 * The portfolio back office in Chromium (decision 015): an admin creates a
 * building and a unit, publishes it, and a visitor finds it on /properties, on the map and on its page with
 * the building; the CSV import's dry run lists row errors before a clean file is imported; the
 * list's filters keep their URL; a property manager manages only their own building (another
 * building is a 404); axe in both themes and a phone width.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, newClientContext, signInAs, test, waitForHydration } from './fixtures';
import { expectAccessible } from './page-checks';
import { E2E_APPLICATIONS } from './seed-applications';

/** What the map's tile requests are answered with. */
const MAP_TILE_PNG = fs.readFileSync(path.resolve('tests/e2e/assets/map-tile.png'));

/** A name no other test (or earlier run against the same database) uses. */
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function createBuilding(page: Page, name: string, city = 'Boise', state = 'ID', zip = '83702') {
  await page.goto('/admin/properties/new');
  await waitForHydration(page);
  const form = page.getByTestId('building-form');
  await form.getByLabel('Building name').fill(name);
  await form.getByLabel('Street address').fill('215 Main Street');
  await form.getByLabel('City').fill(city);
  await form.getByLabel('State').selectOption(state);
  await form.getByLabel('ZIP code').fill(zip);
  await form.getByLabel('Year built').fill('2019');
  await form.getByLabel('Fitness center').check();
  await form.getByLabel('Description (English)').fill('A new mid-rise by the river, with a gym for residents.');
  await form.getByTestId('building-submit').click();
  await expect(page).toHaveURL(/\/admin\/properties\/\d+\?done=created$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return Number(/properties\/(\d+)/.exec(page.url())![1]);
}

test('an admin creates a building and an unlisted unit, publishes it, and a visitor finds it with its building, in the list and on the map', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers and a dozen page loads: about 24 s alone, over 40 s beside the other worker.
  test.slow();
  await signInAs(page, 'admin');
  const name = unique('Riverside Test Court');
  const buildingId = await createBuilding(page, name);
  // The form left the zone to the state (decision 047): Idaho's.
  await expect(page.getByTestId('building-time-zone-fact')).toHaveText('Time zone: Mountain (Boise)');
  await expect(page.getByTestId('stat-units')).toHaveText('0');
  await expect(page.getByTestId('units-empty')).toBeVisible();

  await page.getByTestId('add-unit').click();
  await expect(page).toHaveURL(new RegExp(`/admin/properties/${buildingId}/units/new$`));
  await waitForHydration(page);
  const form = page.getByTestId('unit-form');
  const title = unique('River view one-bedroom');
  await form.getByLabel('Unit number').fill('3C');
  await form.getByLabel('Title (English)').fill(title);
  await form.getByLabel('Title (Italian)').fill('Bilocale vista fiume');
  await form.getByLabel('Monthly rent (USD)').fill('1675');
  await form.getByLabel('Bedrooms').fill('1');
  await form.getByLabel('Bathrooms').fill('1');
  await form.getByLabel('Size (sq ft)').fill('690');
  await form.getByLabel('Maximum occupants').fill('2');
  await form.getByLabel('Description (English)').fill('Corner one-bedroom with river views and a balcony.');
  await form.getByLabel('Balcony').check();
  await form.getByTestId('unit-submit').click();
  await expect(page).toHaveURL(/\/units\/\d+\?done=created$/);
  // The building's own "Created." may still be showing (toasts stay 4 s): either proves the toast.
  await expect(page.getByTestId('portfolio-toast').filter({ hasText: 'Created.' }).last()).toBeVisible();
  const unitId = Number(/units\/(\d+)/.exec(page.url())![1]);

  // Not listed yet: the public page does not exist for visitors.
  const visitor = await newClientContext(browser, baseURL);
  const visitorPage = await visitor.newPage();
  expect((await visitorPage.goto(`/property/${unitId}`))!.status()).toBe(404);

  // Publish from the building's units table.
  await page.goto(`/admin/properties/${buildingId}`);
  await waitForHydration(page);
  const row = page.locator(`[data-testid="unit-row"][data-unit-id="${unitId}"]`);
  await expect(row.getByTestId('unit-listed')).toHaveText('Unlisted');
  await row.getByLabel('Select unit 3C').check();
  await page.getByTestId('bulk-intent').selectOption('publish');
  await page.getByTestId('bulk-apply').click();
  await expect(page.getByTestId('portfolio-toast').filter({ hasText: '1 unit updated.' })).toBeVisible();
  await expect(row.getByTestId('unit-listed')).toHaveText('Listed');
  await expect(page.getByTestId('stat-listed')).toHaveText('1');

  // The visitor finds it in the city's listing, named with its building, and opens it.
  await visitorPage.goto('/properties?location=Boise%2C+ID&minPrice=1675&maxPrice=1675');
  const card = visitorPage.getByTestId('listing-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('listing-building')).toHaveText(name);
  await card.getByTestId('listing-title').click();
  await expect(visitorPage).toHaveURL(new RegExp(`/property/${unitId}$`));
  await expect(visitorPage.getByTestId('property-building')).toContainText(`${name} · Unit 3C`);
  await expect(visitorPage.getByTestId('building-name')).toHaveText(name);
  await expect(visitorPage.getByTestId('building-amenities')).toContainText('Fitness center');
  await expect(visitorPage.getByTestId('other-units-empty')).toBeVisible();

  // …and on the map of the same search: its building's marker, whose popup leads to the unit.
  // Map tiles are answered locally (tests never touch the network).
  await visitor.route(/^https:\/\/tile\.openstreetmap\.org\//, (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: MAP_TILE_PNG }),
  );
  await visitorPage.goto('/properties?location=Boise%2C+ID&minPrice=1675&maxPrice=1675&view=map');
  await expect(visitorPage.getByTestId('listing-map')).toHaveAttribute('data-map-state', 'ready');
  const marker = visitorPage
    .getByTestId('listing-map')
    .getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, Boise, ID: 1 home, `) });
  await marker.click();
  const popup = visitorPage.locator('.leaflet-popup');
  await expect(popup.getByText(name, { exact: true })).toBeVisible();
  await popup.getByRole('link', { name: 'See this home' }).click();
  await expect(visitorPage).toHaveURL(new RegExp(`/property/${unitId}$`));
  await visitor.close();

  const audit = await page.request.get('/admin');
  expect(audit.status()).toBe(200);
});

test('the building form shows field errors from the server and keeps what was typed', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin/properties/new');
  await waitForHydration(page);
  const form = page.getByTestId('building-form');
  await form.getByLabel('Building name').fill('Half-typed House');
  await form.getByLabel('ZIP code').fill('123');
  await form.getByLabel('Latitude').fill('95');
  await form.getByLabel('Time zone').selectOption('Pacific/Honolulu');
  await form.getByTestId('building-submit').click();
  await expect(form.getByText('Enter a 5-digit ZIP code')).toBeVisible();
  await expect(form.getByText('Enter a latitude between -90 and 90')).toBeVisible();
  await expect(form.getByText('This field is required').first()).toBeVisible();
  await expect(form.getByLabel('Building name')).toHaveValue('Half-typed House');
  await expect(form.getByLabel('Time zone')).toHaveValue('Pacific/Honolulu');
  await expect(page).toHaveURL(/\/admin\/properties\/new$/);
});

test('a building gets its own late-fee rule: a wrong percent is refused with its message, a right one is shown on the building', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await createBuilding(page, unique('Late Fee Test House'), 'Honolulu', 'HI', '96813');
  await expect(page.getByTestId('building-time-zone-fact')).toHaveText('Time zone: Hawaii (Honolulu)');
  await expect(page.getByTestId('building-late-fees-fact')).toHaveText('Late fees: the company’s rule');
  await waitForHydration(page);
  const form = page.getByTestId('building-form');
  await form.getByLabel('Rule').selectOption('own');
  await form.getByLabel('Grace period (days)').fill('3');
  await form.getByLabel('Late fee is').selectOption('percent');
  await form.getByLabel('Percent of rent', { exact: true }).fill('75');
  await form.getByLabel('Cap (USD, 0 = none)').fill('100');
  await form.getByTestId('building-submit').click();
  await expect(form.getByText('Enter a percent from 0 to 50')).toBeVisible();
  await expect(form.getByLabel('Cap (USD, 0 = none)')).toHaveValue('100');
  await form.getByLabel('Percent of rent', { exact: true }).fill('4');
  await form.getByTestId('building-submit').click();
  await expect(page.getByTestId('building-late-fees-fact')).toHaveText(
    'Late fees: 4% of the month’s rent after 3 days of grace, at most $100.00',
  );
  // Decision 051: a fee for each day late needs a cap.
  await waitForHydration(page);
  await form.getByLabel('Late fee is').selectOption('flat');
  await form.getByLabel('Charged').selectOption('daily');
  await form.getByLabel('Flat amount (USD)').fill('15');
  await form.getByLabel('Cap (USD, 0 = none)').fill('0');
  await form.getByLabel('Cap (percent of rent, 0 = none)').fill('0');
  await form.getByTestId('building-submit').click();
  await expect(form.getByText('A daily fee needs a cap: enter an amount or a percent of the rent')).toBeVisible();
  await form.getByLabel('Cap (percent of rent, 0 = none)').fill('10');
  await form.getByTestId('building-submit').click();
  await expect(page.getByTestId('building-late-fees-fact')).toHaveText(
    'Late fees: $15.00 a day after 3 days of grace, at most 10% of the month’s rent',
  );
});

test('the CSV import lists row errors before writing anything, then imports a clean file', async ({ page }) => {
  // Two uploads, a preview, a commit and an export: about 30 s beside the other worker.
  test.slow();
  await signInAs(page, 'admin');
  const buildingId = await createBuilding(page, unique('Import Test Lofts'));
  const header = 'unit_number,title,description,price,bedrooms,bathrooms,square_feet,max_occupants,property_type,listed';
  const broken = [
    header,
    '101,Studio A,Bright studio,1200,0,1,450,1,studio,true',
    '102,,No title,1300,0,1,450,1,studio,true',
    '103,Bad rent,Nope,-1,1,1,600,2,castle,true',
  ].join('\n');
  await page.getByTestId('import-file').click();
  await page.locator('input[type=file][name=file]').setInputFiles({ name: 'units.csv', mimeType: 'text/csv', buffer: Buffer.from(broken) });
  await page.getByTestId('import-check').click();
  const preview = page.getByTestId('import-preview');
  await expect(preview.getByTestId('import-invalid')).toContainText('2 rows have problems');
  await expect(preview.locator('[data-testid="import-row"][data-line="3"]')).toContainText('This field is required');
  await expect(preview.locator('[data-testid="import-row"][data-line="4"]')).toContainText('Enter a monthly rent in whole dollars');
  await expect(preview.locator('[data-testid="import-row"][data-line="4"]')).toContainText('Choose a type from the list');
  await expect(page.getByTestId('import-commit')).toHaveCount(0);
  await expect(page.getByTestId('stat-units')).toHaveText('0');

  const clean = [
    header,
    '101,Studio A,Bright studio,1200,0,1,450,1,studio,true',
    '102,Studio B,Quiet studio,1250,0,1,460,1,studio,false',
  ].join('\n');
  await page.locator('input[type=file][name=file]').setInputFiles({ name: 'units.csv', mimeType: 'text/csv', buffer: Buffer.from(clean) });
  await page.getByTestId('import-check').click();
  await expect(page.getByTestId('import-clean')).toBeVisible();
  await expect(page.getByTestId('import-preview')).toContainText('2 rows: 2 new, 0 updates.');
  await page.getByTestId('import-commit').click();
  await expect(page.getByTestId('portfolio-toast').filter({ hasText: 'Import done: 2 created, 0 updated.' })).toBeVisible();
  await expect(page.getByTestId('stat-units')).toHaveText('2');
  await expect(page.getByTestId('stat-listed')).toHaveText('1');
  await expect(page.locator('[data-testid="unit-row"]')).toHaveCount(2);

  // The export is a CSV of the same columns.
  const download = await page.request.get(`/admin/properties/${buildingId}/units.csv`);
  expect(download.headers()['content-type']).toContain('text/csv');
  const text = await download.text();
  expect(text.split('\n')[0]).toContain('unit_number,title,title_it,description');
  expect(text).toContain('102,Studio B,,Quiet studio,,1250,0,1,460,1,studio,available,,false,');
});

test('the buildings list filters by search and state, with the filters in the URL', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin/properties');
  await waitForHydration(page);
  await expect(page.getByTestId('building-row').first()).toBeVisible();
  const filters = page.getByTestId('building-filters');
  await filters.getByLabel('Search').fill('E2E Review Court');
  await filters.getByLabel('State').selectOption('TX');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/q=E2E\+Review\+Court/);
  await expect(page).toHaveURL(/state=TX/);
  await expect(page.getByTestId('buildings-count')).toHaveText('3 buildings');
  await expect(page.getByTestId('building-row')).toHaveCount(3);
  await filters.getByLabel('Search').fill('no building is called this');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('buildings-empty')).toBeVisible();
});

test('a property manager manages their own building from the dashboard, and another building is not found', async ({ page }) => {
  await signInAs(page, 'property_manager');
  await page.goto('/dashboard');
  await waitForHydration(page);
  const portfolio = page.getByTestId('manager-portfolio');
  // The e2e manager also runs the buildings of the maintenance journeys (decision 026); building 1,
  // a demo manager's, is refused below.
  await expect(portfolio.getByRole('link', { name: 'E2E Review Court 2' })).toBeVisible();
  await portfolio.getByRole('link', { name: 'E2E Review Court 2' }).click();
  await expect(page).toHaveURL(/\/dashboard\/buildings\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'E2E Review Court 2' })).toBeVisible();
  // Managers do not reassign buildings.
  await expect(page.getByTestId('building-manager')).toHaveCount(0);
  await waitForHydration(page);
  await page.locator('[data-testid="unit-row"]').first().getByTestId('unit-link').click();
  await expect(page).toHaveURL(/\/dashboard\/buildings\/\d+\/units\/\d+$/);
  await waitForHydration(page);
  const form = page.getByTestId('unit-form');
  await expect(form.getByLabel('Title (English)')).toHaveValue(E2E_APPLICATIONS.managed.propertyTitle);
  await form.getByLabel('Size (sq ft)').fill('875');
  await form.getByTestId('unit-submit').click();
  await expect(page.getByTestId('portfolio-toast')).toContainText('Saved.');

  // Building 1 belongs to a demo manager: not found, for reading and for writing.
  const other = await page.goto('/dashboard/buildings/1');
  expect(other!.status()).toBe(404);
  const post = await page.request.post('/dashboard/buildings/1', {
    form: { intent: 'update-building', name: 'Taken over' },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(404);
  const admin = await page.goto('/admin/properties');
  expect(new URL(admin!.url()).pathname).toBe('/');
});

// One test per page and theme: each stays well inside the timeout on a loaded machine.
for (const scheme of ['light', 'dark'] as const) {
  for (const path of ['/admin/properties', '/admin/properties/1', '/admin/properties/1/units/1', '/admin']) {
    test(`${path} passes axe in the ${scheme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await signInAs(page, 'admin');
      await page.goto(path);
      await waitForHydration(page);
      await expectAccessible(page);
    });
  }
}

test('a building page fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, 'admin');
  await page.goto('/admin/properties/1');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page itself never scrolls sideways (wide tables scroll inside their own container).
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});
