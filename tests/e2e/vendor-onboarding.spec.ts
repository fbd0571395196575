/**
 * Vendor onboarding in Chromium (decision 030), end to end with two browsers: a
 * company applies at /vendor-signup; an admin finds the application first in /admin/vendors and
 * approves it; the invitation e-mail (the e2e SMTP sink) carries the link with which the vendor
 * creates its account and lands, signed in, in /vendor-portal as approved; the vendor uploads its
 * certificate of insurance (a PDF) from its profile; the admin downloads it (an attachment) and
 * verifies it, and the vendor can then receive work. Plus axe on the admin's vendor page and the
 * vendor's profile. No seed: the vendor is made by the journey itself.
 */
import { expect, newClientContext, signInAs, test, waitForHydration } from './fixtures';
import { expectAccessible } from './page-checks';
import { linkIn, waitForMail } from './mail';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

function isoInDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('a vendor signs up, is approved, creates its account from the e-mailed invitation, uploads its insurance, and the admin verifies it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const company = `Onboarding Plumbing ${stamp}`;
  const email = `onboarding.${stamp}@e2e.dimora.test`;
  const password = 'e2e-wrench-turner-pass';
  const expiry = isoInDays(200);

  // 1. The company applies.
  await page.goto('/vendor-signup');
  await waitForHydration(page);
  const form = page.getByTestId('vendor-form');
  await form.getByLabel('Company name').fill(company);
  await form.getByLabel('Contact person').fill('Olga Onboard');
  await form.getByLabel('Business e-mail').fill(email);
  await form.getByLabel('Phone').fill('+1 512 555 0177');
  await form.getByRole('checkbox', { name: 'Plumbing' }).check();
  await form.getByRole('button', { name: 'Submit application' }).click();
  await expect(page.getByText('Application received').first()).toBeVisible();

  // 2. An admin finds it, pending, and approves it.
  const adminContext = await newClientContext(browser, baseURL);
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  await admin.goto('/admin/vendors?status=pending');
  await waitForHydration(admin);
  await expect(admin.getByRole('heading', { level: 1, name: 'Vendors' })).toBeVisible();
  const row = admin.locator(`[data-testid="vendor-row"][data-email="${email}"]`);
  await expect(row).toHaveAttribute('data-status', 'pending');
  await expect(row.getByTestId('vendor-eligibility')).toHaveText('Cannot receive work: not approved');
  await row.getByTestId('vendor-open').click();
  await expect(admin.getByRole('heading', { level: 1, name: company })).toBeVisible();
  await waitForHydration(admin);
  await admin.getByTestId('vendor-approve').click();
  await expect(admin.getByTestId('vendors-toast')).toContainText('The vendor is approved and an invitation is on its way.');
  await expect(admin.getByTestId('vendor-page')).toHaveAttribute('data-status', 'approved');
  await expect(admin.getByTestId('vendor-eligibility').first()).toHaveText('Cannot receive work: no verified insurance');

  // 3. The invitation e-mail; the vendor creates its account with the link.
  const mail = await waitForMail(email, 'is approved: create your Dimora vendor account');
  const link = linkIn(mail, '/vendor-invite/');
  await page.goto(link);
  await waitForHydration(page);
  const create = page.getByTestId('vendor-invite-create');
  await expect(create.getByTestId('vendor-invite-email')).toHaveValue(email);
  await create.getByTestId('vendor-invite-password').fill(password);
  await create.getByTestId('vendor-invite-confirm').fill(password);
  await create.getByTestId('vendor-invite-submit').click();
  await expect(page).toHaveURL(/\/vendor-portal$/);
  await expect(page.getByTestId('vendor-status')).toHaveAttribute('data-status', 'approved');
  await expect(page.getByTestId('vendor-insurance')).toContainText('No verified certificate of insurance yet');
  // The link worked once.
  await page.goto(link);
  await expect(page.getByTestId('vendor-invite')).toHaveAttribute('data-state', 'invalid');

  // 4. The vendor uploads its certificate of insurance from the profile.
  await page.goto('/vendor-portal');
  await page.getByTestId('vendor-profile-link').click();
  await expect(page).toHaveURL(/\/vendor-portal\/profile$/);
  await waitForHydration(page);
  await page.getByTestId('vendor-upload-expires').fill(expiry);
  await page.getByTestId('vendor-upload-file').setInputFiles({ name: 'certificate.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByTestId('vendor-upload-submit').click();
  await expect(page.getByTestId('vendor-upload-done')).toContainText('Your certificate of insurance is uploaded.');
  const uploaded = page.getByTestId('vendor-document').first();
  await expect(uploaded).toHaveAttribute('data-verified', 'false');
  await expect(uploaded).toContainText('Awaiting verification');
  await expectAccessible(page);

  // 5. The admin downloads it (never inline) and verifies it: the vendor can now receive work.
  await admin.reload();
  await waitForHydration(admin);
  const adminDocument = admin.getByTestId('vendor-document').first();
  const href = await adminDocument.getByTestId('vendor-document-download').getAttribute('href');
  const download = await admin.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toMatch(/^attachment;/);
  expect(download.headers()['x-content-type-options']).toContain('nosniff');
  expect(
    Buffer.from(await download.body())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  await adminDocument.getByTestId('vendor-verify-document').click();
  await expect(admin.getByTestId('vendors-toast').last()).toContainText('The certificate is verified');
  await expect(admin.getByTestId('vendor-document').first()).toHaveAttribute('data-verified', 'true');
  await expect(admin.getByTestId('vendor-eligibility').first()).toHaveText('Can receive work');
  await expectAccessible(admin);

  // The vendor sees it too.
  await page.goto('/vendor-portal');
  await expect(page.getByTestId('vendor-insurance').getByTestId('vendor-eligibility')).toHaveText('Can receive work');
  await adminContext.close();
});
