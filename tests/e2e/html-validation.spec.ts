/**
 * The HTML the server sends for the main page types is valid, by the Nu HTML Checker (vnu.jar
 * from the `vnu-jar` package, run offline with the machine's Java), for each role.
 *
 * One family of findings is accepted, for the reason in decision 042: Mantine writes the CSS of
 * its theme variables and of responsive style props (`cols={{ base: 1, sm: 2 }}`) as `<style>`
 * elements beside the element they style, inside the body. Every other error fails, named with
 * the page, line and message.
 */
import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expect, signInWith, test } from './fixtures';
import { E2E_LEASES } from './seed-leases';
import { E2E_WORK_ORDERS } from './seed-work-orders';
import { E2E_USERS } from './users';

const run = promisify(execFile);
const VNU_JAR = path.join(path.dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');

/** Mantine's `<style>` elements in the body (decision 042). */
const ACCEPTED = [
  /^A “style” element in “body” must be the first child of its parent\.$/,
  /^The selector “.*” matches, or might match, an element that comes before the parent of this “style” element\./,
  /^Element “style” not allowed as child of element “[a-z]+” in this context\./,
];

type VnuMessage = { type: string; subType?: string; message: string; url: string; lastLine?: number };

/** Validates the files with one run of the checker; answers each error not accepted, as "file:line message". */
async function validate(files: string[]): Promise<string[]> {
  // vnu exits 1 when it finds errors; its JSON report is on stderr either way.
  const result = await run('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], { maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stderr?: string; code?: number }) => {
      if (error.code !== 1 || !error.stderr) throw error;
      return { stdout: '', stderr: error.stderr };
    },
  );
  const { messages } = JSON.parse(result.stderr || '{"messages":[]}') as { messages: VnuMessage[] };
  return messages
    .filter((message) => message.type === 'error' || message.subType === 'fatal')
    .filter((message) => !ACCEPTED.some((pattern) => pattern.test(message.message)))
    .map((message) => `${path.basename(message.url)}:${message.lastLine ?? '?'} ${message.message}`);
}

/** Saves the server's HTML of each path (with the context's session) and validates them together. */
async function expectValidHtml(page: Page, paths: string[], outputDir: string) {
  await mkdir(outputDir, { recursive: true });
  const files: string[] = [];
  for (const pagePath of paths) {
    const response = await page.request.get(pagePath);
    expect(response.status(), pagePath).toBe(200);
    const file = path.join(outputDir, `${pagePath.replace(/[^a-z0-9]+/gi, '_') || 'home'}.html`);
    await writeFile(file, await response.text());
    files.push(file);
  }
  expect(await validate(files)).toEqual([]);
}

/** The first link of `from` matching `pattern`, as a path. */
async function firstLink(page: Page, from: string, pattern: RegExp): Promise<string> {
  await page.goto(from);
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
  const href = hrefs.find((candidate) => pattern.test(candidate));
  expect(href, `a link matching ${pattern} on ${from}`).toBeDefined();
  return href!;
}

test.describe('valid HTML', () => {
  test.beforeAll(async () => {
    await expect(run('java', ['-version'])).resolves.toBeDefined();
  });

  test('on the public pages', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const unit = await firstLink(page, '/properties', /^\/property\/\d+$/);
    await expectValidHtml(page, ['/', '/properties', unit, '/about', '/contact', '/auth', '/vendor-signup'], testInfo.outputPath('html'));
  });

  test('on the tenant portal', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await signInWith(page, E2E_LEASES.payer);
    const lease = await firstLink(page, '/tenant-portal', /^\/tenant-portal\/leases\/\d+$/);
    await expectValidHtml(page, ['/tenant-portal', lease, '/tenant-portal/maintenance/new'], testInfo.outputPath('html'));
  });

  test('on the vendor portal', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await signInWith(page, E2E_WORK_ORDERS.vendor);
    await expectValidHtml(page, ['/vendor-portal', '/vendor-portal/profile', '/vendor-portal/work-orders'], testInfo.outputPath('html'));
  });

  test('on the staff pages', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await signInWith(page, E2E_USERS.admin);
    const building = await firstLink(page, '/admin/properties', /^\/admin\/properties\/\d+$/);
    await expectValidHtml(
      page,
      ['/admin', '/admin/tenants', building, '/admin/maintenance', '/admin/applications', '/admin/vendors'],
      testInfo.outputPath('html'),
    );
  });
});
