import { expect, test } from './fixtures';

const MESSAGE = "The page you're looking for doesn't exist or may have been moved.";

for (const path of ['/no-such-page', '/property/abc', '/property/99999999', '/booking/12x', '/booking/99999999', '/admin-secret-path']) {
  test(`${path} answers HTTP 404 with the not-found page`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByText(MESSAGE)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go Home' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go Back' })).toBeVisible();
  });
}

test('Go Home and Go Back work from the not-found page', async ({ page }) => {
  await page.goto('/about');
  await page.goto('/definitely-missing');
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.getByRole('button', { name: 'Go Back' }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.goto('/definitely-missing');
  await page.getByRole('link', { name: 'Go Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test.describe('in Italian', () => {
  test.use({ language: 'it' });
  test('the not-found page is translated', async ({ page }) => {
    const response = await page.goto('/nessuna-pagina');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('La pagina che stai cercando non esiste o potrebbe essere stata spostata.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Vai alla Home' })).toBeVisible();
  });
});
