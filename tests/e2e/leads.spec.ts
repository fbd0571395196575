/**
 * Leads reach staff (decision 018) in Chromium: a visitor sends the contact form in
 * Italian and receives the Italian acknowledgement (SMTP sink); an admin finds the inquiry under
 * the inbox's contact-form tab, with its details, and answers it; the visitor's address receives
 * the reply in Italian with their message quoted. A property manager sees an inquiry about their
 * own unit in /dashboard (with a bell notification and the unit's link), never one about
 * someone else's. The inbox passes axe in both themes and on a phone.
 */
import type { Page } from '@playwright/test';
import { expect, signedInBrowser, signInAs, test, waitForHydration } from './fixtures';
import { waitForMail } from './mail';
import { seriousAxeViolations } from './page-checks';

function unique(): string {
  return Math.random().toString(36).slice(2, 8);
}

/** Fills and sends the contact form on the current page (labels in `lang`). */
async function sendContactForm(
  page: Page,
  lang: 'en' | 'it',
  fields: { name: string; email: string; phone?: string; topic: string; message: string },
) {
  const labels =
    lang === 'it'
      ? { name: 'Nome e cognome', email: 'E-mail', phone: 'Telefono', topic: 'Argomento', message: 'Messaggio', submit: 'Invia messaggio' }
      : { name: 'Full name', email: 'E-mail', phone: 'Phone', topic: 'Topic', message: 'Message', submit: 'Send message' };
  const form = page.getByTestId('contact-form');
  await form.getByLabel(labels.name).fill(fields.name);
  await form.getByLabel(labels.email).fill(fields.email);
  if (fields.phone) await form.getByLabel(labels.phone).fill(fields.phone);
  await form.getByLabel(labels.topic).selectOption(fields.topic);
  await form.getByLabel(labels.message).fill(fields.message);
  await form.getByRole('button', { name: labels.submit }).click();
}

test.describe('an inquiry in Italian', () => {
  test.use({ language: 'it' });

  test('the visitor gets the Italian acknowledgement, an admin answers from the contact tab, the reply arrives by e-mail', async ({
    page,
    browser,
    baseURL,
  }) => {
    // Two browsers and two e-mails: a long journey on a 2-core CI machine.
    test.slow();
    const name = `Giulia Rossi ${unique()}`;
    const email = `giulia.${unique()}@example.test`;
    const question = `Buongiorno, l'appartamento è ancora disponibile da settembre? ${unique()}`;
    await page.goto('/contact');
    await waitForHydration(page);
    await sendContactForm(page, 'it', { name, email, phone: '+39 333 555 0101', topic: 'leasing', message: question });
    await expect(page.getByText('Grazie! Il tuo messaggio è stato inviato. Ti rispondiamo entro 24 ore.').first()).toBeVisible();

    const ack = await waitForMail(email, 'Abbiamo ricevuto il tuo messaggio');
    expect(ack.text).toContain('Ciao,');
    expect(ack.text).not.toContain(name);
    expect(ack.text).toContain('ti risponderà entro 24 ore');
    expect(ack.text).toContain('Lunedì-venerdì: 9:00-18:00');
    expect(ack.text).toContain('Argomento del tuo messaggio: Locazione.');
    expect(ack.text).not.toContain(question);
    const reference = /#(\d+)\]/.exec(ack.subject)?.[1];
    expect(reference).toBeDefined();

    const admin = await signedInBrowser(browser, baseURL!, 'admin');
    try {
      await admin.page.goto('/admin/messages');
      await waitForHydration(admin.page);
      const contactTab = admin.page.getByTestId('inbox-tab-contact');
      await expect(contactTab).toHaveText(/Contact form/);
      await contactTab.click();
      await expect(admin.page).toHaveURL(/inboxTab=contact/);
      await expect(contactTab).toHaveAttribute('aria-current', 'page');
      const row = admin.page.getByTestId('inbox-thread').filter({ hasText: name });
      await expect(row).toHaveAttribute('data-kind', 'contact');
      await expect(row).toHaveAttribute('data-unread', '1');
      await expect(row.getByTestId('inbox-thread-subject')).toHaveText('Leasing');
      await row.click();
      const open = admin.page.getByTestId('inbox-open-thread');
      // Opening the thread marks it read, which tells every inbox (this one too) to reload: on a
      // loaded 2-core CI machine the navigation and that reload take longer than the default wait.
      await expect(open).toHaveAttribute('data-thread-id', reference!, { timeout: 30_000 });
      await expect(open.getByTestId('inbox-thread-email')).toHaveText(email);
      await expect(open.getByTestId('inquiry-phone')).toHaveText('+39 333 555 0101');
      await expect(open.getByTestId('inquiry-language')).toHaveText('Italian');
      await expect(open.getByTestId('inquiry-unit')).toHaveText('General inquiry (no unit)');
      await expect(open.getByTestId('inquiry-reply-note')).toContainText(`e-mailed to ${email} in Italian`);
      await expect(open.getByTestId('inbox-messages')).toContainText(question);

      const answer = `Buongiorno ${name}, sì: è disponibile dal primo settembre. ${unique()}`;
      const reply = open.getByLabel(`Reply by e-mail to ${name}`);
      await reply.fill(answer);
      await open.getByTestId('inbox-send').click();
      await expect(open.getByTestId('inbox-messages').getByTestId('chat-message').filter({ hasText: answer })).toHaveAttribute(
        'data-author',
        'staff',
      );
      await expect(reply).toHaveValue('');

      const mail = await waitForMail(email, 'Re: il tuo messaggio a Dimora');
      expect(mail.subject).toBe(`Re: il tuo messaggio a Dimora [#${reference}]`);
      expect(mail.text).toContain(answer);
      expect(mail.text).toContain('Ada Admin, ufficio locazioni Dimora');
      expect(mail.text).toContain(`${name} ha scritto:`);
      expect(mail.text).toContain(`> ${question}`);
      expect(mail.text).not.toContain('admin@e2e.dimora.test');

      expect(await seriousAxeViolations(admin.page, { include: '[data-testid="chat-inbox"]' })).toEqual([]);
    } finally {
      await admin.context.close();
    }
  });
});

