import { expect, test, waitForHydration } from './fixtures';

test('the theme toggle switches light/dark and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await waitForHydration(page);
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
  // Colours written with light-dark() in CSS modules follow the scheme (the footer's background).
  const footerBackground = () =>
    page
      .locator('footer')
      .first()
      .evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await footerBackground()).toBe('rgb(248, 249, 250)');
  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await footerBackground()).toBe('rgb(31, 31, 31)');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByTestId('theme-toggle').click();
  await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
});

test('the theme follows the system preference until the visitor picks one', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/about');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
});

test('the language selector switches to Italian and the choice survives a reload', async ({ page, context }) => {
  await page.goto('/properties');
  await waitForHydration(page);
  await page.getByLabel('Language').selectOption('it');
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trova la tua prossima casa');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('it');
  const cookie = (await context.cookies()).find((c) => c.name === 'language');
  expect(cookie?.value).toBe('it');
  await page.reload();
  // The selector acts once React has hydrated the reloaded page.
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trova la tua prossima casa');
  await page.getByLabel('Lingua').selectOption('en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find your next home');
});

test('Ctrl+B toggles the side menu and the state is kept in a 7-day cookie', async ({ page, context }) => {
  await page.goto('/');
  await waitForHydration(page);
  const panel = page.getByTestId('side-menu-panel');
  await expect(panel).toHaveCount(0);
  await page.keyboard.press('Control+b');
  await expect(panel).toBeVisible();
  for (const name of ['Home', 'Properties', 'Amenities', 'Services', 'About', 'Gallery', 'Contact', 'Sign In']) {
    await expect(panel.getByRole('link', { name, exact: true })).toBeVisible();
  }
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('true');
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(6.9);
  expect(days).toBeLessThan(7.1);
  await page.reload();
  // Open from the cookie in the server's HTML; the shortcut needs the hydrated page.
  await expect(panel).toBeVisible();
  await waitForHydration(page);
  await page.keyboard.press('Control+b');
  await expect(panel).toHaveCount(0);
  await page.getByTestId('side-menu-toggle').click();
  await expect(panel).toBeVisible();
  await panel.getByRole('link', { name: 'Gallery' }).click();
  await expect(page).toHaveURL(/\/gallery$/);
});

test.describe('cookie banner', () => {
  test.use({ consented: false });

  test('shows until the visitor chooses, then saves the choice and confirms with a toast', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const banner = page.getByTestId('cookie-banner');
    await expect(banner).toBeVisible();
    await banner.getByText('Customize').click();
    await banner.getByLabel('Analytics').check();
    await banner.getByRole('button', { name: 'Save preferences' }).click();
    await expect(banner).toHaveCount(0);
    await expect(page.getByText('Cookie Preferences Saved')).toBeVisible();
    const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('cookie-consent'))) ?? 'null');
    expect(saved).toEqual({ necessary: true, analytics: true, marketing: false, preferences: false });
    await page.reload();
    await expect(page.getByTestId('cookie-banner')).toHaveCount(0);
  });

  test('Accept all turns every category on', async ({ page }) => {
    await page.goto('/about');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Accept all' }).click();
    const saved = JSON.parse((await page.evaluate(() => localStorage.getItem('cookie-consent'))) ?? 'null');
    expect(saved).toEqual({ necessary: true, analytics: true, marketing: true, preferences: true });
  });
});

test('the offline badge appears when the connection drops and goes when it returns', async ({ page, context }) => {
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByTestId('offline-badge')).toHaveCount(0);
  await context.setOffline(true);
  await expect(page.getByTestId('offline-badge')).toBeVisible();
  await expect(page.getByTestId('offline-badge')).toHaveText('Offline');
  await context.setOffline(false);
  await expect(page.getByTestId('offline-badge')).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the layout fits the screen and the menu opens from its button', async ({ page }) => {
    await page.goto('/properties');
    await waitForHydration(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('side-menu-toggle').click();
    await expect(page.getByTestId('side-menu-panel')).toBeVisible();
    const box = await page.getByTestId('side-menu-panel').boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  });
});
