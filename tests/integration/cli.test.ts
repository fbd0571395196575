/**
 * The account CLIs as an operator runs them: real processes (`node --import tsx scripts/…`) on
 * a throwaway PGlite directory, then the rows read back from that directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/server/db/client.server';
import { account, user } from '~/server/db/schema';
import { runTsx, type Run } from '../setup/run-tsx';

let dataDir: string;

/** Runs a script with stdin not a terminal; DATABASE_URL and ADMIN_* come only from `env`. */
function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<Run> {
  const base = { ...process.env };
  for (const name of ['DATABASE_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD']) delete base[name];
  return runTsx(path.join('scripts', script), args, { ...base, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
}

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dimora-cli-'));
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('argument errors fail fast, before the database is opened', () => {
  it('an unknown role, missing arguments, an unknown option, and admin:create without a password source', { timeout: 60_000 }, async () => {
    const [role, missing, unknown, noPassword] = await Promise.all([
      runScript('user-create.ts', ['--email', 'root@example.com', '--password', 'root-pass', '--role', 'superuser']),
      runScript('user-create.ts', ['--email', 'someone@example.com']),
      runScript('user-create.ts', ['--email', 'someone@example.com', '--admin']),
      // No ADMIN_PASSWORD and stdin is not a terminal: nothing to read the password from.
      runScript('admin-create.ts', ['--email', 'nopass@example.com']),
    ]);
    expect(role).toMatchObject({ code: 1, stdout: '' });
    expect(role.stderr.trim()).toBe('user:create: The role must be one of: tenant, vendor, owner, property_manager, admin.');
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim()).toBe('user:create: missing --password, --role (see --help)');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr.trim()).toBe("user:create: Unknown option '--admin' (see --help)");
    expect(noPassword.code).toBe(1);
    expect(noPassword.stderr.trim()).toBe(
      'admin:create: no password: set ADMIN_PASSWORD, or run this command in a terminal to type it (stdin is not a terminal).',
    );
    // None of them created the database.
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });
});

describe('npm run user:create', () => {
  it('creates a verified property manager with a credential account', { timeout: 90_000 }, async () => {
    const run = await runScript('user-create.ts', [
      '--email',
      'Paula.Manager@Example.com',
      '--password',
      'manager-pass',
      '--role',
      'property_manager',
      '--name',
      'Paula Manager',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Created property_manager paula\.manager@example\.com \(id [0-9a-f-]{36}\)/);
  });

  it(
    'refuses an e-mail that already has an account (any letter case), an invalid e-mail and a short password',
    { timeout: 60_000 },
    async () => {
      const duplicate = await runScript('user-create.ts', [
        '--email',
        'PAULA.manager@example.com',
        '--password',
        'other-pass',
        '--role',
        'tenant',
      ]);
      expect(duplicate.code).toBe(1);
      expect(duplicate.stderr.trim()).toBe('user:create: A user with the e-mail paula.manager@example.com already exists.');
      const invalid = await runScript('user-create.ts', ['--email', 'nobody', '--password', '123', '--role', 'tenant']);
      expect(invalid.code).toBe(1);
      expect(invalid.stderr.trim()).toBe('user:create: Enter a valid e-mail address. The password needs at least 8 characters.');
    },
  );
});

describe('npm run admin:create', () => {
  it('takes the password from ADMIN_PASSWORD when stdin is not a terminal', { timeout: 60_000 }, async () => {
    const run = await runScript('admin-create.ts', ['--email', 'boss@example.com', '--name', 'Bea Boss'], {
      ADMIN_PASSWORD: 'chief-password-1',
    });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Created admin boss@example.com');
  });
});

describe('the rows and the data-directory lock', () => {
  it(
    'stored the users verified with hashed credentials, and refuses to run while another process holds the directory',
    { timeout: 90_000 },
    async () => {
      const database = await openDatabase({ dataDir });
      try {
        const rows = await database.db
          .select({
            email: user.email,
            role: user.role,
            emailVerified: user.emailVerified,
            firstName: user.firstName,
            lastName: user.lastName,
            providerId: account.providerId,
            password: account.password,
          })
          .from(user)
          .innerJoin(account, eq(account.userId, user.id))
          .orderBy(user.email);
        expect(rows.map(({ password: _password, ...rest }) => rest)).toEqual([
          { email: 'boss@example.com', role: 'admin', emailVerified: true, firstName: 'Bea', lastName: 'Boss', providerId: 'credential' },
          {
            email: 'paula.manager@example.com',
            role: 'property_manager',
            emailVerified: true,
            firstName: 'Paula',
            lastName: 'Manager',
            providerId: 'credential',
          },
        ]);
        for (const row of rows) {
          expect(row.password).toBeTruthy();
          expect(row.password).not.toContain('pass');
        }
        expect(await database.db.select().from(user).where(eq(user.email, 'nopass@example.com'))).toHaveLength(0);

        // This test process holds the directory now, as a running server would.
        const locked = await runScript('user-create.ts', ['--email', 'late@example.com', '--password', 'late-pass', '--role', 'tenant']);
        expect(locked.code).toBe(1);
        expect(locked.stderr).toContain('is in use by another process');
        expect(locked.stderr.trim().split('\n')).toHaveLength(1);
      } finally {
        await database.close();
      }
    },
  );
});
