/**
 * Safe production defaults as an operator meets them (decision 023): the real server entry, started
 * with an https PUBLIC_URL but no SMTP server and no payment processor, refuses to start — exit
 * code 1 and a message naming what to set — before it opens a database or a port.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runTsx, type Run } from '../setup/run-tsx';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dimora-prod-defaults-'));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function startServer(env: Record<string, string>): Promise<Run> {
  const base = { ...process.env };
  for (const name of [
    'DATABASE_URL',
    'SMTP_URL',
    'STRIPE_SECRET_KEY',
    'MAIL_TRANSPORT',
    'PAYMENT_PROVIDER',
    'PUBLIC_URL',
    'TEST_DATABASE_URL',
  ])
    delete base[name];
  return runTsx('server/index.ts', [], { ...base, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env });
}

describe('the server on an https PUBLIC_URL', () => {
  it('refuses to start without SMTP_URL and on the sandbox provider, saying what to set', { timeout: 60_000 }, async () => {
    const run = await startServer({ PUBLIC_URL: 'https://dimora.example' });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Invalid environment:');
    expect(run.stderr).toContain('SMTP_URL: is required when PUBLIC_URL is https');
    expect(run.stderr).toContain('set MAIL_TRANSPORT=mailbox to use the dev mailbox on purpose');
    expect(run.stderr).toContain('PAYMENT_PROVIDER: payments would use the sandbox (no real money) with an https PUBLIC_URL');
    // Nothing was opened: no embedded database was created.
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('refuses the sandbox alone when mail is configured', { timeout: 60_000 }, async () => {
    const run = await startServer({ PUBLIC_URL: 'https://dimora.example', SMTP_URL: 'smtp://127.0.0.1:9' });
    expect(run.code).toBe(1);
    expect(run.stderr).not.toContain('SMTP_URL:');
    expect(run.stderr).toContain('PAYMENT_PROVIDER: payments would use the sandbox');
  });
});
