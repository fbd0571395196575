/**
 * The booking flow in Chromium (spec §2 /booking/{id} and /payment-success): a guest applies and
 * pays on the sandbox's hosted checkout (decision 049) with its test cards, a declined card and
 * "back" keep the application, homes that are not available
 * show a notice, and the whole flow works without JavaScript ("pay at signing").
 */
import { axeOn, paymentInputs } from './page-checks';
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { fillDetails, fillStay, findAvailableHome, reachConfirmation, uniqueEmail } from './booking-steps';
import { waitForMail } from './mail';

/** WCAG 2 A/AA violations on the page, as "rule: selectors" lines. */
async function axeViolations(page: Page): Promise<string[]> {
  // The pointer rests where the last click was; a hover colour is not what is being checked.
  await page.mouse.move(0, 0);
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** Pays on the sandbox's hosted checkout (decision 049), the page the booking form sends the applicant to. */
async function payOnHostedPage(page: Page, number: string, amount: string) {
  await expect(page).toHaveURL(/\/test-checkout\/sbx_cs_[0-9a-f]+$/, { timeout: 15_000 });
  await expect(page.getByTestId('test-mode')).toHaveText('Test mode');
  await expect(page.getByTestId('checkout-amount')).toHaveText(amount);
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
}

test('a guest applies and pays the fee with the test card, and gets the confirmation e-mail', async ({ page }) => {
  // The whole journey with three accessibility scans and an e-mail round trip.
  test.slow();
  const email = uniqueEmail('guest');
  const id = await findAvailableHome(page);
  await page.getByTestId('apply-button').click();
  await expect(page).toHaveURL(new RegExp(`/booking/${id}$`));
  await waitForHydration(page);

  // Step indicator: three steps, the first is current.
  const stepper = page.getByTestId('booking-stepper');
  await expect(stepper).toContainText('Choose Property');
  await expect(stepper).toContainText('Tenant Details');
  await expect(stepper).toContainText('Confirmation');
  await expect(page.getByTestId('booking-step-choose')).toHaveAttribute('aria-current', 'step');
  expect(await axeViolations(page)).toEqual([]);

  const stay = await fillStay(page);
  await page.getByTestId('booking-next').click();
  await expect(page).toHaveURL(/step=details/, { timeout: 15_000 });
  await expect(page.getByTestId('booking-step-details')).toHaveAttribute('aria-current', 'step');
  // The focus moved to the new step's title, not to the top of the page.
  await expect(page.getByRole('heading', { level: 2, name: 'About you' })).toBeFocused();
  await fillDetails(page, email);

  // Back keeps both what step 1 saved and what was typed on step 2.
  await page.getByTestId('booking-back').click();
  await expect(page).toHaveURL(new RegExp(`/booking/${id}$`));
  await expect(page.getByLabel('Move-in date')).toHaveValue(stay.moveIn);
  await page.getByTestId('booking-next').click();
  await expect(page).toHaveURL(/step=details/, { timeout: 15_000 });
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  // A reload keeps them too.
  await page.reload();
  await expect(page.getByLabel('City')).toHaveValue('Austin');
  await waitForHydration(page);
  await page.getByTestId('booking-next').click();
  await expect(page).toHaveURL(/step=confirm/, { timeout: 15_000 });
  await waitForHydration(page);

  // The summary: a one-year lease, the $50 fee due now, rent and deposit at signing.
  await expect(page.getByTestId('fee-lease-months')).toHaveText('12 months');
  await expect(page.getByTestId('fee-application')).toHaveText('$50.00');
  await expect(page.getByTestId('fee-due-now')).toHaveText('$50.00');
  const rent = await page.getByTestId('fee-monthly-rent').textContent();
  await expect(page.getByTestId('fee-deposit')).toHaveText(rent!);
  await expect(page.getByTestId('test-cards')).toContainText('4242 4242 4242 4242');
  expect(await axeViolations(page)).toEqual([]);

  // No card field on our page: the card is given on the provider's hosted page.
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByTestId('booking-submit')).toHaveText('Submit and continue to payment ($50.00)');
  await page.getByTestId('booking-submit').click();
  await payOnHostedPage(page, '4242 4242 4242 4242', '$50.00');
  await expect(page).toHaveURL(/\/payment-success\?ref=DIM-[0-9A-Z]{8}$/, { timeout: 15_000 });
  const reference = (await page.getByTestId('success-reference').textContent())!;
  expect(reference).toMatch(/^DIM-[0-9A-Z]{8}$/);
  await expect(page.getByTestId('success-paid')).toHaveText('$50.00');
  await expect(page.getByText('Paid with Visa ending in 4242.')).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // Refreshing shows the same receipt (it only reads).
  await page.reload();
  await expect(page.getByTestId('success-reference')).toHaveText(reference);
  await expect(page.getByTestId('success-paid')).toHaveText('$50.00');

  const mail = await waitForMail(email, 'Application received');
  expect(mail.subject).toContain(reference);
  expect(mail.text).toContain(`Your reference: ${reference}`);
  expect(mail.text).toContain('Paid today: $50.00 with Visa ending in 4242');
  expect(mail.text).not.toContain('4242 4242 4242 4242');

  // Another browser cannot open this receipt.
  const stranger = await page.context().browser()!.newContext();
  const response = await (await stranger.newPage()).goto(page.url());
  expect(response?.status()).toBe(404);
  await stranger.close();
});

