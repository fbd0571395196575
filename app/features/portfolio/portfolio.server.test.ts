/**
 * The portfolio services (decision 015) against a real database: the buildings
 * list, a building's page, creating and editing buildings and units, bulk commands, the CSV
 * import's dry run and commit, the export, and the scoping rule — a property manager reaches
 * only their own buildings (anything else is "not found", and audited).
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findListings } from '~/features/listings/listings.server';
import type { Db } from '~/server/db/client.server';
import { auditLog, building, lease, property, unitImport, user } from '~/server/db/schema';
import { createApplication, createBuilding as makeBuilding, createProperty } from '../../../tests/setup/factories';
import { createTestDatabase, type TestDatabase } from '../../../tests/setup/test-db';
import { createBuilding, findBuildingDetail, listBuildings, recordDeniedPortfolioAccess, updateBuilding } from './buildings.server';
import { loadManagerPortfolio, loadPortfolioCharts } from './portfolio-overview.server';
import { parseBuildingListQuery } from './portfolio.schemas';
import { commitUnitImport, exportUnitsCsv, previewUnitImport } from './unit-import.server';
import { bulkUpdateUnits, createUnit, findUnitDetail, updateUnit } from './units.server';

let database: TestDatabase;
let db: Db;
const origin = { ip: '203.0.113.9', userAgent: 'vitest' };
const admin = { id: 'portfolio-admin', role: 'admin' as const };
const manager = { id: 'portfolio-manager', role: 'property_manager' as const };
const otherManager = { id: 'portfolio-manager-2', role: 'property_manager' as const };
const tenant = { id: 'portfolio-tenant', role: 'tenant' as const };

const unitForm = (overrides: Record<string, unknown> = {}) => ({
  unitNumber: '101',
  title: 'Corner one-bedroom',
  titleIt: 'Bilocale d’angolo',
  description: 'Bright corner home with two exposures.',
  descriptionIt: 'Casa d’angolo luminosa con doppia esposizione.',
  price: '1850',
  bedrooms: '1',
  bathrooms: '1',
  squareFeet: '720',
  maxOccupants: '2',
  propertyType: 'apartment',
  status: 'available',
  availableDate: '2027-01-15',
  listed: 'on',
  amenities: ['dishwasher', 'balcony'],
  ...overrides,
});

const buildingForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'The Linden Residences',
  streetAddress: '400 Congress Avenue',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  latitude: '',
  longitude: '',
  yearBuilt: '2014',
  amenities: ['gym', 'pool'],
  description: 'A mid-rise in downtown Austin.',
  descriptionIt: 'Un condominio nel centro di Austin.',
  managerId: manager.id,
  ...overrides,
});

async function auditsOf(action: string) {
  return db.select().from(auditLog).where(eq(auditLog.action, action));
}

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.insert(user).values([
    { id: admin.id, name: 'Ada Admin', email: 'ada@portfolio.test', role: 'admin' },
    { id: manager.id, name: 'Marco Manager', email: 'marco@portfolio.test', role: 'property_manager' },
    { id: otherManager.id, name: 'Olga Other', email: 'olga@portfolio.test', role: 'property_manager' },
    { id: tenant.id, name: 'Tina Tenant', email: 'tina@portfolio.test', role: 'tenant' },
  ]);
});

afterAll(async () => {
  await database?.close();
});

describe('buildings', () => {
  let mine: number;

  it('an admin creates a building; coordinates come from the ZIP code; it is audited', async () => {
    const outcome = await createBuilding({ db, actor: admin, origin, input: buildingForm() });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    mine = outcome.buildingId;
    const [row] = await db.select().from(building).where(eq(building.id, mine));
    expect(row).toMatchObject({
      name: 'The Linden Residences',
      state: 'TX',
      zipCode: '78701',
      // Decision 047: the form left the zone to the state.
      timeZone: 'America/Chicago',
      managerId: manager.id,
      yearBuilt: 2014,
      amenities: ['gym', 'pool'],
    });
    expect(row!.latitude).toBeCloseTo(30.27, 1);
    expect(row!.longitude).toBeCloseTo(-97.74, 1);
    const [audit] = await auditsOf('building_created');
    expect(audit).toMatchObject({ userId: admin.id, tableName: 'building' });
    expect(audit!.newValues).toMatchObject({ building_id: mine, manager_id: manager.id });
  });

  it('refuses invalid input field by field and writes nothing', async () => {
    const before = await db.select({ n: sql<number>`count(*)::int` }).from(building);
    const outcome = await createBuilding({
      db,
      actor: admin,
      origin,
      input: buildingForm({
        name: '',
        state: 'XX',
        zipCode: '7870',
        timeZone: 'Mars/Olympus_Mons',
        yearBuilt: '1492',
        latitude: '91',
        longitude: '',
        amenities: ['moat'],
      }),
    });
    expect(outcome).toMatchObject({ ok: false, reason: 'invalid' });
    const issues = (outcome as { issues: { issues: { path: string[]; message: string }[] } }).issues.issues;
    const fields = Object.fromEntries(issues.map((issue) => [issue.path[0], issue.message]));
    expect(fields).toMatchObject({
      name: 'common.form.required',
      state: 'portfolio.errors.state',
      timeZone: 'portfolio.errors.timeZone',
      zipCode: 'portfolio.errors.zip',
      yearBuilt: 'portfolio.errors.yearBuilt',
      latitude: 'portfolio.errors.latitude',
      amenities: 'portfolio.errors.amenity',
    });
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(building);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses a manager who is not a property manager, and a ZIP without coordinates', async () => {
    expect(await createBuilding({ db, actor: admin, origin, input: buildingForm({ managerId: tenant.id }) })).toMatchObject({
      ok: false,
      fields: { managerId: 'portfolio.errors.manager' },
    });
    expect(await createBuilding({ db, actor: admin, origin, input: buildingForm({ zipCode: '00000' }) })).toMatchObject({
      ok: false,
      fields: { latitude: 'portfolio.errors.coordinatesNeeded' },
    });
  });

  it('property managers and tenants cannot create buildings', async () => {
    expect(await createBuilding({ db, actor: manager, origin, input: buildingForm() })).toEqual({ ok: false, reason: 'forbidden' });
    expect(await createBuilding({ db, actor: tenant, origin, input: buildingForm() })).toEqual({ ok: false, reason: 'forbidden' });
  });

  /** `actor` saves building `mine` at 12 Oak Street, Dallas (with `fields` changed too). */
  const moveMineToDallas = (actor: Parameters<typeof updateBuilding>[0]['actor'], fields: Record<string, unknown> = {}) =>
    updateBuilding({
      db,
      actor,
      origin,
      buildingId: mine,
      input: buildingForm({ streetAddress: '12 Oak Street', city: 'Dallas', zipCode: '75201', ...fields }),
    });

  it('an edit of the address moves every unit with it; the manager may edit but not reassign', async () => {
    const unit = await createUnit({ db, actor: manager, origin, buildingId: mine, input: unitForm({ unitNumber: '2B' }) });
    expect(unit.ok).toBe(true);
    const outcome = await moveMineToDallas(manager, { managerId: otherManager.id });
    expect(outcome).toEqual({ ok: true, buildingId: mine, changed: true });
    const [row] = await db.select().from(building).where(eq(building.id, mine));
    expect(row!.managerId).toBe(manager.id);
    const units = await db.select().from(property).where(eq(property.buildingId, mine));
    for (const u of units) {
      expect(u.address).toBe(`12 Oak Street, Unit ${u.unitNumber}`);
      expect([u.city, u.zipCode]).toEqual(['Dallas', '75201']);
      expect(u.latitude).toBeCloseTo(32.78, 1);
    }
    const [audit] = await auditsOf('building_updated');
    expect((audit!.newValues as { fields: string[] }).fields).toEqual(expect.arrayContaining(['streetAddress', 'city', 'zipCode']));
    // Nothing changed: nothing written, nothing audited.
    const again = await moveMineToDallas(manager);
    expect(again).toEqual({ ok: true, buildingId: mine, changed: false });
    expect(await auditsOf('building_updated')).toHaveLength(1);
  });

  it('an admin reassigns the manager: the units follow, the change is audited', async () => {
    const outcome = await moveMineToDallas(admin, { managerId: otherManager.id });
    expect(outcome).toMatchObject({ ok: true, changed: true });
    const units = await db.select({ managerId: property.managerId }).from(property).where(eq(property.buildingId, mine));
    expect(units.every((u) => u.managerId === otherManager.id)).toBe(true);
    const [audit] = await auditsOf('building_manager_assigned');
    expect(audit!.newValues).toMatchObject({ building_id: mine, from: manager.id, to: otherManager.id });
    // The previous manager no longer reaches it.
    expect(await findBuildingDetail({ db, actor: manager, buildingId: mine })).toBeNull();
    expect(await updateBuilding({ db, actor: manager, origin, buildingId: mine, input: buildingForm() })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    await moveMineToDallas(admin, { managerId: manager.id });
  });

  it('takes the time zone chosen on the form, or the state’s when none is; an edit may change it (decision 047)', async () => {
    const honolulu = await createBuilding({
      db,
      actor: admin,
      origin,
      input: buildingForm({ state: 'HI', city: 'Honolulu', zipCode: '96813', latitude: '21.31', longitude: '-157.86' }),
    });
    const westTexas = await createBuilding({ db, actor: admin, origin, input: buildingForm({ timeZone: 'America/Denver' }) });
    if (!honolulu.ok || !westTexas.ok) throw new Error('not created');
    const zoneOf = async (id: number) => (await db.select({ zone: building.timeZone }).from(building).where(eq(building.id, id)))[0]?.zone;
    expect(await zoneOf(honolulu.buildingId)).toBe('Pacific/Honolulu');
    expect(await zoneOf(westTexas.buildingId)).toBe('America/Denver');
    expect(
      await updateBuilding({
        db,
        actor: admin,
        origin,
        buildingId: westTexas.buildingId,
        input: buildingForm({ timeZone: 'America/Chicago' }),
      }),
    ).toMatchObject({ ok: true, changed: true });
    expect(await zoneOf(westTexas.buildingId)).toBe('America/Chicago');
    const audit = (await auditsOf('building_updated')).find(
      (row) => (row.newValues as { building_id: number }).building_id === westTexas.buildingId,
    );
    expect((audit!.newValues as { fields: string[] }).fields).toEqual(['timeZone']);
    expect((await findBuildingDetail({ db, actor: admin, buildingId: honolulu.buildingId }))?.building.timeZone).toBe('Pacific/Honolulu');
  });
  it('keeps a building’s own late-fee rule, refuses a wrong one field by field, and goes back to the company’s (decision 048)', async () => {
    const own = {
      lateFeeMode: 'own',
      lateFeeGraceDays: '3',
      lateFeeKind: 'percent',
      lateFeeAmount: '0',
      lateFeePercent: '4,5',
      lateFeeCap: '100',
      lateFeeCapPercent: '0',
    };
    const created = await createBuilding({ db, actor: admin, origin, input: buildingForm(own) });
    if (!created.ok) throw new Error('not created');
    const ruleOf = async () => (await findBuildingDetail({ db, actor: admin, buildingId: created.buildingId }))?.building.lateFeeRule;
    expect(await ruleOf()).toEqual({
      graceDays: 3,
      kind: 'percent',
      frequency: 'once',
      amountCents: 0,
      percent: 4.5,
      capCents: 10_000,
      capPercent: 0,
    });
    // Saved again as it is: nothing changed (the stored JSON's key order does not count).
    expect(await updateBuilding({ db, actor: admin, origin, buildingId: created.buildingId, input: buildingForm(own) })).toMatchObject({
      ok: true,
      changed: false,
    });
    const wrong = await updateBuilding({
      db,
      actor: admin,
      origin,
      buildingId: created.buildingId,
      input: buildingForm({ ...own, lateFeeGraceDays: '40', lateFeeKind: 'daily', lateFeePercent: '75', lateFeeCap: 'lots' }),
    });
    expect(wrong).toMatchObject({ ok: false, reason: 'invalid' });
    const fields = Object.fromEntries(
      (wrong as { issues: { issues: { path: string[]; message: string }[] } }).issues.issues.map((issue) => [issue.path[0], issue.message]),
    );
    expect(fields).toEqual({
      lateFeeGraceDays: 'common.lateFee.errors.graceDays',
      lateFeeKind: 'common.lateFee.errors.kind',
      lateFeePercent: 'common.lateFee.errors.percent',
      lateFeeCap: 'common.lateFee.errors.amount',
    });
    expect(await ruleOf()).toMatchObject({ graceDays: 3 });
    // Decision 051: a daily rule needs a cap; an unknown frequency is refused.
    const daily = { ...own, lateFeeKind: 'flat', lateFeeAmount: '15', lateFeeFrequency: 'daily', lateFeeCap: '0', lateFeeCapPercent: '0' };
    const issuesOf = (answer: unknown) =>
      Object.fromEntries(
        (answer as { issues: { issues: { path: string[]; message: string }[] } }).issues.issues.map((i) => [i.path[0], i.message]),
      );
    const uncapped = await updateBuilding({ db, actor: admin, origin, buildingId: created.buildingId, input: buildingForm(daily) });
    expect(issuesOf(uncapped)).toEqual({ lateFeeCap: 'common.lateFee.errors.dailyCap' });
    const hourly = await updateBuilding({
      db,
      actor: admin,
      origin,
      buildingId: created.buildingId,
      input: buildingForm({ ...daily, lateFeeFrequency: 'hourly', lateFeeCapPercent: '10' }),
    });
    expect(issuesOf(hourly)).toEqual({ lateFeeFrequency: 'common.lateFee.errors.frequency' });
    expect(
      await updateBuilding({
        db,
        actor: admin,
        origin,
        buildingId: created.buildingId,
        input: buildingForm({ ...daily, lateFeeCapPercent: '10' }),
      }),
    ).toMatchObject({ ok: true, changed: true });
    expect(await ruleOf()).toEqual({
      graceDays: 3,
      kind: 'flat',
      frequency: 'daily',
      amountCents: 1_500,
      percent: 4.5,
      capCents: 0,
      capPercent: 10,
    });
    // The company's rule: the fields typed for an own rule are ignored.
    expect(
      await updateBuilding({
        db,
        actor: admin,
        origin,
        buildingId: created.buildingId,
        input: buildingForm({ ...own, lateFeeMode: 'company', lateFeeGraceDays: '99' }),
      }),
    ).toMatchObject({ ok: true, changed: true });
    expect(await ruleOf()).toBeNull();
  });
});

