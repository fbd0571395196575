import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** The second server, in Stripe mode against the Stripe stand-in (decision 049): its port and the stand-in's. */
const STRIPE_APP_PORT = Number(process.env.E2E_STRIPE_APP_PORT ?? 3212);
const STRIPE_PORT = Number(process.env.E2E_STRIPE_PORT ?? 3241);
/** Stripe-mode journeys run on that server only. */
const STRIPE_MODE = /stripe-mode\.spec\.ts$/;

/** scripts/e2e-server.sh on `port`, with `env` on top. */
function e2eServer(port: number, env: Record<string, string> = {}) {
  return {
    command: 'bash scripts/e2e-server.sh',
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 180_000,
    // E2E_REUSE_SERVER=1: run against servers already started by scripts/e2e-server.sh (local iteration).
    reuseExistingServer: process.env.E2E_REUSE_SERVER === '1',
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: { PORT: String(port), ...env },
  };
}

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // CI machines have 2 cores and run two browsers against one server: the two-browser journeys
  // take 35–60 s there on a busy day. A ceiling, not a wait: passing tests are no slower.
  timeout: process.env.CI ? 90_000 : 60_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    // The service worker (decision 035) would fetch on the page's behalf, out of reach of
    // page.route (intercepted map tiles, stand-ins): blocked everywhere but its own spec.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Tests never touch the network: no host name resolves except the local server's.
        // (Requests a test intercepts with page.route, e.g. map tiles, never reach DNS.)
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
      ],
    },
  },
  projects: [
    // The operations journey changes site-wide settings (the application fee other journeys
    // assert, the office hours, the monitoring DSN) and pauses the embedded database for a
    // backup: it runs as the teardown of the others, after all of them (passed or not), on the
    // same server. Run alone, `playwright test tests/e2e/admin-system.spec.ts` runs just it.
    {
      name: 'chromium',
      testIgnore: [/admin-system\.spec\.ts$/, STRIPE_MODE],
      teardown: 'chromium-ops',
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium-stripe',
      testMatch: STRIPE_MODE,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://127.0.0.1:${STRIPE_APP_PORT}` },
    },
    { name: 'chromium-ops', testMatch: /admin-system\.spec\.ts$/, use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: [
    e2eServer(PORT),
    // The same server in Stripe mode, on its own database, mail sink and Stripe stand-in.
    e2eServer(STRIPE_APP_PORT, {
      E2E_STRIPE_PORT: String(STRIPE_PORT),
      E2E_DATA_DIR: '.tmp/e2e-stripe-data',
      E2E_SMTP_PORT: '3226',
      E2E_MAIL_DIR: '.tmp/e2e-stripe-mail',
      E2E_LOG_PREFIX: '.tmp/e2e-stripe',
    }),
  ],
});
