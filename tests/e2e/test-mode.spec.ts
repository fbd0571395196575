/**
 * Decision 023: while payments run in test mode (this server uses the sandbox provider), every page
 * that takes a payment says so — the booking fee's confirmation step and the tenant portal's
 * Pay now / autopay — in English and in Italian.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signInWith, test, waitForHydration } from './fixtures';
import { E2E_LEASES } from './seed-leases';

const DAY_MS = 86_400_000;

/** WCAG 2 A/AA violations inside the notice, as "rule: selectors" lines. */
async function noticeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-testid="payments-test-mode"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** The first sample home (ids 1–6) whose page offers "Apply". */
async function openAvailableHome(page: Page) {
  for (let id = 1; id <= 6; id += 1) {
    await page.goto(`/property/${id}`);
    if (await page.getByTestId('apply-button').isVisible()) return;
  }
  throw new Error('no available sample home');
}

test('the booking fee is taken in test mode, and the confirmation step says so', async ({ page }) => {
  await openAvailableHome(page);
  await page.getByTestId('apply-button').click();
  await waitForHydration(page);
  const moveIn =
    (await page
      .getByTestId('booking-home-available')
      .getAttribute('data-date')
      .catch(() => null)) ?? '';
  const soon = new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10);
  const start = moveIn > soon ? moveIn : soon;
  const end = `${Number(start.slice(0, 4)) + 1}${start.slice(4, 8)}01`;
  await page.getByLabel('Move-in date').fill(start);
  await page.getByLabel('Move-out date').fill(end);
  await page.getByLabel('Adults').fill('1');
  await page.getByLabel('Children').fill('0');
  await page.getByTestId('booking-next').click();
  await expect(page).toHaveURL(/step=details/, { timeout: 15_000 });
  await page.getByLabel('First name').fill('Tess');
  await page.getByLabel('Last name').fill('Mode');
  await page.getByLabel('Email').fill(`test-mode.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`);
  await page.getByLabel('Phone').fill('+1 512 555 0100');
  await page.getByLabel('Current address').fill('1 Main Street');
  await page.getByLabel('City').fill('Austin');
  await page.getByLabel('ZIP code').fill('78701');
  await page.getByLabel('Country').selectOption('US');
  await page.getByTestId('booking-next').click();
  await expect(page).toHaveURL(/step=confirm/, { timeout: 15_000 });

  const notice = page.getByTestId('payments-test-mode');
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Test mode');
  await expect(notice).toContainText('no real money moves');
  expect(await noticeViolations(page)).toEqual([]);
});

test.describe('in Italian', () => {
  test.use({ language: 'it' });

  test("the tenant portal's Pay now and autopay are in test mode, and say so", async ({ page }) => {
    await signInWith(page, E2E_LEASES.payer);
    await page.goto('/tenant-portal');
    await waitForHydration(page);
    await expect(page.getByTestId('autopay')).toBeVisible();
    const notice = page.getByTestId('payments-test-mode');
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('Modalità test');
    await expect(notice).toContainText('non si muove denaro reale');
    expect(await noticeViolations(page)).toEqual([]);
  });
});
