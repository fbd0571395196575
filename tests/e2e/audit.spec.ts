/**
 * /admin/audit in Chromium (decision 023): an admin opens the audit log from the back office's
 * navigation, filters it by their own e-mail and the "Signed in" action (the URL keeps the
 * filters, every row matches), downloads the CSV of the filtered set (header, only matching rows)
 * and the page fits a phone's width. A tenant is sent home.
 */
import fs from 'node:fs/promises';
import { expect, signInAs, test, waitForHydration } from './fixtures';
import { E2E_USERS } from './users';

test('an admin filters /admin/audit and downloads the CSV of what is filtered', async ({ page }) => {
  await signInAs(page, 'admin');
  await page.goto('/admin');
  await waitForHydration(page);
  await page.getByTestId('admin-nav-audit').click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  // A client navigation: the route's code and data load first (slow on a busy CI machine).
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('audit-row').first()).toBeVisible();

  const filters = page.getByTestId('audit-filters');
  await filters.getByLabel('Actor (e-mail)').fill(E2E_USERS.admin.email);
  await filters.getByLabel('Action').selectOption('sign_in_succeeded');
  const today = new Date().toISOString().slice(0, 10);
  await filters.getByLabel('To', { exact: true }).fill(today);
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/action=sign_in_succeeded/);
  await expect(page).toHaveURL(new RegExp(`actor=${encodeURIComponent(E2E_USERS.admin.email).replace(/\./g, '\\.')}`));
  const rows = page.getByTestId('audit-row');
  // The filtered list has replaced the unfiltered one: every row is a sign-in.
  await expect(page.locator('[data-testid="audit-row"]:not([data-action="sign_in_succeeded"])')).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    await expect(rows.nth(i)).toHaveAttribute('data-action', 'sign_in_succeeded');
    await expect(rows.nth(i).getByTestId('audit-row-actor')).toHaveText(E2E_USERS.admin.email);
  }

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('audit-export').click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await fs.readFile(await download.path(), 'utf8');
  const lines = csv.trimEnd().split('\n');
  expect(lines[0]).toBe('id,created_at,action,table_name,user_id,actor_email,ip_address,user_agent,details');
  expect(lines.length - 1).toBeGreaterThanOrEqual(count);
  for (const line of lines.slice(1)) {
    expect(line).toContain(',sign_in_succeeded,security_events,');
    expect(line).toContain(E2E_USERS.admin.email);
  }

  // A filter that matches nothing says so.
  await filters.getByLabel('Actor (e-mail)').fill('nobody-at-all@nowhere.test');
  await filters.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('audit-empty')).toContainText('No entries match');

  // A phone's width: the page does not scroll sideways (the table scrolls in its own box).
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/audit');
  await expect(page.getByTestId('audit-row').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test('a tenant is sent home from /admin/audit', async ({ page }) => {
  await signInAs(page, 'tenant');
  const response = await page.request.get('/admin/audit', { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe('/');
});
