/**
 * Stripe mode in the browser (decisions 049 and 050): the server runs with a Stripe test key
 * against the Stripe stand-in (tests/setup/stripe-stand-in.ts), which plays the API and
 * Checkout's hosted page and delivers the signed webhooks. A guest's application fee, a tenant's
 * rent by bank debit and what an applicant owes at signing go to that page and come back settled
 * by the webhook; a tenant's autopay card is saved there (setup mode). None of our payment pages
 * has a card or bank account field in this mode either. Data: tests/e2e/seed-leases.ts (the
 * Stripe-mode server has the same seed as the sandbox one, on its own database).
 */
import type { Page } from '@playwright/test';
import { paymentInputs } from './page-checks';
import { expect, newClientContext, signInAs, signInWith, test, waitForHydration } from './fixtures';
import { reachConfirmation, uniqueEmail } from './booking-steps';
import { E2E_LEASES } from './seed-leases';

/** Our page has no input for a card or a bank account (PCI SAQ A). */
async function expectNoPaymentInputs(page: Page) {
  expect(await paymentInputs(page)).toEqual([]);
}

/**
 * The wait for what a submitted form or a new page shows: generous, since on a loaded 2-core machine
 * the client has been seen to take 7 s to render an answer that arrived in 0.4 s.
 */
const AFTER_SUBMIT = { timeout: 30_000 };

/** The stand-in's hosted page, on its own origin: `/c/pay/cs_test_…`. */
const STAND_IN_PAGE = /^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_[0-9a-f]+$/;

test('a guest pays the application fee on Stripe Checkout and comes back to the receipt', async ({ page }) => {
  test.slow();
  await reachConfirmation(page, uniqueEmail('stripe-guest'));
  await expectNoPaymentInputs(page);
  await page.getByTestId('booking-submit').click();
  // Stripe's page (the stand-in's), on another origin: our form action and CSP let the browser go there.
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_[0-9a-f]+$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Stripe Checkout (stand-in)' })).toBeVisible();
  await expect(page.getByTestId('stand-in-amount')).toHaveText('$50.00');
  await page.getByRole('button', { name: 'Pay $50.00 with the test card' }).click();
  await expect(page).toHaveURL(/\/payment-success\?ref=DIM-[0-9A-Z]{8}$/, { timeout: 15_000 });
  await expect(page.getByTestId('success-paid')).toHaveText('$50.00');
  await expect(page.getByText('Paid with Visa ending in 4242.')).toBeVisible();
  await expectNoPaymentInputs(page);
  // The sandbox's own test page does not exist in Stripe mode.
  expect((await page.goto('/test-checkout/sbx_cs_000000000000000000000000'))?.status()).toBe(404);
});

test('rent by bank debit on Stripe Checkout: processing on return, paid when the bank answers', async ({ page, request }) => {
  test.slow();
  const { banker } = E2E_LEASES;
  await signInWith(page, banker);
  await page.goto('/tenant-portal');
  await waitForHydration(page);
  await expect(page.getByTestId('tenant-balance')).toHaveAttribute('data-cents', String(banker.rentCents));
  await expectNoPaymentInputs(page);
  await page.getByTestId('pay-form').getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_[0-9a-f]+$/, { timeout: 15_000 });
  const session = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(page.url())![1]!;
  const standIn = new URL(page.url()).origin;
  await page.getByRole('button', { name: 'Pay $1,500.00 from the test bank account' }).click();

  await expect(page).toHaveURL(/\/tenant-portal\/payments\/\d+$/);
  const back = page.getByTestId('checkout-return');
  await expect(back).toHaveAttribute('data-status', 'processing');
  await expect(back).toContainText('Your bank debit of $1,500.00 is on its way');
  await expectNoPaymentInputs(page);

  // The bank answers; Stripe tells the server (checkout.session.async_payment_succeeded); the page follows.
  const settled = await request.post(`${standIn}/stand-in/debits/${session}/settle`);
  expect(await settled.text()).toBe('succeeded');
  await expect(back).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
  await page.goto('/tenant-portal');
  await expect(page.getByTestId('tenant-balance')).toHaveAttribute('data-cents', '0');
  await expect(page.locator('[data-testid="payment-row"][data-status="succeeded"]').first()).toContainText('6789');
});

