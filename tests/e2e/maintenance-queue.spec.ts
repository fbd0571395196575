/**
 * The staff maintenance queue in Chromium (decision 026): an admin narrows the queue to one
 * building found by name, filters by priority, by missed response target and by status, looks at
 * the board, opens a request, triages it, is refused an uninsured vendor with the translated
 * reason and assigns an insured one — the work order shows as offered; the page passes axe. A
 * property manager sees their building's requests and gets a 404 for another building's.
 * Data: tests/e2e/seed-maintenance-queue.ts.
 */
import { axeOn } from './page-checks';
import type { Page } from '@playwright/test';
import { expect, newClientContext, signInAs, test, waitForHydration } from './fixtures';
import { E2E_QUEUE } from './seed-maintenance-queue';

/** Picks `building` in the queue's building filter by typing part of its name. */
async function chooseBuilding(page: Page, typed: string, building: string) {
  const field = page.getByTestId('queue-filter-building');
  await field.click();
  await field.fill(typed);
  await page.getByRole('option', { name: building }).click();
  await expect(field).toHaveValue(building);
}

async function apply(page: Page) {
  await page.getByTestId('queue-filter-apply').click();
}

// Each journey has requests of its own (seed-maintenance-queue.ts), so they run in any order, and a
// retry finds the data as the first attempt did. An action's toast waits as long as a loaded CI
// machine may need for the post and the page's revalidation.
const ACTION = { timeout: 20_000 };

test('an admin narrows the queue to a building and filters it by priority, missed target and status, and sees the board', async ({
  page,
}) => {
  await signInAs(page, 'admin');
  await page.goto('/admin/maintenance');
  await waitForHydration(page);
  const rows = page.getByTestId('queue-row');

  // One building, then its urgent requests.
  await chooseBuilding(page, 'repair court', E2E_QUEUE.building);
  await page.getByTestId('queue-filter-priority').selectOption('urgent');
  await apply(page);
  await expect(page).toHaveURL(/building=\d+.*priority=urgent/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(E2E_QUEUE.radiator);

  // Missed response targets (any priority): the flickering light, flagged.
  await waitForHydration(page);
  await page.getByTestId('queue-filter-priority').selectOption('');
  await page.getByTestId('queue-filter-breached').check();
  await apply(page);
  await expect(page).toHaveURL(/breached=1/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(E2E_QUEUE.flicker);
  await expect(rows.first()).toHaveAttribute('data-breached', 'true');
  await expect(rows.first().getByTestId('sla-breached')).toHaveText('Target missed');

  // Every status: the closed one too, never another building's.
  await waitForHydration(page);
  await page.getByTestId('queue-filter-breached').uncheck();
  await page.getByTestId('queue-filter-status').selectOption('all');
  await apply(page);
  await expect(page).toHaveURL(/status=all/);
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: E2E_QUEUE.closed })).toHaveCount(1);
  await expect(rows.filter({ hasText: E2E_QUEUE.hidden })).toHaveCount(0);

  // The board of the building: two submitted, one triaged.
  await page.getByTestId('queue-view-board').click();
  await expect(page).toHaveURL(/view=board/);
  await expect(page.locator('[data-testid="board-column"][data-status="submitted"]')).toHaveAttribute('data-count', '2');
  await expect(page.locator('[data-testid="board-column"][data-status="triaged"]')).toHaveAttribute('data-count', '1');
  await expect(page.locator('[data-testid="board-column"][data-status="submitted"]').getByTestId('board-card')).toHaveCount(2);
  // A card opens its request.
  await page.locator('[data-testid="board-column"][data-status="triaged"]').getByRole('link', { name: E2E_QUEUE.flicker }).click();
  await expect(page).toHaveURL(/\/admin\/maintenance\/\d+$/);
  await expect(page.getByTestId('request-detail')).toHaveAttribute('data-status', 'triaged');
});

