/**
 * The password policy in the browser (decision 023): registration refuses a common
 * password with the message while the strength meter rates it; an account whose old password
 * fails the policy still signs in, is kept on /account/password until it chooses a new one, and
 * then signs in with the new one.
 */
import { axeOn } from './page-checks';
import { expect, test, waitForHydration } from './fixtures';
import { E2E_LEGACY_USER } from './seed-passwords';

test('registration refuses a common password with the message; the strength meter follows the typing', async ({ page }) => {
  const email = `policy.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@e2e.dimora.test`;
  await page.goto('/auth?tab=register');
  await waitForHydration(page);
  const register = page.getByTestId('register-form');
  const meter = register.getByTestId('password-strength');
  await expect(meter).toBeVisible();
  await expect(meter).toContainText('Password strength');

  await register.getByLabel('Full name').fill('Paolo Policy');
  await register.getByLabel('E-mail').fill(email);
  const password = register.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('password123');
  await expect(meter).toHaveAttribute('data-score', '1');
  await expect(meter).toContainText('Password strength: weak');
  await register.getByRole('button', { name: 'Create account' }).click();
  // A ceiling, not a wait: the server checks the policy, then answers (slow on a loaded machine).
  await expect(register.getByText('This password is one of the most common passwords. Please choose another one.')).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByTestId('registered-alert')).toHaveCount(0);

  await password.fill('Granite-owl-47-river');
  await expect(meter).toHaveAttribute('data-score', '4');
  await expect(meter).toContainText('Password strength: strong');
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('registered-alert')).toContainText(email, { timeout: 20_000 });
});

test('an old weak password still signs in, then only the change page opens until a new password is chosen', async ({ page }) => {
  await page.goto('/auth?redirectTo=%2Ftenant-portal');
  await waitForHydration(page);
  const signIn = page.getByTestId('sign-in-form');
  await signIn.getByLabel('E-mail').fill(E2E_LEGACY_USER.email);
  await signIn.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_LEGACY_USER.password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  // A ceiling, not a wait: this sign-in verifies an old scrypt hash and writes an argon2id one.
  await expect(page).toHaveURL(/\/account\/password\?redirectTo=%2Ftenant-portal$/, { timeout: 20_000 });
  await expect(page.getByTestId('password-change-required')).toContainText('Please choose a new password');

  // Another page leads back here.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/account\/password\?redirectTo=%2Fdashboard$/);
  await waitForHydration(page);
  const accessibility = await axeOn(page).include('main').analyze();
  expect(accessibility.violations).toEqual([]);

  const form = page.getByTestId('change-password-form');
  await form.getByLabel('Current password').fill(E2E_LEGACY_USER.password);
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill('legacy.weak-2026');
  await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('legacy.weak-2026');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('change-error')).toContainText('The password must not contain your e-mail address.', { timeout: 20_000 });

  await form.getByLabel('Current password').fill(E2E_LEGACY_USER.password);
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill('Quiet-harbor-93');
  await expect(form.getByTestId('password-strength')).toContainText(/Password strength: (good|strong)/);
  await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('Quiet-harbor-93');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Your password has been changed.' })).toBeVisible();

  // Signed out, the old password is refused and the new one signs in.
  await page.context().clearCookies();
  const old = await page.request.post('/auth', {
    form: { intent: 'sign-in', email: E2E_LEGACY_USER.email, password: E2E_LEGACY_USER.password },
    maxRedirects: 0,
  });
  expect(old.status()).toBe(401);
  const fresh = await page.request.post('/auth', {
    form: { intent: 'sign-in', email: E2E_LEGACY_USER.email, password: 'Quiet-harbor-93', redirectTo: '/tenant-portal' },
    maxRedirects: 0,
  });
  expect(fresh.status()).toBe(303);
  expect(fresh.headers().location).toBe('/tenant-portal');
});