test('autopay on Stripe Checkout in setup mode: the card is saved on the hosted page, nothing is charged, autopay is on', async ({
  page,
}) => {
  test.slow();
  const { payer } = E2E_LEASES;
  // A day that is not today's, so the hourly autopay run charges nothing while the test runs.
  const day = new Date().getUTCDate() <= 14 ? 20 : 5;
  await signInWith(page, payer);
  await page.goto('/tenant-portal');
  await waitForHydration(page);
  await expect(page.getByTestId('autopay-on')).toContainText('0341');
  await page.getByRole('button', { name: 'Turn off autopay' }).click();
  await expect(page.getByTestId('portal-notice')).toContainText('Autopay is off.', AFTER_SUBMIT);
  const autopay = page.getByTestId('autopay-form');
  await expect(autopay.getByRole('button', { name: 'Continue to save a card' })).toBeVisible();
  // Stripe's test mode: a test checkout, not the sandbox's.
  await expect(autopay).toContainText('Test mode: the next page is a test checkout, with test cards and a test bank account');
  await expectNoPaymentInputs(page);
  await waitForHydration(page);
  await autopay.getByLabel('Day of the month').fill(String(day));
  await autopay.getByRole('button', { name: 'Continue to save a card' }).click();

  // Stripe's page in setup mode: a card is saved, no amount is shown or charged.
  await expect(page).toHaveURL(STAND_IN_PAGE, AFTER_SUBMIT);
  await expect(page.getByTestId('stand-in-mode')).toHaveText('setup');
  await expect(page.getByTestId('stand-in-amount')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save the test card' }).click();

  await expect(page).toHaveURL(/\/tenant-portal\/autopay\/\d+$/, AFTER_SUBMIT);
  const back = page.getByTestId('autopay-return');
  await expect(back).toHaveAttribute('data-status', 'succeeded', AFTER_SUBMIT);
  await expect(back).toContainText(`is charged on day ${day} of each month`);
  await expectNoPaymentInputs(page);
  await page.goto('/tenant-portal');
  await expect(page.getByTestId('autopay-on')).toContainText(`day ${day}`, AFTER_SUBMIT);
  await expect(page.getByTestId('autopay-on')).toContainText('visa •••• 4242');
  await expect(page.getByTestId('autopay-failed')).toHaveCount(0);
  // Saving the card charged nothing: this month's rent is still open.
  await expect(page.getByTestId('tenant-balance')).toHaveAttribute('data-cents', String(payer.rentCents));
});

test('what is due at signing is paid on Stripe Checkout before the applicant signs', async ({ page, browser, baseURL }) => {
  test.slow();
  const { signer } = E2E_LEASES;
  // An admin approves Sam's application and sends the lease (as in leases.spec.ts, on this server's own data).
  const adminContext = await newClientContext(browser, baseURL);
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  await admin.goto(`/admin/applications?q=${signer.reference}`);
  await waitForHydration(admin);
  await admin.getByTestId('application-open').first().click();
  const panel = admin.getByTestId('application-detail');
  await panel.getByTestId('application-approve').click();
  await expect(panel.getByTestId('application-status')).toHaveText('Approved', AFTER_SUBMIT);
  await panel.getByTestId('application-lease-link').click();
  await expect(admin.getByTestId('lease-staff-page')).toHaveAttribute('data-status', 'draft', AFTER_SUBMIT);
  await waitForHydration(admin);
  await admin.getByRole('button', { name: 'Send for signature' }).click();
  await expect(admin.getByTestId('lease-staff-page')).toHaveAttribute('data-status', 'sent', AFTER_SUBMIT);
  await adminContext.close();

  await signInWith(page, signer);
  await page.goto('/tenant-portal');
  await waitForHydration(page);
  await page.getByTestId('lease-to-sign').getByRole('link', { name: 'Read and sign' }).click();
  await expect(page).toHaveURL(/\/tenant-portal\/leases\/\d+$/, AFTER_SUBMIT);
  const signPage = page.url();
  await waitForHydration(page);
  const pay = page.getByTestId('sign-pay');
  await expect(pay).toContainText('$3,000.00');
  await expect(page.getByTestId('sign-due')).toContainText('$3,000.00');
  await expect(page.getByTestId('sign-form').getByRole('button', { name: 'Sign the lease' })).toBeDisabled();
  await expectNoPaymentInputs(page);
  await pay.getByRole('button', { name: 'Continue to payment ($3,000.00)' }).click();

  await expect(page).toHaveURL(STAND_IN_PAGE, AFTER_SUBMIT);
  await expect(page.getByTestId('stand-in-mode')).toHaveText('payment');
  await expect(page.getByTestId('stand-in-amount')).toHaveText('$3,000.00');
  await page.getByRole('button', { name: 'Pay $3,000.00 with the test card' }).click();

  await expect(page).toHaveURL(/\/tenant-portal\/payments\/\d+$/, AFTER_SUBMIT);
  const back = page.getByTestId('checkout-return');
  await expect(back).toHaveAttribute('data-status', 'succeeded', AFTER_SUBMIT);
  await expect(back).toContainText('$3,000.00');
  await expectNoPaymentInputs(page);
  await page.getByRole('link', { name: 'Continue to signing' }).click();
  await expect(page).toHaveURL(signPage, AFTER_SUBMIT);
  await expect(page.getByTestId('sign-due')).toContainText('Paid at signing: $3,000.00', AFTER_SUBMIT);
  await expect(page.getByTestId('sign-pay')).toHaveCount(0);
  await expectNoPaymentInputs(page);
  await waitForHydration(page);

  const form = page.getByTestId('sign-form');
  await form.getByLabel('Type your full name').fill(signer.name);
  await form.getByLabel('I have read this lease and agree to sign it electronically.').check();
  await form.getByRole('button', { name: 'Sign the lease' }).click();
  await expect(page.getByTestId('sign-notice')).toContainText('the lease is signed', AFTER_SUBMIT);
  await expect(page.getByTestId('signers')).toContainText(`Signed by ${signer.name}`);
});
