/**
 * Decision 023 against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the
 * audit log is append-only (UPDATE, DELETE and TRUNCATE refused by the trigger of migration
 * 0012, whose DELETE exception is only `audit_log_purge` since migration 0025, decision 055),
 * users can still be deleted (no FK rewriting history), the retention job is the only deleter
 * and records itself, refused accesses are recorded through the rate-limited
 * `auditRefusal` (a wrong-role guard, a manager opening another manager's application), and
 * /admin/audit lists, filters, pages and exports entries for admins only.
 */
import { parse } from 'csv-parse/sync';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '~/lib/access';
import * as dashboard from '~/routes/dashboard/_index';
import * as adminAudit from '~/routes/admin/audit';
import * as adminAuditCsv from '~/routes/admin/audit.csv';
import { AUDIT_REFUSALS_PER_MINUTE, auditRefusal, recordAuditEvent } from '~/server/audit.server';
import { pruneAuditLog } from '~/server/audit-retention.server';
import { seedDemoAudit } from '~/server/db/seed/demo-audit.server';
import { requireApiRole, requireRole } from '~/server/auth/session.server';
import { createVerifiedUser } from '~/server/auth/create-user.server';
import { auditLog, user } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { createApplication, createProperty } from '../../../tests/setup/factories';
import { settle } from '../../../tests/setup/action-result';
import { testContext, useTestDatabase } from '../../../tests/setup/test-db';
import { signInVisitors, type GuardVisitors } from '../../../tests/setup/route-guards';
import type { AuditPageData } from '~/features/audit/audit-log.schemas';
import { failureOf } from '../../../tests/setup/failure';

const database = useTestDatabase();
let context: DimoraLoadContext;
let visitors: GuardVisitors;
const ORIGIN = { ip: '192.0.2.90', userAgent: 'audit-test' };

beforeAll(async () => {
  context = testContext(database, { clientIp: '192.0.2.90' });
  visitors = await signInVisitors(context, { domain: 'audit-log.test', name: 'Audit', password: 'sturdy-audit-pass' });
});

function requestAs(role: Role | null, path: string): Request {
  return new Request(`http://dimora.test${path}`, {
    headers: { 'user-agent': 'audit-test', ...(role ? { cookie: visitors.cookies.get(role)! } : {}) },
  });
}

async function entriesOf(userId: string, action?: string) {
  return database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.userId, userId), action ? eq(auditLog.action, action) : undefined));
}

describe('audit_log is append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE with a clear error, and changes nothing', async () => {
    await recordAuditEvent({ db: database.db, userId: visitors.ids.get('tenant')!, action: 'sign_out', origin: ORIGIN });
    const [entry] = await entriesOf(visitors.ids.get('tenant')!, 'sign_out');
    expect(entry).toBeDefined();

    const update = await failureOf(() =>
      database.db.update(auditLog).set({ action: 'sign_in_succeeded' }).where(eq(auditLog.id, entry!.id)),
    );
    expect(update).toMatch(/audit_log is append-only: UPDATE is not allowed/);
    const remove = await failureOf(() => database.db.delete(auditLog).where(eq(auditLog.id, entry!.id)));
    expect(remove).toMatch(/audit_log is append-only: DELETE is not allowed/);
    const rawUpdate = await failureOf(() => database.db.execute(sql`update audit_log set user_id = null`));
    expect(rawUpdate).toMatch(/append-only: UPDATE/);
    const truncate = await failureOf(() => database.db.execute(sql`truncate audit_log`));
    expect(truncate).toMatch(/append-only: TRUNCATE/);
    // The flag that once let the retention job's DELETE through lets nothing through any more.
    for (const statement of [sql`delete from audit_log`, sql`update audit_log set action = 'x'`]) {
      const flagged = await failureOf(() =>
        database.db.transaction(async (tx) => {
          await tx.execute(sql`set local dimora.audit_retention = 'on'`);
          await tx.execute(statement);
        }),
      );
      expect(flagged).toMatch(/audit_log is append-only: (DELETE|UPDATE) is not allowed/);
    }
    // Nor does a DELETE issued from a function of another name.
    await database.db.execute(sql`create function pg_temp.audit_log_purge_lookalike() returns void language plpgsql as $$
      begin delete from audit_log; end $$`);
    expect(await failureOf(() => database.db.execute(sql`select pg_temp.audit_log_purge_lookalike()`))).toMatch(/append-only: DELETE/);

    const [after] = await database.db.select().from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(after).toEqual(entry);
  });

  it('deleting a user keeps their entries, with their id (no foreign key rewrites history)', async () => {
    const gone = await createVerifiedUser(database.db, { email: 'leaving@audit-log.test', password: 'farewell-pass-1', role: 'tenant' });
    await recordAuditEvent({ db: database.db, userId: gone.id, action: 'sign_in_succeeded', origin: ORIGIN });
    await database.db.delete(user).where(eq(user.id, gone.id));
    expect(await entriesOf(gone.id, 'sign_in_succeeded')).toHaveLength(1);
  });
});