test('a card declined on the hosted page is answered there; going back charges nothing and keeps the application; the test card then pays', async ({
  page,
}) => {
  test.slow();
  await reachConfirmation(page, uniqueEmail('declined'));
  await waitForHydration(page);
  // The crawl's check finds no card input on our page, and finds the stand-in's (not ours) at once.
  expect(await paymentInputs(page)).toEqual([]);
  await page.getByTestId('booking-submit').click();
  await expect(page).toHaveURL(/\/test-checkout\/sbx_cs_/, { timeout: 15_000 });
  // The URL changes before the hosted page's form is in the document: poll until it is.
  await expect
    .poll(() => paymentInputs(page), { timeout: 15_000 })
    .toEqual(expect.arrayContaining([expect.stringMatching(/^cardNumber#/), expect.stringMatching(/^cvc#/)]));
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $50.00' }).click();
  await expect(page.getByRole('alert')).toContainText('The card was declined');

  // "Back" on the hosted page: nothing was charged, and the application waits.
  await page.getByTestId('checkout-cancel').click();
  await expect(page.getByTestId('application-checkout')).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
  await expect(page.getByTestId('application-checkout')).toContainText('Nothing was charged');
  await page.getByRole('link', { name: 'Back to your application' }).click();
  await expect(page).toHaveURL(/step=confirm/, { timeout: 15_000 });
  // The rest of the application is still there.
  await expect(page.getByTestId('review-details')).toContainText('Ada Lovelace');
  await expect(page.getByTestId('fee-due-now')).toHaveText('$50.00');
  await waitForHydration(page);

  await page.getByTestId('booking-submit').click();
  await payOnHostedPage(page, '4242 4242 4242 4242', '$50.00');
  await expect(page).toHaveURL(/\/payment-success\?ref=DIM-/, { timeout: 15_000 });
  await expect(page.getByTestId('success-paid')).toHaveText('$50.00');
});

test('choosing to pay the deposit now updates the summary before paying', async ({ page }) => {
  await reachConfirmation(page, uniqueEmail('deposit'));
  await waitForHydration(page);
  const deposit = (await page.getByTestId('fee-deposit').textContent())!;
  const depositCents = Math.round(Number(deposit.replace(/[^0-9.]/g, '')) * 100);
  await page.getByLabel(/Also pay the security deposit now/).check();
  const dueNow = `$${((depositCents + 5000) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;
  await expect(page.getByTestId('fee-due-now')).toHaveText(dueNow);
  await page.getByLabel('Pay at signing').check();
  await expect(page.getByTestId('fee-due-now')).toHaveText('$0.00');
  await expect(page.getByTestId('card-payment')).toHaveCount(0);
  await expect(page.getByTestId('booking-submit')).toHaveText('Submit application');

  // Edit and the step indicator go back to earlier steps, keeping the answers.
  await page.getByRole('button', { name: 'Edit Tenant Details' }).click();
  await expect(page).toHaveURL(/step=details/, { timeout: 15_000 });
  await expect(page.getByLabel('First name')).toHaveValue('Ada');
  await page.getByRole('button', { name: 'Back to step: Choose Property' }).click();
  await expect(page).toHaveURL(/\/booking\/\d+$/, { timeout: 15_000 });
  await expect(page.getByLabel('Adults')).toHaveValue('1');
});

test('a home that is not available shows a notice and a way back to the search, and no form', async ({ page }) => {
  let target: string | null = null;
  for (let n = 1; n <= 8 && !target; n += 1) {
    await page.goto(`/properties?page=${n}`);
    const cards = page.getByTestId('listing-card');
    const count = await cards.count();
    for (let i = 0; i < count && !target; i += 1) {
      const status = await cards.nth(i).getByTestId('status-badge').textContent();
      if (status !== 'Available') target = await cards.nth(i).getByTestId('listing-title').getAttribute('href');
    }
  }
  expect(target, 'a leased or maintenance home in the listing').toBeTruthy();
  const id = target!.split('/').pop();
  await page.goto(`/booking/${id}`);
  await expect(page.getByTestId('booking-unavailable')).toBeVisible();
  await expect(page.getByTestId('booking-form')).toHaveCount(0);
  await page.getByTestId('booking-unavailable-search').click();
  await expect(page).toHaveURL(/\/properties$/);
});

test('/booking with a non-digit id answers 404', async ({ page }) => {
  const response = await page.goto('/booking/abc');
  expect(response?.status()).toBe(404);
  await expect(page.getByText("The page you're looking for doesn't exist or may have been moved.")).toBeVisible();
});

test.describe('in Italian', () => {
  test.use({ language: 'it' });

  test('labels, messages and amounts follow the language', async ({ page }) => {
    const id = await findAvailableHome(page);
    await page.goto(`/booking/${id}`);
    await waitForHydration(page);
    await expect(page.getByLabel('Data di ingresso')).toBeVisible();
    await page.getByLabel('Data di ingresso').fill('2020-01-01');
    await page.getByLabel('Data di uscita').fill('2020-01-10');
    await page.getByTestId('booking-next').click();
    await expect(page.getByText('La data di ingresso deve essere oggi o più avanti')).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the whole flow works as plain form posts, paying at signing', async ({ page }) => {
    const email = uniqueEmail('nojs');
    const id = await findAvailableHome(page);
    await page.goto(`/booking/${id}`);
    await fillStay(page);
    await page.getByTestId('booking-next').click();
    await expect(page).toHaveURL(/step=details/, { timeout: 15_000 });
    await fillDetails(page, email);
    await page.getByTestId('booking-next').click();
    await expect(page).toHaveURL(/step=confirm/, { timeout: 15_000 });
    await expect(page.getByTestId('fee-application')).toHaveText('$50.00');
    await page.getByLabel('Pay at signing').check();
    await page.getByTestId('booking-submit').click();
    await expect(page).toHaveURL(/\/payment-success\?ref=DIM-[0-9A-Z]{8}$/, { timeout: 15_000 });
    await expect(page.getByText('Nothing was charged today: you chose to pay at lease signing.')).toBeVisible();
    await expect(page.getByTestId('success-paid')).toHaveText('$0.00');
    const mail = await waitForMail(email, 'Application received');
    expect(mail.text).toContain('Paid today: nothing');
  });

  test('paying by card works as plain form posts and redirects: our form, the hosted page, the receipt', async ({ page }) => {
    test.slow();
    const id = await findAvailableHome(page);
    await page.goto(`/booking/${id}`);
    await fillStay(page);
    await page.getByTestId('booking-next').click();
    await expect(page).toHaveURL(/step=details/, { timeout: 15_000 });
    await fillDetails(page, uniqueEmail('nojs-card'));
    await page.getByTestId('booking-next').click();
    await expect(page).toHaveURL(/step=confirm/, { timeout: 15_000 });
    await expect(page.getByLabel('Card number')).toHaveCount(0);
    await page.getByTestId('booking-submit').click();
    await payOnHostedPage(page, '4242 4242 4242 4242', '$50.00');
    await expect(page).toHaveURL(/\/payment-success\?ref=DIM-[0-9A-Z]{8}$/, { timeout: 15_000 });
    await expect(page.getByTestId('success-paid')).toHaveText('$50.00');
  });
});
