/**
 * Sign in, register, confirm the e-mail, sign out, forgot and reset password, through the
 * browser (spec §2 /auth and /auth/forgot, §4 "Session" and "Password reset", §5, §8, §9). The
 * e-mails come from the SMTP sink. Each test registers its own account, so the shared e2e
 * accounts keep their passwords.
 */
import type { Page } from '@playwright/test';
import { expect, newClientContext, test, waitForHydration } from './fixtures';
import { linkIn, waitForMail } from './mail';
import { expectAccessible } from './page-checks';

function uniqueEmail(tag: string): string {
  return `${tag}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@e2e.dimora.test`;
}

/** A visible toast whose text contains `text`. */
function toast(page: Page, text: string | RegExp) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

/** Registers a tenant by posting the /auth form and confirms it with the e-mailed link. */
async function registeredAndConfirmed(page: Page, email: string, password: string) {
  const registered = await page.request.post('/auth', {
    form: { intent: 'register', email, password, fullName: 'Rosa Reset', role: 'tenant' },
    maxRedirects: 0,
  });
  expect(registered.status()).toBeLessThan(400);
  const mail = await waitForMail(email, 'Confirm your e-mail');
  const confirmed = await page.request.get(linkIn(mail, '/auth/verify'), { maxRedirects: 0 });
  expect(confirmed.status()).toBe(302);
  expect(confirmed.headers().location).toBe('/auth?verified=1');
}

test('a new tenant registers, confirms the e-mail, signs in back to the page they wanted and signs out', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  const password = 'newcomer-pass-1';

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard$/);
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Register' }).click();
  const register = page.getByTestId('register-form');
  await expect(register).toBeVisible();
  await expect(register.getByRole('radio', { name: /Tenant/ })).toBeChecked();
  await register.getByLabel('Full name').fill('Nora Newcomer');
  await register.getByLabel('E-mail').fill(email);
  await register.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await register.getByLabel('Phone number').fill('+1 512 555 0142');
  await register.getByRole('button', { name: 'Create account' }).click();

  await expect(toast(page, 'Account created successfully! Please check your email for verification.')).toContainText('Success');
  const notice = page.getByTestId('registered-alert');
  await expect(notice).toContainText('Account created successfully! Please check your email for verification.');
  await expect(notice).toContainText(email);
  await page.waitForTimeout(1_000);
  await expect(toast(page, 'Account created successfully!')).toHaveCount(1);

  const mail = await waitForMail(email, 'Confirm your e-mail');
  expect(mail.text).toContain('Hello Nora Newcomer,');
  await page.goto(linkIn(mail, '/auth/verify'));
  await expect(page).toHaveURL(/\/auth\?verified=1$/);
  await expect(page.getByTestId('verified-alert')).toHaveText(/E-mail confirmed\. You can sign in now\./);

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard$/);
  await waitForHydration(page);
  const signIn = page.getByTestId('sign-in-form');
  await signIn.getByLabel('E-mail').fill(email);
  await signIn.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toast(page, 'Signed in successfully!')).toBeVisible();

  await page.getByTestId('side-menu-toggle').click();
  await page.getByTestId('side-menu-sign-out').click();
  await expect(toast(page, 'Signed out successfully!')).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fdashboard$/);
});