describe('the retention job', () => {
  it('deletes only entries older than the retention period and records itself', async () => {
    const actor = visitors.ids.get('vendor')!;
    // Entries written 500, 401 and 10 days ago (inserting with a past time is allowed).
    for (const days of [500, 401, 10]) {
      await database.db.insert(auditLog).values({
        userId: actor,
        action: 'sign_out',
        tableName: 'security_events',
        newValues: { days },
        createdAt: sql`now() - make_interval(days => ${days})`,
      });
    }
    const { deleted, cutoff } = await pruneAuditLog({ db: database.db, retentionDays: 400 });
    expect(deleted).toBe(2);
    const left = await entriesOf(actor, 'sign_out');
    expect(left.map((row) => row.newValues.days)).toEqual([10]);
    const [run] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'audit_retention_run'));
    expect(run).toMatchObject({ userId: null, tableName: 'audit_log', ipAddress: 'server' });
    expect(run!.newValues).toMatchObject({ deleted: 2, retention_days: 400, cutoff });
    // Only the purge function's own DELETE passes: a plain one after the run is refused.
    expect(await failureOf(() => database.db.delete(auditLog).where(eq(auditLog.id, left[0]!.id)))).toMatch(/append-only: DELETE/);
  });

  it('refuses a retention period shorter than the settings allow, in the service and in the database', async () => {
    await database.db
      .insert(auditLog)
      .values({ action: 'sign_out', tableName: 'security_events', createdAt: sql`now() - interval '40 days'` });
    for (const retentionDays of [0, 29, 30.5])
      await expect(pruneAuditLog({ db: database.db, retentionDays })).rejects.toThrow(/whole number of at least 30/);
    for (const retentionDays of [29, -1, null]) {
      expect(await failureOf(() => database.db.execute(sql`select * from audit_log_purge(${retentionDays}::integer)`))).toMatch(
        /retention_days must be at least 30/,
      );
    }
    const [{ n } = { n: -1 }] = await database.db
      .select({ n: count() })
      .from(auditLog)
      .where(sql`${auditLog.createdAt} < now() - interval '35 days'`);
    expect(n).toBeGreaterThanOrEqual(1);
  });
});

