/**
 * The tenants directory and the payments list in Chromium (decision 020, "Numbers"):
 * an admin pages through the demo tenants (first, next), searches a name, narrows the list to one
 * building with the building filter — found by typing part of its name, the server answering
 * the search — and finds the same building's payments; the filtered page passes axe. Data: the
 * demo seed and tests/e2e/seed-leases.ts (Lena Lessee in "E2E Lease Court").
 */
import { axeOn } from './page-checks';
import type { Page } from '@playwright/test';
import { expect, signInAs, test, waitForHydration } from './fixtures';
import { E2E_LEASES } from './seed-leases';

/** Picks `building` in the building filter of `scope` by typing part of its name. */
async function chooseBuilding(page: Page, testId: string, typed: string, building: string) {
  const field = page.getByTestId(testId);
  await field.click();
  await field.fill(typed);
  await page.getByRole('option', { name: building }).click();
  await expect(field).toHaveValue(building);
}

test('the tenants directory pages with first/next, searches, and filters by a building found by name', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin/tenants');
  await waitForHydration(page);
  const rows = page.getByTestId('tenant-row');
  await expect(rows).toHaveCount(25);
  const firstPage = await rows.evaluateAll((all) => all.map((row) => row.getAttribute('data-lease')));

  // The next page continues with older leases; "First page" comes back.
  await page.getByTestId('tenants-pagination-next').click();
  await expect(page).toHaveURL(/after=\d+\.\d+/);
  await expect(rows.first()).not.toHaveAttribute('data-lease', firstPage[0]!);
  const secondPage = await rows.evaluateAll((all) => all.map((row) => Number(row.getAttribute('data-lease'))));
  expect(Math.max(...secondPage)).toBeLessThanOrEqual(Math.min(...firstPage.map(Number)));
  await page.getByTestId('tenants-pagination-first').click();
  await expect(rows.first()).toHaveAttribute('data-lease', firstPage[0]!);

  // A search by part of the name.
  await page.getByTestId('tenants-filter-q').fill('lessee');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/q=lessee/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toHaveAttribute('data-email', E2E_LEASES.payer.email);

  // The building filter: typed, answered by the server, applied; the choice survives a reload.
  await page.getByTestId('tenants-filter-clear').click();
  await expect(rows).toHaveCount(25);
  await waitForHydration(page);
  await chooseBuilding(page, 'tenants-filter-building', 'e2e lease', 'E2E Lease Court');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/building=\d+/);
  await expect(rows.filter({ has: page.getByText('E2E Lease Court') })).not.toHaveCount(0);
  await expect(rows.filter({ hasNot: page.getByText('E2E Lease Court') })).toHaveCount(0);
  const buildingId = /building=(\d+)/.exec(page.url())![1];
  await page.reload();
  await expect(page.getByTestId('tenants-filter-building')).toHaveValue('E2E Lease Court');
  await waitForHydration(page);
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The same building's payments.
  await page.goto('/admin/payments');
  await waitForHydration(page);
  await chooseBuilding(page, 'payments-filter-building', 'lease court', 'E2E Lease Court');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`building=${buildingId}`));
  const payments = page.getByTestId('payment-row');
  await expect(payments.filter({ hasNotText: 'E2E Lease Court' })).toHaveCount(0);
  await expect(payments.filter({ hasText: 'Lena Lessee' })).not.toHaveCount(0);
});