test('a wrong password shows "Sign In Failed" as a toast and inline; the password can be shown', async ({ page }) => {
  await page.goto('/auth');
  await waitForHydration(page);
  const form = page.getByTestId('sign-in-form');
  await form.getByLabel('E-mail').fill('nobody@e2e.dimora.test');
  const password = form.getByRole('textbox', { name: 'Password', exact: true });
  await password.fill('wrong-password');
  await expect(password).toHaveAttribute('type', 'password');
  await form.getByRole('button', { name: 'Show or hide the password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Sign In Failed')).toContainText('Signin failed: Invalid credentials');
  await expect(page.getByTestId('sign-in-error')).toContainText('Signin failed: Invalid credentials');
  await expect(form.getByLabel('E-mail')).toHaveValue('nobody@e2e.dimora.test');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the forgot-password flow e-mails a link, checks the new password live and leads back to sign-in', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  await registeredAndConfirmed(page, email, 'original-pass-1');

  await page.goto('/auth');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot$/);
  await expect(page.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/auth');
  const emailField = page.getByTestId('forgot-form').getByLabel('E-mail');
  await expect(emailField).toHaveAttribute('type', 'email');
  await expect(emailField).toHaveAttribute('required', '');
  await emailField.fill(email);
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  await expect(page.getByTestId('forgot-sent')).toContainText('Password reset email sent! Please check your inbox and spam folder.');

  const mail = await waitForMail(email, 'Reset your Dimora password');
  const link = linkIn(mail, '/auth');
  expect(link).toContain('/auth?mode=reset&token=');
  await page.goto(link);
  await expect(page).toHaveURL(/\/auth\/forgot\?mode=reset&token=/);
  await waitForHydration(page);

  const form = page.getByTestId('reset-form');
  const submit = form.getByRole('button', { name: 'Update Password' });
  const hint = page.getByTestId('password-match-hint');
  await expect(submit).toBeDisabled();
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill('brand-new-pass');
  await expect(hint).toHaveText('');
  await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('brand-new-pasz');
  await expect(hint).toHaveText('Passwords do not match');
  await expect(submit).toBeDisabled();
  await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('brand-new-pass');
  await expect(hint).toHaveText('Passwords match');
  await expect(submit).toBeEnabled();
  await form.getByRole('button', { name: 'Show or hide the password' }).first().click();
  await expect(form.getByRole('textbox', { name: 'New password', exact: true })).toHaveAttribute('type', 'text');
  await submit.click();

  await expect(page.getByTestId('reset-done')).toContainText('Password updated successfully! You can now sign in with your new password.');
  await expect(page).toHaveURL(/\/auth$/, { timeout: 5_000 });

  await waitForHydration(page);
  const signIn = page.getByTestId('sign-in-form');
  await signIn.getByLabel('E-mail').fill(email);
  await signIn.getByRole('textbox', { name: 'Password', exact: true }).fill('brand-new-pass');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(toast(page, 'Signed in successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // The link works once.
  await page.goto(link);
  await expect(page.getByTestId('reset-invalid')).toContainText('This reset link is invalid or has expired.');
  await expect(page.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute('href', '/auth/forgot');
});

test('the reset request refuses an empty address with the spec message', async ({ page }) => {
  const response = await page.request.post('/auth/forgot', { form: { intent: 'request', email: '   ' } });
  expect(response.status()).toBe(422);
  expect(await response.text()).toContain('Please enter your email address');

  await page.goto('/auth/forgot');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Send Reset Email' }).click();
  // The field is required: the browser keeps the form, nothing is sent.
  await expect(page.getByTestId('forgot-sent')).toHaveCount(0);
  expect(
    await page
      .getByTestId('forgot-form')
      .getByLabel('E-mail')
      .evaluate((input: HTMLInputElement) => input.validity.valueMissing),
  ).toBe(true);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('both tabs are reachable and a failed sign-in is explained on the page', async ({ page }) => {
    await page.goto('/auth?redirectTo=%2Fdashboard');
    await expect(page.getByTestId('sign-in-form')).toBeVisible();
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=register&redirectTo=%2Fdashboard$/);
    await expect(page.getByTestId('register-form')).toBeVisible();
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page.getByTestId('sign-in-form')).toBeVisible();

    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('E-mail').fill('nobody@e2e.dimora.test');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password');
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByTestId('sign-in-error')).toContainText('Signin failed: Invalid credentials');
    await expect(form.locator('input[name="redirectTo"]')).toHaveValue('/dashboard');
  });

  test('the reset flow works with plain HTML posts and moves on to /auth by itself', async ({ page }) => {
    const email = uniqueEmail('plainhtml');
    await registeredAndConfirmed(page, email, 'original-pass-2');
    await page.goto('/auth/forgot');
    await page.getByTestId('forgot-form').getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Send Reset Email' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot\?sent=1$/);
    await expect(page.getByTestId('forgot-sent')).toContainText('Password reset email sent!');

    const link = linkIn(await waitForMail(email, 'Reset your Dimora password'), '/auth');
    await page.goto(link);
    const form = page.getByTestId('reset-form');
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill('short');
    await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('short');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByTestId('reset-error')).toContainText('Password must be at least 8 characters long');
    await form.getByRole('textbox', { name: 'New password', exact: true }).fill('plain-html-pass');
    await form.getByRole('textbox', { name: 'Confirm new password', exact: true }).fill('plain-html-pass');
    await form.getByRole('button', { name: 'Update Password' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot\?mode=reset&updated=1$/);
    await expect(page.getByTestId('reset-done')).toContainText(
      'Password updated successfully! You can now sign in with your new password.',
    );
    await expect(page).toHaveURL(/\/auth$/, { timeout: 6_000 });

    const signedIn = await page.request.post('/auth', { form: { intent: 'sign-in', email, password: 'plain-html-pass' }, maxRedirects: 0 });
    expect(signedIn.status()).toBe(303);
  });

  test('the verification link of another browser shows the invalid-link page when it is wrong', async ({ page }) => {
    const response = await page.goto('/auth/verify?token=not-a-real-token');
    expect(response?.status()).toBe(400);
    await expect(page.getByTestId('verify-invalid')).toContainText('This confirmation link is invalid or has expired.');
    await expect(page.getByRole('link', { name: 'Go to Sign In' })).toHaveAttribute('href', '/auth');
  });
});

