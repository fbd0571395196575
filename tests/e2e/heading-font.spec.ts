/**
 * Decision 034: the headings use the self-hosted heading font (Source Serif 4, served from
 * this site, `font-display: swap`), and every page preloads its latin file.
 */
import { expect, test } from './fixtures';

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
  expect(href).toMatch(/^\/assets\/source-serif-4-latin-600-normal-[\w-]+\.woff2$/);
  const family = await page.getByRole('heading', { level: 1 }).evaluate((element) => getComputedStyle(element).fontFamily);
  expect(family).toMatch(/^"Source Serif 4"/);
  // The face is loaded (not a fallback) and came from this site.
  await expect
    .poll(() =>
      page.evaluate(() =>
        [...document.fonts].some(
          (face) => face.family.replace(/"/g, '') === 'Source Serif 4' && face.weight === '600' && face.status === 'loaded',
        ),
      ),
    )
    .toBe(true);
  await expect.poll(() => fontRequests).toContain(`200 ${href}`);
});
