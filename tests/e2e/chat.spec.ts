/**
 * Live chat (decision 012): a visitor writes in the widget, staff answer in their inbox
 * (admins in /admin/messages, property managers in /dashboard), both sides update live without
 * reloading; messages typed offline wait as "pending" and are delivered once when the connection
 * is back; the bubble keeps the spec §9 geometry and stays clickable above the cookie banner.
 */
import type { Page } from '@playwright/test';
import { expect, signedInBrowser, test, waitForHydration } from './fixtures';
import { linkIn, waitForMail } from './mail';
import { seriousAxeViolations } from './page-checks';

function unique(): string {
  return Math.random().toString(36).slice(2, 8);
}

/** Opens the widget and starts a conversation as an anonymous visitor. */
async function startChat(page: Page, name: string, text: string) {
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Open chat' }).click();
  const panel = page.getByRole('dialog', { name: 'Chat with Dimora' });
  await expect(panel).toBeVisible();
  // Focus goes straight to the first field.
  await expect(panel.getByLabel('Your name')).toBeFocused();
  await panel.getByLabel('Your name').fill(name);
  await panel.getByLabel('E-mail').fill(`${name.toLowerCase().replace(/\W+/g, '.')}@example.test`);
  await panel.getByLabel('Message').fill(text);
  await panel.getByRole('button', { name: 'Start chat' }).click();
  const sent = panel.getByTestId('chat-message').filter({ hasText: text });
  await expect(sent).toHaveAttribute('data-state', 'sent');
  return panel;
}

/** The inbox row of the visitor called `name`. */
function threadRow(page: Page, name: string) {
  return page.getByTestId('inbox-thread').filter({ hasText: name });
}

