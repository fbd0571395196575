/**
 * Shared Playwright fixtures: by default the visitor has already answered the cookie banner (so
 * it does not cover the page) and reads English; tests that need otherwise say so.
 */
import { test as base, expect, type Page } from '@playwright/test';

type Options = { consented: boolean; language: 'en' | 'it' };

export const test = base.extend<Options>({
  consented: [true, { option: true }],
  language: ['en', { option: true }],
  context: async ({ context, consented, language, baseURL }, use) => {
    const url = baseURL ?? 'http://127.0.0.1:3210';
    const cookies: Array<{ name: string; value: string; url: string }> = [{ name: 'language', value: language, url }];
    if (consented) {
      const consent = JSON.stringify({ necessary: true, analytics: false, marketing: false, preferences: false });
      cookies.push({ name: 'cookie-consent', value: encodeURIComponent(consent), url });
      await context.addInitScript((value) => window.localStorage.setItem('cookie-consent', value), consent);
    }
    await context.addCookies(cookies);
    await use(context);
  },
});

export { expect };

/** Waits until React has hydrated, so client-side handlers are attached. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}
