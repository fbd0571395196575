/**
 * Issue 13 item 9: the floating side-menu button and the chat bubble never cover a title, a price
 * or a form control. On the main pages at 375, 768 and 1280 px, with the page scrolled to the top
 * and to the bottom, no h1–h3, listing or unit price, or form control (input, select, textarea,
 * button other than the floating ones) inside the viewport has a bounding box that overlaps
 * either floating control's box. Also checks that the heading font (Source Serif 4, self-hosted)
 * is the one the headings use, and that the page preloads it.
 */
import type { Page } from '@playwright/test';
import { expect, signInAs, test, waitForHydration } from './fixtures';

const WIDTHS = [
  { width: 375, height: 667 },
  { width: 768, height: 1024 },
  { width: 1280, height: 800 },
] as const;

type Box = { x: number; y: number; width: number; height: number };
type Overlap = { control: string; element: string; box: Box; controlBox: Box };

/**
 * Scrolls to `position`, then answers every overlap between a floating control and a heading,
 * a price or a form control inside the viewport. Also answers how many elements it checked and
 * which floating controls it found, so that an empty page cannot pass.
 */
async function overlapsAt(page: Page, position: 'top' | 'bottom'): Promise<{ overlaps: Overlap[]; checked: number; controls: string[] }> {
  return page.evaluate((where) => {
    // html has `scroll-behavior: smooth`: jump, do not animate.
    window.scrollTo({ top: where === 'top' ? 0 : document.documentElement.scrollHeight, behavior: 'instant' });
    const floating = [
      { name: 'side-menu-toggle', element: document.querySelector<HTMLElement>('[data-testid="side-menu-toggle"]') },
      { name: 'chat-bubble', element: document.querySelector<HTMLElement>('[data-testid="chat-bubble"]') },
    ].filter((entry): entry is { name: string; element: HTMLElement } => entry.element !== null);
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      const rect = element.getBoundingClientRect();
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0 && rect.width > 0 && rect.height > 0;
    };
    const inViewport = (rect: DOMRect) => rect.bottom > 0 && rect.top < window.innerHeight && rect.right > 0 && rect.left < window.innerWidth;
    const selector = [
      'h1',
      'h2',
      'h3',
      '[data-testid="listing-price"]',
      '[data-testid="property-price"]',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'button',
    ].join(',');
    const targets = [...document.querySelectorAll(selector)].filter(
      (element) => !floating.some(({ element: control }) => control === element || control.contains(element) || element.contains(control)) && !element.closest('[data-testid="side-menu"]') && visible(element) && inViewport(element.getBoundingClientRect()),
    );
    const describe = (element: Element) => {
      const testId = element.getAttribute('data-testid');
      const text = (element.textContent ?? '').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${testId ? `[data-testid=${testId}]` : ''}${element.getAttribute('name') ? `[name=${element.getAttribute('name')}]` : ''} "${text}"`;
    };
    const box = (rect: DOMRect) => ({ x: Math.round(rect.x), y: Math.round(rect.y), width: Math.round(rect.width), height: Math.round(rect.height) });
    const overlaps = [];
    for (const { name, element: control } of floating) {
      const c = control.getBoundingClientRect();
      for (const target of targets) {
        const r = target.getBoundingClientRect();
        // Touching edges are fine; a shared area of at least 1 px² is not.
        const width = Math.min(c.right, r.right) - Math.max(c.left, r.left);
        const height = Math.min(c.bottom, r.bottom) - Math.max(c.top, r.top);
        if (width >= 1 && height >= 1) overlaps.push({ control: name, element: describe(target), box: box(r), controlBox: box(c) });
      }
    }
    return { overlaps, checked: targets.length, controls: floating.map(({ name }) => name) };
  }, position);
}

async function expectNothingCovered(page: Page, path: string, expectedControls: readonly string[]) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  await waitForHydration(page);
  // The heading font may move text when it swaps in: measure with the final layout.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  for (const position of ['top', 'bottom'] as const) {
    const { overlaps, checked, controls } = await overlapsAt(page, position);
    expect(controls, `${path}: floating controls`).toEqual(expectedControls);
    expect(checked, `${path} at the ${position}: elements checked`).toBeGreaterThan(0);
    expect(overlaps, `${path} at the ${position}, ${page.viewportSize()?.width} px`).toEqual([]);
  }
}

/** A unit the listing shows (its first card). */
async function firstUnitPath(page: Page): Promise<string> {
  await page.goto('/properties');
  const href = await page.getByTestId('listing-card').first().locator('a[href^="/property/"]').first().getAttribute('href');
  expect(href).toMatch(/^\/property\/\d+$/);
  return href!;
}

const PUBLIC_PATHS = ['/', '/properties', '/about', '/contact', '/auth'];
const BOTH = ['side-menu-toggle', 'chat-bubble'];

for (const size of WIDTHS) {
  test.describe(`floating controls at ${size.width} px`, () => {
    test.use({ viewport: size });

    test('cover no heading, price or form control on the public pages', async ({ page }) => {
      test.setTimeout(120_000);
      const unit = await firstUnitPath(page);
      for (const path of [...PUBLIC_PATHS, unit]) await expectNothingCovered(page, path, BOTH);
    });

    test('cover nothing on the tenant portal', async ({ page }) => {
      test.setTimeout(60_000);
      await signInAs(page, 'tenant');
      await expectNothingCovered(page, '/tenant-portal', BOTH);
    });
  });
}

test('headings use the self-hosted Source Serif 4, preloaded', async ({ page }) => {
  const fontRequests: string[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.woff2')) fontRequests.push(`${response.status()} ${new URL(response.url()).pathname}`);
  });
  await page.goto('/about');
  const preload = page.locator('link[rel="preload"][as="font"]');
  await expect(preload).toHaveCount(1);
  await expect(preload).toHaveAttribute('type', 'font/woff2');
  await expect(preload).toHaveAttribute('crossorigin', 'anonymous');
  const href = await preload.getAttribute('href');
  expect(href).toMatch(/^\/assets\/source-serif-4-latin-wght-normal-[\w-]+\.woff2$/);
  const family = await page.getByRole('heading', { level: 1 }).evaluate((element) => getComputedStyle(element).fontFamily);
  expect(family).toMatch(/^"Source Serif 4 Variable"/);
  // The face is loaded (not a fallback) and came from this site.
  await expect
    .poll(() => page.evaluate(() => [...document.fonts].some((face) => face.family.replace(/"/g, '') === 'Source Serif 4 Variable' && face.status === 'loaded')))
    .toBe(true);
  await expect.poll(() => fontRequests).toContain(`200 ${href}`);
});
