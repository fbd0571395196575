import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '~': path.resolve(import.meta.dirname, 'app') } },
  test: {
    include: ['app/**/*.test.{ts,tsx}', 'server/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // console.error or a connection beyond loopback fails the test (tests/setup/guard.ts).
    setupFiles: ['tests/setup/guard.ts'],
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  },
});
