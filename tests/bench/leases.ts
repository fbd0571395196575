/**
 * `npm run bench` (leases part; leases issue "Numbers"): on the 75,000-unit scratch database
 * (PGlite, and PostgreSQL when DATABASE_URL is set) with 50,000 active leases and 12 months of
 * history (≈ 600,000 charges, 550,000 payments and allocations, added once by SQL), times the
 * month's rent job (first run and a second, idempotent one; target ≤ 60 s PGlite, ≤ 30 s
 * PostgreSQL), then measures under load every path of /admin/tenants (default, a name, an e-mail,
 * a unit, balance due, ending within 30 days, a building, a deep page), /admin/payments (default
 * and each filter) and a tenant's /tenant-portal (target p95 ≤ 50 ms). Not a test: it prints.
 *
 * Options: --duration S (default 5), --connections N (default 4), --units N (default 75000), --fresh.
 */
import { openDatabase } from '../../app/server/db/client.server';
import { createVerifiedUser } from '../../app/server/auth/create-user.server';
import { postDueRent } from '../../app/features/ledger/rent-jobs.server';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../app/features/admin/admin.server';
import { benchAdminEnv, load, loadArgs, prepare, signInBenchAdmin, startServer, stopServer, type Stats } from './lib';

const { duration, connections, units, fresh } = loadArgs();
const LEASES = 50_000;
const BENCH_TENANT = { email: 'bench-tenant@dimora.test', password: 'bench-tenant-pass-1' };

function target(env: Record<string, string>) {
  return env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : { dataDir: env.DATA_DIR };
}

/** Adds the bench leases and their history once (kept in the scratch database). */
async function ensureLeases(env: Record<string, string>): Promise<void> {
  const database = await openDatabase(target(env));
  try {
    const db = database.db;
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from lease where status = 'active' and tenant_id like 'bench-%'`));
    if (Number(n) >= LEASES) return;
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
    for (const table of ['lease', 'lease_tenant', 'charge', 'payment', 'ledger_allocation', '"user"']) await db.execute(sql.raw(`ANALYZE ${table}`));
    console.log(`  added ${LEASES.toLocaleString('en-US')} leases with 12 months of history in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
}

/** Times the month's rent job twice (the second run posts nothing), then removes what it posted. */
async function timeRentJob(env: Record<string, string>): Promise<{ firstS: number; secondS: number; posted: number }> {
  const database = await openDatabase(target(env));
  try {
    const today = new Date().toISOString().slice(0, 10);
    let started = performance.now();
    const posted = await postDueRent({ db: database.db, today, dueDay: 1 });
    const firstS = (performance.now() - started) / 1000;
    started = performance.now();
    await postDueRent({ db: database.db, today, dueDay: 1 });
    const secondS = (performance.now() - started) / 1000;
    await database.db.execute(sql`delete from charge where kind = 'rent' and period = ${today.slice(0, 7)} and lease_id in (select id from lease where tenant_id like 'bench-%')`);
    return { firstS, secondS, posted };
  } finally {
    await database.close();
  }
}

async function signIn(base: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${base}/auth`, { method: 'POST', body: new URLSearchParams({ intent: 'sign-in', ...account }), redirect: 'manual' });
  return response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
}

async function main() {
  const kinds: Array<'pglite' | 'postgres'> = ['pglite', ...(process.env.DATABASE_URL ? (['postgres'] as const) : [])];
  const rows: Array<{ kind: string; target: string; stats: Stats }> = [];
  const jobs: Array<{ kind: string; firstS: number; secondS: number; posted: number }> = [];
  let port = 3480;
  for (const kind of kinds) {
    console.log(`\n${kind}, ${units.toLocaleString('en-US')} units, ${LEASES.toLocaleString('en-US')} active leases`);
    const env = await prepare(kind, units, { fresh });
    await ensureLeases(env);
    const job = await timeRentJob(env);
    jobs.push({ kind, ...job });
    console.log(`  rent job: ${job.posted.toLocaleString('en-US')} rents in ${job.firstS.toFixed(1)} s; again ${job.secondS.toFixed(1)} s`);
    const server = await startServer({ ...env, ...benchAdminEnv }, ++port);
    const base = `http://127.0.0.1:${port}`;
    try {
      const admin = { cookie: await signInBenchAdmin(base) };
      const tenant = { cookie: await signIn(base, BENCH_TENANT) };
      const paths: [string, string, Record<string, string>][] = [
        ['tenants (default)', '/admin/tenants', admin],
        ['tenants: name', '/admin/tenants?q=Bench%20Tenant%2012345', admin],
        ['tenants: e-mail', '/admin/tenants?q=bench.tenant.4242%40', admin],
        ['tenants: unit', '/admin/tenants?q=12', admin],
        ['tenants: balance due', '/admin/tenants?due=1', admin],
        ['tenants: ending ≤ 30 days', '/admin/tenants?ending=30', admin],
        ['tenants: building', '/admin/tenants?building=7', admin],
        ['tenants: deep page (40)', '/admin/tenants?page=40', admin],
        ['payments (default)', '/admin/payments', admin],
        ['payments: status failed', '/admin/payments?status=failed', admin],
        ['payments: method check', '/admin/payments?method=check', admin],
        ['payments: building', '/admin/payments?building=7', admin],
        ['payments: date range', `/admin/payments?from=${new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`, admin],
        ['tenant portal', '/tenant-portal', tenant],
      ];
      for (const [name, urlPath, headers] of paths) {
        const data = urlPath.replace(/(\/[^?]*)/, '$1.data');
        const stats = await load(`${base}${data}`, { connections, duration, headers });
        rows.push({ kind, target: name, stats });
        const ms = (value: number) => (Number.isFinite(value) ? Math.round(value) : 'none finished');
        console.log(`  ${name.padEnd(32)} p50 ${ms(stats.p50)} ms  p95 ${ms(stats.p95)} ms  p99 ${ms(stats.p99)} ms  ${stats.rps.toFixed(0)} req/s  (${stats.errors} errors)`);
      }
    } finally {
      await stopServer(server);
    }
  }
  console.log(`\nLeases at ${LEASES.toLocaleString('en-US')} active leases (${connections} connections, ${duration} s each; data requests; target p95 ≤ 50 ms)`);
  console.log('| database | request | p50 ms | p95 ms | p99 ms | req/s |');
  console.log('|---|---|---:|---:|---:|---:|');
  const ms = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : 'none finished');
  for (const row of rows) console.log(`| ${row.kind} | ${row.target} | ${ms(row.stats.p50)} | ${ms(row.stats.p95)} | ${ms(row.stats.p99)} | ${row.stats.rps.toFixed(0)} |`);
  console.log('\nThe month’s rent job (target ≤ 60 s PGlite, ≤ 30 s PostgreSQL):');
  for (const job of jobs) console.log(`  ${job.kind}: ${job.posted.toLocaleString('en-US')} rents posted in ${job.firstS.toFixed(1)} s; a second run ${job.secondS.toFixed(1)} s (posts nothing)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
