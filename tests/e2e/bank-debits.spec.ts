/**
 * Rent by bank debit (decision 050), in the browser: Pay now sends the tenant to the hosted page
 * (the sandbox's, "Test mode"), which takes the test bank account; the return page says the debit
 * is processing, and updates by itself when the bank answers (a few seconds in the browser tests:
 * SANDBOX_DEBIT_SETTLE_MS). A returned debit reopens the rent and adds the returned-payment fee;
 * the account that clears pays the balance. Our own pages never ask for an account number.
 */
import type { Page } from '@playwright/test';
import { expect, signInWith, test, waitForHydration } from './fixtures';
import { E2E_LEASES } from './seed-leases';

const { banker } = E2E_LEASES;

async function openPortal(page: Page) {
  await page.goto('/tenant-portal');
  await waitForHydration(page);
}

/** Pay now for the whole balance, then the sandbox's test page: pay from `account`. */
async function payByBank(page: Page, account: string, amount: string) {
  const pay = page.getByTestId('pay-form');
  await expect(pay.getByLabel('Account number')).toHaveCount(0);
  await pay.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/test-checkout\/sbx_cs_[0-9a-f]+$/);
  await expect(page.getByTestId('test-mode')).toHaveText('Test mode');
  const bank = page.getByRole('region', { name: 'Pay by bank account (ACH)' });
  // An account the bank cannot take is refused on the page, and the session stays open.
  await bank.getByLabel('Routing number').fill('123');
  await bank.getByLabel('Account number').fill(account);
  await bank.getByRole('button', { name: `Debit ${amount} from this account` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Bank account refused' })).toContainText(
    'The routing or account number is not valid. Use the test bank account below.',
  );
  await bank.getByLabel('Routing number').fill('110000000');
  await bank.getByLabel('Account number').fill(account);
  await bank.getByRole('button', { name: `Debit ${amount} from this account` }).click();
  await expect(page).toHaveURL(/\/tenant-portal\/payments\/\d+$/);
}

test('rent paid by bank debit: processing, then returned (charge reopened, fee added), then paid from another account', async ({
  page,
}) => {
  test.slow();
  await signInWith(page, banker);
  await openPortal(page);
  await expect(page.getByTestId('tenant-balance')).toHaveAttribute('data-cents', String(banker.rentCents));

  // A debit that the bank returns: in flight first, then returned, and the page says so by itself.
  await payByBank(page, '000111111113', '$1,500.00');
  const back = page.getByTestId('checkout-return');
  await expect(back).toHaveAttribute('data-status', /processing|failed/);
  await expect(back).toHaveAttribute('data-status', 'failed', { timeout: 60_000 });
  await expect(page.getByTestId('debit-returned')).toContainText('Your bank returned the debit of $1,500.00');
  await openPortal(page);
  // The rent is open again, with the $25.00 returned-payment fee.
  await expect(page.getByTestId('tenant-balance')).toHaveAttribute('data-cents', String(banker.rentCents + 2_500));
  await expect(page.getByTestId('statement')).toContainText('Returned payment fee');

  // The account that clears: processing while in flight (the balance counts it, no late fee), then paid.
  await payByBank(page, '000123456789', '$1,525.00');
  await expect(back).toHaveAttribute('data-status', /processing|succeeded/);
  if ((await back.getAttribute('data-status')) === 'processing') {
    await expect(back).toContainText('Your bank debit of $1,525.00 is on its way');
  }
  await expect(back).toHaveAttribute('data-status', 'succeeded', { timeout: 60_000 });
  await expect(back).toContainText('Thank you: $1,525.00 received');
  await openPortal(page);
  await expect(page.getByTestId('tenant-balance')).toHaveAttribute('data-cents', '0');
  const paid = page.locator('[data-testid="payment-row"][data-status="succeeded"]').first();
  await expect(paid).toContainText('6789');
});
