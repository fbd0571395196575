/**
 * The maintenance queue stays fast on a big table (decision 026 "Numbers", DESIGN §6): at
 * 20,000 requests every path of the queue — the default page, each filter, each order, a deep
 * keyset page, a manager's scope and the board's columns and counts — is answered through an
 * index of `maintenance_request` (migrations 0013 and 0016), never a sequential scan of it. The
 * statements the service sends are captured (`onQuery`) and EXPLAINed after ANALYZE. Runs on
 * PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMaintenanceBoard, findMaintenanceQueue } from '~/features/maintenance/queue.server';
import { DEFAULT_QUEUE_FILTERS, type QueueFilters } from '~/features/maintenance/queue.types';
import { createBuilding, createProperty, createUser } from '../setup/factories';
import { createTestDatabase, type TestDatabase } from '../setup/test-db';
import { createStatementRecorder, explainText } from '../setup/query-plans';

const REQUESTS = 20_000;
const BUILDINGS = 40;
const kind = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';

describe(`maintenance queue query plans at ${REQUESTS.toLocaleString('en-US')} requests (${kind})`, () => {
  let database: TestDatabase;
  const recorder = createStatementRecorder();
  let admin: Awaited<ReturnType<typeof createUser>>;
  let manager: Awaited<ReturnType<typeof createUser>>;
  let firstBuilding = 0;

  beforeAll(async () => {
    database = await createTestDatabase({ onQuery: recorder.onQuery });
    const db = database.db;
    admin = await createUser(db, { role: 'admin' });
    manager = await createUser(db, { role: 'property_manager' });
    for (let i = 0; i < BUILDINGS; i += 1) {
      // The manager runs 3 of the 40 buildings.
      const building = await createBuilding(db, { managerId: i % 13 === 0 ? manager.id : null });
      if (i === 0) firstBuilding = building.id;
      await createProperty(db, { buildingId: building.id });
    }
    // A year and a half of requests, newest last: most are closed; open ones are mostly recent
    // (a few old ones linger); 10 % emergencies, 30 % urgent; every tenth breached its target.
    await db.execute(sql`
      with units as (select id, building_id, (row_number() over (order by id) - 1)::int as n from property),
      rows as (
        select g,
          timestamptz '2026-11-20' - make_interval(mins => (${REQUESTS} - g) * 40) as created,
          case when g % 10 = 0 then 'emergency' when g % 10 < 4 then 'urgent' else 'routine' end as priority,
          case
            when (g > ${REQUESTS} - 1500 and g % 4 <> 0) or g % 250 = 0 then (array['submitted', 'triaged', 'scheduled', 'in_progress'])[1 + g % 4]
            when g % 20 = 1 then 'cancelled'
            when g > ${REQUESTS} - 2500 then 'completed'
            else 'closed' end as status
        from generate_series(1, ${REQUESTS}) g
      )
      insert into maintenance_request (property_id, building_id, category, priority, status, title, description, sla_due_at, first_response_at, sla_breached_at, created_at)
      select u.id, u.building_id,
        (array['plumbing', 'electrical', 'hvac', 'appliance', 'pest_control', 'locks_doors', 'structural', 'other'])[1 + (g / 7) % 8]::maintenance_category,
        r.priority::maintenance_priority, r.status::maintenance_status, 'Request ' || g, 'Something to fix.',
        r.created + case r.priority when 'emergency' then interval '4 hours' when 'urgent' then interval '24 hours' else interval '72 hours' end,
        case when r.status = 'submitted' then null else r.created + interval '2 hours' end,
        case when g % 10 = 5 then r.created + interval '5 hours' end,
        r.created
      from rows r join units u on u.n = r.g % ${BUILDINGS}`);
    await db.execute(sql`ANALYZE maintenance_request`);
    await db.execute(sql`ANALYZE building`);
    await db.execute(sql`ANALYZE property`);
  }, 180_000);

  afterAll(async () => {
    await database?.close();
  });

  /** The plans of the statements that read `maintenance_request` while `run` runs. */
  async function plansOf(run: () => Promise<unknown>): Promise<string[]> {
    const statements = (await recorder.capture(run)).filter((entry) => /from "maintenance_request"/i.test(entry.sql));
    expect(statements.length, 'the queue queries').toBeGreaterThan(0);
    const plans: string[] = [];
    for (const statement of statements) {
      plans.push(await explainText(database.db, statement));
    }
    return plans;
  }

  const queue = (filters: Partial<QueueFilters>, actor = admin) =>
    plansOf(() =>
      findMaintenanceQueue({
        db: database.db,
        actor,
        filters: { ...DEFAULT_QUEUE_FILTERS, ...filters },
        now: new Date('2026-11-20T00:00:00Z'),
      }),
    );

  /** An index of maintenance_request answers: no Seq Scan of the table. */
  function expectIndexed(plans: string[], index?: RegExp) {
    for (const plan of plans) {
      expect(plan, plan).not.toMatch(/Seq Scan on maintenance_request/);
      expect(plan, plan).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
      if (index) expect(plan, plan).toMatch(index);
    }
  }

  it('the default page (open, newest first) walks the open requests’ index backwards, without sorting', async () => {
    const [plan] = await queue({});
    expectIndexed([plan!], /Index Scan Backward using maintenance_open_created_idx/);
    expect(plan, plan).not.toMatch(/(?<!Incremental )Sort\b(?! Key| Method)/);
  });

  it('oldest first and response due soonest walk an index forwards', async () => {
    expectIndexed(await queue({ sort: 'oldest' }), /Index Scan using maintenance_open_created_idx/);
    expectIndexed(await queue({ sort: 'sla' }), /Index Scan using maintenance_open_sla_idx/);
  });

  it('a deep page starts at the cursor in the index', async () => {
    const [plan] = await queue({ status: 'all', after: { at: '2026-06-01T00:00:00.000000Z', id: 12_000 } });
    expectIndexed([plan!], /Index Cond: .*created_at/);
  });

  it.each<[string, Partial<QueueFilters>]>([
    ['a building', { buildingId: -1 }],
    ['a priority', { priority: 'emergency' }],
    ['a rare priority and category', { priority: 'emergency', category: 'pest_control' }],
    ['one status', { status: 'completed' }],
    ['every status', { status: 'all' }],
    ['closed, by response due', { status: 'closed', sort: 'sla' }],
    ['every status, by response due', { status: 'all', sort: 'sla' }],
    ['closed, oldest first', { status: 'closed', sort: 'oldest' }],
    ['an age, by response due', { age: 30, status: 'all', sort: 'sla' }],
    [
      'a rare priority and category among all, by response due',
      { priority: 'emergency', category: 'pest_control', status: 'all', sort: 'sla' },
    ],
    ['a category', { category: 'hvac' }],
    ['an age', { age: 7 }],
    ['breached', { breached: true }],
    ['breached among all, oldest first', { breached: true, status: 'all', sort: 'oldest' }],
    ['every status of a building, by response due', { buildingId: -1, status: 'all', sort: 'sla' }],
  ])('a filter (%s) is read through an index', async (_label, filters) => {
    const resolved = filters.buildingId === -1 ? { ...filters, buildingId: firstBuilding } : filters;
    expectIndexed(await queue(resolved));
  });

  it('a manager’s scope is an index condition', async () => {
    expectIndexed(await queue({}, manager));
    expectIndexed(await queue({ status: 'all' }, manager));
  });

  it('the board (one statement: each column’s count and cards) reads indexes', async () => {
    const plans = await plansOf(() =>
      findMaintenanceBoard({ db: database.db, actor: admin, filters: { ...DEFAULT_QUEUE_FILTERS, view: 'board' } }),
    );
    expect(plans).toHaveLength(1);
    expectIndexed(plans);
    const board = (filters: Partial<QueueFilters>, actor = admin) =>
      plansOf(() => findMaintenanceBoard({ db: database.db, actor, filters: { ...DEFAULT_QUEUE_FILTERS, ...filters, view: 'board' } }));
    expectIndexed(await board({ priority: 'emergency', sort: 'sla' }));
    expectIndexed(await board({ category: 'pest_control', age: 7 }));
    expectIndexed(await board({}, manager));
  });
});
