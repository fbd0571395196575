/**
 * Decision 023: while payments run in test mode (this server uses the sandbox provider), every page
 * that takes a payment says so — the booking fee's confirmation step and the tenant portal's
 * Pay now / autopay — in English and in Italian.
 */
import { axeOn } from './page-checks';
import type { Page } from '@playwright/test';
import { expect, signInWith, test, waitForHydration } from './fixtures';
import { reachConfirmation, uniqueEmail } from './booking-steps';
import { E2E_LEASES } from './seed-leases';

/** WCAG 2 A/AA violations inside the notice, as "rule: selectors" lines. */
async function noticeViolations(page: Page): Promise<string[]> {
  const results = await axeOn(page).include('[data-testid="payments-test-mode"]').withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

test('the booking fee is taken in test mode, and the confirmation step says so', async ({ page }) => {
  await reachConfirmation(page, uniqueEmail('test-mode'));

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