test('an admin triages a request, is refused an uninsured vendor with the reason and assigns an insured one', async ({
  page,
}, testInfo) => {
  await signInAs(page, 'admin');
  // A cold boiler's page (urgent heating requests of any building), then what the tenant reported.
  const attempt = testInfo.retry + testInfo.repeatEachIndex;
  const boiler = E2E_QUEUE.boilers[Math.min(attempt, E2E_QUEUE.boilers.length - 1)]!;
  await page.goto('/admin/maintenance?priority=urgent&category=hvac');
  await page.getByRole('link', { name: boiler, exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/maintenance\/\d+$/);
  await waitForHydration(page);
  const detail = page.getByTestId('request-detail');
  await expect(detail).toHaveAttribute('data-status', 'submitted');
  await expect(page.getByTestId('request-description')).toHaveText('The living-room radiator stays cold all day.');
  await expect(page.getByTestId('request-permission')).toHaveAttribute('data-permission', 'yes');
  await expect(page.getByTestId('request-windows').locator('li')).toHaveCount(1);
  await expect(page.getByTestId('request-photos').getByRole('img')).toHaveCount(1);

  // Triage: emergency, plumbing → triaged; the staff-only entry is marked.
  await page.getByTestId('triage-priority').selectOption('emergency');
  await page.getByTestId('triage-category').selectOption('plumbing');
  await page.getByTestId('triage-submit').click();
  await expect(page.getByTestId('queue-toast')).toContainText('The request was triaged.', ACTION);
  await expect(detail).toHaveAttribute('data-status', 'triaged');
  await expect(page.getByTestId('request-priority').first()).toHaveAttribute('data-priority', 'emergency');
  const triaged = page.locator('[data-testid="timeline-entry"][data-kind="triaged"]');
  await expect(triaged).toContainText('Triaged: Emergency, Plumbing');
  await expect(triaged.getByTestId('timeline-internal')).toHaveText('Staff only');
  await expect(page.getByTestId('triage-priority')).toHaveValue('emergency');

  // The vendor whose insurance expired: refused with the reason, nothing assigned.
  const vendorField = page.getByTestId('assign-vendor');
  const lapsed = await vendorField.locator('option', { hasText: E2E_QUEUE.lapsed }).getAttribute('value');
  const insured = await vendorField.locator('option', { hasText: E2E_QUEUE.insured }).getAttribute('value');
  await vendorField.selectOption(lapsed!);
  await page.getByTestId('assign-submit').click();
  await expect(page.getByTestId('action-assign')).toContainText(
    "This vendor's insurance has expired, so it cannot be given new work.",
    ACTION,
  );
  await expect(page.getByTestId('request-work-orders')).toContainText('No vendor assigned yet.');

  // The insured vendor: a work order, offered.
  await page.getByTestId('assign-vendor').selectOption(insured!);
  await page.getByTestId('assign-instructions').fill('Bleed the radiator first.');
  await page.getByTestId('assign-submit').click();
  await expect(page.getByTestId('queue-toast').last()).toContainText('The work order was sent to the vendor.', ACTION);
  const order = page.getByTestId('work-order');
  await expect(order).toHaveCount(1);
  await expect(order).toHaveAttribute('data-vendor', E2E_QUEUE.insured);
  await expect(order.getByTestId('work-order-status')).toHaveText('Offered');
  await expect(order).toContainText('Bleed the radiator first.');
  await expect(page.getByTestId('assign-has-open')).toBeVisible();
  await expect(page.locator('[data-testid="timeline-entry"][data-kind="assigned"]')).toContainText(`Assigned to ${E2E_QUEUE.insured}`);

  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});

test('a property manager sees their building’s requests, live, and gets a 404 for another building’s', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // An admin finds the id of the request in the building the manager does not run.
  const adminContext = await newClientContext(browser, baseURL);
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  await admin.goto('/admin/maintenance');
  await waitForHydration(admin);
  await chooseBuilding(admin, 'elsewhere', E2E_QUEUE.elsewhere);
  await apply(admin);
  const hidden = admin.getByTestId('queue-row').filter({ hasText: E2E_QUEUE.hidden });
  await expect(hidden).toHaveCount(1);
  const hiddenId = await hidden.getAttribute('data-id');

  await signInAs(page, 'property_manager');
  await page.goto('/dashboard/maintenance');
  await waitForHydration(page);
  const rows = page.getByTestId('queue-row');
  await expect(rows.filter({ hasText: E2E_QUEUE.lock })).toHaveCount(1);
  await expect(rows.filter({ hasText: E2E_QUEUE.hidden })).toHaveCount(0);
  await rows.filter({ hasText: E2E_QUEUE.lock }).getByRole('link', { name: E2E_QUEUE.lock }).click();
  await expect(page).toHaveURL(/\/dashboard\/maintenance\/\d+$/);
  await waitForHydration(page);
  const lockId = /(\d+)$/.exec(page.url())![1];

  // The admin adds a staff note to the same request: the manager's page shows it without a reload.
  await admin.goto(`/admin/maintenance/${lockId}`);
  await waitForHydration(admin);
  // A note of this attempt's own, so a retry counts only its own.
  const text = `Locksmith booked for 3 pm (attempt ${testInfo.retry + testInfo.repeatEachIndex + 1}).`;
  await admin.getByTestId('note-body').fill(text);
  await admin.getByTestId('note-submit').click();
  await expect(admin.getByTestId('queue-toast')).toContainText('The note was added.', ACTION);
  await adminContext.close();
  const note = page.locator('[data-testid="timeline-entry"][data-kind="comment"]').filter({ hasText: text });
  await expect(note).toHaveCount(1, { timeout: 15_000 });
  await expect(note).toHaveAttribute('data-internal', 'true');

  const response = await page.goto(`/dashboard/maintenance/${hiddenId}`);
  expect(response?.status()).toBe(404);
});
