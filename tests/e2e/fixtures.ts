/**
 * Shared Playwright fixtures: by default the visitor has already answered the cookie banner (so
 * it does not cover the page), reads English, and poses as its own client address (the e2e
 * server trusts X-Forwarded-For from loopback), so server-side rate limits count each test
 * apart. Tests that need otherwise say so.
 */
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Role } from '../../app/lib/access';
import { base32Of, TEST_TOTP_KEY, totpNow } from '../setup/totp';
import { E2E_BACKUP_CODE_COUNT, E2E_USERS, e2eBackupCode, hasE2eBackupCodes } from './users';

type Options = { consented: boolean; language: 'en' | 'it'; clientIp: string };

function randomClientIp(): string {
  const part = () => Math.floor(Math.random() * 250) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

const CONSENT = JSON.stringify({ necessary: true, analytics: false, marketing: false, preferences: false });

/** Sets a context up as the fixtures do: its client address, language and (answered) cookie banner. */
async function prepareContext(
  context: BrowserContext,
  { baseURL, language, consented, clientIp }: Options & { baseURL: string | undefined },
) {
  const url = baseURL ?? 'http://127.0.0.1:3210';
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientIp === 'random' ? randomClientIp() : clientIp });
  const cookies: Array<{ name: string; value: string; url: string }> = [{ name: 'language', value: language, url }];
  if (consented) {
    cookies.push({ name: 'cookie-consent', value: encodeURIComponent(CONSENT), url });
    await context.addInitScript((value) => window.localStorage.setItem('cookie-consent', value), CONSENT);
  }
  await context.addCookies(cookies);
}

export const test = base.extend<Options>({
  consented: [true, { option: true }],
  language: ['en', { option: true }],
  // 'random': a fresh address per test; set a fixed one to share a rate-limit bucket.
  clientIp: ['random', { option: true }],
  context: async ({ context, consented, language, baseURL, clientIp }, use) => {
    await prepareContext(context, { baseURL, language, consented, clientIp });
    await use(context);
  },
});

/** A second browser (its own cookies and client address), set up like the fixtures' first one; English. */
export async function newClientContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL });
  await prepareContext(context, { baseURL, language: 'en', consented: true, clientIp: 'random' });
  return context;
}

export { expect };

/** Waits until React has hydrated, so client-side handlers are attached. */
export async function waitForHydration(page: Page) {
  // The page, and its code-split parts (app/lib/lazy-part.ts, `data-part-hydrated`) too.
  await page.waitForFunction(
    () => document.documentElement.dataset.hydrated === 'true' && !document.querySelector('[data-part-hydrated="false"]'),
  );
}

/** Backup codes this worker has sent (`pickBackupCode` does not send one twice). */
const sentBackupCodes = new Set<string>();

/** A backup code of the seeded staff account `email` this worker has not sent yet, at random. */
function pickBackupCode(email: string): string {
  for (;;) {
    const code = e2eBackupCode(email, Math.floor(Math.random() * E2E_BACKUP_CODE_COUNT));
    if (!sentBackupCodes.has(code)) {
      sentBackupCodes.add(code);
      return code;
    }
  }
}

/**
 * Signs the page's browser context in with `account` by posting the /auth sign-in form (the page's
 * own action). An account with two-factor sign-in answers 200 with the second step, posted as the
 * page's second form does: the seeded admin and manager with one of their backup codes (each
 * works once; the server takes each TOTP step only once per account, decision 023, and these
 * two sign in far more often), another account with the current code of `totpKey` (default:
 * the test key). A backup code another worker sent first (401), or one refused because another
 * worker changed the account's codes at the same moment (410, the challenge is dropped), is
 * followed by another code, at most three times.
 */
export async function signInWith(page: Page, account: { email: string; password: string; totpKey?: string }) {
  const useBackupCodes = !account.totpKey && hasE2eBackupCodes(account.email);
  let challenged = false;
  for (let attempt = 1; ; attempt += 1) {
    if (!challenged) {
      const response = await page.request.post('/auth', {
        form: { intent: 'sign-in', email: account.email, password: account.password },
        maxRedirects: 0,
      });
      if (response.status() !== 200) {
        expect(response.status(), `sign-in as ${account.email}`).toBe(303);
        return;
      }
      challenged = true;
    }
    const second = await page.request.post('/auth', {
      form: useBackupCodes
        ? { intent: 'two-factor', method: 'backup_code', code: pickBackupCode(account.email) }
        : { intent: 'two-factor', method: 'totp', code: totpNow(base32Of(account.totpKey ?? TEST_TOTP_KEY)) },
      maxRedirects: 0,
    });
    if (second.status() === 303) return;
    if (!useBackupCodes || attempt >= 3 || ![401, 410].includes(second.status())) {
      expect(second.status(), `second sign-in step as ${account.email}`).toBe(303);
      return;
    }
    challenged = second.status() === 401;
  }
}

/** Signs the page's browser context in as the e2e account of `role`, without driving the UI. */
export async function signInAs(page: Page, role: Role) {
  await signInWith(page, E2E_USERS[role]);
}

/** A second browser (its own cookies, see `newClientContext`) with one page, signed in as `role`. */
export async function signedInBrowser(browser: Browser, baseURL: string, role: Role): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newClientContext(browser, baseURL);
  const page = await context.newPage();
  await signInAs(page, role);
  return { context, page };
}
