/**
 * The operations journeys in Chromium (decision 019): an admin changes the
 * application fee and the office hours in /admin/system (a bad value gets a field error), sees
 * the new hours on /contact and the new fee on /booking/:id without a restart, sends a test
 * e-mail that the SMTP sink receives, stores a monitoring DSN (the browser starts reporting to
 * that host, allowed by the CSP), then on /admin/database sees the counts and migrations,
 * retries a failed job (the sink receives its e-mail) and downloads a backup whose manifest is
 * valid. axe on both pages; the Italian texts once.
 *
 * Runs in its own Playwright project, the teardown of the others, so after every other journey
 * (playwright.config.ts): the settings it changes are site-wide.
 */
import fs from 'node:fs';
import { axeOn } from './page-checks';
import type { APIRequestContext, Page } from '@playwright/test';
import * as tar from 'tar';
import { expect, signInAs, test, waitForHydration } from './fixtures';
import { reachConfirmation, uniqueEmail } from './booking-steps';
import { waitForMail } from './mail';
import { E2E_FAILED_JOB } from './seed-ops';
import { E2E_USERS } from './users';

/** The newest migration this build ships (the database page and the backup manifest name it). */
const LATEST_MIGRATION = (
  JSON.parse(fs.readFileSync('app/server/db/migrations/meta/_journal.json', 'utf8')) as { entries: { tag: string }[] }
).entries.at(-1)!.tag;

// One after another: they share the site-wide settings.
test.describe.configure({ mode: 'default' });

