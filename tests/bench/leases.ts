/**
 * `npm run bench` (leases part; decision 022 "Numbers"): on the 75,000-unit scratch database
 * (PGlite, and PostgreSQL when DATABASE_URL is set) with 50,000 active leases and 12 months of
 * history (≈ 600,000 charges, 550,000 payments and allocations, added once by SQL; ≈ 225 of the
 * newest payments are bank debits still in flight, decision 050), times the
 * month's rent job and the late-fee job (first run and a second, idempotent one), and the late-fee
 * job with a daily company rule (decision 051: posted, raised a day later, run again that day;
 * target ≤ 60 s PGlite, ≤ 30 s PostgreSQL each), then measures every path of /admin/tenants (default, a name, an e-mail, a unit,
 * balance due, ending within 30 days, a building, a page 1,000 rows deep), /admin/payments
 * (default and each filter), a tenant's /tenant-portal (target p95 ≤ 50 ms) and /admin/reports
 * (decisions 058 and 060: each report's default view, one building, the portfolio's year, deep pages,
 * occupancy over twelve months;
 * target p95 ≤ 300 ms), as the data
 * requests a browser sends for them (`.data?_routes=<page>`), one request at a time (what one
 * person waits) and with --connections concurrent clients (throughput on this machine). Not a
 * test: it prints.
 *
 * The bench tenants have ordinary names ("Olivia Rossi", e-mail `olivia.rossi.42@…`): 30 first
 * names × 30 last names, so a full name matches ≈ 55 tenants, like a real directory. (Earlier
 * runs named them all "Bench Tenant N", where every name shares two words — a search no real
 * directory sees; the trigram indexes then read every entry of those words.)
 *
 * Options: --duration S (default 5), --connections N (default 4), --units N (default 75000), --fresh.
 */
import { openDatabase } from '../../app/server/db/client.server';
import { createVerifiedUser } from '../../app/server/auth/create-user.server';
import { postDueRent, postLateFees } from '../../app/features/ledger/rent-jobs.server';
import { settleOwnerMonth, shiftMonth } from '../../app/features/owners/owner-settlement.server';
import { generateDueOwnerStatements } from '../../app/features/owners/owner-statements.server';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../app/server/db/rows.server';
import { FIRST_NAMES } from '../../app/server/db/seed/person-names';
import { benchDataRequests, databaseTarget, loadArgs, printDataRequestTable, signInBench, signInBenchAdmin } from './lib';

const { duration, connections } = loadArgs();
const LEASES = 50_000;
const LAST_NAMES = [
  'Rossi',
  'Nguyen',
  'Carter',
  'Patel',
  'Bianchi',
  'Kim',
  'Alvarez',
  'Brooks',
  'Ferrari',
  'Ward',
  'Hughes',
  'Sullivan',
  'Romano',
  'Costa',
  'Okafor',
  'Schmidt',
  'Haddad',
  'Tanaka',
  'Moreau',
  'Silva',
  'Novak',
  'Larsen',
  'Byrne',
  'Reyes',
  'Ricci',
  'Greco',
  'Fischer',
  'Dubois',
  'Yilmaz',
  'Kowalski',
];
/** The first and last name of bench tenant `i` (SQL, `i` an integer expression). */
const benchName = (i: string) => ({
  first: sql.raw(`(array[${FIRST_NAMES.map((n) => `'${n}'`).join(',')}])[1 + ${i} % ${FIRST_NAMES.length}]`),
  last: sql.raw(`(array[${LAST_NAMES.map((n) => `'${n}'`).join(',')}])[1 + (${i} / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}]`),
});
/** Bench tenant 4242's name and e-mail (the searches below look for them). */
const SEARCHED = {
  name: `${FIRST_NAMES[4242 % 30]} ${LAST_NAMES[Math.floor(4242 / 30) % 30]}`,
  email: `${FIRST_NAMES[4242 % 30]!.toLowerCase()}.${LAST_NAMES[Math.floor(4242 / 30) % 30]!.toLowerCase()}.4242@`,
};
const BENCH_TENANT = { email: 'bench-tenant@dimora.test', password: 'bench-lodger-pass-1' };
/** The owner portal's account (decision 061): the owner of record of `BENCH_OWNER_BUILDINGS`. */
const BENCH_OWNER = { email: 'bench-owner@dimora.test', password: 'bench-landlord-pass-1' };
const BENCH_OWNER_BUILDINGS = [7, 8, 9];