test("a property manager sees an inquiry about their own unit in /dashboard, and not one about another manager's", async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const manager = await signedInBrowser(browser, baseURL!, 'property_manager');
  try {
    // The e2e manager's unit: from their building's units table.
    await manager.page.goto('/dashboard');
    await waitForHydration(manager.page);
    await manager.page.getByTestId('manager-portfolio').getByRole('link', { name: 'E2E Review Court 2' }).click();
    await expect(manager.page).toHaveURL(/\/dashboard\/buildings\/\d+$/);
    const href = await manager.page.locator('[data-testid="unit-row"]').first().getByTestId('unit-link').getAttribute('href');
    const [, buildingId, unitId] = /\/dashboard\/buildings\/(\d+)\/units\/(\d+)/.exec(href ?? '') ?? [];
    expect(unitId).toBeDefined();

    // A visitor asks about it from its page's contact link, another about a demo unit (building 1 is a demo manager's).
    const mine = `Milo Manager-Check ${unique()}`;
    const foreign = `Fiona Foreign ${unique()}`;
    await page.goto(`/contact?property=${unitId}`);
    await waitForHydration(page);
    await expect(page.getByTestId('contact-property')).toBeVisible();
    await sendContactForm(page, 'en', {
      name: mine,
      email: `milo.${unique()}@example.test`,
      topic: 'leasing',
      message: 'Can I see the flat on Thursday evening?',
    });
    await expect(page.getByText('Thanks! Your message has been sent. We reply within 24 hours.').first()).toBeVisible();
    await page.goto('/contact?property=1');
    await waitForHydration(page);
    await sendContactForm(page, 'en', {
      name: foreign,
      email: `fiona.${unique()}@example.test`,
      topic: 'leasing',
      message: 'Is parking included with this one?',
    });
    await expect(page.getByText('Thanks! Your message has been sent. We reply within 24 hours.').first()).toBeVisible();

    // The bell tells the manager.
    const notifications = await manager.page.request.get('/api/notifications');
    const list = (await notifications.json()) as { items: { title: string; message: string; actionUrl: string }[] };
    const note = list.items.find((item) => item.message.startsWith(`${mine} about`));
    expect(note).toMatchObject({ title: 'New contact inquiry', actionUrl: expect.stringMatching(/^\/dashboard\?thread=\d+#inbox$/) });
    expect(list.items.some((item) => item.message.startsWith(foreign))).toBe(false);

    await manager.page.goto(note!.actionUrl);
    await waitForHydration(manager.page);
    const inbox = manager.page.getByTestId('manager-inbox');
    await expect(inbox.getByRole('heading', { name: 'Inbox', exact: true })).toBeVisible();
    await expect(inbox.getByTestId('inbox-tab-contact')).toHaveAttribute('aria-current', 'page');
    const open = inbox.getByTestId('inbox-open-thread');
    await expect(open.getByRole('heading', { name: mine })).toBeVisible();
    await expect(open.getByTestId('inquiry-unit-manage')).toHaveAttribute('href', `/dashboard/buildings/${buildingId}/units/${unitId}`);
    await expect(open.getByTestId('inquiry-unit-public')).toHaveAttribute('href', `/property/${unitId}`);
    await expect(inbox.getByTestId('inbox-thread').filter({ hasText: foreign })).toHaveCount(0);

    await manager.page.setViewportSize({ width: 375, height: 800 });
    expect(await seriousAxeViolations(manager.page, { include: '[data-testid="manager-inbox"]' })).toEqual([]);
    const overflow = await manager.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  } finally {
    await manager.context.close();
  }
});

test('the contact-form tab passes axe in the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await signInAs(page, 'admin');
  await page.goto('/admin/messages?inboxTab=contact');
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  // The oldest thread (a seeded one): the newest may be the inquiry another test of this file is
  // checking as unread at this very moment, and opening a thread marks it read.
  await page.getByTestId('inbox-thread').last().click();
  await expect(page.getByTestId('inquiry-details')).toBeVisible({ timeout: 30_000 });
  expect(await seriousAxeViolations(page, { include: '[data-testid="chat-inbox"]' })).toEqual([]);
});
