import AxeBuilder from '@axe-core/playwright';
import { expect, test, waitForHydration } from './fixtures';

const PAGES = ['/', '/properties', '/about', '/contact', '/gallery', '/vendor-signup', '/subscriptions', '/services', '/amenities'];

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    for (const path of PAGES) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
        await page.goto(path);
        await waitForHydration(page);
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const serious = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map(
            (v) =>
              `${v.id}: ${v.nodes
                .slice(0, 3)
                .map((n) => n.target.join(' '))
                .join(' | ')}`,
          );
        expect(serious).toEqual([]);
      });
    }
  });
}

test('a property page is accessible too', async ({ page }) => {
  await page.goto('/properties');
  await page.getByTestId('listing-title').first().click();
  await waitForHydration(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
});