describe('the buildings list', () => {
  beforeAll(async () => {
    const seeded = [
      { name: 'Alder Court', city: 'Denver', state: 'CO', zipCode: '80202', managerId: manager.id },
      { name: 'Birch Flats', city: 'Boulder', state: 'CO', zipCode: '80302', managerId: otherManager.id },
      { name: 'Cedar 100% Lofts', city: 'Miami', state: 'FL', zipCode: '33131', managerId: null },
    ];
    for (const values of seeded) {
      const b = await makeBuilding(db, values);
      const statuses = values.name.startsWith('Alder')
        ? ['leased', 'leased', 'leased', 'available']
        : values.name.startsWith('Birch')
          ? ['leased', 'leased']
          : [];
      for (const status of statuses) await createProperty(db, { buildingId: b.id, status: status as 'leased' | 'available' });
    }
  });

  const list = (actor: typeof admin | typeof manager | typeof tenant, search: string) =>
    listBuildings({ db, actor, query: parseBuildingListQuery(new URLSearchParams(search)) });

  it('searches name, street and city in any letter case; % matches itself', async () => {
    expect((await list(admin, 'q=alder')).items.map((b) => b.name)).toEqual(['Alder Court']);
    expect((await list(admin, 'q=BOULDER')).items.map((b) => b.name)).toEqual(['Birch Flats']);
    expect((await list(admin, 'q=100%25')).items.map((b) => b.name)).toEqual(['Cedar 100% Lofts']);
    expect((await list(admin, 'q=%25')).items.map((b) => b.name)).toEqual(['Cedar 100% Lofts']);
  });

  it('filters by state, manager (or none) and occupancy, and sorts by occupancy', async () => {
    expect((await list(admin, 'state=CO')).items.map((b) => b.name)).toEqual(['Alder Court', 'Birch Flats']);
    expect((await list(admin, `manager=${otherManager.id}&state=CO`)).items.map((b) => b.name)).toEqual(['Birch Flats']);
    expect((await list(admin, 'manager=none')).items.map((b) => b.name)).toContain('Cedar 100% Lofts');
    expect((await list(admin, 'occupancy=low&state=CO')).items.map((b) => b.name)).toEqual(['Alder Court']);
    expect((await list(admin, 'occupancy=high&state=CO')).items.map((b) => b.name)).toEqual(['Birch Flats']);
    expect((await list(admin, 'occupancy=empty&state=FL')).items.map((b) => b.name)).toEqual(['Cedar 100% Lofts']);
    const byOccupancy = await list(admin, 'state=CO&sort=occupancy_desc');
    expect(byOccupancy.items.map((b) => [b.name, b.occupancy])).toEqual([
      ['Birch Flats', 1],
      ['Alder Court', 0.75],
    ]);
  });

  it('a property manager sees only their buildings, whatever the filters say; a tenant sees none', async () => {
    const names = (await list(manager, `manager=${otherManager.id}`)).items.map((b) => b.name);
    expect(names).toContain('Alder Court');
    expect(names).not.toContain('Birch Flats');
    expect(names).not.toContain('Cedar 100% Lofts');
    expect(await list(tenant, '')).toEqual({ items: [], total: 0, page: 1, pageCount: 1 });
  });

  it('clamps the page and ignores garbage in the query string', async () => {
    const page = await list(admin, 'page=999&sort=drop+table&occupancy=half&state=ZZ');
    expect(page.page).toBe(page.pageCount);
    expect(page.total).toBeGreaterThanOrEqual(4);
  });
});

