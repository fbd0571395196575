/**
 * Decision 036: a page's scripts start downloading after its first paint
 * (app/server/paint-first-scripts.server.ts), and the page still hydrates and navigates.
 */
import { expect, test, waitForHydration } from './fixtures';

for (const path of ['/', '/properties', '/auth']) {
  test(`${path}: no script is fetched before the first paint, and the page hydrates`, async ({ page }) => {
    await page.goto(path);
    await waitForHydration(page);
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
        .map((entry) => ({ name: entry.name, start: entry.startTime })),
    }));
    // The server's HTML starts no script download of its own (the client adds preloads once hydrated).
    const html = await (await page.request.get(path)).text();
    expect(html).not.toContain('rel="modulepreload"');
    expect(html).toContain("observe({ type: 'paint' })");
    expect(timing.firstPaint, 'a first paint was recorded').not.toBeNull();
    expect(timing.scripts.length).toBeGreaterThan(2);
    for (const script of timing.scripts) expect(script.start, script.name).toBeGreaterThanOrEqual(timing.firstPaint!);
  });
}

test('after hydration a link navigates in the browser, without a new document', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await page.getByTestId('featured-listings').getByTestId('listing-title').first().click();
  await expect(page).toHaveURL(/\/property\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
});
