/**
 * Shared Playwright fixtures: by default the visitor has already answered the cookie banner (so
 * it does not cover the page), reads English, and poses as its own client address (the e2e
 * server trusts X-Forwarded-For from loopback), so server-side rate limits count each test
 * apart. Tests that need otherwise say so.
 */
import { test as base, expect, type Page } from '@playwright/test';
import type { Role } from '../../app/lib/access';
import { E2E_USERS } from './users';

type Options = { consented: boolean; language: 'en' | 'it'; clientIp: string };

function randomClientIp(): string {
  const part = () => Math.floor(Math.random() * 250) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

export const test = base.extend<Options>({
  consented: [true, { option: true }],
  language: ['en', { option: true }],
  // 'random': a fresh address per test; set a fixed one to share a rate-limit bucket.
  clientIp: ['random', { option: true }],
  context: async ({ context, consented, language, baseURL, clientIp }, use) => {
    const url = baseURL ?? 'http://127.0.0.1:3210';
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp === 'random' ? randomClientIp() : clientIp });
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

/**
 * Signs the page's browser context in as the e2e account of `role` by posting the /auth
 * sign-in form (the same action the page uses), without driving the UI.
 */
export async function signInAs(page: Page, role: Role) {
  const account = E2E_USERS[role];
  const response = await page.request.post('/auth', {
    form: { intent: 'sign-in', email: account.email, password: account.password },
    maxRedirects: 0,
  });
  expect(response.status(), `sign-in as ${role}`).toBe(303);
}