describe('a building page', () => {
  it('lists the units with their current lease end and open applications', async () => {
    const home = await makeBuilding(db, { managerId: manager.id });
    const leased = await createProperty(db, { buildingId: home.id, unitNumber: '10', status: 'leased' });
    const open = await createProperty(db, { buildingId: home.id, unitNumber: '2', status: 'available' });
    await db.insert(lease).values({
      propertyId: leased.id,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      monthlyRentCents: 150_000,
      depositCents: 150_000,
      status: 'active',
    });
    await createApplication(db, { propertyId: open.id, status: 'submitted' });
    await createApplication(db, { propertyId: open.id, status: 'rejected' });
    const detail = await findBuildingDetail({ db, actor: manager, buildingId: home.id });
    expect(detail?.units.map((u) => [u.unitNumber, u.leaseEnd, u.openApplications])).toEqual([
      ['2', null, 1],
      ['10', '2026-12-31', 0],
    ]);
    expect(detail?.building).toMatchObject({ unitsTotal: 2, unitsLeased: 1, unitsAvailable: 1 });
    expect(await findBuildingDetail({ db, actor: otherManager, buildingId: home.id })).toBeNull();
    expect(await findBuildingDetail({ db, actor: tenant, buildingId: home.id })).toBeNull();
    expect(await findBuildingDetail({ db, actor: admin, buildingId: 2_147_483_647 })).toBeNull();
  });

  it('records a manager reaching for another manager’s building, not an unknown id', async () => {
    const theirs = await makeBuilding(db, { managerId: otherManager.id });
    await recordDeniedPortfolioAccess({ db, actor: manager, origin, buildingId: theirs.id });
    await recordDeniedPortfolioAccess({ db, actor: manager, origin, buildingId: 2_000_000_000 });
    const denied = await auditsOf('portfolio_access_denied');
    expect(denied).toHaveLength(1);
    expect(denied[0]).toMatchObject({
      userId: manager.id,
      tableName: 'building',
      newValues: expect.objectContaining({ building_id: theirs.id }),
    });
  });
});