/**
 * Makes the bench owner (once): an owner record linked to `BENCH_OWNER`'s account holding buildings
 * 7–9 under an 8 % agreement since thirteen months ago, with the twelve ended months settled
 * through the real settlement and their statements made, as the job would have done.
 */
async function ensureOwner(env: Record<string, string>): Promise<void> {
  const database = await openDatabase(databaseTarget(env));
  try {
    const db = database.db;
    const found = rowsOf<{ id: number }>(await db.execute(sql`select id from owner where email = ${BENCH_OWNER.email}`));
    if (found.length > 0) return;
    const started = performance.now();
    const account = await createVerifiedUser(db, { ...BENCH_OWNER, name: 'Bench Owner', role: 'owner' });
    const [record] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into owner (kind, name, email, user_id) values ('company', 'Bench Holdings LLC', ${BENCH_OWNER.email}, ${account.id}) returning id`,
      ),
    );
    const month = new Date().toISOString().slice(0, 7);
    for (const buildingId of BENCH_OWNER_BUILDINGS) {
      await db.execute(sql`update building set owner_id = ${record!.id} where id = ${buildingId}`);
      await db.execute(sql`
        insert into management_agreement (building_id, fee_percent_bp, reserve_cents, distribution_day, starts_on)
        values (${buildingId}, 800, 500000, 1, ${`${shiftMonth(month, -13)}-01`}::date)`);
      for (let back = 12; back >= 1; back -= 1) await settleOwnerMonth(db, { buildingId, month: shiftMonth(month, -back) });
    }
    const statements = await generateDueOwnerStatements(db, { months: 13, email: false });
    console.log(
      `  bench owner: 3 buildings, 36 months settled, ${statements} statements in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

/** Adds the bench leases and their history once (kept in the scratch database). */
async function ensureLeases(env: Record<string, string>): Promise<void> {
  const database = await openDatabase(databaseTarget(env));
  try {
    const db = database.db;
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from lease where status = 'active' and tenant_id like 'bench-%'`),
    );
    if (Number(n) >= LEASES) {
      await renameBenchTenants(db);
      await sendBenchDebits(db);
      return;
    }
    const started = performance.now();
    const month = sql`date_trunc('month', now())::date`;
    await db.execute(sql`
      create temporary table bench_units as
      select p.id as property_id, p.building_id, p.price, row_number() over (order by p.id) as i
      from property p
      where not exists (select 1 from lease l where l.property_id = p.id and l.status in ('draft', 'sent', 'signed', 'active'))
      order by p.id limit ${LEASES}`);
    await db.execute(sql`
      insert into "user" (id, email, name, email_verified, role)
      select 'bench-' || i, 'bench.tenant.' || i || '@bench.dimora.test', 'Bench Tenant ' || i, true, 'tenant' from bench_units
      on conflict do nothing`);
    // (renamed to ordinary names below, once the leases exist)
    await db.execute(sql`
      insert into lease (property_id, tenant_id, start_date, end_date, monthly_rent_cents, deposit_cents, status, sent_at, countersigned_at)
      select property_id, 'bench-' || i, (${month} - interval '12 months')::date, (${month} + interval '12 months' + (i % 300) * interval '1 day')::date,
        price * 100, price * 100, 'active', now(), now()
      from bench_units`);
    await db.execute(sql`
      insert into lease_tenant (lease_id, role, email, name, user_id, signed_at, signature_name)
      select l.id, 'primary', u.email, u.name, u.id, now(), u.name from lease l join "user" u on u.id = l.tenant_id where l.tenant_id like 'bench-%'`);
    await db.execute(sql`update property set status = 'leased' where id in (select property_id from bench_units)`);
    await db.execute(sql`
      insert into charge (lease_id, kind, amount_cents, allocated_cents, due_date, period, status)
      select l.id, 'rent', l.monthly_rent_cents, case when m < 11 or l.id % 10 <> 0 then l.monthly_rent_cents else 0 end,
        (l.start_date + m * interval '1 month')::date, to_char(l.start_date + m * interval '1 month', 'YYYY-MM'),
        (case when m < 11 or l.id % 10 <> 0 then 'paid' else 'open' end)::charge_status
      from lease l cross join generate_series(0, 11) m where l.tenant_id like 'bench-%'`);
    await db.execute(sql`
      insert into payment (payer_id, lease_id, building_id, kind, method, amount_cents, status, provider, provider_ref, card_brand, card_last4, idempotency_key, settled_at, created_at)
      select l.tenant_id, l.id, p.building_id, 'rent', (case when c.id % 3 = 0 then 'autopay' when c.id % 7 = 0 then 'check' else 'card' end)::payment_method_kind,
        c.amount_cents, 'succeeded', 'sandbox', 'sbx_ch_bench' || c.id, 'visa', '4242', 'bench:' || c.id, c.due_date + interval '2 hours', c.due_date + interval '2 hours'
      from charge c join lease l on l.id = c.lease_id join property p on p.id = l.property_id
      where l.tenant_id like 'bench-%' and c.status = 'paid'`);
    await db.execute(sql`
      insert into ledger_allocation (charge_id, payment_id, amount_cents)
      select substring(p.idempotency_key from 7)::bigint, p.id, p.amount_cents from payment p where p.idempotency_key like 'bench:%'`);
    const existing = rowsOf(await db.execute(sql`select id from "user" where email = ${BENCH_TENANT.email}`));
    if (existing.length === 0) await createVerifiedUser(db, { ...BENCH_TENANT, name: 'Bench Payer', role: 'tenant' });
    await db.execute(sql`
      update lease_tenant set user_id = (select id from "user" where email = ${BENCH_TENANT.email}), email = ${BENCH_TENANT.email}
      where lease_id = (select min(id) from lease where tenant_id like 'bench-%')`);
    await renameBenchTenants(db);
    await sendBenchDebits(db);
    for (const table of ['lease', 'lease_tenant', 'charge', 'payment', 'ledger_allocation', '"user"'])
      await db.execute(sql.raw(`ANALYZE ${table}`));
    console.log(
      `  added ${LEASES.toLocaleString('en-US')} leases with 12 months of history in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await database.close();
  }
}

/** Gives the bench tenants ordinary names and e-mails (once; see the module note). */
async function renameBenchTenants(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<void> {
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from "user" where id = 'bench-1' and name like 'Bench Tenant %'`),
  );
  if (Number(n) === 0) return;
  const { first, last } = benchName(`substring(id from 7)::int`);
  await db.execute(sql`
    update "user" set name = ${first} || ' ' || ${last}, email = lower(${first} || '.' || ${last}) || '.' || substring(id from 7) || '@bench.dimora.test'
    where id ~ '^bench-[0-9]+$' and name like 'Bench Tenant %'`);
  await db.execute(
    sql`update lease_tenant t set name = u.name, email = u.email from "user" u where u.id = t.user_id and u.id ~ '^bench-[0-9]+$' and t.name like 'Bench Tenant %'`,
  );
  for (const table of ['lease_tenant', '"user"']) await db.execute(sql.raw(`ANALYZE ${table}`));
}

/**
 * Puts the newest month's bench payments by card or autopay of 1 lease in 200 (≈ 0.5 %, ≈ 225 rows) in
 * flight as bank debits (decision 050): the payment `processing`, unsettled, from the sandbox's
 * test account, and the charge it covers `processing`. Older months stay settled, so
 * `/admin/payments?status=processing` reads a few real rows among 550,000. Once: a database that
 * has them already is left alone.
 */
async function sendBenchDebits(db: Awaited<ReturnType<typeof openDatabase>>['db']): Promise<void> {
  const sent = rowsOf<{ id: number }>(
    await db.execute(sql`
      update payment set status = 'processing', settled_at = null, card_brand = 'Sandbox Bank', card_last4 = '6789',
        method = (case when method = 'card' then 'bank_debit' else method end)::payment_method_kind
      where idempotency_key like 'bench:%' and lease_id % 200 = 1 and method in ('card', 'autopay')
        and created_at = (select max(created_at) from payment where idempotency_key like 'bench:%')
        and not exists (select 1 from payment where idempotency_key like 'bench:%' and status = 'processing')
      returning id`),
  );
  if (sent.length === 0) return;
  await db.execute(sql`
    update charge set status = 'processing'
    where status = 'paid' and id in (select a.charge_id from ledger_allocation a join payment p on p.id = a.payment_id
      where p.idempotency_key like 'bench:%' and p.status = 'processing')`);
  for (const table of ['payment', 'charge']) await db.execute(sql.raw(`ANALYZE ${table}`));
}

type JobTiming = { firstS: number; secondS: number; posted: number };
/** The late-fee job with a daily rule: posted on the fee day, raised the next day, and that day again (nothing). */
type DailyTiming = { firstS: number; posted: number; growS: number; grown: number; againS: number; again: number };

/** Seconds `run` takes. */
async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await run();
  return [result, (performance.now() - started) / 1000];
}

/**
 * Times the month's rent job and the late-fee job, each twice (the second run posts nothing), each
 * lease on its building's local date (decision 047), then removes what they posted. The late fees
 * are timed on the 10th, when the grace period of this month's rent has passed and every rent
 * still open is fee'd. Then, those fees removed, the late-fee job with a daily company rule of
 * $15 a day within 10% of rent (decision 051) on the 10th (it posts them), the 11th (it raises
 * every open daily fee below its cap) and the 11th again (nothing).
 */
async function timeRentJobs(env: Record<string, string>): Promise<{ rent: JobTiming; lateFees: JobTiming; daily: DailyTiming }> {
  const database = await openDatabase(databaseTarget(env));
  try {
    const now = new Date();
    const period = now.toISOString().slice(0, 7);
    // What the server of an earlier run posted when an hourly job fell due (the history has no
    // late fees and no rent of this month), or the jobs below would have nothing to post.
    await database.db.execute(
      sql`delete from charge where (kind = 'late_fee' or (kind = 'rent' and period = ${period})) and lease_id in (select id from lease where tenant_id like 'bench-%')`,
    );
    const [posted, firstS] = await timed(() => postDueRent({ db: database.db, now, dueDay: 1 }));
    const [, secondS] = await timed(() => postDueRent({ db: database.db, now, dueDay: 1 }));
    const feeDay = new Date(`${period}-10T12:00:00Z`);
    const feeArgs = {
      db: database.db,
      now: feeDay,
      companyRule: { graceDays: 5, kind: 'flat', frequency: 'once', amountCents: 5_000, percent: 0, capCents: 0, capPercent: 0 } as const,
    };
    const [fees, feeFirstS] = await timed(() => postLateFees(feeArgs));
    const [, feeSecondS] = await timed(() => postLateFees(feeArgs));
    const removeAdded = (kinds: string[]) =>
      database.db.execute(
        sql`delete from charge where kind in ${kinds} and created_at >= ${now.toISOString()}::timestamptz and lease_id in (select id from lease where tenant_id like 'bench-%')`,
      );
    await removeAdded(['late_fee']);
    const daily = {
      ...feeArgs,
      companyRule: { graceDays: 5, kind: 'flat', frequency: 'daily', amountCents: 1_500, percent: 0, capCents: 0, capPercent: 10 } as const,
    };
    const nextDay = { ...daily, now: new Date(feeDay.getTime() + 86_400_000) };
    const [dailyPosted, dailyFirstS] = await timed(() => postLateFees(daily));
    const [grown, growS] = await timed(() => postLateFees(nextDay));
    const [again, againS] = await timed(() => postLateFees(nextDay));
    await removeAdded(['rent', 'late_fee']);
    return {
      rent: { firstS, secondS, posted },
      lateFees: { firstS: feeFirstS, secondS: feeSecondS, posted: fees },
      daily: { firstS: dailyFirstS, posted: dailyPosted, growS, grown, againS, again },
    };
  } finally {
    await database.close();
  }
}

/** The cursor of a directory page about 1,000 rows deep (the 40th page of 25). */
async function deepCursor(env: Record<string, string>): Promise<{ tenants: string; rentRoll: string }> {
  const database = await openDatabase(databaseTarget(env));
  try {
    const [row] = rowsOf<{ lease_id: number; id: number }>(
      await database.db.execute(
        sql`select t.lease_id, t.id from lease l join lease_tenant t on t.lease_id = l.id where l.status in ('active', 'signed', 'ended', 'terminated') order by l.id desc, t.id offset 999 limit 1`,
      ),
    );
    // The rent roll's keyset position 1,000 units deep (building, then unit number).
    const [unit] = rowsOf<{ building_id: number; unit_number: string }>(
      await database.db.execute(sql`select building_id, unit_number from property order by building_id, unit_number offset 999 limit 1`),
    );
    return {
      tenants: row ? `${row.lease_id}.${row.id}` : '',
      rentRoll: unit ? `${unit.building_id}_${encodeURIComponent(unit.unit_number)}` : '',
    };
  } finally {
    await database.close();
  }
}

/**
 * Brings the scratch database to the current schema and leaves the general ledger as production
 * keeps it (decision 059): the month totals the bench's postings added folded (the hourly job's
 * work), the charges and totals vacuumed and analyzed and the journal analyzed (autovacuum's), so the reports read
 * what they would on a live system.
 */
async function settleLedger(env: Record<string, string>): Promise<void> {
  const database = await openDatabase(databaseTarget(env));
  try {
    await database.migrate();
    await database.db.execute(sql`select gl_compact_month_totals()`);
    // The job timings above post and delete some 150,000 charges: their dead rows would fill the
    // open-charge index that the aging reads until autovacuum passes (PGlite has none).
    await database.db.execute(sql`VACUUM ANALYZE charge`);
    await database.db.execute(sql`VACUUM ANALYZE gl_month_total`);
    // The journal the bench's leases and jobs wrote (millions of lines): autovacuum's ANALYZE.
    await database.db.execute(sql`ANALYZE journal_line`);
    await database.db.execute(sql`ANALYZE journal_entry`);
  } finally {
    await database.close();
  }
}

/** `YYYY-MM` of the month `count` months before this one (UTC). */
function monthsAgo(count: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count, 1)).toISOString().slice(0, 7);
}

async function main() {
  const jobs: Array<{ kind: string; rent: JobTiming; lateFees: JobTiming; daily: DailyTiming }> = [];
  const rows = await benchDataRequests({
    label: `${LEASES.toLocaleString('en-US')} active leases`,
    firstPort: 3480,
    pad: 28,
    setup: async (env, kind) => {
      await ensureLeases(env);
      const job = await timeRentJobs(env);
      jobs.push({ kind, ...job });
      console.log(
        `  rent job: ${job.rent.posted.toLocaleString('en-US')} rents in ${job.rent.firstS.toFixed(1)} s; again ${job.rent.secondS.toFixed(1)} s; ` +
          `late fees: ${job.lateFees.posted.toLocaleString('en-US')} in ${job.lateFees.firstS.toFixed(1)} s; again ${job.lateFees.secondS.toFixed(1)} s`,
      );
      console.log(`  daily late fees: ${dailyLine(job.daily)}`);
      await settleLedger(env);
      await ensureOwner(env);
      return deepCursor(env);
    },
    paths: async (base, { tenants: deep, rentRoll: rentRollDeep }) => {
      const admin = { cookie: await signInBenchAdmin(base) };
      const tenant = { cookie: await signInBench(base, BENCH_TENANT) };
      const owner = { cookie: await signInBench(base, BENCH_OWNER) };
      return [
        ['tenants (default)', '/admin/tenants', admin],
        ['tenants: name', `/admin/tenants?q=${encodeURIComponent(SEARCHED.name)}`, admin],
        ['tenants: e-mail', `/admin/tenants?q=${encodeURIComponent(SEARCHED.email)}`, admin],
        ['tenants: unit', '/admin/tenants?q=12', admin],
        ['tenants: balance due', '/admin/tenants?due=1', admin],
        ['tenants: ending ≤ 30 days', '/admin/tenants?ending=30', admin],
        ['tenants: building', '/admin/tenants?building=7', admin],
        ['tenants: 1,000 rows deep', `/admin/tenants?after=${deep}`, admin],
        ['payments (default)', '/admin/payments', admin],
        ['payments: status failed', '/admin/payments?status=failed', admin],
        ['payments: status processing', '/admin/payments?status=processing', admin],
        ['payments: method check', '/admin/payments?method=check', admin],
        ['payments: building', '/admin/payments?building=7', admin],
        [
          'payments: date range',
          `/admin/payments?from=${new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`,
          admin,
        ],
        ['tenant portal', '/tenant-portal', tenant],
        // The reports (decision 058): each one's default view first, then its filters and the
        // whole portfolio's year.
        ['reports: income (default)', '/admin/reports', admin],
        ['reports: income, building', '/admin/reports?building=7', admin],
        ['reports: income, year', `/admin/reports?from=${monthsAgo(11)}&to=${monthsAgo(0)}`, admin],
        ['reports: income, building year', `/admin/reports?from=${monthsAgo(11)}&to=${monthsAgo(0)}&building=7`, admin],
        ['reports: cash flow', '/admin/reports?report=cash-flow', admin],
        ['reports: cash flow, building', '/admin/reports?report=cash-flow&building=7', admin],
        ['reports: cash flow, year', `/admin/reports?report=cash-flow&from=${monthsAgo(11)}&to=${monthsAgo(0)}`, admin],
        ['reports: trial balance', '/admin/reports?report=trial-balance', admin],
        ['reports: trial balance, bldg', '/admin/reports?report=trial-balance&building=7', admin],
        ['reports: ledger (trust cash)', '/admin/reports?report=ledger', admin],
        ['reports: ledger, building', '/admin/reports?report=ledger&building=7', admin],
        ['reports: ledger, year', `/admin/reports?report=ledger&from=${monthsAgo(11)}&to=${monthsAgo(0)}`, admin],
        [
          'reports: ledger, year deep',
          `/admin/reports?report=ledger&from=${monthsAgo(11)}&to=${monthsAgo(0)}&cursor=${monthsAgo(5)}-01_0`,
          admin,
        ],
        ['reports: ledger, deposits', '/admin/reports?report=ledger&account=2100', admin],
        ['reports: rent roll', '/admin/reports?report=rent-roll', admin],
        ['reports: rent roll, building', '/admin/reports?report=rent-roll&building=7', admin],
        ['reports: rent roll, deep', `/admin/reports?report=rent-roll&after=${rentRollDeep}`, admin],
        ['reports: aging', '/admin/reports?report=aging', admin],
        ['reports: aging, building', '/admin/reports?report=aging&building=7', admin],
        ['reports: aging, page 5', '/admin/reports?report=aging&page=5', admin],
        ['reports: maintenance', '/admin/reports?report=maintenance', admin],
        ['reports: maintenance, building', '/admin/reports?report=maintenance&building=7', admin],
        ['reports: maintenance, year', `/admin/reports?report=maintenance&from=${monthsAgo(11)}&to=${monthsAgo(0)}`, admin],
        ['reports: deposits', '/admin/reports?report=deposits', admin],
        ['reports: deposits, building', '/admin/reports?report=deposits&building=7', admin],
        ['reports: deposits, deep', `/admin/reports?report=deposits&after=${rentRollDeep}`, admin],
        ['reports: occupancy (12 months)', '/admin/reports?report=occupancy', admin],
        ['reports: occupancy, building', '/admin/reports?report=occupancy&building=7', admin],
        ['reports: vendor payments', '/admin/reports?report=vendor-payments', admin],
        ['reports: vendor pay, building', '/admin/reports?report=vendor-payments&building=7', admin],
        ['reports: vendor pay, last year', `/admin/reports?report=vendor-payments&year=${new Date().getUTCFullYear() - 1}`, admin],
        // Owners (decision 061): the owner's portal (three buildings), one building, the admin's list and owner page.
        ['owners: portal (3 buildings)', '/owner-portal', owner],
        ['owners: portal, building', `/owner-portal/buildings/${BENCH_OWNER_BUILDINGS[0]}`, owner],
        ['owners: admin list', '/admin/owners', admin],
        ['owners: admin search', '/admin/owners?q=bench', admin],
      ];
    },
    // The data request a browser sends when the person moves within the section (a filter, a
    // search, the next page): only the page's loader runs — the root and /admin layout keep
    // their data (their shouldRevalidate) — and it checks the session itself.
    // The ids of app/routes.ts (a staff page's is `<area>/<file>`): an unknown id would run every
    // loader of the path, the root's included.
    routeIdOf: (urlPath) => {
      if (urlPath.startsWith('/tenant-portal')) return 'routes/tenant-portal/_index';
      if (urlPath.startsWith('/owner-portal/buildings/')) return 'routes/owner-portal/buildings.$buildingId';
      if (urlPath.startsWith('/owner-portal')) return 'routes/owner-portal/_index';
      if (urlPath.startsWith('/admin/owners')) return 'routes/admin/owners';
      return `admin/${urlPath.split(/[/?]/)[2]}.tsx`;
    },
  });
  printDataRequestTable(
    `\nLeases at ${LEASES.toLocaleString('en-US')} active leases (data requests, ${duration} s each; target p95 ≤ 50 ms one at a time, reports ≤ 300 ms)`,
    connections,
    rows,
  );
  console.log('\nThe month’s rent and late-fee jobs, each lease on its building’s date (target ≤ 60 s PGlite, ≤ 30 s PostgreSQL):');
  for (const job of jobs) {
    for (const [name, timing] of [
      ['rents', job.rent],
      ['late fees', job.lateFees],
    ] as const)
      console.log(
        `  ${job.kind}: ${timing.posted.toLocaleString('en-US')} ${name} posted in ${timing.firstS.toFixed(1)} s; a second run ${timing.secondS.toFixed(1)} s (posts nothing)`,
      );
    console.log(`  ${job.kind}: daily late fees ${dailyLine(job.daily)}`);
  }
}

/** The daily rule's three runs in one line. */
function dailyLine({ firstS, posted, growS, grown, againS, again }: DailyTiming): string {
  return (
    `${posted.toLocaleString('en-US')} posted in ${firstS.toFixed(1)} s; a day later ${grown.toLocaleString('en-US')} raised in ${growS.toFixed(1)} s; ` +
    `that day again ${again.toLocaleString('en-US')} in ${againS.toFixed(1)} s`
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
