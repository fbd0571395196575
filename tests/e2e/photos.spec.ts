/**
 * Photo uploads in Chromium (decision 017): an admin drops several photos on a unit's
 * dropzone (one is an HTML page named .jpg and is refused next to its name), watches them go
 * through the queue, moves one with the keyboard, makes another the cover, publishes the unit,
 * and a visitor sees that cover first on /properties and on the property page, in responsive
 * WebP; a property manager adds a photo to their own building and deletes it after confirming,
 * and another building answers 404; axe in both themes and a phone width.
 */
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, newClientContext, signInAs, test, waitForHydration } from './fixtures';
import { expectAccessible } from './page-checks';

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A 1,600 × 1,200 JPEG of one colour with some grain. */
async function photo(name: string, colour: string) {
  const buffer = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: colour, noise: { type: 'gaussian', mean: 100, sigma: 20 } },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

/** Posts a back-office form as the signed-in page; answers the id in the redirect. */
async function created(page: Page, path: string, form: Record<string, string>, pattern: RegExp): Promise<number> {
  const response = await page.request.post(path, { form, maxRedirects: 0 });
  expect(response.status(), path).toBe(303);
  return Number(pattern.exec(response.headers().location ?? '')?.[1]);
}

/** The photos of the manager as shown, by their URLs. */
async function order(page: Page): Promise<string[]> {
  return page.getByTestId('photo-card').evaluateAll((cards) => cards.map((card) => (card as HTMLElement).dataset.photo ?? ''));
}

test('an admin uploads and orders a unit’s photos, publishes it, and a visitor sees the chosen cover first', async ({
  page,
  browser,
  baseURL,
}) => {
  // A long journey (three uploads re-encoded by sharp, two browsers) sharing 2 cores with the
  // other worker's uploads: about 18 s alone, over 30 s beside it.
  test.slow();
  await signInAs(page, 'admin');
  const name = unique('Photo Test Lofts');
  const title = unique('Sunny two-bedroom');
  const buildingId = await created(
    page,
    '/admin/properties/new',
    { intent: 'create-building', name, streetAddress: '12 Gallery Row', city: 'Boise', state: 'ID', zipCode: '83702' },
    /properties\/(\d+)/,
  );
  const unitId = await created(
    page,
    `/admin/properties/${buildingId}/units/new`,
    {
      intent: 'create-unit',
      unitNumber: '2B',
      title,
      description: 'Two bedrooms with morning light.',
      price: '1935',
      bedrooms: '2',
      bathrooms: '1',
      squareFeet: '880',
      maxOccupants: '3',
      propertyType: 'apartment',
      status: 'available',
    },
    /units\/(\d+)/,
  );

  await page.goto(`/admin/properties/${buildingId}/units/${unitId}`);
  await waitForHydration(page);
  const manager = page.getByTestId('photo-manager');
  await expect(manager.getByTestId('photos-empty')).toBeVisible();
  await expect(manager.getByTestId('photo-count')).toHaveText('0 of 20 photos');

  const files = [await photo('kitchen.jpg', '#c0392b'), await photo('bedroom.jpg', '#27ae60'), await photo('balcony.jpg', '#2980b9')];
  await manager
    .getByTestId('photo-input')
    .setInputFiles([
      ...files,
      { name: 'page.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') },
    ]);
  // One at a time, in order: the later files wait with their progress bars.
  await expect(manager.getByTestId('upload-progress').first()).toBeVisible();
  const refused = manager.getByTestId('upload-item').filter({ hasText: 'page.jpg' });
  await expect(refused.getByTestId('upload-error')).toHaveText('Only JPEG, PNG, WebP, HEIC and AVIF images.');
  await expect(manager.getByTestId('photo-card')).toHaveCount(3);
  await expect(manager.getByTestId('photo-count')).toHaveText('3 of 20 photos');
  // Only the refused file is left in the queue, until dismissed.
  await expect(manager.getByTestId('upload-item')).toHaveCount(1);
  await refused.getByRole('button', { name: 'Dismiss page.jpg' }).click();
  await expect(manager.getByTestId('upload-queue')).toHaveCount(0);

  const [kitchen, bedroom, balcony] = await order(page);
  expect([kitchen, bedroom, balcony].every((url) => /^\/media\/photos\/[0-9a-f]{2}\/[0-9a-f]{32}-1200\.webp$/.test(url ?? ''))).toBe(true);
  await expect(manager.getByTestId('photo-card').first().getByTestId('photo-cover')).toBeVisible();

  // Keyboard: move the first photo later; focus follows it.
  await manager.getByRole('button', { name: 'Move photo 1 later' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => order(page)).toEqual([bedroom, kitchen, balcony]);
  await expect(manager.getByRole('button', { name: 'Move photo 2 later' })).toBeFocused();
  await expect(page.getByTestId('photo-toast').last()).toContainText('Order saved.');

  // The balcony becomes the cover.
  await manager.getByRole('button', { name: 'Make photo 3 the cover' }).click();
  await expect.poll(() => order(page)).toEqual([balcony, bedroom, kitchen]);
  await expect(page.getByTestId('photo-toast').last()).toContainText('Cover changed.');
  await page.reload();
  await waitForHydration(page);
  expect(await order(page)).toEqual([balcony, bedroom, kitchen]);

  // Publish the unit.
  const form = page.getByTestId('unit-form');
  await form.getByTestId('unit-listed-switch').check();
  await form.getByTestId('unit-submit').click();
  await expect(page.getByTestId('portfolio-toast').last()).toContainText('Saved.');

  // A visitor sees the cover on the listing card and first on the property page, with its widths.
  const visitor = await newClientContext(browser, baseURL);
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/properties?location=Boise%2C+ID&minPrice=1935&maxPrice=1935');
  const card = visitorPage.getByTestId('listing-card').filter({ hasText: title });
  await expect(card.locator('img')).toHaveAttribute('src', balcony!);
  await card.getByTestId('listing-title').click();
  await expect(visitorPage).toHaveURL(new RegExp(`/property/${unitId}$`));
  const first = visitorPage.getByRole('img', { name: /photo 1 of 3/i });
  await expect(first).toHaveAttribute('src', balcony!);
  await expect(first).toHaveAttribute(
    'srcset',
    `${balcony!.replace('-1200', '-400')} 400w, ${balcony!.replace('-1200', '-800')} 800w, ${balcony} 1200w`,
  );
  const image = await visitorPage.request.get(balcony!);
  expect([
    image.status(),
    image.headers()['content-type'],
    image.headers()['x-content-type-options'],
    image.headers()['cache-control'],
  ]).toEqual([200, 'image/webp', 'nosniff', 'public, max-age=31536000, immutable']);
  await visitor.close();
});

