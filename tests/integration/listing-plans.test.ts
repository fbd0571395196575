/**
 * Every public listing path reads an index, at the marketing copy's 75,000 units (decision 024; DESIGN §6: "fast" is proven for every path a user can take, by EXPLAIN, never for one
 * hand-picked query). The demo generator's portfolio is bulk-inserted once; then every statement
 * the listing services really send (captured with `onQuery`) is run under EXPLAIN ANALYZE for
 *   sort (newest, price ↑, price ↓) × filter (none, capacity, price range, state, city,
 *   "City, ST", a building, and combinations) × page (1, 10, last) — on /properties and on
 *   /apartments (available units only) —, the home page's featured listings, and a unit's page
 *   (/property/{id}) with its building's other units.
 * A plan fails on a Seq Scan or a Bitmap Heap Scan of `property` (each reads every matching row,
 * whatever the page), on a Sort over more rows than the page (an Incremental Sort, or a Limit
 * over an ordered Index Scan, is what a page should cost), and when it reads more than a bound
 * of `property` entries that does not grow with the portfolio. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL. Decision 024 explains the indexes.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LISTING_COUNT_CAP, LISTING_PAGE_SIZE } from '~/lib/constants';
import { findFeaturedListings, findListings, findPublicProperty } from '~/features/listings/listings.server';
import { parseListingQuery } from '~/features/listings/listings.schemas';
import type { Db } from '~/server/db/client.server';
import { property } from '~/server/db/schema';
import { bulkInsertSql } from '~/server/db/seed/bulk-insert.server';
import { createUnitGenerator } from '~/server/db/seed/generate-units.server';
import { insertDemoBuildings } from '../setup/demo-portfolio';
import { createTestDatabase, type TestDatabase } from '../setup/test-db';
import { createStatementRecorder, inlineParams, type Captured } from '../setup/query-plans';

const kind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const UNITS = 75_000;
/**
 * The most rows one statement may take from its scans of `property` (rows returned plus rows a
 * filter threw away). The capped count stops at LISTING_COUNT_CAP + 1 matches and the deepest
 * page ends at the cap; a Seq Scan at this size reads 75,000.
 */
const MAX_ENTRIES_READ = 2 * (LISTING_COUNT_CAP + LISTING_PAGE_SIZE);
/**
 * The most 8 kB pages one statement may touch (buffer accesses, from EXPLAIN's BUFFERS): this
 * also counts index entries an index condition skips, which no row count shows. The deepest
 * page of a filtered search touches ≈ 150; one pass over the narrowest listing index ≈ 350, a
 * Seq Scan of `property` ≈ 10,000.
 */
const MAX_PAGES_TOUCHED = 250;

/** `db.execute` answers `{ rows }` on both drivers. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
};

function nodesOf(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodesOf)];
}

/** One line per node, indented, for failure messages. */
function describePlan(node: PlanNode, depth = 0): string {
  const on = node['Relation Name'] ? ` on ${node['Relation Name']}` : '';
  const using = node['Index Name'] ? ` using ${node['Index Name']}` : '';
  const removed = node['Rows Removed by Filter'] ? `, ${node['Rows Removed by Filter']} filtered out` : '';
  const line = `${'  '.repeat(depth)}${node['Node Type']}${using}${on} (${node['Actual Rows']} rows × ${node['Actual Loops']}${removed})`;
  return [line, ...(node.Plans ?? []).map((child) => describePlan(child, depth + 1))].join('\n');
}

async function explain(db: Db, statement: Captured): Promise<PlanNode> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql.raw(`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${inlineParams(statement)}`)),
  );
  const cell = Object.values(row!)[0];
  const json = (typeof cell === 'string' ? JSON.parse(cell) : cell) as Array<{ Plan: PlanNode }>;
  return json[0]!.Plan;
}

type Verdict = { problems: string[]; entriesRead: number; pages: number; plan: string };

/**
 * What is wrong with one plan: a Seq Scan or Bitmap Heap Scan of `property`, a Sort over more
 * than `pageRows` rows, more than MAX_ENTRIES_READ rows of `property` read or more than
 * MAX_PAGES_TOUCHED pages touched.
 */
