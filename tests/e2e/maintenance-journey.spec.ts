/**
 * The whole maintenance journey across the four portals in Chromium (decision 026), one browser
 * context per person, every step through the pages' own forms:
 * 1. a tenant with an active lease reports a leak with two photos in /tenant-portal/maintenance/new
 *    and keeps the request's page open for the rest of the journey;
 * 2. an admin (signed in with the second factor) finds it in /admin/maintenance, opens it and
 *    assigns the approved, insured vendor → a work order, offered; the tenant's page follows live;
 * 3. the vendor, in /vendor-portal/work-orders, accepts, schedules the visit, starts, completes
 *    with a photo — the tenant's page shows each step, "Completed" included, without a reload —
 *    and submits an invoice of a labour and a materials line in /vendor-portal/invoices/new;
 * 4. the admin approves the invoice in /admin/assignments/:id (the total shown, the work order
 *    completed); the vendor's invoices page follows live;
 * 5. the tenant rates the work 4/5: the request is closed, the rating shown, and the timeline
 *    holds every public step in order.
 * Data: tests/e2e/seed-maintenance-journey.ts (a tenant, lease and vendor account of its own).
 */
import type { Locator, Page } from '@playwright/test';
import { jpegWithGps } from '../setup/images';
import { expect as baseExpect, newClientContext, signInAs, signInWith, test, waitForHydration } from './fixtures';
import { E2E_JOURNEY } from './seed-maintenance-journey';

/** A photo-like JPEG of `width` px for a file input. */
async function photo(name: string, colour: string, width = 1000) {
  return { name, mimeType: 'image/jpeg', buffer: await jpegWithGps(width, { colour }) };
}

/**
 * Three browsers and one server on a machine shared with other work: each step may take seconds
 * (a ceiling, not a wait — passing steps are no slower).
 */
const expect = baseExpect.configure({ timeout: 30_000 });

/** Live updates reach a page that is not reloaded: a generous ceiling on a loaded machine, not a wait. */
const LIVE = { timeout: 45_000 };

/** Waits until every image in `container` has loaded (a refused private photo never does); returns their `src`s. */
async function expectPhotosShown(container: Locator): Promise<string[]> {
  const images = container.getByRole('img');
  // Lazy images load once near the viewport.
  await container.scrollIntoViewIfNeeded();
  await expect
    .poll(() =>
      images.evaluateAll((nodes) =>
        nodes.every((node) => (node as HTMLImageElement).complete && (node as HTMLImageElement).naturalWidth > 0),
      ),
    )
    .toBe(true);
  return images.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('src') ?? ''));
}

/** The tenant's request page: its status and the titles of its timeline, oldest first. */
function tenantView(page: Page) {
  const detail = page.getByTestId('request-detail');
  const entries = page.getByTestId('request-timeline').locator('[data-kind]');
  return { detail, entries };
}

