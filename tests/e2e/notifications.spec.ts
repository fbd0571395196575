/**
 * In-app notifications (spec §2 chrome, §4 "Notification", §8, §9; decision 013): an admin's
 * notification reaches a signed-in user's bell live, without a reload; clicking one marks it read
 * and follows its link; "Mark all read" clears the badge; "99+" above 99; time labels; the empty
 * list; the endpoint's refusals; the bell at phone width and in both themes.
 */
import { axeOn } from './page-checks';
import type { Locator, Page } from '@playwright/test';
import { expect, newClientContext, signInAs, signInWith, test, waitForHydration } from './fixtures';
import { BADGE_USER_NEWEST, BADGE_USER_UNREAD, E2E_NOTIFICATION_USERS, type NotificationUser } from './notification-users';

/** Signs the page's context in as one of the bell accounts (tests/e2e/seed-notifications.ts). */
const signInAsBellUser = (page: Page, who: NotificationUser) => signInWith(page, E2E_NOTIFICATION_USERS[who]);

/** The bell, once it has loaded its list with the event stream open. */
async function readyBell(page: Page): Promise<Locator> {
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-status', 'ready');
  await expect(bell).toHaveAttribute('data-live', 'true');
  return bell;
}

test('an admin’s notification reaches a signed-in user live; clicking marks it read and follows its link; Mark all read clears the badge', async ({
  page,
  browser,
  baseURL,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  // The recipient, in a context of their own.
  await signInAsBellUser(page, 'live');
  await page.goto('/about');
  await waitForHydration(page);
  const bell = await readyBell(page);
  const before = Number(await bell.getAttribute('data-unread'));
  // Proves later that nothing reloaded the page.
  await page.evaluate(() => Object.assign(window, { bellMarker: 'still here' }));

  // The admin, in a second browser context.
  const adminContext = await newClientContext(browser, baseURL);
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  await admin.goto('/admin/notifications');
  await waitForHydration(admin);
  await expect(admin.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible();

  const send = async (title: string, type: string, link: string) => {
    const form = admin.getByTestId('broadcast-form');
    await form.getByLabel('One person').check();
    await form.getByLabel("Recipient's e-mail address").fill(E2E_NOTIFICATION_USERS.live.email);
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Message').fill(`${title}: the details.`);
    await form.getByLabel('Type').selectOption(type);
    await form.getByLabel('Link (optional)').fill(link);
    await form.getByRole('button', { name: 'Send notification' }).click();
    await expect(admin.getByTestId('broadcast-toast').last()).toContainText('Notification sent to 1 person.');
    await expect(admin.getByTestId('broadcast-row').first().getByTestId('broadcast-title')).toHaveText(title);
  };

  // A link to another site is refused on the field; nothing is sent.
  const form = admin.getByTestId('broadcast-form');
  await form.getByLabel("Recipient's e-mail address").fill(E2E_NOTIFICATION_USERS.live.email);
  await form.getByLabel('Title').fill(`Refused ${tag}`);
  await form.getByLabel('Message').fill('Never sent.');
  await form.getByLabel('Link (optional)').fill('//evil.example/phish');
  await form.getByRole('button', { name: 'Send notification' }).click();
  await expect(form.getByText('Enter a page of this site starting with “/”, e.g. /properties.')).toBeVisible();

  await send(`Rent reminder ${tag}`, 'warning', '/amenities');
  await expect(admin.getByTestId('broadcast-row').first().getByTestId('broadcast-audience')).toHaveText(E2E_NOTIFICATION_USERS.live.email);
  await expect(admin.getByTestId('broadcast-row').first().getByTestId('broadcast-recipients')).toHaveText('1');

  // The recipient's badge counts it without a reload.
  const badge = page.getByTestId('notification-badge');
  await expect(badge).toHaveText(String(before + 1));
  await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`);

  await send(`Parcel arrived ${tag}`, 'success', '');
  await expect(badge).toHaveText(String(before + 2));

  await bell.click();
  const panel = page.getByTestId('notification-panel');
  await expect(panel).toBeVisible();
  const items = panel.getByTestId('notification-item');
  await expect(items.nth(0).getByTestId('notification-title')).toHaveText(`Parcel arrived ${tag}`);
  await expect(items.nth(1).getByTestId('notification-title')).toHaveText(`Rent reminder ${tag}`);
  await expect(items.nth(0)).toContainText('Success:');
  await expect(items.nth(1)).toContainText('Warning:');
  await expect(items.nth(0).getByTestId('notification-time')).toHaveText('Just now');
  await expect(items.nth(1)).toHaveAttribute('data-unread', 'true');

  // Clicking marks it read and follows its link, in the same page.
  await items.nth(1).click();
  await expect(page).toHaveURL(/\/amenities$/);
  await expect(panel).toBeHidden();
  await expect(badge).toHaveText(String(before + 1));
  expect(await page.evaluate(() => (window as unknown as { bellMarker?: string }).bellMarker)).toBe('still here');

  // Mark all read clears the badge, and stays so after a reload.
  await bell.click();
  await expect(panel.getByTestId('notification-item').nth(1)).not.toHaveAttribute('data-unread', 'true');
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(badge).toHaveCount(0);
  await expect(panel.getByTestId('notification-item').first()).not.toHaveAttribute('data-unread', 'true');
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(bell).toBeFocused();
  await page.reload();
  await waitForHydration(page);
  await expect(await readyBell(page)).toHaveAttribute('data-unread', '0');
  await expect(page.getByTestId('notification-badge')).toHaveCount(0);

  await adminContext.close();
});

test('a badge above 99 reads "99+"; the list shows the 50 most recent with their age', async ({ page }) => {
  await signInAsBellUser(page, 'badge');
  await page.goto('/');
  await waitForHydration(page);
  const bell = await readyBell(page);
  await expect(page.getByTestId('notification-badge')).toHaveText('99+');
  await expect(bell).toHaveAccessibleName(`Notifications, ${BADGE_USER_UNREAD} unread`);

  // Keyboard: focus the bell, open it with Enter.
  await bell.focus();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('notification-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  const items = panel.getByTestId('notification-item');
  await expect(items).toHaveCount(50);
  await expect(items.getByTestId('notification-title').first()).toHaveText(BADGE_USER_NEWEST[0].title);
  const newest = await items.getByTestId('notification-time').evaluateAll((nodes) => nodes.slice(0, 4).map((node) => node.textContent));
  expect(newest.slice(0, 3)).toEqual(['Just now', '3 hours ago', '2 days ago']);
  // Ten days old: a date, e.g. "Mar 13, 2026".
  expect(newest[3]).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
});

test.describe('in Italian', () => {
  test.use({ language: 'it' });

  test('the bell speaks Italian', async ({ page }) => {
    await signInAsBellUser(page, 'badge');
    await page.goto('/');
    await waitForHydration(page);
    const bell = await readyBell(page);
    await expect(bell).toHaveAccessibleName(`Notifiche, ${BADGE_USER_UNREAD} da leggere`);
    await bell.click();
    const panel = page.getByTestId('notification-panel');
    await expect(panel.getByRole('button', { name: 'Segna tutte come lette' })).toBeVisible();
    const newest = await panel.getByTestId('notification-time').evaluateAll((nodes) => nodes.slice(0, 3).map((node) => node.textContent));
    expect(newest).toEqual(['Proprio ora', '3 ore fa', '2 giorni fa']);
  });
});

test('an account without notifications sees the empty list; a visitor sees no bell', async ({ page, browser, baseURL }) => {
  await signInAsBellUser(page, 'quiet');
  await page.goto('/properties');
  await waitForHydration(page);
  const bell = await readyBell(page);
  await expect(bell).toHaveAccessibleName('Notifications');
  await bell.click();
  await expect(page.getByTestId('notification-empty')).toContainText('No notifications');
  await expect(page.getByRole('button', { name: 'Mark all read' })).toBeDisabled();

  const visitorContext = await newClientContext(browser, baseURL);
  const visitor = await visitorContext.newPage();
  await visitor.goto('/properties');
  await waitForHydration(visitor);
  await expect(visitor.getByTestId('theme-toggle')).toBeVisible();
  await expect(visitor.getByTestId('notification-bell')).toHaveCount(0);
  await visitorContext.close();
});

test('a list that fails to load says "Failed to load notifications" and loads on retry', async ({ page }) => {
  await signInAsBellUser(page, 'quiet');
  await page.route('**/api/notifications', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.goto('/contact');
  await waitForHydration(page);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-status', 'error');
  // spec §8: the toast.
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Failed to load notifications' })).toBeVisible();
  await page.unroute('**/api/notifications');
  // Opening the list loads it again.
  await bell.click();
  await expect(page.getByTestId('notification-empty')).toContainText('No notifications');
  await expect(bell).toHaveAttribute('data-status', 'ready');

  // Inline, with a retry button, while the list is open.
  await page.keyboard.press('Escape');
  await page.route('**/api/notifications', (route) => route.fulfill({ status: 503, body: 'down' }));
  await bell.click();
  const error = page.getByTestId('notification-error');
  await expect(error).toContainText('Failed to load notifications');
  await page.unroute('**/api/notifications');
  await error.getByRole('button', { name: 'Try again' }).click();
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId('notification-empty')).toBeVisible();
});

test('/api/notifications refuses visitors, unknown ids and malformed commands', async ({ page }) => {
  const anonymous = await page.request.get('/api/notifications');
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({ error: 'unauthorized' });

  await signInAsBellUser(page, 'quiet');
  const list = await page.request.get('/api/notifications');
  expect(list.status()).toBe(200);
  expect(await list.json()).toEqual({ items: [], unread: 0 });
  const command = (form: Record<string, string>) => page.request.post('/api/notifications', { form });
  const unknown = await command({ intent: 'read', id: '987654321' });
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ ok: false, error: 'not_found' });
  expect((await command({ intent: 'read', id: 'abc' })).status()).toBe(422);
  expect((await command({ intent: 'explode' })).status()).toBe(400);
  expect((await page.request.post('/api/notifications', { data: { intent: 'read-all' } })).status()).toBe(400);
  expect((await command({ intent: 'read-all' })).status()).toBe(200);
  // A post from another site is refused before it reaches the route.
  expect(
    (await page.request.post('/api/notifications', { form: { intent: 'read-all' }, headers: { origin: 'https://evil.example' } })).status(),
  ).toBe(403);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`at phone width (${scheme}) the bell sits beside the theme and language controls and its list fits the screen`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAsBellUser(page, 'badge');
    await page.goto('/');
    await waitForHydration(page);
    const bell = await readyBell(page);
    const boxes = await Promise.all(
      [
        bell,
        page.getByTestId('theme-toggle'),
        page.getByTestId('language-select'),
        page.getByTestId('side-menu').getByRole('button').first(),
      ].map((locator) => locator.boundingBox()),
    );
    type Box = { x: number; y: number; width: number; height: number };
    const [bellBox, themeBox, languageBox, menuBox] = boxes.map((box) => box!) as [Box, Box, Box, Box];
    const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlaps(bellBox, themeBox)).toBe(false);
    expect(overlaps(bellBox, languageBox)).toBe(false);
    expect(overlaps(bellBox, menuBox)).toBe(false);
    expect(bellBox.x).toBeGreaterThanOrEqual(0);
    expect(languageBox.x + languageBox.width).toBeLessThanOrEqual(360);

    await bell.click();
    const panel = page.getByTestId('notification-panel');
    await expect(panel).toBeVisible();
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.x).toBeGreaterThanOrEqual(0);
    expect(panelBox.x + panelBox.width).toBeLessThanOrEqual(360);
    const results = await axeOn(page).include('[data-testid="notification-panel"]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(
      results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map(
          (v) =>
            `${v.id}: ${v.nodes
              .map((n) => n.target.join(' '))
              .slice(0, 3)
              .join(' | ')}`,
        ),
    ).toEqual([]);
  });
}
