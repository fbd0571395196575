/**
 * The portfolio pages through their route modules, with real sessions: who reaches which page
 * (admins everything under /admin/properties; a property manager their own buildings under
 * /dashboard/buildings, anything else 404 and audited; others redirected), the answers of the
 * actions (303 for a plain post, data for an enhanced one, 422 with translated field errors, 400
 * for an unknown intent, 404 that changes nothing), the CSV import over multipart and the export.
 */
import { parse } from 'csv-parse/sync';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as managerBuilding from '~/routes/staff/properties.$buildingId';
import * as managerUnit from '~/routes/staff/properties.$buildingId.units.$unitId';
import * as managerCsv from '~/routes/staff/properties.$buildingId.units.csv';
import * as adminBuilding from '~/routes/staff/properties.$buildingId';
import * as adminProperties from '~/routes/staff/properties';
import * as adminUnit from '~/routes/staff/properties.$buildingId.units.$unitId';
import { auditLog, building, property } from '~/server/db/schema';
import type { DimoraLoadContext } from '~/server/load-context';
import { answerOf, settle } from '../../../tests/setup/action-result';
import { createBuilding, createProperty } from '../../../tests/setup/factories';
import { createTestDatabase, testContext, type TestDatabase } from '../../../tests/setup/test-db';
import { createSignedInUser } from '../../../tests/setup/sign-in';

let database: TestDatabase;
let context: DimoraLoadContext;
const cookies = new Map<string, string>();
const ids = new Map<string, string>();
let mine: number;
let theirs: number;
let myUnit: number;

async function signedIn(key: string, role: 'admin' | 'property_manager' | 'tenant') {
  const user = await createSignedInUser(context, { email: `${key}@portfolio-routes.test`, role, name: key });
  cookies.set(key, user.cookie);
  ids.set(key, user.id);
}

function request(who: string | null, path: string, init: RequestInit = {}): Request {
  const headers = new Headers(init.headers);
  // A test that passes its own cookie header (e.g. with `language=it`) keeps it.
  if (who && !headers.has('cookie')) headers.set('cookie', cookies.get(who)!);
  return new Request(`http://dimora.test${path}`, { ...init, headers });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);

beforeAll(async () => {
  database = await createTestDatabase();
  context = testContext(database);
  await signedIn('admin', 'admin');
  await signedIn('manager', 'property_manager');
  await signedIn('other', 'property_manager');
  await signedIn('tenant', 'tenant');
  mine = (await createBuilding(database.db, { managerId: ids.get('manager')!, name: 'Mine Court' })).id;
  theirs = (await createBuilding(database.db, { managerId: ids.get('other')!, name: 'Theirs Court' })).id;
  myUnit = (await createProperty(database.db, { buildingId: mine, unitNumber: '1A' })).id;
});

afterAll(async () => {
  await database?.close();
});

describe('who reaches the portfolio pages', () => {
  it('an admin opens the list and any building; a manager and a tenant are sent home from /admin/properties', async () => {
    const list = (await adminProperties.loader({
      request: request('admin', '/admin/properties?q=court'),
      params: {},
      context,
    } as never)) as Awaited<ReturnType<typeof adminProperties.loader>>;
    expect(list.list.items.map((item) => item.name).sort()).toEqual(['Mine Court', 'Theirs Court']);
    const page = (await adminBuilding.loader({
      request: request('admin', `/admin/properties/${theirs}`),
      params: { buildingId: String(theirs) },
      context,
    } as never)) as Awaited<ReturnType<typeof adminBuilding.loader>>;
    expect(page.detail?.building.name).toBe('Theirs Court');
    for (const who of ['manager', 'tenant']) {
      const refused = await settle(() =>
        adminBuilding.loader({
          request: request(who, `/admin/properties/${mine}`),
          params: { buildingId: String(mine) },
          context,
        } as never),
      );
      expect((refused as Response).headers.get('location')).toBe('/');
    }
    const anonymous = await settle(() =>
      adminProperties.loader({ request: request(null, '/admin/properties'), params: {}, context } as never),
    );
    expect((anonymous as Response).headers.get('location')).toBe('/auth?redirectTo=%2Fadmin%2Fproperties');
  });

  it('a manager opens their building, gets a 404 for another manager’s (audited) and for garbage ids', async () => {
    const page = (await managerBuilding.loader({
      request: request('manager', `/dashboard/buildings/${mine}`),
      params: { buildingId: String(mine) },
      context,
    } as never)) as Awaited<ReturnType<typeof managerBuilding.loader>>;
    expect(page.detail?.units.map((unit) => unit.unitNumber)).toEqual(['1A']);
    expect(page.managers).toEqual([]);
    const foreign = await settle(() =>
      managerBuilding.loader({
        request: request('manager', `/dashboard/buildings/${theirs}`),
        params: { buildingId: String(theirs) },
        context,
      } as never),
    );
    expect(foreign).toMatchObject({ init: { status: 404 } });
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'portfolio_access_denied'), eq(auditLog.userId, ids.get('manager')!)));
    expect(audit?.newValues).toMatchObject({ building_id: theirs });
    for (const garbage of ['new', '0', '99999999999', 'abc']) {
      const answer = await settle(() =>
        managerBuilding.loader({
          request: request('manager', `/dashboard/buildings/${garbage}`),
          params: { buildingId: garbage },
          context,
        } as never),
      );
      expect(answer, garbage).toMatchObject({ init: { status: 404 } });
    }
    const unit = await settle(() =>
      managerUnit.loader({
        request: request('manager', `/dashboard/buildings/${theirs}/units/new`),
        params: { buildingId: String(theirs), unitId: 'new' },
        context,
      } as never),
    );
    expect(unit).toMatchObject({ init: { status: 404 } });
  });
});

