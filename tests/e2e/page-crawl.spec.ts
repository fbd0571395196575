/**
 * The accessibility crawl: every page of every role, in two views that cover each theme, width and
 * language (English / light / 1280 px and Italian / dark / 390 px), is opened as its user would and
 * checked for
 * - serious or critical axe violations (WCAG 2.0–2.2, A and AA),
 * - sideways scrolling (the page wider than its viewport),
 * - a floating control (side-menu button, chat bubble) over a title, link or form control
 *   (decision 034),
 * - an input for a card or a bank account (people pay on the provider's hosted page, decision 049).
 * A detail page is reached by following the first matching link of the page before it, as a user
 * would, so the crawl needs no id of the seed. The crawl only reads: it submits no form.
 */
import type { Page } from '@playwright/test';
import { expect, signInWith, test, waitForHydration } from './fixtures';
import { FLOATING, findOverlaps, paymentInputs, seriousAxeViolations, sidewaysOverflow } from './page-checks';
import { PUBLIC_PATHS } from './public-pages';
import { E2E_LEASES } from './seed-leases';
import { E2E_WORK_ORDERS } from './seed-work-orders';
import { E2E_USERS } from './users';

/** A page: its path, or the first link matching `link` on the page `via` leads to. */
type Visit = string | { via: Visit; link: RegExp };

type Round = { who: string; account?: { email: string; password: string }; pages: Visit[] };

const detail = (via: Visit, link: RegExp): Visit => ({ via, link });

/** The pages both staff areas share, under `base` (`/admin` or `/dashboard`). */
function staffPages(base: '/admin' | '/dashboard'): Visit[] {
  const buildings = `${base}/${base === '/admin' ? 'properties' : 'buildings'}`;
  const building = detail(buildings, new RegExp(`^${buildings}/\\d+$`));
  const tenant = detail(`${base}/tenants`, new RegExp(`^${base}/tenants/[^/?#]+$`));
  return [
    buildings,
    building,
    detail(building, new RegExp(`^${buildings}/\\d+/units/\\d+$`)),
    `${base}/tenants`,
    tenant,
    detail(tenant, new RegExp(`^${base}/leases/\\d+$`)),
    `${base}/payments`,
    detail(`${base}/payments`, new RegExp(`^${base}/payments/\\d+$`)),
    `${base}/maintenance`,
    detail(`${base}/maintenance`, new RegExp(`^${base}/maintenance/\\d+$`)),
    `${base}/assignments`,
    detail(`${base}/assignments`, new RegExp(`^${base}/assignments/\\d+$`)),
    `${base}/projects`,
    `${base}/projects/new`,
    // The manager's buildings have no capital project before projects.spec.ts creates one; the
    // page is the same module in both areas (decision 038), opened here as the admin.
    ...(base === '/admin' ? [detail(`${base}/projects`, new RegExp(`^${base}/projects/\\d+$`))] : []),
  ];
}