function judge(root: PlanNode, pageRows: number): Verdict {
  const nodes = nodesOf(root);
  const problems: string[] = [];
  let entriesRead = 0;
  for (const node of nodes) {
    if (node['Relation Name'] === 'property') {
      if (node['Node Type'] === 'Seq Scan' || node['Node Type'] === 'Bitmap Heap Scan') problems.push(`${node['Node Type']} of property`);
      entriesRead +=
        (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) * node['Actual Loops'];
    }
    if (node['Node Type'] === 'Sort') {
      const input = (node.Plans ?? []).reduce((sum, child) => sum + child['Actual Rows'] * child['Actual Loops'], 0);
      if (input > pageRows) problems.push(`Sort over ${input} rows (the page has ${pageRows})`);
    }
  }
  if (entriesRead > MAX_ENTRIES_READ) problems.push(`${entriesRead} entries of property read (bound ${MAX_ENTRIES_READ})`);
  const pages = (root['Shared Hit Blocks'] ?? 0) + (root['Shared Read Blocks'] ?? 0);
  if (pages > MAX_PAGES_TOUCHED) problems.push(`${pages} pages touched (bound ${MAX_PAGES_TOUCHED})`);
  return { problems, entriesRead, pages, plan: describePlan(root) };
}

const SORTS = ['newest', 'price_asc', 'price_desc'] as const;
const PAGES = [
  ['page 1', 1],
  ['page 10', 10],
  // Clamped to the last page that exists (the count stops at LISTING_COUNT_CAP).
  ['the last page', 1_000_000],
] as const;
const FILTERS = [
  ['no filter', ''],
  ['capacity', 'capacity=4'],
  ['a price range', 'minPrice=800&maxPrice=3000'],
  ['a narrow price range', 'minPrice=1500&maxPrice=1600'],
  ['a state', 'location=TX'],
  ['a city', 'location=Austin'],
  ['"City, ST"', 'location=Austin, TX'],
  ['a small city', 'location=Boise'],
  ['a building', 'building=BUILDING'],
  ['capacity and a price range', 'capacity=2&minPrice=800&maxPrice=3000'],
  ['a state, capacity and a price range', 'location=TX&capacity=2&minPrice=1000&maxPrice=3500'],
  ['a city and capacity', 'location=Austin&capacity=4'],
  ['a city and a price cap', 'location=Denver&maxPrice=2500'],
  ['"City, ST" and a price range', 'location=Austin, TX&minPrice=800&maxPrice=3000'],
  ['a location that matches nothing', 'location=Atlantis'],
] as const;

