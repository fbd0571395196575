/**
 * The demo owners (decision 061) on the real demo seed: every building gets an owner of record and
 * a management agreement, the first buildings a year of settled months posted to the journal (fee
 * and distribution entries whose totals match the settlement rows), a second run adds nothing, and
 * `--demo-accounts` links the demo owner account to the owner of the demo manager's first building,
 * whose portal then shows its buildings and settlements.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '~/server/db/rows.server';
import { building, managementAgreement, owner, ownerSettlement, user } from '~/server/db/schema';
import { createDemoAccounts } from '~/server/db/seed/demo-accounts.server';
import { seedDatabase } from '~/server/db/seed/seed.server';
import { createLocalStorage } from '~/server/uploads/storage.server';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { DEMO_OWNER_DOMAIN, DEMO_STATEMENT_MONTHS, seedDemoOwners } from './demo-owners.server';
import { findOwnerPortal } from './owner-portal.server';

let database: TestDatabase;
const uploadsDir = path.join(os.tmpdir(), `dimora-demo-owners-${process.pid}`);
const NOW = new Date();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, units: 240, seed: 42, storage: createLocalStorage(uploadsDir) });
}, 120_000);

afterAll(async () => {
  await database?.close();
  await fs.rm(uploadsDir, { recursive: true, force: true });
});

describe('the demo owners', () => {
  it(
    'give every building an owner and an agreement, settle a year of months through the journal, and add nothing the second time',
    { timeout: 120_000 },
    async () => {
      const buildings = await database.db.select({ id: building.id }).from(building);
      const first = await seedDemoOwners({ db: database.db, now: NOW });
      expect(first.owners).toBe(12);
      expect(first.buildings).toBe(buildings.length);
      // Twelve months for each building (all of them are among the first 40 at this size).
      expect(first.settled).toBe(12 * buildings.length);
      // A statement per owner and month of the last ones settled, kept without e-mailing the demo's history.
      const [owned] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(distinct owner_id)::int as n from building`));
      expect(first.statements).toBeGreaterThanOrEqual(owned!.n * (DEMO_STATEMENT_MONTHS - 1));
      const [mails] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from outbox where topic = 'mail.owner'`),
      );
      expect(mails?.n).toBe(0);
      expect(await database.db.select().from(building).where(isNull(building.ownerId))).toHaveLength(0);
      expect(await database.db.select().from(managementAgreement)).toHaveLength(buildings.length);
      const owners = await database.db.select({ email: owner.email }).from(owner);
      expect(owners.every((row) => row.email.endsWith(`@${DEMO_OWNER_DOMAIN}`))).toBe(true);

      // The settlement rows and the journal agree, and the demo's rent was collected and distributed.
      const [totals] = rowsOf<{ fees: string; distributions: string; collected: string; fee_lines: string; distribution_lines: string }>(
        await database.db.execute(sql`
        select
          (select coalesce(sum(fee_cents), 0) from owner_settlement) as fees,
          (select coalesce(sum(distribution_cents), 0) from owner_settlement) as distributions,
          (select coalesce(sum(collected_cents), 0) from owner_settlement) as collected,
          (select coalesce(sum(l.debit_cents), 0) from journal_line l join gl_account a on a.id = l.account_id where a.system_key = 'management_fees') as fee_lines,
          (select coalesce(sum(l.debit_cents), 0) from journal_line l join gl_account a on a.id = l.account_id where a.system_key = 'owner_distributions') as distribution_lines`),
      );
      expect(Number(totals!.collected)).toBeGreaterThan(0);
      expect(Number(totals!.fees)).toBeGreaterThan(0);
      expect(Number(totals!.distributions)).toBeGreaterThan(0);
      expect(Number(totals!.fee_lines)).toBe(Number(totals!.fees));
      expect(Number(totals!.distribution_lines)).toBe(Number(totals!.distributions));

      const again = await seedDemoOwners({ db: database.db, now: NOW });
      expect(again).toEqual({ owners: 0, buildings: 0, settled: 0, statements: 0 });
      expect(await database.db.select().from(ownerSettlement)).toHaveLength(first.settled);
    },
  );

  it('links the demo owner account to the owner of the demo manager’s first building, whose portal shows it', async () => {
    const accounts = await createDemoAccounts({ db: database.db });
    const demoOwner = accounts.find((account) => account.role === 'owner');
    expect(demoOwner?.email).toBe('owner@demo.dimora.example');
    expect(demoOwner?.detail).toMatch(/^owner #\d+, buildings \d+/);
    const [account] = await database.db
      .select({ id: user.id, role: user.role })
      .from(user)
      .where(eq(user.email, 'owner@demo.dimora.example'));
    expect(account?.role).toBe('owner');
    const portal = await findOwnerPortal(database.db, { viewer: { id: account!.id } });
    expect(portal.owner).not.toBeNull();
    expect(portal.buildings.length).toBeGreaterThan(0);
    expect(portal.settlements.length).toBeGreaterThan(0);
    // Again: still one record linked to the account.
    await createDemoAccounts({ db: database.db });
    expect(await database.db.select().from(owner).where(eq(owner.userId, account!.id))).toHaveLength(1);
  });
});