test.describe('live chat', () => {
  test('a visitor and an admin talk live; the thread survives a reload', async ({ page, browser, baseURL }) => {
    const admin = await signedInBrowser(browser, baseURL!, 'admin');
    try {
      await admin.page.goto('/admin/messages');
      await waitForHydration(admin.page);
      await expect(admin.page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

      const name = `Vera Visitor ${unique()}`;
      const question = `Is the loft on Main Street still available? ${unique()}`;
      const panel = await startChat(page, name, question);

      // The admin's inbox shows it without a reload, with one unread message.
      const row = threadRow(admin.page, name);
      await expect(row).toBeVisible();
      await expect(row.getByTestId('inbox-unread')).toHaveText('1');
      await expect(row).toContainText(question);
      await row.click();
      const open = admin.page.getByTestId('inbox-open-thread');
      await expect(open.getByRole('heading', { name })).toBeVisible();
      await expect(open.getByTestId('inbox-thread-status')).toHaveText('Open');
      await expect(open.getByTestId('inbox-messages')).toContainText(question);
      await expect(row.getByTestId('inbox-unread')).toHaveCount(0);

      // Enter sends the reply; the visitor sees it arrive live.
      const answer = `Yes, it is. Would you like a viewing on Monday? ${unique()}`;
      const reply = open.getByLabel(`Reply to ${name}`);
      await reply.fill(answer);
      await reply.press('Enter');
      await expect(open.getByTestId('inbox-messages')).toContainText(answer);
      await expect(reply).toHaveValue('');
      await expect(panel.getByTestId('chat-message').filter({ hasText: answer })).toHaveAttribute('data-author', 'staff');
      await expect(panel.getByTestId('chat-message').filter({ hasText: answer })).toContainText('Ada Admin');

      // Shift+Enter adds a line instead of sending.
      const input = panel.getByLabel('Message');
      await input.fill('Monday works.');
      await input.press('Shift+Enter');
      await input.pressSequentially('At 10?');
      await expect(input).toHaveValue('Monday works.\nAt 10?');
      await input.press('Enter');
      await expect(panel.getByTestId('chat-message').filter({ hasText: 'At 10?' })).toHaveAttribute('data-state', 'sent');
      await expect(open.getByTestId('inbox-messages')).toContainText('Monday works.');

      // Closed panel + a new reply: a dot on the bubble, without reloading.
      await input.press('Escape');
      await expect(panel).toBeHidden();
      await expect(page.getByRole('button', { name: 'Open chat' })).toBeFocused();
      await open.getByLabel(`Reply to ${name}`).fill('See you at 10!');
      await open.getByLabel(`Reply to ${name}`).press('Enter');
      await expect(page.getByTestId('chat-unread-dot')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Open chat: new reply from our team' })).toBeVisible();

      // A reload keeps the conversation (the cookie), in order.
      await page.reload();
      await waitForHydration(page);
      await page.getByTestId('chat-bubble').click();
      const log = page.getByRole('dialog', { name: 'Chat with Dimora' }).getByTestId('chat-log');
      await expect(log.getByTestId('chat-message')).toHaveText([
        new RegExp(question.replace(/[?.]/g, '\\$&')),
        new RegExp(answer.replace(/[?.]/g, '\\$&')),
        /Monday works\.\s*At 10\?/,
        /See you at 10!/,
      ]);
      await expect(page.getByTestId('chat-unread-dot')).toHaveCount(0);
    } finally {
      await admin.context.close();
    }
  });

  test('a property manager answers the same inbox in /dashboard', async ({ page, browser, baseURL }) => {
    const manager = await signedInBrowser(browser, baseURL!, 'property_manager');
    try {
      const name = `Paolo Prospect ${unique()}`;
      const question = `Do you allow cats? ${unique()}`;
      const panel = await startChat(page, name, question);

      await manager.page.goto('/dashboard');
      await waitForHydration(manager.page);
      const inbox = manager.page.getByTestId('manager-inbox');
      await expect(inbox.getByRole('heading', { name: 'Inbox', exact: true })).toBeVisible();
      const row = threadRow(manager.page, name);
      await expect(row.getByTestId('inbox-unread')).toHaveText('1');
      await row.click();
      await expect(manager.page).toHaveURL(/\/dashboard\?thread=\d+#inbox$/);
      const reply = inbox.getByLabel(`Reply to ${name}`);
      await reply.fill('Yes, cats are welcome.');
      await reply.press('Enter');
      await expect(inbox.getByTestId('inbox-messages')).toContainText('Yes, cats are welcome.');
      await expect(panel.getByTestId('chat-message').filter({ hasText: 'Yes, cats are welcome.' })).toContainText('Paula Manager');
    } finally {
      await manager.context.close();
    }
  });

  test('a signed-in visitor writes as their account (name and e-mail read only) and finds the chat again after a reload', async ({
    page,
  }) => {
    // A fresh account, so that it has no conversation yet (whatever ran before).
    const email = `chat.${Date.now()}.${unique()}@e2e.dimora.test`;
    const password = 'chat-tenant-pass-1';
    const registered = await page.request.post('/auth', {
      form: { intent: 'register', email, password, fullName: 'Cora Chat', role: 'tenant' },
      maxRedirects: 0,
    });
    expect(registered.status()).toBeLessThan(400);
    const confirmed = await page.request.get(linkIn(await waitForMail(email, 'Confirm your e-mail'), '/auth/verify'), { maxRedirects: 0 });
    expect(confirmed.status()).toBe(302);
    const signedIn = await page.request.post('/auth', { form: { intent: 'sign-in', email, password }, maxRedirects: 0 });
    expect(signedIn.status()).toBe(303);

    await page.goto('/contact');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const panel = page.getByRole('dialog', { name: 'Chat with Dimora' });
    await expect(panel.getByText('Hi Cora Chat! Write your question: our team answers here.')).toBeVisible();
    await expect(panel.getByLabel('Your name')).toHaveValue('Cora Chat');
    await expect(panel.getByLabel('Your name')).toHaveAttribute('readonly', '');
    await expect(panel.getByLabel('E-mail')).toHaveValue(email);
    await expect(panel.getByLabel('E-mail')).toHaveAttribute('readonly', '');
    await expect(panel.getByLabel('Message')).toBeFocused();
    const text = `My balcony door sticks ${unique()}`;
    await panel.getByLabel('Message').fill(text);
    await panel.getByRole('button', { name: 'Start chat' }).click();
    await expect(panel.getByTestId('chat-message').filter({ hasText: text })).toHaveAttribute('data-state', 'sent');
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open chat' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Chat with Dimora' }).getByTestId('chat-message').filter({ hasText: text }),
    ).toBeVisible();
  });

  test('a message typed offline waits as pending and is delivered once when the connection is back', async ({
    page,
    context,
    browser,
    baseURL,
  }) => {
    const name = `Olga Offline ${unique()}`;
    const panel = await startChat(page, name, 'Hello before going offline');

    await context.setOffline(true);
    await expect(panel.getByText("You're offline. Your messages will be sent when you're back online.")).toBeVisible();
    const text = `Written in a tunnel ${unique()}`;
    const input = panel.getByLabel('Message');
    await input.fill(text);
    await input.press('Enter');
    const pending = panel.getByTestId('chat-message').filter({ hasText: text });
    await expect(pending).toHaveAttribute('data-state', 'pending');
    await expect(pending).toContainText('Waiting for connection…');
    // Kept in localStorage, so a reload would not lose it.
    const stored = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((key) => key.startsWith('dimora.chat.queue.'))
        .map((key) => localStorage.getItem(key))
        .join(''),
    );
    expect(stored).toContain(text);

    await context.setOffline(false);
    await expect(pending).toHaveAttribute('data-state', 'sent');
    await expect(panel.getByText("You're offline. Your messages will be sent when you're back online.")).toBeHidden();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('dimora.chat.queue.')))).toEqual([]);

    const admin = await signedInBrowser(browser, baseURL!, 'admin');
    try {
      await admin.page.goto('/admin/messages');
      await waitForHydration(admin.page);
      await threadRow(admin.page, name).click();
      const messages = admin.page.getByTestId('inbox-open-thread').getByTestId('chat-message');
      await expect(messages.filter({ hasText: 'Hello before going offline' })).toHaveCount(1);
      await expect(messages.filter({ hasText: text })).toHaveCount(1);
      await expect(messages).toHaveCount(2);
    } finally {
      await admin.context.close();
    }
  });

  test('a queued message survives a reload and is sent once after it', async ({ page }) => {
    const name = `Rita Reload ${unique()}`;
    const panel = await startChat(page, name, 'First words');
    // The server cannot be reached for sending (the page itself still loads).
    await page.route('**/api/chat', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue(),
    );
    const text = `Kept across a reload ${unique()}`;
    await panel.getByLabel('Message').fill(text);
    await panel.getByLabel('Message').press('Enter');
    await expect(panel.getByTestId('chat-message').filter({ hasText: text })).toHaveAttribute('data-state', 'pending');

    await page.reload();
    await waitForHydration(page);
    await page.getByTestId('chat-bubble').click();
    const reopened = page.getByRole('dialog', { name: 'Chat with Dimora' });
    await expect(reopened.getByTestId('chat-message').filter({ hasText: text })).toHaveAttribute('data-state', 'pending');

    await page.unroute('**/api/chat');
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(reopened.getByTestId('chat-message').filter({ hasText: text })).toHaveAttribute('data-state', 'sent');
    await page.reload();
    await waitForHydration(page);
    await page.getByTestId('chat-bubble').click();
    await expect(page.getByRole('dialog', { name: 'Chat with Dimora' }).getByTestId('chat-message').filter({ hasText: text })).toHaveCount(
      1,
    );
  });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the open widget and the staff inbox have no serious axe violations (${scheme} theme)`, async ({ page, browser, baseURL }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    const name = `Axel Access ${unique()}`;
    const panel = await startChat(page, name, 'Checking contrast and labels.');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
    const admin = await signedInBrowser(browser, baseURL!, 'admin');
    try {
      await admin.page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await admin.page.goto('/admin/messages');
      await waitForHydration(admin.page);
      await threadRow(admin.page, name).click();
      const reply = admin.page.getByTestId('inbox-open-thread').getByLabel(`Reply to ${name}`);
      await reply.fill('Both themes read well.');
      await reply.press('Enter');
      await expect(panel.getByTestId('chat-message').filter({ hasText: 'Both themes read well.' })).toBeVisible();
      expect(await seriousAxeViolations(page, { include: '[data-testid="chat-panel"]' })).toEqual([]);
      expect(await seriousAxeViolations(page, { include: '[data-testid="chat-bubble"]' })).toEqual([]);
      await expect(admin.page.getByTestId('inbox-messages')).toContainText('Both themes read well.');
      expect(await seriousAxeViolations(admin.page, { include: '[data-testid="chat-inbox"]' })).toEqual([]);
    } finally {
      await admin.context.close();
    }
  });
}

test.describe('chat bubble geometry (spec §9)', () => {
  test('phones (375 px): 56 px, 80 px from the bottom, 16 px from the right; desktop (1280 px): 60 px at 20/20 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/');
    await waitForHydration(page);
    const bubble = page.getByTestId('chat-bubble');
    expect(await bubble.boundingBox()).toEqual({ x: 375 - 16 - 56, y: 667 - 80 - 56, width: 56, height: 56 });
    // 768 px is still "mobile" (spec: 768 px or less).
    await page.setViewportSize({ width: 768, height: 900 });
    expect(await bubble.boundingBox()).toEqual({ x: 768 - 16 - 56, y: 900 - 80 - 56, width: 56, height: 56 });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await bubble.boundingBox()).toEqual({ x: 1280 - 20 - 60, y: 800 - 20 - 60, width: 60, height: 60 });
    await expect(bubble).toHaveCSS('position', 'fixed');
    await expect(bubble).toHaveCSS('border-radius', '50%');
  });

  test('a phone shows the panel as a full-width sheet', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await page.goto('/about');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open chat' }).click();
    const panel = page.getByRole('dialog', { name: 'Chat with Dimora' });
    const box = await panel.boundingBox();
    expect(box?.x).toBe(0);
    expect(box?.width).toBe(375);
    expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(667);
    await panel.getByRole('button', { name: 'Close chat' }).click();
    await expect(panel).toBeHidden();
  });
});

test.describe('with the cookie banner showing', () => {
  test.use({ consented: false });

  for (const width of [375, 1280]) {
    test(`the bubble is not covered by the banner at ${width} px and opens the chat`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.goto('/properties');
      await waitForHydration(page);
      const banner = page.getByTestId('cookie-banner');
      await expect(banner).toBeVisible();
      const bubble = page.getByTestId('chat-bubble');
      const [a, b] = [await bubble.boundingBox(), await banner.boundingBox()];
      const overlaps = a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
      expect(overlaps).toBeFalsy();
      // Playwright's click fails if anything else would receive it.
      await bubble.click();
      await expect(page.getByRole('dialog', { name: 'Chat with Dimora' })).toBeVisible();
    });
  }
});

test.describe('in Italian', () => {
  test.use({ language: 'it' });

  test('the widget speaks Italian and Escape closes it', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Apri la chat' }).click();
    const panel = page.getByRole('dialog', { name: 'Chatta con Dimora' });
    await expect(panel.getByRole('button', { name: 'Inizia la chat' })).toBeVisible();
    await panel.getByRole('button', { name: 'Inizia la chat' }).click();
    await expect(panel.getByText('Campo obbligatorio').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  });
});