test.describe('rate limit', () => {
  // Every attempt of this test comes from one client address (the fixture gives each test its
  // own), so the login limit of 5 per minute is reached here and nowhere else, retries included.

  test('the 6th sign-in attempt in a minute is refused with the spec toast', async ({ page }) => {
    await page.goto('/auth');
    await waitForHydration(page);
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('E-mail').fill('nobody@e2e.dimora.test');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill(`wrong-password-${attempt}`);
      const answered = page.waitForResponse((response) => response.url().includes('/auth.data') && response.request().method() === 'POST');
      await form.getByRole('button', { name: 'Sign In' }).click();
      expect((await answered).status()).toBe(401);
      await expect(page.getByTestId('sign-in-error')).toBeVisible();
    }
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('wrong-password-6');
    await form.getByRole('button', { name: 'Sign In' }).click();
    const limited = toast(page, 'Rate Limit Exceeded');
    await expect(limited).toContainText('Too many login attempts. Please wait before trying again.');
    await expect(page.getByTestId('sign-in-rate-limited')).toContainText(
      'Rate Limit Exceeded: Too many login attempts. Please wait before trying again.',
    );
    await page.waitForTimeout(1_000);
    await expect(limited).toHaveCount(1);
  });
});

test.describe('account lockout', () => {
  test("10 wrong passwords from strangers lock the account, yet the owner's browser signs in with its device cookie (decision 054)", async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    // Thirteen password checks (argon2id, decision 023) and a registration by e-mail.
    test.slow();
    const email = uniqueEmail('locked-owner');
    const password = 'owner-pass-054';
    await registeredAndConfirmed(page, email, password);

    /** The sign-in form of the page, filled and sent; answers the action's status (202: a redirect, as single fetch answers it). */
    async function signInOnPage(secret: string): Promise<number> {
      await page.goto('/auth?redirectTo=%2Fdashboard');
      await waitForHydration(page);
      const form = page.getByTestId('sign-in-form');
      await form.getByLabel('E-mail').fill(email);
      await form.getByRole('textbox', { name: 'Password', exact: true }).fill(secret);
      const answered = page.waitForResponse((response) => response.url().includes('/auth.data') && response.request().method() === 'POST');
      await form.getByRole('button', { name: 'Sign In' }).click();
      return (await answered).status();
    }

    // The owner signs in once: the browser keeps a device cookie (HttpOnly, Lax, about a year).
    expect(await signInOnPage(password)).toBe(202);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(toast(page, 'Signed in successfully!')).toBeVisible();
    const device = (await context.cookies()).find((cookie) => cookie.name === 'dimora.device');
    expect(device).toBeDefined();
    expect(device!.httpOnly).toBe(true);
    expect(device!.sameSite).toBe('Lax');
    expect(device!.expires * 1000 - Date.now()).toBeGreaterThan(360 * 24 * 60 * 60 * 1000);
    await context.clearCookies({ name: /session/ });

    // Ten wrong passwords from ten other addresses lock the account for every unknown device.
    const stranger = await newClientContext(browser, baseURL);
    const attempt = (secret: string, ip: string) =>
      stranger.request.post('/auth', {
        form: { intent: 'sign-in', email, password: secret },
        headers: { 'x-forwarded-for': ip },
        maxRedirects: 0,
      });
    const base = Math.floor(Math.random() * 200) + 1;
    for (let tries = 1; tries <= 10; tries += 1) expect((await attempt(`guess-${tries}`, `10.54.${base}.${tries}`)).status()).toBe(401);
    const refused = await attempt(password, `10.54.${base}.11`);
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
    await stranger.close();

    // The owner's browser is not held by that lock.
    expect(await signInOnPage(password)).toBe(202);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
    await expect(toast(page, 'Signed in successfully!')).toBeVisible();
  });
});

test.describe('in Italian', () => {
  test.use({ language: 'it' });

  test('the sign-in page speaks Italian', async ({ page }) => {
    await page.goto('/auth');
    await waitForHydration(page);
    await expect(page).toHaveTitle('Accedi · Dimora');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Benvenuto su Dimora');
    await expect(page.getByRole('tab', { name: 'Accedi' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: 'Registrati' })).toBeVisible();
    const form = page.getByTestId('sign-in-form');
    await expect(form.getByLabel('E-mail')).toBeVisible();
    await expect(form.getByRole('textbox', { name: 'Password', exact: true })).toBeVisible();
    await expect(form.getByRole('link', { name: 'Password dimenticata?' })).toBeVisible();
    await form.getByLabel('E-mail').fill('nessuno@e2e.dimora.test');
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill('sbagliata');
    await form.getByRole('button', { name: 'Accedi' }).click();
    await expect(toast(page, 'Accesso non riuscito')).toContainText('Accesso non riuscito: credenziali non valide');
    await page.getByRole('tab', { name: 'Registrati' }).click();
    const register = page.getByTestId('register-form');
    await expect(register.getByLabel('Nome e cognome')).toBeVisible();
    await expect(register.getByRole('radio', { name: /Inquilino/ })).toBeChecked();
    await expect(register.getByRole('button', { name: 'Crea account' })).toBeVisible();
  });
});

// One test per page and theme, so each stays well inside the timeout on a busy CI machine.
for (const scheme of ['light', 'dark'] as const) {
  for (const path of [
    '/auth',
    '/auth?tab=register',
    '/auth/forgot',
    '/auth/forgot?mode=reset&token=unknown',
    '/auth/verify?token=unknown',
  ]) {
    test(`${path} has no serious axe violations in the ${scheme} theme`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      await expectAccessible(page);
    });
  }
}
