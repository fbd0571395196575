/**
 * Security headers and checks as a browser meets them: the CSP nonce on every inline script and
 * no CSP violation on the main pages, the hardening headers, the foreign-origin refusal, the
 * paste guard (spec §5) with its audit report, and private caching for signed-in pages.
 */
import type { Page } from '@playwright/test';
import { expect, signInAs, test, waitForHydration } from './fixtures';

/** Collects CSP violations on `page`: console messages and `securitypolicyviolation` events. */
async function watchCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(`event: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation;
      void report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  return violations;
}

test('every script of the server-rendered page carries the nonce of the response’s CSP header', async ({ page }) => {
  const response = await page.request.get('/');
  expect(response.status()).toBe(200);
  const policy = response.headers()['content-security-policy'] ?? '';
  const nonce = policy.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce, `nonce in "${policy}"`).toBeTruthy();
  expect(policy).toContain(`object-src 'none'`);
  expect(policy).toContain(`base-uri 'none'`);
  expect(policy).toContain(`frame-ancestors 'none'`);
  expect(policy.match(/script-src [^;]*/)?.[0]).not.toContain('unsafe-inline');

  const html = await response.text();
  // JSON-LD blocks (decision 025) are data, never run, so the CSP does not apply to them.
  const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('type="application/ld+json"'));
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag, tag).toContain(`nonce="${nonce}"`);

  // A new render, a new nonce. (An anonymous public page may be a replay of the HTML cache,
  // bytes and CSP header together — decision 031; the sign-in page is never cached.)
  const nonceOf = (value: string | undefined) => value?.match(/'nonce-([^']+)'/)?.[1];
  const first = await page.request.get('/auth');
  const second = await page.request.get('/auth');
  expect(nonceOf(first.headers()['content-security-policy'])).toBeTruthy();
  expect(nonceOf(second.headers()['content-security-policy'])).not.toBe(nonceOf(first.headers()['content-security-policy']));
});

test('the home page, the listings and the sign-in page load without any CSP violation', async ({ page }) => {
  const violations = await watchCspViolations(page);
  for (const path of ['/', '/properties', '/auth']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await waitForHydration(page);
  }
  // Client-side navigation loads route modules after hydration: also within the policy.
  await page.goto('/');
  await waitForHydration(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('responses carry nosniff, a referrer policy and frame denial', async ({ page }) => {
  const response = await page.request.get('/properties');
  const headers = response.headers();
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBeTruthy();
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-powered-by']).toBeUndefined();
});

test('a form post from a foreign origin is refused with 403 and saves nothing', async ({ page }) => {
  const response = await page.request.post('/contact', {
    headers: { Origin: 'https://evil.example' },
    form: { name: 'Eve', email: 'eve@evil.example', topic: 'leasing', message: 'Forged from another site' },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(await response.text()).toBe('Cross-origin request refused');
});

test('pasting a script into the contact form is blocked, shown as a security warning and reported', async ({ page }) => {
  await page.goto('/contact');
  await waitForHydration(page);
  const message = page.locator('textarea[name="message"]');
  await message.click();

  const reported = page.waitForResponse(
    (response) => response.url().endsWith('/api/security-events') && response.request().method() === 'POST',
  );
  const prevented = await message.evaluate((field, text) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/plain', text);
    const event = new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true });
    field.dispatchEvent(event);
    return event.defaultPrevented;
  }, '<script>alert(1)</script>');
  expect(prevented).toBe(true);
  await expect(message).toHaveValue('');

  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Security Warning' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('Potentially harmful content detected and blocked.');

  const response = await reported;
  expect(response.status()).toBe(202);
  expect(response.request().postDataJSON()).toEqual({ sample: '<script>alert(1)</script>', field: 'message', path: '/contact' });
});

test('a real keyboard paste: harmful text never reaches the field, ordinary text does', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/contact');
  await waitForHydration(page);
  const name = page.locator('input[name="name"]');
  await name.click();

  const reported = page.waitForResponse((response) => response.url().endsWith('/api/security-events'));
  await page.evaluate(() => navigator.clipboard.writeText('<img src=x onerror=alert(document.cookie)>'));
  await page.keyboard.press('ControlOrMeta+V');
  expect((await reported).status()).toBe(202);
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: 'Security Warning' })).toBeVisible();
  await expect(name).toHaveValue('');

  await page.evaluate(() => navigator.clipboard.writeText('Ada Lovelace'));
  await page.keyboard.press('ControlOrMeta+V');
  await expect(name).toHaveValue('Ada Lovelace');
});

test('pages seen with a session are never cached', async ({ page }) => {
  const anonymous = await page.request.get('/');
  expect(anonymous.headers()['cache-control'] ?? '').not.toContain('no-store');
  await signInAs(page, 'tenant');
  for (const path of ['/', '/dashboard']) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    expect(response.headers()['cache-control'], path).toBe('no-store');
  }
});

test('a body that is not a form answers 400, an oversized body 413, and neither is a server error', async ({ page }) => {
  const plain = await page.request.post('/auth', { headers: { 'content-type': 'text/plain' }, data: 'intent=sign-in', maxRedirects: 0 });
  expect(plain.status()).toBe(400);
  const json = await page.request.post('/contact', { data: { name: 'x' }, maxRedirects: 0 });
  expect(json.status()).toBe(400);
  const huge = await page.request.post('/contact', { form: { message: 'x'.repeat(1_100_000) }, maxRedirects: 0 });
  expect(huge.status()).toBe(413);
});