describe('refused accesses are recorded', () => {
  it('a wrong-role page guard (redirect) and API guard (403) are recorded with the path; a signed-out visitor is not', async () => {
    const tenant = visitors.ids.get('tenant')!;
    const page = await settle(() => requireRole(requestAs('tenant', '/admin/users.data'), context, 'admin'));
    expect((page as Response).status).toBe(302);
    const api = await settle(() => requireApiRole(requestAs('tenant', '/api/inbox'), context, 'property_manager'));
    expect((api as { init: ResponseInit }).init.status).toBe(403);
    const rows = await entriesOf(tenant, 'access_denied');
    expect(rows.map((row) => [row.tableName, row.newValues.object_id, row.newValues.reason])).toEqual([
      ['route', '/admin/users', 'wrong_role'],
      ['route', '/api/inbox', 'wrong_role'],
    ]);
    expect(rows[0]!.newValues).toMatchObject({ requires: 'admin', role: 'tenant', method: 'GET', ip_address: '192.0.2.90' });
    const before = (await database.db.select({ n: count() }).from(auditLog))[0]!.n;
    await settle(() => requireRole(requestAs(null, '/admin/users'), context, 'admin'));
    expect((await database.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(before);
  });

  it("a property manager opening another manager's application gets a 404 that is recorded; their own opens; an unknown id is a 404 not recorded", async () => {
    const manager = visitors.ids.get('property_manager')!;
    const mine = await createProperty(database.db, { managerId: manager, title: 'Audit Managed' });
    const theirs = await createProperty(database.db, { title: 'Audit Foreign' });
    const own = await createApplication(database.db, { propertyId: mine.id });
    const foreign = await createApplication(database.db, { propertyId: theirs.id });
    const load = (id: number) =>
      settle(() => dashboard.loader({ request: requestAs('property_manager', `/dashboard?id=${id}`), params: {}, context } as never));
    expect(await load(foreign.id)).toMatchObject({ init: { status: 404 } });
    expect(await load(own.id)).toMatchObject({ review: { selected: { id: own.id } } });
    expect(await load(2_000_000_000)).toMatchObject({ init: { status: 404 } });
    const rows = await entriesOf(manager, 'access_denied');
    expect(rows.map((row) => [row.tableName, row.newValues.object_id, row.newValues.reason])).toEqual([
      ['application', String(foreign.id), 'not_managed'],
    ]);
  });

  it(`auditRefusal keeps at most ${AUDIT_REFUSALS_PER_MINUTE} entries a minute per user, and none for nobody`, async () => {
    const vendor = { id: visitors.ids.get('vendor')! };
    const written: boolean[] = [];
    for (let i = 0; i < AUDIT_REFUSALS_PER_MINUTE + 5; i += 1) {
      written.push(await auditRefusal(database.db, vendor, { table: 'lease', id: i + 1, reason: 'flood', origin: ORIGIN }));
    }
    expect(written.filter(Boolean)).toHaveLength(AUDIT_REFUSALS_PER_MINUTE);
    expect((await entriesOf(vendor.id, 'access_denied')).filter((row) => row.newValues.reason === 'flood')).toHaveLength(
      AUDIT_REFUSALS_PER_MINUTE,
    );
    expect(await auditRefusal(database.db, null, { table: 'lease', id: 1, reason: 'flood', origin: ORIGIN })).toBe(false);
  });
});

describe('/admin/audit', () => {
  type Loaded = { page: AuditPageData };
  const load = async (role: Role, search = '') =>
    settle(() => adminAudit.loader({ request: requestAs(role, `/admin/audit${search}`), params: {}, context } as never));
  const page = async (search = '') => ((await load('admin', search)) as Loaded).page;

  it('refuses everyone but admins (redirect home), and records the refusal', async () => {
    for (const role of ['tenant', 'vendor', 'property_manager'] as const) {
      const answer = (await load(role)) as Response;
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toBe('/');
      const csv = (await settle(() =>
        adminAuditCsv.loader({ request: requestAs(role, '/admin/audit.csv'), params: {}, context } as never),
      )) as Response;
      expect(csv.status).toBe(302);
    }
    const rows = await entriesOf(visitors.ids.get('property_manager')!, 'access_denied');
    expect(rows.some((row) => row.newValues.object_id === '/admin/audit')).toBe(true);
    expect(rows.some((row) => row.newValues.object_id === '/admin/audit.csv')).toBe(true);
  });

  it('lists newest first and filters by actor e-mail, action, table and date range; pages by keyset', async () => {
    const admin = visitors.ids.get('admin')!;
    const pm = visitors.ids.get('property_manager')!;
    for (const [who, action, table, day] of [
      [admin, 'setting_changed', 'setting', '2026-03-01'],
      [pm, 'building_updated', 'building', '2026-03-02'],
      [pm, 'building_updated', 'building', '2026-03-05'],
      [admin, 'setting_changed', 'setting', '2026-03-09'],
    ] as const) {
      await database.db
        .insert(auditLog)
        .values({ userId: who, action, tableName: table, newValues: { day }, createdAt: sql`${`${day}T12:00:00Z`}::timestamptz` });
    }
    const all = await page();
    const times = all.entries.map((entry) => entry.createdAt);
    expect(times).toEqual([...times].sort().reverse());

    const byActor = await page('?actor=PROPERTY_MANAGER@audit&from=2026-03-01&to=2026-03-31');
    expect(byActor.entries.map((entry) => [entry.action, entry.details.day, entry.actorEmail])).toEqual([
      ['building_updated', '2026-03-05', 'property_manager@audit-log.test'],
      ['building_updated', '2026-03-02', 'property_manager@audit-log.test'],
    ]);
    const byAction = await page('?action=setting_changed&to=2026-03-08');
    expect(byAction.entries.map((entry) => entry.details.day)).toEqual(['2026-03-01']);
    const byTable = await page('?table=building&from=2026-03-03&to=2026-03-05');
    expect(byTable.entries.map((entry) => entry.details.day)).toEqual(['2026-03-05']);
    expect((await page('?actor=nobody-like-this')).entries).toEqual([]);

    // Keyset pages of 50: the second page continues exactly after the first.
    for (let i = 0; i < 60; i += 1) {
      await database.db.insert(auditLog).values({
        userId: admin,
        action: 'tenant_notified',
        tableName: 'user',
        newValues: { i },
        createdAt: sql`${'2026-02-01T00:00:00Z'}::timestamptz + make_interval(secs => ${i})`,
      });
    }
    const first = await page('?action=tenant_notified');
    expect(first.entries).toHaveLength(50);
    expect(first.nextCursor).not.toBeNull();
    const second = await page(`?action=tenant_notified&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(second.entries.map((entry) => entry.details.i)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
    expect(second.nextCursor).toBeNull();
    expect(second.firstPage).toBe(false);
  });

  it('answers 400 with a message per field for bad filters', async () => {
    const answer = (await load('admin', '?from=2026-13-01&action=DROP%20TABLE&cursor=nope')) as {
      data: Loaded & { page: AuditPageData };
      init: ResponseInit;
    };
    expect(answer.init.status).toBe(400);
    expect(answer.data.page.errors).toMatchObject({ from: 'Enter a date as YYYY-MM-DD.', action: 'Choose an action from the list.' });
    expect(answer.data.page.entries).toEqual([]);
  });

  it('exports the filtered set as CSV (streamed), neutralizes formulas, and audits the export', async () => {
    await database.db.insert(auditLog).values({
      userId: visitors.ids.get('admin')!,
      action: 'payment_recorded',
      tableName: 'payment',
      newValues: { note: 'x' },
      userAgent: '=HYPERLINK("http://evil")',
      createdAt: sql`${'2026-04-02T08:00:00Z'}::timestamptz`,
    });
    const response = (await adminAuditCsv.loader({
      request: requestAs('admin', '/admin/audit.csv?action=payment_recorded&from=2026-04-01&to=2026-04-30'),
      params: {},
      context,
    } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-log-(\d{4}-\d{2}-\d{2})\.csv"; filename\*=UTF-8''audit-log-\1\.csv$/,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const lines = (await response.text()).trimEnd().split('\n');
    expect(lines[0]).toBe('id,created_at,action,table_name,user_id,actor_email,ip_address,user_agent,details');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',2026-04-02T08:00:00.000000Z,payment_recorded,payment,');
    expect(lines[1]).toContain('admin@audit-log.test');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    const exported = await entriesOf(visitors.ids.get('admin')!, 'audit_exported');
    expect(exported.at(-1)!.newValues).toMatchObject({ filters: { action: 'payment_recorded', from: '2026-04-01', to: '2026-04-30' } });
    const bad = (await adminAuditCsv.loader({
      request: requestAs('admin', '/admin/audit.csv?to=yesterday'),
      params: {},
      context,
    } as never)) as Response;
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Enter a date as YYYY-MM-DD.');
  });

  it('the CSV export writes a user agent or table name that starts like a formula with a leading quote', async () => {
    const starts = ['=', '+', '-', '@', '\t', '\r'];
    await database.db.insert(auditLog).values(
      starts.map((start, index) => ({
        userId: visitors.ids.get('admin')!,
        action: 'payment_recorded',
        tableName: `${start}table`,
        newValues: { note: `${start}1+1` },
        userAgent: `${start}HYPERLINK("http://evil.example","ua${index}")`,
        createdAt: sql`${`2026-05-0${index + 1}T08:00:00Z`}::timestamptz`,
      })),
    );
    const response = (await adminAuditCsv.loader({
      request: requestAs('admin', '/admin/audit.csv?action=payment_recorded&from=2026-05-01&to=2026-05-31'),
      params: {},
      context,
    } as never)) as Response;
    expect(response.status).toBe(200);
    const rows = parse(await response.text(), { columns: true }) as Record<string, string>[];
    // Newest first.
    const expected = starts.map((start, index) => ({ start, index })).reverse();
    expect(rows.map((row) => row.user_agent)).toEqual(
      expected.map(({ start, index }) => `'${start}HYPERLINK("http://evil.example","ua${index}")`),
    );
    expect(rows.map((row) => row.table_name)).toEqual(expected.map(({ start }) => `'${start}table`));
    // The details are one JSON object: it starts with `{`, and the note inside cannot run.
    for (const row of rows) expect(row.details!.startsWith('{')).toBe(true);
  });
});

describe('demo entries', () => {
  it('the seed writes 48 demo entries once', async () => {
    expect(await seedDemoAudit({ db: database.db })).toBe(48);
    expect(await seedDemoAudit({ db: database.db })).toBe(0);
    const [row] = await database.db
      .select({ n: count() })
      .from(auditLog)
      .where(sql`${auditLog.newValues}->>'demo' = 'true'`);
    expect(row!.n).toBe(48);
  });
});