async function axeViolations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  const results = await axeOn(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

const DEFAULT_CONTACT = {
  intent: 'contact',
  companyName: 'Dimora',
  contactPhone: '+1 (800) 555-0142',
  contactEmail: 'hello@dimora.example',
  contactAddress: '',
  weekdaysOpens: '09:00',
  weekdaysCloses: '18:00',
  saturdayOpens: '10:00',
  saturdayCloses: '16:00',
  sundayClosed: 'on',
};

/** Puts the settings this journey changes back to their defaults (plain posts as the admin). */
async function restoreDefaults(request: APIRequestContext) {
  const forms: Record<string, string>[] = [
    { intent: 'fees', applicationFee: '50.00', depositMonths: '1' },
    { intent: 'rent', rentDueDay: '1', rentGraceDays: '5', lateFee: '50.00' },
    DEFAULT_CONTACT,
    { intent: 'monitoring', monitoringDsn: '', tracesSampleRate: '0.1', replaysSessionSampleRate: '0.1', replaysOnErrorSampleRate: '1' },
  ];
  for (const form of forms) {
    const response = await request.post('/admin/system', { form, maxRedirects: 0 });
    expect(response.status(), form.intent).toBeLessThan(400);
  }
}

test.describe('/admin/system', () => {
  test.afterEach(async ({ page }) => {
    await restoreDefaults(page.request);
  });

  test('an admin changes the fee and the office hours; /booking and /contact follow at once', async ({ page }) => {
    test.slow();
    await signInAs(page, 'admin');
    await page.goto('/admin/system');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: 'System' })).toBeVisible();
    await expect(page.getByTestId('system-fact-version')).toHaveText(/^\d+\.\d+\.\d+/);
    await expect(page.getByTestId('system-fact-database')).toHaveText(/^Embedded PGlite \d+/);
    await expect(page.getByTestId('system-fact-mail')).toHaveText('SMTP server');
    await expect(page.getByTestId('system-fact-payments')).toHaveText('sandbox (test mode)');
    expect(await axeViolations(page)).toEqual([]);

    // A bad value: a field error, focus on the field, nothing saved.
    const fees = page.getByTestId('system-fees');
    const fee = page.getByTestId('setting-applicationFee');
    await fee.fill('fifty dollars');
    await fees.getByTestId('system-fees-save').click();
    await expect(fees.getByText('Enter an amount in dollars, like 50 or 49.99')).toBeVisible();
    await expect(fee).toHaveAttribute('aria-invalid', 'true');
    await expect(fee).toBeFocused();
    await fee.fill('65.25');
    await fees.getByTestId('system-fees-save').click();
    await expect(page.getByTestId('ops-toast')).toContainText('Settings saved.');
    await expect(page.getByTestId('setting-applicationFee')).toHaveValue('65.25');

    // Office hours: earlier on weekdays, closed on Saturday.
    const contact = page.getByTestId('system-contact');
    await page.getByTestId('setting-weekdaysOpens').fill('08:00');
    await page.getByTestId('setting-weekdaysCloses').fill('17:30');
    await page.getByTestId('setting-saturdayClosed').check();
    await contact.getByTestId('system-contact-save').click();
    await expect(page.getByTestId('ops-toast').last()).toContainText('Settings saved.');

    await page.goto('/contact');
    await expect(page.getByTestId('office-hours-weekdays')).toHaveText('Monday-Friday8:00 AM-5:30 PM');
    await expect(page.getByTestId('office-hours-saturday')).toHaveText('SaturdayClosed');
    await expect(page.getByTestId('office-hours-sunday')).toHaveText('SundayClosed');

    await reachConfirmation(page, uniqueEmail('ops'));
    await expect(page.getByTestId('fee-application')).toHaveText('$65.25');
    await expect(page.getByTestId('fee-due-now')).toHaveText('$65.25');
  });

  test('sends a test e-mail that arrives, and reads in Italian', async ({ page, context, baseURL }) => {
    await signInAs(page, 'admin');
    await page.goto('/admin/system');
    await waitForHydration(page);
    const card = page.getByTestId('system-test-mail');
    await expect(card).toContainText(`Sends a test e-mail to ${E2E_USERS.admin.email} through the SMTP server.`);
    await card.getByTestId('test-mail-send').click();
    await expect(card.getByTestId('test-mail-sent')).toHaveText(`Test e-mail sent to ${E2E_USERS.admin.email}.`);
    const mail = await waitForMail(E2E_USERS.admin.email, 'Test e-mail from Dimora');
    expect(mail.text).toContain(`Hello ${E2E_USERS.admin.name},`);
    expect(mail.text).toContain('sent through the SMTP server');

    await context.addCookies([{ name: 'language', value: 'it', url: baseURL! }]);
    await page.goto('/admin/system');
    await expect(page.getByRole('heading', { level: 1, name: 'Sistema' })).toBeVisible();
    await expect(page.getByTestId('system-fees')).toContainText('Spese di candidatura (USD)');
    await expect(page.getByTestId('system-fact-mail')).toHaveText('server SMTP');
    await page.getByTestId('setting-rentDueDay').fill('30');
    await page.getByTestId('system-rent-save').click();
    await expect(page.getByTestId('system-rent').getByText('Scegli un giorno da 1 a 28')).toBeVisible();
    await page.goto('/contact');
    await expect(page.getByTestId('office-hours-weekdays')).toHaveText('Lunedì-venerdì9:00-18:00');
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('a section saves as a plain form post, and the test e-mail goes', async ({ page }) => {
      await signInAs(page, 'admin');
      await page.goto('/admin/system');
      await page.getByTestId('setting-rentGraceDays').fill('7');
      await page.getByTestId('system-rent-save').click();
      await expect(page).toHaveURL(/\/admin\/system\?done=rent#rent$/);
      await expect(page.getByTestId('system-rent').getByRole('status')).toHaveText('Settings saved.');
      await expect(page.getByTestId('setting-rentGraceDays')).toHaveValue('7');
      await page.getByTestId('test-mail-send').click();
      await expect(page).toHaveURL(/done=test-mail/);
      await expect(page.getByTestId('test-mail-sent')).toHaveText(`Test e-mail sent to ${E2E_USERS.admin.email}.`);
    });
  });

  test('a stored DSN starts the browser client, allowed by the CSP; removing it stops it', async ({ page }) => {
    // A made-up host: every request to it is answered here, so nothing leaves the machine.
    const envelopes: string[] = [];
    await page.route('https://o5.ingest.e2e-sentry.invalid/**', async (route) => {
      envelopes.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
    });
    await signInAs(page, 'admin');
    await page.goto('/admin/system');
    await waitForHydration(page);
    const monitoring = page.getByTestId('system-monitoring');
    await page.getByTestId('setting-monitoringDsn').fill('not a dsn');
    await monitoring.getByTestId('system-monitoring-save').click();
    await expect(monitoring.getByText(/^Enter a public Sentry DSN/)).toBeVisible();
    await page.getByTestId('setting-monitoringDsn').fill('https://abcdef0123456789@o5.ingest.e2e-sentry.invalid/42');
    // No traces: the server's client would report them to the made-up host (errors only here).
    await page.getByTestId('setting-tracesSampleRate').fill('0');
    await page.getByTestId('setting-replaysSessionSampleRate').fill('0');
    await monitoring.getByTestId('system-monitoring-save').click();
    await expect(page.getByTestId('ops-toast')).toContainText('Settings saved.');

    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain(`connect-src 'self' https://o5.ingest.e2e-sentry.invalid;`);
    await waitForHydration(page);
    // The SDK is loaded and started in this page: it reports an error it sees to the stored host.
    await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { __SENTRY__?: unknown }).__SENTRY__))).toBe(true);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error('e2e monitoring probe');
      });
    });
    await expect.poll(() => envelopes.some((url) => url.includes('/api/42/envelope/')), { timeout: 15_000 }).toBe(true);

    await restoreDefaults(page.request);
    const after = await page.goto('/');
    expect(after?.headers()['content-security-policy']).toContain(`connect-src 'self';`);
    await waitForHydration(page);
    expect(await page.evaluate(() => Boolean((window as unknown as { __SENTRY__?: unknown }).__SENTRY__))).toBe(false);
  });
});