test('a property manager adds a photo to their own building and deletes it after confirming; another building is not found', async ({
  page,
}) => {
  await signInAs(page, 'property_manager');
  await page.goto('/dashboard');
  await waitForHydration(page);
  await page.getByTestId('manager-portfolio').getByRole('link', { name: 'E2E Review Court 2' }).click();
  await expect(page).toHaveURL(/\/dashboard\/buildings\/\d+$/);
  await waitForHydration(page);
  const manager = page.getByTestId('photo-manager');
  const before = await order(page);
  await manager.getByTestId('photo-input').setInputFiles([await photo('lobby.jpg', '#8e44ad')]);
  await expect(manager.getByTestId('photo-card')).toHaveCount(before.length + 1);
  const added = (await order(page)).at(-1)!;
  expect(before).not.toContain(added);

  const last = manager.getByTestId('photo-card').last();
  await last.getByRole('button', { name: `Delete photo ${before.length + 1}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this photo?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(manager.getByTestId('photo-card')).toHaveCount(before.length + 1);
  await last.getByRole('button', { name: `Delete photo ${before.length + 1}` }).click();
  await dialog.getByTestId('photo-delete-confirm').click();
  await expect(page.getByTestId('photo-toast').last()).toContainText('Photo deleted.');
  await expect.poll(() => order(page)).toEqual(before);
  expect((await page.request.get(added)).status()).toBe(404);

  // Building 1 belongs to a demo manager: uploading there is not found.
  const foreign = await page.request.post('/api/photos/building/1/upload', { multipart: { photos: await photo('x.jpg', '#000000') } });
  expect(foreign.status()).toBe(404);
  expect((await foreign.json()) as unknown).toMatchObject({ ok: false, code: 'not_found' });
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the photo manager passes axe in the ${scheme} theme, with a refused file in its queue`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    await signInAs(page, 'admin');
    await page.goto('/admin/properties/1/units/1');
    await waitForHydration(page);
    const manager = page.getByTestId('photo-manager');
    await manager
      .getByTestId('photo-input')
      .setInputFiles([{ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just text') }]);
    await expect(manager.getByTestId('upload-error')).toBeVisible();
    await expectAccessible(page);
  });
}

test('the photo manager fits a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs(page, 'admin');
  await page.goto('/admin/properties/1');
  await waitForHydration(page);
  await page.getByTestId('photo-manager').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('photo-dropzone')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a plain form uploads a photo and the page says so', async ({ page }) => {
    await signInAs(page, 'admin');
    await page.goto('/admin/properties/2');
    const manager = page.getByTestId('photo-manager');
    const before = await manager.getByTestId('photo-card').count();
    await expect(page.getByTestId('photo-dropzone')).toBeHidden();
    const form = page.getByTestId('photo-plain-form');
    await form.locator('input[type="file"]').setInputFiles([await photo('plain.jpg', '#16a085')]);
    await form.getByRole('button', { name: 'Upload photos' }).click();
    await expect(page).toHaveURL(/\/admin\/properties\/2\?photos=upload#photos$/);
    await expect(page.getByTestId('photo-outcome')).toHaveText('The photos were added.');
    await expect(manager.getByTestId('photo-card')).toHaveCount(before + 1);
  });
});