test('a leak goes from the tenant to the admin, the vendor and back: assigned, done, invoiced, approved, rated — the tenant’s page following live', async ({
  page,
  browser,
  baseURL,
}) => {
  // Some eighty steps in three browsers: up to several minutes on a busy two-core machine.
  test.setTimeout(600_000);
  const title = `Leak under the bathroom sink ${Date.now().toString(36)}`;

  // 1. The tenant reports the leak with two photos.
  await signInWith(page, E2E_JOURNEY.tenant);
  await page.goto('/tenant-portal/maintenance/new');
  await waitForHydration(page);
  const form = page.getByTestId('request-form');
  await form.getByLabel('Kind of problem').selectOption('plumbing');
  await form.getByLabel('Short title').fill(title);
  await form.getByLabel('What is happening?').fill('Water drips from the pipe joint under the bathroom sink; the cabinet floor is soaked.');
  await form.getByLabel('Where in your home?').fill('Bathroom, under the sink');
  await form.getByText('Urgent', { exact: true }).click();
  await page.getByLabel('Maintenance may enter when I am not home').check();
  await page.getByLabel('Day 1', { exact: true }).fill(new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10));
  await page.getByLabel('From (day 1)').fill('09:00');
  await page.getByLabel('To (day 1)').fill('12:00');
  await page.getByTestId('request-photo-input').setInputFiles([await photo('joint.jpg', '#4f7396'), await photo('cabinet.jpg', '#8a6d4b')]);
  await expect(page.getByTestId('chosen-photos').getByRole('img')).toHaveCount(2);
  await page.getByTestId('request-submit').click();
  // Two photos re-encoded by sharp on a shared machine: a ceiling, not a wait.
  await expect(page).toHaveURL(/\/tenant-portal\/maintenance\/\d+\?created=1$/, { timeout: 45_000 });
  const requestId = /maintenance\/(\d+)/.exec(page.url())![1]!;
  const tenant = tenantView(page);
  await expect(tenant.detail).toHaveAttribute('data-status', 'submitted');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByTestId('request-photos').getByRole('img')).toHaveCount(2);
  // Private photos (decision 056): shown to their tenant through /files/, refused to a stranger.
  const photoSources = await expectPhotosShown(page.getByTestId('request-photos'));
  expect(
    photoSources.every((src) => src.startsWith('/files/private/photos/')),
    photoSources.join(),
  ).toBe(true);
  const strangerContext = await browser.newContext({ baseURL });
  expect((await strangerContext.request.get(photoSources[0]!)).status()).toBe(401);
  expect((await strangerContext.request.get(photoSources[0]!.replace('/files/private/', '/media/'))).status()).toBe(404);
  await strangerContext.close();
  await expect(tenant.entries).toHaveText([/^Request sent by You/]);
  // Hydrated: the page listens to the event stream from here on. A mark on its window proves
  // later that it was never reloaded (a reload would start a new window without it).
  await waitForHydration(page);
  await page.evaluate(() => Object.assign(window, { journeyMark: 'kept' }));
  const notReloaded = async () =>
    expect(await page.evaluate(() => (window as unknown as { journeyMark?: string }).journeyMark)).toBe('kept');

  // 2. The admin finds it in the queue (its building), opens it and assigns the insured vendor.
  const adminContext = await newClientContext(browser, baseURL);
  const admin = await adminContext.newPage();
  await signInAs(admin, 'admin');
  await admin.goto('/admin/maintenance');
  await waitForHydration(admin);
  const buildingField = admin.getByTestId('queue-filter-building');
  await buildingField.click();
  await buildingField.fill('journey court');
  await admin.getByRole('option', { name: E2E_JOURNEY.building }).click();
  await admin.getByTestId('queue-filter-apply').click();
  await expect(admin).toHaveURL(/building=\d+/);
  const queueRow = admin.getByTestId('queue-row').filter({ hasText: title });
  await expect(queueRow).toHaveCount(1);
  await queueRow.getByRole('link', { name: title }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/maintenance/${requestId}$`));
  await waitForHydration(admin);
  const staffDetail = admin.getByTestId('request-detail');
  await expect(staffDetail).toHaveAttribute('data-status', 'submitted');
  await expect(admin.getByTestId('request-photos').getByRole('img')).toHaveCount(2);
  await expectPhotosShown(admin.getByTestId('request-photos'));
  await expect(admin.getByTestId('request-work-orders')).toContainText('No vendor assigned yet.');
  const vendorField = admin.getByTestId('assign-vendor');
  const vendorValue = await vendorField.locator('option', { hasText: E2E_JOURNEY.vendor.company }).getAttribute('value');
  expect(vendorValue, 'the journey vendor is offered for the request').toMatch(/^\d+$/);
  await vendorField.selectOption(vendorValue!);
  await admin.getByTestId('assign-instructions').fill('Tighten or replace the compression joint; check the cabinet floor.');
  await admin.getByTestId('assign-submit').click();
  await expect(admin.getByTestId('queue-toast').last()).toContainText('The work order was sent to the vendor.');
  const staffOrder = admin.getByTestId('work-order');
  await expect(staffOrder).toHaveCount(1);
  await expect(staffOrder).toHaveAttribute('data-vendor', E2E_JOURNEY.vendor.company);
  await expect(staffOrder.getByTestId('work-order-status')).toHaveText('Offered');
  await expect(staffDetail).toHaveAttribute('data-status', 'triaged');
  // The tenant's page, untouched: reviewed, and told who was sent.
  await expect(tenant.detail).toHaveAttribute('data-status', 'triaged', LIVE);
  await expect(tenant.entries.filter({ hasText: 'A technician was assigned' })).toContainText(E2E_JOURNEY.vendor.company);

  // 3. The vendor accepts, schedules, starts, completes with a photo, and invoices.
  const vendorContext = await newClientContext(browser, baseURL);
  const vendor = await vendorContext.newPage();
  await signInWith(vendor, E2E_JOURNEY.vendor);
  await vendor.goto('/vendor-portal/work-orders');
  await waitForHydration(vendor);
  const vendorRow = vendor.getByTestId('vendor-work-order-row').filter({ hasText: title });
  await expect(vendorRow).toHaveCount(1);
  await expect(vendorRow).toContainText(E2E_JOURNEY.street);
  await vendorRow.getByRole('link').first().click();
  await expect(vendor).toHaveURL(/\/vendor-portal\/work-orders\/\d+$/);
  const workOrderId = /work-orders\/(\d+)$/.exec(vendor.url())![1]!;
  const workOrder = vendor.getByTestId('vendor-work-order');
  await expect(workOrder).toHaveAttribute('data-status', 'offered');
  await waitForHydration(vendor);
  await expect(vendor.getByTestId('entry-permission')).toHaveAttribute('data-permission', 'yes');
  await expect(vendor.getByTestId('work-order-entry')).toContainText('09:00–12:00');
  await expect(vendor.getByTestId('photo-strip').getByRole('img')).toHaveCount(2);
  await expectPhotosShown(vendor.getByTestId('photo-strip'));

  await vendor.getByTestId('accept-submit').click();
  await expect(workOrder).toHaveAttribute('data-status', 'accepted');
  // The staff page follows the work order without a reload.
  await expect(staffOrder.getByTestId('work-order-status')).toHaveText('Accepted', LIVE);

  const visit = new Date(Date.now() + 2 * 86_400_000);
  visit.setUTCHours(10, 30, 0, 0);
  await vendor.getByLabel('Visit (UTC)').fill(visit.toISOString().slice(0, 16));
  await vendor.getByTestId('schedule-submit').click();
  await expect(workOrder).toHaveAttribute('data-status', 'scheduled');
  await expect(vendor.getByTestId('work-order-visit')).toContainText('10:30 UTC');
  await expect(tenant.detail).toHaveAttribute('data-status', 'scheduled', LIVE);
  await expect(page.getByTestId('request-visit')).toContainText(`by ${E2E_JOURNEY.vendor.company}`);

  await vendor.getByTestId('start-submit').click();
  await expect(workOrder).toHaveAttribute('data-status', 'in_progress');
  await expect(tenant.detail).toHaveAttribute('data-status', 'in_progress', LIVE);

  const complete = vendor.getByTestId('complete-actions');
  await complete.getByLabel('What was done').fill('Replaced the compression joint and dried the cabinet; no more drips after 20 minutes.');
  await complete.getByTestId('photo-input').setInputFiles([await photo('after.jpg', '#2e86c1', 800)]);
  await complete.getByTestId('complete-submit').click();
  await expect(workOrder).toHaveAttribute('data-status', 'completed', { timeout: 45_000 });
  const completed = vendor.locator('[data-testid="history-entry"][data-kind="status"]').last();
  await expect(completed).toContainText('Replaced the compression joint');
  await expect(completed.getByRole('img')).toHaveCount(1);
  // The tenant sees the work done arrive live, with the technician's words, and may rate it.
  await expect(tenant.detail).toHaveAttribute('data-status', 'completed', LIVE);
  await expect(tenant.detail.getByTestId('status-path')).toBeVisible();
  const doneEntry = tenant.entries.filter({ hasText: 'Status: Completed' });
  await expect(doneEntry).toHaveCount(1);
  await expect(doneEntry).toContainText('Replaced the compression joint and dried the cabinet');
  await expect(page.getByTestId('rate-card')).toBeVisible();
  await notReloaded();

  await vendor.getByTestId('create-invoice').click();
  await expect(vendor).toHaveURL(new RegExp(`/vendor-portal/invoices/new\\?workOrder=${workOrderId}$`));
  await waitForHydration(vendor);
  const invoiceNumber = `JP-${Date.now().toString(36).toUpperCase()}`;
  const invoiceForm = vendor.getByTestId('invoice-form');
  await invoiceForm.getByLabel('Invoice number').fill(invoiceNumber);
  const lines = invoiceForm.getByTestId('invoice-line');
  await expect(lines.nth(0).getByLabel('Kind')).toHaveValue('labour');
  await lines.nth(0).getByLabel('Description').fill('Plumber, on site');
  await lines.nth(0).getByLabel('Quantity').fill('2');
  await lines.nth(0).getByLabel('Unit price (USD)').fill('85');
  await expect(lines.nth(1).getByLabel('Kind')).toHaveValue('materials');
  await lines.nth(1).getByLabel('Description').fill('Compression fitting, 1/2 in.');
  await lines.nth(1).getByLabel('Quantity').fill('3');
  await lines.nth(1).getByLabel('Unit price (USD)').fill('4.50');
  await invoiceForm.getByLabel('Tax (USD)').fill('15.14');
  // 2 × 85.00 + 3 × 4.50 = 183.50, + 15.14 tax.
  await expect(invoiceForm.getByTestId('invoice-form-total')).toHaveText('Total: $198.64');
  await invoiceForm.getByTestId('invoice-submit').click();
  await expect(vendor).toHaveURL(/\/vendor-portal\/invoices\?done=submitted$/, { timeout: 45_000 });
  const vendorInvoice = vendor.getByTestId('invoice-card').filter({ hasText: invoiceNumber });
  await expect(vendorInvoice).toHaveAttribute('data-status', 'submitted');
  await expect(vendorInvoice.getByTestId('invoice-total')).toHaveAttribute('data-cents', '19864');
  await waitForHydration(vendor);

  // 4. The admin approves the invoice on the work order's page.
  await admin.goto('/admin/assignments');
  await waitForHydration(admin);
  const assignmentRow = admin.getByTestId('assignment-row').filter({ hasText: title });
  await expect(assignmentRow).toHaveAttribute('data-status', 'completed');
  await assignmentRow.getByRole('link', { name: `#${workOrderId}` }).click();
  await expect(admin).toHaveURL(new RegExp(`/admin/assignments/${workOrderId}$`));
  await waitForHydration(admin);
  await expect(admin.getByTestId('assignment-detail')).toHaveAttribute('data-status', 'completed');
  await expect(admin.getByTestId('assignment-vendor')).toHaveText(E2E_JOURNEY.vendor.company);
  const review = admin.getByTestId('invoice-card').filter({ hasText: invoiceNumber });
  await expect(review).toHaveAttribute('data-status', 'submitted');
  const rows = review.getByTestId('invoice-lines').locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Labour');
  await expect(rows.nth(0)).toContainText('$170.00');
  await expect(rows.nth(1)).toContainText('Materials');
  await expect(rows.nth(1)).toContainText('$13.50');
  await expect(review.getByTestId('invoice-total')).toHaveText('Total: $198.64');
  await review.getByTestId('invoice-approve').click();
  await expect(review).toHaveAttribute('data-status', 'approved', { timeout: 45_000 });
  await expect(admin.getByTestId('assignment-detail')).toHaveAttribute('data-status', 'completed');
  // The vendor's invoices page hears of it without a reload.
  await expect(vendorInvoice).toHaveAttribute('data-status', 'approved', LIVE);
  await vendorContext.close();

  // 5. The tenant — still on the page opened in step 1 — rates the work: the request closes.
  await expect(tenant.detail).toHaveAttribute('data-status', 'completed');
  const rate = page.getByTestId('rate-card');
  // The fourth star: Mantine's Rating is a radio per value (named by it) under a star drawn as its label.
  const fourth = rate.getByRole('radio', { name: '4', exact: true });
  await rate.locator(`label[for="${await fourth.getAttribute('id')}"]`).click();
  await expect(fourth).toBeChecked();
  await rate.getByLabel('Comment (optional)').fill('Quick and tidy, thank you.');
  await rate.getByRole('button', { name: 'Send rating' }).click();
  await expect(page.getByTestId('request-notice')).toHaveText('Thank you for your rating. The request is closed.');
  await expect(tenant.detail).toHaveAttribute('data-status', 'closed');
  await expect(page.getByTestId('rate-card')).toHaveCount(0);
  const shown = page.getByTestId('request-rating');
  await expect(shown).toContainText('Quick and tidy, thank you.');
  await expect(shown.getByLabel('4 stars')).toBeVisible();
  await notReloaded();
  await expect(tenant.entries).toHaveText([
    /^Request sent by You/,
    new RegExp(`^A technician was assigned${E2E_JOURNEY.vendor.company}`),
    /^Status: Reviewed/,
    /^Status: Scheduled/,
    /^Status: In progress/,
    /^Status: Completed/,
    /^Rated 4\/5Quick and tidy, thank you\./,
    /^Status: Closed/,
  ]);

  // The admin's request page, left on the work order's, shows it closed too.
  await admin.goto(`/admin/maintenance/${requestId}`);
  await expect(admin.getByTestId('request-detail')).toHaveAttribute('data-status', 'closed');
  await expect(admin.getByTestId('work-order').getByTestId('work-order-status')).toHaveText('Completed');
  await adminContext.close();
});
