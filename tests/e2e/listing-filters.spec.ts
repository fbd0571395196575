import { expect, test, waitForHydration } from './fixtures';

function parsePrice(text: string | null): number {
  return Number((text ?? '').replace(/[^0-9]/g, ''));
}

test('filters update the URL with the spec names and the results follow them', async ({ page }) => {
  await page.goto('/properties');
  await waitForHydration(page);
  await page.getByLabel('Capacity').selectOption('3');
  await expect(page).toHaveURL(/[?&]capacity=3(&|$)/);
  await expect(page.getByTestId('listing-filters')).toHaveAttribute('data-query', 'capacity=3');
  await page.getByLabel('Location').fill('TX');
  await page.getByLabel('Min. rent ($/month)').fill('1000');
  await page.getByLabel('Max. rent ($/month)').fill('4000');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByTestId('listing-filters')).toHaveAttribute('data-query', 'capacity=3&location=TX&minPrice=1000&maxPrice=4000');
  await expect(page).toHaveURL(/capacity=3/);
  await expect(page).toHaveURL(/location=TX/);
  await expect(page).toHaveURL(/minPrice=1000/);
  await expect(page).toHaveURL(/maxPrice=4000/);
  const cards = page.getByTestId('listing-card');
  await expect(cards.first()).toBeVisible();
  for (const location of await page.getByTestId('listing-location').allTextContents()) {
    expect(location).toMatch(/, TX \d{5}$/);
  }
  for (const price of await page.getByTestId('listing-price').allTextContents()) {
    expect(parsePrice(price)).toBeGreaterThanOrEqual(1000);
    expect(parsePrice(price)).toBeLessThanOrEqual(4000);
  }
  for (const capacity of await page.getByTestId('listing-capacity').allTextContents()) {
    expect(Number(capacity.replace(/\D/g, ''))).toBeGreaterThanOrEqual(3);
  }
});

test('sorting by price orders the results and pagination keeps the filters', async ({ page }) => {
  await page.goto('/properties');
  await waitForHydration(page);
  await page.getByLabel('Sort by').selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page.getByTestId('listing-filters')).toHaveAttribute('data-query', 'sort=price_asc');
  const prices = (await page.getByTestId('listing-price').allTextContents()).map(parsePrice);
  expect(prices.length).toBeGreaterThan(1);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  await page.getByRole('navigation', { name: 'Result pages' }).getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId('listing-filters')).toHaveAttribute('data-query', 'sort=price_asc&page=2');
  const nextPrices = (await page.getByTestId('listing-price').allTextContents()).map(parsePrice);
  expect(nextPrices[0]).toBeGreaterThanOrEqual(prices[prices.length - 1]!);
});

test('Reset clears every filter', async ({ page }) => {
  await page.goto('/properties?capacity=2&location=Austin&minPrice=500&maxPrice=9000&sort=price_desc&page=1');
  await waitForHydration(page);
  await expect(page.getByLabel('Location')).toHaveValue('Austin');
  await page.getByTestId('filters-reset').click();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(page.getByTestId('listing-filters')).toHaveAttribute('data-query', '');
  await expect(page.getByLabel('Location')).toHaveValue('');
  await expect(page.getByLabel('Capacity')).toHaveValue('');
  await expect(page.getByLabel('Sort by')).toHaveValue('newest');
});

test('a search with no match shows a helpful empty state', async ({ page }) => {
  await page.goto('/properties?location=Nowhereville');
  await expect(page.getByTestId('listings-empty')).toBeVisible();
  await expect(page.getByText('No homes match these filters')).toBeVisible();
  await page.getByRole('link', { name: 'Clear all filters' }).click();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(page.getByTestId('listing-card').first()).toBeVisible();
});

test('garbage query values are ignored and echoed safely', async ({ page }) => {
  let dialog = false;
  page.on('dialog', async (d) => {
    dialog = true;
    await d.dismiss();
  });
  const response = await page.goto(
    '/properties?capacity=-1&minPrice=abc&page=999999&location=%3Cscript%3Ealert(1)%3C%2Fscript%3E&sort=%22%3E%3Cimg',
  );
  expect(response?.status()).toBe(200);
  await expect(page.getByLabel('Location')).toHaveValue('scriptalert(1)/script');
  await expect(page.getByTestId('listings-empty')).toBeVisible();
  expect(dialog).toBe(false);
  const clamped = await page.goto('/properties?page=999999');
  expect(clamped?.status()).toBe(200);
  await expect(page.getByTestId('listing-card').first()).toBeVisible();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter form still searches on the server', async ({ page }) => {
    await page.goto('/properties');
    await page.getByLabel('Capacity').selectOption('4');
    await page.getByLabel('Location').fill('Texas');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/capacity=4/);
    await expect(page).toHaveURL(/location=Texas/);
    for (const location of await page.getByTestId('listing-location').allTextContents()) {
      expect(location).toMatch(/, TX \d{5}$/);
    }
  });

  test('the language selector and theme toggle post to the server', async ({ page }) => {
    await page.goto('/properties');
    await page.getByLabel('Language').selectOption('it');
    await page.locator('noscript').count(); // the OK button is inside <noscript> and shown
    await page.getByRole('button', { name: /Language/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trova la tua prossima casa');
    await page.getByTestId('theme-toggle').click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});