const ROUNDS: Round[] = [
  {
    who: 'visitor',
    pages: [
      ...PUBLIC_PATHS,
      detail('/properties', /^\/property\/\d+$/),
      detail(detail('/properties', /^\/property\/\d+$/), /^\/booking\/\d+/),
      '/vendor-invite/not-a-token',
      '/auth',
      '/auth/forgot',
      '/no-such-page',
    ],
  },
  {
    who: 'tenant with a lease',
    account: E2E_LEASES.payer,
    pages: [
      '/dashboard',
      '/dashboard/security',
      '/account/password',
      '/tenant-portal',
      detail('/tenant-portal', /^\/tenant-portal\/leases\/\d+$/),
      '/tenant-portal/maintenance',
      '/tenant-portal/maintenance/new',
    ],
  },
  {
    who: 'tenant with a repair',
    account: E2E_WORK_ORDERS.tenant,
    pages: [detail('/tenant-portal/maintenance', /^\/tenant-portal\/maintenance\/\d+$/)],
  },
  {
    who: 'vendor',
    account: E2E_WORK_ORDERS.vendor,
    pages: [
      '/vendor-portal',
      '/vendor-portal/profile',
      '/vendor-portal/work-orders',
      detail('/vendor-portal/work-orders', /^\/vendor-portal\/work-orders\/\d+$/),
      '/vendor-portal/projects',
      '/vendor-portal/invoices',
      '/vendor-portal/invoices/new',
    ],
  },
  {
    who: 'property manager',
    account: E2E_USERS.property_manager,
    pages: ['/dashboard', detail('/dashboard', /^\/dashboard\?(.*&)?id=\d+/), '/dashboard/security', ...staffPages('/dashboard')],
  },
  {
    who: 'admin',
    account: E2E_USERS.admin,
    pages: [
      '/admin',
      '/admin/users',
      '/admin/applications',
      detail('/admin/applications', /^\/admin\/applications\?(.*&)?id=\d+/),
      '/admin/mailbox',
      '/admin/notifications',
      '/admin/messages',
      '/admin/system',
      '/admin/database',
      '/admin/audit',
      '/admin/vendors',
      detail('/admin/vendors', /^\/admin\/vendors\/\d+$/),
      '/admin-debug',
      ...staffPages('/admin'),
    ],
  },
];

/**
 * Two views that between them cover each theme, each language and each width: every page of
 * every role is checked in both. Dark at desktop width is checked by the accessibility and
 * guards specs for the public and signed-in home pages (decision 042).
 */
const VIEWS = [
  { name: 'English, light, 1280 px', language: 'en', colorScheme: 'light', viewport: { width: 1280, height: 800 } },
  { name: 'Italian, dark, 390 px', language: 'it', colorScheme: 'dark', viewport: { width: 390, height: 800 } },
] as const;

/** Opens `visit` (following links for a detail page) and answers the path it landed on. */
async function open(page: Page, visit: Visit): Promise<string> {
  if (typeof visit === 'string') {
    const response = await page.goto(visit);
    expect(response?.status(), visit).toBe(visit === '/no-such-page' ? 404 : 200);
    return visit;
  }
  const from = await open(page, visit.via);
  // Each link as the path and query it leads to (a list may link with `?id=5` alone).
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href)).map((url) => url.pathname + url.search));
  const href = hrefs.find((candidate) => visit.link.test(candidate));
  expect(href, `a link matching ${visit.link} on ${from}`).toBeDefined();
  const response = await page.goto(href!);
  expect(response?.status(), href).toBe(200);
  return href!;
}

/** Runs the four checks on the page as it is; each failure is soft, so one run lists them all. */
async function checkPage(page: Page, path: string) {
  await waitForHydration(page);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  expect.soft(await seriousAxeViolations(page), `${path}: serious axe violations`).toEqual([]);
  const sideways = await sidewaysOverflow(page);
  expect.soft(sideways, `${path}: sideways scroll`).toEqual({ pixels: 0, culprits: [] });
  const { overlaps } = await page.evaluate(findOverlaps, FLOATING);
  expect.soft(overlaps, `${path}: floating control over a title, link or control`).toEqual([]);
  expect.soft(await paymentInputs(page), `${path}: a card or bank account input`).toEqual([]);
}

for (const view of VIEWS) {
  test.describe(`page crawl: ${view.name}`, () => {
    test.use({ language: view.language, colorScheme: view.colorScheme, viewport: view.viewport, reducedMotion: 'reduce' });

    for (const round of ROUNDS) {
      test(`every page of the ${round.who}`, async ({ page }) => {
        // 6–15 s a visit on a loaded 2-core CI machine (axe is most of it; a detail visit opens its list first).
        test.setTimeout(60_000 + round.pages.length * 30_000);
        if (round.account) await signInWith(page, round.account);
        for (const visit of round.pages) {
          const label = typeof visit === 'string' ? visit : `link ${visit.link.source}`;
          await test.step(label, async () => {
            const path = await open(page, visit);
            await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', view.colorScheme);
            await expect(page.locator('html')).toHaveAttribute('lang', view.language);
            await checkPage(page, path);
          });
        }
      });
    }
  });
}