test('/admin/database: counts, migrations, a failed job retried, a backup downloaded', async ({ page }) => {
  test.slow();
  await signInAs(page, 'admin');
  await page.goto('/admin/database');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Database' })).toBeVisible();
  await expect(page.getByTestId('database-health-kind')).toHaveText('Embedded PGlite');
  const units = page.locator('[data-testid="database-table-row"][data-table="property"] [data-testid="database-table-count"]');
  await expect(units).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByTestId('database-migrations-status')).toHaveText('Up to date');
  await expect(page.getByTestId('database-migration').filter({ hasText: LATEST_MIGRATION })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The seeded job that was given up: retried, then delivered by the runner.
  const job = page.getByTestId('outbox-job').filter({ hasText: E2E_FAILED_JOB.lastError });
  await expect(job.getByTestId('outbox-job-state')).toHaveText('Given up');
  await expect(page.getByTestId('outbox-given-up-value')).not.toHaveText('0');
  await job.getByTestId('outbox-retry').click();
  await expect(page.getByTestId('ops-toast')).toContainText('runs again within a second');
  const mail = await waitForMail(E2E_FAILED_JOB.to, E2E_FAILED_JOB.reference);
  expect(mail.subject).toContain(E2E_FAILED_JOB.propertyTitle);
  await page.reload();
  await expect(page.getByTestId('outbox-job').filter({ hasText: E2E_FAILED_JOB.lastError })).toHaveCount(0);

  // A backup of the live database, downloaded as a file with a valid manifest.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('backup-download').click()]);
  expect(download.suggestedFilename()).toMatch(/^dimora-backup-pglite-\d{8}T\d{6}Z\.tar$/);
  const file = await download.path();
  const parts: string[] = [];
  let manifestText = '';
  await tar.t({
    file,
    onReadEntry: (entry) => {
      parts.push(entry.path);
      if (entry.path === 'manifest.json') entry.on('data', (chunk: Buffer) => (manifestText += chunk.toString()));
      else entry.resume();
    },
  });
  expect(parts[0]).toBe('manifest.json');
  const manifest = JSON.parse(manifestText) as {
    format: string;
    database: { kind: string; file: string };
    migrations: { last: string };
    parts: { path: string; bytes: number }[];
  };
  expect(manifest).toMatchObject({
    format: 'dimora-backup',
    database: { kind: 'pglite', file: 'database/pglite-data.tar.gz' },
    migrations: { last: LATEST_MIGRATION },
  });
  expect(parts.slice(1).sort()).toEqual(manifest.parts.map((part) => part.path).sort());
  expect(manifest.parts.some((part) => part.path.startsWith('uploads/demo/'))).toBe(true);
  expect(fs.statSync(file).size).toBeGreaterThan(manifest.parts.reduce((sum, part) => sum + part.bytes, 0));
  // The page is still there (a download is not a navigation).
  await expect(page).toHaveURL(/\/admin\/database$/);
});

test('both pages pass axe in the dark theme on a phone, and scroll no wider than the screen', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, 'admin');
  for (const path of ['/admin/system', '/admin/database']) {
    await page.goto(path);
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await axeViolations(page), path).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});