describe(`public listing query plans at ${UNITS.toLocaleString('en-US')} units (${kind})`, () => {
  let database: TestDatabase;
  const recorder = createStatementRecorder();
  const judged = new Map<string, Verdict>();
  /** The largest building: its id for the building filter, one of its units for the detail page. */
  let largest: { id: number; unitId: number };

  /** Each statement `run` sends, judged by its EXPLAIN ANALYZE. */
  async function verdictsOf(run: () => Promise<unknown>, pageRows: number): Promise<Array<Verdict & { statement: string }>> {
    const verdicts = [];
    for (const statement of await recorder.capture(run)) {
      // The count is the same statement for every sort and page of a filter: judged once.
      const key = `${pageRows}:${inlineParams(statement)}`;
      let verdict = judged.get(key);
      if (!verdict) judged.set(key, (verdict = judge(await explain(database.db, statement), pageRows)));
      verdicts.push({ statement: statement.sql, ...verdict });
    }
    return verdicts;
  }

  function expectIndexed(verdicts: Array<Verdict & { statement: string }>) {
    for (const verdict of verdicts) expect(verdict.problems, `${verdict.statement}\n${verdict.plan}`).toEqual([]);
  }

  beforeAll(async () => {
    database = await createTestDatabase({ onQuery: recorder.onQuery });
    const db = database.db;
    // The demo generator's portfolio (≈ 1,400 buildings of 10–200 units in 94 cities of 23
    // states), inserted 1,000 rows per statement as the seed does; no leases or demo users. As
    // in any bulk load, the secondary indexes are built once afterwards (from their migrated
    // definitions) rather than kept up row by row: about a third less time.
    const plan = await insertDemoBuildings(db, UNITS);
    const indexes = rowsOf<{ name: string; definition: string }>(
      await db.execute(
        sql`SELECT indexname AS name, indexdef AS definition FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'property' AND indexname NOT IN ('property_pkey', 'property_building_unit_idx')`,
      ),
    );
    expect(indexes.map((index) => index.name)).toContain('property_created_idx');
    for (const index of indexes) await db.execute(sql.raw(`DROP INDEX "${index.name}"`));
    const generate = createUnitGenerator(42, plan);
    for (let from = 0; from < UNITS; from += 5_000) {
      await db.transaction(async (tx) => {
        for (let start = from; start < Math.min(UNITS, from + 5_000); start += 1_000) {
          await tx.execute(
            bulkInsertSql(
              property,
              Array.from({ length: Math.min(1_000, UNITS - start) }, (_, i) => generate(start + i)),
            ),
          );
        }
      });
    }
    for (const index of indexes) await db.execute(sql.raw(index.definition));
    // What the seed does after a bulk load (PGlite runs no autovacuum): statistics for the
    // planner and a visibility map, so that the covering indexes answer without the table.
    await db.execute(sql`VACUUM ANALYZE property`);
    await db.execute(sql`VACUUM ANALYZE building`);
    const [row] = rowsOf<{ id: number; unit_id: number }>(
      await db.execute(sql`
        SELECT building_id AS id, min(id)::int AS unit_id FROM property WHERE listed
        GROUP BY building_id ORDER BY count(*) DESC, building_id LIMIT 1`),
    );
    largest = { id: row!.id, unitId: row!.unit_id };
  }, 240_000);

  afterAll(async () => {
    await database?.close();
  });

  const matrix = FILTERS.flatMap(([filter, search]) =>
    SORTS.flatMap((sort) => PAGES.map(([pageLabel, page]) => [`${filter}, ${sort}, ${pageLabel}`, search, sort, page] as const)),
  );

  it.each(matrix)('/properties with %s reads property through indexes only', async (_label, search, sort, page) => {
    const params = new URLSearchParams(search.replace('BUILDING', String(largest.id)));
    params.set('sort', sort);
    params.set('page', String(page));
    const query = parseListingQuery(params);
    const verdicts = await verdictsOf(() => findListings({ db: database.db, query, lang: 'en' }), LISTING_PAGE_SIZE);
    expect(verdicts.length).toBeGreaterThanOrEqual(1);
    expectIndexed(verdicts);
  });

  it.each(matrix.filter(([, , , page]) => page !== 10))(
    '/apartments (available units only) with %s reads property through indexes only',
    async (_label, search, sort, page) => {
      const params = new URLSearchParams(search.replace('BUILDING', String(largest.id)));
      params.set('sort', sort);
      params.set('page', String(page));
      const verdicts = await verdictsOf(
        () => findListings({ db: database.db, query: parseListingQuery(params), lang: 'it', availableOnly: true }),
        LISTING_PAGE_SIZE,
      );
      expectIndexed(verdicts);
    },
  );

  it('the last page of a broad search is the page at the count cap, and reading it stays within the bound', async () => {
    const verdicts = await verdictsOf(
      () => findListings({ db: database.db, query: parseListingQuery(new URLSearchParams('page=1000000')), lang: 'en' }),
      LISTING_PAGE_SIZE,
    );
    const page = verdicts.find((verdict) => /offset/i.test(verdict.statement));
    expect(page, 'the page statement').toBeDefined();
    expect(page!.entriesRead).toBeGreaterThanOrEqual(LISTING_COUNT_CAP - LISTING_PAGE_SIZE);
    expect(page!.entriesRead).toBeLessThanOrEqual(MAX_ENTRIES_READ);
    expectIndexed(verdicts);
  });

  /** The judged plan of the statement of `verdicts` that matches `pattern` (the count or the page). */
  function statementOf(verdicts: Array<Verdict & { statement: string }>, pattern: RegExp) {
    const verdict = verdicts.find((candidate) => pattern.test(candidate.statement));
    expect(verdict, String(pattern)).toBeDefined();
    return verdict!;
  }

  it('a city with a price cap (/properties?location=Denver&maxPrice=2500) counts inside the city’s price index and reads its page from the newest index, both without the table', async () => {
    const verdicts = await verdictsOf(
      () => findListings({ db: database.db, query: parseListingQuery(new URLSearchParams('location=Denver&maxPrice=2500')), lang: 'en' }),
      LISTING_PAGE_SIZE,
    );
    expectIndexed(verdicts);
    const count = statementOf(verdicts, /count\(\*\)/);
    // The cap is an index condition: the count reads only the matching entries (at most the cap + 1).
    expect(count.plan).toMatch(/Index Only Scan using property_city_price_idx on property/);
    expect(count.entriesRead).toBeLessThanOrEqual(LISTING_COUNT_CAP + 1);
    const page = statementOf(verdicts, /page_ids/);
    expect(page.plan).toMatch(/Index Only Scan using property_city_created_idx on property/);
    // 12 ids from the index (the price is checked inside it), then those 12 rows by key.
    expect(page.entriesRead).toBeLessThanOrEqual(4 * LISTING_PAGE_SIZE);
  });

  it('a deep page of a state (/properties?location=TX&sort=newest&page=40) skips index entries of the state’s newest index, not table rows', async () => {
    const verdicts = await verdictsOf(
      () => findListings({ db: database.db, query: parseListingQuery(new URLSearchParams('location=TX&sort=newest&page=40')), lang: 'en' }),
      LISTING_PAGE_SIZE,
    );
    expectIndexed(verdicts);
    const count = statementOf(verdicts, /count\(\*\)/);
    expect(count.plan).toMatch(/Index Only Scan using property_state_(price|created)_idx on property/);
    expect(count.entriesRead).toBeLessThanOrEqual(LISTING_COUNT_CAP + 1);
    const page = statementOf(verdicts, /page_ids/);
    expect(page.plan).toMatch(/Index Only Scan using property_state_created_idx on property/);
    // The 39 skipped pages and the page itself come from the index; the table gives only 12 rows.
    expect(page.entriesRead).toBeLessThanOrEqual(40 * LISTING_PAGE_SIZE + 2 * LISTING_PAGE_SIZE);
    expect(page.entriesRead).toBeGreaterThanOrEqual(40 * LISTING_PAGE_SIZE);
  });

  it('the check itself flags a Seq Scan of property and a Sort of every row (so a passing plan means something)', async () => {
    const verdict = judge(
      await explain(database.db, { sql: 'SELECT id FROM property WHERE listed ORDER BY title LIMIT 12', params: [] }),
      LISTING_PAGE_SIZE,
    );
    expect(verdict.problems.join('\n')).toMatch(/Seq Scan of property/);
    expect(verdict.problems.join('\n')).toMatch(/Sort over \d{5} rows/);
    expect(verdict.entriesRead).toBeGreaterThan(UNITS * 0.9);
  });

  it('the home page’s featured listings read the newest available units from an index', async () => {
    const verdicts = await verdictsOf(() => findFeaturedListings({ db: database.db, lang: 'en', limit: 6 }), 6);
    expect(verdicts).toHaveLength(1);
    expect(verdicts[0]!.entriesRead).toBeLessThanOrEqual(60);
    expectIndexed(verdicts);
  });

  it('a unit’s page (/property/{id}) reads the unit by its key and its building’s other units from an index', async () => {
    const verdicts = await verdictsOf(() => findPublicProperty({ db: database.db, id: largest.unitId, lang: 'en' }), 6);
    expect(verdicts).toHaveLength(2);
    expect(verdicts[0]!.plan).toMatch(/property_pkey on property/);
    expectIndexed(verdicts);
  });
});
