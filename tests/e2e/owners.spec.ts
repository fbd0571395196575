/**
 * Owners in Chromium (decision 061): the owner signs in, finds "Owner portal" in the side menu,
 * reads their building's occupancy and this month's rent collected, opens the building (income by
 * account, last month's settlement) and gets a 404 for a building that is not theirs; the same
 * portal reads in Italian and fits a phone. An admin creates an owner from /admin/owners (a taken
 * e-mail is refused on the field), assigns a building by searching it, and saves a management
 * agreement after an impossible percent was refused; the seeded owner's statement regenerates to
 * the same fingerprint, and the PDF the owner downloads has the fingerprint the portal shows. The
 * new owner is invited by e-mail and creates their account from the link, landing in the portal.
 */
import { createHash } from 'node:crypto';
import { E2E_OWNER } from './seed-owners';
import { expectAccessible } from './page-checks';
import { expect, signedInBrowser, signInAs, test, waitForHydration } from './fixtures';
import { linkIn, waitForMail } from './mail';

/** `YYYY-MM` of the month `delta` months from now (UTC). */
function monthFromNow(delta: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + delta, 1)).toISOString().slice(0, 7);
}

test('an owner reads their building’s month and its settlement, and nobody else’s building', async ({ page }) => {
  await signInAs(page, 'owner');
  await page.goto('/dashboard');
  await waitForHydration(page);
  await page.getByTestId('dashboard-portal-link').click();
  await expect(page).toHaveURL(/\/owner-portal$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Owner portal', level: 1 })).toBeVisible();
  const card = page.getByTestId('owner-portal-building');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: E2E_OWNER.building })).toBeVisible();
  await expect(card.getByTestId('owner-portal-occupancy')).toHaveText('50% (1 of 2)');
  await expect(card.getByTestId('owner-portal-collected-month')).toHaveText('$1,500.00');
  // Last month, settled when the e2e data was made.
  await expect(page.getByTestId('owner-portal-settlements-table').getByRole('rowheader', { name: monthFromNow(-1) })).toBeVisible();
  await expectAccessible(page);

  // Last month's statement: the PDF downloaded has the fingerprint the page shows.
  const statement = page.getByTestId('owner-portal-statements-table').getByTestId('statement-row');
  await expect(statement.getByRole('rowheader')).toHaveText(monthFromNow(-1));
  const shown = (await statement.getByTestId('statement-sha256').textContent())!.trim();
  expect(shown).toMatch(/^[0-9a-f]{64}$/);
  const href = (await statement.getByTestId('statement-download').getAttribute('href'))!;
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(
    createHash('sha256')
      .update(await pdf.body())
      .digest('hex'),
  ).toBe(shown);

  await card.getByRole('link', { name: E2E_OWNER.building }).click();
  await expect(page.getByRole('heading', { name: E2E_OWNER.building, level: 1 })).toBeVisible({ timeout: 20_000 });
  const rent = page.getByTestId('owner-account-row').filter({ hasText: '4000 · Rent income' });
  await expect(rent.getByRole('cell').first()).toHaveText('$1,500.00');
  await expect(page.getByTestId('owner-building-collected-month')).toHaveText('$1,500.00');
  await expectAccessible(page);

  // Building 1 exists (the e2e data's first) and is not this owner's: a 404 like an unknown id;
  // so is a statement that is not theirs.
  expect((await page.request.get('/owner-portal/statements/999999/pdf')).status()).toBe(404);
  expect((await page.request.get('/owner-portal/buildings/1')).status()).toBe(404);
  expect((await page.request.get('/owner-portal/buildings/999999')).status()).toBe(404);
});

