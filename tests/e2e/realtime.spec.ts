/**
 * Connectivity and the live stream (decision 011, spec §4): a signed-in user
 * loses the connection, the offline badge shows; meanwhile an admin sends them a notification;
 * when the connection returns the badge goes and the notification is in the bell, without a
 * reload. Also: the stream refuses anyone without a session or chat.
 */
import { expect, newClientContext, signInAs, signInWith, test, waitForHydration } from './fixtures';
import { E2E_NOTIFICATION_USERS } from './notification-users';

test('nothing is missed while offline: the badge shows, and the notification sent meanwhile arrives when the connection returns', async ({
  page,
  browser,
  baseURL,
}) => {
  const title = `While you were away ${Math.random().toString(36).slice(2, 8)}`;
  await signInWith(page, E2E_NOTIFICATION_USERS.offline);
  await page.goto('/services');
  await waitForHydration(page);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-live', 'true');
  const before = Number(await bell.getAttribute('data-unread'));
  await page.evaluate(() => Object.assign(window, { offlineMarker: 'same page' }));

  await page.context().setOffline(true);
  await expect(page.getByTestId('offline-badge')).toHaveText('Offline');

  const adminContext = await newClientContext(browser, baseURL);
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  await admin.goto('/admin/notifications');
  await waitForHydration(admin);
  const form = admin.getByTestId('broadcast-form');
  await form.getByLabel('One person').check();
  await form.getByLabel("Recipient's e-mail address").fill(E2E_NOTIFICATION_USERS.offline.email);
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Message').fill('Sent while the tenant was offline.');
  await form.getByRole('button', { name: 'Send notification' }).click();
  await expect(admin.getByTestId('broadcast-toast').last()).toContainText('Notification sent to 1 person.');
  await adminContext.close();

  await page.context().setOffline(false);
  await expect(page.getByTestId('offline-badge')).toHaveCount(0);
  await expect(bell).toHaveAttribute('data-unread', String(before + 1), { timeout: 15_000 });
  await bell.click();
  const items = page.getByTestId('notification-panel').getByTestId('notification-item');
  await expect(items.first().getByTestId('notification-title')).toHaveText(title);
  await expect(items.getByTestId('notification-title').filter({ hasText: title })).toHaveCount(1);
  expect(await page.evaluate(() => (window as unknown as { offlineMarker?: string }).offlineMarker)).toBe('same page');
});

test('the event stream answers 401 to a visitor without a session or chat, and streams for a signed-in user', async ({ page }) => {
  const anonymous = await page.request.get('/api/events');
  expect(anonymous.status()).toBe(401);
  await signInAs(page, 'tenant');
  await page.goto('/');
  await waitForHydration(page);
  const ready = await page.evaluate(
    () =>
      new Promise<{ id: string; data: { signedIn: boolean; threads: number[] } }>((resolve) => {
        const source = new EventSource('/api/events');
        source.addEventListener('ready', (event) => {
          const message = event as MessageEvent<string>;
          source.close();
          resolve({ id: message.lastEventId, data: JSON.parse(message.data) });
        });
      }),
  );
  expect(ready.data.signedIn).toBe(true);
  expect(Array.isArray(ready.data.threads)).toBe(true);
  expect(ready.id).toMatch(/^\d+$/);
});
