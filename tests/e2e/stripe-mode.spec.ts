/**
 * Stripe mode in the browser (decisions 049 and 050): the server runs with a Stripe test key
 * against the Stripe stand-in (tests/setup/stripe-stand-in.ts), which plays the API and
 * Checkout's hosted page and delivers the signed webhooks. A guest's application fee and a
 * tenant's rent by bank debit go to that page and come back settled by the webhook; none of our
 * payment pages has a card or bank account field in this mode either.
 */
import type { Page } from '@playwright/test';
import { paymentInputs } from './page-checks';
import { expect, signInWith, test, waitForHydration } from './fixtures';
import { reachConfirmation, uniqueEmail } from './booking-steps';
import { E2E_LEASES } from './seed-leases';

/** Our page has no input for a card or a bank account (PCI SAQ A). */
async function expectNoPaymentInputs(page: Page) {
  expect(await paymentInputs(page)).toEqual([]);
}

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
