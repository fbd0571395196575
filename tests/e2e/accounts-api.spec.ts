/**
 * The account surface seen from outside: only the two read-only better-auth endpoints are
 * mounted, no public endpoint can create a user or set a role, and the browser bundle carries no
 * credential or server secret (decision 007).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, signInAs, test } from './fixtures';
import { E2E_USERS } from './users';

test('better-auth answers only its read-only endpoints; sign-up with a role through its API is not there', async ({ page }) => {
  const ok = await page.request.get('/api/auth/ok');
  expect(ok.status()).toBe(200);
  const anonymous = await page.request.get('/api/auth/get-session');
  expect(anonymous.status()).toBe(200);
  expect(await anonymous.json()).toBeNull();

  const signUp = await page.request.post('/api/auth/sign-up/email', {
    data: { email: 'intruder@e2e.dimora.test', password: 'outsider-pass-9', name: 'Intruder', role: 'admin' },
  });
  expect(signUp.status()).toBe(404);
  for (const endpoint of ['/api/auth/sign-in/email', '/api/auth/admin/set-role', '/api/auth/admin/create-user', '/api/auth/sign-out']) {
    expect((await page.request.post(endpoint, { data: {} })).status(), endpoint).toBe(404);
  }

  // The /auth form ignores a role of admin: the registration is refused, nothing is created.
  const registered = await page.request.post('/auth', {
    form: { intent: 'register', email: 'intruder@e2e.dimora.test', password: 'outsider-pass-9', fullName: 'In Truder', role: 'admin' },
    maxRedirects: 0,
  });
  expect(registered.status()).toBe(422);
  const signIn = await page.request.post('/auth', {
    form: { intent: 'sign-in', email: 'intruder@e2e.dimora.test', password: 'outsider-pass-9' },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(401);
});

test('sign-in never redirects off the site, even with characters browsers rewrite', async ({ page }) => {
  for (const redirectTo of ['/\t/evil.example', '//evil.example', 'https://evil.example', '/\\evil.example']) {
    await page.context().clearCookies({ name: 'dimora.session_token' });
    const response = await page.request.post('/auth', {
      form: { intent: 'sign-in', email: E2E_USERS.vendor.email, password: E2E_USERS.vendor.password, redirectTo },
      maxRedirects: 0,
    });
    expect(response.status(), JSON.stringify(redirectTo)).toBe(303);
    expect(response.headers().location, JSON.stringify(redirectTo)).toBe('/');
  }
});

test('the session endpoint reports the signed-in user without token, IP or user agent, and the session cookie is httpOnly and SameSite=Lax', async ({
  page,
  context,
}) => {
  await signInAs(page, 'tenant');
  const session = await page.request.get('/api/auth/get-session');
  const body = (await session.json()) as { user: { email: string; role: string }; session: Record<string, unknown> };
  expect(body.user).toMatchObject({ email: E2E_USERS.tenant.email, role: 'tenant' });
  // Decision 023: page JavaScript never gets the session token, IP address or user agent.
  expect(Object.keys(body.session)).toEqual(expect.arrayContaining(['id', 'expiresAt']));
  for (const field of ['token', 'ipAddress', 'userAgent']) expect(body.session, field).not.toHaveProperty(field);
  expect(session.headers()['cache-control']).toBe('no-store');
  const cookie = (await context.cookies()).find((entry) => entry.name === 'dimora.session_token');
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
});

test('the browser bundle holds no credential or server secret', async () => {
  const dir = path.resolve('build/client');
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(js|mjs|html|json)$/.test(entry.name)) files.push(full);
    }
  };
  walk(dir);
  expect(files.length).toBeGreaterThan(5);
  const forbidden = [
    ...Object.values(E2E_USERS).map((account) => account.password),
    'AUTH_SECRET',
    'ADMIN_PASSWORD',
    'SMTP_URL',
    'auth.secret',
    'better-auth/crypto',
    'drizzle-orm',
  ];
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const needle of forbidden) expect(text.includes(needle), `${needle} in ${path.relative(dir, file)}`).toBe(false);
  }
});