test('the owner writes to the management from the portal, an admin answers from the owner’s page, the owner reads it', async ({
  page,
  browser,
  baseURL,
}) => {
  const question = `Is the roof of the tower due for repair? (${Date.now().toString(36)})`;
  await signInAs(page, 'owner');
  await page.goto('/owner-portal');
  await waitForHydration(page);
  const thread = page.getByTestId('owner-messages');
  await thread.getByTestId('owner-message-submit').click();
  await expect(thread.getByTestId('owner-message-body')).toHaveAttribute('aria-invalid', 'true', { timeout: 20_000 });
  await expect(thread).toContainText('Write a message first.');
  await thread.getByTestId('owner-message-body').fill(question);
  await thread.getByTestId('owner-message-submit').click();
  await expect(thread.getByTestId('owner-message').filter({ hasText: question })).toHaveAttribute('data-author', 'owner', {
    timeout: 20_000,
  });

  const staff = await signedInBrowser(browser, baseURL!, 'admin');
  await staff.page.goto('/admin/owners');
  await staff.page.getByTestId('owner-row').filter({ hasText: E2E_OWNER.record }).getByRole('link', { name: E2E_OWNER.record }).click();
  const staffThread = staff.page.getByTestId('owner-messages');
  await expect(staffThread.getByTestId('owner-message').filter({ hasText: question })).toBeVisible({ timeout: 20_000 });
  await waitForHydration(staff.page);
  const answer = `Yes: the roofer comes next month. (${Date.now().toString(36)})`;
  await staffThread.getByTestId('owner-message-body').fill(answer);
  await staffThread.getByTestId('owner-message-submit').click();
  await expect(staffThread.getByTestId('owner-message').filter({ hasText: answer })).toHaveAttribute('data-author', 'staff', {
    timeout: 20_000,
  });
  await staff.context.close();

  await page.reload();
  await expect(page.getByTestId('owner-messages').getByTestId('owner-message').filter({ hasText: answer })).toHaveAttribute(
    'data-author',
    'staff',
  );
  await expectAccessible(page);
});

test.describe('in Italian on a phone', () => {
  test.use({ language: 'it', viewport: { width: 375, height: 740 } });

  test('the owner portal reads in Italian and fits the screen', async ({ page }) => {
    await signInAs(page, 'owner');
    await page.goto('/owner-portal');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { name: 'Portale proprietari', level: 1 })).toBeVisible();
    await expect(page.getByTestId('owner-portal-building')).toContainText('Incassato questo mese');
    await expect(page.getByTestId('owner-portal-settlements-table')).toContainText('Distribuzione');
    await expectAccessible(page, { sideways: true });
  });
});

