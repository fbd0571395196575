import { sql } from 'drizzle-orm';
import { openDatabase } from './app/server/db/client.server';
import { findVendorWorkOrders, findVendorBuildings, countVendorWorkOrders } from './app/features/work-orders/vendor-work-orders.server';
import { findAssignments, findVendorChoices } from './app/features/work-orders/assignments.server';
import { findInvoicesToReview } from './app/features/work-orders/invoices.server';
import { NO_VENDOR_FILTERS, NO_ASSIGNMENT_FILTERS } from './app/features/work-orders/work-orders.schemas';

let captured: { sql: string; params: unknown[] }[] = [];
const database = await openDatabase({ dataDir: process.argv[2], onQuery: (q, p) => captured.push({ sql: q, params: p }) });
const db = database.db;
const [u] = (await db.execute(sql`select user_id, id from vendor where email = 'bench-vendor@dimora.test'`) as any).rows;
const viewer = { id: u.user_id, role: 'vendor' as const };
const admin = { id: 'x', role: 'admin' as const };
const [place] = (await db.execute(sql`select w.building_id, b.city from work_order w join building b on b.id = w.building_id where w.vendor_id = ${u.id} group by 1,2 order by count(*) desc limit 1`) as any).rows;
const cases: [string, () => Promise<unknown>][] = [
  ['vendor default', () => findVendorWorkOrders({ db, viewer, filters: NO_VENDOR_FILTERS })],
  ['vendor completed', () => findVendorWorkOrders({ db, viewer, filters: { ...NO_VENDOR_FILTERS, status: 'completed' } })],
  ['vendor building', () => findVendorWorkOrders({ db, viewer, filters: { ...NO_VENDOR_FILTERS, buildingId: place.building_id } })],
  ['vendor city', () => findVendorWorkOrders({ db, viewer, filters: { ...NO_VENDOR_FILTERS, city: place.city } })],
  ['vendor q heater', () => findVendorWorkOrders({ db, viewer, filters: { ...NO_VENDOR_FILTERS, q: 'heater' } })],
  ['vendor q #id', () => findVendorWorkOrders({ db, viewer, filters: { ...NO_VENDOR_FILTERS, q: '#40000' } })],
  ['vendor buildings', () => findVendorBuildings({ db, viewer })],
  ['vendor counts', () => countVendorWorkOrders({ db, viewer })],
  ['admin default', () => findAssignments({ db, actor: admin, filters: NO_ASSIGNMENT_FILTERS })],
  ['admin overdue', () => findAssignments({ db, actor: admin, filters: { ...NO_ASSIGNMENT_FILTERS, overdue: true } })],
  ['admin vendor choices', () => findVendorChoices({ db, actor: admin })],
  ['admin invoices', () => findInvoicesToReview({ db, actor: admin })],
];
const explain = process.argv[3];
for (const [name, run] of cases) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < 5; i++) { const t = performance.now(); await run(); times.push(performance.now() - t); }
  times.sort((a, b) => a - b);
  console.log(name.padEnd(22), times.map((t) => t.toFixed(1)).join(' '));
  if (explain && name.includes(explain)) {
    captured = [];
    await run();
    for (const q of captured) {
      const client = (database as any).client ?? null;
      if (q.sql.startsWith("EXPLAIN")) continue; const res = await db.execute(sql.raw("EXPLAIN (ANALYZE, BUFFERS) " + q.sql.replace(/\$(\d+)/g, (_, n) => { const v = q.params[Number(n) - 1]; return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`; })));
      console.log(q.sql.slice(0, 200)); console.log((res as any).rows.map((r: any) => r['QUERY PLAN']).join('\n'));
    }
  }
}
await database.close();
