/**
 * /admin/audit stays fast on a big table (decision 023, DESIGN §6): at 30,000 entries every
 * path of the list — the default page, a deep keyset page, each filter — reads an index of
 * `audit_log` (migration 0012) in order: no sequential scan of the table, no sort of every match.
 * Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findAuditEntries } from './audit-log.server';
import { NO_AUDIT_FILTERS, parseAuditCursor, type AuditFilters } from './audit-log.schemas';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { createStatementRecorder, explainText } from '../../../tests/setup/query-plans';

const ENTRIES = 30_000;
const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`audit list query plans at ${ENTRIES.toLocaleString('en-US')} entries (${kind})`, () => {
  let database: TestDatabase;
  const recorder = createStatementRecorder();

  beforeAll(async () => {
    database = await createTestDatabase({ onQuery: recorder.onQuery });
    const db = database.db;
    await db.execute(sql`
      insert into "user" (id, name, email, email_verified, role)
      select 'plan-user-' || g, 'Plan User ' || g, 'plan' || g || '@audit-plans.test', true, 'tenant'
      from generate_series(1, 300) g`);
    await db.execute(sql`
      insert into audit_log (user_id, action, table_name, new_values, ip_address, created_at)
      select 'plan-user-' || (1 + g % 300),
        (array['sign_in_succeeded', 'sign_in_failed', 'sign_out', 'building_updated', 'payment_made', 'access_denied'])[1 + g % 6],
        (array['security_events', 'security_events', 'security_events', 'building', 'payment', 'route'])[1 + (g / 7) % 6],
        '{}'::jsonb, '192.0.2.1',
        timestamptz '2026-11-20' - make_interval(secs => g * 900)
      from generate_series(1, ${ENTRIES}) g`);
    await db.execute(sql`ANALYZE audit_log`);
    await db.execute(sql`ANALYZE "user"`);
  }, 180_000);

  afterAll(async () => {
    await database?.close();
  });

  async function planOf(filters: Partial<AuditFilters>, cursor: string | null = null): Promise<string> {
    const captured = await recorder.capture(() =>
      findAuditEntries({
        db: database.db,
        filters: { ...NO_AUDIT_FILTERS, ...filters },
        cursor: cursor ? parseAuditCursor(cursor) : null,
      }),
    );
    const page = captured.find((entry) => /from "audit_log"/i.test(entry.sql));
    expect(page, 'the page query').toBeDefined();
    return explainText(database.db, page!);
  }

  /** An index of `audit_log` drives the page: no Seq Scan of it, no full Sort (an Incremental Sort of ties is fine). */
  function expectIndexed(plan: string, index: RegExp) {
    expect(plan, plan).toMatch(index);
    expect(plan, plan).not.toMatch(/Seq Scan on audit_log/);
  }

  it('the default page reads audit_log_created_idx in order (no sort)', async () => {
    const plan = await planOf({});
    expectIndexed(plan, /Index Scan Backward using audit_log_created_idx/);
    expect(plan, plan).not.toMatch(/(?<!Incremental )Sort\b(?! Key| Method)/);
  });

  it('a deep page (keyset cursor) starts at the cursor in audit_log_created_idx', async () => {
    const plan = await planOf({}, '2026-09-01T00:00:00.000000Z_9000');
    expectIndexed(plan, /Index Scan Backward using audit_log_created_idx/);
    expect(plan).toMatch(/Index Cond: .*created_at/);
  });

  it.each([
    ['an action', { action: 'payment_made' }, /Index Scan Backward using audit_log_(action|created)_idx/],
    ['a table', { table: 'building' }, /Index Scan Backward using audit_log_(table|created)_idx/],
    ['a date range', { from: '2026-10-01', to: '2026-10-31' }, /Index Scan Backward using audit_log_created_idx/],
  ])('one filter (%s) is read in order through an index (no sort)', async (_label, filters, index) => {
    const plan = await planOf(filters);
    expectIndexed(plan, index);
    expect(plan, plan).not.toMatch(/(?<!Incremental )Sort\b(?! Key| Method)/);
  });

  it('an actor e-mail is read through audit_log_user_idx for the matching users', async () => {
    expectIndexed(await planOf({ actor: 'plan17@audit-plans' }), /audit_log_(user|created)_idx/);
  });
});
