/**
 * Staff review of rental applications in Chromium (decision 010): an admin filters
 * /admin/applications, opens an application, starts the review and approves it, and the home
 * then shows as leased; a property manager reviews on /dashboard only the applications for their
 * property — with JavaScript off, through plain form posts; a tenant cannot open the admin page
 * and withdraws their own application from /dashboard. Plus axe in both themes, Italian, and a
 * phone-width check. Data: tests/e2e/seed-applications.ts (one application per test).
 */
import type { Page } from '@playwright/test';
import { expect, signInAs, test, waitForHydration } from './fixtures';
import { expectAccessible } from './page-checks';
import { E2E_APPLICATIONS } from './seed-applications';

const rowOf = (page: Page, reference: string) => page.locator(`[data-testid="application-row"][data-reference="${reference}"]`);

test('an admin filters by status, opens an application, reviews and approves it; the home is then leased', async ({ page }) => {
  const { reference, propertyTitle } = E2E_APPLICATIONS.admin;
  await signInAs(page, 'admin');
  await page.goto('/admin');
  await waitForHydration(page);
  await page.getByTestId('admin-nav-applications').click();
  await expect(page).toHaveURL(/\/admin\/applications$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeVisible();

  await page.getByTestId('applications-filter-status').selectOption('submitted');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/status=submitted/);
  await expect(rowOf(page, reference)).toBeVisible();
  await expect(page.locator('[data-testid="application-row"]:not([data-status="submitted"])')).toHaveCount(0);

  await rowOf(page, reference).getByTestId('application-open').click();
  const panel = page.getByTestId('application-detail');
  await expect(panel).toHaveAttribute('data-reference', reference);
  await expect(panel.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(panel.getByTestId('application-name')).toHaveText(`${E2E_APPLICATIONS.admin.firstName} ${E2E_APPLICATIONS.admin.lastName}`);
  await expect(panel.getByTestId('application-payment')).toContainText('Visa ending in 4242');
  await expect(panel.getByTestId('application-rent')).toHaveText('$1,800.00');
  await expect(panel.getByTestId('application-approve')).toHaveCount(0);

  await panel.getByTestId('application-review').click();
  await expect(page.getByTestId('applications-toast')).toContainText('The application is now under review.');
  await expect(panel.getByTestId('application-status')).toHaveText('Under review');

  await panel.getByLabel('Note to the applicant (optional)').fill('Welcome to Austin!');
  await panel.getByTestId('application-approve').click();
  await expect(panel.getByTestId('application-status')).toHaveText('Approved');
  await expect(page.getByTestId('applications-toast').last()).toContainText('Application approved');
  await expect(panel.getByTestId('application-lease')).toHaveAttribute('data-status', 'draft');
  await expect(panel.getByTestId('application-unit-status')).toHaveAttribute('data-status', 'leased');
  await expect(panel.getByTestId('application-history-entry')).toHaveCount(2);
  await expect(panel.getByTestId('application-history')).toContainText('Note: Welcome to Austin!');
  await expect(panel.getByTestId('application-final')).toBeVisible();

  await panel.getByRole('link', { name: propertyTitle }).click();
  await expect(page.getByTestId('property-title')).toHaveText(propertyTitle);
  await expect(page.getByTestId('status-badge').first()).toHaveText('Leased');
  await expect(page.getByTestId('apply-button')).toHaveCount(0);
});

test.describe('a property manager, with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('reviews on /dashboard only the applications for the property they manage', async ({ page }) => {
    const { reference } = E2E_APPLICATIONS.managed;
    await signInAs(page, 'property_manager');
    await page.goto('/dashboard');
    const review = page.getByTestId('manager-review');
    await expect(review.getByRole('heading', { name: 'Applications for your properties' })).toBeVisible();
    await expect(rowOf(page, reference)).toBeVisible();
    await expect(rowOf(page, E2E_APPLICATIONS.foreign.reference)).toHaveCount(0);
    await expect(rowOf(page, E2E_APPLICATIONS.admin.reference)).toHaveCount(0);
    // Searching for another property's application finds nothing.
    await review.getByLabel('Reference, name or e-mail').fill(E2E_APPLICATIONS.foreign.reference);
    await review.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByTestId('applications-empty')).toBeVisible();
    // And so does the admin page.
    await page.goto('/admin/applications');
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/dashboard?status=submitted');
    await rowOf(page, reference).getByTestId('application-open').click();
    const panel = page.getByTestId('application-detail');
    await expect(panel).toHaveAttribute('data-reference', reference);
    await panel.getByTestId('application-review').click();
    await expect(page).toHaveURL(/done=review/);
    await expect(page.getByTestId('applications-done')).toHaveText('The application is now under review. The applicant has been told.');
    await expect(panel.getByTestId('application-status')).toHaveText('Under review');

    await panel.getByLabel('Note to the applicant (optional)').fill('The unit was promised to a current tenant.');
    await panel.getByTestId('application-reject').click();
    await expect(page).toHaveURL(/done=reject/);
    await expect(panel.getByTestId('application-status')).toHaveText('Rejected');
    await expect(panel.getByTestId('application-history')).toContainText('The unit was promised to a current tenant.');
  });
});

