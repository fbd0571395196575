/**
 * Leases and rent in Chromium (decision 022), two journeys with two browser contexts each:
 * - approval to an active lease: an admin approves Sam's application and sends the draft lease;
 *   Sam reads it (page and PDF), pays what is due at signing on the hosted checkout (the sandbox's
 *   test page), is refused with a wrong name, then signs; the admin countersigns and Sam's portal shows the active lease;
 * - rent: Lena's autopay (a card that saves but is declined) runs when an admin runs the
 *   schedule now — the failure reaches her bell; she goes to the hosted checkout (the sandbox's
 *   test page), cancels, comes back, pays with a declined and then a good test card, and gets a
 *   PDF receipt; the admin refunds part of it and her balance shows the refund; she replaces the
 *   autopay card on the hosted page (setup mode). Plus axe on the portal. Data: tests/e2e/seed-leases.ts.
 */
import { axeOn, paymentInputs } from './page-checks';
import type { Page } from '@playwright/test';
import { expect, newClientContext, signInAs, signInWith, test, waitForHydration } from './fixtures';
import { E2E_LEASES } from './seed-leases';

async function openPortal(page: Page) {
  await page.goto('/tenant-portal');
  await waitForHydration(page);
}

test('an approved application becomes an active lease: sent, signed and paid by the applicant, countersigned', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const adminContext = await newClientContext(browser, baseURL);
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  await admin.goto(`/admin/applications?q=${E2E_LEASES.signer.reference}`);
  await waitForHydration(admin);
  await admin.getByTestId('application-open').first().click();
  const panel = admin.getByTestId('application-detail');
  await panel.getByTestId('application-approve').click();
  await expect(panel.getByTestId('application-status')).toHaveText('Approved');
  await panel.getByTestId('application-lease-link').click();
  await expect(admin.getByTestId('lease-staff-page')).toHaveAttribute('data-status', 'draft');
  await waitForHydration(admin);
  await admin.getByRole('button', { name: 'Send for signature' }).click();
  await expect(admin.getByTestId('lease-staff-page')).toHaveAttribute('data-status', 'sent');

  await signInWith(page, E2E_LEASES.signer);
  await openPortal(page);
  await page.getByTestId('lease-to-sign').getByRole('link', { name: 'Read and sign' }).click();
  await expect(page).toHaveURL(/\/tenant-portal\/leases\/\d+$/);
  await waitForHydration(page);
  await expect(page.getByTestId('document-sha')).toHaveText(/^[0-9a-f]{64}$/);
  const pdf = await page.request.get(`${new URL(page.url()).pathname}/pdf`);
  expect(pdf.headers()['content-type']).toBe('application/pdf');

  // What is due at signing is paid first, on the hosted page; the signature waits for it.
  const form = page.getByTestId('sign-form');
  await expect(form.getByRole('button', { name: 'Sign the lease' })).toBeDisabled();
  await expect(page.getByTestId('sign-pay')).toContainText('$3,000.00');
  expect(await paymentInputs(page)).toEqual([]);
  await page.getByTestId('sign-pay').getByRole('button', { name: 'Continue to payment ($3,000.00)' }).click();
  await expect(page).toHaveURL(/\/test-checkout\/sbx_cs_[0-9a-f]+$/);
  await expect(page.getByTestId('checkout-amount')).toHaveText('$3,000.00');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $3,000.00' }).click();
  await expect(page.getByTestId('checkout-return')).toHaveAttribute('data-status', 'succeeded');
  expect(await paymentInputs(page)).toEqual([]);
  await page.getByRole('link', { name: 'Continue to signing' }).click();
  await expect(page.getByTestId('sign-due')).toContainText('Paid at signing: $3,000.00');
  expect(await paymentInputs(page)).toEqual([]);
  await waitForHydration(page);

  await form.getByLabel('Type your full name').fill('Somebody Else');
  await form.getByLabel('I have read this lease and agree to sign it electronically.').check();
  await form.getByRole('button', { name: 'Sign the lease' }).click();
  await expect(page.getByTestId('sign-error')).toContainText('The name must match the name on the lease.');

  await form.getByLabel('Type your full name').fill(E2E_LEASES.signer.name);
  await form.getByLabel('I have read this lease and agree to sign it electronically.').check();
  await form.getByRole('button', { name: 'Sign the lease' }).click();
  await expect(page.getByTestId('sign-notice')).toContainText('the lease is signed');
  await expect(page.getByTestId('signers')).toContainText(`Signed by ${E2E_LEASES.signer.name}`);
  await expect(page.getByTestId('sign-form')).toHaveCount(0);

  await admin.reload();
  await waitForHydration(admin);
  await admin.getByRole('button', { name: 'Countersign' }).click();
  await expect(admin.getByTestId('lease-staff-page')).toHaveAttribute('data-status', 'active');

  await openPortal(page);
  await expect(page.getByTestId('current-lease')).toContainText('Active');
  await expect(page.getByTestId('tenant-balance')).toHaveAttribute('data-cents', '0');
  await expect(page.locator('[data-testid="payment-row"][data-status="succeeded"]')).toHaveCount(2);
  await adminContext.close();
});

