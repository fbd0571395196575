/**
 * The dev mailbox outside test and demo mode (decision 023): an admin reads who got which e-mail,
 * but never a live reset or verification token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailMessage } from '~/server/db/schema';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { viewerOf } from '../../../tests/setup/factories';
import { listMailbox } from './admin.server';

let database: TestDatabase;
const admin = viewerOf({ id: 'admin-mailbox', email: 'admin@dimora.test', role: 'admin' });
const RESET = 'https://dimora.example/auth?mode=reset&token=rEsEt-T0ken_123';
const VERIFY = 'https://dimora.example/auth/verify?token=vErIfY.t0ken';

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(mailMessage).values([
    { to: 'tenant@dimora.test', subject: 'Reset your password', text: `Open ${RESET} within an hour.` },
    { to: 'new@dimora.test', subject: 'Confirm your e-mail', text: `Confirm: ${VERIFY}` },
  ]);
});

afterAll(async () => {
  await database?.close();
});

describe(`the dev mailbox (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('redacts the tokens of reset and verification links by default', async () => {
    const page = await listMailbox({ db: database.db, actor: admin, page: 1 });
    const texts = page.items.map((item) => item.text).sort();
    expect(texts).toEqual([
      'Confirm: https://dimora.example/auth/verify?token=REDACTED',
      'Open https://dimora.example/auth?mode=reset&token=REDACTED within an hour.',
    ]);
    expect(JSON.stringify(page)).not.toMatch(/rEsEt-T0ken_123|vErIfY\.t0ken/);
    // Who got what stays readable.
    expect(page.items.map((item) => item.subject).sort()).toEqual(['Confirm your e-mail', 'Reset your password']);
  });

  it('shows the links whole in test or demo mode', async () => {
    const page = await listMailbox({ db: database.db, actor: admin, page: 1, showTokens: true });
    expect(page.items.map((item) => item.text).sort()).toEqual([`Confirm: ${VERIFY}`, `Open ${RESET} within an hour.`]);
  });
});