describe('units', () => {
  let home: number;
  beforeAll(async () => {
    home = (await makeBuilding(db, { managerId: manager.id, name: 'Juniper Row', streetAddress: '77 Elm Road' })).id;
  });

  it('the manager creates a unit with the building’s address; a listed available unit reaches the public listing', async () => {
    const outcome = await createUnit({
      db,
      actor: manager,
      origin,
      buildingId: home,
      input: unitForm({ unitNumber: '4A', price: '2100' }),
    });
    expect(outcome).toMatchObject({ ok: true });
    if (!outcome.ok) return;
    const unit = await findUnitDetail({ db, actor: manager, buildingId: home, unitId: outcome.unitId });
    expect(unit).toMatchObject({
      unitNumber: '4A',
      price: 2100,
      listed: true,
      status: 'available',
      amenities: ['balcony', 'dishwasher'],
      bathrooms: 1,
    });
    const [row] = await db.select().from(property).where(eq(property.id, outcome.unitId));
    expect(row).toMatchObject({ address: '77 Elm Road, Unit 4A', city: 'Austin', managerId: manager.id });
    const found = await findListings({
      db,
      lang: 'en',
      query: { page: 1, sort: 'newest', location: 'Austin', minPrice: 2100, maxPrice: 2100 },
    });
    expect(found.items.map((item) => [item.id, item.buildingName])).toContainEqual([outcome.unitId, 'Juniper Row']);
    expect(await auditsOf('unit_created')).not.toHaveLength(0);
  });

  it('refuses a unit number the building already has, and bad values per field', async () => {
    expect(await createUnit({ db, actor: manager, origin, buildingId: home, input: unitForm({ unitNumber: '4A' }) })).toEqual({
      ok: false,
      reason: 'invalid',
      fields: { unitNumber: 'portfolio.errors.unitNumberTaken' },
    });
    const bad = await createUnit({
      db,
      actor: manager,
      origin,
      buildingId: home,
      input: unitForm({ unitNumber: '../x', price: '0', bathrooms: '1.3', propertyType: 'castle', availableDate: '2027-02-30' }),
    });
    const issues = (bad as { issues: { issues: { path: string[]; message: string }[] } }).issues.issues;
    expect(Object.fromEntries(issues.map((issue) => [issue.path[0], issue.message]))).toMatchObject({
      unitNumber: 'portfolio.errors.unitNumber',
      price: 'portfolio.errors.price',
      bathrooms: 'portfolio.errors.bathrooms',
      propertyType: 'portfolio.errors.propertyType',
      availableDate: 'portfolio.errors.date',
    });
  });

  it('another manager cannot create, read or edit units of this building', async () => {
    const [unit] = await db.select().from(property).where(eq(property.buildingId, home));
    expect(await createUnit({ db, actor: otherManager, origin, buildingId: home, input: unitForm({ unitNumber: '9Z' }) })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(await findUnitDetail({ db, actor: otherManager, buildingId: home, unitId: unit!.id })).toBeNull();
    expect(await updateUnit({ db, actor: otherManager, origin, buildingId: home, unitId: unit!.id, input: unitForm() })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    // The right unit through the wrong building is not found either.
    const elsewhere = await makeBuilding(db, { managerId: manager.id });
    expect(await findUnitDetail({ db, actor: manager, buildingId: elsewhere.id, unitId: unit!.id })).toBeNull();
  });

  it('edits a unit and audits the fields that changed; unlisting hides it from the public', async () => {
    const [unit] = await db
      .select()
      .from(property)
      .where(and(eq(property.buildingId, home), eq(property.unitNumber, '4A')));
    const outcome = await updateUnit({
      db,
      actor: manager,
      origin,
      buildingId: home,
      unitId: unit!.id,
      input: unitForm({ unitNumber: '4A', price: '2200', listed: '' }),
    });
    expect(outcome).toEqual({ ok: true, unitId: unit!.id, changed: true });
    const audits = await auditsOf('unit_updated');
    expect((audits.at(-1)!.newValues as { fields: string[] }).fields.sort()).toEqual(['listed', 'price']);
    const found = await findListings({
      db,
      lang: 'en',
      query: { page: 1, sort: 'newest', location: 'Austin', minPrice: 2200, maxPrice: 2200 },
    });
    expect(found.items.map((item) => item.id)).not.toContain(unit!.id);
  });

  it('bulk commands publish, unpublish and set a status in one audited step; a foreign id refuses the whole command', async () => {
    const a = await createProperty(db, { buildingId: home, listed: false, status: 'maintenance' });
    const b = await createProperty(db, { buildingId: home, listed: false, status: 'available' });
    /** The manager runs `command` on `unitIds` of their building. */
    const bulkAsManager = (unitIds: number[], command: Parameters<typeof bulkUpdateUnits>[0]['command']) =>
      bulkUpdateUnits({ db, actor: manager, origin, buildingId: home, unitIds, command });
    expect(await bulkAsManager([a.id, b.id], { intent: 'publish' })).toEqual({ ok: true, changed: 2 });
    expect(await bulkAsManager([a.id, b.id], { intent: 'set-status', status: 'available' })).toEqual({ ok: true, changed: 1 });
    const rows = await db
      .select({ listed: property.listed, status: property.status })
      .from(property)
      .where(sql`${property.id} in (${a.id}, ${b.id})`);
    expect(rows.every((row) => row.listed && row.status === 'available')).toBe(true);
    const [statusAudit] = await auditsOf('unit_status_changed');
    expect(statusAudit!.newValues).toMatchObject({ property_ids: [a.id], to: 'available' });

    const foreign = await createProperty(db, { managerId: otherManager.id });
    expect(await bulkAsManager([a.id, foreign.id], { intent: 'unpublish' })).toEqual({ ok: false, reason: 'not_found' });
    const [still] = await db.select({ listed: property.listed }).from(property).where(eq(property.id, a.id));
    expect(still!.listed).toBe(true);
    expect(await bulkAsManager([], { intent: 'publish' })).toMatchObject({ ok: false, reason: 'invalid' });
  });
});

describe('CSV import and export', () => {
  let home: number;
  const header = 'unit_number,title,description,price,bedrooms,bathrooms,square_feet,max_occupants,property_type,status,listed,amenities';
  beforeAll(async () => {
    home = (await makeBuilding(db, { managerId: manager.id, name: 'Import House', streetAddress: '5 Import Way' })).id;
    await createProperty(db, { buildingId: home, unitNumber: '1A', title: 'Old title' });
  });

  it('lists every row’s errors in the dry run and writes nothing', async () => {
    const csv = [
      header,
      '1A,Updated title,Fine description,1500,1,1,650,2,apartment,available,true,gym;pool',
      '2A,,Missing title,1500,1,1,650,2,apartment,available,true,',
      '3A,Bad price,Desc,-5,1,1,650,2,apartment,available,true,',
      '3A,Duplicate,Desc,1500,1,1,650,2,castle,available,maybe,spa',
    ].join('\n');
    const before = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(property)
      .where(eq(property.buildingId, home));
    const outcome = await previewUnitImport({ db, actor: manager, buildingId: home, fileName: 'units.csv', csv });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const { preview } = outcome;
    expect(preview.importId).toBeNull();
    expect(preview.counts).toEqual({ rows: 4, create: 3, update: 1, invalid: 3 });
    expect(preview.rows.map((row) => [row.line, row.action, row.errors])).toEqual([
      [2, 'update', {}],
      [3, 'create', { title: 'common.form.required' }],
      [4, 'create', { price: 'portfolio.errors.price' }],
      [
        5,
        'create',
        {
          propertyType: 'portfolio.errors.propertyType',
          listed: 'portfolio.errors.listed',
          amenities: 'portfolio.errors.amenity',
          unitNumber: 'portfolio.import.errors.duplicateUnit',
        },
      ],
    ]);
    const after = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(property)
      .where(eq(property.buildingId, home));
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(await db.select().from(unitImport).where(eq(unitImport.buildingId, home))).toHaveLength(0);
  });

  it('reports a broken header as a file error', async () => {
    const outcome = await previewUnitImport({ db, actor: manager, buildingId: home, fileName: 'x.csv', csv: 'unit,name\n1,a' });
    expect(outcome).toMatchObject({ ok: true, preview: { importId: null, fileErrors: ['portfolio.import.errors.missingColumns'] } });
  });

  it('commits a clean file once: creates and updates, then answers the same result again', async () => {
    const csv = [
      header,
      '1A,Updated title,Fine description,1500,1,1,650,2,apartment,available,true,gym;pool',
      '2B,New loft,Lofty,2500,2,2,1100,4,loft,available,false,',
    ].join('\n');
    const preview = await previewUnitImport({ db, actor: manager, buildingId: home, fileName: 'clean.csv', csv });
    const importId = preview.ok ? preview.preview.importId : null;
    expect(importId).toMatch(/^[0-9a-f-]{36}$/);
    expect(await commitUnitImport({ db, actor: otherManager, origin, importId: importId! })).toEqual({ ok: false, reason: 'not_found' });
    const first = await commitUnitImport({ db, actor: manager, origin, importId: importId! });
    expect(first).toEqual({ ok: true, result: { created: 1, updated: 1 }, alreadyCommitted: false });
    const again = await commitUnitImport({ db, actor: manager, origin, importId: importId! });
    expect(again).toEqual({ ok: true, result: { created: 1, updated: 1 }, alreadyCommitted: true });
    const units = await db.select().from(property).where(eq(property.buildingId, home));
    expect(units.map((u) => [u.unitNumber, u.title, u.address]).sort()).toEqual([
      ['1A', 'Updated title', '5 Import Way, Unit 1A'],
      ['2B', 'New loft', '5 Import Way, Unit 2B'],
    ]);
    const imports = await auditsOf('units_imported');
    expect(imports.at(-1)!.newValues).toMatchObject({ building_id: home, created: 1, updated: 1, file_name: 'clean.csv' });
    expect(await commitUnitImport({ db, actor: manager, origin, importId: randomUUID() })).toEqual({ ok: false, reason: 'not_found' });
  });

  it('exports the units in the import’s format, which imports back without changes', async () => {
    const exported = await exportUnitsCsv({ db, actor: manager, origin, buildingId: home });
    expect(exported?.fileName).toBe('import-house-units.csv');
    expect(exported?.csv.split('\n')[0]).toBe(
      'unit_number,title,title_it,description,description_it,price,bedrooms,bathrooms,square_feet,max_occupants,property_type,status,available_date,listed,amenities',
    );
    expect(exported?.csv).toContain('1A,Updated title,,Fine description,,1500,1,1,650,2,apartment,available,,true,gym;pool');
    const preview = await previewUnitImport({ db, actor: manager, buildingId: home, fileName: 'back.csv', csv: exported!.csv });
    expect(preview).toMatchObject({ ok: true, preview: { counts: { rows: 2, update: 2, create: 0, invalid: 0 } } });
    expect(await exportUnitsCsv({ db, actor: otherManager, origin, buildingId: home })).toBeNull();
  });

  it('an update changes only the columns the file has: a file of rents keeps each unit’s status, website flag, Italian text and amenities', async () => {
    const [unit] = await db
      .select()
      .from(property)
      .where(and(eq(property.buildingId, home), eq(property.unitNumber, '1A')));
    await db
      .update(property)
      .set({ status: 'leased', listed: false, titleIt: 'Titolo aggiornato', availableDate: '2027-03-01' })
      .where(eq(property.id, unit!.id));
    const required = 'unit_number,title,description,price,bedrooms,bathrooms,square_feet,max_occupants,property_type';
    const csv = [required, '1A,Updated title,Fine description,1725,1,1,650,2,apartment'].join('\n');
    const preview = await previewUnitImport({ db, actor: manager, buildingId: home, fileName: 'rents.csv', csv });
    const importId = preview.ok ? preview.preview.importId : null;
    expect(await commitUnitImport({ db, actor: manager, origin, importId: importId! })).toMatchObject({
      ok: true,
      result: { created: 0, updated: 1 },
    });
    const [after] = await db.select().from(property).where(eq(property.id, unit!.id));
    expect([after!.price, after!.status, after!.listed, after!.titleIt, after!.availableDate, after!.amenities]).toEqual([
      1725,
      'leased',
      false,
      'Titolo aggiornato',
      '2027-03-01',
      unit!.amenities,
    ]);
  });
});

describe('CSV export of text that starts like a formula', () => {
  const TITLES = [
    '=HYPERLINK("http://evil.example","Rent")',
    "+cmd|' /C calc'!A0",
    '-2+3',
    '@SUM(1,2)',
    '\t=1+1',
    '\r=1+1',
    "'=already quoted",
  ];

  it('writes each such title and description with a leading quote, and the file imports back unchanged', async () => {
    const home = (await makeBuilding(db, { managerId: manager.id, name: 'Formula House', streetAddress: '9 Formula Way' })).id;
    for (const [index, title] of TITLES.entries()) {
      await createProperty(db, {
        buildingId: home,
        unitNumber: `F${index + 1}`,
        title,
        description: `@note ${index}`,
        price: 1500 + index,
      });
    }
    const exported = await exportUnitsCsv({ db, actor: manager, origin, buildingId: home });
    const rows = parse(exported!.csv, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => row.title)).toEqual(TITLES.map((title) => `'${title}`));
    expect(rows.map((row) => row.description)).toEqual(TITLES.map((_, index) => `'@note ${index}`));
    expect(rows.map((row) => row.price)).toEqual(TITLES.map((_, index) => String(1500 + index)));

    const preview = await previewUnitImport({ db, actor: manager, buildingId: home, fileName: 'back.csv', csv: exported!.csv });
    expect(preview).toMatchObject({ ok: true, preview: { counts: { rows: TITLES.length, update: TITLES.length, create: 0, invalid: 0 } } });
    const importId = preview.ok ? preview.preview.importId : null;
    expect(await commitUnitImport({ db, actor: manager, origin, importId: importId! })).toMatchObject({ ok: true });
    const units = await db
      .select({ unitNumber: property.unitNumber, title: property.title, description: property.description })
      .from(property)
      .where(eq(property.buildingId, home));
    // The unit rules trim a title as the form does, so a leading tab or carriage return goes.
    expect(units.sort((a, b) => a.unitNumber.localeCompare(b.unitNumber))).toEqual(
      TITLES.map((title, index) => ({ unitNumber: `F${index + 1}`, title: title.trim(), description: `@note ${index}` })),
    );
  });
});

describe('portfolio summaries', () => {
  it('a manager’s dashboard totals their buildings only', async () => {
    const portfolio = await loadManagerPortfolio({ db, actor: otherManager });
    const own = await db.select().from(building).where(eq(building.managerId, otherManager.id));
    expect(portfolio.totals.buildings).toBe(own.length);
    expect(portfolio.totals.units).toBe(own.reduce((sum, b) => sum + b.unitsTotal, 0));
    expect(portfolio.buildings.every((b) => own.some((o) => o.id === b.id))).toBe(true);
    expect(await loadManagerPortfolio({ db, actor: admin })).toMatchObject({ buildings: [], totals: { buildings: 0 } });
  });

  it('the admin charts sum the counters by state and count applications per week', async () => {
    const charts = await loadPortfolioCharts({ db, actor: admin, now: new Date() });
    const [counts] = await db.select({ units: sql<number>`count(*)::int` }).from(property);
    expect(charts?.totals.units).toBe(counts!.units);
    expect(charts?.byState.find((row) => row.state === 'CO')).toMatchObject({ units: 6, leased: 5, available: 1 });
    expect(charts?.applicationsPerWeek).toHaveLength(12);
    expect(charts?.applicationsPerWeek.at(-1)?.applications).toBeGreaterThanOrEqual(2);
    expect(await loadPortfolioCharts({ db, actor: manager })).toBeNull();
  });
});
