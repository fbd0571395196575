/**
 * Capital projects and bids in Chromium (decision 029 and 028), with two browser
 * contexts: an admin creates a roof project at "E2E Project Tower" and opens it for bids to two
 * vendors; the first vendor, e-mailed the invitation, is refused a bid with a bad amount, then
 * bids with a PDF quote; the admin compares the bids, closes bidding early and awards the bid —
 * the project is awarded and has the winner's work order — and the vendor's open page shows it
 * won, live. Plus axe on the bids comparison, and both sides in the dark theme on a phone. Data:
 * tests/e2e/seed-projects.ts.
 */
import { axeOn } from './page-checks';
import type { Page } from '@playwright/test';
import { expect, newClientContext, signInAs, signInWith, test, waitForHydration } from './fixtures';
import { waitForMail } from './mail';
import { E2E_PROJECTS } from './seed-projects';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function chooseBuilding(page: Page, typed: string, building: string) {
  const field = page.getByTestId('project-form-building');
  await field.click();
  await field.fill(typed);
  await page.getByRole('option', { name: building }).click();
  await expect(field).toHaveValue(building);
}

test('an admin opens a project for bids to two vendors, a vendor bids, the admin closes bidding and awards it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const [winner, other] = E2E_PROJECTS.bidders;
  const name = `E2E Roof Replacement ${Date.now().toString(36)}`;

  // The admin creates the project…
  const adminContext = await newClientContext(browser, baseURL);
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  await admin.goto('/admin/projects');
  await waitForHydration(admin);
  await admin.getByTestId('project-new-link').click();
  await expect(admin).toHaveURL(/\/admin\/projects\/new$/);
  await waitForHydration(admin);
  const form = admin.getByTestId('project-form-create');
  await chooseBuilding(admin, 'project tower', E2E_PROJECTS.building);
  await form.getByLabel('Project name').fill(name);
  await form.getByLabel('Kind of work').selectOption('roof');
  await form.getByLabel('Budget (USD)').fill('150000.00');
  await form.getByLabel('Start date').fill(daysAhead(30));
  await form.getByLabel('End date').fill(daysAhead(90));
  await form.getByLabel('Description').fill('Replace the membrane and flashing of the main roof.');
  await form.getByTestId('project-create-submit').click();
  await expect(admin).toHaveURL(/\/admin\/projects\/\d+/);
  const projectPage = admin.getByTestId('project-page');
  await expect(projectPage).toHaveAttribute('data-status', 'planned');
  const projectId = await projectPage.getAttribute('data-project');

  // …and opens it for bids to the two vendors.
  await waitForHydration(admin);
  const invite = admin.getByTestId('invite-form');
  await invite.getByLabel(winner.company).check();
  await invite.getByLabel(other.company).check();
  await invite.getByLabel('Bid deadline (UTC)').fill(`${daysAhead(5)}T17:00`);
  await invite.getByTestId('invite-submit').click();
  await expect(projectPage).toHaveAttribute('data-status', 'bidding');
  await expect(admin.getByTestId('invited-vendor')).toHaveCount(2);
  const invitation = await waitForMail(winner.email, 'Invitation to bid');
  expect(invitation.text).toContain(name);
  expect(invitation.text).toContain(`/vendor-portal/projects/${projectId}`);

  // The vendor bids: a bad amount is refused, then a bid with a PDF quote.
  await signInWith(page, winner);
  await page.goto('/vendor-portal');
  await waitForHydration(page);
  await page.getByTestId('vendor-projects-link').click();
  await expect(page).toHaveURL(/\/vendor-portal\/projects$/);
  await page.locator(`[data-testid="vendor-open-project"][data-project="${projectId}"]`).getByTestId('vendor-project-open').click();
  await expect(page.getByTestId('vendor-project')).toHaveAttribute('data-open', 'true');
  await waitForHydration(page);
  const bidForm = page.getByTestId('bid-form');
  await bidForm.getByLabel('Amount (USD)').fill('98,500.123');
  await bidForm.getByLabel('Timeline (days)').fill('30');
  await bidForm.getByTestId('bid-submit').click();
  await expect(bidForm.getByText('Enter an amount in dollars and cents, for example 125000.00.')).toBeVisible();
  await bidForm.getByLabel('Amount (USD)').fill('98500.00');
  await bidForm.getByLabel('Timeline (days)').fill('30');
  await bidForm.getByLabel('Notes').fill('Includes a 10-year warranty.');
  await bidForm
    .locator('input[type="file"][name="attachment"]')
    .setInputFiles({ name: 'roof-quote.pdf', mimeType: 'application/pdf', buffer: PDF });
  await bidForm.getByTestId('bid-submit').click();
  await expect(page.getByTestId('bid-done')).toContainText('Your bid was submitted');
  await expect(page.getByTestId('my-bid')).toHaveAttribute('data-cents', '9850000');
  await expect(page.getByTestId('my-bid-attachment')).toContainText('roof-quote.pdf');

  // The admin compares the bids, closes bidding early and awards the bid.
  await admin.goto(`/admin/projects/${projectId}?tab=bids`);
  await waitForHydration(admin);
  const row = admin.getByTestId('bid-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-lowest', 'true');
  await expect(row.getByTestId('bid-amount')).toHaveText('$98,500.00');
  await expect(row.getByTestId('bid-insurance')).toHaveAttribute('data-state', 'ok');
  await expect(row.getByTestId('bid-attachment')).toContainText('roof-quote.pdf');
  await expect(row.getByTestId('bid-award')).toHaveCount(0);
  const results = await axeOn(admin).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(
    results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.failureSummary}`).join(' | ')}`),
  ).toEqual([]);

  await admin.getByTestId('close-bidding').click();
  await expect(admin.getByTestId('bids-state')).toContainText('Bidding is closed');
  await row.getByTestId('bid-award').click();
  await expect(projectPage).toHaveAttribute('data-status', 'awarded');
  await expect(row.getByTestId('bid-status')).toHaveAttribute('data-status', 'awarded');
  await admin.getByTestId('project-tab-work-orders').click();
  const order = admin.getByTestId('work-order-row');
  await expect(order).toHaveCount(1);
  await expect(order).toContainText(winner.company);
  await expect(order).toHaveAttribute('data-status', 'offered');
  await waitForMail(winner.email, 'was accepted');

  // The vendor's open page shows the project won, live (the award's notification).
  await expect(page.getByTestId('bid-outcome')).toHaveAttribute('data-outcome', 'awarded', { timeout: 20_000 });
  await expect(page.getByTestId('vendor-awarded')).toBeVisible();

  // Both sides in the dark theme on a phone: axe, and nothing scrolls sideways.
  for (const [viewer, path] of [
    [page, `/vendor-portal/projects/${projectId}`],
    [page, '/vendor-portal/projects'],
    [admin, `/admin/projects/${projectId}`],
    [admin, '/admin/projects'],
  ] as const) {
    await viewer.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await viewer.setViewportSize({ width: 375, height: 740 });
    await viewer.goto(path);
    await waitForHydration(viewer);
    await expect(viewer.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const dark = await axeOn(viewer).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      dark.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`),
      path,
    ).toEqual([]);
    const overflow = await viewer.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
  await adminContext.close();
});
