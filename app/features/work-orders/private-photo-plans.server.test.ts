/**
 * Query plans of `/files/<key>` (decision 056): every request for a private photo looks up its
 * `document` row by the largest variant's storage key and checks the viewer's scope on the
 * request or work order it belongs to. At 20,000 photos, each statement of that lookup reads an
 * index — `document_storage_key_idx` for the photo, primary keys for its owner — for every role,
 * so the cost of a photo does not grow with how many photos there are (DESIGN §6).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScopeActor } from '~/server/auth/building-scope.server';
import { createStatementRecorder, explainText } from '../../../tests/setup/query-plans';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { findPrivatePhoto } from './photo-access.server';

const PHOTOS = 20_000;

describe(`private photo lookup plans at ${PHOTOS.toLocaleString('en-US')} photos`, () => {
  let database: TestDatabase;
  const recorder = createStatementRecorder();
  /** A request's photo key (owner `maintenance_request`) and a work order's (owner `work_order`). */
  let requestKey = '';
  let orderKey = '';

  beforeAll(async () => {
    database = await createTestDatabase({ onQuery: recorder.onQuery });
    const db = database.db;
    await db.execute(sql`
      insert into "user" (id, name, email, role) values
        ('plan-admin', 'Admin', 'admin@plans.test', 'admin'),
        ('plan-manager', 'Manager', 'manager@plans.test', 'property_manager'),
        ('plan-tenant', 'Tenant', 'tenant@plans.test', 'tenant'),
        ('plan-vendor', 'Vendor', 'vendor@plans.test', 'vendor')`);
    await db.execute(
      sql`insert into vendor (user_id, company_name, contact_name, email, status) values ('plan-vendor', 'Plan Vendor', 'C', 'v@plans.test', 'approved')`,
    );
    await db.execute(sql`
      insert into building (name, street_address, city, state, zip_code, manager_id)
      select 'Plan Building ' || g, g || ' Plan Street', 'Austin', 'TX', '78701', case when g % 2 = 0 then 'plan-manager' end from generate_series(1, 40) g`);
    await db.execute(sql`
      insert into property (building_id, unit_number, title, description, price, address, city, state, zip_code, bedrooms, bathrooms, square_feet, property_type)
      select (select min(id) from building) + (g % 40), 'U' || g, 'Plan unit ' || g, 'x', 1000, g || ' Plan Street', 'Austin', 'TX', '78701', 1, 1, 500, 'apartment'
      from generate_series(1, 400) g`);
    await db.execute(sql`
      insert into maintenance_request (property_id, building_id, tenant_id, category, priority, status, title, description, sla_due_at, client_id)
      select p.id, p.building_id, 'plan-tenant', 'plumbing', 'routine', 'triaged', 'Leak ' || g, 'x', now(), 'plan-' || g
      from generate_series(1, ${PHOTOS / 2}) g join property p on p.unit_number = 'U' || (1 + g % 400)`);
    await db.execute(sql`
      insert into work_order (vendor_id, maintenance_request_id, building_id, status)
      select (select min(id) from vendor), r.id, r.building_id, 'completed' from maintenance_request r where r.id % 5 = 0`);
    // One photo per request and one per work order (and more requests' photos), keys as uploads make them.
    await db.execute(sql`
      insert into document (owner_type, owner_id, kind, storage_key, url, mime, size_bytes, sha256, created_by)
      select 'maintenance_request', r.id::text, 'photo', k.key, '/files/' || k.key, 'image/jpeg', 1000, md5(k.key), 'plan-tenant'
      from maintenance_request r, lateral (select 'private/photos/' || substr(md5(r.id::text), 1, 2) || '/' || md5('r' || r.id) || '-1200.webp' as key) k`);
    await db.execute(sql`
      insert into document (owner_type, owner_id, kind, storage_key, url, mime, size_bytes, sha256, created_by)
      select 'work_order', w.id::text, 'photo', k.key, '/files/' || k.key, 'image/jpeg', 1000, md5(k.key), 'plan-vendor'
      from work_order w, lateral (select 'private/photos/' || substr(md5(w.id::text), 1, 2) || '/' || md5('w' || w.id) || '-1200.webp' as key) k`);
    await db.execute(sql`
      insert into document (owner_type, owner_id, kind, storage_key, url, mime, size_bytes, sha256, created_by)
      select 'maintenance_request', r.id::text, 'photo', k.key, '/files/' || k.key, 'image/jpeg', 1000, md5(k.key), 'plan-tenant'
      from maintenance_request r, lateral (select 'private/photos/' || substr(md5(r.id::text), 1, 2) || '/' || md5('x' || r.id) || '-1200.webp' as key) k
      where r.id % 5 <> 0`);
    for (const table of ['building', 'property', 'maintenance_request', 'work_order', 'document'])
      await db.execute(sql.raw(`ANALYZE ${table}`));
    const keys = (await db.execute(sql`
      select (select storage_key from document d join maintenance_request r on r.id::text = d.owner_id
               join building b on b.id = r.building_id
              where d.owner_type = 'maintenance_request' and b.manager_id = 'plan-manager' and r.id % 5 = 0 order by d.id limit 1) as request_key,
             (select storage_key from document d join work_order w on w.id::text = d.owner_id
               join building b on b.id = w.building_id
              where d.owner_type = 'work_order' and b.manager_id = 'plan-manager' order by d.id limit 1) as order_key`)) as unknown as {
      rows: { request_key: string; order_key: string }[];
    };
    requestKey = keys.rows[0]!.request_key;
    orderKey = keys.rows[0]!.order_key;
    const [count] = ((await db.execute(sql`select count(*)::int as n from document`)) as unknown as { rows: { n: number }[] }).rows;
    expect(count!.n).toBeGreaterThanOrEqual(PHOTOS);
  }, 180_000);

  afterAll(async () => {
    await database?.close();
  });

  const viewers: [string, ScopeActor][] = [
    ['an admin', { id: 'plan-admin', role: 'admin' }],
    ['the building’s manager', { id: 'plan-manager', role: 'property_manager' }],
    ['the tenant', { id: 'plan-tenant', role: 'tenant' }],
    ['the vendor', { id: 'plan-vendor', role: 'vendor' }],
  ];

  it.each(viewers)('%s: the photo by its key index, its owner by primary key, no Seq Scan', async (_name, viewer) => {
    for (const [key, owner] of [
      [requestKey, 'maintenance_request'],
      [orderKey, 'work_order'],
    ] as const) {
      let answer: Awaited<ReturnType<typeof findPrivatePhoto>> | undefined;
      const statements = await recorder.capture(
        async () => (answer = await findPrivatePhoto(database.db, viewer, key.replace('-1200.', '-400.'))),
      );
      // The tenant has no say over a work order's photos; everyone else sees both.
      expect(answer?.ok, `${owner} photo`).toBe(!(viewer.role === 'tenant' && owner === 'work_order'));
      expect(statements.length).toBeGreaterThanOrEqual(2);
      const [lookup, ...scope] = await Promise.all(statements.map((statement) => explainText(database.db, statement)));
      expect(lookup, lookup).toMatch(/document_storage_key_idx/);
      for (const plan of [lookup!, ...scope]) expect(plan, plan).not.toMatch(/Seq Scan on (document|maintenance_request|work_order)\b/);
      // (A tenant never sees a work order's photos: that check reads nothing at all.)
      for (const plan of scope) expect(plan, plan).toMatch(/(maintenance_request|work_order)_pkey|One-Time Filter: false/);
    }
  });
});
