import { expect, test, waitForHydration } from './fixtures';
import { expectAccessible, seriousAxeViolations } from './page-checks';

const PAGES = ['/', '/properties', '/about', '/contact', '/gallery', '/vendor-signup', '/subscriptions', '/services', '/amenities'];

// The page crawl (page-crawl.spec.ts) checks every public page, a property page included, in the
// light theme at desktop width and the dark theme at phone width; this covers dark at desktop width.
test.describe('dark theme', () => {
  for (const path of PAGES) {
    test(`${path} has no serious or critical axe violations`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
      await expectAccessible(page);
    });
  }
});

test('the axe check every page goes through finds what it must: an image without text, grey on white, a nameless button', async ({
  page,
}) => {
  await page.goto('/about');
  await waitForHydration(page);
  await page.evaluate(() => {
    const planted = document.createElement('div');
    planted.innerHTML =
      '<img src="/favicon.ico"><p style="color:#bbbbbb;background:#ffffff">Faint words</p><button type="button"></button>';
    document.querySelector('main')!.append(planted);
  });
  const found = (await seriousAxeViolations(page)).map((line) => line.split(' ')[0]);
  expect(found).toEqual(expect.arrayContaining(['image-alt', 'color-contrast', 'button-name']));
});

test('a text field and a select show a focus ring when reached by keyboard (WCAG 2.4.7)', async ({ page }) => {
  await page.goto('/contact');
  await waitForHydration(page);
  for (const name of ['name', 'email', 'topic']) {
    const field = page.locator(`form [name="${name}"]`).first();
    await field.focus();
    // The ring belongs to the field's visible box: the input itself, or for a select the input beside the hidden value.
    const ring = await page.evaluate(() => {
      const focused = document.activeElement as HTMLElement;
      const box = focused.closest('.mantine-Input-input') ?? focused;
      const style = getComputedStyle(box);
      return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
    });
    expect(ring, name).toEqual({ style: 'solid', width: 2 });
  }
});