test('an admin creates an owner, assigns a building, saves its management agreement and invites the owner, who creates their account', async ({
  page,
  browser,
}) => {
  await signInAs(page, 'admin');
  await page.goto('/admin/owners');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { name: 'Owners', level: 1 })).toBeVisible();
  const seeded = page.getByTestId('owner-row').filter({ hasText: E2E_OWNER.record });
  await expect(seeded).toBeVisible();

  // The seeded owner's statement regenerates to the same fingerprint.
  await seeded.getByRole('link', { name: E2E_OWNER.record }).click();
  await expect(page.getByRole('heading', { name: E2E_OWNER.record, level: 1 })).toBeVisible({ timeout: 20_000 });
  await waitForHydration(page);
  const kept = (await page.getByTestId('statement-sha256').first().textContent())!.trim();
  await page.getByTestId('statement-regenerate').first().click();
  await expect(page.getByTestId('owners-toast').filter({ hasText: 'Statement regenerated: same fingerprint.' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('statement-sha256').first()).toHaveText(kept);
  await page.goto('/admin/owners');
  await waitForHydration(page);

  // The e2e owner's e-mail is taken: refused on the field, nothing created.
  const form = page.getByTestId('owner-create-form');
  await form.getByTestId('owner-name').fill('Copycat Holdings');
  await form.getByTestId('owner-email').fill('OWNER@e2e.dimora.test');
  await form.getByTestId('owner-create-submit').click();
  await expect(form.getByTestId('owner-email')).toHaveAttribute('aria-invalid', 'true', { timeout: 20_000 });
  await expect(form).toContainText('Another owner already has this e-mail address.');

  const suffix = Date.now().toString(36);
  await form.getByTestId('owner-name').fill(`Playwright Partners ${suffix}`);
  await form.getByTestId('owner-email').fill(`partners.${suffix}@owners.e2e.test`);
  await form.getByTestId('owner-create-submit').click();
  await expect(page).toHaveURL(/\/admin\/owners\/\d+/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: `Playwright Partners ${suffix}`, level: 1 })).toBeVisible();
  await expect(page.getByTestId('owner-buildings')).toContainText('No building is assigned to this owner yet');
  await waitForHydration(page);

  // Assign a building found by typing its name.
  const field = page.getByTestId('owner-assign-building');
  await field.click();
  await field.fill('E2E Lease');
  await page.getByRole('option', { name: 'E2E Lease Court' }).click();
  await page.getByTestId('owner-assign-submit').click();
  const held = page.getByTestId('owner-building');
  await expect(held).toHaveCount(1, { timeout: 20_000 });
  await expect(held).toContainText('E2E Lease Court');
  await expect(held.getByTestId('agreement-status')).toHaveText('No agreement');

  // An impossible percent is refused on its field; a good agreement is saved and shown.
  await held.getByTestId('agreement-fee-percent').fill('150');
  await held.getByRole('button', { name: 'Save agreement' }).click();
  await expect(held.getByTestId('agreement-fee-percent')).toHaveAttribute('aria-invalid', 'true', { timeout: 20_000 });
  await expect(held).toContainText('Enter a percent from 0 to 100 with at most two decimals.');
  await held.getByTestId('agreement-fee-percent').fill('7.5');
  await held.getByTestId('agreement-reserve').fill('2,500');
  await held.getByRole('button', { name: 'Save agreement' }).click();
  // (The building's assignment showed its own toast before.)
  await expect(page.getByTestId('owners-toast').filter({ hasText: 'Management agreement saved.' })).toBeVisible({ timeout: 20_000 });
  await expect(held.getByTestId('agreement-status')).toHaveText('7.5%');
  await expectAccessible(page);

  // The invitation: e-mailed through the outbox; the link (signed out) creates the owner's account,
  // signs it in and opens the portal with the building just assigned.
  const email = `partners.${suffix}@owners.e2e.test`;
  await page.getByTestId('owner-invitation-submit').click();
  await expect(page.getByTestId('owners-toast').filter({ hasText: 'Invitation e-mailed to the owner.' })).toBeVisible({ timeout: 20_000 });
  const link = linkIn(await waitForMail(email, 'Your Dimora owner portal account'), '/owner-invite/');
  await page.reload();
  await expect(page.getByTestId('owner-invitation-form').getByRole('button', { name: 'Send a new invitation' })).toBeVisible();
  const visitor = await browser.newContext();
  const invited = await visitor.newPage();
  await invited.goto(link);
  await waitForHydration(invited);
  const create = invited.getByTestId('owner-invite-create');
  await expect(create.getByTestId('owner-invite-email')).toHaveValue(email);
  await create.getByTestId('owner-invite-password').fill('Harbour-Ledger-2031!');
  await create.getByTestId('owner-invite-confirm').fill('Harbour-Ledger-2031!');
  await create.getByTestId('owner-invite-submit').click();
  await expect(invited).toHaveURL(/\/owner-portal$/, { timeout: 30_000 });
  await expect(invited.getByTestId('owner-portal-building').getByRole('heading', { name: 'E2E Lease Court' })).toBeVisible();
  // The link worked once.
  await invited.goto(link);
  await expect(invited.getByTestId('owner-invite')).toHaveAttribute('data-state', 'invalid');
  await visitor.close();
  // The admin's page shows the account.
  await page.reload();
  await expect(page.getByText(`Signed in to the owner portal as ${email}.`)).toBeVisible();
  await expect(page.getByTestId('owner-invitation-form')).toHaveCount(0);
});
