/**
 * Work orders and invoices in Chromium (decision 029), two browsers: the
 * vendor of "E2E Leak Fixers" opens its offered work order (the unit's address and the tenant's
 * entry window shown), accepts it, schedules the visit, starts, completes it with a photo and
 * submits an invoice (a negative line is refused first, with its message); an admin approves the
 * invoice in /admin/assignments and marks it paid; the vendor's invoices page follows live. Plus
 * axe on the vendor's work-order page. Data: tests/e2e/seed-work-orders.ts.
 */
import { axeOn } from './page-checks';
import sharp from 'sharp';
import { expect, newClientContext, signInAs, signInWith, test, waitForHydration } from './fixtures';
import { E2E_WORK_ORDERS } from './seed-work-orders';

async function photo(name: string) {
  const buffer = await sharp({
    create: { width: 800, height: 600, channels: 3, background: '#2e86c1', noise: { type: 'gaussian', mean: 100, sigma: 20 } },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

test('a vendor accepts, schedules, completes with a photo and invoices; an admin approves the invoice and pays it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await signInWith(page, E2E_WORK_ORDERS.vendor);
  await page.goto('/vendor-portal');
  await waitForHydration(page);
  await expect(page.getByTestId('vendor-count-offered')).toHaveAttribute('data-count', '1');
  await page.getByTestId('vendor-count-offered').click();
  await expect(page).toHaveURL(/\/vendor-portal\/work-orders\?status=offered$/);
  const row = page.getByTestId('vendor-work-order-row').filter({ hasText: E2E_WORK_ORDERS.title });
  await expect(row).toContainText('12 Wrench Way, Apt 3C');
  await row.getByRole('link').click();

  const workOrder = page.getByTestId('vendor-work-order');
  await expect(workOrder).toHaveAttribute('data-status', 'offered');
  await waitForHydration(page);
  await expect(page.getByTestId('work-order-place')).toContainText('12 Wrench Way, Apt 3C');
  await expect(page.getByTestId('entry-permission')).toHaveAttribute('data-permission', 'yes');
  await expect(page.getByTestId('work-order-entry')).toContainText('09:00–12:00');
  const axe = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  await page.getByTestId('accept-submit').click();
  await expect(workOrder).toHaveAttribute('data-status', 'accepted');

  const visit = new Date(Date.now() + 2 * 86_400_000);
  visit.setUTCHours(10, 30, 0, 0);
  await page.getByLabel('Visit (UTC)').fill(visit.toISOString().slice(0, 16));
  await page.getByTestId('schedule-submit').click();
  await expect(workOrder).toHaveAttribute('data-status', 'scheduled');
  await expect(page.getByTestId('work-order-visit')).toContainText('10:30 UTC');

  await page.getByTestId('start-submit').click();
  await expect(workOrder).toHaveAttribute('data-status', 'in_progress');

  const complete = page.getByTestId('complete-actions');
  await complete.getByLabel('What was done').fill('Replaced the corroded trap and tested for leaks.');
  await complete.getByTestId('photo-input').setInputFiles([await photo('after.jpg')]);
  await complete.getByTestId('complete-submit').click();
  await expect(workOrder).toHaveAttribute('data-status', 'completed');
  const completed = page.locator('[data-testid="history-entry"][data-kind="status"]').last();
  await expect(completed).toContainText('Replaced the corroded trap');
  await expect(completed.getByRole('img')).toHaveCount(1);

  // The invoice: a negative line is refused where it was typed, then corrected.
  await page.getByTestId('create-invoice').click();
  await expect(page).toHaveURL(/\/vendor-portal\/invoices\/new\?workOrder=\d+$/);
  await waitForHydration(page);
  const form = page.getByTestId('invoice-form');
  await form.getByLabel('Invoice number').fill('LF-2026-001');
  const lines = form.getByTestId('invoice-line');
  await lines.nth(0).getByLabel('Description').fill('Plumber, on site');
  await lines.nth(0).getByLabel('Quantity').fill('1.5');
  await lines.nth(0).getByLabel('Unit price (USD)').fill('-80');
  await lines.nth(1).getByLabel('Description').fill('P-trap');
  await lines.nth(1).getByLabel('Quantity').fill('1');
  await lines.nth(1).getByLabel('Unit price (USD)').fill('12.34');
  await form.getByLabel('Tax (USD)').fill('5.00');
  await form.getByTestId('invoice-submit').click();
  await expect(form.getByText('An amount cannot be negative.')).toBeVisible();
  await waitForHydration(page);
  await lines.nth(0).getByLabel('Unit price (USD)').fill('80');
  await expect(form.getByTestId('invoice-form-total')).toHaveText('Total: $137.34');
  await form.getByTestId('invoice-submit').click();
  await expect(page).toHaveURL(/\/vendor-portal\/invoices\?done=submitted$/);
  const card = page.getByTestId('invoice-card').filter({ hasText: 'LF-2026-001' });
  await expect(card).toHaveAttribute('data-status', 'submitted');
  await expect(card.getByTestId('invoice-total')).toHaveAttribute('data-cents', '13734');
  await waitForHydration(page);

  // The admin approves and pays it from /admin/assignments.
  const adminContext = await newClientContext(browser, baseURL);
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  await admin.goto('/admin/assignments');
  await waitForHydration(admin);
  const review = admin.getByTestId('invoice-card').filter({ hasText: 'LF-2026-001' });
  await expect(review).toContainText(E2E_WORK_ORDERS.vendor.company);
  await review.getByTestId('invoice-approve').click();
  await expect(review).toHaveAttribute('data-status', 'approved', { timeout: 15_000 });
  await review.getByLabel('Payment reference').fill('WIRE-0042');
  await review.getByTestId('invoice-pay').click();
  await expect(admin.getByTestId('invoice-card').filter({ hasText: 'LF-2026-001' })).toHaveCount(0, { timeout: 15_000 });
  const listed = admin.getByTestId('assignment-row').filter({ hasText: E2E_WORK_ORDERS.title });
  await expect(listed).toHaveAttribute('data-status', 'completed');

  // The vendor's page follows without a reload.
  await expect(card).toHaveAttribute('data-status', 'paid', { timeout: 15_000 });
  await expect(card.getByTestId('invoice-payout')).toContainText('WIRE-0042');
  await adminContext.close();
});