test('a tenant cannot open /admin/applications, and withdraws their own application from /dashboard', async ({ page }) => {
  const { reference } = E2E_APPLICATIONS.tenant;
  await signInAs(page, 'tenant');
  await page.goto('/admin/applications');
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/dashboard');
  await waitForHydration(page);
  await expect(page.getByTestId('manager-review')).toHaveCount(0);
  const card = page.locator(`[data-testid="my-application"][data-reference="${reference}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('application-status')).toHaveText('Submitted');
  await expect(card).toContainText(E2E_APPLICATIONS.tenant.propertyTitle);
  await card.getByTestId('my-application-withdraw').click();
  const confirm = card.getByTestId('my-application-withdraw-confirm');
  await expect(confirm).toBeFocused();
  await card.getByRole('button', { name: 'Keep it' }).click();
  await expect(confirm).toHaveCount(0);
  await card.getByTestId('my-application-withdraw').click();
  await confirm.click();
  await expect(page.getByTestId('applications-toast')).toContainText('Your application has been withdrawn.');
  await expect(card).toHaveAttribute('data-status', 'withdrawn');
  await expect(card.getByTestId('application-status')).toHaveText('Withdrawn');
  await expect(card.getByTestId('my-application-withdraw')).toHaveCount(0);
});

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`in the ${scheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      // axe is slow on a loaded machine: each check gets room.
      test.slow();
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    });

    test('/admin/applications with a panel open, and with no match, has no serious axe violations', async ({ page }) => {
      await signInAs(page, 'admin');
      await page.goto(`/admin/applications?q=${E2E_APPLICATIONS.foreign.reference}`);
      await waitForHydration(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await rowOf(page, E2E_APPLICATIONS.foreign.reference).getByTestId('application-open').click();
      await expect(page.getByTestId('application-detail')).toBeVisible();
      await expectAccessible(page);
      await page.goto('/admin/applications?q=no-such-application');
      await expect(page.getByTestId('applications-empty')).toBeVisible();
      await expectAccessible(page);
    });

    test('the manager’s review and the applicant’s card on /dashboard have no serious axe violations', async ({ page }) => {
      await signInAs(page, 'property_manager');
      await page.goto('/dashboard');
      await waitForHydration(page);
      await expect(page.getByTestId('manager-review')).toBeVisible();
      await expectAccessible(page);

      await page.context().clearCookies({ name: 'dimora.session_token' });
      await signInAs(page, 'tenant');
      await page.goto('/dashboard');
      await waitForHydration(page);
      await expect(page.getByTestId('my-applications')).toBeVisible();
      await expectAccessible(page);
    });
  });
}

test.describe('in Italian', () => {
  test.use({ language: 'it' });

  test('the review speaks Italian', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto(`/admin/applications?q=${E2E_APPLICATIONS.foreign.reference}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Candidature' })).toBeVisible();
    await expect(rowOf(page, E2E_APPLICATIONS.foreign.reference).getByTestId('application-status')).toHaveText('Inviata');
    await expect(page.getByTestId('applications-count')).toHaveText('1 candidatura');
    await rowOf(page, E2E_APPLICATIONS.foreign.reference).getByTestId('application-open').click();
    const panel = page.getByTestId('application-detail');
    await expect(panel.getByRole('heading', { level: 2 })).toHaveText(`Candidatura ${E2E_APPLICATIONS.foreign.reference}`);
    await expect(panel.getByTestId('application-review')).toHaveText("Avvia l'esame");
    await expect(panel.getByTestId('application-rent')).toHaveText('1800,00 USD');
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the review, its panel and the applicant’s card fit the screen; the list scrolls inside its box', async ({ page }) => {
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await signInAs(page, 'admin');
    await page.goto(`/admin/applications?q=${E2E_APPLICATIONS.foreign.reference}`);
    await waitForHydration(page);
    await rowOf(page, E2E_APPLICATIONS.foreign.reference).getByTestId('application-open').click();
    await expect(page.getByTestId('application-detail')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.context().clearCookies({ name: 'dimora.session_token' });
    await signInAs(page, 'property_manager');
    await page.goto('/dashboard');
    await expect(page.getByTestId('manager-review')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);

    await page.context().clearCookies({ name: 'dimora.session_token' });
    await signInAs(page, 'tenant');
    await page.goto('/dashboard');
    await expect(page.getByTestId('my-applications')).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
