/**
 * Decision 034: the floating controls (side-menu button, chat bubble, and the offline badge
 * when it shows) never cover a title, a price or a form control, at 375, 768 and 1280 px.
 *
 * On each main public page, every visible h1/h2, listing or unit price, form control (input,
 * select, textarea, button) and link is scrolled into view as a user would — centred when
 * possible, so an element near the top or the end of the page lands where the page can scroll no
 * further — and its box is compared with every floating control's box at that scroll position.
 * Any shared area ≥ 1 px² fails, naming the page, width, control and element. Elements hidden or
 * clipped away (closed <details>, collapsed panels) are skipped. One page per width; no screenshots. The cookie banner is answered beforehand (fixtures), as a user would.
 */
import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from './fixtures';
import { FLOATING, findOverlaps } from './page-checks';

const WIDTHS = [375, 768, 1280] as const;
const HEIGHT = 800;
const PUBLIC_PATHS = ['/', '/properties', '/about', '/services', '/contact', '/auth'];

/** Opens `path` and fails with every overlap found there, at the page's current width. */
async function expectNothingCovered(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
  // Web fonts may move text when they swap in: measure the final layout.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect(page.getByTestId('chat-bubble')).toBeVisible();
  const { checked, controls, overlaps } = await page.evaluate(findOverlaps, FLOATING);
  const where = `${path} at ${page.viewportSize()?.width} px`;
  expect(controls, `${where}: floating controls found`).toEqual(expect.arrayContaining(['side-menu-toggle', 'chat-bubble']));
  expect(checked, `${where}: elements checked`).toBeGreaterThan(3);
  expect(overlaps, `${where}: floating control over a title, price or control`).toEqual([]);
}

/** A unit of the e2e seed that the listing shows (its first card). */
async function firstUnitPath(page: Page): Promise<string> {
  await page.goto('/properties');
  const href = await page.getByTestId('listing-card').first().locator('a[href^="/property/"]').first().getAttribute('href');
  expect(href).toMatch(/^\/property\/\d+$/);
  return href!;
}

for (const width of WIDTHS) {
  test.describe(`floating controls at ${width} px`, () => {
    test.use({ viewport: { width, height: HEIGHT } });

    test('cover no title, price or form control on the public pages', async ({ page }) => {
      test.setTimeout(90_000);
      const unit = await firstUnitPath(page);
      for (const path of [...PUBLIC_PATHS, unit]) {
        await test.step(path, () => expectNothingCovered(page, path));
      }
    });
  });
}

test.describe('floating controls in Italian, dark theme, at 375 px', () => {
  test.use({ viewport: { width: 375, height: HEIGHT }, language: 'it', colorScheme: 'dark' });

  test('cover no title, price or form control on the listing and sign-in pages', async ({ page }) => {
    test.setTimeout(60_000);
    for (const path of ['/properties', '/contact', '/auth']) {
      await test.step(path, () => expectNothingCovered(page, path));
    }
  });
});
