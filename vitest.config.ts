import os from 'node:os';
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
    // Vitest's default is one worker fewer than the cores: a single worker on CI's 2 cores, where
    // the main process sits idle while one file runs at a time. Each file has its own database
    // and temp folders, so two run side by side (decision 046).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // console.error or a connection beyond loopback fails the test (tests/setup/guard.ts).
    setupFiles: ['tests/setup/guard.ts'],
    // One migrated template database per run; each test file's database is a copy (decision 046).
    globalSetup: ['tests/setup/template-db.global.ts'],
    env: { NODE_ENV: 'test', LOG_LEVEL: 'silent' },
  },
});
