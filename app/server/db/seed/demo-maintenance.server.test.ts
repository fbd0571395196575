/**
 * The maintenance demo data (decision 026): every screen has content on a fresh
 * start — requests, work orders and invoices in every state, vendors near expiry, a project in
 * bidding — and it stays consistent with the rules the services enforce.
 */
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../tests/setup/test-db';
import { createLocalStorage } from '~/server/uploads/storage.server';
import { createDemoAccounts } from './demo-accounts.server';
import { MAX_REQUESTS, seedDemoRepairPhotos } from './demo-repair-photos.server';
import { seedDatabase } from './seed.server';

const uploadsDir = path.join(os.tmpdir(), 'dimora-seed-test-uploads');
let database: TestDatabase;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function values(query: ReturnType<typeof sql>): Promise<string[]> {
  return (await rows<{ v: string }>(query)).map((row) => row.v);
}

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase({ db: database.db, units: 400, seed: 7, storage: createLocalStorage(uploadsDir) });
}, 180_000);

afterAll(async () => {
  await database?.close();
});

describe('demo maintenance data', () => {
  it('has requests, work orders and invoices in every state', async () => {
    expect(await values(sql`select distinct status::text as v from maintenance_request order by 1`)).toEqual([
      'cancelled',
      'closed',
      'completed',
      'in_progress',
      'scheduled',
      'submitted',
      'triaged',
    ]);
    expect(await values(sql`select distinct status::text as v from work_order order by 1`)).toEqual([
      'accepted',
      'completed',
      'declined',
      'in_progress',
      'offered',
      'scheduled',
    ]);
    expect(await values(sql`select distinct status::text as v from invoice order by 1`)).toEqual([
      'approved',
      'paid',
      'rejected',
      'submitted',
    ]);
    expect(await values(sql`select distinct priority::text as v from maintenance_request order by 1`)).toEqual([
      'emergency',
      'routine',
      'urgent',
    ]);
  });

  it('keeps the model’s rules: requests on their tenant’s unit, one open work order per request, totals that add up, payouts for paid invoices', async () => {
    expect(
      await values(
        sql`select count(*)::text as v from maintenance_request m join lease l on l.id = m.lease_id where l.property_id <> m.property_id or l.tenant_id <> m.tenant_id`,
      ),
    ).toEqual(['0']);
    expect(
      await values(
        sql`select count(*)::text as v from maintenance_request m join property p on p.id = m.property_id where p.building_id is distinct from m.building_id`,
      ),
    ).toEqual(['0']);
    expect(
      await values(
        sql`select count(*)::text as v from invoice i where i.subtotal_cents <> (select sum(amount_cents) from invoice_line l where l.invoice_id = i.id)`,
      ),
    ).toEqual(['0']);
    expect(
      await values(
        sql`select count(*)::text as v from invoice i where (i.status = 'paid') <> exists (select 1 from payout p where p.invoice_id = i.id)`,
      ),
    ).toEqual(['0']);
    // Money moves in the past only: no payout dated after the seed's moment.
    expect(await values(sql`select count(*)::text as v from payout where paid_at > now()`)).toEqual(['0']);
    // Work only ever went to vendors who could take it when it was offered: approved and insured.
    expect(
      await values(
        sql`select count(*)::text as v from work_order w join vendor v on v.id = w.vendor_id where v.status <> 'approved' or v.insurance_verified_at is null`,
      ),
    ).toEqual(['0']);
    // Every request's timeline starts with its submission and ends at its status.
    expect(
      await values(sql`
      select count(*)::text as v from maintenance_request m
      where not exists (select 1 from maintenance_event e where e.request_id = m.id and e.kind = 'submitted')
         or m.status <> coalesce((select e.to_status from maintenance_event e where e.request_id = m.id and e.to_status is not null order by e.created_at desc, e.id desc limit 1), 'submitted')`),
    ).toEqual(['0']);
    expect(await values(sql`select count(*)::text as v from maintenance_request where sla_breached_at is not null`)).not.toEqual(['0']);
  });

  it('has vendors to review and insurance about to expire', async () => {
    const vendors = await rows<{ status: string; n: number }>(
      sql`select status::text as status, count(*)::int as n from vendor group by 1 order by 1`,
    );
    expect(vendors).toEqual([
      { status: 'approved', n: 22 },
      { status: 'pending', n: 2 },
      { status: 'rejected', n: 1 },
      { status: 'suspended', n: 1 },
    ]);
    expect(
      await values(
        sql`select count(*)::text as v from vendor where status = 'approved' and insurance_expiry between current_date and current_date + 30`,
      ),
    ).toEqual(['2']);
    expect(await values(sql`select count(*)::text as v from vendor where status = 'approved' and insurance_expiry < current_date`)).toEqual(
      ['1'],
    );
    expect(await values(sql`select count(*)::text as v from vendor where rating_count > 0`)).not.toEqual(['0']);
  });

  it('has capital projects in every stage, one open for bids', async () => {
    expect(await values(sql`select distinct status::text as v from project order by 1`)).toEqual([
      'awarded',
      'bidding',
      'completed',
      'in_progress',
      'planned',
    ]);
    expect(
      await values(sql`select count(*)::text as v from bid b join project p on p.id = b.project_id where p.status = 'bidding'`),
    ).toEqual(['2']);
    expect(await values(sql`select count(*)::text as v from bid where status = 'awarded'`)).toEqual(['3']);
  });

  it('gives the demo vendor account the seeded vendor with the most work, and the demo tenant its requests', async () => {
    const accounts = await createDemoAccounts({ db: database.db });
    const vendorAccount = accounts.find((account) => account.role === 'vendor')!;
    expect(vendorAccount.detail).toMatch(/^vendor #\d+, approved$/);
    const orders = await values(
      sql`select count(*)::text as v from work_order w join vendor v on v.id = w.vendor_id join "user" u on u.id = v.user_id where u.email = 'vendor@demo.dimora.example'`,
    );
    expect(Number(orders[0])).toBeGreaterThan(0);
    // …and an invitation to the project open for bids, so its "Projects to bid on" is not empty.
    const invited = await values(
      sql`select count(*)::text as v from project_vendor pv join project p on p.id = pv.project_id join vendor v on v.id = pv.vendor_id join "user" u on u.id = v.user_id where p.status = 'bidding' and u.email = 'vendor@demo.dimora.example'`,
    );
    expect(invited).toEqual(['1']);
    const orphans = await values(sql`select count(*)::text as v from maintenance_request where tenant_id is null`);
    expect(orphans).toEqual(['0']);
  });

  it('attaches private repair photos to requests and completed work orders, recorded as their owners’ documents, once (decision 056)', async () => {
    const storage = createLocalStorage(path.join(os.tmpdir(), `dimora-repair-photos-${process.pid}`));
    const first = await seedDemoRepairPhotos({ db: database.db, storage });
    expect(first.requests).toBeGreaterThan(5);
    expect(first.requests).toBeLessThanOrEqual(MAX_REQUESTS);
    expect(first.workOrders).toBeGreaterThan(0);
    expect(first.files).toBe((first.requests + first.workOrders) * 3);

    // Each photo URL is a private file, stored, and recorded as a photo of the row that shows it
    // (what /files checks the viewer's scope against).
    const shown = await rows<{ owner_type: string; owner_id: string; url: string }>(sql`
      select 'maintenance_request' as owner_type, id::text as owner_id, unnest(photo_urls) as url from maintenance_request
      union all
      select 'work_order', work_order_id::text, unnest(photo_urls) from work_order_event where photo_phase = 'after'`);
    expect(shown).toHaveLength(first.requests + first.workOrders);
    for (const photo of shown) {
      expect(photo.url).toMatch(/^\/files\/private\/photos\/[0-9a-f]{2}\/[0-9a-f]{32}-1200\.webp$/);
      const key = photo.url.slice('/files/'.length);
      expect((await storage.get(key))?.size, key).toBeGreaterThan(1_000);
      const [recorded] = await rows<{ owner_type: string; owner_id: string }>(
        sql`select owner_type, owner_id from document where kind = 'photo' and storage_key = ${key}`,
      );
      expect(recorded).toEqual({ owner_type: photo.owner_type, owner_id: photo.owner_id });
    }
    // The demo vendor account (the busiest vendor) has some of them.
    const [vendorPhotos] = await values(
      sql`select count(*)::text as v from work_order_event e join work_order w on w.id = e.work_order_id join vendor v on v.id = w.vendor_id join "user" u on u.id = v.user_id where cardinality(e.photo_urls) > 0 and u.email = 'vendor@demo.dimora.example'`,
    );
    expect(Number(vendorPhotos)).toBeGreaterThan(0);
    // Nothing public, and a second run adds nothing.
    expect(
      await values(
        sql`select count(*)::text as v from document where kind = 'photo' and storage_key not like 'private/%' and owner_type in ('maintenance_request', 'work_order')`,
      ),
    ).toEqual(['0']);
    expect(await seedDemoRepairPhotos({ db: database.db, storage })).toEqual({ requests: 0, workOrders: 0, files: 0 });
  });
});