test('a declined autopay reaches the bell; the tenant pays rent by card, an admin refunds part of it and the balance follows', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const rent = String(E2E_LEASES.payer.rentCents);
  await signInWith(page, E2E_LEASES.payer);
  await openPortal(page);
  await expect(page.getByTestId('current-lease')).toContainText('E2E Lease Court · 1');
  await expect(page.getByTestId('tenant-balance')).toHaveAttribute('data-cents', rent);
  await expect(page.getByTestId('autopay-on')).toContainText('0341');
  await expect(page.getByTestId('next-rent')).toContainText(/Next rent: \$1,500\.00 due .+, paid by autopay/);
  // The statement, newest first: what was charged and paid at the lease start nets to $0.00 on
  // that day, and no line dips below zero.
  const lines = page.getByTestId('statement').locator('tbody tr');
  await expect(lines).toHaveCount(4);
  await expect(lines.nth(1)).toContainText('Payment');
  await expect(lines.nth(1).locator('td').last()).toHaveText('$0.00');
  expect((await lines.locator('td:last-child').allTextContents()).filter((text) => text.startsWith('-'))).toEqual([]);
  const yearPdf = page
    .getByTestId('statement-pdfs')
    .getByRole('link', { name: /^Statement for \d{4} \(PDF\)$/ })
    .first();
  const statement = await page.request.get((await yearPdf.getAttribute('href'))!);
  expect(statement.headers()['content-type']).toBe('application/pdf');
  expect((await statement.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The admin runs the autopay schedule now (the job runner picks it up within 15 s).
  const adminContext = await newClientContext(browser, baseURL);
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  await admin.goto('/admin/database');
  await waitForHydration(admin);
  await admin.getByRole('button', { name: 'Run autopay-daily now' }).click();
  await expect(admin.getByTestId('ops-toast')).toContainText('autopay-daily runs within 15 seconds.', { timeout: 30_000 });

  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-unread', /^[1-9]/, { timeout: 60_000 });
  await bell.click();
  await expect(page.getByText('Autopay failed').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await openPortal(page);
  await expect(page.getByTestId('autopay-failed')).toContainText('your card was declined');
  await expect(page.getByTestId('tenant-balance')).toHaveAttribute('data-cents', rent);

  // Bad input first: nothing is charged. Our page has no card field: the card is given on the
  // provider's hosted page (decision 049; here the sandbox's, marked "Test mode").
  const pay = page.getByTestId('pay-form');
  expect(await paymentInputs(page)).toEqual([]);
  await pay.getByLabel('Amount (USD)').fill('12.345');
  await pay.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(pay.getByText('Enter an amount in dollars and cents, for example 125.50.')).toBeVisible();
  await pay.getByLabel('Amount (USD)').fill('1500.00');
  await pay.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/test-checkout\/sbx_cs_[0-9a-f]+$/);
  await expect(page.getByTestId('test-mode')).toHaveText('Test mode');
  await expect(page.getByTestId('checkout-amount')).toHaveText('$1,500.00');

  // Giving up on the hosted page charges nothing and says so; the charge stays open.
  await page.getByTestId('checkout-cancel').click();
  await expect(page.getByTestId('checkout-return')).toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('checkout-return')).toContainText('You cancelled the payment. Nothing was charged for $1,500.00');
  await page.getByRole('link', { name: 'Pay now' }).click();
  await expect(page.getByTestId('tenant-balance')).toHaveAttribute('data-cents', rent);
  await waitForHydration(page);

  // Again, with a card that is declined on the hosted page and then one that pays.
  await pay.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/test-checkout\/sbx_cs_[0-9a-f]+$/);
  const checkout = async (number: string) => {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry (MM/YY)').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $1,500.00' }).click();
  };
  await checkout('4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toContainText('The card was declined. Try another card.');
  await checkout('4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/tenant-portal\/payments\/\d+$/);
  await expect(page.getByTestId('checkout-return')).toHaveAttribute('data-status', 'succeeded');
  await expect(page.getByTestId('checkout-return')).toContainText('Thank you: $1,500.00 received');
  await openPortal(page);
  await expect(page.getByTestId('tenant-balance')).toHaveAttribute('data-cents', '0');
  const paid = page.locator('[data-testid="payment-row"][data-status="succeeded"]').first();
  await expect(paid).toContainText('•••• 4242');
  const href = await paid.getByRole('link').getAttribute('href');
  const receipt = await page.request.get(href!);
  expect(receipt.headers()['content-type']).toBe('application/pdf');
  expect((await receipt.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // The admin refunds $200.00 of it.
  const paymentId = /\/payments\/(\d+)\//.exec(href!)![1];
  await admin.goto(`/admin/payments/${paymentId}`);
  await waitForHydration(admin);
  const refund = admin.getByTestId('refund-form');
  await refund.getByLabel('Amount (USD)').fill('200.00');
  await refund.getByLabel('Reason').fill('Goodwill');
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(admin.getByTestId('payment-refunded')).toBeVisible();
  await openPortal(page);
  await expect(page.getByTestId('tenant-balance')).toHaveAttribute('data-cents', '20000');

  // A new autopay card replaces the declined one.
  await page.getByRole('button', { name: 'Turn off autopay' }).click();
  await expect(page.getByTestId('portal-notice')).toContainText('Autopay is off.');
  // The card is saved on the hosted page too (Checkout's setup mode): nothing is charged there.
  const autopay = page.getByTestId('autopay-form');
  await expect(autopay.getByRole('button', { name: 'Continue to save a card' })).toBeVisible();
  expect(await paymentInputs(page)).toEqual([]);
  await autopay.getByLabel('Day of the month').fill('5');
  await autopay.getByRole('button', { name: 'Continue to save a card' }).click();
  await expect(page).toHaveURL(/\/test-checkout\/sbx_cs_[0-9a-f]+$/);
  await expect(page.getByTestId('test-mode')).toBeVisible();
  await expect(page.getByTestId('checkout-amount')).toHaveCount(0);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page.getByTestId('autopay-return')).toHaveAttribute('data-status', 'succeeded');
  await expect(page.getByTestId('autopay-return')).toContainText('is charged on day 5 of each month');
  expect(await paymentInputs(page)).toEqual([]);
  await openPortal(page);
  await expect(page.getByTestId('autopay-on')).toContainText('day 5');
  await expect(page.getByTestId('autopay-on')).toContainText('4242');

  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await adminContext.close();
});
