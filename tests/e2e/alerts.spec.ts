/**
 * Listing alerts that send (decision 018) in Chromium: a visitor saves a search on
 * /subscriptions (choosing how often), confirms it from the e-mail; an admin creates and
 * publishes a matching unit; the job runner matches it and the alert e-mail arrives (SMTP sink)
 * with the home's link and an unsubscribe link that asks before it stops the alert. Plus axe on the form.
 */
import { axeOn } from './page-checks';
import type { Page } from '@playwright/test';
import { expect, newClientContext, signInAs, test, waitForHydration } from './fixtures';
import { linkIn, waitForMail } from './mail';

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function createBuildingAndUnit(page: Page, { building, title, price }: { building: string; title: string; price: string }) {
  await page.goto('/admin/properties/new');
  await waitForHydration(page);
  const form = page.getByTestId('building-form');
  await form.getByLabel('Building name').fill(building);
  await form.getByLabel('Street address').fill('301 Higgins Avenue');
  await form.getByLabel('City').fill('Missoula');
  await form.getByLabel('State').selectOption('MT');
  await form.getByLabel('ZIP code').fill('59801');
  await form.getByLabel('Description (English)').fill('A small building near the river, for the alert test.');
  await form.getByTestId('building-submit').click();
  await expect(page).toHaveURL(/\/admin\/properties\/\d+\?done=created$/);
  const buildingId = Number(/properties\/(\d+)/.exec(page.url())![1]);

  await page.getByTestId('add-unit').click();
  await waitForHydration(page);
  const unit = page.getByTestId('unit-form');
  await unit.getByLabel('Unit number').fill('2A');
  await unit.getByLabel('Title (English)').fill(title);
  await unit.getByLabel('Monthly rent (USD)').fill(price);
  await unit.getByLabel('Bedrooms').fill('2');
  await unit.getByLabel('Bathrooms').fill('1');
  await unit.getByLabel('Size (sq ft)').fill('820');
  await unit.getByLabel('Maximum occupants').fill('3');
  await unit.getByLabel('Description (English)').fill('Two bedrooms with a view of Mount Sentinel.');
  await unit.getByTestId('unit-submit').click();
  await expect(page).toHaveURL(/\/units\/\d+\?done=created$/);
  const unitId = Number(/units\/(\d+)/.exec(page.url())![1]);
  return { buildingId, unitId };
}

test('a visitor confirms an alert, an admin publishes a matching unit, and the alert e-mail arrives with a working unsubscribe link', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two browsers, a building, a unit and two e-mails: a long journey on a 2-core CI machine.
  test.slow();
  const email = `alert.${unique()}@example.test`;
  await page.goto('/subscriptions');
  await waitForHydration(page);
  const form = page.getByTestId('alert-form');
  await form.getByLabel('E-mail').fill(email);
  await form.getByLabel('Location').fill('Missoula, MT');
  await form.getByLabel('Capacity').selectOption('3');
  await form.getByLabel('Minimum rent (USD per month)').fill('7300');
  await form.getByLabel('Maximum rent (USD per month)').fill('7400');
  await expect(form.getByLabel('At once')).toBeChecked();
  await form.getByRole('button', { name: 'Create alert' }).click();
  await expect(page.getByText('Check your inbox to confirm').first()).toBeVisible();

  const confirmation = await waitForMail(email, 'Confirm your Dimora listing alert');
  await page.goto(linkIn(confirmation, '/subscriptions'));
  await expect(page.getByTestId('alert-link-notice')).toContainText('Your alert is confirmed');

  const admin = await newClientContext(browser, baseURL);
  const adminPage = await admin.newPage();
  try {
    await signInAs(adminPage, 'admin');
    const title = `Sentinel view flat ${unique()}`;
    const { buildingId, unitId } = await createBuildingAndUnit(adminPage, {
      building: `Higgins Alert Court ${unique()}`,
      title,
      price: '7350',
    });
    // Created unlisted: nothing is announced until it is published.
    await adminPage.goto(`/admin/properties/${buildingId}`);
    await waitForHydration(adminPage);
    const row = adminPage.locator(`[data-testid="unit-row"][data-unit-id="${unitId}"]`);
    await row.getByLabel('Select unit 2A').check();
    await adminPage.getByTestId('bulk-intent').selectOption('publish');
    await adminPage.getByTestId('bulk-apply').click();
    await expect(row.getByTestId('unit-listed')).toHaveText('Listed');

    const alert = await waitForMail(email, 'New home for your Dimora alert');
    expect(alert.subject).toBe(`New home for your Dimora alert: ${title}`);
    expect(alert.text).toContain('A new home matches your listing alert (Missoula, MT · 3+ people · $7,300 - $7,400 per month):');
    expect(alert.text).toContain('Missoula, MT · $7,350 per month · 2 bedrooms');
    const home = linkIn(alert, '/property/');
    expect(new URL(home).pathname).toBe(`/property/${unitId}`);
    await page.goto(home);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // Opening the link only asks (a mail scanner opening it stops nothing); the button stops it.
    await page.goto(linkIn(alert, '/subscriptions'));
    await expect(page.getByTestId('alert-link-notice')).toContainText('Stop this alert?');
    await expect(page.getByTestId('alert-link-notice')).toContainText('Missoula, MT');
    await page.getByTestId('alert-unsubscribe-confirm').click();
    await expect(page).toHaveURL(/\/subscriptions\?unsubscribed=done$/);
    await expect(page.getByTestId('alert-link-notice')).toContainText('You are unsubscribed');
  } finally {
    await admin.close();
  }
});

test('the daily digest choice is kept, and the form passes axe in both themes', async ({ page }) => {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await page.goto('/subscriptions?location=Austin');
    await waitForHydration(page);
    const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  }
  const form = page.getByTestId('alert-form');
  await form.getByLabel('E-mail').fill(`digest.${unique()}@example.test`);
  await form.getByLabel('Daily digest').check();
  await form.getByLabel('Minimum rent (USD per month)').fill('9000');
  await form.getByLabel('Maximum rent (USD per month)').fill('100');
  await form.getByRole('button', { name: 'Create alert' }).click();
  // A refused form keeps what was typed, the frequency included.
  await expect(form.getByText('The maximum rent must be at least the minimum rent')).toBeVisible();
  await expect(form.getByLabel('Daily digest')).toBeChecked();
});
