/**
 * Decision 036: an anonymous visitor's public page blocks its first paint on the Mantine
 * stylesheets it uses only (app/lib/mantine-public-styles.ts); the whole of Mantine's CSS follows
 * once the page is interactive; every other page, and a signed-in user's, links it in the head.
 *
 * The first test is the guard of the generated list: it fails when a public page starts using a
 * Mantine component whose stylesheet is not in it (then run `node scripts/public-css.mjs`).
 */
import type { Page } from '@playwright/test';
import { expect, signInAs, test, waitForHydration } from './fixtures';
import { PUBLIC_PATHS } from './public-pages';

const MANTINE_CLASS = /\bm_[0-9a-f]{8}\b/g;
/** The whole stylesheets' file names (Vite keeps the source name: `styles.layer-<hash>.css`). */
const FULL_STYLESHEET = /\/assets\/styles\.layer-[\w-]+\.css$/;

// The two form pages (subscriptions, vendor sign-up) link the whole stylesheet in the head, as
// every page outside the light set of decision 036 does.
const PUBLIC_PAGES = [
  ...PUBLIC_PATHS.filter((path) => path !== '/subscriptions' && path !== '/vendor-signup'),
  '/properties?page=2',
  '/properties?minPrice=1500&maxPrice=1600',
  '/properties?location=Nowhere%20Town',
  '/property/999999999',
];

/** The render-blocking stylesheets linked by a server-rendered page (outside `<noscript>`). */
function blockingStylesheets(html: string): string[] {
  const head = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  return [...head.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].map((match) => /href="([^"]+)"/.exec(match[0])![1]!);
}

async function firstListingPath(page: Page): Promise<string> {
  const html = await (await page.request.get('/properties')).text();
  const match = /href="(\/property\/\d+)"/.exec(html);
  expect(match, 'a listing on /properties').not.toBeNull();
  return match![1]!;
}

test('every Mantine class of an anonymous public page is styled by its render-blocking stylesheets', async ({ page }) => {
  const pages = [...PUBLIC_PAGES, await firstListingPath(page)];
  const stylesheetText = new Map<string, string>();
  for (const path of pages) {
    // In both languages; in Italian with the side menu left open and the dark theme (cookies).
    for (const [lang, cookie] of [
      ['en', ''],
      ['it', 'sidebar_state=true; theme=dark'],
    ] as const) {
      // Canonical URLs only (decision 053): a redirect would not carry the cookie header given here.
      const response = await page.request.get(`${path}${path.includes('?') ? '&' : '?'}lang=${lang}`, {
        headers: cookie ? { cookie } : {},
        maxRedirects: 0,
      });
      expect([200, 404], `${path}: answered, not redirected`).toContain(response.status());
      const html = await response.text();
      if (cookie) expect(html, `${path}: the open side menu, server-rendered`).toContain('data-testid="side-menu-panel"');
      const links = blockingStylesheets(html);
      expect(
        links.some((href) => FULL_STYLESHEET.test(href)),
        `${path}: the whole Mantine stylesheet is not render-blocking`,
      ).toBe(false);
      let css = '';
      for (const href of links) {
        if (!stylesheetText.has(href)) stylesheetText.set(href, await (await page.request.get(href)).text());
        css += stylesheetText.get(href);
      }
      const used = new Set(html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '').match(MANTINE_CLASS) ?? []);
      expect(used.size, `${path}: Mantine classes in the page`).toBeGreaterThan(3);
      const unstyled = [...used].filter((name) => !css.includes(`.${name}`));
      expect(unstyled, `${path} (${lang}): classes without a rule in the first paint's stylesheets`).toEqual([]);
    }
  }
});

test('the whole Mantine stylesheet arrives once the public page is interactive, and what opens then is styled', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  // Both whole stylesheets, added by the page and loaded.
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            [...document.styleSheets].filter(
              (sheet) =>
                /\/assets\/styles\.layer-[\w-]+\.css$/.test(sheet.href ?? '') &&
                (sheet.ownerNode as Element | null)?.hasAttribute('data-mantine-styles') &&
                sheet.cssRules.length > 0,
            ).length,
        ),
      { timeout: 15_000 },
    )
    .toBe(2);
  // The side menu opened: every Mantine class then in the page has a rule in the loaded sheets.
  await page.getByTestId('side-menu-toggle').click();
  await expect(page.getByTestId('side-menu-panel')).toBeVisible();
  const unstyled = await page.evaluate(() => {
    const selectors: string[] = [];
    const collect = (rules: CSSRuleList) => {
      for (const rule of rules) {
        if (rule instanceof CSSStyleRule) selectors.push(rule.selectorText);
        if ('cssRules' in rule) collect((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of document.styleSheets) collect(sheet.cssRules);
    const text = selectors.join(' ');
    const used = new Set(document.body.innerHTML.match(/\bm_[0-9a-f]{8}\b/g) ?? []);
    return [...used].filter((name) => !text.includes(`.${name}`));
  });
  expect(unstyled).toEqual([]);
});

test('a page outside the public set and a signed-in user block their first paint on the whole stylesheet', async ({ page, request }) => {
  for (const path of ['/auth', '/booking/1']) {
    const html = await (await page.request.get(path)).text();
    expect(
      blockingStylesheets(html).filter((href) => FULL_STYLESHEET.test(href)),
      path,
    ).toHaveLength(2);
  }
  await signInAs(page, 'admin');
  const html = await (await page.request.get('/properties')).text();
  expect(
    blockingStylesheets(html).filter((href) => FULL_STYLESHEET.test(href)),
    'signed-in /properties',
  ).toHaveLength(2);
  // An anonymous visitor's /properties keeps it in <noscript> only (for visitors without JavaScript).
  const anonymous = await (await request.get('/properties')).text();
  expect(anonymous).toMatch(/<noscript><link rel="stylesheet" href="\/assets\/styles\.layer-[\w-]+\.css"\/>/);
});