describe('portfolio actions', () => {
  it('an admin creates a building: 303 to its page; invalid input answers 422 with translated errors and the values', async () => {
    const created = await settle(() =>
      adminBuilding.action({
        request: request('admin', '/admin/properties/new', {
          method: 'POST',
          body: form({
            intent: 'create-building',
            name: 'New Court',
            streetAddress: '9 New Way',
            city: 'Austin',
            state: 'TX',
            zipCode: '78701',
            managerId: ids.get('manager')!,
          }),
        }),
        params: { buildingId: 'new' },
        context,
      } as never),
    );
    expect((created as Response).status).toBe(303);
    expect((created as Response).headers.get('location')).toMatch(/^\/admin\/properties\/\d+\?done=created$/);

    const invalid = answerOf(
      await adminBuilding.action({
        request: request('admin', '/admin/properties/new', {
          method: 'POST',
          body: form({ intent: 'create-building', name: '', streetAddress: '9 New Way', city: 'Austin', state: 'TX', zipCode: 'abc' }),
          headers: { cookie: `${cookies.get('admin')}; language=it` },
        }),
        params: { buildingId: 'new' },
        context,
      } as never),
    );
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toMatchObject({ name: 'Campo obbligatorio', zipCode: 'Inserisci un CAP di 5 cifre' });
    expect(invalid.body.values).toMatchObject({ zipCode: 'abc', streetAddress: '9 New Way' });
  });

  it('another manager’s building refuses every command with a 404 and changes nothing', async () => {
    const before = await database.db.select().from(building).where(eq(building.id, mine));
    const commands: Record<string, string>[] = [
      { intent: 'update-building', name: 'Hijacked', streetAddress: 'x', city: 'x', state: 'TX', zipCode: '78701' },
      { intent: 'bulk-units', bulk: 'unpublish', unitIds: String(myUnit) },
    ];
    for (const fields of commands) {
      const answer = answerOf(
        await managerBuilding.action({
          request: request('other', `/dashboard/buildings/${mine}`, { method: 'POST', body: form(fields) }),
          params: { buildingId: String(mine) },
          context,
        } as never),
      );
      expect(answer.status, fields.intent).toBe(404);
    }
    const unitAnswer = answerOf(
      await managerUnit.action({
        request: request('other', `/dashboard/buildings/${mine}/units/${myUnit}`, {
          method: 'POST',
          body: form({ intent: 'update-unit', unitNumber: '1A', title: 'Hijacked' }),
        }),
        params: { buildingId: String(mine), unitId: String(myUnit) },
        context,
      } as never),
    );
    expect(unitAnswer.status).toBe(404);
    expect(await database.db.select().from(building).where(eq(building.id, mine))).toEqual(before);
    const [unit] = await database.db
      .select({ title: property.title, listed: property.listed })
      .from(property)
      .where(eq(property.id, myUnit));
    expect(unit).toEqual({ title: expect.not.stringContaining('Hijacked'), listed: true });
  });

  it('the manager’s bulk command answers data (enhanced) or a 303 back to the units (plain post); an unknown intent is a 400', async () => {
    const enhanced = answerOf(
      await managerBuilding.action({
        request: request('manager', `/dashboard/buildings/${mine}`, {
          method: 'POST',
          body: form({ intent: 'bulk-units', bulk: 'unpublish', unitIds: String(myUnit) }),
        }),
        params: { buildingId: String(mine) },
        context,
      } as never),
    );
    expect(enhanced.status).toBe(200);
    expect(enhanced.body).toMatchObject({ ok: true, intent: 'bulk-units', count: 1 });
    const plain = (await managerBuilding.action({
      request: request('manager', `/dashboard/buildings/${mine}`, {
        method: 'POST',
        body: form({ intent: 'bulk-units', bulk: 'publish', unitIds: String(myUnit) }),
        headers: { 'sec-fetch-mode': 'navigate', cookie: cookies.get('manager')! },
      }),
      params: { buildingId: String(mine) },
      context,
    } as never)) as Response;
    expect(plain.status).toBe(303);
    expect(plain.headers.get('location')).toBe(`/dashboard/buildings/${mine}?done=bulk`);
    const unknown = answerOf(
      await managerBuilding.action({
        request: request('manager', `/dashboard/buildings/${mine}`, { method: 'POST', body: form({ intent: 'demolish' }) }),
        params: { buildingId: String(mine) },
        context,
      } as never),
    );
    expect(unknown.status).toBe(400);
  });

  it('creates a unit through the unit page: 303 to its edit page', async () => {
    const answer = (await settle(() =>
      adminUnit.action({
        request: request('admin', `/admin/properties/${mine}/units/new`, {
          method: 'POST',
          body: form({
            intent: 'create-unit',
            unitNumber: '2B',
            title: 'Two B',
            description: 'A unit.',
            price: '1400',
            bedrooms: '1',
            bathrooms: '1',
            squareFeet: '600',
            maxOccupants: '2',
            propertyType: 'apartment',
          }),
        }),
        params: { buildingId: String(mine), unitId: 'new' },
        context,
      } as never),
    )) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toMatch(new RegExp(`^/admin/properties/${mine}/units/\\d+\\?done=created$`));
  });

  it('imports a CSV over multipart: a dry run with errors answers 422 with the rows, a clean one an import id to commit', async () => {
    const post = (csv: string) => {
      const body = new FormData();
      body.set('intent', 'import-preview');
      body.set('file', new File([csv], 'units.csv', { type: 'text/csv' }));
      return managerBuilding.action({
        request: request('manager', `/dashboard/buildings/${mine}`, { method: 'POST', body }),
        params: { buildingId: String(mine) },
        context,
      } as never);
    };
    const header = 'unit_number,title,description,price,bedrooms,bathrooms,square_feet,max_occupants,property_type';
    const bad = answerOf(await post(`${header}\n3C,,Desc,1000,1,1,500,2,apartment`));
    expect(bad.status).toBe(422);
    expect(bad.body).toMatchObject({ ok: true, intent: 'import-preview', preview: { importId: null, counts: { invalid: 1 } } });
    const good = answerOf(await post(`${header}\n3C,Three C,Desc,1000,1,1,500,2,apartment`));
    expect(good.status).toBe(200);
    const importId = (good.body as unknown as { preview: { importId: string } }).preview.importId;
    const committed = answerOf(
      await managerBuilding.action({
        request: request('manager', `/dashboard/buildings/${mine}`, { method: 'POST', body: form({ intent: 'import-commit', importId }) }),
        params: { buildingId: String(mine) },
        context,
      } as never),
    );
    expect(committed.body).toMatchObject({ ok: true, intent: 'import-commit', result: { created: 1, updated: 0 } });
    const empty = new FormData();
    empty.set('intent', 'import-preview');
    const noFile = answerOf(
      await managerBuilding.action({
        request: request('manager', `/dashboard/buildings/${mine}`, { method: 'POST', body: empty }),
        params: { buildingId: String(mine) },
        context,
      } as never),
    );
    expect(noFile.status).toBe(422);
    expect(noFile.body.errors).toEqual({ file: 'Choose a CSV file' });
  });

  it('exports the units as a CSV download, only for the building’s staff', async () => {
    const response = (await managerCsv.loader({
      request: request('manager', `/dashboard/buildings/${mine}/units.csv`),
      params: { buildingId: String(mine) },
      context,
    } as never)) as Response;
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="mine-court-units.csv"; filename*=UTF-8''mine-court-units.csv`,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const text = await response.text();
    expect(text.split('\n').filter(Boolean)).toHaveLength(1 + 3);
    const foreign = await settle(() =>
      managerCsv.loader({
        request: request('other', `/dashboard/buildings/${mine}/units.csv`),
        params: { buildingId: String(mine) },
        context,
      } as never),
    );
    expect(foreign).toMatchObject({ init: { status: 404 } });
  });

  it('the units CSV, on /admin and /dashboard, writes each title that starts like a formula with a leading quote', async () => {
    const titles = ['=HYPERLINK("http://evil.example","x")', "+cmd|' /C calc'!A0", '-2+3', '@SUM(1,2)', '\t=1+1', '\r=1+1'];
    const formula = (await createBuilding(database.db, { managerId: ids.get('manager')!, name: 'Formula Court' })).id;
    for (const [index, title] of titles.entries()) {
      await createProperty(database.db, { buildingId: formula, unitNumber: `${index + 1}F`, title });
    }
    for (const [who, path] of [
      ['admin', `/admin/properties/${formula}/units.csv`],
      ['manager', `/dashboard/buildings/${formula}/units.csv`],
    ] as const) {
      const response = (await managerCsv.loader({
        request: request(who, path),
        params: { buildingId: String(formula) },
        context,
      } as never)) as Response;
      expect(response.status).toBe(200);
      const rows = parse(await response.text(), { columns: true }) as Record<string, string>[];
      expect(rows.map((row) => row.title)).toEqual(titles.map((title) => `'${title}`));
    }
  });
});
